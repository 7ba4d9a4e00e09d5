# SPDX-License-Identifier: MIT
"""The Python module's build (pyproject.toml): the CMake project builds glrand._glrand on the
static library for the Python that runs this, and setuptools packages it with
host/python/glrand/.

Environment: GLRAND_BUILD_DIR, a CMake build directory to build in (default: one under
setuptools' build directory); GLRAND_CMAKE_ARGS, more arguments for CMake's configure step
(e.g. -DGLRAND_CUDA=OFF).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# setuptools' own build files, its egg-info among them, in the ignored build/ directory.
SETUPTOOLS_DIR = "build/setuptools"
(ROOT / SETUPTOOLS_DIR).mkdir(parents=True, exist_ok=True)


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(glrand VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Builds the extension with the project's CMake instead of setuptools' compiler calls."""

    def build_extension(self, ext):
        build_dir = Path(os.environ.get("GLRAND_BUILD_DIR") or Path(self.build_temp).resolve() / "cmake")
        if not (build_dir / "CMakeCache.txt").exists():
            # A new build directory: the library and the module only. An existing one (the
            # project's own build, say) keeps its settings.
            configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                         "-DGLRAND_BUILD_TESTS=OFF", "-DGLRAND_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            configure += shlex.split(os.environ.get("GLRAND_CMAKE_ARGS", ""))
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "glrand_python", "--parallel",
                        str(os.cpu_count() or 1)], check=True)
        built = sorted((build_dir / "python" / "glrand").glob("_glrand*.so"))
        if not built:
            raise RuntimeError(f"the CMake build made no glrand/_glrand*.so in {build_dir}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=project_version(),
    packages=["glrand"],
    package_dir={"glrand": "host/python/glrand"},
    ext_modules=[Extension("glrand._glrand", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": SETUPTOOLS_DIR}, "egg_info": {"egg_base": SETUPTOOLS_DIR}},
    zip_safe=False,
)

# SPDX-License-Identifier: MIT
"""`pip install --no-build-isolation .` from a copy of the repository into a virtual
environment (with the system's NumPy and setuptools: no package index), then the installed
module gives the published values. The copy and the environment live in the test's
temporary directory; the module is built without the CUDA path to keep this short."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import glrand, numpy, sys
assert glrand.__file__.startswith(sys.prefix), glrand.__file__
# Park and Miller 1988, ISO C++'s minstd_rand0: z_10000 from z_0 = 1 is 1043618065.
z = glrand.generate("pm", 1, path="cpu", dtype=numpy.uint32, seed=[1], offset=9_999)
assert z[0] == 1043618065, z
rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a", path="cpu"))
assert rng.random() == glrand.generate("mrg32k3a", 1, path="cpu", dtype=numpy.float64)[0]
print(glrand.__version__)
"""


def source_files():
    """The repository's files: git's tracked and untracked-but-not-ignored ones."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


def test_pip_install_from_the_repository(tmp_path):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the repository's git checkout to copy")
    tree = tmp_path / "glrand"
    for name in source_files():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = dict(os.environ, GLRAND_CMAKE_ARGS="-DGLRAND_CUDA=OFF", PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_CACHE_DIR="1")
    env.pop("PYTHONPATH", None)  # the installed module, not the build tree's
    env.pop("GLRAND_BUILD_DIR", None)  # setuptools' own build directory, inside the copy
    subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--quiet", str(tree)],
                   check=True, env=env, cwd=tmp_path)
    done = subprocess.run([str(python), "-c", CHECK], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().count(".") == 2

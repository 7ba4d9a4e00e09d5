# SPDX-License-Identifier: MIT
"""What the Python module's tests share: the paths this machine has, the published check
values of tests/kat/, and CTest's skip status for a run whose every test was skipped."""
from pathlib import Path

import numpy
import pytest

import glrand

KAT_DIR = Path(__file__).resolve().parents[1] / "kat"


def pytest_addoption(parser):
    parser.addoption("--skipped-status", type=int, default=None,
                     help="exit with this status when every test was skipped (CTest's SKIP_RETURN_CODE)")


_outcomes = {"passed": 0, "skipped": 0}


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs an NVIDIA GPU (the CUDA path)")
    # Where there is no GPU, every GL call says so; the tests know.
    config.addinivalue_line("filterwarnings", "ignore:glrand. no GPU found:RuntimeWarning")


def pytest_runtest_logreport(report):
    if report.when == "call" or report.skipped:
        _outcomes[report.outcome] = _outcomes.get(report.outcome, 0) + 1


def pytest_sessionfinish(session, exitstatus):
    status = session.config.getoption("--skipped-status")
    if status is not None and exitstatus == 0 and _outcomes["skipped"] and not _outcomes["passed"]:
        session.exitstatus = status


def cuda_reason():
    available, reason = glrand._glrand.cuda_status()
    return None if available else f"no usable CUDA device: {reason}"


def has_gl():
    return any(d.path == "gl" for d in glrand.devices())


def gl_generators():
    return [g.name for g in glrand.generators() if g.has_gl_path]


def all_generators():
    return [g.name for g in glrand.generators()]


# The paths other than the CPU reference, as pytest parameters: the GL path in each profile
# (Mesa's llvmpipe where there is no GPU), the CUDA path where there is an NVIDIA GPU.
GPU_PATHS = [
    pytest.param(("gl", "ps30"), id="gl-ps30"),
    pytest.param(("gl", "scatter"), id="gl-scatter"),
    pytest.param(("gl", "compute"), id="gl-compute"),
    pytest.param(("cuda", None), id="cuda", marks=pytest.mark.gpu),
]


def skip_unless_available(path, generator):
    if path == "cuda":
        reason = cuda_reason()
        if reason:
            pytest.skip(reason)
    elif path == "gl":
        if not has_gl():
            pytest.skip("no EGL device, not even Mesa's software renderer")
        if generator not in gl_generators():
            pytest.skip(f"-g {generator} has no GL path")


def kat_records(name):
    """tests/kat/NAME.txt's records as dicts of their key=value fields."""
    records = []
    for line in (KAT_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            records.append(dict(field.split("=", 1) for field in line.split()))
    return records


@pytest.fixture
def reference():
    """reference(generator, n, dtype, **settings): the CPU reference's array."""
    def make(generator, n, dtype=numpy.uint32, **settings):
        return glrand.generate(generator, n, path="cpu", dtype=dtype, **settings)
    return make

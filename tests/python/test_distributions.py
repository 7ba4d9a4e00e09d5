# SPDX-License-Identifier: MIT
"""The distributions through the module: each parameter reaches its formula
(docs/distributions.md), checked against the formula computed here with NumPy and Python's
statistics module from the generator's own doubles, and float32 is the double rounded once."""
import math
import statistics

import numpy
import pytest

import glrand
from conftest import cuda_reason

N = 4_099


def uniforms(n=N, generator="mrg32k3a", **settings):
    return glrand.generate(generator, n, path="cpu", dtype=numpy.float64, **settings)


def test_uniform_range_and_positive():
    u = uniforms()
    g = glrand.Generator("mrg32k3a", path="cpu")
    low, high = -3.0, 5.0
    assert numpy.array_equal(g.uniform(N, low, high, dtype=numpy.float64), low + (high - low) * u[:N])
    positive = glrand.generate("mrg32k3a", N, path="cpu", dtype=numpy.float64, distribution="uniform_positive",
                               offset=0)
    assert numpy.array_equal(positive, 1.0 - u)


def test_normal_parameters_and_inverse_cdf():
    u = uniforms()
    z = glrand.generate("mrg32k3a", N, path="cpu", dtype=numpy.float64, distribution="normal")
    expected = numpy.array([statistics.NormalDist().inv_cdf(max(x, 2.0**-53)) for x in u])
    numpy.testing.assert_allclose(z, expected, rtol=1e-13, atol=1e-15)
    shifted = glrand.Generator("mrg32k3a", path="cpu").normal(N, 3.0, 0.5, dtype=numpy.float64)
    assert numpy.array_equal(shifted, 3.0 + 0.5 * z)
    assert numpy.array_equal(glrand.Generator("mrg32k3a", path="cpu").normal(N, 3.0, 0.5), shifted.astype(numpy.float32))


def test_box_muller_pairs():
    u = uniforms()
    z = glrand.Generator("mrg32k3a", path="cpu").normal(N, method="box-muller", dtype=numpy.float64)
    radius = numpy.sqrt(-2.0 * numpy.array([math.log1p(-x) for x in u[0:N - 1:2]]))
    numpy.testing.assert_allclose(z[0:N - 1:2], radius * numpy.cos(2 * math.pi * u[1::2]), rtol=1e-12, atol=1e-13)
    numpy.testing.assert_allclose(z[1::2], radius * numpy.sin(2 * math.pi * u[1::2]), rtol=1e-12, atol=1e-13)
    # Values 2k and 2k + 1 come from outputs 2k and 2k + 1 whatever the calls' sizes.
    g = glrand.Generator("mrg32k3a", path="cpu")
    parts = [g.normal(3, method="box_muller", dtype=numpy.float64), g.normal(N - 3, method="box-muller",
                                                                               dtype=numpy.float64)]
    assert numpy.array_equal(numpy.concatenate(parts), z)


def test_lognormal_and_exponential():
    u = uniforms()
    z = glrand.generate("mrg32k3a", N, path="cpu", dtype=numpy.float64, distribution="normal", mean=0.25,
                        stddev=2.0)
    logn = glrand.generate("mrg32k3a", N, path="cpu", dtype=numpy.float64, distribution="lognormal", mean=0.25,
                           stddev=2.0)
    # Python's math module (the C library's exp and log1p), not NumPy's vectorised versions.
    numpy.testing.assert_array_max_ulp(logn, numpy.array([math.exp(x) for x in z]), maxulp=1)
    e = glrand.Generator("mrg32k3a", path="cpu").exponential(N, lam=2.5, dtype=numpy.float64)
    numpy.testing.assert_array_max_ulp(e, numpy.array([-math.log1p(-x) / 2.5 for x in u]), maxulp=1)


def test_poisson_is_the_inversion():
    lam = 7.5
    u = uniforms()
    k = glrand.Generator("mrg32k3a", path="cpu").poisson(N, lam)
    assert k.dtype == numpy.int64
    terms = numpy.exp(-lam) * numpy.cumprod(numpy.concatenate(([1.0], lam / numpy.arange(1, 80))))
    cdf = numpy.cumsum(terms)
    for x, value in zip(u, k):
        assert cdf[value] > x - 1e-12 and (value == 0 or cdf[value - 1] <= x + 1e-12)
    as_float = glrand.generate("mrg32k3a", N, path="cpu", dtype=numpy.float64, distribution="poisson", lam=lam)
    assert numpy.array_equal(as_float, k.astype(numpy.float64))
    out = numpy.empty(N, numpy.int64)
    assert glrand.Generator("mrg32k3a", path="cpu").poisson(out=out, lam=lam) is out
    assert numpy.array_equal(out, k)


def test_gl_path_gives_the_host_values():
    if not any(d.path == "gl" for d in glrand.devices()):
        pytest.skip("no EGL device, not even Mesa's software renderer")
    for name, params in [("normal", {"mean": 1.0}), ("exponential", {"lam": 3.0}), ("poisson", {"lam": 2.0})]:
        on_gl = glrand.generate("pm", 2_001, path="gl", distribution=name, **params)
        on_cpu = glrand.generate("pm", 2_001, path="cpu", distribution=name, **params)
        assert numpy.array_equal(on_gl, on_cpu), name


def test_made_on_the_gl_paths_gpu_in_float():
    # The word packer's values within docs/distributions.md's bound: the exponential's 12 ulp
    # of -log1p(-u)/lam at the output's float u, or from 1/2 up at 1 - q, q the float nearest
    # 1 - u of the exact double.
    uf = glrand.generate("pm", 20_001, path="cpu", dtype=numpy.float32, offset=5)
    ud = glrand.generate("pm", 20_001, path="cpu", dtype=numpy.float64, offset=5)
    u = numpy.where(uf >= 0.5, 1.0 - (1.0 - ud).astype(numpy.float32).astype(numpy.float64), uf.astype(numpy.float64))
    values = glrand.generate("pm", 20_001, path="gl", distribution="exponential", lam=2.0, on="gpu", offset=5)
    assert values.dtype == numpy.float32
    exact = -numpy.log1p(-u) / 2.0
    ulp = numpy.spacing(numpy.abs(exact).astype(numpy.float32)).astype(numpy.float64)
    assert numpy.max(numpy.abs(values - exact) / ulp) <= 12.5
    with pytest.raises(ValueError, match="in float arithmetic"):
        glrand.generate("pm", 10, path="gl", dtype=numpy.float64, distribution="normal", on="gpu")
    # The Poisson's values: the host's table and search of each output's double, bit for bit.
    g_gpu, g_host = glrand.Generator("wh", path="gl"), glrand.Generator("wh", path="gl")
    for lam in (0.5, 10.0, 1e6):
        assert numpy.array_equal(g_gpu.poisson(10_001, lam, on="gpu"), g_host.poisson(10_001, lam)), lam


@pytest.mark.gpu
def test_made_on_the_gpu_within_the_documented_bound():
    reason = cuda_reason()
    if reason:
        pytest.skip(reason)
    host = glrand.generate("mrg32k3a", 100_003, path="cuda", dtype=numpy.float64, distribution="normal")
    gpu = glrand.generate("mrg32k3a", 100_003, path="cuda", dtype=numpy.float64, distribution="normal", on="gpu")
    # docs/distributions.md: the GPU's normal within 8 ulp of the correctly rounded value, the
    # host's within 2: within 10 ulp of each other (measured: 4).
    numpy.testing.assert_array_max_ulp(gpu, host, maxulp=10)


@pytest.mark.gpu
def test_poisson_made_on_the_gpu_is_the_hosts():
    reason = cuda_reason()
    if reason:
        pytest.skip(reason)
    for lam in (0.5, 10.0, 1e6):
        g = glrand.Generator("mt19937", path="cuda", seed=3)
        host = g.poisson(100_001, lam)
        g.set_state(dict(g.state, position=0))
        assert numpy.array_equal(g.poisson(100_001, lam, on="gpu"), host), lam

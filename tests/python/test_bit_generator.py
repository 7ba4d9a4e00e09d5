# SPDX-License-Identifier: MIT
"""glrand.BitGenerator under numpy.random.Generator: its raw words are glrand's, NumPy's
doubles are the generator's f64 formula and its 32 bits the u32 word, across the adapter's
buffer refills, with the state counting what NumPy took."""
import numpy
import pytest

import glrand


def test_raw_words_equal_glrand():
    for name in ("mrg32k3a", "wh", "ceicg"):
        bits = glrand.BitGenerator(name, path="cpu", buffer=1000)
        raw = numpy.concatenate([bits.random_raw(999), bits.random_raw(2_500)])
        assert numpy.array_equal(raw, glrand.generate(name, 3_499, path="cpu", dtype=numpy.uint32)), name
        assert numpy.array_equal(bits.random_raw(), glrand.generate(name, 1, path="cpu", dtype=numpy.uint32,
                                                                     offset=3_499)[0])


def test_numpy_doubles_are_the_f64_formula():
    rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a", path="cpu", seed=5, buffer=777))
    got = rng.random(5_000)
    assert numpy.array_equal(got, glrand.generate("mrg32k3a", 5_000, path="cpu", dtype=numpy.float64, seed=5))


def test_numpy_words_are_the_u32_word():
    # A 32-bit draw over the whole range is the u32 word itself (docs/generators.md gives
    # each generator's): CEICG's is floor(u · 2^32) of its f64 formula.
    rng = numpy.random.Generator(glrand.BitGenerator("ceicg", path="cpu", buffer=1_000))
    words = rng.integers(0, 2**32, size=3_000, dtype=numpy.uint32)
    u = glrand.generate("ceicg", 3_000, path="cpu", dtype=numpy.float64)
    assert numpy.array_equal(words, numpy.floor(u * 2.0**32).astype(numpy.uint32))
    # MRG32k3a's is z itself, 1 .. 2^32 − 209.
    rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a", path="cpu", buffer=1_000))
    assert numpy.array_equal(rng.integers(0, 2**32, size=3_000, dtype=numpy.uint32),
                             glrand.generate("mrg32k3a", 3_000, path="cpu", dtype=numpy.uint32))
    # Park–Miller's: its 31 bits shifted up, bit 0 repeating bit 31.
    rng = numpy.random.Generator(glrand.BitGenerator("pm", path="cpu"))
    z = glrand.generate("pm", 1_000, path="cpu", dtype=numpy.uint32).astype(numpy.uint64)
    assert numpy.array_equal(rng.integers(0, 2**32, size=1_000, dtype=numpy.uint32),
                             ((z << 1) | (z >> 30)).astype(numpy.uint32))


def test_state_counts_what_numpy_took():
    bits = glrand.BitGenerator("mt19937", path="cpu", buffer=4_096)
    rng = numpy.random.Generator(bits)
    rng.random(10)
    assert bits.state["position"] == 10 and bits.state["generator"] == "mt19937"
    saved = bits.state
    first = rng.standard_normal(100)
    bits.state = saved
    assert numpy.array_equal(rng.standard_normal(100), first)
    with pytest.raises(ValueError, match="set_state"):
        bits.state = dict(saved, generator="pm")


def test_distributions_look_right():
    rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a", path="cpu", seed=11))
    z = rng.standard_normal(200_000)
    assert abs(z.mean()) < 0.02 and abs(z.std() - 1.0) < 0.02
    dice = rng.integers(1, 7, size=60_000)
    counts = numpy.bincount(dice, minlength=7)[1:]
    chi2 = ((counts - 10_000.0) ** 2 / 10_000.0).sum()
    assert chi2 < 25.0  # 5 degrees of freedom: p ≈ 1.4e-4


def test_gl_path_adapter():
    if not any(d.path == "gl" for d in glrand.devices()):
        pytest.skip("no EGL device, not even Mesa's software renderer")
    rng = numpy.random.Generator(glrand.BitGenerator("pm", path="gl", buffer=5_000))
    assert numpy.array_equal(rng.random(12_000), glrand.generate("pm", 12_000, path="cpu", dtype=numpy.float64))


def test_64_bit_draws_are_two_words_high_first():
    words = glrand.generate("mt19937", 2_000, path="cpu", dtype=numpy.uint32).astype(numpy.uint64)
    rng = numpy.random.Generator(glrand.BitGenerator("mt19937", path="cpu", buffer=333))
    got = rng.integers(0, 2**64, size=1_000, dtype=numpy.uint64, endpoint=False)
    assert numpy.array_equal(got, (words[0::2] << numpy.uint64(32)) | words[1::2])


def test_refused_settings():
    with pytest.raises(ValueError, match="quasi-random"):
        glrand.BitGenerator("sobol32", path="cpu")
    with pytest.raises(ValueError, match=r"\(0, 1\]"):
        glrand.BitGenerator("mrg32k3a", path="cpu", curand_seed=5)
    with pytest.raises(TypeError, match="BitGenerator.. got an unexpected keyword argument 'colour'"):
        glrand.BitGenerator("mrg32k3a", path="cpu", colour=1)
    with pytest.raises(ValueError, match="buffer must be in 1..67108864"):
        glrand.BitGenerator("mrg32k3a", path="cpu", buffer=2**27)

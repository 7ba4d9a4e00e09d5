# SPDX-License-Identifier: MIT
"""Every generator on every path this machine has gives the CPU reference's integers and
floats, bit for bit, through glrand.generate() and glrand.Generator; the CPU reference gives
the published check values (tests/kat/)."""
import numpy
import pytest

import glrand
from conftest import GPU_PATHS, all_generators, kat_records, skip_unless_available

N = 20_011  # odd, and not a multiple of any pass


def test_park_miller_published_values():
    # Park and Miller 1988 and ISO C++'s minstd_rand0: z_n from z_0 = 1; output k is z_(k+1).
    records = [r for r in kat_records("park_miller") if r.get("seed") == "1" and "n" in r and int(r["n"]) <= 10**6]
    assert any(r["n"] == "10000" for r in records)
    for r in records:
        n = int(r["n"])
        got = glrand.generate("pm", 1, path="cpu", dtype=numpy.uint32, seed=[1], offset=n - 1)
        assert got[0] == int(r["z"]), f"z_{n}"


def test_mt19937_published_values():
    for r in kat_records("mt19937"):
        if r.get("seed") == "5489":
            got = glrand.generate("mt19937", 1, path="cpu", dtype=numpy.uint32, seed=[5489], offset=int(r["output"]))
            assert got[0] == int(r["word"])


def test_mrg32k3a_published_values():
    records = [r for r in kat_records("mrg32k3a")
               if r.get("seed") == "12345,12345,12345,12345,12345,12345" and "z" in r]
    assert len(records) >= 10
    words = glrand.generate("mrg32k3a", 10, path="cpu", dtype=numpy.uint32)
    for r in records:
        if int(r["output"]) < 10:
            assert words[int(r["output"])] == int(r["z"])


@pytest.mark.parametrize("generator", all_generators())
def test_cpu_generator_continues_across_calls(generator):
    whole = glrand.generate(generator, N, path="cpu", dtype=numpy.uint32)
    g = glrand.Generator(generator, path="cpu")
    parts = [g.integers(1), g.integers(7_000), g.integers(N - 7_001)]
    assert numpy.array_equal(numpy.concatenate(parts), whole)
    assert g.position == N
    width = g.words_per_output
    assert whole.shape == ((N,) if width == 1 else (N, width))


@pytest.mark.parametrize("where", GPU_PATHS)
@pytest.mark.parametrize("generator", all_generators())
def test_path_equals_cpu_reference(generator, where, reference):
    path, profile = where
    skip_unless_available(path, generator)
    n = N
    g = glrand.Generator(generator, path=path, profile=profile)
    words = g.integers(n)
    floats = g.random(n)
    doubles = g.random(n, dtype=numpy.float64)
    assert numpy.array_equal(words, reference(generator, n))
    assert numpy.array_equal(floats, reference(generator, n, numpy.float32, offset=n))
    assert numpy.array_equal(doubles, reference(generator, n, numpy.float64, offset=2 * n))
    assert floats.dtype == numpy.float32 and doubles.dtype == numpy.float64
    assert g.where


@pytest.mark.parametrize("profile", ["ps30", "scatter", "compute"])
@pytest.mark.parametrize("readback", ["one_context", "shared-context"])
def test_gl_readback_either_way_equals_cpu_reference(profile, readback, reference):
    skip_unless_available("gl", "pm")
    # Small passes: the run goes round the shared context's ring of slots.
    layout = {"substreams": 4096} if profile == "ps30" else {"invocations": 256}
    g = glrand.Generator("pm", path="gl", profile=profile, gl_readback=readback, **layout)
    assert numpy.array_equal(g.random(50_001), reference("pm", 50_001, numpy.float32))
    assert g.state["gl_readback"] == readback.replace("_", "-")
    assert g.where.endswith("read on one context" if readback == "one_context" else "read by a shared context")
    again = glrand.Generator.from_state(g.state)
    assert numpy.array_equal(again.integers(1000), reference("pm", 1000, offset=50_001))


@pytest.mark.parametrize("where", GPU_PATHS)
def test_far_offset_and_seed(where, reference):
    path, profile = where
    skip_unless_available(path, "mrg32k3a")
    far = 10**15 + 3
    got = glrand.generate("mrg32k3a", 1001, path=path, profile=profile, seed=7, offset=far, dtype=numpy.uint32,
                          substream=2)
    assert numpy.array_equal(got, reference("mrg32k3a", 1001, seed=7, offset=far, substream=2))


def test_far_offset_published_value():
    # z_(10^8) from z_0 = 1: the skip-ahead to a far offset gives the published value.
    record = next(r for r in kat_records("park_miller") if r.get("n") == "100000000")
    got = glrand.generate("pm", 2, path="cpu", dtype=numpy.uint32, seed=[1], offset=10**8 - 1)
    assert got[0] == int(record["z"])


def test_seed_forms_agree():
    native = glrand.generate("mrg32k3a", 50, path="cpu", dtype=numpy.uint32, seed=[1, 2, 3, 4, 5, 6])
    text = glrand.generate("mrg32k3a", 50, path="cpu", dtype=numpy.uint32, seed="1,2,3,4,5,6")
    numpy_words = glrand.generate("mrg32k3a", 50, path="cpu", dtype=numpy.uint32,
                                  seed=numpy.array([1, 2, 3, 4, 5, 6], numpy.uint64))
    assert numpy.array_equal(native, text) and numpy.array_equal(native, numpy_words)
    seeded = glrand.generate("mrg32k3a", 50, path="cpu", dtype=numpy.uint32, seed=42)
    assert not numpy.array_equal(native, seeded)
    assert numpy.array_equal(seeded, glrand.generate("mrg32k3a", 50, path="cpu", dtype=numpy.uint32,
                                                     seed=numpy.uint64(42)))


def test_out_is_filled_in_place(reference):
    g = glrand.Generator("wh", path="cpu")
    out = numpy.zeros((1000, 4), numpy.uint32)
    assert g.integers(out=out) is out
    assert numpy.array_equal(out, reference("wh", 1000))
    floats = numpy.zeros(1000, numpy.float64)
    assert g.random(out=floats) is floats
    assert numpy.array_equal(floats, reference("wh", 1000, numpy.float64, offset=1000))
    normals = numpy.zeros(999, numpy.float32)
    assert g.normal(out=normals, mean=2.0) is normals


def test_state_continues_on_another_path_and_pickles(reference):
    import pickle

    g = glrand.Generator("pm", path="cpu", seed=99)
    g.integers(12_345)
    state = g.state
    assert state["position"] == 12_345 and state["generator"] == "pm"
    again = glrand.Generator.from_state(state)
    restored = pickle.loads(pickle.dumps(g))
    expected = reference("pm", 100, seed=99, offset=12_345)
    assert numpy.array_equal(again.integers(100), expected)
    assert numpy.array_equal(restored.integers(100), expected)
    assert numpy.array_equal(g.integers(100), expected)
    g.set_state(state)
    assert numpy.array_equal(g.integers(100), expected)
    if any(d.path == "gl" for d in glrand.devices()):
        elsewhere = dict(state, path="gl")
        assert numpy.array_equal(glrand.Generator.from_state(elsewhere).integers(100), expected)


def test_generators_and_devices():
    names = [g.name for g in glrand.generators()]
    assert names[:4] == ["ceicg", "pm", "wh", "mrg32k3a"] and "sobol32" in names
    assert {g.name: g.words_per_output for g in glrand.generators()}["wh"] == 4
    for device in glrand.devices():
        assert device.path in ("gl", "cuda") and device.label
    assert glrand.__version__.count(".") == 2


def test_software_renderer_fall_back_is_a_warning():
    gl = [d for d in glrand.devices() if d.path == "gl"]
    if not gl or not all(d.software for d in gl):
        pytest.skip("this machine has a GPU for the GL path")
    with pytest.warns(RuntimeWarning, match="no GPU found; using Mesa software renderer"):
        glrand.generate("pm", 10, path="gl")

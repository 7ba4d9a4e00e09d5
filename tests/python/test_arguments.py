# SPDX-License-Identifier: MIT
"""Bad arguments raise ValueError (TypeError for an unknown keyword) with one line, the
command's message where the command has one, before any device opens."""
import numpy
import pytest

import glrand
from conftest import cuda_reason


@pytest.mark.parametrize("call, message", [
    (lambda: glrand.generate("nope", 10), "unknown generator 'nope'"),
    (lambda: glrand.generate("pm", -1), "n must be in 0"),
    (lambda: glrand.generate("pm", 1.5), "n must be a whole number"),
    (lambda: glrand.generate("pm", "10"), "n must be a whole number"),
    (lambda: glrand.generate("pm", 10, path="vulkan"), "vulkan"),
    (lambda: glrand.generate("pm", 10, path="cpu", profile="compute"), "does not apply to --path cpu"),
    (lambda: glrand.generate("pm", 10, path="cpu", device=0), "--device chooses a GPU"),
    (lambda: glrand.generate("pm", 10, path="cpu", gl_readback="one-context"), "--gl-readback says how"),
    (lambda: glrand.generate("pm", 10, path="gl", gl_readback="fast"), "--gl-readback must be auto, one-context"),
    (lambda: glrand.generate("mt19937", 10, path="gl"), "has no GL path"),
    (lambda: glrand.generate("pm", 10, path="cpu", seed=[0]), "seed"),
    (lambda: glrand.generate("pm", 10, path="cpu", seed=-5), "seed must be in 0"),
    (lambda: glrand.generate("pm", 10, path="cpu", seed=[]), "seed must not be empty"),
    (lambda: glrand.generate("pm", 10, path="cpu", seed=2.5), "seed must be"),
    (lambda: glrand.generate("sobol32", 10, path="cpu", seed=3), "seed"),
    (lambda: glrand.generate("pm", 10, path="cpu", offset=2**64), "offset must be in 0"),
    (lambda: glrand.generate("pm", 10, path="cpu", wh_set=3), "--wh-set does not apply to -g pm"),
    (lambda: glrand.generate("wh", 10, path="cpu", wh_set=273), "--wh-set must be an integer in 0..272"),
    (lambda: glrand.generate("pm", 10, path="cpu", dtype=numpy.int16), "float32 or float64"),
    (lambda: glrand.generate("pm", 10, path="cpu", dtype="no such type"), "is not a NumPy dtype"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="gamma"), "gamma"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="normal", stddev=0), "standard deviation"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="normal", lam=2), "lam is not a parameter"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="poisson", lam=1e7), "10^6"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="normal", method="polar"), "polar"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="normal", on="gpu"), "CUDA or the GL path"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="uniform", range=(1, 0)), "range"),
    (lambda: glrand.generate("pm", 10, path="cpu", distribution="uniform", range=3), "range must be (a, b)"),
    (lambda: glrand.generate("pm", 10, path="cpu", dtype=numpy.uint32, distribution="normal"), "exact integers"),
    (lambda: glrand.Generator("pm", path="cpu").random(), "give n"),
    (lambda: glrand.Generator("pm", path="cpu").random(4, out=numpy.zeros(5, numpy.float32)), "n is 4"),
    (lambda: glrand.Generator("pm", path="cpu").random(out=numpy.zeros(5, numpy.int32)), "float32 or float64"),
    (lambda: glrand.Generator("pm", path="cpu").random(out=numpy.zeros((5, 2), numpy.float32)), "shape"),
    (lambda: glrand.Generator("pm", path="cpu").random(out=numpy.zeros(10, numpy.float32)[::2]), "C-contiguous"),
    (lambda: glrand.Generator("wh", path="cpu").integers(out=numpy.zeros(8, numpy.uint32)), "shape"),
    (lambda: glrand.Generator("pm", path="cpu").integers(out=[0, 0]), "NumPy array"),
    (lambda: glrand.Generator("pm", path="cpu").set_state({"generator": "wh"}), "set_state"),
    (lambda: glrand.Generator.from_state({"position": 3}), "needs 'generator'"),
    (lambda: glrand.Generator.from_state("pm"), "a state must be a dict"),
    (lambda: glrand.BitGenerator("pm", path="cpu", buffer=0), "buffer must be in 1"),
    (lambda: glrand.Generator("pm", path="cpu").random(out=[0.0, 0.0]), "NumPy array"),
    (lambda: glrand.Generator("pm", path="cpu").normal(out=[0.0, 0.0]), "NumPy array"),
    (lambda: glrand.Generator("pm", path="cpu").random(dtype=numpy.float64, out=numpy.zeros(3, numpy.float32)),
     "dtype is float64 but out is an array of float32"),
    (lambda: glrand.Generator("pm", path="cpu").normal(3, mean="3"), "mean must be a number"),
    (lambda: glrand.Generator("pm", path="cpu").random(out=numpy.zeros(9, numpy.uint8)[1:].view(numpy.float64)),
     "not aligned"),
    (lambda: glrand.Generator.from_state({"generator": "pm", "colour": 3}), "unknown key 'colour'"),
    (lambda: glrand.generate("pm", 10, path="gl", device=999), "--device 999 does not exist"),
])
def test_bad_argument_is_a_value_error(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    text = str(raised.value)
    assert message in text, text
    assert "\n" not in text


def test_read_only_out():
    out = numpy.zeros(3, numpy.float32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        glrand.Generator("pm", path="cpu").random(out=out)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="colour"):
        glrand.generate("pm", 10, path="cpu", colour="red")
    with pytest.raises(TypeError, match="colour"):
        glrand.Generator("pm", path="cpu", colour="red")
    with pytest.raises(TypeError, match="colour"):
        glrand.Generator("pm", path="cpu").normal(5, colour="red")


def test_weak_ceicg_seed_is_a_warning():
    # Equal offsets in the three components: the relation docs/generators.md describes.
    with pytest.warns(RuntimeWarning, match="weak CEICG seed"):
        glrand.Generator("ceicg", path="cpu", seed=[5, 5, 5])


def test_a_float_count_with_a_whole_value_is_a_count():
    assert glrand.generate("pm", 1e3, path="cpu").shape == (1000,)
    assert glrand.generate("pm", numpy.int64(7), path="cpu").shape == (7,)
    assert glrand.generate("pm", 0, path="cpu").shape == (0,)


def test_device_error_is_a_runtime_error():
    assert issubclass(glrand.DeviceError, glrand.Error) and issubclass(glrand.Error, RuntimeError)
    if cuda_reason() is None:
        pytest.skip("this machine has a CUDA device: no device error to provoke")
    with pytest.raises(glrand.DeviceError) as raised:
        glrand.generate("pm", 10, path="cuda")
    assert "\n" not in str(raised.value)

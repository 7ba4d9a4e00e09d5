# SPDX-License-Identifier: MIT
"""glrand: exact random numbers from OpenGL shaders, CUDA kernels and the CPU reference, as
NumPy arrays (docs/python.md).

>>> import glrand
>>> u = glrand.generate("mrg32k3a", 10**6, path="cpu", seed=42)      # float32 in [0, 1)
>>> g = glrand.Generator("pm", path="cuda"); z = g.normal(10**6)
>>> rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a"))

Every path gives the same integers as the CPU reference, bit for bit; bad arguments raise
ValueError, device failures glrand.DeviceError (a glrand.Error, a RuntimeError), each with the
command's one-line message.
"""
from collections import namedtuple

from . import _glrand
from ._bit_generator import BitGenerator
from ._generator import Generator, generate
from ._glrand import DeviceError, Error, __version__

__all__ = ["BitGenerator", "DeviceError", "Error", "Generator", "GeneratorInfo", "Device", "devices", "generate",
           "generators", "__version__"]

GeneratorInfo = namedtuple("GeneratorInfo", "name aliases title words_per_output has_gl_path takes_seed "
                                            "seed_syntax default_seed")
Device = namedtuple("Device", "path index label software cuda_ordinal")


def generators():
    """The generators, in the command's order (glrand generate -g NAME)."""
    return [GeneratorInfo(**row) for row in _glrand.generator_rows()]


def devices():
    """The devices the GL path (EGL devices, Mesa's software renderer among them) and the CUDA
    path can use; device=index chooses one of a path's."""
    return [Device(**row) for row in _glrand.device_rows()]

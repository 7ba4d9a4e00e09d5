# SPDX-License-Identifier: MIT
"""glrand.Generator and glrand.generate(): glrand's sequences as NumPy arrays."""
import os
import sys
import warnings

import numpy

from . import _arguments, _glrand

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_FLOATS = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))


def dtype_of(dtype):
    try:
        return numpy.dtype(dtype)
    except TypeError:
        raise ValueError(f"dtype {dtype!r} is not a NumPy dtype") from None


def _float_dtype(dtype, what):
    dtype = dtype_of(dtype)
    if dtype not in _FLOATS:
        raise ValueError(f"{what} gives float32 or float64, not {dtype}")
    return dtype


def _check_out(out):
    if not isinstance(out, numpy.ndarray):
        raise ValueError(f"out must be a NumPy array, not {type(out).__name__}")
    if not out.flags.c_contiguous:
        raise ValueError("out must be C-contiguous")
    if not out.flags.aligned:
        raise ValueError("out is not aligned")
    if not out.flags.writeable:
        raise ValueError("out is read-only")


def _dtype_for(dtype, out, default=numpy.float32):
    """The call's dtype: dtype, else out's, else the default; dtype and out's must agree."""
    if out is None:
        return dtype_of(default if dtype is None else dtype)
    _check_out(out)
    if dtype is not None and dtype_of(dtype) != out.dtype:
        raise ValueError(f"dtype is {dtype_of(dtype)} but out is an array of {out.dtype}")
    return out.dtype


def _count(n, out, shape_of):
    """The number of outputs of a call, from n or from out's shape."""
    if out is None:
        if n is None:
            raise ValueError("give n, the number of outputs, or out, an array to fill")
        return _arguments.whole(n, "n")
    _check_out(out)
    count = len(out) if out.ndim else 1
    if out.shape != shape_of(count):
        raise ValueError(f"out has shape {out.shape}; this call fills shape {shape_of(count)}")
    if n is not None and _arguments.whole(n, "n") != count:
        raise ValueError(f"n is {n} but out holds {count} outputs")
    return count


class Generator:
    """One of glrand's generators on one path, continuing its sequence from call to call.

    >>> g = glrand.Generator("mrg32k3a", path="cpu", seed=42)
    >>> u = g.random(1000)            # float32 in [0, 1): the generator's own floats
    >>> z = g.normal(1000, dtype=numpy.float64)
    >>> w = g.integers(10)            # the exact integers (uint32)

    Every path gives the same integers, bit for bit, and the same floats (docs/python.md).
    """

    def __init__(self, generator="ceicg", *, path="gl", seed=None, offset=0, substream=0, stream=0, profile=None,
                 device=None, **settings):
        unknown = sorted(set(settings) - set(_arguments.SETTING_NAMES))
        if unknown:
            raise TypeError(f"Generator() got an unexpected keyword argument {unknown[0]!r}")
        self._handle = _glrand.GeneratorHandle(_arguments.settings(
            generator, path=path, seed=seed, offset=offset, substream=substream, stream=stream, profile=profile,
            device=device, **settings))
        weak = self._handle.seed_warning()
        if weak:
            warnings.warn(weak, RuntimeWarning, stacklevel=2)

    @classmethod
    def from_state(cls, state):
        """A generator that continues from `state` (Generator.state)."""
        generator = cls.__new__(cls)
        generator.__setstate__(state)
        return generator

    # --- what it is and where it stands ------------------------------------------------------
    @property
    def words_per_output(self):
        """Exact 32-bit words an output (integers() gives this many per row)."""
        return self._handle.words_per_output

    @property
    def position(self):
        """Outputs generated so far, counted from the settings' offset."""
        return self._handle.position

    @property
    def where(self):
        """Where the last call ran ("NVIDIA H100 ..., CUDA kernels", "the CPU reference", ...)."""
        return self._handle.where

    @property
    def state(self):
        """The settings and position, as a dict: Generator.from_state(state) or set_state(state)
        continues from here, on any path that has the generator."""
        return self._handle.state()

    def set_state(self, state):
        """Continues from `state` (Generator.state), which must be this generator's."""
        self._handle.set_state(_arguments.state_settings(state))

    def __getstate__(self):
        return self.state

    def __setstate__(self, state):
        values = _arguments.state_settings(state)
        self._handle = _glrand.GeneratorHandle(values)
        self._handle.set_state(values)

    def __repr__(self):
        s = self.state
        return f"glrand.Generator({s['generator']!r}, path={s['path']!r}, position={s['position']})"

    # --- numbers -------------------------------------------------------------------------------
    def _warn(self):
        notice = self._handle.take_notices().strip()
        if notice:
            # Said at the caller's line, outside this package.
            level, frame = 1, sys._getframe(0)
            while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR):
                frame, level = frame.f_back, level + 1
            warnings.warn(notice, RuntimeWarning, stacklevel=level)

    def _values(self, n, dtype, out, distribution):
        dtype = _float_dtype(_dtype_for(dtype, out), "this call")
        count = _count(n, out, lambda c: (c,))
        if out is None:
            out = numpy.empty(count, dtype)
        self._handle.fill_values(out, distribution)
        self._warn()
        return out

    def integers(self, n=None, *, out=None):
        """The next n outputs' exact integers: uint32, shape (n,), or (n, words) for the
        generators with several words an output (CEICG 3, Wichmann–Hill 4)."""
        width = self.words_per_output
        shape_of = (lambda c: (c,)) if width == 1 else (lambda c: (c, width))
        count = _count(n, out, shape_of)
        if out is None:
            out = numpy.empty(shape_of(count), numpy.uint32)
        elif out.dtype != numpy.uint32:
            raise ValueError(f"out must be an array of uint32, not of {out.dtype}")
        self._handle.fill_words(out)
        self._warn()
        return out

    def random(self, n=None, *, dtype=None, out=None):
        """The next n outputs as floats in [0, 1): the generator's own formula applied to the
        exact integers (docs/generators.md), the same bits on every path. (MRG32k3a with
        curand_seed: cuRAND's (0, 1].) float32 unless dtype or out says otherwise."""
        return self._values(n, dtype, out, None)

    def uniform(self, n=None, low=0.0, high=1.0, *, dtype=None, out=None, on="host"):
        """low + (high − low)·u in [low, high), one output a value."""
        return self.distribution("uniform", n, dtype=dtype, out=out, range=(low, high), on=on)

    def uniform_positive(self, n=None, *, dtype=None, out=None, on="host"):
        """1 − u in (0, 1]: for a logarithm that must not meet 0."""
        return self.distribution("uniform-positive", n, dtype=dtype, out=out, on=on)

    def normal(self, n=None, mean=0.0, stddev=1.0, *, method="inverse-cdf", dtype=None, out=None,
               on="host"):
        """mean + stddev·z, z by the inverse CDF (one output a value) or method="box-muller"."""
        return self.distribution("normal", n, dtype=dtype, out=out, mean=mean, stddev=stddev, method=method, on=on)

    def lognormal(self, n=None, mean=0.0, stddev=1.0, *, method="inverse-cdf", dtype=None, out=None,
                  on="host"):
        """exp(mean + stddev·z)."""
        return self.distribution("lognormal", n, dtype=dtype, out=out, mean=mean, stddev=stddev, method=method,
                                 on=on)

    def exponential(self, n=None, lam=1.0, *, dtype=None, out=None, on="host"):
        """−log1p(−u)/lam: the exponential of rate lam."""
        return self.distribution("exponential", n, dtype=dtype, out=out, lam=lam, on=on)

    def poisson(self, n=None, lam=1.0, *, dtype=None, out=None, on="host"):
        """Poisson of mean lam (10^-3 .. 10^6) by inversion: int64 by default, or float32/float64;
        on="gpu" (CUDA path) makes the same values on the GPU."""
        return self.distribution("poisson", n, dtype=dtype, out=out, lam=lam, on=on)

    def distribution(self, name, n=None, *, dtype=None, out=None, **params):
        """The next n values of distribution `name` ("uniform", "uniform-positive", "normal",
        "lognormal", "exponential", "poisson") with its parameters (range=(a, b), mean,
        stddev, lam, method, on): docs/distributions.md gives the formulas."""
        d = _arguments.distribution(name, params)
        is_poisson = d is not None and d["kind"] == "poisson"
        dtype = _dtype_for(dtype, out, numpy.int64 if is_poisson and dtype is None else numpy.float32)
        if dtype == numpy.int64 and is_poisson:
            # Inversion gives whole numbers as float64 (exact below 2^53): one temporary.
            count = _count(n, out, lambda c: (c,))
            values = self._values(count, numpy.float64, None, d)
            if out is None:
                return values.astype(numpy.int64)
            numpy.copyto(out, values, casting="unsafe")
            return out
        return self._values(n, dtype, out, d)


def generate(generator, n, *, path="gl", dtype=numpy.float32, seed=None, offset=0, substream=0, stream=0,
             profile=None, device=None, distribution="uniform", **params):
    """n outputs of `generator` as a NumPy array.

    dtype float32 or float64: the generator's own floats in [0, 1), or `distribution`'s values
    with its parameters (range=(a, b), mean, stddev, lam, method, on); uint32: the exact
    integers, shape (n,) or (n, words). Further settings: wh_set, dimensions, curand_seed,
    substreams, split, state_update, invocations, size, gl_readback, self_test (docs/python.md).

    >>> glrand.generate("pm", 10**6, path="cuda")
    >>> glrand.generate("mrg32k3a", 1000, path="cpu", distribution="normal", mean=0, stddev=1)
    """
    settings = {k: params.pop(k) for k in list(params) if k in _arguments.SETTING_NAMES}
    unknown = sorted(set(params) - set(_arguments.DISTRIBUTION_NAMES))
    if unknown:
        raise TypeError(f"generate() got an unexpected keyword argument {unknown[0]!r}")
    g = Generator(generator, path=path, seed=seed, offset=offset, substream=substream, stream=stream,
                  profile=profile, device=device, **settings)
    if dtype_of(dtype) == numpy.uint32:
        if distribution != "uniform" or params:
            raise ValueError("dtype uint32 gives the exact integers; a distribution gives float32 or float64")
        return g.integers(n)
    return g.distribution(distribution, n, dtype=dtype, **params)

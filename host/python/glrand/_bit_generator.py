# SPDX-License-Identifier: MIT
"""glrand.BitGenerator: NumPy's whole distribution catalogue on glrand's sequences."""
import threading
import warnings

import numpy

from . import _arguments, _glrand


class BitGenerator:
    """A bit generator for numpy.random.Generator on one of glrand's sequences.

    >>> rng = numpy.random.Generator(glrand.BitGenerator("mrg32k3a", path="cpu", seed=42))
    >>> rng.standard_normal(5), rng.integers(0, 6, 10)

    Each of NumPy's draws takes the next output of the sequence: a double is the generator's
    own f64 formula (docs/generators.md), 32 bits are its u32 word (the one `glrand generate
    --format u32` writes), 64 bits are two outputs' u32 words, the first in the high half.
    NumPy's distributions but its float64 uniforms read the words: MT19937, MTGP32 and CEICG
    give 32 uniform bits (docs/python.md). random_raw() gives the outputs' exact integers, as
    glrand.generate(..., dtype=uint32) does. Outputs are made `buffer` (at most 2^26) at a
    time; the state counts those NumPy took.
    """

    def __init__(self, generator="mrg32k3a", *, path="gl", seed=None, buffer=2**18, **settings):
        unknown = sorted(set(settings) - set(_arguments.SETTINGS_KEYWORDS))
        if unknown:
            raise TypeError(f"BitGenerator() got an unexpected keyword argument {unknown[0]!r}")
        buffer = _arguments.whole(buffer, "buffer", minimum=1, maximum=2**26)
        values = _arguments.settings(generator, path=path, seed=seed, **settings)
        if _glrand.parse_generator(values["generator"]) == "sobol32":
            raise ValueError("sobol32 is quasi-random, with 2^32 points a dimension: not a bit generator for "
                             "NumPy's distributions (use glrand.Generator)")
        if settings.get("curand_seed") is not None:
            raise ValueError("curand_seed gives cuRAND's doubles in (0, 1]; NumPy's bit generators give [0, 1) "
                             "(use glrand.Generator)")
        self._source = _glrand.BitSource(values, buffer)
        notice = self._source.take_notices().strip()
        if notice:
            warnings.warn(notice, RuntimeWarning, stacklevel=2)
        self._width = self._source.words_per_output
        # numpy.random.Generator holds this lock around its calls into the capsule.
        self.lock = threading.Lock()
        self.capsule = self._source.capsule()

    @property
    def state(self):
        """The settings and the outputs NumPy has taken, as Generator.state gives them."""
        with self.lock:
            return self._source.state()

    @state.setter
    def state(self, state):
        values = _arguments.state_settings(state)
        with self.lock:
            self._source.set_state(values)

    def random_raw(self, size=None):
        """The next outputs' exact integers (uint32; shape (size,) or (size, words)); one
        output without size."""
        count = 1 if size is None else _arguments.whole(size, "size")
        out = numpy.empty((count,) if self._width == 1 else (count, self._width), numpy.uint32)
        with self.lock:
            self._source.random_raw(out)
        return out[0] if size is None else out

    def __repr__(self):
        s = self.state
        return f"glrand.BitGenerator({s['generator']!r}, path={s['path']!r}, position={s['position']})"

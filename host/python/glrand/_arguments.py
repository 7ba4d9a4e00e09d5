# SPDX-License-Identifier: MIT
"""The module's arguments checked and turned into the dicts glrand._glrand takes.

Types and ranges are checked here, each with one line; names (generators, paths, profiles,
splits, distributions) and the settings' meaning are checked by the C++ library, with the
command's own messages.
"""
import inspect
import math
import operator

import numpy

from . import _glrand

UINT64_MAX = 2**64 - 1

# Settings beyond those glrand.generate() names in its signature.
SETTING_NAMES = ("wh_set", "dimensions", "curand_seed", "substreams", "split", "state_update",
                 "invocations", "size", "gl_readback", "self_test")
# A distribution's parameters (docs/python.md), and which belong to which distribution.
DISTRIBUTION_NAMES = ("range", "mean", "stddev", "lam", "method", "on")
PARAMETERS_OF = {
    "uniform": {"range", "on"},
    "uniform-positive": {"on"},
    "normal": {"mean", "stddev", "method", "on"},
    "lognormal": {"mean", "stddev", "method", "on"},
    "exponential": {"lam", "on"},
    "poisson": {"lam", "on"},
}


def whole(value, name, *, minimum=0, maximum=UINT64_MAX):
    """An integer: a Python or NumPy integer, or a float with a whole value (n=1e9)."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        if isinstance(value, (float, numpy.floating)) and math.isfinite(value) and float(value).is_integer():
            number = int(value)
        else:
            raise ValueError(f"{name} must be a whole number, not {value!r}") from None
    if not minimum <= number <= maximum:
        raise ValueError(f"{name} must be in {minimum}..{maximum}, not {number}")
    return number


def text(value, name):
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string, not {value!r}")
    return value.replace("_", "-") if name in ("method", "split", "state_update", "gl_readback") else value


def real(value, name):
    if isinstance(value, (bool, str, bytes)):
        raise ValueError(f"{name} must be a number, not {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, not {value!r}") from None


def seed_fields(generator, seed):
    """seed: an int (any generator's 64-bit seed), or the native seed as a sequence of ints or
    as the command's --seed text ("1,2,3")."""
    if seed is None:
        return {}
    if isinstance(seed, str):
        return {"seed": _glrand.parse_seed(generator, seed)}
    if isinstance(seed, bool):
        raise ValueError(f"seed must be an integer or a sequence of integers, not {seed!r}")
    try:
        return {"seed64": whole(operator.index(seed), "seed")}
    except TypeError:
        pass
    try:
        words = [whole(word, "each word of seed") for word in seed]
    except TypeError:
        raise ValueError(f"seed must be an integer, a sequence of integers or a string, not {seed!r}") from None
    if not words:
        raise ValueError("seed must not be empty: leave it out for the generator's default seed")
    return {"seed": words}


def settings(generator, *, path="gl", seed=None, offset=0, substream=0, stream=0, profile=None, device=None,
             wh_set=0, dimensions=1, curand_seed=None, substreams=None, split=None, state_update=None,
             invocations=None, size=None, gl_readback=None, self_test=True):
    """The dict glrand._glrand takes for these settings (keys as these arguments)."""
    generator = text(generator, "generator")
    path = text(path, "path")
    values = {"generator": generator, "path": path}
    values.update(seed_fields(generator, seed))
    values["offset"] = whole(offset, "offset")
    values["substream"] = whole(substream, "substream")
    values["stream"] = whole(stream, "stream")
    if profile is not None:
        if path != "gl":
            raise ValueError("--profile chooses the GL path's shaders (ps30, scatter or compute); it does not "
                             f"apply to --path {path}")
        values["profile"] = text(profile, "profile")
    if device is not None:
        values["device"] = whole(device, "device", maximum=2**31 - 1)
    values["wh_set"] = whole(wh_set, "wh_set", maximum=2**31 - 1)
    values["dimensions"] = whole(dimensions, "dimensions", minimum=1, maximum=2**31 - 1)
    if curand_seed is not None:
        values["curand_seed"] = whole(curand_seed, "curand_seed")
    if substreams is not None:
        values["substreams"] = whole(substreams, "substreams", minimum=1)
    if split is not None:
        values["split"] = text(split, "split")
    if state_update is not None:
        values["state_update"] = text(state_update, "state_update")
    if invocations is not None:
        values["invocations"] = whole(invocations, "invocations", minimum=1)
    if size is not None:
        try:
            width, height = size
        except (TypeError, ValueError):
            raise ValueError(f"size must be (width, height), not {size!r}") from None
        values["size"] = (whole(width, "size's width", maximum=2**32 - 1),
                          whole(height, "size's height", maximum=2**32 - 1))
    if gl_readback is not None:
        if path != "gl":
            raise ValueError("--gl-readback says how the GL path reads its passes back; it does not apply to "
                             f"--path {path}")
        values["gl_readback"] = text(gl_readback, "gl_readback")
    if not isinstance(self_test, bool):
        raise ValueError(f"self_test must be True or False, not {self_test!r}")
    values["self_test"] = self_test
    return values


# Every keyword settings() takes: the generator's settings by name.
SETTINGS_KEYWORDS = tuple(inspect.signature(settings).parameters)[1:]


def state_settings(state):
    """A state dict (Generator.state) checked as settings, with its position."""
    if not isinstance(state, dict):
        raise ValueError(f"a state must be a dict (as Generator.state gives), not {type(state).__name__}")
    fields = dict(state)
    try:
        generator = fields.pop("generator")
    except KeyError:
        raise ValueError("a state needs 'generator'") from None
    known = {"seed64", "position", *SETTINGS_KEYWORDS}
    unknown = sorted(set(fields) - known, key=str)
    if unknown:
        raise ValueError(f"not a glrand state: unknown key {unknown[0]!r}")
    position = whole(fields.pop("position", 0), "position")
    seed64 = fields.pop("seed64", None)
    if seed64 is not None:
        if fields.get("seed") is not None:
            raise ValueError("a state has a native seed or a 64-bit seed, not both")
        fields["seed"] = whole(seed64, "seed64")
    if fields.get("substreams") == 0:
        del fields["substreams"]  # automatic
    for gl_only in ("profile", "gl_readback"):
        if fields.get(gl_only) is not None and fields.get("path", "gl") != "gl":
            del fields[gl_only]  # states name them on every path
    values = settings(generator, **fields)
    values["position"] = position
    return values


def distribution(name, params):
    """The dict glrand._glrand takes for distribution `name` and its parameters, or None for
    the generator's own uniform floats."""
    name = text(name, "distribution").replace("_", "-")
    unknown = sorted(set(params) - set(DISTRIBUTION_NAMES))
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    if name == "uniform" and "range" not in params:
        extra = sorted(set(params) - {"on"})
        if extra:
            raise ValueError(f"{extra[0]} does not apply to the uniform distribution (range=(a, b) does)")
        if params.get("on", "host") == "gpu":
            raise ValueError("on='gpu' makes a distribution's values on the GPU; the generator's own floats "
                             "(no range) are made where the path makes them")
        return None
    for key in sorted(set(params) - PARAMETERS_OF.get(name, set(params))):
        raise ValueError(f"{key} is not a parameter of the {name} distribution")
    values = {"kind": name}
    if "range" in params:
        try:
            a, b = params["range"]
        except (TypeError, ValueError):
            raise ValueError(f"range must be (a, b), not {params['range']!r}") from None
        values["a"], values["b"] = real(a, "range's a"), real(b, "range's b")
    for key in ("mean", "stddev", "lam"):
        if key in params:
            values[key] = real(params[key], key)
    for key in ("method", "on"):
        if key in params:
            values[key] = text(params[key], key)
    return values

// SPDX-License-Identifier: MIT
#include "python/settings_dict.hpp"

#include <pybind11/stl.h>

#include <string>

#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include <glrand/types.hpp>

namespace glrand::python {
namespace py = pybind11;
namespace {

template <class T>
T get(const py::dict& values, const char* key, T fallback) {
  if (!values.contains(key) || values[key].is_none()) return fallback;
  try {
    return values[key].cast<T>();
  } catch (const py::cast_error&) {
    throw InvalidArgument(std::string(key) + " has the wrong type: " + std::string(py::str(py::repr(values[key]))));
  }
}

template <class T>
std::optional<T> get_optional(const py::dict& values, const char* key) {
  if (!values.contains(key) || values[key].is_none()) return std::nullopt;
  return get<T>(values, key, T{});
}

}  // namespace

Settings settings_from_dict(const py::dict& values) {
  Settings s;
  s.algorithm = find_generator(get<std::string>(values, "generator", "ceicg")).algorithm;
  s.backend = parse_backend(get<std::string>(values, "path", "gl"));
  s.device = get_optional<int>(values, "device");
  s.profile = parse_profile(get<std::string>(values, "profile", "ps30"));
  s.seed = get<std::vector<std::uint64_t>>(values, "seed", {});
  s.seed64 = get_optional<std::uint64_t>(values, "seed64");
  s.offset = get<std::uint64_t>(values, "offset", 0);
  s.substream = get<std::uint64_t>(values, "substream", 0);
  s.stream = get<std::uint64_t>(values, "stream", 0);
  s.curand_seed = get_optional<std::uint64_t>(values, "curand_seed");
  s.wh_set = get<int>(values, "wh_set", 0);
  s.dimensions = get<int>(values, "dimensions", 1);
  s.layout.substreams = get<std::uint64_t>(values, "substreams", kAutomaticSubstreams);
  s.layout.split = parse_split(get<std::string>(values, "split", "leapfrog"));
  s.layout.update = parse_state_update(get<std::string>(values, "state_update", "gpu"));
  s.invocations = get_optional<std::uint64_t>(values, "invocations");
  if (const auto size = get_optional<std::pair<std::uint32_t, std::uint32_t>>(values, "size"))
    s.ceicg_target = {size->first, size->second};
  s.gl_readback = parse_gl_readback(get<std::string>(values, "gl_readback", "auto"));
  s.self_test = get<bool>(values, "self_test", true);
  return s;
}

py::dict dict_from_state(const GeneratorState& state) {
  const Settings& s = state.settings;
  py::dict values;
  values["generator"] = std::string(info(s.algorithm).name);
  values["path"] = name_of(s.backend);
  values["device"] = s.device ? py::object(py::int_(*s.device)) : py::none();
  values["profile"] = name_of(s.profile);
  values["seed"] = s.seed.empty() ? py::object(py::none()) : py::object(py::cast(s.seed));
  values["seed64"] = s.seed64 ? py::object(py::int_(*s.seed64)) : py::none();
  values["offset"] = s.offset;
  values["substream"] = s.substream;
  values["stream"] = s.stream;
  values["curand_seed"] = s.curand_seed ? py::object(py::int_(*s.curand_seed)) : py::none();
  values["wh_set"] = s.wh_set;
  values["dimensions"] = s.dimensions;
  values["substreams"] = s.layout.substreams;
  values["split"] = name_of(s.layout.split);
  values["state_update"] = name_of(s.layout.update);
  values["invocations"] = s.invocations ? py::object(py::int_(*s.invocations)) : py::none();
  values["size"] = py::make_tuple(s.ceicg_target.width, s.ceicg_target.height);
  values["gl_readback"] = name_of(s.gl_readback);
  values["self_test"] = s.self_test;
  values["position"] = state.position;
  return values;
}

GeneratorState state_from_dict(const py::dict& values) {
  return {settings_from_dict(values), get<std::uint64_t>(values, "position", 0)};
}

Distribution distribution_from_dict(const py::dict& values) {
  Distribution d;
  d.kind = distribution_kind(get<std::string>(values, "kind", "uniform"));
  d.a = get<double>(values, "a", d.a);
  d.b = get<double>(values, "b", d.b);
  d.mean = get<double>(values, "mean", d.mean);
  d.stddev = get<double>(values, "stddev", d.stddev);
  d.lambda = get<double>(values, "lam", d.lambda);
  d.method = normal_method(get<std::string>(values, "method", "inverse-cdf"));
  d.on = distribution_on(get<std::string>(values, "on", "host"));
  check(d);
  return d;
}

}  // namespace glrand::python

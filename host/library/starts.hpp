// SPDX-License-Identifier: MIT
#pragma once
// From a generator's Settings to where its sequence starts: every setting checked (one
// message naming the setting as the command spells it), then each generator's first state.
#include <cstdint>
#include <glrand/generator.hpp>
#include <optional>
#include <string>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::library {

// Throws InvalidArgument (DeviceError for a backend this build lacks) for any setting that
// is out of range or means nothing for the generator, backend or profile.
void check_settings(const Settings& settings);

// The native seed in force: Settings::seed, native_seed(seed64), or empty for the default.
std::vector<std::uint64_t> seed_words(const Settings& settings);

// Each generator's state at output `first` of the sequence the settings start (their offset
// included); settings already checked.
ceicg::Residues ceicg_start(const Settings& settings, std::uint64_t first);
pm::State pm_start(const Settings& settings, std::uint64_t first);
wh::State wh_start(const Settings& settings, int set, std::uint64_t first);
// The state before output `first`'s step (as mrg32k3a::generate_ints takes it).
mrg32k3a::State mrg32k3a_before(const Settings& settings, std::uint64_t first);
std::uint32_t mt19937_seed(const Settings& settings);
std::uint64_t mtgp32_seed(const Settings& settings);

}  // namespace glrand::library

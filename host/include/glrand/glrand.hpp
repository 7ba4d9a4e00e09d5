// SPDX-License-Identifier: MIT
#pragma once
// glrand's public API: the generators (registry.hpp), one handle for every generator and
// backend (generator.hpp), one sequence shared among ranks (ranks.hpp), random textures in
// the caller's GL context (texture.hpp), the devices and a headless GL context (devices.hpp),
// the GL substream layout's Table 3 (substream_table.hpp), the settings' types (types.hpp),
// errors (error.hpp) and the version (version.hpp). docs/library.md is the guide.
#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <glrand/ranks.hpp>
#include <glrand/registry.hpp>
#include <glrand/substream_table.hpp>
#include <glrand/texture.hpp>
#include <glrand/types.hpp>
#include <glrand/version.hpp>

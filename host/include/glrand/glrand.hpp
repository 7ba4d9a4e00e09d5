// SPDX-License-Identifier: MIT
#pragma once
// glrand's public API: the generators (registry.hpp), one handle for every generator and
// backend (generator.hpp), their settings' types (types.hpp), errors (error.hpp) and the
// version (version.hpp). docs/library.md is the guide.
#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <glrand/registry.hpp>
#include <glrand/types.hpp>
#include <glrand/version.hpp>

// SPDX-License-Identifier: MIT
#pragma once
// Library calls report failure with these exceptions; the CLI turns each into one line on
// stderr and a non-zero exit status (see host/cli/main.cpp).
#include <stdexcept>
#include <string>

namespace glrand {

// Anything that went wrong: bad input, an unwritable file, a GL or device failure.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The caller asked for something invalid (a seed out of range, an unknown generator...).
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

// No usable device, or the device failed (GL error, incomplete framebuffer, lost context).
class DeviceError : public Error {
 public:
  using Error::Error;
};

}  // namespace glrand

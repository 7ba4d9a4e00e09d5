// SPDX-License-Identifier: MIT
#pragma once
// A command that ran to the end but whose result must show in the exit status (glrand test:
// 3 when a test FAILED). Not an error: main() returns the status and prints nothing more.

namespace glrand::cli {

struct ExitStatus {
  int status;
};

}  // namespace glrand::cli

// SPDX-License-Identifier: MIT
#pragma once
// A rank's own failure between two agreement points (mpi::World::agree): the first step that
// threw, with the exit status it chose (2 for bad usage, else 1); or that the reader of its
// output went away (a pipe to `head`), after which nothing more is done and the run ends
// quietly. Later steps are skipped, so that the rank still reaches the next agreement.
#include <exception>
#include <functional>
#include <string>

#include <glrand/error.hpp>
#include "output/output_file.hpp"

namespace glrand::mpi {

struct LocalFailure {
  std::string message;
  int status = 1;
  bool closed = false;
  bool ok() const { return message.empty() && !closed; }
  void take(const std::function<void()>& step) {
    if (!ok()) return;
    try {
      step();
    } catch (const InvalidArgument& e) {
      message = e.what();
      status = 2;
    } catch (const output::OutputClosed&) {
      closed = true;
    } catch (const std::exception& e) {
      message = e.what();
      status = 1;
    }
  }
};

}  // namespace glrand::mpi

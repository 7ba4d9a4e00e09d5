// SPDX-License-Identifier: MIT
#include "bench/lib/write_pass.hpp"

namespace glrand::bench {

WritePass::WritePass(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
                     int floats_per_output)
    : program_(profile, "write"),
      substreams_(substreams),
      outputs_per_substream_(outputs_per_substream),
      floats_per_output_(floats_per_output),
      states_(16),
      outputs_(floats() * sizeof(float)) {}

void WritePass::run() {
  states_.bind_base(stream::kStateBinding);
  outputs_.bind_base(stream::kOutputBinding);
  program_.use().set_int("uFloatsPerOutput", floats_per_output_);
  program_.run(substreams_, outputs_per_substream_);
}

}  // namespace glrand::bench

// SPDX-License-Identifier: MIT
// glrand info: the devices, the GL context glrand would use with the self-test of every
// generator on it, and whether CUDA and Intel MKL are available.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/core.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/substream_table.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "mkl/vsl.hpp"

namespace glrand::cli {
namespace {

// With the CUDA path, what its runtime finds (what --path cuda will use); without it, whether
// the driver would be usable.
void print_cuda() {
  const CudaDevices cuda = cuda_devices();
  if (!cuda.available) {
    fmt::print("CUDA: not available ({})\n", cuda.reason);
    return;
  }
  const std::string runtime =
      cuda.runtime_version > 0 ? ", runtime " + format_cuda_version(cuda.runtime_version) : "";
  fmt::print("CUDA: driver {}{}, {} device(s)\n", format_cuda_version(cuda.driver_version), runtime, cuda.names.size());
  for (std::size_t i = 0; i < cuda.names.size(); ++i) fmt::print("  {}: {}\n", i, cuda.names[i]);
}

// Every self-test on the current context, one line each, failures with their message.
// Returns the failed ones ("pm (ps30), ..."), empty if none.
std::string print_self_tests() {
  fmt::print("Self-tests (known answers on this device):\n");
  std::string failed;
  for (const SelfTestResult& result : run_self_tests()) {
    const std::string generator(info(result.algorithm).name);
    const std::string profile = name_of(result.profile);
    fmt::print("  {:<9} {:<7} {}  {:7.1f} ms{}\n", generator, profile, result.passed ? "pass" : "FAIL",
               result.milliseconds, result.passed ? "" : ": " + result.failure);
    if (!result.passed) failed += (failed.empty() ? "" : ", ") + generator + " (" + profile + ")";
  }
  return failed;
}

void print_table(const SubstreamTable& row, const std::string& generator) {
  fmt::print("Table 3 (2006 paper) for {}:\n", generator);
  fmt::print("  substreams:                    {}\n", row.substreams);
  fmt::print("  sequence length per substream: {}\n", row.length);
  fmt::print("  substream-state memory, GPU:   {}\n", row.gpu_memory);
  fmt::print("  substream-state memory, host:  {}\n", row.host_memory);
  fmt::print("  instructions:                  {}\n", row.instructions);
  if (!row.note.empty()) fmt::print("  note:                          {}\n", row.note);
}

void run_info(std::optional<int> device) {
  std::optional<Error> failure;
  std::string failed;
  try {
    const auto devices = gl_devices();
    fmt::print("EGL devices: {}\n", devices.size());
    for (const auto& d : devices) fmt::print("  {}: {}\n", d.index, d.label);
    const GlContext context(device, &std::cout);
    const GlContextInfo info = current_gl_context();
    fmt::print("Device used: {}: {}\n", context.device().index, context.device().label);
    fmt::print("  GL vendor:    {}\n  GL renderer:  {}\n  GL version:   {}\n  GLSL version: {}\n", info.vendor,
               info.renderer, info.version, info.glsl_version);
    fmt::print("  max texture size: {}\n  max draw buffers: {}\n  max colour attachments: {}\n", info.max_texture_size,
               info.max_draw_buffers, info.max_color_attachments);
    fmt::print("  max viewport: {}x{}\n", info.max_viewport_width, info.max_viewport_height);
    failed = print_self_tests();
  } catch (const Error& e) {
    failure = e;
  }
  print_cuda();
  const auto& mkl = mkl::availability();
  if (mkl.available)
    fmt::print("Intel MKL: {} ({}; glrand bench --path mkl)\n", mkl.version, mkl.library);
  else
    fmt::print("Intel MKL: not available ({})\n", mkl.reason);
  if (failure) throw *failure;
  if (!failed.empty())
    throw DeviceError("this device failed the self-test of " + failed + ": glrand refuses to generate with it there");
}

}  // namespace

void add_info_command(CLI::App& app) {
  auto source = std::make_shared<SourceOptions>();
  auto* command = app.add_subcommand(
      "info", "Show the GPU devices, the OpenGL context glrand uses with each generator's self-test on it, and CUDA; "
              "with -g, the 2006 paper's Table 3 for that generator and substream layout");
  source->add_to(*command, /*substream_layout=*/true);
  command->callback([source, command] {
    if (command->count("--generator") > 0) {
      print_table(substream_table(source->settings()), source->generator);
      return;
    }
    run_info(source->device);
  });
}

}  // namespace glrand::cli

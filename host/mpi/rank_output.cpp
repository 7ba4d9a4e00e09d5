// SPDX-License-Identifier: MIT
#include "mpi/rank_output.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <limits>
#include <memory>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/ranks.hpp>
#include "cli/progress.hpp"
#include "mpi/local_failure.hpp"
#include "mpi/world.hpp"
#include "output/atomic_file.hpp"
#include "output/output_file.hpp"
#include "output/output_target.hpp"
#include "output/sink.hpp"

namespace glrand::mpi {
namespace {

// The ways a run's blocks reach its output.
enum class Mode : int {
  shared_file,  // a regular file, binary: MPI-IO at each block's offset
  null_device,  // the null device: each rank writes its own block there
  gather,       // standard output, text, other targets in place: rank 0 writes every block
};

constexpr int kDataTag = 1;
constexpr std::uint64_t kEndOfBlock = std::numeric_limits<std::uint64_t>::max();

// The GPU a rank without --device takes: its local rank modulo the GPUs visible (the GL
// path: the EGL devices that are not a software renderer; none: the default device).
std::optional<int> rank_device(Backend backend, int local_rank) {
  if (backend == Backend::cuda) {
    const CudaDevices cuda = cuda_devices();
    if (!cuda.available || cuda.names.empty()) return std::nullopt;
    return local_rank % static_cast<int>(cuda.names.size());
  }
  if (backend == Backend::gl) {
    std::vector<int> gpus;
    for (const GlDevice& d : gl_devices())
      if (!d.software) gpus.push_back(d.index);
    if (gpus.empty()) return std::nullopt;
    return gpus[static_cast<std::size_t>(local_rank) % gpus.size()];
  }
  return std::nullopt;
}

// Where a rank's elements go in the whole run's: `runs` runs of `run_elements`, run j from
// element start + j·stride (Sobol32's points of each dimension; one run otherwise).
struct Placement {
  std::uint64_t start = 0, run_elements = 0, stride = 0, runs = 1;
};

class Share {
 public:
  Share(const RankRun& run, const World& world) : run_(run) {
    Settings settings = run.settings;
    if (!settings.device) settings.device = rank_device(settings.backend, world.local_rank());
    // --format u32's float23-pairs words take two outputs each: shared in words.
    outputs_per_element_ = run.format == cli::Format::u32 ? cli::outputs_for_words(run.words, 1) : 1;
    share_ = run.distribution ? share_of(settings, run.count, world.size(), world.rank(), *run.distribution)
                              : share_of(settings, run.count, world.size(), world.rank());
    if (outputs_per_element_ > 1) share_.settings.offset = settings.offset + share_.first * outputs_per_element_;
    generator_ = std::make_unique<Generator>(share_.settings);
    if (share_.count > 0) generator_->check_count(share_.count * outputs_per_element_);
    type_ = cli::element_type(run.format);
    words_ = run.format == cli::Format::ints ? static_cast<std::uint64_t>(generator_->words_per_output()) : 1;
    const bool sobol = run.settings.algorithm == Algorithm::sobol32 && run.settings.dimensions > 1;
    if (sobol) {
      const auto dimensions = static_cast<std::uint64_t>(run.settings.dimensions);
      placement_ = {share_.first, share_.count / dimensions, run.count / dimensions, dimensions};
    } else {
      placement_ = {share_.first * words_, share_.count * words_, 0, 1};
    }
  }

  Generator& generator() { return *generator_; }
  std::optional<int> device() const { return share_.settings.device; }
  std::uint64_t elements() const { return share_.count * words_; }  // in the sink
  output::ElementType type() const { return type_; }
  const Placement& placement() const { return placement_; }

  // Generates the rank's block into `sink`.
  void write(output::OutputSink& sink) {
    const auto began = std::chrono::steady_clock::now();
    const auto ignore = [](std::uint64_t) {};
    if (share_.count > 0) {
      if (run_.distribution)
        cli::write_distribution(*generator_, share_.count, run_.format, *run_.distribution, sink, ignore);
      else
        cli::write_numbers(*generator_, share_.count * outputs_per_element_, run_.format, run_.words, sink, ignore);
    }
    sink.finish();
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  }
  // The rank's outputs (--format u32: words) over the time its write() took.
  double rate() const { return seconds_ > 0 ? static_cast<double>(share_.count) / seconds_ : 0.0; }

 private:
  double seconds_ = 0;
  const RankRun& run_;
  RankShare share_;
  std::uint64_t outputs_per_element_ = 1, words_ = 1;
  std::unique_ptr<Generator> generator_;
  output::ElementType type_ = output::ElementType::f32;
  Placement placement_;
};

std::string broadcast_string(std::string text, int root) {
  std::uint64_t size = text.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
  text.resize(size);
  MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, root, MPI_COMM_WORLD);
  return text;
}

// MPI_File_write_at in pieces below 2^30 bytes (its count is an int).
void write_at(MPI_File file, std::uint64_t offset, std::span<const std::byte> bytes, const std::string& what) {
  constexpr std::size_t kPiece = std::size_t{1} << 30;
  for (std::size_t done = 0; done < bytes.size();) {
    const std::size_t n = std::min(kPiece, bytes.size() - done);
    MPI_Status status;
    if (MPI_File_write_at(file, static_cast<MPI_Offset>(offset + done), bytes.data() + done, static_cast<int>(n), MPI_BYTE,
                          &status) != MPI_SUCCESS)
      throw Error("cannot write " + what + " with MPI-IO");
    done += n;
  }
}

// The run into one regular file: a temporary beside it, written by every rank at its blocks'
// offsets, renamed into place by rank 0 once every rank has written.
void write_shared_file(const RankRun& run, Share& share, const World& world, const std::filesystem::path& path,
                       const std::vector<std::uint64_t>& shape) {
  const bool npy = output::is_npy_path(run.output);
  const std::string header = npy ? output::npy_header(share.type(), shape) : "";
  const std::uint64_t elements = output::element_count(shape);
  const std::uint64_t element_size = output::element_size(share.type());
  LocalFailure failure;
  std::optional<output::AtomicFile> file;  // rank 0's: the temporary, removed unless committed
  if (world.rank() == 0)
    failure.take([&] {
      file.emplace(path);
      output::require_free_space(path.parent_path().empty() ? "." : path.parent_path(), header.size() + elements * element_size);
    });
  world.agree(failure.message, failure.status);
  const std::string temporary = broadcast_string(world.rank() == 0 ? file->temp_path().string() : "", 0);
  MPI_File handle = MPI_FILE_NULL;
  if (MPI_File_open(MPI_COMM_WORLD, temporary.c_str(), MPI_MODE_WRONLY, MPI_INFO_NULL, &handle) != MPI_SUCCESS)
    failure.message = "cannot open '" + run.output + "'s temporary with MPI-IO";
  try {
    world.agree(failure.message, failure.status);
  } catch (const RankFailure&) {
    if (handle != MPI_FILE_NULL) MPI_File_close(&handle);  // opened on some ranks, not on all
    throw;
  }
  const std::string what = "'" + run.output + "'";
  if (world.rank() == 0) failure.take([&] { write_at(handle, 0, std::as_bytes(std::span(header)), what); });
  const Placement& place = share.placement();
  std::uint64_t written = 0;  // the rank's bytes so far
  const std::uint64_t run_bytes = place.run_elements * element_size;
  const auto writer = [&](std::span<const std::byte> bytes, std::uint64_t) {
    while (!bytes.empty()) {
      const std::uint64_t j = written / run_bytes, within = written % run_bytes;
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(bytes.size(), run_bytes - within));
      write_at(handle, header.size() + (place.start + j * place.stride) * element_size + within, bytes.first(n), what);
      written += n;
      bytes = bytes.subspan(n);
    }
  };
  failure.take([&] {
    const auto sink = output::OutputSink::to_writer(share.type(), false, share.elements(), writer, what);
    share.write(*sink);
  });
  // On the disk, not only in this host's cache, before rank 0 renames it into place.
  if (MPI_File_sync(handle) != MPI_SUCCESS && failure.ok()) failure.message = "cannot flush " + what + " with MPI-IO";
  MPI_File_close(&handle);
  world.agree(failure.message, failure.status);
  if (world.rank() == 0) failure.take([&] { file->commit(); });
  world.agree(failure.message, failure.status);
}

// Each rank writes its block into the null device.
void write_null_device(const RankRun& run, Share& share, const World& world) {
  LocalFailure failure;
  failure.take([&] {
    std::vector<std::uint64_t> shape{share.elements()};
    const auto sink = output::OutputSink::open({run.output, share.type(), shape, false});
    share.write(*sink);
  });
  world.agree(failure.message, failure.status);
}

// Rank 0 writes its block and then every other rank's, in rank order, into the run's output;
// the other ranks send theirs, chunk by chunk, and mark its end, saying whether the block is
// whole. After a short block (its rank failed) or a reader that went away, rank 0 only drains
// what comes, so that the failing rank's own reason is the one agreed on.
void write_gathered(const RankRun& run, Share& share, const World& world, const std::vector<std::uint64_t>& shape) {
  const bool text = cli::is_text(run.format);
  LocalFailure failure;
  if (world.rank() == 0) {
    std::unique_ptr<output::OutputSink> sink;
    failure.take([&] { sink = output::OutputSink::open({run.output, share.type(), shape, text}); });
    world.agree(failure.message, failure.status);
    // Its own block through a writer into the run's sink, which counts the whole run.
    failure.take([&] {
      const auto own = output::OutputSink::to_writer(
          share.type(), text, share.elements(),
          [&](std::span<const std::byte> bytes, std::uint64_t elements) { sink->write_bytes(bytes, elements); },
          "rank 0's block");
      share.write(*own);
    });
    bool short_block = false;
    std::vector<std::byte> buffer;
    for (int from = 1; from < world.size(); ++from)
      for (;;) {
        std::uint64_t header[2] = {0, 0};  // elements (kEndOfBlock: the end), bytes (at the end: 1 if short)
        MPI_Recv(header, 2, MPI_UINT64_T, from, kDataTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (header[0] == kEndOfBlock) {
          short_block = short_block || header[1] != 0;
          break;
        }
        buffer.resize(header[1]);
        MPI_Recv(buffer.data(), static_cast<int>(header[1]), MPI_BYTE, from, kDataTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!short_block) failure.take([&] { sink->write_bytes(buffer, header[0]); });
      }
    if (!short_block) failure.take([&] { sink->finish(); });
  } else {
    world.agree();  // rank 0 opened the output
    failure.take([&] {
      const auto sink = output::OutputSink::to_writer(
          share.type(), text, share.elements(),
          [&](std::span<const std::byte> bytes, std::uint64_t elements) {
            std::uint64_t header[2] = {elements, bytes.size()};
            MPI_Send(header, 2, MPI_UINT64_T, 0, kDataTag, MPI_COMM_WORLD);
            MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, kDataTag, MPI_COMM_WORLD);
          },
          "rank " + std::to_string(world.rank()) + "'s block");
      share.write(*sink);
    });
    std::uint64_t end[2] = {kEndOfBlock, failure.message.empty() ? 0u : 1u};
    MPI_Send(end, 2, MPI_UINT64_T, 0, kDataTag, MPI_COMM_WORLD);
  }
  world.agree(failure.message, failure.status);
}

}  // namespace

void run_generate_ranks(const RankRun& run) {
  const World& world = World::instance();
  const auto began = std::chrono::steady_clock::now();
  LocalFailure failure;
  std::unique_ptr<Share> share;
  failure.take([&] { share = std::make_unique<Share>(run, world); });
  world.agree(failure.message, failure.status);

  // Rank 0 decides where the blocks go; every rank follows.
  int mode = static_cast<int>(Mode::gather);
  std::filesystem::path path;
  if (world.rank() == 0)
    failure.take([&] {
      if (run.output == "-" || cli::is_text(run.format)) return;
      const output::OutputTarget target = output::resolve_output_target(run.output);
      if (target.kind == output::OutputTarget::Kind::file) {
        mode = static_cast<int>(Mode::shared_file);
        path = target.path;
      } else if (output::is_null_device(target.path)) {
        mode = static_cast<int>(Mode::null_device);
      }
    });
  world.agree(failure.message, failure.status);
  MPI_Bcast(&mode, 1, MPI_INT, 0, MPI_COMM_WORLD);
  // Gathered blocks follow each other, so a block must be one run of the output.
  if (static_cast<Mode>(mode) == Mode::gather && share->placement().runs > 1)
    throw InvalidArgument("under mpirun, -g sobol32 with --dimensions above 1 goes to a file (-o FILE, a binary "
                          "format), whose dimensions MPI-IO writes in place: standard output and text are written "
                          "rank by rank");
  const std::vector<std::uint64_t> shape = cli::sink_shape(share->generator(), run.format, run.count);
  switch (static_cast<Mode>(mode)) {
    case Mode::shared_file: write_shared_file(run, *share, world, path, shape); break;
    case Mode::null_device: write_null_device(run, *share, world); break;
    case Mode::gather: write_gathered(run, *share, world, shape); break;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  // Each rank's own rate while it made and wrote its block (gathered: while it was sent), and
  // its device (-1: the default), for the summary; ranks without outputs have neither.
  const double own_rate = share->rate();
  const int own_device = share->elements() > 0 ? share->device().value_or(-1) : -2;
  std::vector<double> rates(static_cast<std::size_t>(world.size()));
  std::vector<int> devices(static_cast<std::size_t>(world.size()));
  MPI_Gather(&own_rate, 1, MPI_DOUBLE, rates.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Gather(&own_device, 1, MPI_INT, devices.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (world.rank() == 0 && !run.quiet) {
    std::vector<double> working;
    for (const double r : rates)
      if (r > 0) working.push_back(r);
    const auto [slowest, fastest] = std::minmax_element(working.begin(), working.end());
    const char* unit = run.format == cli::Format::u32 ? "words" : "outputs";
    std::vector<int> chosen;
    for (const int d : devices)
      if (d >= 0 && std::find(chosen.begin(), chosen.end(), d) == chosen.end()) chosen.push_back(d);
    std::sort(chosen.begin(), chosen.end());
    const std::string on_devices =
        chosen.empty() ? std::string()
                       : fmt::format(" on {} devices {}", run.settings.backend == Backend::cuda ? "CUDA" : "EGL",
                                     fmt::join(chosen, ", "));
    std::cerr << fmt::format("glrand: {}) to {} in {:.2f} s ({} {}/s) on {} ranks{} (each {}–{} {}/s); rank 0 on {}\n",
                             run.summary_what, run.output == "-" ? "standard output" : run.output, seconds,
                             cli::si_count(static_cast<double>(run.count) / seconds), unit, world.size(), on_devices,
                             working.empty() ? "-" : cli::si_count(*slowest), working.empty() ? "-" : cli::si_count(*fastest),
                             unit, share->generator().where());
  }
}

}  // namespace glrand::mpi

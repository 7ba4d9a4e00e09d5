// SPDX-License-Identifier: MIT
// `mpirun -np N glrand generate` and `glrand bench` (docs/mpi.md): for N = 1 to 4, every
// generator's output, split among the ranks (counts that N does not divide) on the CPU path and on the GL path
// (llvmpipe in CI), equals the CPU reference's one-process output byte for byte: raw and .npy
// files written with MPI-IO, text gathered on rank 0 through standard output, the null device
// written by every rank. A rank that fails makes every rank exit non-zero with one line naming
// it, and no file is left. bench prints rank 0's rate alone beside every rank's together. mpirun
// runs with its session files in the test's temporary directory.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <string>
#include <vector>

#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

namespace {

// mpirun -np N (--oversubscribe: more ranks than this machine's cores; as root where the
// tests run as root) glrand ARGS, through env so that Open MPI keeps its files in `dir`.
RunResult mpirun(const std::vector<std::vector<std::string>>& apps, const TempDir& dir) {
  std::vector<std::string> args{"TMPDIR=" + dir.path().string(), "OMPI_ALLOW_RUN_AS_ROOT=1",
                                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", "OMPI_MCA_rmaps_base_oversubscribe=1", GLRAND_MPIRUN};
  for (std::size_t a = 0; a < apps.size(); ++a) {
    if (a > 0) args.push_back(":");
    args.insert(args.end(), apps[a].begin(), apps[a].end());
  }
  return run_program("env", args, dir.path());
}

RunResult mpirun_glrand(int ranks, const std::vector<std::string>& glrand_args, const TempDir& dir) {
  std::vector<std::string> app{"-np", std::to_string(ranks), glrand_executable()};
  app.insert(app.end(), glrand_args.begin(), glrand_args.end());
  return mpirun({app}, dir);
}

// glrand's own lines on stderr that start with `start` (mpirun adds its own banners about
// exit codes).
std::vector<std::string> glrand_lines(const std::string& err, const std::string& start = "glrand:") {
  std::vector<std::string> lines;
  for (const std::string& line : lines_of(err))
    if (line.rfind(start, 0) == 0) lines.push_back(line);
  return lines;
}

// A failure's lines: one error line, and no rank saying it was stopped by mpirun's SIGTERM.
std::vector<std::string> error_lines(const std::string& err) {
  for (const std::string& line : glrand_lines(err)) CHECK(line.find("stopped by") == std::string::npos);
  return glrand_lines(err, "glrand: error:");
}

struct Run {
  std::string generator;
  std::vector<std::string> args;  // besides -g and the output
};

}  // namespace

TEST_CASE("mpirun -np 1..4 glrand generate writes the CPU reference's one-process file", "[mpi]") {
  TempDir dir;
  const std::vector<Run> runs{
      {"ceicg", {"-n", "1001", "--format", "ints"}},
      {"pm", {"-n", "1001", "--format", "f32"}},
      {"wh", {"-n", "1003", "--format", "ints"}},
      {"mrg32k3a", {"-n", "1001", "--format", "f64", "--offset", "99"}},
      {"mt19937", {"-n", "100003", "--format", "ints"}},
      {"mtgp32", {"-n", "100003", "--format", "f32", "--seed", "5"}},
      {"sobol32", {"-n", "3003", "--format", "ints", "--dimensions", "3"}},
      {"pm", {"-n", "1001", "--distribution", "normal", "--normal-method", "box-muller"}},
  };
  for (const Run& run : runs) {
    for (const std::string extension : {".bin", ".npy"}) {
      std::vector<std::string> reference_args{"generate", "-g", run.generator, "--path", "cpu", "-q", "-o",
                                              "reference" + extension};
      reference_args.insert(reference_args.end(), run.args.begin(), run.args.end());
      glrand_ok(reference_args, dir.path());
      const std::string reference = read_file(dir / ("reference" + extension));
      const bool gl = run.generator == "ceicg" || run.generator == "pm" || run.generator == "wh" ||
                      run.generator == "mrg32k3a";
      for (const std::string path : gl ? std::vector<std::string>{"cpu", "gl"} : std::vector<std::string>{"cpu"})
        for (int ranks = 1; ranks <= 4; ++ranks) {
          if (path == "gl" && extension == ".npy" && ranks != 3) continue;  // each path once as .npy
          const std::string output = "ranks" + extension;
          std::vector<std::string> args{"generate", "-g", run.generator, "--path", path, "-q", "-o", output};
          args.insert(args.end(), run.args.begin(), run.args.end());
          const RunResult r = mpirun_glrand(ranks, args, dir);
          INFO("mpirun -np " << ranks << " glrand " << join(args) << ": " << r.describe());
          REQUIRE(r.ok());
          CHECK(read_file(dir / output) == reference);
          std::filesystem::remove(dir / output);
        }
      std::filesystem::remove(dir / ("reference" + extension));
    }
  }
  CHECK(dir.entries().empty());
}

TEST_CASE("mpirun glrand generate -o - gathers every rank's block in order on rank 0", "[mpi]") {
  TempDir dir;
  for (const std::string format : {"text", "text-ints", "f32"}) {
    const std::vector<std::string> args{"generate", "-g", "wh", "-n", "1001", "--format", format, "-q", "-o", "-"};
    std::vector<std::string> cpu = args;
    cpu.insert(cpu.end(), {"--path", "cpu"});
    const std::string reference = glrand_ok(cpu, dir.path()).out;
    for (const int ranks : {2, 3}) {
      const RunResult r = mpirun_glrand(ranks, args, dir);
      INFO(ranks << " ranks, --format " << format << ": " << r.describe());
      REQUIRE(r.ok());
      CHECK(r.out == reference);
    }
  }
  // Text into a file: gathered on rank 0 too, the file replaced only when complete.
  const RunResult r = mpirun_glrand(3, {"generate", "-g", "pm", "-n", "1001", "--format", "text", "-q", "-o", "t.txt"}, dir);
  INFO(r.describe());
  REQUIRE(r.ok());
  CHECK(read_file(dir / "t.txt") ==
        glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "1001", "--format", "text", "-q", "-o", "-"}, dir.path()).out);
}

TEST_CASE("mpirun glrand generate into the null device: every rank writes its own block there", "[mpi]") {
  TempDir dir;
  // The null device made here (as root), not trusted at /dev/null.
  const std::string null = (dir / "null").string();
  REQUIRE(::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
  const RunResult r = mpirun_glrand(3, {"generate", "-g", "pm", "--path", "cpu", "-n", "1e6", "-o", null}, dir);
  INFO(r.describe());
  REQUIRE(r.ok());
  const auto lines = glrand_lines(r.err);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("1000000 outputs") != std::string::npos);
  CHECK(lines[0].find("on 3 ranks") != std::string::npos);
  struct stat s {};
  REQUIRE(::stat(null.c_str(), &s) == 0);
  CHECK(S_ISCHR(s.st_mode));
  CHECK(dir.entries() == std::vector<std::string>{"null"});
}

TEST_CASE("a rank that fails makes every rank exit non-zero with one line naming it, and leaves no file", "[mpi]") {
  TempDir dir;
  write_file(dir / "out.bin", "precious old contents\n");
  const std::string exe = glrand_executable();
  // Rank 1 asks for an EGL device this machine lacks; ranks 0 and 2 are fine.
  const RunResult device = mpirun({{"-np", "1", exe, "generate", "-g", "pm", "-n", "1000", "-o", "out.bin"},
                                   {"-np", "1", exe, "generate", "-g", "pm", "--device", "7", "-n", "1000", "-o", "out.bin"},
                                   {"-np", "1", exe, "generate", "-g", "pm", "-n", "1000", "-o", "out.bin"}},
                                  dir);
  INFO(device.describe());
  CHECK(device.exited);
  CHECK(device.status != 0);
  auto lines = error_lines(device.err);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("rank 1") != std::string::npos);
  CHECK(lines[0].find("--device 7") != std::string::npos);
  CHECK(read_file(dir / "out.bin") == "precious old contents\n");
  // Rank 2 fails to parse its options, after the others have started.
  const RunResult parse = mpirun({{"-np", "2", exe, "generate", "-g", "mt19937", "--path", "cpu", "-n", "1e6", "-o", "new.bin"},
                                  {"-np", "1", exe, "generate", "-g", "mt19937", "--path", "cpu", "-n", "1e6", "--bogus",
                                   "-o", "new.bin"}},
                                 dir);
  INFO(parse.describe());
  CHECK(parse.status != 0);
  lines = error_lines(parse.err);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("rank 2") != std::string::npos);
  CHECK(lines[0].find("--bogus") != std::string::npos);
  // Every rank failing alike: the line without a rank. Another command, and Sobol32's
  // dimensions gathered through standard output: refused.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"generate", "-g", "nope", "-n", "10", "-o", "x.bin"},
        std::vector<std::string>{"render", "-o", "x.png"},
        std::vector<std::string>{"generate", "-g", "sobol32", "--dimensions", "3", "-n", "300", "--format", "text", "-o", "-"}}) {
    const RunResult r = mpirun_glrand(2, args, dir);
    INFO(r.describe());
    CHECK(r.status != 0);
    lines = error_lines(r.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("glrand: error: rank ", 0) == std::string::npos);
  }
  // Rank 1 alone given --help: every rank stops with one line naming it.
  const RunResult help = mpirun({{"-np", "1", exe, "generate", "-g", "pm", "--path", "cpu", "-n", "1000", "-o", "new.bin"},
                                 {"-np", "1", exe, "generate", "--help"}},
                                dir);
  INFO(help.describe());
  CHECK(help.exited);
  CHECK(help.status != 0);
  lines = error_lines(help.err);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("rank 1") != std::string::npos);
  CHECK(lines[0].find("--help") != std::string::npos);
  CHECK(dir.entries() == std::vector<std::string>{"out.bin"});
  // Every rank given --help: rank 0 prints it, once, and all exit 0.
  const RunResult all_help = mpirun_glrand(3, {"generate", "--help"}, dir);
  INFO(all_help.describe());
  CHECK(all_help.status == 0);
  std::size_t usages = 0;
  for (std::size_t at = all_help.out.find("Usage:"); at != std::string::npos; at = all_help.out.find("Usage:", at + 1))
    ++usages;
  CHECK(usages == 1);
}

TEST_CASE("mpirun glrand bench measures every rank at once beside rank 0 alone", "[mpi]") {
  TempDir dir;
  const RunResult r =
      mpirun_glrand(2, {"bench", "--path", "cpu", "-g", "pm,wh", "--sizes", "2^20", "--repeats", "3"}, dir);
  INFO(r.describe() << "\nstdout:\n" << r.out);
  REQUIRE(r.ok());
  // One table row a generator, from rank 0 only: its rate alone, the two ranks' together, the
  // scaling between them.
  std::vector<std::string> rows;
  for (const std::string& line : lines_of(r.out))
    if (line.rfind("| cpu |", 0) == 0) rows.push_back(line);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].find("| pm | 2 |") != std::string::npos);
  CHECK(rows[1].find("| wh | 2 |") != std::string::npos);
  for (const std::string& row : rows) CHECK(row.find("×") != std::string::npos);
  CHECK(r.out.find("2 ranks, path cpu") != std::string::npos);
  // A path it does not measure among ranks, and --sinks: refused with one line.
  for (const std::vector<std::string>& args : {std::vector<std::string>{"bench", "--path", "gl"},
                                               std::vector<std::string>{"bench", "--path", "cpu", "--sinks", "null"}}) {
    const RunResult refused = mpirun_glrand(2, args, dir);
    INFO(refused.describe());
    CHECK(refused.status != 0);
    const auto lines = error_lines(refused.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("under mpirun") != std::string::npos);
  }
  CHECK(dir.entries().empty());
}

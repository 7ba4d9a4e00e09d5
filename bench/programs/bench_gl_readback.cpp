// SPDX-License-Identifier: MIT
// Ways of reading a GL storage buffer back to host memory, timed on the wall clock: the link's
// own rate (copy into host-visible memory, no host read) and each way with the host reading
// every byte, on one thread and on all cores. The medians of the repeats are reported.
//
//   bench_gl_readback [--device N] [--mib M] [--passes K] [--repeats R]
#include <GL/glew.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <iostream>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "gl/check.hpp"
#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
#include "gl/resources.hpp"
#include "generators/parallel_fill.hpp"

using namespace glrand;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

std::atomic<std::uint32_t> g_sink{0};  // what the reads summed, so that none is skipped

void read_one_thread(const float* f, std::size_t n) {
  std::uint32_t s = 0;
  for (std::size_t i = 0; i < n; ++i) s += std::bit_cast<std::uint32_t>(f[i]);
  g_sink += s;
}

void read_all_cores(const float* f, std::size_t n) {
  parallel_fill(n, 0, [&](std::uint64_t b, std::uint64_t e) {
    std::uint32_t s = 0;
    for (std::uint64_t i = b; i < e; ++i) s += std::bit_cast<std::uint32_t>(f[i]);
    g_sink += s;
  }, 1 << 20);
}

void copy_all_cores(const float* f, float* out, std::size_t n) {
  parallel_fill(n, 0, [&](std::uint64_t b, std::uint64_t e) { std::memcpy(out + b, f + b, (e - b) * 4); }, 1 << 20);
}

using Read = std::function<void(const float*, std::size_t)>;

struct Buffer {
  GLuint id = 0;
  const float* mapped = nullptr;
  GLsync fence = nullptr;
};

class Method {
 public:
  virtual ~Method() = default;
  virtual void issue(int k, GLuint source, std::size_t bytes) = 0;
  virtual void take(int k, std::size_t bytes, const Read& read) = 0;
};

// glBufferData(GL_STREAM_READ) buffers, mapped for each take (today's OverlappedReadback).
class MapEachPass : public Method {
 public:
  explicit MapEachPass(std::size_t bytes) {
    for (auto& b : b_) {
      glGenBuffers(1, &b.id);
      glBindBuffer(GL_COPY_WRITE_BUFFER, b.id);
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
    }
  }
  ~MapEachPass() override {
    for (auto& b : b_) glDeleteBuffers(1, &b.id);
  }
  void issue(int k, GLuint source, std::size_t bytes) override {
    glBindBuffer(GL_COPY_READ_BUFFER, source);
    glBindBuffer(GL_COPY_WRITE_BUFFER, b_[k % 2].id);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  }
  void take(int k, std::size_t bytes, const Read& read) override {
    glBindBuffer(GL_COPY_WRITE_BUFFER, b_[k % 2].id);
    const auto* p = static_cast<const float*>(
        glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT));
    if (!p) throw std::runtime_error("mapping a readback buffer failed");
    read(p, bytes / 4);
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
  }

 private:
  Buffer b_[2];
};

// Immutable buffers mapped once (persistent), fenced per pass.
class Persistent : public Method {
 public:
  Persistent(std::size_t bytes, bool coherent, bool client) : coherent_(coherent) {
    GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | (coherent ? GL_MAP_COHERENT_BIT : 0u) |
                       (client ? GL_CLIENT_STORAGE_BIT : 0u);
    for (auto& b : b_) {
      glGenBuffers(1, &b.id);
      glBindBuffer(GL_COPY_WRITE_BUFFER, b.id);
      glBufferStorage(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, flags);
      b.mapped = static_cast<const float*>(glMapBufferRange(
          GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes),
          GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | (coherent ? GL_MAP_COHERENT_BIT : 0u)));
      if (!b.mapped) throw std::runtime_error("persistent map failed");
    }
  }
  ~Persistent() override {
    for (auto& b : b_) {
      glBindBuffer(GL_COPY_WRITE_BUFFER, b.id);
      glUnmapBuffer(GL_COPY_WRITE_BUFFER);
      glDeleteBuffers(1, &b.id);
    }
  }
  void issue(int k, GLuint source, std::size_t bytes) override {
    glBindBuffer(GL_COPY_READ_BUFFER, source);
    glBindBuffer(GL_COPY_WRITE_BUFFER, b_[k % 2].id);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
    if (!coherent_) glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
    b_[k % 2].fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();
  }
  void take(int k, std::size_t bytes, const Read& read) override {
    auto& b = b_[k % 2];
    while (glClientWaitSync(b.fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000) == GL_TIMEOUT_EXPIRED) {
    }
    glDeleteSync(b.fence);
    read(b.mapped, bytes / 4);
  }

 private:
  bool coherent_;
  Buffer b_[2];
};

// glGetBufferSubData into host memory (synchronous).
class GetSubData : public Method {
 public:
  explicit GetSubData(std::size_t bytes) : host_(bytes / 4) {}
  void issue(int, GLuint source, std::size_t) override { source_ = source; }
  void take(int, std::size_t bytes, const Read& read) override {
    glBindBuffer(GL_COPY_READ_BUFFER, source_);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(bytes), host_.data());
    read(host_.data(), bytes / 4);
  }

 private:
  GLuint source_ = 0;
  std::vector<float> host_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"GL readback ways"};
  std::optional<int> device;
  int mib = 64, passes = 20, repeats = 5;
  app.add_option("--device", device);
  app.add_option("--mib", mib);
  app.add_option("--passes", passes);
  app.add_option("--repeats", repeats);
  CLI11_PARSE(app, argc, argv);
  gl::HeadlessContext context(device);
  std::cout << gl::query_context_info().renderer << "\n";
  const std::size_t bytes = std::size_t(mib) << 20;
  gl::StorageBuffer source(bytes);
  {
    std::vector<float> init(bytes / 4);
    for (std::size_t i = 0; i < init.size(); ++i) init[i] = static_cast<float>(i & 0xffffff);
    source.upload(init);
  }
  std::vector<float> host_copy(bytes / 4);
  const Read none = [](const float*, std::size_t) {};
  const Read one = read_one_thread;
  const Read all = read_all_cores;
  const Read copy = [&](const float* f, std::size_t n) { copy_all_cores(f, host_copy.data(), n); };
  struct Way {
    std::string name;
    std::function<std::unique_ptr<Method>()> make;
  };
  std::vector<Way> ways{
      {"map-each-pass (STREAM_READ)", [&] { return std::make_unique<MapEachPass>(bytes); }},
      {"persistent coherent client", [&] { return std::make_unique<Persistent>(bytes, true, true); }},
      {"persistent coherent", [&] { return std::make_unique<Persistent>(bytes, true, false); }},
      {"persistent barrier client", [&] { return std::make_unique<Persistent>(bytes, false, true); }},
      {"glGetBufferSubData", [&] { return std::make_unique<GetSubData>(bytes); }},
  };
  std::vector<std::pair<std::string, Read>> reads{{"no read", none}, {"1 thread", one}, {"all cores", all},
                                                  {"copy all cores", copy}};
  for (auto& way : ways) {
    auto m = way.make();
    for (auto& [rname, read] : reads) {
      std::vector<double> samples;
      for (int r = 0; r <= repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k <= passes; ++k) {
          if (k < passes) m->issue(k, source.id(), bytes);
          if (k > 0) m->take(k - 1, bytes, read);
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (r > 0) samples.push_back(s);
      }
      gl::check_errors("readback ways");
      const double gbs = double(bytes) * passes / median(samples) / 1e9;
      fmt::print("{:32} {:16} {:8.2f} GB/s\n", way.name, rname, gbs);
    }
  }
}

// SPDX-License-Identifier: MIT
#pragma once
// A file-size limit stands in for a full disk: writes past it fail with EFBIG. SIGXFSZ,
// which would otherwise end the test run, is ignored while the limit holds; both are
// restored at the end of the scope.
#include <signal.h>
#include <sys/resource.h>

#include <stdexcept>

class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGXFSZ, &ignore, &previous_action_);
    ::getrlimit(RLIMIT_FSIZE, &previous_limit_);
    rlimit limit = previous_limit_;
    limit.rlim_cur = bytes;
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) throw std::runtime_error("setrlimit(RLIMIT_FSIZE) failed");
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &previous_limit_);
    ::sigaction(SIGXFSZ, &previous_action_, nullptr);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  struct sigaction previous_action_ {};
  rlimit previous_limit_{};
};

// SPDX-License-Identifier: MIT
#include "output/interrupt.hpp"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace glrand::output {
namespace {

// A slot's state: free, being filled (the handler skips it), or holding a path to remove.
enum SlotState : int { kFree = 0, kFilling = 1, kReady = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  char temporary[PATH_MAX];
  char final[PATH_MAX];
};

constexpr int kSlots = 8;
Slot g_slots[kSlots];
std::atomic<bool> g_progress_shown{false};
std::atomic<bool> g_installed{false};

void write_text(const char* text) noexcept {
  std::size_t size = std::strlen(text);
  while (size > 0) {
    const ssize_t written = ::write(STDERR_FILENO, text, size);
    if (written <= 0) return;
    text += written;
    size -= static_cast<std::size_t>(written);
  }
}

const char* signal_name(int signal_number) noexcept {
  switch (signal_number) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
  }
  return "a signal";
}

// Async-signal-safe only: unlink, write, sigaction, sigprocmask, raise, _exit.
extern "C" void on_interrupt(int signal_number) {
  if (g_progress_shown.load()) write_text("\r\033[K");
  write_text("glrand: stopped by ");
  write_text(signal_name(signal_number));
  bool removed = false;
  for (Slot& slot : g_slots) {
    // A temporary already renamed into place (commit() ends as the signal comes) is not there.
    if (slot.state.load() != kReady || ::unlink(slot.temporary) != 0) continue;
    write_text(removed ? ", " : "; the unfinished output was removed and ");
    write_text("'");
    write_text(slot.final);
    write_text("'");
    removed = true;
  }
  write_text(removed ? " left as it was\n" : "\n");
  // End by the signal itself, so that the parent sees it (a shell reports 128 + N, and a
  // shell loop stops on Ctrl-C instead of going on to the next command).
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal_number, &fallback, nullptr);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal_number);
  ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
  ::raise(signal_number);
  ::_exit(128 + signal_number);
}

bool copy_path(char (&to)[PATH_MAX], const char* from) noexcept {
  const std::size_t size = std::strlen(from);
  if (size >= PATH_MAX) return false;
  std::memcpy(to, from, size + 1);
  return true;
}

}  // namespace

void install_interrupt_handlers() {
  if (g_installed.exchange(true)) return;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  // One handler at a time: a second signal waits until the first has ended the process.
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&action.sa_mask, s);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction previous {};
    ::sigaction(s, nullptr, &previous);
    // A signal ignored by whoever started glrand (nohup, a background job) stays ignored.
    if (previous.sa_handler == SIG_IGN) continue;
    ::sigaction(s, &action, nullptr);
  }
}

int register_temporary_file(const char* temporary_path, const char* final_path) noexcept {
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    if (!copy_path(g_slots[i].temporary, temporary_path) || !copy_path(g_slots[i].final, final_path)) {
      g_slots[i].state.store(kFree);
      return -1;
    }
    g_slots[i].state.store(kReady);
    return i;
  }
  return -1;
}

void unregister_temporary_file(int slot) noexcept {
  if (slot >= 0 && slot < kSlots) g_slots[slot].state.store(kFree);
}

void set_progress_line_shown(bool shown) noexcept { g_progress_shown.store(shown); }

}  // namespace glrand::output

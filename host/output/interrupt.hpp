// SPDX-License-Identifier: MIT
#pragma once
// SIGINT, SIGTERM and SIGHUP end glrand cleanly: every temporary output file still being
// written is removed (its target stays as it was), one line says what happened, and the
// process ends by the same signal, which a shell reports as exit status 128 + its number.
namespace glrand::output {

// Installs the handlers (once per process; later calls do nothing).
void install_interrupt_handlers();

// While registered, a temporary file is removed by the handlers before the process exits.
// Only async-signal-safe work happens in the handler, so the path is copied into a fixed
// slot here; returns the slot, or -1 when none is free or the path is too long (the file is
// then not removed on a signal, as before the handlers existed).
int register_temporary_file(const char* temporary_path, const char* final_path) noexcept;
void unregister_temporary_file(int slot) noexcept;

// A progress line is on the terminal: the handler's message starts by clearing it.
void set_progress_line_shown(bool shown) noexcept;

}  // namespace glrand::output

// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGALRM during a run: the run stops where it is, the
// engines are stopped, and every report is finished with what is known; the cases not judged are
// reported as skipped, "interrupted". A second signal kills every engine's process group and ends
// rulecheck at once (by that signal's default action).
#pragma once

#include <string>

namespace rulecheck {

// Installs the handlers (idempotent). System calls waiting in poll() return early on a signal, and a
// watcher thread cancels what runs long (the solver's checks in flight, through common/cancel.hpp),
// so that a command using the solver stops within a moment too. Every command that can run long
// calls this first, before it loads anything (loading loops look at interrupted()), so that no
// moment of it is left to a signal's default action; Z3 never installs its own handler
// (solver/z3_core.hpp).
void catch_interrupts();
// The signal that asked the run to stop (SIGINT, SIGTERM, SIGHUP, ...), or 0.
int interrupted();
// "SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGALRM"; empty when not interrupted.
std::string interrupt_name();
// For tests: forget a signal caught and a stop requested.
void clear_interrupt();

// A stop the run asks of itself (`--maxfail` reached): as with a signal, the run stops where it is
// and the cases not judged are skipped, with `why` as their reason; the first request is kept.
void request_stop(const std::string& why);
// A signal caught or a stop requested.
bool stop_requested();
// Why the cases not judged were not run: "interrupted by SIGINT", or the requested stop's reason.
std::string stop_reason();

}  // namespace rulecheck

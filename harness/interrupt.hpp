// SIGINT and SIGTERM during a run: the run stops where it is, the engines are stopped, and every
// report is finished with what is known; the cases not judged are reported as skipped, "interrupted".
// A second signal ends rulecheck at once.
#pragma once

#include <string>

namespace rulecheck {

// Installs the handlers (idempotent). System calls waiting in poll() return early on a signal.
void catch_interrupts();
// The signal that asked the run to stop (SIGINT, SIGTERM), or 0.
int interrupted();
// "SIGINT", "SIGTERM"; empty when not interrupted.
std::string interrupt_name();
// For tests: forget a signal caught.
void clear_interrupt();

}  // namespace rulecheck

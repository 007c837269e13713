// Stopping long computations from another thread. A signal watcher (harness/interrupt.cpp) asks;
// whatever runs long and can be stopped from outside (the solver's checks in flight) registers a
// canceller, and every request runs each canceller again, so a computation that started just as
// the request came is stopped by the next one.
#pragma once

#include <functional>

namespace rulecheck {

// Registers `cancel`, run on every request_cancel() (from the requesting thread); never removed.
void add_canceller(std::function<void()> cancel);
// Sets the flag and runs every canceller. Safe to call again and from any thread.
void request_cancel();
// A cancel has been requested (and not cleared).
bool cancel_requested();
// For tests: forget a request.
void clear_cancel();

}  // namespace rulecheck

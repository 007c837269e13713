#include "harness/interrupt.hpp"

#include <signal.h>

#include <csignal>

namespace rulecheck {

namespace {

volatile std::sig_atomic_t caught = 0;

void on_signal(int signal) {
  if (caught != 0) {  // the second one: the default action, at once
    ::signal(signal, SIG_DFL);
    ::raise(signal);
    return;
  }
  caught = signal;
}

}  // namespace

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a poll() waiting on an engine returns with EINTR
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

int interrupted() { return caught; }

std::string interrupt_name() {
  switch (caught) {
    case 0: return "";
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(caught);
  }
}

void clear_interrupt() { caught = 0; }

}  // namespace rulecheck

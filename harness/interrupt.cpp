#include "harness/interrupt.hpp"

#include <signal.h>

#include <atomic>
#include <csignal>
#include <mutex>

namespace rulecheck {

namespace {

volatile std::sig_atomic_t caught = 0;
std::atomic<bool> stop_asked{false};
std::mutex stop_lock;
std::string stop_why;  // guarded by stop_lock

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

void clear_interrupt() {
  caught = 0;
  const std::lock_guard<std::mutex> hold(stop_lock);
  stop_asked = false;
  stop_why.clear();
}

void request_stop(const std::string& why) {
  const std::lock_guard<std::mutex> hold(stop_lock);
  if (stop_asked) return;
  stop_why = why;
  stop_asked = true;
}

bool stop_requested() { return caught != 0 || stop_asked; }

std::string stop_reason() {
  if (caught != 0) return "interrupted by " + interrupt_name();
  const std::lock_guard<std::mutex> hold(stop_lock);
  return stop_why;
}

}  // namespace rulecheck

#include "harness/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>

#include "common/cancel.hpp"
#include "harness/subprocess.hpp"

namespace rulecheck {

namespace {

// The first signal caught, or 0. Lock-free, so that the handler may use it: two signals can reach two
// threads at once, and exactly one of them is the first.
std::atomic<int> caught{0};
static_assert(std::atomic<int>::is_always_lock_free);
std::atomic<bool> stop_asked{false};
std::mutex stop_lock;
std::string stop_why;  // guarded by stop_lock

// The handler wakes the watcher through this pipe (write() is safe in a signal handler).
int wake_pipe[2] = {-1, -1};

// Every signal that ends a process by default and that a user, a terminal or a scheduler sends to
// ask a program to stop: each stops a run as SIGINT does. (SIGPIPE is ignored instead, main.cpp: a
// closed output is a write error, exit 3.)
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM};

void on_signal(int signal) {
  int none = 0;
  if (!caught.compare_exchange_strong(none, signal)) {  // the second one: every engine's process group killed,
                                                        // then the default action, at once
    kill_every_child_group();
    ::signal(signal, SIG_DFL);
    ::raise(signal);
    return;
  }
  if (wake_pipe[1] >= 0) {
    const int saved = errno;
    const char byte = 1;
    [[maybe_unused]] const auto n = ::write(wake_pipe[1], &byte, 1);
    errno = saved;
  }
}

// Cancels what runs long (the solver's checks in flight, common/cancel.hpp) once a signal came,
// and again every 50 ms while it stands: a check that started just as the signal came is stopped
// by the next round. Detached: it only waits, and what it touches is never destroyed.
void watch() {
  for (;;) {
    char byte = 0;
    const auto n = ::read(wake_pipe[0], &byte, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    while (caught != 0) {
      request_cancel();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

void start_watcher() {
  if (::pipe(wake_pipe) != 0) return;  // no watcher: a signal still stops the run between cases
  for (int fd : wake_pipe) ::fcntl(fd, F_SETFD, FD_CLOEXEC);  // engines do not inherit it
  ::fcntl(wake_pipe[1], F_SETFL, O_NONBLOCK);                 // the handler never blocks
  std::thread(watch).detach();
}

}  // namespace

void catch_interrupts() {
  static std::once_flag watcher;
  std::call_once(watcher, start_watcher);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a poll() waiting on an engine returns with EINTR
  for (const int signal : kStopSignals) ::sigaction(signal, &action, nullptr);
}

int interrupted() { return caught; }

std::string interrupt_name() {
  switch (caught.load()) {
    case 0: return "";
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGQUIT: return "SIGQUIT";
    case SIGUSR1: return "SIGUSR1";
    case SIGALRM: return "SIGALRM";
    default: return "signal " + std::to_string(caught.load());
  }
}

void clear_interrupt() {
  caught = 0;
  clear_cancel();
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

#include "common/cancel.hpp"

#include <atomic>
#include <mutex>
#include <vector>

namespace rulecheck {

namespace {

// Never destroyed: a watcher thread may still call request_cancel() while the process exits.
struct Cancellers {
  std::mutex lock;
  std::vector<std::function<void()>> all;  // guarded by lock
  std::atomic<bool> requested{false};
};

Cancellers& cancellers() {
  static Cancellers* c = new Cancellers;
  return *c;
}

}  // namespace

void add_canceller(std::function<void()> cancel) {
  Cancellers& c = cancellers();
  const std::lock_guard<std::mutex> hold(c.lock);
  c.all.push_back(std::move(cancel));
}

void request_cancel() {
  Cancellers& c = cancellers();
  c.requested = true;
  std::vector<std::function<void()>> all;
  {
    const std::lock_guard<std::mutex> hold(c.lock);
    all = c.all;
  }
  for (const auto& cancel : all) cancel();
}

bool cancel_requested() { return cancellers().requested; }

void clear_cancel() { cancellers().requested = false; }

}  // namespace rulecheck

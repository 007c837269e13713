// The oracle's reasoning, for `rulecheck explain`: each decision a rule function takes, under the
// clause id it applies, in words a reader holding the rulebook recognises, with the numbers it used.
// Rule code says what it decided beside the code that decides it:
//
//     explain("messina.consumption.cost", {{"P", tokens}, {"tokens per F and W", per}, {"cost", cost}},
//             "1 F and 1 W per {} P, an odd count rounded up: {} F and {} W", per, cost, cost);
//
// and a check that forbids an action (require(), rule_violation.hpp) is recorded as the decision
// that forbids it. Nothing is recorded unless a caller opens a TraceScope on its thread (the games'
// explain() does, games/adapter.hpp); otherwise explain() tests one thread-local pointer and
// formats nothing, so the oracle is as fast as without it. Arguments of explain() are therefore
// kept cheap (numbers, names already in the state); anything worked out only to be explained is
// worked out under `if (tracing())`.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace rulecheck {

// A number a decision used, named as the rulebook or the ruleset names it: {"P", 7}, {"cost", 4}.
using Number = std::pair<std::string_view, long long>;
using Numbers = std::initializer_list<Number>;

struct Decision {
  std::string clause;                                      // the clause id it applies
  std::string what;                                        // what was decided, in words
  std::vector<std::pair<std::string, long long>> numbers;  // in the order the rule used them
  bool forbids = false;                                    // the decision that makes the action illegal
};

struct Trace {
  std::vector<Decision> decisions;

  void add(std::string_view clause, Numbers numbers, std::string what, bool forbids) {
    Decision d{std::string(clause), std::move(what), {}, forbids};
    d.numbers.reserve(numbers.size());
    for (const auto& [name, value] : numbers) d.numbers.emplace_back(std::string(name), value);
    decisions.push_back(std::move(d));
  }
};

namespace trace_detail {
inline constinit thread_local Trace* sink = nullptr;

// Formats and records a decision, out of line: a rule function keeps no formatting code of its own,
// nor the clean-ups and call sites it would add to the function's exception tables, which an
// illegal action's exception walks. (Running out of memory while explaining ends the program.)
[[gnu::noinline]] inline void record(Trace& trace, std::string_view clause, Numbers numbers, fmt::string_view what,
                                     fmt::format_args args, bool forbids) noexcept {
  trace.add(clause, numbers, fmt::vformat(what, args), forbids);
}
}  // namespace trace_detail

// The trace this thread records into, or nullptr when nobody asked for one.
inline Trace* tracing() { return trace_detail::sink; }

// While alive, this thread's decisions are recorded into `into` (nullptr: not recorded); the
// previous sink comes back when it ends.
class TraceScope {
 public:
  explicit TraceScope(Trace* into) : outer_(trace_detail::sink) { trace_detail::sink = into; }
  ~TraceScope() { trace_detail::sink = outer_; }
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

 private:
  Trace* outer_;
};

// For a rule that sums up a helper's work in one decision of its own (whether one space is in the
// Friendly Area, not every step of the search that found the area): the helper's decisions are
// left out while it is alive.
class Unrecorded {
 public:
  Unrecorded() = default;

 private:
  TraceScope off_{nullptr};
};

// Records one decision of a rule (that held, or a quantity it worked out) when tracing.
template <typename... Args>
void explain(std::string_view clause, Numbers numbers, fmt::format_string<Args...> what, Args&&... args) {
  if (Trace* trace = tracing()) [[unlikely]]
    trace_detail::record(*trace, clause, numbers, what, fmt::make_format_args(args...), false);
}

}  // namespace rulecheck

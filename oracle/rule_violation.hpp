// What the oracle answers when the rules forbid an action: the clause id that forbids it and a
// sentence saying why, in the game's own terms. Oracle code reads like the rulebook:
//
//     require(state.round % 2 == numbers.round_parity_consumption, "messina.consumption.when",
//             "consumption happens in {} rounds; this is round {}",
//             round_parity_word(numbers.round_parity_consumption), state.round);
//
// An action is legal when every require() of its function holds. The message is formatted only
// when the rule is broken, so a check costs nothing more than its condition. A broken rule is also
// the last decision of the oracle's reasoning when it is traced (trace.hpp), with the numbers the
// check was given:
//
//     require(f.resources.energy >= energy, "messina.muster.energy", {{"E cost", energy}, {"E held", have}},
//             "this Muster costs {} E; {} has {}", energy, faction, have);
//
// A state that contradicts itself is not a rules verdict: the validators throw InvalidState,
// naming the field by its path of names (the game's JSON edge turns it into a JSON pointer).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "oracle/trace.hpp"

namespace rulecheck {

class RuleViolation : public std::runtime_error {
 public:
  RuleViolation(std::string clause, const std::string& why) : std::runtime_error(why), clause_(std::move(clause)) {}
  // The message formatted from `why` and its arguments.
  RuleViolation(std::string_view clause, fmt::string_view why, fmt::format_args args)
      : std::runtime_error(fmt::vformat(why, args)), clause_(clause) {}
  const std::string& clause() const { return clause_; }

 private:
  std::string clause_;
};

namespace violation_detail {
// A broken rule: recorded as the decision that forbids the action when tracing, then thrown. One
// function out of line for every check, so that a rule function holds no code of its own for the
// message and the exception (which an illegal action's exception would walk through).
[[noreturn, gnu::noinline, gnu::cold]] inline void broken(std::string_view clause, Numbers numbers,
                                                          fmt::string_view why, fmt::format_args args) {
  if (Trace* trace = tracing()) trace->add(clause, numbers, fmt::vformat(why, args), true);
  throw RuleViolation(clause, why, args);  // nothing to clean up here as the exception leaves
}
}  // namespace violation_detail

// Throws a RuleViolation citing `clause` unless `allowed` holds; when tracing, the broken rule is
// recorded with `numbers` as the decision that forbids the action.
template <typename... Args>
[[gnu::always_inline]] inline void require(bool allowed, std::string_view clause, Numbers numbers,
                                           fmt::format_string<Args...> why, Args&&... args) {
  if (!allowed) [[unlikely]]
    violation_detail::broken(clause, numbers, why, fmt::make_format_args(args...));
}

template <typename... Args>
[[gnu::always_inline]] inline void require(bool allowed, std::string_view clause, fmt::format_string<Args...> why,
                                           Args&&... args) {
  if (!allowed) [[unlikely]]
    violation_detail::broken(clause, {}, why, fmt::make_format_args(args...));
}

// The path of a field in a state: {"factions", "UE", "home", "0"}.
using FieldPath = std::vector<std::string>;

class InvalidState : public std::runtime_error {
 public:
  InvalidState(FieldPath field, const std::string& why) : std::runtime_error(why), field_(std::move(field)) {}
  const FieldPath& field() const { return field_; }

 private:
  FieldPath field_;
};

// Throws InvalidState unless `ok`; `where` is a callable giving the FieldPath (built only on failure).
template <typename Where, typename... Args>
void check_state(bool ok, const Where& where, fmt::format_string<Args...> message, Args&&... args) {
  if (!ok) throw InvalidState(where(), fmt::format(message, std::forward<Args>(args)...));
}

}  // namespace rulecheck

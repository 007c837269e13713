// What the oracle answers when the rules forbid an action: the clause id that forbids it and a
// sentence saying why, in the game's own terms. Oracle code reads like the rulebook:
//
//     require(state.round % 2 == numbers.round_parity_consumption, "messina.consumption.when",
//             "consumption happens in {} rounds; this is round {}",
//             round_parity_word(numbers.round_parity_consumption), state.round);
//
// An action is legal when every require() of its function holds. The message is formatted only
// when the rule is broken, so a check costs nothing more than its condition.
//
// A state that contradicts itself is not a rules verdict: the validators throw InvalidState,
// naming the field by its path of names (the game's JSON edge turns it into a JSON pointer).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace rulecheck {

class RuleViolation : public std::runtime_error {
 public:
  RuleViolation(std::string clause, const std::string& why) : std::runtime_error(why), clause_(std::move(clause)) {}
  const std::string& clause() const { return clause_; }

 private:
  std::string clause_;
};

// Throws a RuleViolation citing `clause` unless `allowed` holds.
template <typename... Args>
void require(bool allowed, std::string_view clause, fmt::format_string<Args...> why, Args&&... args) {
  if (!allowed) throw RuleViolation(std::string(clause), fmt::format(why, std::forward<Args>(args)...));
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

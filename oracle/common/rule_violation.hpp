// What the oracle answers when the rules forbid an action: the clause id that forbids it and a
// sentence saying why, in the game's own terms. Oracle code reads like the rulebook:
//
//     require(round_is_even, "messina.consumption.when", "consumption happens in even rounds; this is round {}", round);
//
// An action is legal when every require() of its function holds. The message is formatted only
// when the rule is broken, so a check costs nothing more than its condition.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace rulecheck {

class RuleViolation : public std::runtime_error {
 public:
  RuleViolation(std::string clause, const std::string& why)
      : std::runtime_error(why), clause_(std::move(clause)) {}
  const std::string& clause() const { return clause_; }

 private:
  std::string clause_;
};

// Throws a RuleViolation citing `clause` unless `allowed` holds.
template <typename... Args>
void require(bool allowed, std::string_view clause, fmt::format_string<Args...> why, Args&&... args) {
  if (!allowed) throw RuleViolation(std::string(clause), fmt::format(why, std::forward<Args>(args)...));
}

// A state or action that is not well formed (before any rule is consulted): the JSON pointer of
// the offending field and what is allowed there. Never a rules verdict.
class InputError : public std::runtime_error {
 public:
  InputError(std::string pointer, const std::string& message)
      : std::runtime_error(message), pointer_(std::move(pointer)) {}
  const std::string& pointer() const { return pointer_; }

 private:
  std::string pointer_;
};

}  // namespace rulecheck

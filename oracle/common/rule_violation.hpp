// What the oracle answers when the rules forbid an action: the clause id that forbids it and a
// sentence saying why, in the game's own terms. Oracle code reads like the rulebook:
//
//     require(round_is_even, "messina.consumption.when", "consumption happens in even rounds only");
//
// An action is legal when every require() of its function holds.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

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
inline void require(bool allowed, std::string_view clause, const std::string& why) {
  if (!allowed) throw RuleViolation(std::string(clause), why);
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

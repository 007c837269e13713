// Input that is not well formed (a state, action, query, ruleset or file), before any rule is
// consulted: the JSON pointer of the offending field and what is allowed there. Never a rules
// verdict (those are oracle/rule_violation.hpp's RuleViolation). The message quotes outside text
// with its control characters escaped (common/text.hpp printable), so a NUL cannot cut it short.
#pragma once

#include <stdexcept>
#include <string>

#include "common/text.hpp"

namespace rulecheck {

class InputError : public std::runtime_error {
 public:
  InputError(std::string pointer, const std::string& message)
      : std::runtime_error(printable(message, true)), pointer_(std::move(pointer)) {}
  const std::string& pointer() const { return pointer_; }

 private:
  std::string pointer_;
};

}  // namespace rulecheck

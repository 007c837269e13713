// What the Z3 layer (solver/) says about an outcome someone claims for a step: whether the rules
// allow it, and if not, the clauses it breaks. Plain C++: the harness and the games' edges pass it
// on without seeing Z3.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulecheck {

enum class Membership {
  allowed,      // some reading-consistent play of the rules gives this outcome
  forbidden,    // no play does: `clauses` are the ones it breaks
  unknown,      // the solver's budget (rlimit) ran out: neither a pass nor a failure
  not_encoded,  // the solver has no encoding for this action, query or state
};

inline std::string_view membership_name(Membership m) {
  switch (m) {
    case Membership::allowed: return "allowed";
    case Membership::forbidden: return "forbidden";
    case Membership::unknown: return "unknown";
    case Membership::not_encoded: return "not-encoded";
  }
  return "not-encoded";
}

struct OutcomeCheck {
  Membership membership = Membership::not_encoded;
  std::vector<std::string> clauses;  // forbidden: the clauses broken (an unsat core, by clause id)
  std::string why;                   // one line for a person
  // Both ways (check_only_outcome), allowed: the conventions (rules/<game>/conventions.json) that
  // make the next state the only one; empty when the rules' words alone do.
  std::vector<std::string> conventions;

  OutcomeCheck() = default;
  OutcomeCheck(Membership m, std::vector<std::string> broken, std::string one_line,
               std::vector<std::string> deciding_conventions = {})
      : membership(m),
        clauses(std::move(broken)),
        why(std::move(one_line)),
        conventions(std::move(deciding_conventions)) {}
};

}  // namespace rulecheck

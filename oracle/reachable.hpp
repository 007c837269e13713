// States play can reach: what every board reached in a game keeps between actions (its state
// invariants, rules/<game>/invariants.json, docs/formats.md "States play can reach"). A state may
// be valid (it does not contradict itself: validate.cpp) and still be one no game reaches, such as
// two factions' combat units sharing a Scythe territory with no combat pending there. Generated
// cases keep to reachable states; `rulecheck validate --reachable` names each invariant a state
// breaks.
#pragma once

#include <string>
#include <vector>

#include "oracle/rule_violation.hpp"

namespace rulecheck {

// One invariant a state breaks: its id (rules/<game>/invariants.json), the field where it breaks
// (a path of names, as InvalidState gives), and what is wrong there, in the game's terms.
struct InvariantBreak {
  std::string invariant;
  FieldPath field;
  std::string why;
};

using InvariantBreaks = std::vector<InvariantBreak>;

}  // namespace rulecheck

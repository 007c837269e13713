// The Scythe movement oracle ("Where you can move to/from"). An illegal move throws RuleViolation.
//   movement.cpp  the move action, control and the structure queries
//   validate.cpp  a board that contradicts itself is rejected before any rule runs
#pragma once

#include "oracle/rule_violation.hpp"
#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

void validate(const Ruleset& numbers, const State& state);

State move(const Rules& rules, const State& state, const Move& action);

// Who controls a territory: its units' faction (the holder while several share it); with no
// units, its structure's owner; otherwise nobody.
std::optional<FactionId> controller(const State& state, const TerritoryId& at);
bool mill_produces(const State& state, const MillProducesQuery& q);
bool gets_structure_bonus(const State& state, const StructureBonusQuery& q);

}  // namespace rulecheck::scythe

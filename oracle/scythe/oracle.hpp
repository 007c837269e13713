// The Scythe movement oracle (the movement page). An illegal move throws RuleViolation.
//   movement.cpp  the move action, control and the structure queries
//   validate.cpp  a board that contradicts itself is rejected before any rule runs
//   reachable.cpp a valid board that play cannot produce: the invariants it breaks
#pragma once

#include <string_view>
#include <vector>

#include "oracle/reachable.hpp"
#include "oracle/rule_violation.hpp"
#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

void validate(const Ruleset& numbers, const State& state);

// The states play can reach (rules/scythe/invariants.json): one check per invariant, each
// returning every place a valid state breaks it, and all of them in that order.
struct ReachabilityInvariant {
  std::string_view id;
  InvariantBreaks (*check)(const State&);
};
const std::vector<ReachabilityInvariant>& reachability_invariants();
InvariantBreaks reachability_breaks(const State& state);

InvariantBreaks combat_units_meet_only_in_pending_combat(const State& s);
InvariantBreaks workers_share_only_in_pending_combat(const State& s);
InvariantBreaks home_base_holds_only_its_faction(const State& s);
InvariantBreaks no_pending_combat_in_home_base(const State& s);
InvariantBreaks character_on_encounter_has_it_pending(const State& s);
InvariantBreaks pending_encounter_on_token(const State& s);

// A board at the start of `mover`'s Move action (rules/scythe/move_start.json): beside the
// invariants, what holds only when a Move begins. A combat or encounter still waiting then is the
// mover's own, made by its earlier Move actions of the turn. Empty: the mover may start from it.
struct MoveStartCondition {
  std::string_view id;
  InvariantBreaks (*check)(const State&, const FactionId& mover);
};
const std::vector<MoveStartCondition>& move_start_conditions();
InvariantBreaks move_start_breaks(const State& state, const FactionId& mover);
InvariantBreaks move_start_combat_pending_only_the_movers(const State& s, const FactionId& mover);
InvariantBreaks move_start_encounter_pending_only_the_movers(const State& s, const FactionId& mover);

State move(const Rules& rules, const State& state, const Move& action);

// Who controls a territory: its units' faction (the holder while several share it); with no
// units, its structure's owner; otherwise nobody.
std::optional<FactionId> controller(const State& state, const TerritoryId& at);
bool mill_produces(const State& state, const MillProducesQuery& q);
bool gets_structure_bonus(const State& state, const StructureBonusQuery& q);

}  // namespace rulecheck::scythe

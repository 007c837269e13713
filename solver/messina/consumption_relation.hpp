// Inside solver/messina/ only (it includes Z3): the Consumption Phase (rules text:
// messina-consumption-phase) as one relation between the state before and after one faction's
// Consumption, written once over Spaces (spaces.hpp): the membership checks build it over the board
// asked about (consumption.cpp), the proofs over any board (consumption_theorems.cpp).
//
// What it reads and writes of the state: the round and its moment, the faction's Population Mat
// (Disaffected, Spare, Located, the Death Zone) and its Food and Water, and its pieces at each space
// (units of each kind on the map and on the Location Card it holds there, Workers). Step 3's choice is
// the pieces the action names at each space.
#pragma once

#include <array>
#include <functional>
#include <string>

#include <z3++.h>

#include "oracle/messina/model.hpp"
#include "solver/messina/spaces.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

namespace ms = rulecheck::messina;

// One faction's mat and supplies, and the moment of the state.
struct Mat {
  z3::expr round, phase;  // phase: the index of ms::Phase
  z3::expr disaffected, spare, located, dead, food, water;
};

// One faction's pieces at each space, or the pieces an action names there: units of each kind
// (ms::kUnitKinds' order) on the map and on its card named after the space (none where it holds no
// card), and Workers (in its own Utility or as a guest).
struct Army {
  std::function<z3::expr(const Where&, std::size_t kind)> map, card;
  AtWhere workers;
};

// The relation, its guard (when the action is legal) apart from its effect (the state after), both
// tagged clause by clause; and what the steps pay, for the proofs' vacuity checks (never a claim).
struct ConsumptionRelation {
  Constraints guard, effect;
  z3::expr shortfall, died, located_paid, recovered;
  Constraints all() const {
    Constraints out = guard;
    out.insert(out.end(), effect.begin(), effect.end());
    return out;
  }
};

// One Consumption of a faction of `kind`: `before`/`army` the state before, `named` step 3's choice,
// `after`/`army_after` the state after. `prefix` names the defined quantities over any board.
ConsumptionRelation consumption_relation(Spaces& spaces, ms::FactionKind kind, const Mat& before, const Army& army,
                                         const Army& named, const Mat& after, const Army& army_after,
                                         const ms::Rules& rules, const std::string& prefix);

// The tokens the pieces of `army` at `w` stand for (`per` a unit of each kind, one a Worker); only the
// map's (and Workers) with `map_only`.
z3::expr army_tokens(const Army& army, const Where& w, const std::array<int, 5>& per, bool map_only = false);

}  // namespace rulecheck::solver::messina

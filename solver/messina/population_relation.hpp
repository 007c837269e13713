// Inside solver/messina/ only (it includes Z3): the placing of new human units and their conversions
// (the Population Supply and Movement page) as one relation between a faction's mat and pieces before
// and after, written once over Spaces (spaces.hpp): the membership checks build it over the board asked
// about (population.cpp), the theorems over any board (population_theorems.cpp).
//
// What it reads and writes: the faction's Disaffected, Spare and Located tokens, and its pieces at each
// space (consumption_relation.hpp's Army: units of each kind on the map and on its card there, Workers
// in any Utility). The action is what it places and converts at each space (`Placings`). What only a
// board of named spaces has to say stays in population.cpp: the moment, the Friendly Area
// (friendly_relation.hpp), whose Utility a Worker enters or leaves, the stacking and card limits, and
// the frame.
#pragma once

#include <array>
#include <string>

#include "solver/messina/consumption_relation.hpp"

namespace rulecheck::solver::messina {

// What one placing or conversion action does at each space, counts of units.
struct Placings {
  AtWhere workers;           // Workers placed from Spare (an Industry Action), in any Utility
  AtWhere civilians;         // Civilians placed on the map from Spare
  AtWhere onto_card;         // Civilians placed from Spare onto the faction's card named after the space
  AtWhere from_disaffected;  // Civilians placed on the map from Disaffected tokens (home defence)
  AtWhere civilians_to_workers, workers_to_civilians, infantry_to_workers;  // conversions
};

struct PopulationRelation {
  Constraints guard, effect;
  z3::expr spare_spent, disaffected_spent;  // the tokens the placings take from each pool
  Constraints all() const {
    Constraints out = guard;
    out.insert(out.end(), effect.begin(), effect.end());
    return out;
  }
};

// The tokens `army`'s pieces at `w` stand for, `per` a unit of each kind, one a Worker.
z3::expr backed_at(const Army& army, const Where& w, const std::array<int, 5>& per);

// One placing or conversion action of a faction of `kind`: `before`/`army` the state before, `act` what
// it places and converts, `after`/`army_after` the state after. `prefix` names its totals over any board.
// `pieces_clause` tags the effect on the pieces: the clause of the action's kind (a placing of Workers,
// of Civilians, home defence, a conversion).
PopulationRelation population_relation(Spaces& spaces, ms::FactionKind kind, const Mat& before, const Army& army,
                                       const Placings& act, const Mat& after, const Army& army_after,
                                       const ms::Rules& rules, const std::string& prefix, const char* pieces_clause);

}  // namespace rulecheck::solver::messina

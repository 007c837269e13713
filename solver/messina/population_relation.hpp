// Inside solver/messina/ only (it includes Z3): the placing of new human units and their conversions
// (the Population Supply and Movement page) as one relation between a faction's mat and pieces before
// and after, written once over Spaces (spaces.hpp): the membership checks build it over the board asked
// about (population.cpp), the theorems over any board (population_theorems.cpp), and the stacking
// relation's Civilians, Workers and interconversion are this relation (stacking_relation.cpp).
//
// What it reads and writes: the moment, the faction's Disaffected, Spare and Located tokens, and its
// pieces at each space (consumption_relation.hpp's Army: units of each kind on the map and on its card
// there, Workers in any Utility). What the board around says at a space (whether the faction holds its
// card, a Home Space, the battle, the Utilities a Worker may enter, the stacking count, the card's units)
// is a PlacingGround: over one board computed from it, over any board left open. The action is what it
// places and converts at each space (`Placings`). What only a board of named spaces has to say stays in
// population.cpp: the Friendly Area (friendly_relation.hpp), which Utility a Worker leaves, and the frame.
#pragma once

#include <array>
#include <string>

#include "solver/messina/consumption_relation.hpp"

namespace rulecheck::solver::messina {

// The four kinds of action of the page: a `place` at each of its moments, and a `convert`.
enum class PlacingKind { workers, civilians, home_defence, conversion };

// What one placing or conversion action does at each space, counts of units, and what it names there
// that its kind never places (counts of placements, so that a placement of any size is judged).
struct Placings {
  AtWhere workers;           // Workers placed from Spare (an Industry Action), in any Utility
  AtWhere civilians;         // Civilians placed on the map from Spare
  AtWhere onto_card;         // Civilians placed onto the faction's card named after the space
  AtWhere from_disaffected;  // Civilians placed on the map from Disaffected tokens (home defence)
  AtWhere civilians_to_workers, workers_to_civilians, infantry_to_workers;  // conversions
  AtWhere guests;  // of the Workers entering a Utility there (placed or converted), those in another's
  // Placements of what the kind never places: a unit not its kind's, a Worker onto a card, a pair no
  // conversion makes.
  AtWhere misplaced;
  AtWhere disaffected_named;  // placements that take Disaffected tokens
};

// What the board around says at each space, before the action.
struct PlacingGround {
  AtWhere holds;          // the faction holds the space's Location Card
  AtWhere home;           // one of the faction's Home Spaces
  AtWhere battle;         // the battle being fought is there
  AtWhere own_utility;    // the faction has a Utility there
  // Each other faction's Utility the action names there stands, its owner consenting to the faction's
  // Workers.
  AtWhere hosts_welcome;
  AtWhere counted;        // the units the map limit reads there for the faction (messina.stacking-scope)
  AtWhere card_units;     // every unit on the space's Location Card
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

// The clause of the action's kind: a placing of Workers, of Civilians, home defence, a conversion.
const char* placing_clause(PlacingKind what);

// The tokens `army`'s pieces at `w` stand for, `per` a unit of each kind, one a Worker.
z3::expr backed_at(const Army& army, const Where& w, const std::array<int, 5>& per);

// One placing or conversion action of kind `what` by a faction of `kind`: `before`/`army`/`ground` the
// state before, `act` what it places and converts, `after`/`army_after` the state after. `prefix` names
// its totals over any board.
PopulationRelation population_relation(Spaces& spaces, PlacingKind what, ms::FactionKind kind, const Mat& before,
                                       const Army& army, const PlacingGround& ground, const Placings& act,
                                       const Mat& after, const Army& army_after, const ms::Rules& rules,
                                       const std::string& prefix);

}  // namespace rulecheck::solver::messina

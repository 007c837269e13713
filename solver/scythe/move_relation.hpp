// Inside solver/scythe/ only (it includes Z3): Scythe's movement as one relation, the move of one unit
// (a mech with any riders), written once over what it reads of the board and the position before it
// (`MoveSight`). The theorems build it over any map (unbounded.hpp: territories an uninterpreted sort,
// the mover, two named opponents and the rest); the membership checks over the one board asked about
// (move_action.hpp: its territories as indices, its factions, every fact of the state known, so every
// term folds to a numeral as it is built and Z3 needs no quantifier). Each constraint is tagged with the
// clause it encodes (rules/scythe/clauses.json).
//
// Over any map the quantities the relation defines on the way (whether a step meets a combat, sends
// workers home, where the movement goes on, the popularity lost) are constants, each with its defining
// constraint tagged by its clause, so that a mutant of that clause changes that quantity; over one board
// they are the defining values themselves (the same relation with those constants substituted away).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "oracle/scythe/model.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::scythe {

namespace sy = rulecheck::scythe;

struct SortedBoard;

using AtTerritory1 = std::function<z3::expr(const z3::expr& at)>;
using CountAt = std::function<z3::expr(int kind, const z3::expr& at, int who)>;

// What one unit move reads: the map and the position before it. Territories are terms (of the sort over
// any map, numerals over one board); factions are indices.
struct MoveSight {
  z3::context* c = nullptr;
  bool open = true;  // any map (defined quantities are constants) or one board (substituted)
  int mover = 0;
  std::vector<int> opponents;  // every faction the move reads but the mover
  int rest = -1;               // over any map, the opponents the question does not name, together
  CountAt count;               // units of a kind (character, mech, worker) of a faction on a territory
  AtTerritory1 held;           // the faction holding a shared territory
  AtTerritory1 is_home, home_of, encounter, combat_pending, encounter_pending;
  std::function<z3::expr(const z3::expr&, const z3::expr&)> adjacent;
  std::function<z3::expr(int who)> home_base, popularity;
  // Over any map only, the rest's facts (unbounded.hpp SortedBoard).
  AtTerritory1 rest_factions, rest_holder_workers, rest_holder_combat, rest_home;
  std::vector<z3::expr> also_named;
  // The literal relation's silence (move_action.hpp Silences::home_ban_meets_retreat), or none: the ban on
  // entering a home base read as refusing an entry that sends an opponent's workers home.
  std::vector<z3::expr>
      home_ban_meets_retreat;  // the territories a question names beyond the move's (where the rest's facts are stated)
  // Over one board for the discovery search (solver/scythe/discovery.hpp), non-empty: what a point's reading
  // decides is tagged with the point's id, each quantity it decides a constant named with this prefix
  // (defined under that id); empty (membership, witnesses, theorems): each constraint tagged by its clause.
  std::string apart;

  z3::expr combat(const z3::expr& at, int who) const;  // character and mechs
  std::vector<int> factions() const;                   // the mover and the opponents
};

// One unit's move by the mover: its conditions and the position after, as terms.
struct SortedMove {
  sy::Unit unit = sy::Unit::mech;
  z3::expr from;
  std::vector<z3::expr> path;  // path[0] .. path[k-1]: the territories entered in turn
  z3::expr carried;            // the workers a mech carries (0 for other units)
  z3::expr retreated;          // how many opponent workers were sent home
  // The move as a relation: every condition and every definition of its steps and of the mover's
  // popularity after, each tagged with the clause it encodes (theorems: each can be mutated alone).
  Constraints relation;
  z3::expr premises;  // the conjunction of `relation` and `abstraction`
  // What the abstraction leaves open and the relation does not decide: how many of the workers sent
  // home of the rest's factions arrive at which of its home bases (any split, none more than sent).
  z3::expr abstraction;
  std::vector<z3::expr> ends;  // [i]: the unit's movement ends on path[i]
  // [i]: the movement reached path[i]; it met a combat there; it sent workers home from there; the
  // character stopped on an encounter token there (what a Move action of several unit moves remembers).
  std::vector<z3::expr> reached, combat, forced, met_encounter;
  std::function<z3::expr(int kind, const z3::expr& at, int who)> units_after;
  std::function<z3::expr(int who)> popularity_after;
  // The pending combats are those before (a unit move sets none: action_end_pending), the pending
  // encounters with the one the moving character stopped on.
  std::function<z3::expr(const z3::expr&at)> combat_pending_after, encounter_pending_after;
  // Whether `who` has units on `at` when step i (0-based) enters (the moving unit gone from its start).
  std::function<z3::expr(int i, const z3::expr& at, int who)> present_at_entry;
  // The unit ends on another territory than its start (vacuity: the move moves a unit).
  z3::expr moves_a_unit() const;
  // Every territory the question names: the start, the path, the named factions' home bases and `any`.
  std::vector<z3::expr> named(const SortedBoard& b) const;
};

// `unit` from `from` along `path` carrying `carried` workers, under `rules` (its readings and numbers)
// and the named misreading ("" for none; unbounded.hpp misread).
SortedMove unit_move(const MoveSight& sight, const sy::Rules& rules, sy::Unit unit, const z3::expr& from,
                     const std::vector<z3::expr>& path, const z3::expr& carried, const std::string& misreading);

}  // namespace rulecheck::solver::scythe

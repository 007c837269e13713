// Inside solver/ only (it includes Z3): the six invariants of the states Scythe's play can reach
// (rules/scythe/invariants.json), over a position before or after one unit's move, and their mid-action
// forms (between two unit moves of a Move action), for the movement theorems (unbounded_proofs.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe::states {

// A position before (the board's functions) or after a move (its terms), for the claims.
struct View {
  std::function<z3::expr(int, const z3::expr&, int)> units;
  std::function<z3::expr(const z3::expr&)> combat_pending, encounter_pending;
  z3::expr combat(const z3::expr& t, int f) const { return units(0, t, f) + units(1, t, f); }
  z3::expr present(const z3::expr& t, int f) const { return combat(t, f) + units(2 /* workers */, t, f) >= 1; }
};

View before(const SortedBoard& b);
View after(const SortedMove& m);

using Invariant = z3::expr (*)(const SortedBoard&, const View&, const z3::expr& t, int f, int g);

// The mover's character or mechs share territory t with an opponent's (a combat the action's end sets
// pending).
z3::expr meets(const View& v, const z3::expr& t);
// The first two invariants together, for every pair of factions of the game (mid-action: or the mover
// meets an opponent there).
z3::expr shared_only_in_pending_combat(const SortedBoard& b, const z3::expr& t, bool mid_action);
// An invariant at territory t, for every pair of the first `factions` factions.
z3::expr at_every_faction(Invariant holds, const SortedBoard& b, const View& v, const z3::expr& t, int factions);

struct Reachable {
  const char* id;
  std::vector<std::string> clauses;
  Invariant holds;
  Invariant mid;  // the mid-action invariant it stands for within a Move action
  std::vector<std::string> misreadings;
  bool pairwise = false;  // one of the first two: as premises, stated together (shared_only_in_pending_combat)
};

// The six, in the order of rules/scythe/invariants.json.
const std::vector<Reachable>& reachable_invariants();

}  // namespace rulecheck::solver::scythe::states

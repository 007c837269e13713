// Inside solver/scythe/ only (it includes Z3): the abstraction of the movement theorems checked on
// concrete boards (issue 32 item 5). A small map of 3 or 4 factions is the same relation with that
// board's facts asserted: every territory a question names is one of the map's (finite constants,
// distinct), adjacency, home bases and their owners are the map's, every premise about all territories
// is stated at each of the map's, and the factions are exactly 3 (the rest has no unit anywhere) or
// exactly 4 (the rest is one faction: its sums are its units, its holder flags what it has there).
// Every question stays quantifier-free.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

// A map of `factions` home bases (territories 0 .. factions-1; the last is the rest's when there are
// 4) and `inner` territories after them; home base f is adjacent to inner territory f % inner (both
// ways), and the inner territories to each other as `edges` say (both ways).
struct SmallMap {
  std::string name;
  int factions = 3;
  int inner = 3;
  std::vector<std::pair<int, int>> edges;  // between inner territories, 0-based among them
};

// The handful of maps the check runs on: 3 and 4 factions, the inner territories in a line and in a
// triangle.
std::vector<SmallMap> small_maps();

// `asks` with `map`'s facts added to each question's premises (the relation untouched, so a mutant of
// it is the same mutant here).
std::vector<Ask> on_map(z3::context& ctx, const sy::Rules& rules, const std::vector<Ask>& asks, const SmallMap& map);

}  // namespace rulecheck::solver::scythe

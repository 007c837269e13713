// Scythe's discovery from the words alone (solver/discovery.hpp; the search, game-neutral, is
// solver/discovery_search.hpp): red's Move over the movement relation (move_action.cpp, unit_move.cpp),
// built with what a point's reading or a convention decides tagged apart (move_action.hpp `apart`), for
// each step kind of literal_relation.hpp on its line map, from every board play can reach where red's Move
// may start (reachable.hpp), with the stated convention of inertia scythe.convention.inertia. No Z3 here.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "solver/discovery.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// The index of the tags, read by the Scythe adapter (games/scythe/adapter.cpp discovery_sources).
using SourceIndex = solver::SourceIndex<sy::Rules>;

// Per step kind (literal_relation.hpp literal_kinds(), the ranges of 2 where the kind asks them): per source
// found a record with its smallest witness (a convention: `convention` set; a point: `refinds` it), each
// new finding (point scythe.discovery.<kind>.open: nothing left out separates it), then one record
// scythe.discovery.<kind>: "none" (searched to unsat, the sources not found in its note), "unknown" or
// "interrupted" (why). `kinds` (by name) searches only those, for the tests; empty: every kind.
std::vector<ScytheWitness> discover_moves(const sy::Rules& defaults, const SourceIndex& index, const Budget& budget,
                                          const std::set<std::string>& kinds = {});

}  // namespace rulecheck::solver::scythe

// Messina's discovery from the words alone (solver/discovery.hpp; the search, game-neutral, is
// solver/discovery_search.hpp): its steps, Consumption and Muster/Re-arm, with the stated convention of
// inertia messina.convention.inertia. No Z3 here (discovery_step.hpp has the steps' encodings).
#pragma once

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solver/discovery.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// The index of the tags (solver/discovery.hpp), read by games/messina/rules_read.hpp discovery_sources.
using SourceIndex = solver::SourceIndex<ms::Rules>;

// The discovery search over the Consumption relation (Red's Consumption, step 3's choice free) on the
// smallest boards play can reach, one shape after another: per source found a record with its smallest
// witness (a convention: kind "undecided", new, with `convention` set; a point: `refinds` it), each
// new finding (nothing left out separates it), then one record "none" (each shape searched to unsat:
// the sources not found listed in its note), "unknown" or "interrupted" (why).
std::vector<MessinaWitness> discover_consumption(const ms::Rules& defaults, const SourceIndex& index,
                                                 const Budget& budget);

// The same search over the Muster relation (muster_relation.cpp, each point and convention tagged apart):
// Red's Muster, its builds, disbands, equips and Shield builds and upgrades free (records
// messina.discovery.muster*), then Red's Re-arm, its Shield ops free (messina.discovery.rearm*).
std::vector<MessinaWitness> discover_muster(const ms::Rules& defaults, const SourceIndex& index, const Budget& budget);

}  // namespace rulecheck::solver::messina

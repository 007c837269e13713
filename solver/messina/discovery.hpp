// Discovery from the words alone (issue 33, item 2): a section's relation built twice from one state
// before, keeping only the constraints tagged with a clause of the texts, every constraint tagged with a
// convention or an interpretation point left out, plus one stated convention of inertia
// (messina.convention.inertia: what no kept sentence constrains stays as it was). Two outcomes the
// kept constraints both allow are separated by the sources left out, found so, never named to the
// search: a source is a convention or a point because of its tag (SourceIndex), not a list. A pair no
// source left out separates is a new finding. No Z3 here (discovery_step.hpp has the step's encoding).
#pragma once

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// What a constraint's tag is, looked up in the project's rule data (games/messina/rules_read.hpp
// discovery_sources): a clause of the texts (rules/<game>/clauses.json: kept), a convention
// (conventions.json: left out) or a point with its readings (interpretations.json: left out). A tag that
// is none of the three is an error: the search throws std::logic_error naming it, never guesses.
struct SourceIndex {
  std::function<bool(const std::string& tag)> is_clause;
  std::function<bool(const std::string& tag)> is_convention;
  // A point's readings, each with `base`'s Rules at that reading; empty: the tag is no point.
  std::function<std::vector<std::pair<std::string, ms::Rules>>(const std::string& tag, const ms::Rules& base)> readings;
  // Tags whose constraints a test build leaves out altogether (neither kept nor a source): to see that
  // a sentence dropped from the relation makes a pair nothing separates, a new finding. Empty in use.
  std::set<std::string> omitted = {};
};

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

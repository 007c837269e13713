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

// What a constraint's tag is, looked up (the caller reads rules/<game>/clauses.json and
// interpretations.json): a clause of the texts (kept), or a point with its readings (left out). Every
// other tag is a source left out too: a convention (messina.convention.*) or, if none of those, a tag
// the search reports by its name.
struct SourceIndex {
  std::function<bool(const std::string& tag)> is_clause;
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

}  // namespace rulecheck::solver::messina

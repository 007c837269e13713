// Discovery from the words alone (issue 33, item 2), for any game: a section's relation built twice from
// one state before, keeping only the constraints tagged with a clause of the texts, every constraint
// tagged with a convention or an interpretation point left out, plus the game's stated convention of
// inertia (what no kept sentence constrains stays as it was). Two outcomes the kept constraints both
// allow are separated by the sources left out, found so, never named to the search: a source is a
// convention or a point because of its tag (SourceIndex), not a list. A pair no source left out
// separates is a new finding. No Z3 here: the search is solver/discovery_search.hpp, each game's steps
// are its own (solver/messina/discovery.hpp, solver/scythe/discovery.hpp).
#pragma once

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rulecheck::solver {

// What a constraint's tag is, looked up in the game's rule data (its adapter's discovery_sources): a
// clause of the texts (rules/<game>/clauses.json: kept), a convention (conventions.json: left out) or a
// point with its readings (interpretations.json: left out). A tag that is none of the three is an error:
// the search throws std::logic_error naming it, never guesses.
template <typename Rules>
struct SourceIndex {
  std::function<bool(const std::string& tag)> is_clause;
  std::function<bool(const std::string& tag)> is_convention;
  // A point's readings, each with `base`'s Rules at that reading; empty: the tag is no point.
  std::function<std::vector<std::pair<std::string, Rules>>(const std::string& tag, const Rules& base)> readings;
  // Tags whose constraints a test build leaves out altogether (neither kept nor a source): to see that
  // a sentence dropped from the relation makes a pair nothing separates, a new finding. Empty in use.
  std::set<std::string> omitted = {};
};

}  // namespace rulecheck::solver

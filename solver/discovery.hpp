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

// The index a game's adapter builds from its rule data: a clause when `clauses` (the ids of
// rules/<game>/clauses.json) has the tag, a point when the game's readings table knows it (each reading
// with `base`'s Rules at that reading), a convention by its namespace (`convention_prefix`, such as
// "messina.convention.": the ids of conventions.json, which `rules check` holds together). `table` (a
// games/adapter.hpp ReadingsTable) must outlive the index.
template <typename Rules, typename Table>
SourceIndex<Rules> source_index(const Table& table, std::set<std::string> clauses, std::string convention_prefix) {
  SourceIndex<Rules> index;
  index.readings = [&table](const std::string& tag, const Rules& base) {
    std::vector<std::pair<std::string, Rules>> out;
    for (const auto& name : table.names(tag)) {
      Rules r = base;
      r.readings = table.with(base.readings, tag, name);
      out.emplace_back(name, std::move(r));
    }
    return out;
  };
  index.is_clause = [clauses = std::move(clauses)](const std::string& tag) { return clauses.count(tag) > 0; };
  index.is_convention = [prefix = std::move(convention_prefix)](const std::string& tag) {
    return tag.rfind(prefix, 0) == 0;
  };
  return index;
}

}  // namespace rulecheck::solver

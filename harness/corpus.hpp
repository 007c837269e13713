// A run's scenarios: every file under the paths given, loaded and checked, the bad ones kept as
// errors (one bad file never stops a run), ids unique, narrowed by --filter.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/scenario.hpp"

namespace rulecheck {

struct Corpus {
  std::vector<Scenario> scenarios;  // loaded and selected, in file order
  std::vector<ScenarioError> bad;   // files that could not be used
};

// One of `count` parts of a run: the scenario files in sorted order, every count-th from `index`
// (0-based). The union of the parts is the whole run, each file in exactly one part.
struct Shard {
  std::size_t index = 0, count = 1;
  bool whole() const { return count == 1; }
  bool holds(std::size_t file_number) const { return file_number % count == index; }
  std::string name() const;  // "K/N", K from 1
};

// "K/N" with 1 <= K <= N (as --shard takes it); throws InputError saying what is allowed.
Shard parse_shard(const std::string& text);
// GoogleTest's sharding variables, GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX (0-based), when both are
// set; the whole run otherwise. Throws InputError for values that make no shard.
Shard shard_from_environment();

// A scenario is selected by a filter naming a clause it cites, or a glob matching its id.
bool selected(const Scenario& s, const std::vector<std::string>& filters);

// Loads every scenario file under `paths`. Throws ScenarioError for a path that does not exist.
Corpus load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                   const std::vector<std::string>& filters = {}, const Shard& shard = {});

// Checks one file as `rulecheck validate` does: its structure, its state, and that every action
// and query parses (the oracle reads them; its verdicts are not judged). Throws ScenarioError.
void validate_scenario_file(const std::filesystem::path& file, const RulesLibrary& library);

}  // namespace rulecheck

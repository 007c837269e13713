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

// A scenario is selected by a filter naming a clause it cites, or a glob matching its id.
bool selected(const Scenario& s, const std::vector<std::string>& filters);

// Loads every scenario file under `paths`. Throws ScenarioError for a path that does not exist.
Corpus load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                   const std::vector<std::string>& filters = {});

// Checks one file as `rulecheck validate` does: its structure, its state, and that every action
// and query parses (the oracle reads them; its verdicts are not judged). Throws ScenarioError.
void validate_scenario_file(const std::filesystem::path& file, const RulesLibrary& library);

}  // namespace rulecheck

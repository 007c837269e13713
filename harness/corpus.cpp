#include "harness/corpus.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common/text.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

bool selected(const Scenario& s, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (const auto& f : filters) {
    if (std::find(s.cites.begin(), s.cites.end(), f) != s.cites.end()) return true;
    if (fnmatch(f.c_str(), s.id.c_str(), 0) == 0) return true;
  }
  return false;
}

Corpus load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                   const std::vector<std::string>& filters) {
  Corpus corpus;
  std::map<std::string, std::filesystem::path> seen;  // id -> file
  for (const auto& f : find_scenario_files(paths)) {
    try {
      Scenario s = load_scenario(f, library);
      check_scenario_state(s, library);  // a state that contradicts itself is a bad file, as in validate
      if (auto [it, fresh] = seen.emplace(s.id, f); !fresh)
        throw ScenarioError{f, s.id, "/id",
                            fmt::format("the id \"{}\" is already used by {}", s.id, it->second.string())};
      if (selected(s, filters)) corpus.scenarios.push_back(std::move(s));
    } catch (const ScenarioError& e) {
      corpus.bad.push_back(e);
    } catch (const std::exception& e) {  // nothing a file holds may stop the others from running
      corpus.bad.push_back(ScenarioError{f, "", "", valid_utf8(e.what())});
    }
  }
  return corpus;
}

void validate_scenario_file(const std::filesystem::path& file, const RulesLibrary& library) {
  const Scenario s = load_scenario(file, library);
  check_scenario_state(s, library);
  const CaseResult r = run_on_oracle(s, *library.find(s.game));
  if (r.verdict == Verdict::errored) throw ScenarioError{file, s.id, "", r.message};
}

}  // namespace rulecheck

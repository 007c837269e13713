#include "harness/corpus.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/number.hpp"
#include "common/text.hpp"
#include "games/registry.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

bool selected(const Scenario& s, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (const auto& f : filters) {
    if (std::find(s.cites.begin(), s.cites.end(), f) != s.cites.end()) return true;
    if (glob_match(f, s.id)) return true;
  }
  return false;
}

std::string Shard::name() const { return fmt::format("{}/{}", index + 1, count); }

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  const auto k = slash == std::string::npos ? std::nullopt : parse_count(std::string_view(text).substr(0, slash));
  const auto n = slash == std::string::npos ? std::nullopt : parse_count(std::string_view(text).substr(slash + 1));
  if (!k || !n) throw InputError("", fmt::format("--shard {}: expected K/N, the K-th of N parts (for example 2/4)", text));
  if (*n < 1 || *k < 1 || *k > *n)
    throw InputError("", fmt::format("--shard {}: K runs from 1 to N, and N is at least 1", text));
  return {static_cast<std::size_t>(*k - 1), static_cast<std::size_t>(*n)};
}

Shard shard_from_environment() {
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  if (!total || !index) return {};
  // Strictly (common/number.hpp): "-1" is no count and "1x" is no index.
  const auto n = parse_count(total, SIZE_MAX), i = parse_count(index, SIZE_MAX);
  if (n && i && *n >= 1 && *i < *n) return {static_cast<std::size_t>(*i), static_cast<std::size_t>(*n)};
  throw InputError("", fmt::format("GTEST_TOTAL_SHARDS={} and GTEST_SHARD_INDEX={} make no shard (each a decimal "
                                   "count; the index runs from 0 to the total - 1)",
                                   total, index));
}

std::shared_ptr<const Scenario> Corpus::get(std::size_t i) const {
  const Entry& e = entries_[i];
  if (e.kept) return e.kept;
  try {
    return std::make_shared<const Scenario>(load_scenario(e.file, *library_));  // its state was checked once
  } catch (const ScenarioError& error) {
    ScenarioError changed = error;
    changed.message = "the file changed since the run began and can no longer be used: " + error.message;
    throw changed;
  }
}

Shard chosen_shard(const std::string& option) {
  const Shard shard = option.empty() ? shard_from_environment() : parse_shard(option);
  if (const char* status = std::getenv("GTEST_SHARD_STATUS_FILE"); status && !shard.whole()) std::ofstream{status};
  return shard;
}

Corpus load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                   const std::vector<std::string>& filters, const Shard& shard, std::size_t keep_loaded) {
  Corpus corpus(library);
  std::map<std::string, std::string> seen;  // id -> file
  const auto files = list_scenario_files(paths);
  for (const auto& f : files) corpus.files_found.push_back(f.path);  // refused ones too: files of the corpus
  for (std::size_t n = 0; n < files.size(); ++n)
    if (shard.holds(n)) ++corpus.found;
  std::size_t taken = 0;
  for (std::size_t n = 0; n < files.size(); ++n) {
    if (!shard.holds(n)) continue;
    if (interrupted()) {  // 50,000 files take seconds: a signal is not kept waiting for the rest
      corpus.unread = corpus.found - taken;
      break;
    }
    ++taken;
    const auto& f = files[n].path;
    if (!files[n].refused.empty()) {
      corpus.bad.push_back(ScenarioError{f, "", "", files[n].refused});
      continue;
    }
    try {
      Scenario s = load_scenario(f, library);
      check_scenario_state(s, library);  // a state that contradicts itself is a bad file, as in validate
      if (auto [it, fresh] = seen.emplace(s.id, f); !fresh)
        throw ScenarioError{f, s.id, "/id",
                            fmt::format("the id \"{}\" is already used by {}", s.id, it->second)};
      if (!selected(s, filters)) continue;
      std::shared_ptr<const Scenario> kept;
      if (corpus.size() < keep_loaded) kept = std::make_shared<const Scenario>(std::move(s));
      corpus.add(f, std::move(kept));
    } catch (const ScenarioError& e) {
      corpus.bad.push_back(e);
    } catch (const std::exception& e) {  // nothing a file holds may stop the others from running
      corpus.bad.push_back(ScenarioError{f, "", "", valid_utf8(e.what())});
    }
  }
  return corpus;
}

Scenario validate_scenario_file(const std::filesystem::path& file, const RulesLibrary& library) {
  Scenario s = load_scenario(file, library);
  check_scenario_state(s, library);
  const CaseResult r = run_on_oracle(s, *library.find(s.game));
  if (r.verdict == Verdict::errored) throw ScenarioError{file, s.id, "", r.message};
  return s;
}

std::vector<StateInvariantBreak> starting_board_breaks(const Scenario& s, const RulesLibrary& library) {
  const GameRules& rules = *library.find(s.game);
  try {
    const auto bound = find_game(s.game)->bind(rules.merged_ruleset(s.ruleset), s.readings(rules));
    auto breaks = bound->reachability_breaks(s.state);
    // The first step starts from this board: an action may ask more of it (a Scythe Move: move_start.json).
    if (!s.steps.empty() && !s.steps.front().is_query)
      for (auto& b : bound->step_start_breaks(s.state, s.steps.front().request)) breaks.push_back(std::move(b));
    return breaks;
  } catch (const InputError& e) {
    throw ScenarioError{s.file, s.id, e.pointer(), e.what()};
  }
}

}  // namespace rulecheck

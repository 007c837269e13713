// A run's scenarios: every file under the paths given, loaded and checked, the bad ones kept as
// errors (one bad file never stops a run), ids unique, narrowed by --filter.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/game.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// The scenarios a corpus keeps loaded after checking them; those after are read again when a run
// reaches them, so that a run's memory does not grow with the number of files past this.
inline constexpr std::size_t kScenariosKeptLoaded = 512;

// Every file checked once when the corpus is made; the selected ones, in file order, given by number.
class Corpus final : public ScenarioSource {
 public:
  std::vector<ScenarioError> bad;  // files that could not be used
  std::size_t found = 0;            // the files of this shard (read, bad, or not read)
  std::size_t unread = 0;           // of those, the files a signal stopped loading before (interrupted())
  // Every scenario file under the paths, in sorted order: the whole run's corpus whatever the shard
  // (a part's results header records it, so that `report merge` checks each case against it).
  std::vector<std::string> files_found;

  explicit Corpus(const RulesLibrary& library) : library_(&library) {}
  std::size_t size() const override { return entries_.size(); }
  std::shared_ptr<const Scenario> get(std::size_t i) const override;
  const std::string& file(std::size_t i) const { return entries_[i].file; }
  // A checked scenario from `file`; `kept` is the scenario itself, or null to read it again when asked.
  void add(std::string file, std::shared_ptr<const Scenario> kept) {
    entries_.push_back({std::move(file), std::move(kept)});
  }

 private:
  struct Entry {
    std::string file;  // not a std::filesystem::path, which keeps each of its components besides
    std::shared_ptr<const Scenario> kept;  // null past kScenariosKeptLoaded: read again when asked for
  };
  const RulesLibrary* library_ = nullptr;
  std::vector<Entry> entries_;
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
// The shard a command runs: `option` (--shard K/N) when given, else the environment's; when it is a
// part, the file GTEST_SHARD_STATUS_FILE names is touched (GoogleTest's sign that sharding is honoured).
// Throws InputError.
Shard chosen_shard(const std::string& option);

// A scenario is selected by a filter naming a clause it cites, or a glob matching its id.
bool selected(const Scenario& s, const std::vector<std::string>& filters);

// Loads and checks every scenario file under `paths`, keeping the first `keep_loaded` selected ones
// in memory. Throws ScenarioError for a path that does not exist. A file found in a folder that is
// not a regular file (a named pipe) is bad, never opened. A signal (harness/interrupt.hpp) stops the
// loading after the file in hand: the rest are counted in `unread`.
Corpus load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                   const std::vector<std::string>& filters = {}, const Shard& shard = {},
                   std::size_t keep_loaded = kScenariosKeptLoaded);

// Checks one file as `rulecheck validate` does: its structure, its state, and that every action
// and query parses (the oracle reads them; its verdicts are not judged). Throws ScenarioError.
Scenario validate_scenario_file(const std::filesystem::path& file, const RulesLibrary& library);

// The invariants of the states play can reach (rules/<game>/invariants.json) that the scenario's
// starting board breaks, pointers from "/state" (empty: play can reach it, as far as the invariants
// tell), and when the first step is an action, what that step asks more of the board it starts
// from (a Scythe Move: rules/scythe/move_start.json). Later steps start from the oracle's outcomes,
// which keep the invariants (the start of a later Move is not checked). Throws
// ScenarioError when the state is not valid.
std::vector<StateInvariantBreak> starting_board_breaks(const Scenario& s, const RulesLibrary& library);

}  // namespace rulecheck

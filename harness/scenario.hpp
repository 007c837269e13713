// Scenario files (DESIGN.md "Scenario files", docs/formats.md): loading, checking against the
// clause index and the interpretation points, and finding them on disk.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

using json = nlohmann::json;

// The most steps one scenario may have.
inline constexpr std::size_t kMaxSteps = 10'000;

struct Step {
  bool is_query = false;
  json request;              // the action or the query
  std::string request_text;  // the same, serialised once at load (it is sent to every engine)
  json expect;
  std::string note;  // the step's own note, if any
};

struct Scenario {
  std::filesystem::path file;
  std::string id;
  std::string game;
  std::string title;
  std::string note;  // the worked arithmetic, as the author wrote it
  // Not empty: the starting board is one play cannot reach (it breaks the invariants named here,
  // rules/<game>/invariants.json); an engine may skip such cases (run --skip-unreachable).
  std::string unreachable;
  std::vector<std::string> cites;
  json interpretations = json::object();  // readings this scenario depends on
  json ruleset = json::object();          // overrides
  json state;
  std::string state_text;  // the initial state, serialised once at load
  std::vector<Step> steps;

  // The readings it runs under: the game's defaults with this scenario's choices applied.
  json readings(const GameRules& rules) const { return rules.readings(interpretations); }
};

// Scenarios by number, each loaded when asked for, so that a run holds only the cases it is working
// on. Safe to call from several threads at once.
class ScenarioSource {
 public:
  virtual ~ScenarioSource() = default;
  virtual std::size_t size() const = 0;
  // Scenario `i` (< size()). Throws ScenarioError when it can no longer be loaded (its file changed).
  virtual std::shared_ptr<const Scenario> get(std::size_t i) const = 0;
};

// Scenarios already in memory (generated cases, benchmarks), not copied.
class ScenarioList final : public ScenarioSource {
 public:
  explicit ScenarioList(const std::vector<Scenario>& scenarios) : scenarios_(scenarios) {}
  std::size_t size() const override { return scenarios_.size(); }
  std::shared_ptr<const Scenario> get(std::size_t i) const override {
    return std::shared_ptr<const Scenario>(std::shared_ptr<const Scenario>(), &scenarios_[i]);  // not owned
  }

 private:
  const std::vector<Scenario>& scenarios_;
};

// Some of another source's scenarios, in the order given (one instance's share of a --jobs run).
class ScenarioSubset final : public ScenarioSource {
 public:
  ScenarioSubset(const ScenarioSource& all, std::vector<std::size_t> numbers) : all_(all), numbers_(std::move(numbers)) {}
  std::size_t size() const override { return numbers_.size(); }
  std::shared_ptr<const Scenario> get(std::size_t i) const override { return all_.get(numbers_[i]); }

 private:
  const ScenarioSource& all_;
  std::vector<std::size_t> numbers_;
};

// A scenario file that cannot be used, with where and why.
struct ScenarioError {
  std::filesystem::path file;
  std::string id;       // if the file got that far
  std::string pointer;  // JSON pointer inside the file
  std::string message;
  std::string describe() const;
};

// Under a scenarios/ folder a file's id is its path there, without ".json"; "" elsewhere.
std::string scenario_id_for(const std::filesystem::path& file);

// Loads and checks one file's structure, its game, its cited clauses, its interpretation choices,
// its ruleset overrides and its expectations. The state itself is checked by the game when run
// (or by check_scenario_states). Throws ScenarioError.
Scenario load_scenario(const std::filesystem::path& file, const RulesLibrary& library);
// The same from a parsed document (`file` names it in errors and gives its id under scenarios/).
Scenario scenario_from_json(const json& doc, const std::filesystem::path& file, const RulesLibrary& library);

// Validates the initial state with the game's own validator. Throws ScenarioError.
void check_scenario_state(const Scenario& scenario, const RulesLibrary& library);

// A file a scenario path leads to; `refused` says why it is not read ("" to read it).
struct FoundFile {
  std::string path;
  std::string refused;
};

// Every *.json file under each path (a file is taken as is), skipping schema/ folders, sorted.
// Throws ScenarioError for a path that does not exist. A path named here is read whatever its kind
// (a named pipe too: `run <(...)`); an entry found in a folder is read only when it leads to a
// regular file (or nowhere: loading it says why). One that leads to a named pipe, a socket or a
// device is never opened (a pipe with no writer would block for ever): it is listed in its place
// with `refused` naming its kind, for the caller to report as a bad file.
std::vector<FoundFile> list_scenario_files(const std::vector<std::string>& paths);
// The files of list_scenario_files() that are read (those refused left out).
std::vector<std::string> find_scenario_files(const std::vector<std::string>& paths);

}  // namespace rulecheck

// Each game's rulebook as data (rules/<game>/): the clause index, the default ruleset and the
// interpretation points. Loaded once per run and shared by the scenario loader, the runner and
// the reports.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

struct Clause {
  std::string id;
  std::string section;
  std::string paraphrase;
  std::string scope;  // implemented | out-of-scope | note
};

struct InterpretationPoint {
  std::string id;
  std::vector<std::string> readings;
  std::string default_reading;
  std::string question;                             // what the text leaves open, in our words
  std::map<std::string, std::string> reading_says;  // reading -> what it takes the text to mean
};

// An invariant of the states play can reach (rules/<game>/invariants.json; oracle/reachable.hpp):
// what every board reached in play keeps, and the clauses it follows from.
struct StateInvariant {
  std::string id;
  std::vector<std::string> clauses;
  std::string says;
};

// Ruleset keys a game sets together and the combinations of their values a game of it can have
// (rules/<game>/ruleset.doc.json, "produced"; harness/game_rulesets.hpp): keys by dotted path, each
// combination one value per key in their order. A key of no group has its default only.
struct ProducedRulesets {
  std::vector<std::string> keys;
  std::vector<std::vector<json>> combinations;
  std::string why;
};

struct GameRules {
  std::string game;
  std::map<std::string, Clause> clauses;
  json ruleset;  // defaults
  std::vector<InterpretationPoint> points;
  std::vector<StateInvariant> invariants;
  std::vector<ProducedRulesets> produced;  // the rulesets the game produces (--rulesets game)

  bool has_clause(const std::string& id) const { return clauses.count(id) > 0; }
  // The clause ids, for the discovery search (Game::ambiguities): the tags whose constraints it keeps.
  std::set<std::string> clause_ids() const;
  const InterpretationPoint* point(const std::string& id) const;
  const StateInvariant* invariant(const std::string& id) const;
  // The default ruleset with `overrides` merged in (objects merged field by field); throws
  // InputError (pointer relative to `overrides`) for a key the ruleset does not have.
  json merged_ruleset(const json& overrides) const;
  // merged_ruleset(overrides) read by the game's ruleset reader too: every key's type and range, the
  // keys checked against each other (a minimum above its maximum) and the stated tops of the numbers
  // that size the solver's and the generators' work (docs/rulesets.md). Throws InputError naming the
  // key. For a ruleset given whole before anything is built from it (diff --edited, ambiguities --edited).
  json checked_ruleset(const json& overrides) const;
  // Every point's reading: the defaults, with `chosen` applied; throws InputError for an unknown
  // point or reading.
  json readings(const json& chosen) const;
};

class RulesLibrary {
 public:
  // Loads rules/<game>/ for every registered game under `rules_dir`; throws InputError naming the
  // file on a problem.
  explicit RulesLibrary(const std::filesystem::path& rules_dir);
  const GameRules* find(const std::string& game) const;
  const std::map<std::string, GameRules>& games() const { return games_; }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  std::map<std::string, GameRules> games_;
};

}  // namespace rulecheck

// The feature-coverage report of `rulecheck fuzz`: what the generated cases reached, with counts, and
// everything in the universe they never reached.
//
// The universe, per game:
//   ruleset keys   the leaf keys of rules/<game>/ruleset.json ("stacking_map", "units.infantry.cost"),
//                  reached by a case whose ruleset gives the key a value other than the default;
//   readings       every reading of rules/<game>/interpretations.json ("messina.card-hostility=always"),
//                  reached by a case run under it;
//   types          each action type legal and illegal, each query type answered (the oracle's answer),
//                  from the type lists of the scenario schema;
//   format fields  the folded JSON paths of the state and of each request type in the scenario schema
//                  (scenarios/schema/scenario.schema.json, read at run time next to the rules folder:
//                  without it the field universe, and the types', is unavailable and said so);
//   require clauses  the clauses the oracle's require() checks name (kRequireClauses, checked against
//                  oracle/ by tests/test_fuzz_coverage.py), reached by an illegal answer citing it.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

using json = nlohmann::json;

// What one part of a run reached (counts summed over parts with add()).
struct FeatureCounts {
  std::map<std::string, std::size_t> ruleset_keys;  // "messina stacking_map" -> cases
  std::map<std::string, std::size_t> readings;      // "messina.card-hostility=always" -> cases
  std::map<std::string, std::size_t> types;         // "messina action consume legal" -> cases
  std::map<std::string, std::size_t> forbidding;    // require clause id -> cases the oracle forbade by it
  std::vector<std::size_t> fields;                  // by FeatureUniverse field number
  std::map<std::string, std::size_t> unknown_fields;  // paths the schema does not have (a generator's bug)
  void add(const FeatureCounts& other);
};

class FeatureUniverse {
 public:
  // The universe of `games`, from `library` and the scenario schema at `schema_file` (when it exists).
  FeatureUniverse(const RulesLibrary& library, const std::vector<std::string>& games,
                  const std::filesystem::path& schema_file);

  // Counts one generated case: the ruleset overrides and readings it ran under, its state and request,
  // and the oracle's answer (`legal`; when illegal, `rule`).
  void count(FeatureCounts& into, const std::string& game, const std::string& type, bool is_query,
             const json& ruleset, const json& interpretations, const json& state, const json& request, bool legal,
             const std::string& rule) const;

  // {"ruleset_keys": {..}, "readings": {..}, "types": {..}, "fields": {..} | null, "require_clauses": {..},
  //  "unknown_fields": {..}, "unreached": [..], "not_reachable": [{"item", "why"}], "fields_unavailable": "why" |
  //  null}: every item of the universe with its count (0 included), those at 0 listed in "unreached", or in
  //  "not_reachable" when the rules themselves rule them out (not_reachable_by_the_rules()).
  json report(const FeatureCounts& counts) const;

  // Each game's request kinds ("action move", "query controller"), from the scenario schema (none when
  // it is unavailable).
  const std::map<std::string, std::vector<std::string>>& request_kinds() const { return types_; }

  // Under --rulesets game: a ruleset key the game produces no other value of (GameRules::produced) is
  // reported not reachable, saying so, not unreached.
  void draw_only_the_games_rulesets();

  bool fields_available() const { return fields_unavailable_.empty(); }
  const std::string& fields_unavailable() const { return fields_unavailable_; }

 private:
  struct Node {
    std::string name;  // the universe's name for it: "messina /state/spaces/*/units"
    std::vector<std::pair<std::string, int>> children;
    int any = -1;  // the child every other key or index goes to ("*"), or -1
  };
  int node(const std::string& name);
  void walk_schema(const json& schema, const json& def, int at, int depth);
  void count_json(FeatureCounts& into, const json& value, int at, const std::string& where) const;
  int root_of(const std::string& key) const;

  const RulesLibrary& library_;
  std::vector<std::string> games_;
  std::vector<Node> nodes_;
  std::map<std::string, int> roots_;  // "messina state", "messina action consume", ... -> node
  std::map<std::string, std::vector<std::string>> types_;  // game -> "action consume", "query hostile"
  std::string fields_unavailable_;
  std::map<std::string, std::string> not_drawn_;  // items no case of this run can reach, and why
};

// Items of the universe that no case can reach by the rules' own sentences (an action the rules never
// allow, a number another sentence fixes), each with why: reported apart from the unreached, never hidden.
const std::map<std::string, std::string>& not_reachable_by_the_rules();

// The clauses the oracle's require() checks name, per game (oracle/<game>/*.cpp).
const std::map<std::string, std::vector<std::string>>& require_clauses();

}  // namespace rulecheck

// Focus for `rulecheck fuzz` (docs/fuzzing-engines.md, "Focus"): which request kinds to generate
// (--kinds action:move,query:controller) and which ruleset keys to sample (--keys popularity_min,
// move_range.mech; every other key stays at the game's default). The generators draw as ever; a drawn
// case outside the focus is set aside and the next one drawn, so one seed with one focus repeats.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

using json = nlohmann::json;

// A request kind as --kinds names it: "action:move", "query:controller".
std::string focus_kind(bool is_query, const std::string& type);

class FuzzFocus {
 public:
  FuzzFocus() = default;
  // `kinds` and `keys` as given (each item may hold several, comma-separated); `game_kinds` the request
  // kinds of each game fuzzed ("action move", "query controller": the scenario schema's, as
  // FeatureUniverse::request_kinds gives them). Throws InputError naming what is unknown and listing
  // what each game has.
  FuzzFocus(const std::vector<std::string>& kinds, const std::vector<std::string>& keys, const RulesLibrary& library,
            const std::map<std::string, std::vector<std::string>>& game_kinds);

  bool empty() const { return kinds_.empty() && !keys_given_; }
  bool keys_given() const { return keys_given_; }
  const std::vector<std::string>& kinds() const { return kinds_; }
  const std::vector<std::string>& keys() const { return keys_; }

  // Whether a drawn case is one to send: of a kind asked for (or any, without --kinds), and, with
  // --keys, its ruleset changing no key but those (`defaults`: the game's ruleset.json).
  bool admits(bool is_query, const std::string& type, const json& ruleset, const json& defaults) const;

 private:
  std::vector<std::string> kinds_;  // "action:move"
  std::vector<std::string> keys_;   // "move_range.mech"
  bool keys_given_ = false;
};

// The leaf keys of a ruleset whose value in `overrides` differs from `defaults` ("move_range.mech").
std::vector<std::string> changed_ruleset_keys(const json& overrides, const json& defaults);

}  // namespace rulecheck

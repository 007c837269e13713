// Helpers shared by the unit tests: the project's rules, bound to a game's defaults.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck::testing {

using json = nlohmann::json;

inline const RulesLibrary& library() {
  static const RulesLibrary lib(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return lib;
}

// (Named bind_game: a call `bind(name, json, json)` would find std::bind by argument-dependent lookup.)
inline std::unique_ptr<BoundRules> bind_game(const std::string& game, const json& ruleset_overrides = json::object(),
                                             const json& readings = json::object()) {
  const GameRules& rules = *library().find(game);
  return find_game(game)->bind(rules.merged_ruleset(ruleset_overrides), rules.readings(readings));
}
inline std::unique_ptr<BoundRules> bind(const std::string& game) { return bind_game(game); }

}  // namespace rulecheck::testing

// Helpers shared by the unit tests: the project's rules, bound to a game's defaults.
#pragma once

#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"

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

// Case options that sample the ruleset and one reading of every point per case, as `rulecheck fuzz`
// samples them (each point's default named).
inline generators::CaseOptions sampling_rulesets_and_readings(const GameRules& rules) {
  generators::CaseOptions options;
  options.sample_ruleset = true;
  for (const auto& point : rules.points) {
    options.default_readings[point.id] = point.default_reading;
    options.readings[point.id] = point.readings;
  }
  return options;
}

// The key paths of a ruleset, or of a ruleset override: "stacking_map", "units/bomber/cost",
// "ai_backed_units" (objects are walked, anything else is a key); a ruleset file's "game" and "note"
// are no keys.
inline void ruleset_paths(const json& ruleset, std::set<std::string>& out, const std::string& prefix = "") {
  for (const auto& [key, value] : ruleset.items()) {
    if (prefix.empty() && (key == "game" || key == "note")) continue;
    const std::string path = prefix.empty() ? key : prefix + "/" + key;
    if (value.is_object())
      ruleset_paths(value, out, path);
    else
      out.insert(path);
  }
}

// Every key path of `game`'s ruleset.json, and every reading of its points that is not the default
// ("point=reading"): what a sample of rulesets and readings must reach.
inline std::set<std::string> every_ruleset_path(const std::string& game) {
  std::set<std::string> out;
  ruleset_paths(library().find(game)->merged_ruleset(json::object()), out);
  return out;
}
inline std::set<std::string> every_other_reading(const std::string& game) {
  std::set<std::string> out;
  for (const InterpretationPoint& p : library().find(game)->points)
    for (const auto& r : p.readings)
      if (r != p.default_reading) out.insert(p.id + "=" + r);
  return out;
}
// The readings a case's interpretations name ("point=reading").
inline void readings_named(const json& interpretations, std::set<std::string>& out) {
  for (const auto& [point, reading] : interpretations.items())
    out.insert(point + "=" + (reading.is_string() ? reading.get<std::string>() : reading.dump()));
}

}  // namespace rulecheck::testing

#include "diff/witness.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulecheck::diff {

namespace {

json expectation_of(const json& outcome) {
  if (outcome.contains("result")) return {{"result", outcome["result"]}};
  if (outcome.value("legal", false)) return {{"legal", true}, {"state", outcome["state"]}};
  return {{"legal", false}, {"rule", outcome.value("rule", "")}};
}

// The points whose reading under `readings` is not the project's default.
json reading_overrides(const GameRules& project, const json& readings) {
  json out = json::object();
  for (const auto& p : project.points)
    if (readings.contains(p.id) && readings[p.id] != p.default_reading) out[p.id] = readings[p.id];
  return out;
}

}  // namespace

json ruleset_overrides(const json& defaults, const json& merged) {
  json out = json::object();
  for (const auto& [k, v] : merged.items()) {
    if (k == "game" || k == "note" || !defaults.contains(k)) continue;
    const json& d = defaults[k];
    if (d.is_object() && v.is_object()) {
      if (json inner = ruleset_overrides(d, v); !inner.empty()) out[k] = std::move(inner);
    } else if (d != v) {
      out[k] = v;
    }
  }
  return out;
}

json with_side(const GameRules& project, const Side& side, json scenario) {
  const json own_ruleset = scenario.value("ruleset", json::object());
  const json own_readings = scenario.value("interpretations", json::object());
  scenario["ruleset"] = ruleset_overrides(project.ruleset, side.rules.merged_ruleset(own_ruleset));
  scenario["interpretations"] = reading_overrides(project, side.rules.readings(own_readings));
  return scenario;
}

json side_scenario(const GameRules& project, const Side& side, const WitnessCase& c, const json& outcome) {
  if (outcome.contains("error")) return nullptr;
  std::vector<std::string> cites = c.cites;
  if (outcome.contains("rule") && std::find(cites.begin(), cites.end(), outcome["rule"]) == cites.end())
    cites.push_back(outcome["rule"]);
  json step = {{c.is_query ? "query" : "action", c.request}, {"expect", expectation_of(outcome)}};
  json s = {{"id", fmt::format("{}/diff/{}/{}", project.game, c.slug, side.name)},
            {"game", project.game},
            {"title", fmt::format("{} ({} rules)", c.title, side.name)},
            {"note",
             "Written by rulecheck diff: the expected outcome is the oracle's under this side's rules (the "
             "\"ruleset\" and \"interpretations\" here), not worked out by hand."},
            {"cites", cites},
            {"ruleset", c.ruleset},
            {"interpretations", c.interpretations},
            {"state", c.state},
            {"steps", json::array({step})}};
  return with_side(project, side, std::move(s));
}

}  // namespace rulecheck::diff

// Shared by the Scythe property tests (test_scythe_properties.cpp, test_scythe_coverage.cpp): the project's
// Scythe rules, the oracle bound under every combination of readings, and the generators of cases
// (any valid state; states play can reach under sampled rulesets and readings).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"

namespace rulecheck::properties::scythe_props {

using generators::GeneratedCase;

inline const GameRules& scythe_rules() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return *library.find("scythe");
}

inline const json& ruleset() {
  static const json merged = scythe_rules().merged_ruleset(json::object());
  return merged;
}

// The oracle bound to the project's ruleset, under one combination of readings.
struct Binding {
  json readings;
  std::unique_ptr<BoundRules> rules;
};

// Every combination of the readings of every interpretation point; the defaults first.
inline const std::vector<Binding>& every_reading() {
  static const std::vector<Binding> bindings = [] {
    std::vector<json> choices = {json::object()};
    for (const InterpretationPoint& p : scythe_rules().points) {
      std::vector<json> more;
      for (const json& chosen : choices)
        for (const std::string& reading : p.readings) {
          json c = chosen;
          c[p.id] = reading;
          more.push_back(c);
        }
      choices = more;
    }
    std::vector<Binding> out;
    out.push_back({scythe_rules().readings(json::object()), nullptr});
    for (const json& chosen : choices) {
      json full = scythe_rules().readings(chosen);
      if (full != out.front().readings) out.push_back({full, nullptr});
    }
    for (Binding& b : out) b.rules = find_game("scythe")->bind(ruleset(), b.readings);
    return out;
  }();
  return bindings;
}

inline const BoundRules& scythe() { return *every_reading().front().rules; }

// Any valid state: the properties of the oracle that hold wherever the validator lets it run.
inline const rc::Gen<GeneratedCase>& cases() {
  static const rc::Gen<GeneratedCase> gen = [] {
    generators::CaseOptions options;
    options.any_state = true;
    return generators::scythe_cases(ruleset(), options);
  }();
  return gen;
}

// Every reading of every point, as `rulecheck fuzz` offers them to an engine that declares them all.
inline json all_readings() {
  json out = json::object();
  for (const InterpretationPoint& p : scythe_rules().points) out[p.id] = p.readings;
  return out;
}

// States play can reach, a third of them under a sampled ruleset, every reading drawn.
inline const rc::Gen<GeneratedCase>& reachable_cases() {
  static const rc::Gen<GeneratedCase> gen = [] {
    generators::CaseOptions options;
    options.sample_ruleset = true;
    options.readings = all_readings();
    return generators::scythe_cases(ruleset(), options);
  }();
  return gen;
}

// The oracle bound to a generated case's ruleset and readings (or to the case's ruleset under
// `readings`, a full set), bound once per combination.
inline const BoundRules& bound_for(const json& overrides, const json& readings) {
  static std::map<std::string, std::unique_ptr<BoundRules>> cache;
  const std::string key = overrides.dump() + readings.dump();
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, find_game("scythe")->bind(scythe_rules().merged_ruleset(overrides), readings)).first;
  return *it->second;
}
inline const BoundRules& bound_for(const GeneratedCase& c) {
  return bound_for(c.ruleset, scythe_rules().readings(c.interpretations));
}

inline std::string breaks_text(const std::vector<StateInvariantBreak>& breaks) {
  std::string out;
  for (const auto& b : breaks) out += "\n  " + b.invariant + " at " + b.pointer + ": " + b.why;
  return out;
}

}  // namespace rulecheck::properties::scythe_props

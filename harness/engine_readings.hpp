// The readings an engine declares in its hello: "interpretations" maps a point id to the reading
// it implements, or to the list of readings it implements (its preferred one first).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

struct EngineReadings {
  std::map<std::string, std::vector<std::string>> offered;  // known point -> readings, preferred first
  std::map<std::string, std::string> point_problems;        // known point -> what is wrong with its entry
  std::vector<std::string> unknown_points;                  // points no game of the library lists
};

EngineReadings read_engine_readings(const json& declared, const RulesLibrary& library);

// The readings a case of `rules`' game runs under on an engine: the case's own (defaults filled
// in), with every point the engine declares set to a reading it implements: the case's when the
// engine implements it, else the engine's preferred one.
struct ChosenReadings {
  json readings;                        // every point of the game -> its reading
  std::vector<std::string> overridden;  // "point=reading (the case expects X)" where the case named another
  std::string problem;                  // why the oracle cannot follow the engine (the case is skipped)
};
ChosenReadings choose_readings(const EngineReadings& engine, const GameRules& rules, const json& case_readings);

}  // namespace rulecheck

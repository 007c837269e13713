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

}  // namespace rulecheck

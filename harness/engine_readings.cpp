#include "harness/engine_readings.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulecheck {

namespace {

const InterpretationPoint* find_point(const RulesLibrary& library, const std::string& id) {
  for (const auto& [game, rules] : library.games())
    if (const InterpretationPoint* p = rules.point(id)) return p;
  return nullptr;
}

}  // namespace

EngineReadings read_engine_readings(const json& declared, const RulesLibrary& library) {
  EngineReadings out;
  if (!declared.is_object()) return out;
  for (const auto& [point_id, entry] : declared.items()) {
    const InterpretationPoint* point = find_point(library, point_id);
    if (!point) {
      out.unknown_points.push_back(point_id);
      continue;
    }
    std::vector<std::string> offered;
    for (const auto& r : entry.is_array() ? entry : json::array({entry})) {
      const std::string reading = r.is_string() ? r.get<std::string>() : r.dump();
      if (std::find(point->readings.begin(), point->readings.end(), reading) == point->readings.end()) {
        out.point_problems[point_id] =
            fmt::format("the engine implements reading \"{}\" of {}, which the oracle does not know (known: {})",
                        reading, point_id, fmt::join(point->readings, ", "));
        break;
      }
      offered.push_back(reading);
    }
    if (offered.empty() && !out.point_problems.count(point_id))
      out.point_problems[point_id] = fmt::format("the engine declares no reading of {}", point_id);
    if (!out.point_problems.count(point_id)) out.offered[point_id] = std::move(offered);
  }
  return out;
}

ChosenReadings choose_readings(const EngineReadings& engine, const GameRules& rules, const json& case_readings) {
  ChosenReadings out;
  out.readings = rules.readings(case_readings);
  for (const auto& point : rules.points) {
    if (auto problem = engine.point_problems.find(point.id); problem != engine.point_problems.end()) {
      out.problem = problem->second;
      return out;
    }
    const auto offered = engine.offered.find(point.id);
    if (offered == engine.offered.end()) continue;  // the engine says nothing: the case's reading
    const std::vector<std::string>& implemented = offered->second;
    const std::string wanted = out.readings[point.id].get<std::string>();
    if (std::find(implemented.begin(), implemented.end(), wanted) != implemented.end()) continue;
    if (case_readings.is_object() && case_readings.contains(point.id))
      out.overridden.push_back(fmt::format("run under the engine's reading {}={} (the scenario expects {})", point.id,
                                           implemented.front(), wanted));
    out.readings[point.id] = implemented.front();
  }
  return out;
}

}  // namespace rulecheck

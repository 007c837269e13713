#include "harness/audits.hpp"

#include <fmt/format.h>

#include "games/registry.hpp"
#include "harness/engine_readings.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

std::vector<UndeclaredReading> undeclared_readings(const Corpus& corpus, const RulesLibrary& library,
                                                   std::size_t& runs, std::vector<FailingScenario>& failing,
                                                   std::size_t& audited) {
  std::vector<UndeclaredReading> found;
  runs = 0;
  audited = 0;
  for (std::size_t i = 0; i < corpus.size() && !interrupted(); ++i, ++audited) {
    std::shared_ptr<const Scenario> loaded;
    try {
      loaded = corpus.get(i);
    } catch (const ScenarioError&) {
      continue;  // changed since it was checked: not this audit's to say
    }
    const Scenario& s = *loaded;
    const GameRules& rules = *library.find(s.game);
    // A scenario that fails as it is says nothing about other readings: said as failing instead.
    if (const CaseResult own = run_on_oracle(s, rules); own.verdict != Verdict::pass) {
      failing.push_back({loaded, std::string(verdict_name(own.verdict)), own.message});
      continue;
    }
    for (const auto& point : rules.points) {
      if (s.interpretations.contains(point.id)) continue;
      for (const auto& reading : point.readings) {
        if (reading == point.default_reading) continue;
        Scenario variant = s;
        variant.interpretations[point.id] = reading;
        ++runs;
        const CaseResult r = run_on_oracle(variant, rules);
        if (r.verdict != Verdict::pass) found.push_back({loaded, point.id, reading, point.default_reading, r.message});
      }
    }
  }
  return found;
}

std::vector<std::string> hello_problems(const EngineHello& hello, const RulesLibrary& library) {
  std::vector<std::string> problems;  // lines before the hello answer are allowed (a banner): not here
  if (hello.version.empty()) problems.push_back("hello: no \"version\" string");
  if (hello.games.empty()) problems.push_back("hello: \"games\" lists no game");
  for (const auto& g : hello.games)
    if (!find_game(g)) problems.push_back(fmt::format("hello: rulecheck knows no game \"{}\"", g));
  const EngineReadings readings = read_engine_readings(hello.interpretations, library);
  for (const auto& point : readings.unknown_points)
    problems.push_back(fmt::format("hello: unknown interpretation point \"{}\"", point));
  for (const auto& [point, problem] : readings.point_problems) problems.push_back("hello: " + problem);
  for (auto& problem : declaration_problems(hello.declared, hello.games, library)) problems.push_back(std::move(problem));
  return problems;
}

}  // namespace rulecheck

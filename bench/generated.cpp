// Generated cases per second (issue: generated cases): RapidCheck's generation alone, the oracle
// alone on cases generated beforehand, and the same cases cross-checked against `rulecheck serve`
// over the engine protocol (pipelined), per game.
//
//   build/bench/rulecheck_bench --benchmark_filter='Generate|Oracle|Serve'
//
// items_per_second is generated cases per second.
#include <filesystem>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench/cpu_time.hpp"
#include "games/registry.hpp"
#include "harness/cross_check.hpp"
#include "harness/engine.hpp"
#include "harness/engine_readings.hpp"
#include "harness/fuzz.hpp"
#include "harness/pipeline.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"

namespace rulecheck {
namespace {

const RulesLibrary& library() {
  static const RulesLibrary lib(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return lib;
}

const char* game_of(const benchmark::State& state) { return state.range(0) == 0 ? "messina" : "scythe"; }

// 2,000 cases of `game`, at sizes ramping from 0 to 100 as `rulecheck fuzz` draws them.
const std::vector<generators::GeneratedCase>& cases(const std::string& game) {
  static std::map<std::string, std::vector<generators::GeneratedCase>> made;
  auto& list = made[game];
  if (list.empty()) {
    const auto gen = generators::cases_of(game, library().find(game)->merged_ruleset(json::object()));
    rc::Random random(7);
    for (int i = 0; i < 2000; ++i) list.push_back(gen(random.split(), i % 101).value());
  }
  return list;
}

void Generate(benchmark::State& state) {
  const std::string game = game_of(state);
  const auto gen = generators::cases_of(game, library().find(game)->merged_ruleset(json::object()));
  rc::Random random(7);
  int i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(gen(random.split(), i++ % 101).value());
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(game);
}
BENCHMARK(Generate)->Arg(0)->Arg(1);

void Oracle(benchmark::State& state) {
  const std::string game = game_of(state);
  const GameRules& rules = *library().find(game);
  const auto bound = find_game(game)->bind(rules.merged_ruleset(json::object()), rules.readings(json::object()));
  const auto& list = cases(game);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& c = list[i++ % list.size()];
    benchmark::DoNotOptimize(oracle_answer(*bound, "", c.is_query, c.state, c.request));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(game);
}
BENCHMARK(Oracle)->Arg(0)->Arg(1);

void Serve(benchmark::State& state) {
  const std::string game = game_of(state);
  std::vector<Scenario> scenarios;
  for (const auto& c : cases(game)) {
    Scenario s;
    s.id = fmt::format("generated/{}", scenarios.size());
    s.game = c.game;
    s.state = c.state;
    s.state_text = c.state.dump();
    s.steps.push_back(Step{c.is_query, c.request, c.request.dump(), nullptr, ""});
    scenarios.push_back(std::move(s));
  }
  EngineProcess engine(EngineOptions{fmt::format("{} --rules {}/rules serve", RULECHECK_BINARY, RULECHECK_SOURCE_DIR),
                                     std::chrono::milliseconds(30000), 64});
  engine.start();
  std::size_t agreed = 0, total = 0;
  const double engine_before = children_cpu_seconds(), harness_before = own_cpu_seconds();
  for (auto _ : state)
    cross_check(scenarios, library(), engine, CrossCheckOptions{}, [&](const CaseResult& r) {
      ++total;
      agreed += r.verdict == Verdict::pass;
    });
  report_harness_cpu(state, own_cpu_seconds() - harness_before, total);
  report_engine_cpu(state, children_cpu_seconds() - engine_before, total);
  if (agreed != total) state.SkipWithError("rulecheck serve disagreed with the oracle on a generated case");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * scenarios.size()));
  state.SetLabel(game);
  engine.stop();
}
BENCHMARK(Serve)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// As `rulecheck fuzz` runs today (issue 20): cases drawn with fuzz's options (states play can reach, a
// share under sampled rulesets, every reading serve declares), each cross-checked under its own ruleset
// and readings (bound rules cached across batches, as fuzz's are), in fuzz's batches of 256.
void ServeFuzz(benchmark::State& state) {
  const std::string game = game_of(state);
  EngineProcess engine(EngineOptions{fmt::format("{} --rules {}/rules serve", RULECHECK_BINARY, RULECHECK_SOURCE_DIR),
                                     std::chrono::milliseconds(30000), 64});
  engine.start();
  const GameRules& rules = *library().find(game);
  generators::CaseOptions options;
  options.sample_ruleset = true;
  options.readings = readings_to_draw(read_engine_readings(engine.hello().interpretations, library()), rules);
  for (const auto& point : rules.points) options.default_readings[point.id] = point.default_reading;
  const auto gen = generators::cases_of(game, rules.merged_ruleset(json::object()), options);
  rc::Random random(7);
  std::vector<std::vector<Scenario>> batches(8);
  int n = 0;
  for (auto& batch : batches)
    for (int i = 0; i < 256; ++i, ++n)
      batch.push_back(scenario_of_generated(gen(random.split(), n % 101).value(), fmt::format("generated/{}", n)));
  Bindings bindings;
  CrossCheckOptions cross;
  cross.bindings = &bindings;
  PreparedCases prepared;
  cross.prepared = &prepared;
  std::size_t agreed = 0, total = 0;
  const double engine_before = children_cpu_seconds(), harness_before = own_cpu_seconds();
  for (auto _ : state)
    for (const auto& batch : batches)
      cross_check(batch, library(), engine, cross, [&](const CaseResult& r) {
        ++total;
        agreed += r.verdict == Verdict::pass;
      });
  report_harness_cpu(state, own_cpu_seconds() - harness_before, total);
  report_engine_cpu(state, children_cpu_seconds() - engine_before, total);
  if (agreed != total) state.SkipWithError("rulecheck serve disagreed with the oracle on a generated case");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batches.size() * 256));
  state.SetLabel(game);
  engine.stop();
}
BENCHMARK(ServeFuzz)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace rulecheck

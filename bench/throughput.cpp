// Throughput of cross-checking: scenario steps per second sent through the engine protocol to
// `rulecheck serve` and judged, against the same request lines through a line-echo program
// (`cat`: the pipe's own limit). Pipelined (the default window) and lockstep (window 1).
//
//   build/bench/rulecheck_bench --benchmark_min_time=2
//
// items_per_second is cross-checked steps (or echoed lines) per second; CrossCheckServe also reports
// the CPU µs per step of each side (harness_us_per_case: this process; engine_us_per_case: serve).
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include "bench/cpu_time.hpp"
#include "harness/cross_check.hpp"
#include "harness/engine.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {
namespace {

const RulesLibrary& library() {
  static const RulesLibrary lib(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return lib;
}

// The whole corpus, repeated to make one batch of about 3,000 scenarios.
const std::vector<Scenario>& corpus() {
  static const std::vector<Scenario> scenarios = [] {
    std::vector<Scenario> one, many;
    for (const auto& f : find_scenario_files({std::string(RULECHECK_SOURCE_DIR) + "/scenarios"}))
      one.push_back(load_scenario(f, library()));
    for (int i = 0; i < 10; ++i) many.insert(many.end(), one.begin(), one.end());
    return many;
  }();
  return scenarios;
}

std::size_t steps_in(const std::vector<Scenario>& scenarios) {
  std::size_t n = 0;
  for (const auto& s : scenarios) n += s.steps.size();
  return n;
}

void CrossCheckServe(benchmark::State& state) {
  const std::size_t window = static_cast<std::size_t>(state.range(0));
  EngineProcess engine(EngineOptions{fmt::format("{} --rules {}/rules serve", RULECHECK_BINARY, RULECHECK_SOURCE_DIR),
                                     std::chrono::milliseconds(30000), window});
  engine.start();
  CrossCheckOptions options;
  std::size_t passed = 0, total = 0;
  const std::vector<Scenario>& scenarios = corpus();  // loaded before the CPU time is read
  const double engine_before = children_cpu_seconds(), harness_before = own_cpu_seconds();
  for (auto _ : state) {
    cross_check(scenarios, library(), engine, options, [&](const CaseResult& r) {
      ++total;
      passed += r.verdict == Verdict::pass;
    });
  }
  const std::size_t steps = state.iterations() * steps_in(corpus());
  // Per step (the counters say "case": a generated case is one step), which side sets the pace.
  report_harness_cpu(state, own_cpu_seconds() - harness_before, steps);
  report_engine_cpu(state, children_cpu_seconds() - engine_before, steps);
  if (passed != total) state.SkipWithError("a case did not pass against rulecheck serve");
  state.SetItemsProcessed(static_cast<int64_t>(steps));
  engine.stop();
}
BENCHMARK(CrossCheckServe)->Arg(64)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same request lines through `cat`, which answers each line with itself (its id matches).
void EchoPipe(benchmark::State& state) {
  const std::size_t window = static_cast<std::size_t>(state.range(0));
  // Build the request lines once, exactly as cross_check would send them.
  std::vector<std::string> lines, ids;
  for (std::size_t k = 0; k < corpus().size(); ++k) {
    const Scenario& s = corpus()[k];
    const GameRules& rules = *library().find(s.game);
    const std::string rs = rules.merged_ruleset(s.ruleset).dump(), rd = s.readings(rules).dump();
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      ids.push_back(fmt::format("{}.{}", k, i));
      lines.push_back(fmt::format(
          R"({{"id":"{}","op":"apply","game":"{}","ruleset":{},"interpretations":{},"state":{},"action":{}}})",
          ids.back(), s.game, rs, rd, s.state.dump(), s.steps[i].request.dump()));
    }
  }
  // `cat` does not answer hello, so start it through a tiny shell that does, then execs cat.
  EngineProcess echo(EngineOptions{"printf '{\"name\":\"echo\",\"games\":[]}\\n'; read -r hello; exec cat",
                                   std::chrono::milliseconds(30000), window});
  echo.start();
  std::size_t answered = 0;
  auto source = [&](std::size_t i, std::string& line, std::string& id) {
    if (i >= lines.size()) return false;
    line = lines[i];
    id = ids[i];
    return true;
  };
  for (auto _ : state) echo.exchange(source, [&](std::size_t, EngineAnswer a) { answered += a.fault.empty() ? 1 : 0; });
  if (answered != state.iterations() * lines.size()) state.SkipWithError("the echo lost lines");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lines.size()));
  echo.stop();
}
BENCHMARK(EchoPipe)->Arg(64)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace rulecheck

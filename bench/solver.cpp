// The Z3 layer's figures (issue: the Z3 layer): outcome-membership checks per second through the
// JSON edge as the harness asks them (the oracle's outcomes of generated cases), all proofs, the
// ambiguity search, and the bounded-exhaustive Consumption agreement with the oracle.
//
//   build/bench/rulecheck_bench --benchmark_filter='Solver'
//
// SolverMembership: items_per_second is checks per second. SolverExhaustiveConsumption: the
// counter "disagreements" must be 0; its time is the whole run (about 225,000 states, one slice
// per core).
#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "games/registry.hpp"
#include "harness/pipeline.hpp"
#include "harness/rules_data.hpp"
#include "oracle/messina/oracle.hpp"
#include "properties/generators/generated_case.hpp"
#include "solver/messina/solver.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck {
namespace {

// The whole-run solver benchmarks repeat a fixed number of times; RULECHECK_BENCH_QUICK=1 (set by
// scripts/bench-table --quick, the test suite's smoke run) makes it once: the figure is rough then.
bool quick_run() {
  const char* quick = std::getenv("RULECHECK_BENCH_QUICK");
  return quick && std::string(quick) == "1";
}
int whole_runs(int full) { return quick_run() ? 1 : full; }

// The games the whole-run solver benchmarks run over: both, or in the quick smoke run Scythe's alone
// (the same benchmark code with Messina's proofs and searches left out; every proof and search of both
// games runs in the test suite's solver.cli and solver.cli-ambiguities). The label says which.
std::vector<const char*> whole_run_games() {
  if (quick_run()) return {"scythe"};
  return {"messina", "scythe"};
}
std::string whole_run_label() { return quick_run() ? "Scythe only: quick run" : "both games"; }

const RulesLibrary& solver_library() {
  static const RulesLibrary lib(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return lib;
}

constexpr unsigned kRlimit = 5'000'000;

struct Claimed {
  generators::GeneratedCase c;
  json outcome;
};

// 1,000 generated cases of a game (actions only) with the oracle's outcome of each.
std::vector<Claimed> claimed_outcomes(const std::string& game, const BoundRules& bound) {
  const auto gen = generators::cases_of(game, solver_library().find(game)->merged_ruleset(json::object()));
  rc::Random random(11);
  std::vector<Claimed> out;
  for (int i = 0; out.size() < 1000; ++i) {
    auto c = gen(random.split(), i % 101).value();
    if (c.is_query) continue;
    json outcome = oracle_answer(bound, "", false, c.state, c.request).outcome;
    out.push_back({std::move(c), std::move(outcome)});
  }
  return out;
}

void SolverMembership(benchmark::State& state) {
  const std::string game = state.range(0) == 0 ? "messina" : "scythe";
  const GameRules& rules = *solver_library().find(game);
  const auto bound = find_game(game)->bind(rules.merged_ruleset(json::object()), rules.readings(json::object()));
  const auto list = claimed_outcomes(game, *bound);
  std::size_t i = 0, allowed = 0;
  for (auto _ : state) {
    const auto& x = list[i++ % list.size()];
    const OutcomeCheck c = bound->check_outcome(x.c.state, x.c.request, false, x.outcome, kRlimit);
    allowed += c.membership == Membership::allowed;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["allowed_share"] = static_cast<double>(allowed) / static_cast<double>(i);
  state.SetLabel(game);
}
BENCHMARK(SolverMembership)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void SolverProveAll(benchmark::State& state) {
  std::size_t proofs = 0;
  for (auto _ : state) {
    proofs = 0;
    for (const char* game : whole_run_games()) {
      const GameRules& rules = *solver_library().find(game);
      proofs += find_game(game)
                    ->prove(rules.merged_ruleset(json::object()), rules.readings(json::object()), 50'000'000)
                    .size();
    }
  }
  state.counters["proofs"] = static_cast<double>(proofs);
  state.SetLabel(whole_run_label());
}
BENCHMARK(SolverProveAll)->Unit(benchmark::kMillisecond)->Iterations(whole_runs(3));

// `rulecheck prove --strength` (issue 21's figure: under 2 minutes): every proof, and each proved one
// under every misreading; counts the proofs, the unbounded ones, the misreadings that killed and the hollow.
void SolverProveStrength(benchmark::State& state) {
  double proofs = 0, unbounded = 0, killed = 0, hollow = 0;
  for (auto _ : state) {
    proofs = unbounded = killed = hollow = 0;
    for (const char* game : {"messina", "scythe"}) {
      const GameRules& rules = *solver_library().find(game);
      const json records = find_game(game)->prove_strength(rules.merged_ruleset(json::object()),
                                                           rules.readings(json::object()), 50'000'000)["proofs"];
      for (const auto& r : records) {
        ++proofs;
        unbounded += r.value("scope", "") == "unbounded" ? 1 : 0;
        killed += static_cast<double>(r.value("killed_by", json::array()).size());
        hollow += r.value("hollow", false) ? 1 : 0;
      }
    }
  }
  state.counters["proofs"] = proofs;
  state.counters["unbounded"] = unbounded;
  state.counters["killed"] = killed;
  state.counters["hollow"] = hollow;
}
BENCHMARK(SolverProveStrength)->Unit(benchmark::kMillisecond)->Iterations(1);

void SolverAmbiguities(benchmark::State& state) {
  std::size_t found = 0;
  for (auto _ : state) {
    found = 0;
    for (const char* game : whole_run_games()) {
      const GameRules& rules = *solver_library().find(game);
      // One record per question: count the findings (kind neither "none" nor undecided).
      for (const auto& r : find_game(game)->ambiguities(rules.merged_ruleset(json::object()),
                                                        rules.readings(json::object()), 50'000'000, LiteralSearch::run,
                                                        rules.clause_ids()))
        found += solver::is_finding_kind(r.value("kind", "")) ? 1 : 0;
    }
  }
  state.counters["findings"] = static_cast<double>(found);
  state.SetLabel(whole_run_label());
}
BENCHMARK(SolverAmbiguities)->Unit(benchmark::kMillisecond)->Iterations(whole_runs(3));

// Every Consumption of one human faction with Disaffected, Spare, Located in 0..10 (Located backed
// by Civilians on its home space) and Food, Water in 0..12, step 3 naming as many Civilians as
// the shortfall leaves after steps 1 and 2: the oracle's outcome must be allowed by the solver.
void SolverExhaustiveConsumption(benchmark::State& state) {
  namespace ms = rulecheck::messina;
  const GameRules& g = *solver_library().find("messina");
  ms::Rules rules;
  {
    // The numbers a Consumption reads, from rules/messina/ruleset.json (the edge's typed reader is
    // private to games/).
    const json r = g.merged_ruleset(json::object());
    rules.numbers.round_parity_consumption = r["round_parity_consumption"];
    rules.numbers.tokens_per_food_and_water = r["tokens_per_food_and_water"];
    rules.numbers.disaffected_recovered_after_full_feeding = r["disaffected_recovered_after_full_feeding"];
    rules.numbers.ai_backed_units = {ms::Piece::civilian};
    for (ms::Piece p : ms::kUnitKinds) {
      const json& u = r["units"][std::string(ms::piece_name(p))];
      rules.numbers.units[p] = ms::UnitSpec{u["cost"], u["strength"], u["population"]};
    }
  }
  const int top = static_cast<int>(state.range(0));
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<std::size_t> states = 0, disagreements = 0;
  // One slice of Disaffected counts per thread (each thread has its own Z3 context).
  auto slice = [&](unsigned first) {
    for (int d = static_cast<int>(first); d <= top; d += static_cast<int>(threads))
      for (int s = 0; s <= top; ++s)
        for (int l = 0; l <= top; ++l)
          for (int food = 0; food <= top + 2; ++food)
            for (int water = 0; water <= top + 2; ++water) {
              ms::State st;
              st.round = 2;
              st.phase = ms::Phase::consumption;
              ms::Faction f;
              f.home = {"A"};
              f.population = {d, s, l};
              f.resources = {food, water, 0};
              st.factions["Red"] = f;
              st.spaces["A"].units["Red"][ms::Piece::civilian] = l;
              const int p = d + s + l, shortfall = p - std::min({2 * food, 2 * water, p});
              const int rest = std::max(0, shortfall - d - s);
              ms::Consume c{"Red", {}};
              if (std::min(rest, l) > 0) c.disband.push_back({{"A", false}, ms::Piece::civilian, std::min(rest, l)});
              std::optional<ms::State> after;
              std::string rule;
              try {
                after = ms::apply(rules, st, ms::Action{c});
              } catch (const RuleViolation& v) {
                rule = v.clause();
              }
              const auto verdict =
                  solver::messina::check_action(rules, st, ms::Action{c}, after, rule, solver::Budget{kRlimit});
              ++states;
              disagreements += verdict.membership != Membership::allowed;
            }
  };
  for (auto _ : state) {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(slice, t);
    for (auto& t : pool) t.join();
  }
  state.counters["states"] = static_cast<double>(states.load());
  state.counters["disagreements"] = static_cast<double>(disagreements.load());
  state.counters["threads"] = threads;
}
BENCHMARK(SolverExhaustiveConsumption)->Arg(10)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace rulecheck

// The Z3 encoding of Scythe's movement (solver/scythe/): the proofs of the state invariants under every
// reading, the ambiguity witnesses replayed on the oracle, and the search for undecided moves and dead
// ends. (Membership verdicts and the oracle's agreement: test_solver_scythe.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "common/number.hpp"
#include "games/registry.hpp"
#include "oracle/scythe/oracle.hpp"
#include "tests/scythe_readings.hpp"
#include "properties/generators/generated_case.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/solver.hpp"
#include "solver/scythe/unbounded.hpp"
#include "solver/scythe/reachable.hpp"
#include "support.hpp"


namespace rulecheck::solver::scythe {
namespace {

using json = nlohmann::json;
using rulecheck::testing::bind;
using rulecheck::testing::library;

constexpr unsigned kRlimit = 5'000'000;

}  // namespace
}  // namespace rulecheck::solver::scythe

namespace rulecheck::solver::scythe {
namespace {

// The counterexample of a refuted proof, for the failure message.
std::string described(const ScytheProof& p) {
  if (!p.counterexample) return "";
  std::string s;
  for (const auto& [id, t] : p.counterexample->state.territories)
    for (const auto& [f, u] : t.units)
      s += fmt::format("  {} {} c{}/m{}/w{}{}\n", id, f, u[sy::Unit::character], u[sy::Unit::mech], u[sy::Unit::worker],
                       t.held_by ? " held by " + *t.held_by : "");
  for (const auto& [f, x] : p.counterexample->state.factions)
    s += fmt::format("  {} popularity {} -> {}\n", f, x.popularity, p.counterexample_next->factions.at(f).popularity);
  return s;
}

TEST(SolverScythe, EveryInvariantIsProvedUnderTheDefaultAndTheOtherReadings) {
  sy::Rules rules;
  rules.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  for (bool other : {false, true}) {
    if (other) {
      rules.readings.worker_blocking = sy::Readings::WorkerBlocking::presence;
      rules.readings.carried_workers = sy::Readings::CarriedWorkers::counts_as_move;
    }
    // For maps of any size, and over the bounded scope (the cross-check of the concrete encoding).
    // The unbounded set adds six theorems about the path (solver/scythe/theorems_path.cpp) and one about
    // control (theorems_control.cpp).
    const auto unbounded = prove(rules, Budget{}), bounded = prove_bounded(rules, Budget{});
    ASSERT_EQ(unbounded.size(), 5u + reachable_invariant_ids().size() + path_theorems(rules).size() + 1u);
    ASSERT_EQ(bounded.size(), 5u + reachable_invariant_ids().size());
    for (const auto& proofs : {unbounded, bounded}) {
      for (const auto& p : proofs)
        EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail << "\n" << described(p);
    }
  }
}

// The solver proves that every legal move keeps each invariant of rules/scythe/invariants.json (the
// states play can reach), under the clauses the file gives it, for maps of any size, and says so.
TEST(SolverScythe, EveryStateInvariantOfTheRuleDataIsProvedKeptWithItsClausesAndItsScope) {
  const GameRules& game = *library().find("scythe");
  std::map<std::string, std::vector<std::string>> listed;
  for (const StateInvariant& inv : game.invariants) listed[inv.id] = inv.clauses;
  ASSERT_FALSE(listed.empty());
  sy::Rules rules;
  rules.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  std::map<std::string, std::vector<std::string>> proved;
  for (const auto& p : prove(rules, Budget{})) {
    if (p.id.rfind("scythe.reachable.", 0) != 0) continue;
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail << "\n" << described(p);
    EXPECT_TRUE(p.scope.unbounded) << p.id;
    EXPECT_EQ(p.scope.covers.rfind("boards of any size", 0), 0u) << p.scope.covers;
    proved[p.id] = p.clauses;
  }
  EXPECT_EQ(proved, listed);
}

TEST(SolverScythe, TheInvariantsHoldWithTwoPopularityPerWorkerAndAFloorOfOne) {
  // The invariants take their numbers from the ruleset: with a loss of 2 per worker and a floor of
  // 1, a mech forcing one worker out from popularity 2 ends at max(1, 2 - 2) = 1.
  sy::Rules rules;
  rules.numbers = sy::Ruleset{1, 18, 2, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  for (const auto& proofs : {prove(rules, Budget{}), prove_bounded(rules, Budget{})})
    for (const auto& p : proofs)
      EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail << "\n" << described(p);
}

}  // namespace
}  // namespace rulecheck::solver::scythe

namespace rulecheck::solver::scythe {
namespace {

// The base game's numbers (rules/scythe/ruleset.json) with a witness's override applied.
sy::Ruleset numbers_with(const std::string& override_text) {
  sy::Ruleset r{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  if (override_text.empty()) return r;
  const json o = json::parse(override_text);
  if (o.contains("move_range"))
    for (sy::Unit u : sy::kUnits) r.move_range[u] = o["move_range"].value(std::string(sy::unit_name(u)), 1);
  return r;
}


// What the rules track of a state after a move: units, popularity, holders, what waits.
std::string positions(const sy::State& s) {
  std::string out;
  for (const auto& [f, x] : s.factions) out += fmt::format("{}:{} ", f, x.popularity);
  for (const auto& [id, t] : s.territories) {
    for (const auto& [f, u] : t.units)
      if (u.total() > 0)
        out += fmt::format("{}/{}:{}{}{} ", id, f, u[sy::Unit::character], u[sy::Unit::mech], u[sy::Unit::worker]);
    if (t.held_by) out += fmt::format("{} held by {} ", id, *t.held_by);
  }
  for (const auto& c : s.pending_combats) out += "combat " + c + " ";
  for (const auto& e : s.pending_encounters) out += "encounter " + e + " ";
  return out;
}

json interpretation_points() {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/rules/scythe/interpretations.json");
  return json::parse(in)["points"];
}

TEST(SolverScythe, EachPointHasASmallestWitnessWhoseReadingsTheOracleSeparatesAsTheSolverDoes) {
  sy::Rules defaults;
  defaults.numbers = numbers_with("");
  // One record per question: the declared points' witnesses, and a record per new-finding probe
  // (kind "none": the probes find nothing, TheProbedMovesLeaveNothingUndecidedAndHaveNoDeadEnd). The
  // literal search's new findings (the silences it frees) are test_solver_scythe_literal.cpp's.
  std::vector<ScytheWitness> witnesses;
  for (auto& w : ambiguities(defaults, Budget{})) {
    if (w.is_new && w.found_by_search && w.kind == "undecided") continue;
    if (w.is_new) {
      EXPECT_EQ(w.kind, "none") << w.point << ": " << w.note;
      EXPECT_FALSE(w.scope.empty()) << w.point;
      continue;
    }
    witnesses.push_back(std::move(w));
  }
  // The sizes worked out by hand (units + territories + encounter tokens) on the line maps:
  // vacated-workers: HB-red, T1, T2, HB-blue; red mech and worker, blue worker = 4 + 3 = 7.
  // stop-path: HB-red, T1..T3, HB-blue, an encounter on T2, red's character = 5 + 1 + 1 = 7.
  // carried-workers: 4 territories, red mech and worker = 6. units-per-move: 4 territories,
  // three red workers = 7. worker-blocking: none. Its readings part only when red's worker leaves or
  // enters a territory red holds beside blue's character or mech; red can hold a shared territory
  // only after blue came in (scythe.move.combat-temporary-control), and that combat is fought before
  // red moves (scythe.move.combat-pending; rules/scythe/move_start.json). Where blue holds, blue's
  // unit both controls and is present: both readings refuse the worker.
  const std::map<std::string, int> sizes = {{"scythe.vacated-workers", 7},
                                            {"scythe.stop-path", 7},
                                            {"scythe.carried-workers", 6},
                                            {"scythe.units-per-move", 7}};
  const json points = interpretation_points();
  ASSERT_EQ(witnesses.size(), points.size());
  for (const json& point : points) {
    const std::string id = point["id"];
    const auto w = std::find_if(witnesses.begin(), witnesses.end(), [&](const auto& x) { return x.point == id; });
    ASSERT_NE(w, witnesses.end()) << id;
    if (id == "scythe.worker-blocking") {  // a question play cannot raise
      EXPECT_EQ(w->kind, "none") << w->note;
      EXPECT_FALSE(w->found_by_search);
      EXPECT_NE(w->scope.find("move_start.json"), std::string::npos) << w->scope;
      continue;
    }
    EXPECT_EQ(w->kind, "readings");
    EXPECT_FALSE(w->is_new);
    EXPECT_EQ(w->size, sizes.at(id)) << id;
    EXPECT_EQ(w->ruleset_override.empty(), id != "scythe.stop-path") << id;
    ASSERT_EQ(w->outcomes.size(), point["readings"].size()) << id;
    const sy::Ruleset numbers = numbers_with(w->ruleset_override);
    EXPECT_NO_THROW(sy::validate(numbers, w->example.state)) << id;
    EXPECT_TRUE(sy::reachability_breaks(w->example.state).empty()) << id;
    EXPECT_TRUE(sy::move_start_breaks(w->example.state, w->example.step.faction).empty()) << id;
    std::vector<std::string> oracle_outcomes;
    for (const auto& o : w->outcomes) {
      ASSERT_TRUE(point["readings"].contains(o.reading)) << id << " " << o.reading;
      const sy::Rules rules{numbers, rulecheck::testing::scythe_readings_for(id, o.reading)};
      std::string oracle;
      try {
        const sy::State next = sy::move(rules, w->example.state, w->example.step);
        oracle = "legal " + positions(next);
      } catch (const RuleViolation& v) {
        oracle = "illegal by " + v.clause();
      }
      const std::string solver = o.legal ? "legal " + positions(*o.next) : "illegal by " + o.rule;
      EXPECT_EQ(oracle, solver) << id << " under " << o.reading;
      oracle_outcomes.push_back(oracle);
    }
    EXPECT_NE(oracle_outcomes[0], oracle_outcomes[1]) << id << ": the readings do not part";
  }
}

// ---- the search for new findings (undecided moves, dead ends): solver/scythe/outcome_search.hpp ----

sy::Rules default_numbers() {
  sy::Rules rules;
  rules.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return rules;
}

// Every probed move of two factions on the line map (each unit one step, with and without an
// encounter token, a mech with any riders, a worker before or after a mech) has one outcome, and
// it is a valid position, under the default readings and the others.
TEST(SolverScytheFindings, TheProbedMovesLeaveNothingUndecidedAndHaveNoDeadEnd) {
  sy::Rules rules = default_numbers();
  const auto probes = move_probes();
  EXPECT_EQ(probes.size(), 8u);
  for (bool other : {false, true}) {
    if (other) {
      rules.readings.worker_blocking = sy::Readings::WorkerBlocking::presence;
      rules.readings.carried_workers = sy::Readings::CarriedWorkers::counts_as_move;
    }
    const auto found = open_outcomes(probes, rules, Budget{});
    for (const auto& w : found) ADD_FAILURE() << w.point << ": " << w.note;
    EXPECT_TRUE(found.empty());
  }
}

// Planted: a third faction, so that a territory shared by three can be left by the one holding
// it. The movement text keeps control with the holder while factions share a territory, but does
// not say who holds it once the holder leaves two others behind: both are outcomes.
TEST(SolverScytheFindings, AHolderLeavingTwoOtherFactionsBehindIsFoundUndecided) {
  sy::State map = line_map(2, 0);
  map.factions["green"] = sy::Faction{5, "HB-green"};
  map.territories["HB-green"] = sy::Territory{{"T1"}, "green", "home-base", {}, {}, false, {}, {}};
  map.territories["T1"].adjacent.push_back("HB-green");
  const MoveProbe probe{"planted-three-share", map,
                        sy::Move{"red", {sy::UnitMove{sy::Unit::character, "T1", {"T2"}, 0}}}, false,
                        "red's character leaves T1, shared with blue and green"};
  const auto w = undecided_move(probe, default_numbers(), Budget{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->point, "scythe.undecided.planted-three-share");
  EXPECT_TRUE(w->is_new);
  ASSERT_EQ(w->outcomes.size(), 2u);
  ASSERT_TRUE(w->outcomes[0].next && w->outcomes[1].next);
  // Fewest units: the holder of a shared territory must have been there with the two factions it
  // leaves behind, one unit each (red's moving character among them): 3 units, and the map's 5
  // territories, size 8. The two outcomes name different holders of that territory.
  EXPECT_EQ(w->size, 8);
  int differing = 0;
  for (const auto& [id, t] : w->outcomes[0].next->territories) {
    const auto& u = w->outcomes[1].next->territories.at(id);
    if (t.held_by == u.held_by) continue;
    ++differing;
    EXPECT_TRUE(t.held_by && u.held_by) << id;
  }
  EXPECT_EQ(differing, 1);
}

}  // namespace
}  // namespace rulecheck::solver::scythe

// The Z3 encoding of Scythe's movement (solver/scythe/): membership verdicts on outcomes worked out
// by hand from the rule text, and the oracle's outcomes on generated cases allowed by the solver.
// (The proofs, the ambiguity witnesses and the search for new findings: test_solver_scythe_proofs.cpp.)
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

json claim_legal(const json& state) { return {{"legal", true}, {"state", state}}; }
json claim_illegal(const std::string& rule) { return {{"legal", false}, {"rule", rule}}; }

bool names(const OutcomeCheck& c, const std::string& clause) {
  return std::find(c.clauses.begin(), c.clauses.end(), clause) != c.clauses.end();
}

std::string clauses_of(const OutcomeCheck& c) {
  std::string s;
  for (const auto& x : c.clauses) s += x + " ";
  return s + "(" + c.why + ")";
}

// HB-red - A - B - HB-blue in a line; red has a mech on A; blue has two workers and a food on B.
json two_workers_board(int red_popularity) {
  json s = json::parse(R"({
    "factions": {"red": {"popularity": 5, "home_base": "HB-red"}, "blue": {"popularity": 3, "home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["A"], "home_base": "red"},
      "HB-blue": {"adjacent": ["B"], "home_base": "blue"},
      "A": {"adjacent": ["B", "HB-red"], "terrain": "farm", "units": {"red": {"mech": 1}}},
      "B": {"adjacent": ["A", "HB-blue"], "terrain": "forest", "units": {"blue": {"worker": 2}},
            "resources": {"food": 1}}
    }})");
  s["factions"]["red"]["popularity"] = red_popularity;
  return s;
}

json red_moves(const std::string& unit, const std::string& from, const std::vector<std::string>& path, int carry = 0) {
  json m = {{"unit", unit}, {"from", from}, {"path", path}};
  if (carry > 0) m["carry"] = {{"worker", carry}};
  return {{"type", "move"}, {"faction", "red"}, {"moves", json::array({m})}};
}

// The outcome worked out by hand for the red mech moving A -> B onto blue's two workers:
// the mech stops on B (scythe.move.workers-stop); both workers go to HB-blue
// (scythe.move.workers-retreat); the food stays on B (scythe.move.resources-stay); red loses
// 1 popularity per worker (popularity_loss_per_worker = 1): 5 - 2 * 1 = 3; only red is on B now,
// so nobody needs held_by, and no combat or encounter waits.
json mech_forced_two_workers_out(int red_popularity_after) {
  json s = two_workers_board(5);
  s["factions"]["red"]["popularity"] = red_popularity_after;
  s["territories"]["A"].erase("units");
  s["territories"]["B"]["units"] = {{"red", {{"mech", 1}}}};
  s["territories"]["HB-blue"]["units"] = {{"blue", {{"worker", 2}}}};
  return s;
}

TEST(SolverScythe, MechOntoTwoOpponentWorkersSendsThemHomeAndCostsTwoPopularity) {
  const auto rules = bind("scythe");
  const auto c = rules->check_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}), false,
                                      claim_legal(mech_forced_two_workers_out(3)), kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << clauses_of(c);
}

TEST(SolverScythe, BothWaysTheRetreatIsTheOnlyNextStateAndAWrongPopularityIsNotTheOnly) {
  // The outcome worked out above (red 5 - 2 = 3, both workers home) is the only next state the
  // relation allows for the mech's move A -> B.
  const auto rules = bind("scythe");
  const auto only = rules->check_only_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}),
                                              claim_legal(mech_forced_two_workers_out(3)), kRlimit);
  EXPECT_EQ(only.membership, Membership::allowed) << only.why;
  // Given red at 4 instead, the relation's own next state (red at 3) is another: the question can
  // answer no, and names the popularity.
  const auto other = rules->check_only_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}),
                                               claim_legal(mech_forced_two_workers_out(4)), kRlimit);
  EXPECT_EQ(other.membership, Membership::forbidden);
  EXPECT_NE(other.why.find("/factions/red/popularity: 3 instead of 4"), std::string::npos) << other.why;
}

TEST(SolverScythe, AnOutcomeWithoutTheRetreatIsForbiddenByTheRetreatClause) {
  // What examples/engines/bug_no_worker_retreat.py answers: the mech stops on B, the workers stay
  // there (blue keeps control as the first faction by name, the engine's held_by rule), nobody
  // goes home and red keeps 5 popularity.
  json wrong = two_workers_board(5);
  wrong["territories"]["A"].erase("units");
  wrong["territories"]["B"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"worker", 2}}}};
  wrong["territories"]["B"]["held_by"] = "blue";
  const auto c = bind("scythe")->check_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}), false,
                                               claim_legal(wrong), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_TRUE(names(c, "scythe.move.workers-retreat")) << clauses_of(c);
  EXPECT_TRUE(names(c, "scythe.move.popularity-loss")) << clauses_of(c);
}

TEST(SolverScythe, TheRetreatWithoutThePopularityLossIsForbiddenByTheLossClauseOnly) {
  // Workers home as they should be, but red still at 5 (should be 5 - 2 = 3).
  const auto c = bind("scythe")->check_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}), false,
                                               claim_legal(mech_forced_two_workers_out(5)), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.popularity-loss"}) << clauses_of(c);
}

TEST(SolverScythe, PopularityStopsAtTheMinimumWhileBothWorkersStillRetreat) {
  // Red at 1: 1 - 2 * 1 = -1 is below popularity_min 0, so red ends at 0; the workers go home anyway.
  const auto rules = bind("scythe");
  const auto ok = rules->check_outcome(two_workers_board(1), red_moves("mech", "A", {"B"}), false,
                                       claim_legal(mech_forced_two_workers_out(0)), kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << clauses_of(ok);
  const auto stuck = rules->check_outcome(two_workers_board(1), red_moves("mech", "A", {"B"}), false,
                                          claim_legal(mech_forced_two_workers_out(1)), kRlimit);
  EXPECT_EQ(stuck.membership, Membership::forbidden);
  EXPECT_EQ(stuck.clauses, std::vector<std::string>{"scythe.move.popularity-floor"}) << clauses_of(stuck);
}

TEST(SolverScythe, ResourcesCarriedOffWithTheWorkersAreForbidden) {
  json wrong = mech_forced_two_workers_out(3);
  wrong["territories"]["B"].erase("resources");
  const auto c = bind("scythe")->check_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}), false,
                                               claim_legal(wrong), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.resources-stay"}) << clauses_of(c);
}

TEST(SolverScythe, ALegalMoveClaimedIllegalIsForbiddenNamingTheClaim) {
  const auto c = bind("scythe")->check_outcome(two_workers_board(5), red_moves("mech", "A", {"B"}), false,
                                               claim_illegal("scythe.move.workers-stop"), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.workers-stop"});
}

TEST(SolverScythe, AWorkerByItselfIntoOpponentWorkersIsIllegal) {
  // Red's worker on A may not walk onto B, which blue controls with workers.
  json s = two_workers_board(5);
  s["territories"]["A"]["units"] = {{"red", {{"worker", 1}}}};
  const auto rules = bind("scythe");
  const auto c = rules->check_outcome(s, red_moves("worker", "A", {"B"}), false,
                                      claim_illegal("scythe.move.worker-blocked-by-workers"), kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.worker-blocked-by-workers"}) << clauses_of(c);
  // Claimed legal (the worker joins the blue workers), it is forbidden by the same clause.
  json after = s;
  after["territories"]["A"].erase("units");
  after["territories"]["B"]["units"] = {{"red", {{"worker", 1}}}, {"blue", {{"worker", 2}}}};
  after["territories"]["B"]["held_by"] = "blue";
  const auto l = rules->check_outcome(s, red_moves("worker", "A", {"B"}), false, claim_legal(after), kRlimit);
  EXPECT_EQ(l.membership, Membership::forbidden);
  EXPECT_TRUE(names(l, "scythe.move.worker-blocked-by-workers")) << clauses_of(l);
}

TEST(SolverScythe, AMechOntoAnOpponentMechLeavesControlWithTheOpponentAndACombatPending) {
  // Blue has a mech on B instead of workers: red's mech stops there, blue keeps control
  // (held_by blue) and B waits for a combat.
  json s = two_workers_board(5);
  s["territories"]["B"]["units"] = {{"blue", {{"mech", 1}}}};
  json after = s;
  after["territories"]["A"].erase("units");
  after["territories"]["B"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"mech", 1}}}};
  after["territories"]["B"]["held_by"] = "blue";
  after["pending"] = {{"combats", {"B"}}};
  const auto rules = bind("scythe");
  const auto ok = rules->check_outcome(s, red_moves("mech", "A", {"B"}), false, claim_legal(after), kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << clauses_of(ok);
  json no_combat = after;
  no_combat.erase("pending");
  const auto c = rules->check_outcome(s, red_moves("mech", "A", {"B"}), false, claim_legal(no_combat), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.combat-pending"}) << clauses_of(c);
  json red_holds = after;
  red_holds["territories"]["B"]["held_by"] = "red";
  const auto h = rules->check_outcome(s, red_moves("mech", "A", {"B"}), false, claim_legal(red_holds), kRlimit);
  EXPECT_EQ(h.membership, Membership::forbidden);
  EXPECT_EQ(h.clauses, std::vector<std::string>{"scythe.move.combat-temporary-control"}) << clauses_of(h);
}

TEST(SolverScythe, ACharacterOntoAnEncounterLeavesTheEncounterPending) {
  json s = two_workers_board(5);
  s["territories"]["A"]["units"] = {{"red", {{"character", 1}}}};
  s["territories"]["B"].erase("units");
  s["territories"]["B"]["encounter"] = true;
  json after = s;
  after["territories"]["A"].erase("units");
  after["territories"]["B"]["units"] = {{"red", {{"character", 1}}}};
  after["pending"] = {{"encounters", {"B"}}};
  const auto rules = bind("scythe");
  EXPECT_EQ(rules->check_outcome(s, red_moves("character", "A", {"B"}), false, claim_legal(after), kRlimit).membership,
            Membership::allowed);
  json token_gone = after;
  token_gone["territories"]["B"].erase("encounter");
  const auto c = rules->check_outcome(s, red_moves("character", "A", {"B"}), false, claim_legal(token_gone), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_TRUE(names(c, "scythe.move.encounter-pending")) << clauses_of(c);
}

TEST(SolverScythe, IntoAHomeBaseIsIllegal) {
  // A -> HB-red: the mech may not enter any home base, its own included.
  const auto c = bind("scythe")->check_outcome(two_workers_board(5), red_moves("mech", "A", {"HB-red"}), false,
                                               claim_illegal("scythe.move.home-base"), kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"scythe.move.home-base"});
}

// ---------------------------------------------------------------- the oracle agrees

struct Agreement {
  int cases = 0, disagreements = 0, not_encoded = 0, unknown = 0;
  int queries = 0;  // of `cases`, the queries (controller, mill-produces, structure-bonus)
  int both_ways = 0, by_convention = 0;  // legal next states asked the other way round; decided by a convention
  int sampled = 0;  // cases under a ruleset or readings other than the defaults
  std::set<std::string> keys_drawn, readings_drawn;  // away from the default, in some case
  double seconds = 0;
  std::vector<std::string> first;
};

// `sampled`: each case drawn under a ruleset and readings of its own (every key of
// rules/scythe/ruleset.json and one reading of every point), and bound to them; `readings` unused.
Agreement agree(const json& readings, int n, std::uint64_t seed, bool sampled = false) {
  const GameRules& game = *library().find("scythe");
  const json ruleset = game.merged_ruleset(json::object());
  const auto fixed = find_game("scythe")->bind(ruleset, game.readings(readings));
  generators::CaseOptions options;
  options.any_state = true;  // every valid board, reachable in play or not: the two encodings agree on all
  if (sampled) {
    options.sample_ruleset = true;
    for (const InterpretationPoint& p : game.points) {
      options.readings[p.id] = p.readings;
      options.default_readings[p.id] = p.default_reading;
    }
  }
  const auto gen = generators::scythe_cases(ruleset, options);
  rc::Random random(seed);
  Agreement a;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const generators::GeneratedCase c = gen(random.split(), i % (rc::kNominalSize + 1)).value();
    if (!c.ruleset.empty() || !c.interpretations.empty()) ++a.sampled;
    rulecheck::testing::ruleset_paths(c.ruleset, a.keys_drawn);
    rulecheck::testing::readings_named(c.interpretations, a.readings_drawn);
    const auto own = sampled ? find_game("scythe")->bind(game.merged_ruleset(c.ruleset), game.readings(c.interpretations))
                             : nullptr;
    const BoundRules* rules = own ? own.get() : fixed.get();
    ++a.cases;
    if (c.is_query) {  // the oracle's answer is the one the model gives (a function of the board)
      const json answer = {{"result", rules->query(c.state, c.request)}};
      const OutcomeCheck v = rules->check_outcome(c.state, c.request, true, answer, kRlimit);
      ++a.queries;
      if (v.membership == Membership::not_encoded) ++a.not_encoded;
      if (v.membership == Membership::unknown) ++a.unknown;
      if (v.membership != Membership::forbidden) continue;
      ++a.disagreements;
      if (a.first.size() < 5)
        a.first.push_back("state: " + c.state.dump() + "\nquery: " + c.request.dump() + "\noracle: " + answer.dump() +
                          "\nsolver: " + clauses_of(v));
      continue;
    }
    const ApplyOutcome o = rules->apply(c.state, c.request);
    const json claimed = o.legal ? claim_legal(*o.state) : claim_illegal(o.rule);
    const OutcomeCheck v = rules->check_outcome(c.state, c.request, false, claimed, kRlimit);
    if (v.membership == Membership::not_encoded) ++a.not_encoded;
    if (v.membership == Membership::unknown) ++a.unknown;
    if (v.membership == Membership::allowed && o.legal) {
      // Both ways: the oracle's next state must be the only one the relation allows (once the listed
      // conventions decide where the text is silent).
      const OutcomeCheck only = rules->check_only_outcome(c.state, c.request, claimed, kRlimit);
      ++a.both_ways;
      if (!only.conventions.empty()) ++a.by_convention;
      if (only.membership == Membership::unknown) ++a.unknown;
      if (only.membership == Membership::forbidden) {
        ++a.disagreements;
        if (a.first.size() < 5)
          a.first.push_back("state: " + c.state.dump() + "\naction: " + c.request.dump() + "\noracle: " +
                            claimed.dump() + "\nsolver (both ways): " + only.why);
      }
    }
    if (v.membership != Membership::forbidden) continue;
    ++a.disagreements;
    if (a.first.size() < 5)
      a.first.push_back("state: " + c.state.dump() + "\naction: " + c.request.dump() + "\noracle: " + claimed.dump() +
                        "\nsolver: " + clauses_of(v));
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

int agreement_cases() {
  const char* n = std::getenv("RULECHECK_SCYTHE_AGREEMENT_CASES");
  if (!n) return 2000;
  const auto cases = rulecheck::parse_count(n, INT_MAX);  // strictly (common/number.hpp)
  if (!cases) throw std::invalid_argument(std::string("RULECHECK_SCYTHE_AGREEMENT_CASES=") + n + " is not a count");
  return static_cast<int>(*cases);
}

void expect_agreement(const json& readings, std::uint64_t seed, bool sampled = false) {
  const Agreement a = agree(readings, agreement_cases(), seed, sampled);
  if (sampled) {
    EXPECT_GT(a.sampled, a.cases / 10) << "the sample must reach beyond the defaults";
    // ... and reach every key of ruleset.json and every reading of every point, each in some case.
    EXPECT_EQ(a.keys_drawn, rulecheck::testing::every_ruleset_path("scythe"));
    EXPECT_EQ(a.readings_drawn, rulecheck::testing::every_other_reading("scythe"));
  }
  ::testing::Test::RecordProperty("moves", a.cases - a.queries);
  ::testing::Test::RecordProperty("queries", a.queries);
  EXPECT_GT(a.queries, a.cases / 10) << "queries asked of the model";
  ::testing::Test::RecordProperty("both_ways", a.both_ways);
  ::testing::Test::RecordProperty("by_convention", a.by_convention);
  EXPECT_GT(a.both_ways, (a.cases - a.queries) / 10) << "legal moves asked both ways";
  ::testing::Test::RecordProperty("seconds", std::to_string(a.seconds));
  EXPECT_GT(a.cases, 0);
  EXPECT_EQ(a.disagreements, 0) << "of " << a.cases << " moves and queries";
  EXPECT_EQ(a.not_encoded, 0);
  EXPECT_EQ(a.unknown, 0);
  for (const auto& d : a.first) ADD_FAILURE() << d;
}

TEST(SolverScythe, TheOraclesOutcomesOfGeneratedCasesAreAllowedUnderTheDefaultReadings) {
  expect_agreement(json::object(), 20261123);
}

TEST(SolverScythe, TheOraclesOutcomesOfGeneratedCasesAreAllowedUnderTheOtherReadings) {
  expect_agreement({{"scythe.vacated-workers", "no-workers"},
                    {"scythe.stop-path", "truncate"},
                    {"scythe.carried-workers", "counts-as-move"},
                    {"scythe.units-per-move", "ruleset-cap"},
                    {"scythe.worker-blocking", "presence"}},
                   777);
}

TEST(SolverScythe, TheOraclesOutcomesOfGeneratedCasesAreAllowedUnderSampledRulesetsAndReadings) {
  expect_agreement(json::object(), 20261125, /*sampled=*/true);
}

}  // namespace
}  // namespace rulecheck::solver::scythe

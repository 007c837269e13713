// The Location Card encoding (solver/messina/cards.cpp): agreement with the oracle over the
// scenarios of scenarios/messina/cards/, membership verdicts worked out by hand, witnesses (the bounded
// cross-check of the encoding over one free board: test_solver_cards_bounded.cpp).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "oracle/messina/oracle.hpp"
#include "tests/messina_rules.hpp"
#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {
namespace {

using nlohmann::json;
constexpr unsigned kRlimit = 5'000'000;
constexpr const char* kExposeClause = "messina.cards.expose";

const GameRules& rules_data() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return *library.find("messina");
}

const std::set<std::string> kMine = {"expose",      "hide",      "transfer", "end-exploration",
                                     "must-expose", "tie-break", "bombable", "support-cut"};

// Every step of every cards scenario: the oracle's outcome is allowed by the solver, and the
// opposite claim (illegal for a legal step, the unchanged state for an illegal one, another
// boolean for a yes/no answer) is forbidden.
TEST(SolverCards, AgreesWithTheOracleOnEveryCardsScenarioStep) {
  int checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios/messina/cards")) {
    std::ifstream in(entry.path());
    const json sc = json::parse(in);
    const auto bound = find_game("messina")->bind(rules_data().merged_ruleset(sc.value("ruleset", json::object())),
                                                  rules_data().readings(sc.value("interpretations", json::object())));
    json state = sc.at("state");
    for (const auto& step : sc.at("steps")) {
      const bool is_query = step.contains("query");
      const json& request = is_query ? step.at("query") : step.at("action");
      const bool mine = kMine.count(request.at("type").get<std::string>()) > 0;
      SCOPED_TRACE(entry.path().filename().string() + " " + request.dump());
      if (is_query) {
        const json answer = bound->query(state, request);
        if (!mine) continue;
        EXPECT_EQ(bound->check_outcome(state, request, true, {{"result", answer}}, kRlimit).membership,
                  Membership::allowed);
        if (answer.is_boolean()) {
          EXPECT_EQ(bound->check_outcome(state, request, true, {{"result", !answer.get<bool>()}}, kRlimit).membership,
                    Membership::forbidden);
        }
        ++checked;
        continue;
      }
      const ApplyOutcome o = bound->apply(state, request);
      if (mine) {
        ++checked;
        if (o.legal) {
          EXPECT_EQ(
              bound->check_outcome(state, request, false, {{"legal", true}, {"state", *o.state}}, kRlimit).membership,
              Membership::allowed);
          EXPECT_EQ(bound->check_outcome(state, request, false, {{"legal", false}}, kRlimit).membership,
                    Membership::forbidden);
        } else {
          EXPECT_EQ(
              bound->check_outcome(state, request, false, {{"legal", false}, {"rule", o.rule}}, kRlimit).membership,
              Membership::allowed);
          EXPECT_EQ(
              bound->check_outcome(state, request, false, {{"legal", true}, {"state", state}}, kRlimit).membership,
              Membership::forbidden);
        }
      }
      if (o.legal) state = *o.state;
    }
  }
  EXPECT_GT(checked, 50);
}

// A hand-made state: Red holds card A face-up with 1 Infantry; map A has 4 Red Civilians.
// Located = 4 + 1 = 5.
json two_space_state() {
  return json::parse(R"({"round": 1, "phase": "between-mil-ops",
    "factions": {"Red": {"kind": "human", "home": ["B"], "population": {"located": 5}}},
    "spaces": {"A": {"adjacent": ["B"], "units": {"Red": {"civilian": 4}}}, "B": {"adjacent": ["A"]}},
    "cards": {"A": {"holder": "Red", "exposed": true, "units": {"infantry": 1}}}})");
}

const BoundRules& defaults() {
  static const auto b =
      find_game("messina")->bind(rules_data().merged_ruleset(json::object()), rules_data().readings(json::object()));
  return *b;
}

TEST(SolverCards, TransferRightAndWrongOutcomes) {
  const json s = two_space_state();
  const json act = {{"type", "transfer"}, {"faction", "Red"}, {"card", "A"}, {"units", {{"infantry", 1}}}};
  // Right: map A 4 Civilians + 1 Infantry = 5 <= 5, card empty, Located 5 unchanged.
  json right = s;
  right["spaces"]["A"]["units"]["Red"]["infantry"] = 1;
  right["cards"]["A"]["units"] = json::object();
  EXPECT_EQ(defaults().check_outcome(s, act, false, {{"legal", true}, {"state", right}}, kRlimit).membership,
            Membership::allowed);
  // Wrong: the Infantry left the card but never reached the map.
  json lost = s;
  lost["cards"]["A"]["units"] = json::object();
  lost["factions"]["Red"]["population"]["located"] = 4;
  const OutcomeCheck c = defaults().check_outcome(s, act, false, {{"legal", true}, {"state", lost}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_NE(std::find(c.clauses.begin(), c.clauses.end(), "messina.cards.transfer"), c.clauses.end());
}

TEST(SolverCards, HideWithUnitsIsForbiddenByTheHideClause) {
  const json s = two_space_state();
  const json act = {{"type", "hide"}, {"faction", "Red"}, {"card", "A"}};
  json hidden = s;
  hidden["cards"]["A"]["exposed"] = false;
  const OutcomeCheck c = defaults().check_outcome(s, act, false, {{"legal", true}, {"state", hidden}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.cards.hide"});
}

ms::Rules typed_rules() { return rulecheck::testing::messina_typed_rules(); }

// Each witness, replayed through the oracle under each reading, gives that reading's outcome, and
// the readings differ.
TEST(SolverCards, EveryWitnessSeparatesItsReadingsInTheOracle) {
  const ms::Rules base = typed_rules();
  const auto witnesses = cards_witnesses(base, Budget{});
  EXPECT_EQ(witnesses.size(), 4u);
  for (const auto& w : witnesses) std::cout << w.point << " size " << w.size << "\n";
  for (const auto& w : witnesses) {
    std::set<std::string> outcomes;
    for (const auto& o : w.outcomes) {
      ms::Rules under = base;
      using R = ms::Readings;
      if (w.point == "messina.hand-limit-discard")
        under.readings.hand_limit_discard = o.reading == "exactly-excess"   ? R::HandLimitDiscard::exactly_excess
                                            : o.reading == "more-when-over" ? R::HandLimitDiscard::more_when_over
                                                                            : R::HandLimitDiscard::any_number;
      if (w.point == "messina.discard-emptying")
        under.readings.discard_emptying =
            o.reading == "stacking-binds" ? R::DiscardEmptying::stacking_binds : R::DiscardEmptying::overrides_stacking;
      if (w.point == "messina.tie-break-ally")
        under.readings.tie_break_ally =
            o.reading == "holder-only" ? R::TieBreakAlly::holder_only : R::TieBreakAlly::military_ally;
      if (w.point == "messina.action-moments")
        under.readings.action_moments =
            o.reading == "unplaced" ? R::ActionMoments::unplaced : R::ActionMoments::outside_mil_ops;
      SCOPED_TRACE(w.point + " " + o.reading);
      if (o.is_query) {
        const auto a = ms::answer(under, w.example.state, std::get<ms::Query>(w.example.step));
        EXPECT_TRUE(o.answer && a == *o.answer);
        outcomes.insert(std::get<std::optional<ms::FactionId>>(a).value_or("-"));
        continue;
      }
      bool legal = true;
      try {
        ms::apply(under, w.example.state, std::get<ms::Action>(w.example.step));
      } catch (const RuleViolation&) {
        legal = false;
      }
      EXPECT_EQ(legal, o.legal);
      outcomes.insert(legal ? "legal" : "illegal");
    }
    EXPECT_GT(outcomes.size(), 1u) << w.point;
  }
}

// The one proof runner refutes a false claim with a counterexample it reads back: exposing a card
// turns it face-up (messina.cards.expose), so "after a legal expose of A, card A is face-down" is
// false on any board where the expose is legal, and the outcome it shows has A face-up.
TEST(SolverCards, TheProofRunnerRefutesAFalseClaimWithItsCounterexample) {
  const ms::Rules rules = typed_rules();
  const auto p = prove_over_steps({"planted.expose-keeps-face-down", "false on purpose", {kExposeClause}},
                                  small_shape(2, true), fixed_actions({ms::Expose{"Red", "A"}}, rules),
                                  [](const SymBoard&, const SymBoard& after) { return !after.spaces[0].card_exposed; },
                                  rules, Budget{});
  EXPECT_EQ(p.status, ProofStatus::refuted) << p.detail;
  ASSERT_TRUE(p.counterexample.has_value());
  ASSERT_TRUE(p.counterexample_next.has_value());
  EXPECT_TRUE(std::holds_alternative<ms::Expose>(std::get<ms::Action>(p.counterexample->step)));
  EXPECT_EQ(p.counterexample->state.cards.at("A").holder, "Red");
  EXPECT_TRUE(p.counterexample_next->cards.at("A").exposed);
  // The same claim's truth, a card face-up after exposing it, is proved.
  const auto q = prove_over_steps({"planted.expose-turns-face-up", "true", {kExposeClause}}, small_shape(2, true),
                                  fixed_actions({ms::Expose{"Red", "A"}}, rules),
                                  [](const SymBoard&, const SymBoard& after) { return after.spaces[0].card_exposed; },
                                  rules, Budget{});
  EXPECT_EQ(q.status, ProofStatus::proved) << q.detail;
}

}  // namespace
}  // namespace rulecheck::solver::messina

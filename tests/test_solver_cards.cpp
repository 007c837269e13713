// The Location Card encoding (solver/messina/cards.cpp): agreement with the oracle over the
// scenarios of scenarios/messina/cards/, membership verdicts worked out by hand, proofs, witnesses.
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "oracle/messina/oracle.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {
namespace {

using nlohmann::json;
constexpr unsigned kRlimit = 5'000'000;

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
        if (answer.is_boolean())
          EXPECT_EQ(bound->check_outcome(state, request, true, {{"result", !answer.get<bool>()}}, kRlimit).membership,
                    Membership::forbidden);
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

}  // namespace
}  // namespace rulecheck::solver::messina

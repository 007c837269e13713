// The Muster Phase encoding (solver/messina/muster.cpp): hand-worked verdicts, the bundled bug
// engines' wrong answers, and agreement with the oracle over scenarios/messina/muster/.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

constexpr unsigned kRlimit = 50'000'000;

bool names(const OutcomeCheck& c, const std::string& clause) {
  return std::find(c.clauses.begin(), c.clauses.end(), clause) != c.clauses.end();
}

// bug_ai_equip.py: the AI equips its Civilian. State: Blue (AI) with 1 Civilian at its home A,
// 1 E. The engine's outcome: the Civilian becomes Infantry (0 Civilians, 1 Infantry) and Energy
// 1 - 1 = 0; the AI's Infantry needs no token, so Located 1 -> 0 and Spare 0 -> 1 at best. Any such
// outcome is forbidden by messina.muster.equip.ai.
TEST(SolverMuster, BugAiEquipIsForbiddenByTheAiClause) {
  const auto rules = bind("messina");
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Blue": {"kind": "ai", "home": ["A"], "population": {"located": 1}, "resources": {"energy": 1}}},
    "spaces": {"A": {"adjacent": [], "units": {"Blue": {"civilian": 1}}}}})");
  const json action = json::parse(R"({"type": "muster", "faction": "Blue", "equip": [{"at": "A", "count": 1}]})");
  json wrong = state;
  wrong["spaces"]["A"]["units"]["Blue"] = {{"infantry", 1}};
  wrong["factions"]["Blue"]["resources"]["energy"] = 0;
  wrong["factions"]["Blue"]["population"] = {{"located", 0}, {"spare", 1}};
  const auto c = rules->check_outcome(state, action, false, {{"legal", true}, {"state", wrong}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_TRUE(names(c, "messina.muster.equip.ai")) << c.why;
  // The right answer (illegal) is allowed.
  const auto ok =
      rules->check_outcome(state, action, false, {{"legal", false}, {"rule", "messina.muster.equip.ai"}}, kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
}

// bug_workers_stack.py: Workers counted towards stacking. Red has 3 Civilians and 2 Workers (in its
// Utility) at home A and builds 2 Infantry: 3 + 2 = 5 <= 5 units (Workers left out), legal; the
// engine counts 3 + 2 + 2 = 7 and refuses, citing messina.muster.stacking. Energy 2 - 2*1 = 0,
// Spare 2 - 2 = 0, Located 5 + 2 = 7.
TEST(SolverMuster, BugWorkersStackRefusalIsForbidden) {
  const auto rules = bind("messina");
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Red": {"kind": "human", "home": ["A"], "population": {"spare": 2, "located": 5},
                         "resources": {"energy": 2}}},
    "spaces": {"A": {"adjacent": [], "units": {"Red": {"civilian": 3}},
                     "utilities": [{"owner": "Red", "workers": 2}]}}})");
  const json action =
      json::parse(R"({"type": "muster", "faction": "Red", "builds": [{"at": "A", "unit": "infantry", "count": 2}]})");
  const auto c =
      rules->check_outcome(state, action, false, {{"legal", false}, {"rule", "messina.muster.stacking"}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_TRUE(names(c, "messina.muster.stacking")) << c.why;
  json right = state;
  right["spaces"]["A"]["units"]["Red"]["infantry"] = 2;
  right["factions"]["Red"]["resources"]["energy"] = 0;
  right["factions"]["Red"]["population"] = {{"spare", 0}, {"located", 7}};
  const auto ok = rules->check_outcome(state, action, false, {{"legal", true}, {"state", right}}, kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
}

// Every step of every muster scenario: the oracle's outcome is allowed by the solver.
TEST(SolverMuster, AgreesWithTheOracleOnTheMusterScenarios) {
  int checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios/messina/muster")) {
    std::ifstream in(entry.path());
    const json sc = json::parse(in);
    const auto rules =
        bind_game("messina", sc.value("ruleset", json::object()), sc.value("interpretations", json::object()));
    json state = rules->canonical_state(sc.at("state"));
    for (const json& step : sc.at("steps")) {
      if (!step.contains("action")) continue;
      const ApplyOutcome o = rules->apply(state, step.at("action"));
      const json claimed =
          o.legal ? json{{"legal", true}, {"state", *o.state}} : json{{"legal", false}, {"rule", o.rule}};
      const auto c = rules->check_outcome(state, step.at("action"), false, claimed, kRlimit);
      EXPECT_EQ(c.membership, Membership::allowed) << entry.path() << ": " << c.why;
      ++checked;
      if (o.legal) state = *o.state;
    }
  }
  EXPECT_GT(checked, 70);
}

}  // namespace
}  // namespace rulecheck::testing

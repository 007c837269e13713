// The oracle's reasoning (oracle/trace.hpp, BoundRules::explain, `rulecheck explain`): for cases
// worked out by hand from the rule texts, the trace holds the clauses that decided them and the
// numbers they used; an illegal action ends with the decision that forbids it; and recording
// changes no outcome.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "oracle/rule_violation.hpp"
#include "oracle/trace.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind_game;

// The decisions citing `clause`, in order.
std::vector<const ExplainedDecision*> citing(const Explanation& e, const std::string& clause) {
  std::vector<const ExplainedDecision*> out;
  for (const auto& d : e.decisions)
    if (d.clause == clause) out.push_back(&d);
  return out;
}

// The one decision citing `clause` that uses a number called `name` (the test fails without one).
const ExplainedDecision& with_number(const Explanation& e, const std::string& clause, const std::string& name) {
  for (const auto* d : citing(e, clause))
    for (const auto& [n, v] : d->numbers)
      if (n == name) return *d;
  ADD_FAILURE() << "no decision under " << clause << " uses a number called " << name;
  static const ExplainedDecision none;
  return none;
}

long long number(const ExplainedDecision& d, const std::string& name) {
  for (const auto& [n, v] : d.numbers)
    if (n == name) return v;
  ADD_FAILURE() << "the decision \"" << d.what << "\" (" << d.clause << ") has no number called " << name;
  return -1;
}

// Where `clause` is first cited in the trace (decisions.size() if nowhere).
std::size_t position_of(const Explanation& e, const std::string& clause) {
  const auto it = std::find_if(e.decisions.begin(), e.decisions.end(),
                               [&](const ExplainedDecision& d) { return d.clause == clause; });
  return static_cast<std::size_t>(it - e.decisions.begin());
}

const ExplainedDecision* forbidding(const Explanation& e) {
  const ExplainedDecision* found = nullptr;
  for (const auto& d : e.decisions)
    if (d.forbids) {
      EXPECT_EQ(found, nullptr) << "more than one decision forbids the action";
      found = &d;
    }
  return found;
}

// ---------------------------------------------------------------- Messina, Consumption

// 7 tokens (1 Disaffected, 2 Spare, 4 Located: 2 Civilians and 1 Infantry on H1, 1 Fighter on A1),
// 6 F and 4 W, round 2 (even: a Consumption round).
json seven_tokens() {
  return json::parse(R"({
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["H1"],
                        "population": {"disaffected": 1, "spare": 2, "located": 4},
                        "resources": {"food": 6, "water": 4}}},
    "spaces": {"H1": {"adjacent": ["A1"], "units": {"UE": {"civilian": 2, "infantry": 1}}},
               "A1": {"adjacent": ["H1"], "units": {"UE": {"fighter": 1}}}}
  })");
}

TEST(ExplainConsumption, AnOddCountIsRoundedUpAndAFullyFedFactionRecoversOneDisaffected) {
  // P = 1 + 2 + 4 = 7 (every token is on the bill); 1 F and 1 W per 2 P, the odd token rounded up:
  // ceil(7 / 2) = 4 of each. 6 F >= 4 and 4 W >= 4: fully fed, food 6 - 4 = 2, water 4 - 4 = 0.
  // One Disaffected at the start, so one goes back to Spare: Disaffected 0, Spare 3.
  const auto rules = bind_game("messina");
  const auto e = rules->explain(seven_tokens(), json::parse(R"({"type": "consume", "faction": "UE"})"), false);
  ASSERT_TRUE(e.applied.legal) << e.applied.reason;
  EXPECT_EQ(forbidding(e), nullptr);

  const auto& when = with_number(e, "messina.consumption.when", "round");
  EXPECT_EQ(number(when, "round"), 2);
  const auto& count = with_number(e, "messina.consumption.cost", "Located");
  EXPECT_EQ(number(count, "Disaffected"), 1);
  EXPECT_EQ(number(count, "Spare"), 2);
  EXPECT_EQ(number(count, "Located"), 4);
  EXPECT_EQ(number(count, "P"), 7);
  const auto& cost = with_number(e, "messina.consumption.cost", "cost");
  EXPECT_EQ(number(cost, "P"), 7);
  EXPECT_EQ(number(cost, "tokens per F and W"), 2);
  EXPECT_EQ(number(cost, "cost"), 4);
  const auto& recovery = with_number(e, "messina.consumption.recovery", "recovered");
  EXPECT_EQ(number(recovery, "Disaffected at the start"), 1);
  EXPECT_EQ(number(recovery, "recovered"), 1);
  // Fully fed: no shortfall, so none of its steps.
  EXPECT_TRUE(citing(e, "messina.consumption.shortfall").empty());
  EXPECT_TRUE(citing(e, "messina.consumption.shortfall.step1").empty());
  // The decisions come in the order the rule takes them: when, then the bill, then recovery.
  EXPECT_LT(position_of(e, "messina.consumption.when"), position_of(e, "messina.consumption.cost"));
  EXPECT_LT(position_of(e, "messina.consumption.cost"), position_of(e, "messina.consumption.recovery"));

  const json& next = *e.applied.state;
  EXPECT_EQ(next["factions"]["UE"]["resources"].value("food", 0), 2);
  EXPECT_EQ(next["factions"]["UE"]["resources"].value("water", 0), 0);
  EXPECT_EQ(next["factions"]["UE"]["population"].value("disaffected", 0), 0);
  EXPECT_EQ(next["factions"]["UE"]["population"].value("spare", 0), 3);
}

TEST(ExplainConsumption, TheRulebooksTwentyTokenShortfallIsPaidStepByStep) {
  // The rulebook's example: 20 tokens (2 Disaffected, 3 Spare, 15 Located: 10 Civilians on D1 and
  // 5 Infantry on D2), 5 F and 3 W. The bill is 20 / 2 = 10 of each. 5 F feed 10 tokens, 3 W water
  // 6: 6 are fed, shortfall 20 - 6 = 14; all 5 F and all 3 W are still spent. Step 1: the 2
  // Disaffected die (14 - 2 = 12 left); step 2: the 3 Spare become Disaffected (9 left); step 3: 9
  // Located become Disaffected, the player disbanding 9 Civilians (9 tokens); nothing is left over.
  const json state = json::parse(R"({
    "round": 4,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 2, "spare": 3, "located": 15},
                        "resources": {"food": 5, "water": 3}}},
    "spaces": {"D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 10}}},
               "D2": {"adjacent": ["D1"], "units": {"UE": {"infantry": 5}}}}
  })");
  const json action =
      json::parse(R"({"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "civilian", "count": 9}]})");
  const auto e = bind_game("messina")->explain(state, action, false);
  ASSERT_TRUE(e.applied.legal) << e.applied.reason;

  EXPECT_EQ(number(with_number(e, "messina.consumption.cost", "cost"), "cost"), 10);
  const auto& shortfall = with_number(e, "messina.consumption.shortfall", "shortfall");
  EXPECT_EQ(number(shortfall, "P"), 20);
  EXPECT_EQ(number(shortfall, "food"), 5);
  EXPECT_EQ(number(shortfall, "water"), 3);
  EXPECT_EQ(number(shortfall, "fed"), 6);
  EXPECT_EQ(number(shortfall, "shortfall"), 14);
  const auto& spent = with_number(e, "messina.consumption.plentiful-spent", "food paid");
  EXPECT_EQ(number(spent, "food paid"), 5);
  EXPECT_EQ(number(spent, "water paid"), 3);
  const auto& step1 = with_number(e, "messina.consumption.shortfall.step1", "to the Death Zone");
  EXPECT_EQ(number(step1, "shortfall"), 14);
  EXPECT_EQ(number(step1, "to the Death Zone"), 2);
  const auto& step2 = with_number(e, "messina.consumption.shortfall.step2", "Spare to Disaffected");
  EXPECT_EQ(number(step2, "shortfall"), 12);
  EXPECT_EQ(number(step2, "Spare to Disaffected"), 3);
  const auto& step3 = with_number(e, "messina.consumption.shortfall.step3", "Located to Disaffected");
  EXPECT_EQ(number(step3, "shortfall"), 9);
  EXPECT_EQ(number(step3, "Located to Disaffected"), 9);
  const auto& disband = with_number(e, "messina.population.disband-on-shortfall", "units");
  EXPECT_EQ(number(disband, "units"), 9);
  EXPECT_EQ(number(disband, "tokens"), 9);
  EXPECT_TRUE(citing(e, "messina.consumption.shortfall.excess").empty()) << "nothing is left to waive";
  EXPECT_LT(position_of(e, "messina.consumption.shortfall.step1"),
            position_of(e, "messina.consumption.shortfall.step2"));
  EXPECT_LT(position_of(e, "messina.consumption.shortfall.step2"),
            position_of(e, "messina.consumption.shortfall.step3"));

  const json& ue = (*e.applied.state)["factions"]["UE"];
  EXPECT_EQ(ue["population"].value("disaffected", 0), 12);  // 2 - 2 + 3 + 9
  EXPECT_EQ(ue["population"].value("located", 0), 6);       // 15 - 9
  EXPECT_EQ(ue.value("dead", 0), 2);
}

// 4 Located tokens: 2 Civilians on the map (D1) and 2 Infantry on UE's face-up Location Card D2;
// no Spare, no Disaffected, no food or water.
json tokens_on_a_card() {
  return json::parse(R"({
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"located": 4},
                        "resources": {"food": 0, "water": 0}}},
    "spaces": {"D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 2}}}, "D2": {"adjacent": ["D1"]}},
    "cards": {"D2": {"holder": "UE", "exposed": true, "units": {"infantry": 2}}}
  })");
}

TEST(ExplainConsumption, UnderTheMapOnlyReadingTheShortfallStep3CannotReachIsWaived) {
  // P = 4, bill ceil(4 / 2) = 2, nothing to pay it with: 0 fed, shortfall 4. Steps 1 and 2 find no
  // Disaffected and no Spare. Under "map-only" step 3 reaches only the 2 tokens behind the map's
  // Civilians (the card's 2 Infantry are out of reach): 2 move, and the last 2 are waived.
  const auto rules = bind_game("messina", json::object(), json{{"messina.step3-card-units", "map-only"}});
  const json action =
      json::parse(R"({"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "civilian", "count": 2}]})");
  const auto e = rules->explain(tokens_on_a_card(), action, false);
  ASSERT_TRUE(e.applied.legal) << e.applied.reason;
  EXPECT_EQ(number(with_number(e, "messina.consumption.shortfall", "shortfall"), "shortfall"), 4);
  EXPECT_EQ(number(with_number(e, "messina.consumption.shortfall.step1", "to the Death Zone"), "to the Death Zone"), 0);
  const auto& step3 = with_number(e, "messina.consumption.shortfall.step3", "Located within reach");
  EXPECT_EQ(number(step3, "Located within reach"), 2);
  EXPECT_EQ(number(step3, "Located to Disaffected"), 2);
  EXPECT_EQ(number(with_number(e, "messina.consumption.shortfall.excess", "shortfall left"), "shortfall left"), 2);
}

TEST(ExplainConsumption, AStep3ChoiceNamingTooFewTokensIsTheDecisionThatForbidsIt) {
  // Under the default reading step 3 reaches all 4 Located tokens and must move all 4 (shortfall 4,
  // as above); naming 1 Civilian names 1 token.
  const json action =
      json::parse(R"({"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "civilian", "count": 1}]})");
  const auto e = bind_game("messina")->explain(tokens_on_a_card(), action, false);
  ASSERT_FALSE(e.applied.legal);
  EXPECT_EQ(e.applied.rule, "messina.consumption.shortfall.step3");
  const auto* last = forbidding(e);
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last, &e.decisions.back()) << "the forbidding decision ends the trace";
  EXPECT_EQ(last->clause, "messina.consumption.shortfall.step3");
  EXPECT_EQ(number(*last, "tokens step 3 moves"), 4);
  EXPECT_EQ(number(*last, "tokens the disband names"), 1);
}

TEST(ExplainConsumption, ConsumingInAnOddRoundIsForbiddenByTheRoundItIs) {
  json state = seven_tokens();
  state["round"] = 3;  // odd: a Muster round
  const auto e = bind_game("messina")->explain(state, json::parse(R"({"type": "consume", "faction": "UE"})"), false);
  ASSERT_FALSE(e.applied.legal);
  const auto* forbids = forbidding(e);
  ASSERT_NE(forbids, nullptr);
  EXPECT_EQ(forbids->clause, "messina.consumption.when");
  EXPECT_EQ(number(*forbids, "round"), 3);
  EXPECT_EQ(e.decisions.size(), 1u) << "nothing is decided after the rule that forbids the action";
}

// ---------------------------------------------------------------- Messina, Muster and the Friendly Area

TEST(ExplainMuster, BuildingPastTheStackingLimitIsForbiddenWithTheCounts) {
  // Round 1 (odd: a Muster). D1 holds 4 UE units; 2 Infantry more would make 6, over the limit of 5.
  const json state = json::parse(R"({
    "round": 1,
    "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"spare": 3, "located": 4},
                        "resources": {"energy": 5}}},
    "spaces": {"D1": {"adjacent": [], "units": {"UE": {"civilian": 4}}}}
  })");
  const json action =
      json::parse(R"({"type": "muster", "faction": "UE", "builds": [{"at": "D1", "unit": "infantry", "count": 2}]})");
  const auto e = bind_game("messina")->explain(state, action, false);
  ASSERT_FALSE(e.applied.legal);
  const auto* forbids = forbidding(e);
  ASSERT_NE(forbids, nullptr);
  EXPECT_EQ(forbids->clause, "messina.muster.stacking");
  EXPECT_EQ(number(*forbids, "units before the Muster"), 4);
  EXPECT_EQ(number(*forbids, "units after the builds"), 6);
  EXPECT_EQ(number(*forbids, "limit"), 5);
  // Before it: the Muster's moment (round 1) and the build's cost (1 E and 1 token per Infantry).
  EXPECT_EQ(number(with_number(e, "messina.muster.when", "round"), "round"), 1);
  const auto& built = with_number(e, "messina.muster.unit-table", "E each");
  EXPECT_EQ(number(built, "count"), 2);
  EXPECT_EQ(number(built, "E each"), 1);
  EXPECT_EQ(number(built, "tokens each"), 1);
}

TEST(ExplainFriendlyArea, TheAreaSaysWhichSpacesJoinAndWhyTheOthersStayOut) {
  // UE's Home Space H1 (its Civilian there) reaches A1 (UE's Infantry); B1, next to H1, is empty;
  // C1, next to A1, holds SF's units without SF's consent. The area for muster: H1 and A1.
  const json state = json::parse(R"({
    "round": 1,
    "factions": {"UE": {"kind": "human", "home": ["H1"], "population": {"located": 2}},
                 "SF": {"kind": "human", "home": ["C1"], "population": {"located": 1}}},
    "spaces": {"H1": {"adjacent": ["A1", "B1"], "units": {"UE": {"civilian": 1}}},
               "A1": {"adjacent": ["H1", "C1"], "units": {"UE": {"infantry": 1}}},
               "B1": {"adjacent": ["H1"]},
               "C1": {"adjacent": ["A1"], "units": {"SF": {"civilian": 1}}}}
  })");
  const auto e = bind_game("messina")->explain(
      state, json::parse(R"({"type": "friendly-area", "faction": "UE", "purpose": "muster"})"), true);
  ASSERT_TRUE(e.result);
  EXPECT_EQ(*e.result, json::parse(R"(["A1", "H1"])"));
  EXPECT_EQ(number(with_number(e, "messina.friendly.area", "spaces"), "spaces"), 2);
  const auto joins = citing(e, "messina.friendly.space");
  ASSERT_EQ(joins.size(), 1u);
  EXPECT_NE(joins[0]->what.find("A1"), std::string::npos) << joins[0]->what;
  const auto empty = citing(e, "messina.friendly.empty");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_NE(empty[0]->what.find("B1"), std::string::npos) << empty[0]->what;
  const auto unconsented = citing(e, "messina.friendly.consent");
  ASSERT_EQ(unconsented.size(), 1u);
  EXPECT_NE(unconsented[0]->what.find("C1"), std::string::npos) << unconsented[0]->what;
  EXPECT_NE(unconsented[0]->what.find("SF"), std::string::npos) << unconsented[0]->what;
}

TEST(ExplainFriendlyArea, TheMilitaryAreaSaysAHostileSpaceStaysOutAndEmptyStructuresDoNot) {
  // H1 (UE's home, its Civilian) is next to A1 (a UE Civilian and SF's Infantry: hostile) and C1 (a UE
  // Civilian and SF's empty Utility: not hostile). For military purposes A1 stays out, C1 joins.
  const json state = json::parse(R"({
    "round": 1,
    "factions": {"UE": {"kind": "human", "home": ["H1"], "population": {"located": 3}},
                 "SF": {"kind": "human", "home": ["A1"], "population": {"located": 1}}},
    "spaces": {"H1": {"adjacent": ["A1", "C1"], "units": {"UE": {"civilian": 1}}},
               "A1": {"adjacent": ["H1"], "units": {"UE": {"civilian": 1}, "SF": {"infantry": 1}}},
               "C1": {"adjacent": ["H1"], "units": {"UE": {"civilian": 1}}, "utilities": [{"owner": "SF"}]}}
  })");
  const auto e = bind_game("messina")->explain(
      state, json::parse(R"({"type": "friendly-area", "faction": "UE", "purpose": "military"})"), true);
  ASSERT_TRUE(e.result);
  EXPECT_EQ(*e.result, json::parse(R"(["C1", "H1"])"));
  // One hostility decision only: the area's own (the hostile query it asks leaves no trace of its own).
  const auto hostile = citing(e, "messina.friendly.hostile");
  ASSERT_EQ(hostile.size(), 1u);
  EXPECT_NE(hostile[0]->what.find("A1"), std::string::npos) << hostile[0]->what;
  EXPECT_NE(hostile[0]->what.find("stays out"), std::string::npos) << hostile[0]->what;
  const auto structures = citing(e, "messina.friendly.empty-structures");
  ASSERT_EQ(structures.size(), 1u);
  EXPECT_NE(structures[0]->what.find("C1"), std::string::npos) << structures[0]->what;
  EXPECT_TRUE(citing(e, "messina.friendly.mixed").empty());
}

// ---------------------------------------------------------------- Scythe, movement

json scythe_board(int blue_popularity) {
  json board = json::parse(R"({
    "factions": {"red": {"popularity": 5, "home_base": "HB-red"}, "blue": {"popularity": 5, "home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["T1"], "home_base": "red"},
      "T1": {"adjacent": ["HB-red", "T2"], "units": {"red": {"worker": 2}}, "resources": {"food": 3}},
      "T2": {"adjacent": ["T1", "T3", "HB-blue"], "units": {"blue": {"mech": 1}}},
      "T3": {"adjacent": ["T2"]},
      "HB-blue": {"adjacent": ["T2"], "home_base": "blue"}
    }
  })");
  board["factions"]["blue"]["popularity"] = blue_popularity;
  return board;
}

TEST(ExplainScytheMove, AMechForcingTwoWorkersOutLosesPopularityDownToTheFloor) {
  // Blue's mech enters T1, held only by 2 red workers: it stops there, both workers go back to
  // HB-red, the 3 food stay. Blue loses 1 popularity per worker, 2 in all, from 1: 1 - 2 = -1,
  // held at the minimum of 0.
  const json move =
      json::parse(R"({"type": "move", "faction": "blue", "moves": [{"unit": "mech", "from": "T2", "path": ["T1"]}]})");
  const auto e = bind_game("scythe")->explain(scythe_board(1), move, false);
  ASSERT_TRUE(e.applied.legal) << e.applied.reason;
  EXPECT_EQ(citing(e, "scythe.move.workers-stop").size(), 1u);
  EXPECT_EQ(number(with_number(e, "scythe.move.workers-retreat", "workers"), "workers"), 2);
  EXPECT_EQ(number(with_number(e, "scythe.move.resources-stay", "resource tokens"), "resource tokens"), 3);
  const auto& loss = with_number(e, "scythe.move.popularity-loss", "workers sent away");
  EXPECT_EQ(number(loss, "workers sent away"), 2);
  EXPECT_EQ(number(loss, "loss per worker"), 1);
  EXPECT_EQ(number(loss, "popularity before"), 1);
  EXPECT_EQ(number(with_number(e, "scythe.move.popularity-floor", "minimum"), "minimum"), 0);
  EXPECT_EQ((*e.applied.state)["factions"]["blue"].value("popularity", 0), 0);  // a count of 0 may be left out

  // From popularity 5 the loss is 2 (5 -> 3) and the floor is never reached.
  const auto e5 = bind_game("scythe")->explain(scythe_board(5), move, false);
  ASSERT_TRUE(e5.applied.legal);
  EXPECT_TRUE(citing(e5, "scythe.move.popularity-floor").empty());
  EXPECT_EQ((*e5.applied.state)["factions"]["blue"].value("popularity", -1), 3);
}

TEST(ExplainScytheMove, APathLongerThanTheMechsRangeIsForbiddenWithBothNumbers) {
  // A mech moves 1 territory in the base game (rules/scythe/ruleset.json); T2 -> T3 -> T2 is 2.
  const json move = json::parse(
      R"({"type": "move", "faction": "blue", "moves": [{"unit": "mech", "from": "T2", "path": ["T3", "T2"]}]})");
  const auto e = bind_game("scythe")->explain(scythe_board(5), move, false);
  ASSERT_FALSE(e.applied.legal);
  const auto* forbids = forbidding(e);
  ASSERT_NE(forbids, nullptr);
  EXPECT_EQ(forbids->clause, "scythe.move.range");
  EXPECT_EQ(number(*forbids, "path length"), 2);
  EXPECT_EQ(number(*forbids, "range"), 1);
}

TEST(ExplainScytheMove, EnteringAHomeBaseIsForbiddenByItsClause) {
  const json move = json::parse(
      R"({"type": "move", "faction": "blue", "moves": [{"unit": "mech", "from": "T2", "path": ["HB-blue"]}]})");
  const auto e = bind_game("scythe")->explain(scythe_board(5), move, false);
  ASSERT_FALSE(e.applied.legal);
  ASSERT_NE(forbidding(e), nullptr);
  EXPECT_EQ(forbidding(e)->clause, "scythe.move.home-base");
  EXPECT_EQ(e.applied.rule, "scythe.move.home-base");
}

// ---------------------------------------------------------------- recording itself

TEST(ExplainTrace, RecordingChangesNoOutcome) {
  const auto rules = bind_game("messina");
  const json action = json::parse(R"({"type": "consume", "faction": "UE"})");
  const auto applied = rules->apply(seven_tokens(), action);
  const auto explained = rules->explain(seven_tokens(), action, false);
  ASSERT_TRUE(applied.legal);
  ASSERT_TRUE(explained.applied.legal);
  EXPECT_EQ(*applied.state, *explained.applied.state);
  const json query = json::parse(R"({"type": "hostile", "faction": "UE", "at": "A1"})");
  EXPECT_EQ(rules->query(seven_tokens(), query), *rules->explain(seven_tokens(), query, true).result);
}

TEST(ExplainTrace, OnlyAnOpenScopeRecordsAndUnrecordedHelpersAreLeftOut) {
  Trace trace;
  explain("messina.consumption.cost", {{"P", 7}}, "before any scope");
  {
    TraceScope recording(&trace);
    explain("messina.consumption.cost", {{"P", 7}, {"cost", 4}}, "{} P cost {}", 7, 4);
    {
      Unrecorded helper;
      explain("messina.friendly.area", {}, "inside a helper");
      EXPECT_EQ(tracing(), nullptr);
    }
    EXPECT_EQ(tracing(), &trace);
    EXPECT_THROW(require(false, "messina.muster.energy", {{"E cost", 4}, {"E held", 3}}, "costs {}", 4), RuleViolation);
    require(true, "messina.muster.energy", {{"E cost", 1}}, "a check that holds is not recorded by require");
  }
  EXPECT_EQ(tracing(), nullptr);
  explain("messina.consumption.cost", {}, "after the scope");

  ASSERT_EQ(trace.decisions.size(), 2u);
  EXPECT_EQ(trace.decisions[0].clause, "messina.consumption.cost");
  EXPECT_EQ(trace.decisions[0].what, "7 P cost 4");
  ASSERT_EQ(trace.decisions[0].numbers.size(), 2u);
  EXPECT_EQ(trace.decisions[0].numbers[1].first, "cost");
  EXPECT_EQ(trace.decisions[0].numbers[1].second, 4);
  EXPECT_FALSE(trace.decisions[0].forbids);
  EXPECT_EQ(trace.decisions[1].clause, "messina.muster.energy");
  EXPECT_EQ(trace.decisions[1].what, "costs 4");
  EXPECT_TRUE(trace.decisions[1].forbids);
  EXPECT_EQ(trace.decisions[1].numbers[1].second, 3);
}

}  // namespace
}  // namespace rulecheck

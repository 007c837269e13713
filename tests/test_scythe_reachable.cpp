// The states play can reach in Scythe (rules/scythe/invariants.json, oracle/scythe/reachable.cpp):
// for each invariant, a hand-built valid board that breaks it (and no other) and one that keeps it;
// the JSON pointer of each break; and the code's invariant ids are exactly the file's, each citing
// clauses of the index.
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "harness/scenario.hpp"
#include "oracle/scythe/oracle.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind;

// Red and blue, one home base each, a row of territories HB-red - T1 - T2 - T3 - HB-blue; no units.
json board() {
  return json::parse(R"({
    "factions": {"red": {"popularity": 5, "home_base": "HB-red"}, "blue": {"popularity": 5, "home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["T1"], "home_base": "red"},
      "T1": {"adjacent": ["HB-red", "T2"], "terrain": "farm"},
      "T2": {"adjacent": ["T1", "T3"], "terrain": "forest"},
      "T3": {"adjacent": ["T2", "HB-blue"], "terrain": "village"},
      "HB-blue": {"adjacent": ["T3"], "home_base": "blue"}
    }
  })");
}

struct Found {
  std::string invariant, pointer;
};

std::vector<Found> breaks(const json& state) {
  std::vector<Found> out;
  for (const auto& b : bind("scythe")->reachability_breaks(state)) {
    EXPECT_FALSE(b.why.empty()) << b.invariant;
    out.push_back({b.invariant, b.pointer});
  }
  return out;
}

// The one break `state` has, as "invariant at pointer" ("" when it has none, "several" otherwise).
std::string only_break(const json& state) {
  const auto found = breaks(state);
  if (found.empty()) return "";
  if (found.size() > 1) {
    std::string all = "several:";
    for (const auto& f : found) all += " " + f.invariant + " at " + f.pointer;
    return all;
  }
  return found.front().invariant + " at " + found.front().pointer;
}

TEST(ScytheReachable, AnEmptyBoardAndOneFactionPerTerritoryAreReachable) {
  json s = board();
  EXPECT_EQ(only_break(s), "");
  s["territories"]["T1"]["units"] = {{"red", {{"character", 1}, {"mech", 2}, {"worker", 3}}}};
  s["territories"]["T3"]["units"] = {{"blue", {{"mech", 1}, {"worker", 1}}}};
  s["territories"]["HB-red"]["units"] = {{"red", {{"worker", 2}}}};
  EXPECT_EQ(only_break(s), "");
}

// scythe.move.combat-stop, scythe.move.combat-pending
TEST(ScytheReachable, CombatUnitsMeetOnlyInAPendingCombat) {
  json s = board();
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"character", 1}}}};
  s["territories"]["T2"]["held_by"] = "blue";
  EXPECT_EQ(only_break(s), "scythe.reachable.combat-units-meet-only-in-pending-combat at /state/territories/T2/units");
  s["pending"] = {{"combats", {"T2"}}};
  EXPECT_EQ(only_break(s), "");
}

// scythe.move.workers-stop, scythe.move.workers-retreat, scythe.move.worker-blocked-by-workers,
// scythe.move.worker-blocked-by-combat-units, scythe.move.mech-carry, scythe.move.combat-pending
TEST(ScytheReachable, WorkersShareATerritoryOnlyInAPendingCombat) {
  json s = board();
  // the opponent's workers left with the mover's mech: a mech entering would have sent them home
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"worker", 2}}}};
  s["territories"]["T2"]["held_by"] = "red";
  EXPECT_EQ(only_break(s), "scythe.reachable.workers-share-only-in-pending-combat at /state/territories/T2/units");
  // two factions' workers alone: neither may walk in on the other's
  s["territories"]["T2"]["units"] = {{"red", {{"worker", 1}}}, {"blue", {{"worker", 1}}}};
  EXPECT_EQ(only_break(s), "scythe.reachable.workers-share-only-in-pending-combat at /state/territories/T2/units");
  s["pending"] = {{"combats", {"T2"}}};
  EXPECT_EQ(only_break(s), "");
  // workers on both sides of a combat: outside a pending combat, the combat units' invariant
  // alone is broken (each pair of factions counts under one invariant)
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}, {"worker", 1}}}, {"blue", {{"mech", 1}, {"worker", 1}}}};
  EXPECT_EQ(only_break(s), "");
  s.erase("pending");
  EXPECT_EQ(only_break(s), "scythe.reachable.combat-units-meet-only-in-pending-combat at /state/territories/T2/units");
  // red's worker left alone with blue's mech and worker: the workers' invariant alone
  s["territories"]["T2"]["units"]["red"] = {{"worker", 1}};
  EXPECT_EQ(only_break(s), "scythe.reachable.workers-share-only-in-pending-combat at /state/territories/T2/units");
}

// scythe.move.home-base, scythe.move.workers-retreat
TEST(ScytheReachable, AHomeBaseHoldsOnlyItsOwnFaction) {
  json s = board();
  s["territories"]["HB-blue"]["units"] = {{"blue", {{"worker", 3}}}};
  EXPECT_EQ(only_break(s), "");
  s["territories"]["HB-blue"]["units"] = {{"red", {{"mech", 1}}}};
  EXPECT_EQ(only_break(s), "scythe.reachable.home-base-holds-only-its-faction at /state/territories/HB-blue/units/red");
}

// scythe.move.home-base, scythe.move.combat-pending
TEST(ScytheReachable, NoCombatIsPendingInAHomeBase) {
  json s = board();
  s["pending"] = {{"combats", {"T1"}}};
  EXPECT_EQ(only_break(s), "");
  s["pending"] = {{"combats", {"HB-red", "T1"}}};
  EXPECT_EQ(only_break(s), "scythe.reachable.no-pending-combat-in-home-base at /state/pending/combats/0");
}

// scythe.move.encounter-stop, scythe.move.encounter-pending, scythe.move.encounter-resolve
TEST(ScytheReachable, ACharacterOnAnEncounterTokenHasItsEncounterPending) {
  json s = board();
  s["territories"]["T2"]["encounter"] = true;
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}, {"worker", 1}}}};  // only a character stops there
  EXPECT_EQ(only_break(s), "");
  s["territories"]["T2"]["units"]["red"]["character"] = 1;
  EXPECT_EQ(only_break(s),
            "scythe.reachable.character-on-encounter-has-it-pending at /state/territories/T2/units/red/character");
  s["pending"] = {{"encounters", {"T2"}}};
  EXPECT_EQ(only_break(s), "");
}

// scythe.move.encounter-pending, scythe.move.encounter-resolve
TEST(ScytheReachable, APendingEncounterLiesOnAToken) {
  json s = board();
  s["territories"]["T3"]["encounter"] = true;
  s["pending"] = {{"encounters", {"T3"}}};
  EXPECT_EQ(only_break(s), "");
  s["pending"] = {{"encounters", {"T1", "T3"}}};
  EXPECT_EQ(only_break(s), "scythe.reachable.pending-encounter-on-token at /state/pending/encounters/0");
}

TEST(ScytheReachable, EveryPlaceABoardBreaksAnInvariantIsReported) {
  json s = board();
  s["territories"]["T1"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"mech", 1}}}};
  s["territories"]["T1"]["held_by"] = "red";
  s["territories"]["T3"]["units"] = {{"red", {{"character", 1}}}, {"blue", {{"mech", 1}}}};
  s["territories"]["T3"]["held_by"] = "blue";
  const auto found = breaks(s);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].pointer, "/state/territories/T1/units");
  EXPECT_EQ(found[1].pointer, "/state/territories/T3/units");
}

TEST(ScytheReachable, AnInvalidStateIsAnErrorNotABreak) {
  json s = board();
  s["territories"]["T1"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"mech", 1}}}};  // no held_by
  EXPECT_THROW(bind("scythe")->reachability_breaks(s), InputError);
}

TEST(ScytheReachable, TheCodesInvariantsAreThoseOfInvariantsJsonAndCiteClausesOfTheIndex) {
  std::ifstream in(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules" / "scythe" / "invariants.json");
  const json file = json::parse(in);
  std::set<std::string> in_file, in_code;
  for (const json& entry : file) {
    EXPECT_TRUE(in_file.insert(entry.at("id").get<std::string>()).second) << "given twice: " << entry.at("id");
    for (const json& clause : entry.at("clauses"))
      EXPECT_TRUE(testing::library().find("scythe")->has_clause(clause.get<std::string>()))
          << entry.at("id") << " cites " << clause << ", which is not in rules/scythe/clauses.json";
  }
  for (const auto& invariant : scythe::reachability_invariants())
    EXPECT_TRUE(in_code.insert(std::string(invariant.id)).second) << "checked twice: " << invariant.id;
  EXPECT_EQ(in_code, in_file);
}

// The corpus: a Scythe scenario starts from a board play can reach, or says which invariants its
// board breaks ("unreachable", which names every one it breaks and none it keeps).
TEST(ScytheReachable, EveryScytheScenarioStartsFromAReachableBoardOrSaysWhichInvariantsItBreaks) {
  const auto files = find_scenario_files({(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios" / "scythe").string()});
  ASSERT_FALSE(files.empty());
  std::set<std::string> ids;
  for (const auto& entry : scythe::reachability_invariants()) ids.insert(std::string(entry.id));
  for (const auto& entry : scythe::move_start_conditions()) ids.insert(std::string(entry.id));
  for (const auto& file : files) {
    const Scenario sc = load_scenario(file, testing::library());
    const GameRules& rules = *testing::library().find("scythe");
    const auto bound = find_game("scythe")->bind(rules.merged_ruleset(sc.ruleset), sc.readings(rules));
    std::set<std::string> broken;
    std::string where;
    auto all = bound->reachability_breaks(sc.state);
    if (!sc.steps.empty() && !sc.steps.front().is_query)  // a Move's start: rules/scythe/move_start.json
      for (auto& b : bound->step_start_breaks(sc.state, sc.steps.front().request)) all.push_back(b);
    for (const auto& b : all) {
      broken.insert(b.invariant);
      where += "\n  " + b.invariant + " at " + b.pointer + ": " + b.why;
    }
    if (sc.unreachable.empty()) {
      EXPECT_TRUE(broken.empty()) << sc.id << " starts from a board play cannot reach:" << where;
      continue;
    }
    EXPECT_FALSE(broken.empty()) << sc.id << " is marked unreachable, but its board breaks no invariant";
    for (const std::string& id : ids)
      EXPECT_EQ(sc.unreachable.find(id) != std::string::npos, broken.count(id) > 0)
          << sc.id << ": \"unreachable\" names " << id << " exactly when the board breaks it:" << where;
  }
}

// ---- a board at the start of a Move action (rules/scythe/move_start.json) ----

// The breaks of `state` as the board `mover`'s Move starts from, "condition at pointer" each.
std::string move_start(const json& state, const std::string& mover) {
  const json action = {{"type", "move"}, {"faction", mover}, {"moves", json::array()}};
  std::string out;
  for (const auto& b : bind("scythe")->step_start_breaks(state, action)) {
    EXPECT_FALSE(b.why.empty()) << b.invariant;
    out += (out.empty() ? "" : "; ") + b.invariant + " at " + b.pointer;
  }
  return out;
}

// scythe.move.combat-pending, scythe.move.combat-temporary-control: red's mech came in on blue's
// character in T2 during an earlier Move action of red's turn, so blue still holds T2 and the combat
// is red's to fight once red's Move actions are done. Red may start another Move from this board;
// blue may not (red's combats are fought before blue's turn).
TEST(ScytheMoveStart, TheMoversOwnCombatHeldByTheOpponentMayWait) {
  json s = board();
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}}}, {"blue", {{"character", 1}}}};
  s["territories"]["T2"]["held_by"] = "blue";
  s["pending"] = {{"combats", {"T2"}}};
  ASSERT_EQ(only_break(s), "");  // a board play can reach between actions
  EXPECT_EQ(move_start(s, "red"), "");
  EXPECT_EQ(move_start(s, "blue"),
            "scythe.move-start.combat-pending-only-the-movers at /state/pending/combats/0");
}

// The same two units, but red holds T2: blue came in on red's mech, so the combat is blue's, and a
// Move of red cannot start before it is fought; nor can blue's, a faction that holds none of it.
TEST(ScytheMoveStart, ACombatTheMoverHoldsIsAnotherFactions) {
  json s = board();
  s["territories"]["T2"]["units"] = {{"red", {{"mech", 1}, {"worker", 1}}}, {"blue", {{"character", 1}}}};
  s["territories"]["T2"]["held_by"] = "red";
  s["pending"] = {{"combats", {"T2"}}};
  ASSERT_EQ(only_break(s), "");
  EXPECT_EQ(move_start(s, "red"), "scythe.move-start.combat-pending-only-the-movers at /state/pending/combats/0");
  EXPECT_EQ(move_start(s, "blue"), "");  // blue's own: it came in, red holds
}

// A pending combat where the mover has no character or mech (only a worker, with blue's mech and
// red holding): not one its Move made. And one where the holder has no character or mech there.
TEST(ScytheMoveStart, ACombatWithoutTheMoversOrTheHoldersCombatUnitsIsNotTheMovers) {
  json s = board();
  s["territories"]["T2"]["units"] = {{"red", {{"worker", 1}}}, {"blue", {{"mech", 1}}}};
  s["territories"]["T2"]["held_by"] = "blue";
  s["pending"] = {{"combats", {"T2"}}};
  ASSERT_EQ(only_break(s), "");
  EXPECT_EQ(move_start(s, "red"), "scythe.move-start.combat-pending-only-the-movers at /state/pending/combats/0");
  // blue's mech with red's worker, red holding: blue's mech came in, but red has no character or mech
  s["territories"]["T2"]["held_by"] = "red";
  EXPECT_EQ(move_start(s, "blue"), "scythe.move-start.combat-pending-only-the-movers at /state/pending/combats/0");
  // an empty pending combat: nobody's
  s["territories"]["T2"].erase("units");
  s["territories"]["T2"].erase("held_by");
  ASSERT_EQ(only_break(s), "");
  EXPECT_EQ(move_start(s, "red"), "scythe.move-start.combat-pending-only-the-movers at /state/pending/combats/0");
}

// scythe.move.encounter-stop, scythe.move.encounter-pending: an encounter still waiting is the
// mover's character's; one under blue's character (or under no character) is not red's.
TEST(ScytheMoveStart, AnEncounterStillPendingIsTheMoversCharacters) {
  json s = board();
  s["territories"]["T3"]["encounter"] = true;
  s["territories"]["T3"]["units"] = {{"red", {{"character", 1}}}};
  s["pending"] = {{"encounters", {"T3"}}};
  ASSERT_EQ(only_break(s), "");
  EXPECT_EQ(move_start(s, "red"), "");
  EXPECT_EQ(move_start(s, "blue"), "scythe.move-start.encounter-pending-only-the-movers at /state/pending/encounters/0");
  s["territories"]["T3"].erase("units");
  EXPECT_EQ(move_start(s, "red"), "scythe.move-start.encounter-pending-only-the-movers at /state/pending/encounters/0");
}

// Nothing pending: any faction may start.
TEST(ScytheMoveStart, ABoardWithNothingPendingSuitsEveryMover) {
  json s = board();
  s["territories"]["T1"]["units"] = {{"red", {{"character", 1}, {"worker", 2}}}};
  s["territories"]["T3"]["units"] = {{"blue", {{"mech", 1}}}};
  EXPECT_EQ(move_start(s, "red"), "");
  EXPECT_EQ(move_start(s, "blue"), "");
}

TEST(ScytheMoveStart, TheCodesConditionsAreThoseOfMoveStartJsonAndCiteClausesOfTheIndex) {
  std::ifstream in(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules" / "scythe" / "move_start.json");
  const json file = json::parse(in);
  std::set<std::string> in_file, in_code;
  for (const json& entry : file) {
    EXPECT_TRUE(in_file.insert(entry.at("id").get<std::string>()).second) << "given twice: " << entry.at("id");
    for (const json& clause : entry.at("clauses"))
      EXPECT_TRUE(testing::library().find("scythe")->has_clause(clause.get<std::string>())) << entry.at("id");
  }
  for (const auto& condition : scythe::move_start_conditions()) in_code.insert(std::string(condition.id));
  EXPECT_EQ(in_code, in_file);
}

}  // namespace
}  // namespace rulecheck

// The invariants of the Messina states play can reach (rules/messina/invariants.json,
// oracle/messina/reachable.cpp): for each, a hand-built board that breaks it, with the JSON pointer
// of the field that breaks it, and a board that keeps it; and the code's invariant ids are exactly
// the file's, each citing clauses of the index.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "oracle/messina/oracle.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind_game;

json read_rules_file(const std::string& name) {
  std::ifstream in(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules" / "messina" / name);
  return json::parse(in);
}

// A board play can reach: round 1 (odd, a Muster round by default) at the Muster Phase; UE (human)
// with two Home Spaces, a Utility holding one of its Workers and a Shield; SF, the AI, one Home
// Space and two Civilians. Located: UE 1 Civilian + 1 Worker = 2; SF 2 Civilians (the AI backs
// Civilians only) = 2.
json reachable_board() {
  return json::parse(R"({
    "round": 1, "phase": "muster",
    "factions": {
      "UE": {"kind": "human", "home": ["D1", "D2"], "population": {"spare": 3, "located": 2},
             "resources": {"energy": 6}},
      "SF": {"kind": "ai", "home": ["D3"], "population": {"located": 2}}
    },
    "spaces": {
      "D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 1}},
             "utilities": [{"owner": "UE", "workers": 1}], "shield": {"owner": "UE", "level": 2}},
      "D2": {"adjacent": ["D1", "D3"]},
      "D3": {"adjacent": ["D2"], "units": {"SF": {"civilian": 2}}}
    }
  })");
}

// The invariants the board breaks under a ruleset and readings, as "id at pointer".
std::vector<std::string> breaks(const json& state, const json& ruleset = json::object(),
                                const json& readings = json::object()) {
  std::vector<std::string> out;
  for (const auto& b : bind_game("messina", ruleset, readings)->reachability_breaks(state)) {
    EXPECT_FALSE(b.why.empty()) << b.invariant;
    out.push_back(b.invariant + " at " + b.pointer);
  }
  return out;
}

// One invariant: a change of the reachable board that breaks it (with the pointer each break
// names), and one that keeps it, each under its own ruleset overrides and readings.
struct Case {
  std::function<void(json&)> change;
  json ruleset = json::object();
  json readings = json::object();
};
struct InvariantCases {
  std::string id;
  Case breaking;
  std::vector<std::string> pointers;
  Case keeping;
};

const std::vector<InvariantCases>& invariant_cases() {
  static const std::vector<InvariantCases> cases = {
      // messina.muster.when, messina.consumption.when: round 2 is even, a Consumption round by
      // default; under round_parity_muster 0 its Alternating Phase is a Muster.
      {"messina.reachable.alternating-phase",
       {[](json& s) { s["round"] = 2; }},
       {"/state/phase"},
       {[](json& s) { s["round"] = 2; }, {{"round_parity_muster", 0}}}},
      // The Consumption Phase in an odd round breaks it too; in an even one it keeps it.
      {"messina.reachable.alternating-phase",
       {[](json& s) { s["phase"] = "consumption"; }},
       {"/state/phase"},
       {[](json& s) {
         s["round"] = 4;
         s["phase"] = "consumption";
       }}},
      // A second AI faction: NM comes before SF by id, so SF is the one named. NM's Home Space is a
      // fourth space, D4, so that no other invariant breaks.
      {"messina.reachable.one-ai-faction",
       {[](json& s) {
         s["spaces"]["D4"] = json::object();
         s["factions"]["NM"] = {{"kind", "ai"}, {"home", {"D4"}}};
       }},
       {"/state/factions/SF/kind"},
       {[](json& s) {
         s["spaces"]["D4"] = json::object();
         s["factions"]["NM"] = {{"kind", "human"}, {"home", {"D4"}}};
       }}},
      {"messina.reachable.two-home-spaces",
       {[](json& s) {
         s["spaces"]["D4"] = json::object();  // a third space of UE's own (D3 is SF's)
         s["factions"]["UE"]["home"] = {"D1", "D2", "D4"};
       }},
       {"/state/factions/UE/home/2"},
       {[](json& s) { s["factions"]["UE"]["home"] = {"D2"}; }}},
      {"messina.reachable.two-home-spaces",
       {[](json& s) { s["factions"]["UE"]["home"] = {"D1", "D1"}; }},
       {"/state/factions/UE/home/1"},
       {[](json& s) { s["factions"]["UE"]["home"] = {"D2", "D1"}; }}},
      // SF names D1 as its second Home Space, UE's first: SF comes before UE by id, so UE's D1 (its
      // Home Space 0) is the one named. A faction with two Home Spaces of its own keeps it.
      {"messina.reachable.own-home-spaces",
       {[](json& s) { s["factions"]["SF"]["home"] = {"D3", "D1"}; }},
       {"/state/factions/UE/home/0"},
       {[](json& s) {
         s["factions"]["UE"]["home"] = {"D1"};
         s["factions"]["SF"]["home"] = {"D3", "D2"};
       }}},
      // The same space named as a Home Space by three factions: both later factions are named.
      {"messina.reachable.own-home-spaces",
       {[](json& s) {
         s["factions"]["NM"] = {{"kind", "human"}, {"home", {"D2"}}};
         s["factions"]["SF"]["home"] = {"D2"};
       }},
       {"/state/factions/SF/home/0", "/state/factions/UE/home/1"},
       {[](json& s) { s["factions"]["SF"]["home"] = {"D3"}; }}},
      // SF's Shield beside UE's: listed by owner, SF's second. Kept under one-per-faction.
      {"messina.reachable.one-shield-per-space",
       {[](json& s) {
         s["spaces"]["D1"].erase("shield");
         s["spaces"]["D1"]["shields"] = {{{"owner", "SF"}, {"level", 1}}, {{"owner", "UE"}, {"level", 2}}};
       }},
       {"/state/spaces/D1/shields/1"},
       {[](json& s) {
          s["spaces"]["D1"].erase("shield");
          s["spaces"]["D1"]["shields"] = {{{"owner", "SF"}, {"level", 1}}, {{"owner", "UE"}, {"level", 2}}};
        },
        json::object(),
        {{"messina.shield-per-space", "one-per-faction"}}}},
      // A Worker of SF as a guest in UE's Utility (SF's Located 2 + 1 = 3). Kept under friendly.
      {"messina.reachable.workers-in-own-utilities",
       {[](json& s) {
         s["spaces"]["D1"]["utilities"][0]["guests"] = {{"SF", 1}};
         s["factions"]["SF"]["population"]["located"] = 3;
       }},
       {"/state/spaces/D1/utilities/0/guests/SF"},
       {[](json& s) {
          s["spaces"]["D1"]["utilities"][0]["guests"] = {{"SF", 1}};
          s["factions"]["SF"]["population"]["located"] = 3;
        },
        json::object(),
        {{"messina.worker-utility", "friendly"}}}},
  };
  return cases;
}

TEST(MessinaReachable, TheReachableBoardKeepsEveryInvariantUnderEveryReadingOfTheTwoPoints) {
  EXPECT_EQ(breaks(reachable_board()), std::vector<std::string>{});
  EXPECT_EQ(breaks(reachable_board(), json::object(),
                   {{"messina.shield-per-space", "one-per-faction"}, {"messina.worker-utility", "friendly"}}),
            std::vector<std::string>{});
}

TEST(MessinaReachable, EachInvariantHasABoardThatBreaksItAtItsFieldAndOneThatKeepsIt) {
  for (const auto& c : invariant_cases()) {
    json broken = reachable_board();
    c.breaking.change(broken);
    std::vector<std::string> expected;
    for (const auto& p : c.pointers) expected.push_back(c.id + " at " + p);
    EXPECT_EQ(breaks(broken, c.breaking.ruleset, c.breaking.readings), expected) << broken.dump();

    json kept = reachable_board();
    c.keeping.change(kept);
    EXPECT_EQ(breaks(kept, c.keeping.ruleset, c.keeping.readings), std::vector<std::string>{}) << kept.dump();
  }
}

TEST(MessinaReachable, ABoardBreakingSeveralInvariantsNamesEachBreak) {
  json s = reachable_board();
  s["round"] = 2;
  s["factions"]["UE"]["home"] = {"D1", "D2", "D3"};  // a third Home Space, and SF's
  const auto found = breaks(s);
  EXPECT_EQ(found, (std::vector<std::string>{"messina.reachable.alternating-phase at /state/phase",
                                             "messina.reachable.two-home-spaces at /state/factions/UE/home/2",
                                             "messina.reachable.own-home-spaces at /state/factions/UE/home/2"}));
}

TEST(MessinaReachable, AStateThatIsNotValidIsRefusedNotJudged) {
  json s = reachable_board();
  s["factions"]["UE"]["population"]["located"] = 5;  // backs 2
  EXPECT_THROW(bind_game("messina")->reachability_breaks(s), InputError);
}

TEST(MessinaReachable, TheCodesInvariantsAreExactlyThoseOfInvariantsJsonEachCitingClausesOfTheIndex) {
  const json invariants = read_rules_file("invariants.json");
  const json index = read_rules_file("clauses.json");
  std::set<std::string> clauses;
  for (const json& c : index.at("clauses")) clauses.insert(c.at("id").get<std::string>());
  std::vector<std::string> listed;
  for (const json& inv : invariants) {
    listed.push_back(inv.at("id").get<std::string>());
    EXPECT_FALSE(inv.at("clauses").empty()) << listed.back();
    for (const json& clause : inv.at("clauses"))
      EXPECT_TRUE(clauses.count(clause.get<std::string>())) << listed.back() << " cites " << clause;
  }
  std::vector<std::string> coded;
  for (auto id : messina::reachability_invariants()) coded.emplace_back(id);
  EXPECT_EQ(coded, listed);
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), listed.size()) << "an id listed twice";

  std::set<std::string> tested;
  for (const auto& c : invariant_cases()) tested.insert(c.id);
  EXPECT_EQ(tested, std::set<std::string>(listed.begin(), listed.end())) << "an invariant without a board here";
}

// The corpus: a Messina scenario whose starting board breaks an invariant (under the scenario's own
// ruleset and readings) says so in "unreachable", naming each invariant it breaks; a scenario
// saying so does break one.
TEST(MessinaReachable, EveryScenarioBoardIsReachableOrMarkedWithTheInvariantsItBreaks) {
  int boards = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios" / "messina")) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    const json scenario = json::parse(in);
    ++boards;
    const auto found = bind_game("messina", scenario.value("ruleset", json::object()),
                                 scenario.value("interpretations", json::object()))
                           ->reachability_breaks(scenario.at("state"));
    const std::string marked = scenario.value("unreachable", "");
    std::string named;
    for (const auto& b : found) {
      named += "\n  " + b.invariant + " at " + b.pointer + ": " + b.why;
      EXPECT_NE(marked.find(b.invariant), std::string::npos)
          << entry.path().string() << ": the board breaks " << b.invariant << " at " << b.pointer
          << (marked.empty() ? ", and the scenario is not marked \"unreachable\"" : ", which \"unreachable\" does not name");
    }
    if (!marked.empty()) {
      EXPECT_FALSE(found.empty()) << entry.path().string() << " is marked unreachable, yet its board breaks no invariant";
    }
  }
  EXPECT_GT(boards, 0);
}

}  // namespace
}  // namespace rulecheck

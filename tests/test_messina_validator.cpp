// The Messina state validator: a state that contradicts itself never reaches the rules, and the
// error names the field (JSON pointer) and what is allowed.
#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind;

// A small valid state: UE with 2 Civilians and 1 Worker on D1 (3 Located), a mech (not backed).
json valid_state() {
  return json::parse(R"({
    "round": 2,
    "factions": {
      "UE": {"kind": "human", "home": ["D1"], "population": {"spare": 4, "located": 3},
             "resources": {"food": 5, "water": 5, "energy": 3}},
      "SF": {"kind": "ai", "home": ["D2"], "population": {"located": 1}}
    },
    "spaces": {
      "D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 2, "mech": 1}},
             "utilities": [{"owner": "UE", "workers": 1}]},
      "D2": {"adjacent": ["D1"], "units": {"SF": {"civilian": 1, "infantry": 2}}}
    },
    "cards": {"D2": {"holder": "UE", "exposed": false}}
  })");
}

// Runs the validator on `state` and returns the error's pointer and message ("" if accepted).
std::pair<std::string, std::string> rejection(const json& state) {
  try {
    bind("messina")->canonical_state(state);
  } catch (const InputError& e) {
    return {e.pointer(), e.what()};
  }
  return {"", ""};
}

TEST(MessinaValidator, AcceptsAConsistentState) { EXPECT_EQ(rejection(valid_state()).first, ""); }

TEST(MessinaValidator, NegativeCountNamesTheField) {
  json s = valid_state();
  s["factions"]["UE"]["population"]["spare"] = -1;
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/factions/UE/population/spare");
  EXPECT_NE(why.find("non-negative"), std::string::npos) << why;
}

TEST(MessinaValidator, WrongTypeNamesTheField) {
  json s = valid_state();
  s["spaces"]["D1"]["units"]["UE"]["civilian"] = "two";
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/spaces/D1/units/UE/civilian");
  EXPECT_NE(why.find("the string \"two\""), std::string::npos) << why;
}

TEST(MessinaValidator, FractionalCountIsRejected) {
  json s = valid_state();
  s["factions"]["UE"]["resources"]["food"] = 2.5;
  EXPECT_EQ(rejection(s).first, "/state/factions/UE/resources/food");
}

TEST(MessinaValidator, LocatedMustEqualBackedUnits) {
  json s = valid_state();
  s["factions"]["UE"]["population"]["located"] = 4;  // 2 civilians + 1 worker = 3
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/factions/UE/population/located");
  EXPECT_NE(why.find("4 Located"), std::string::npos) << why;
  EXPECT_NE(why.find("3 unit(s)"), std::string::npos) << why;
}

TEST(MessinaValidator, TheAiFactionBacksOnlyCivilians) {
  json s = valid_state();
  s["factions"]["SF"]["population"]["located"] = 3;  // 1 civilian + 2 infantry would be 3 for a human
  EXPECT_EQ(rejection(s).first, "/state/factions/SF/population/located");
}

TEST(MessinaValidator, UnitsOnHeldCardsAreBacked) {
  json s = valid_state();
  s["cards"]["D2"]["units"] = {{"infantry", 1}};
  EXPECT_EQ(rejection(s).first, "/state/factions/UE/population/located");
  s["factions"]["UE"]["population"]["located"] = 4;
  EXPECT_EQ(rejection(s).first, "");
}

TEST(MessinaValidator, ACardOverItsLimitIsRejected) {
  json s = valid_state();
  s["cards"]["D2"]["units"] = {{"infantry", 3}};
  s["factions"]["UE"]["population"]["located"] = 6;
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/cards/D2/units");
  EXPECT_NE(why.find("at most 2"), std::string::npos) << why;
}

TEST(MessinaValidator, AnUnknownSpaceInAdjacencyIsNamed) {
  json s = valid_state();
  s["spaces"]["D1"]["adjacent"] = {"D2", "Z9"};
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/spaces/D1/adjacent/1");
  EXPECT_NE(why.find("\"Z9\""), std::string::npos) << why;
}

TEST(MessinaValidator, AdjacencyMustBeSymmetric) {
  json s = valid_state();
  s["spaces"]["D2"]["adjacent"] = json::array();
  EXPECT_EQ(rejection(s).first, "/state/spaces/D1/adjacent/0");
}

TEST(MessinaValidator, UnknownHomeSpacesAndFactionsAreNamed) {
  json s = valid_state();
  s["factions"]["UE"]["home"] = {"Q1"};
  EXPECT_EQ(rejection(s).first, "/state/factions/UE/home/0");
  s = valid_state();
  s["spaces"]["D1"]["units"]["XX"] = {{"civilian", 1}};
  EXPECT_EQ(rejection(s).first, "/state/spaces/D1/units/XX");
}

TEST(MessinaValidator, UnknownFieldListsTheAllowedOnes) {
  json s = valid_state();
  s["factions"]["UE"]["resources"]["foood"] = 1;
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state/factions/UE/resources/foood");
  EXPECT_NE(why.find("food, water, energy"), std::string::npos) << why;
}

TEST(MessinaValidator, AMissingRequiredFieldIsNamed) {
  json s = valid_state();
  s.erase("round");
  auto [where, why] = rejection(s);
  EXPECT_EQ(where, "/state");
  EXPECT_NE(why.find("\"round\""), std::string::npos) << why;
}

TEST(MessinaValidator, UnknownActionTypeNamesTheChoices) {
  try {
    bind("messina")->apply(valid_state(), json{{"type", "teleport"}, {"faction", "UE"}});
    FAIL() << "an unknown action type must be rejected as bad input";
  } catch (const InputError& e) {
    EXPECT_EQ(e.pointer(), "/action/type");
    EXPECT_NE(std::string(e.what()).find("consume"), std::string::npos) << e.what();
  }
}

TEST(MessinaValidator, AnActionNamingAnUndeclaredFactionIsMalformed) {
  try {
    bind("messina")->apply(valid_state(), json{{"type", "consume"}, {"faction", "ZZ"}});
    FAIL() << "an action for an undeclared faction is bad input, not a rules verdict";
  } catch (const InputError& e) {
    EXPECT_EQ(e.pointer(), "/action/faction");
  }
}

TEST(MessinaValidator, ATieBreakNamingOneSideTwiceIsMalformed) {
  try {
    bind("messina")->query(valid_state(), json{{"type", "tie-break"}, {"at", "D2"}, {"sides", {"UE", "UE"}}});
    FAIL() << "a tie-break between a faction and itself is bad input, not a rules answer";
  } catch (const InputError& e) {
    EXPECT_EQ(e.pointer(), "/query/sides/1");
    EXPECT_NE(std::string(e.what()).find("named twice"), std::string::npos) << e.what();
  }
}

TEST(MessinaValidator, CanonicalFormOmitsZerosAndSortsLists) {
  json s = valid_state();
  s["factions"]["UE"]["dead"] = 0;
  s["spaces"]["D1"]["units"]["UE"]["bomber"] = 0;
  s["spaces"]["D1"]["adjacent"] = {"D2"};
  const json c = bind("messina")->canonical_state(s);
  EXPECT_FALSE(c["factions"]["UE"].contains("dead"));
  EXPECT_FALSE(c["spaces"]["D1"]["units"]["UE"].contains("bomber"));
  EXPECT_EQ(c["spaces"]["D1"]["units"]["UE"]["civilian"], 2);
  // Canonicalising twice changes nothing.
  EXPECT_EQ(bind("messina")->canonical_state(c), c);
}

TEST(MessinaValidator, GuestWorkersAreBackedByTheirOwnFaction) {
  json s = valid_state();
  s["factions"]["SF"]["population"]["located"] = 2;  // its Civilian + a Worker in UE's Utility
  s["spaces"]["D1"]["utilities"][0]["guests"] = {{"SF", 1}};
  EXPECT_EQ(rejection(s).first, "");
  s["factions"]["SF"]["population"]["located"] = 1;
  EXPECT_EQ(rejection(s).first, "/state/factions/SF/population/located");
}

TEST(MessinaValidator, AUtilityOwnerIsNoGuestInIt) {
  json s = valid_state();
  s["factions"]["UE"]["population"]["located"] = 4;
  s["spaces"]["D1"]["utilities"][0]["guests"] = {{"UE", 1}};
  EXPECT_EQ(rejection(s).first, "/state/spaces/D1/utilities/0/guests/UE");
}

TEST(MessinaValidator, ShieldsOfSeveralFactionsComeBackSortedAndOneStaysSingular) {
  json s = valid_state();
  s["spaces"]["D1"]["shields"] = json::parse(R"([{"owner": "UE", "level": 1}, {"owner": "SF", "level": 2}])");
  s["spaces"]["D2"]["shields"] = json::parse(R"([{"owner": "SF", "level": 1}])");
  const json c = bind("messina")->canonical_state(s);
  EXPECT_EQ(c["spaces"]["D1"]["shields"], json::parse(R"([{"owner": "SF", "level": 2}, {"owner": "UE", "level": 1}])"));
  EXPECT_EQ(c["spaces"]["D2"]["shield"], json::parse(R"({"owner": "SF", "level": 1})"));
  EXPECT_FALSE(c["spaces"]["D2"].contains("shields"));
}

TEST(MessinaValidator, AFactionHasAtMostOneShieldInASpace) {
  json s = valid_state();
  s["spaces"]["D1"]["shields"] = json::parse(R"([{"owner": "UE", "level": 1}, {"owner": "UE", "level": 2}])");
  EXPECT_EQ(rejection(s).first, "/state/spaces/D1/shields/1/owner");
}

TEST(MessinaValidator, ShieldAndShieldsTogetherAreMalformed) {
  json s = valid_state();
  s["spaces"]["D1"]["shield"] = {{"owner", "UE"}};
  s["spaces"]["D1"]["shields"] = json::parse(R"([{"owner": "SF"}])");
  EXPECT_EQ(rejection(s).first.rfind("/state/spaces/D1", 0), 0u) << rejection(s).first;
}

// The next state as text, written straight from the oracle's state (serve's answer, the harness's
// next request), is the dump of its JSON value byte for byte: names holding a quote and a backslash
// (escaped), consents, a Shield, a utility, a card turned face up; and a name outside ASCII (left to dump()).
TEST(MessinaValidator, NextStateTextIsTheDumpOfItsValue) {
  const std::string quoted = "U\"E", slashed = "S\\F";  // U, a quote, E; S, a backslash, F
  json s = valid_state();
  s["factions"][quoted] = s["factions"]["UE"];
  s["factions"].erase("UE");
  s["factions"][slashed] = s["factions"]["SF"];
  s["factions"].erase("SF");
  s["factions"][quoted]["consents"] = {{slashed, {"muster", "build"}}};
  s["spaces"]["D1"]["units"] = {{quoted, {{"civilian", 2}, {"mech", 1}}}};
  s["spaces"]["D1"]["utilities"] = {{{"owner", quoted}, {"workers", 1}}};
  s["spaces"]["D1"]["shield"] = {{"owner", quoted}, {"level", 2}};
  s["spaces"]["D2"]["units"] = {{slashed, {{"civilian", 1}, {"infantry", 2}}}};
  s["cards"]["D2"]["holder"] = quoted;
  const json expose = {{"type", "expose"}, {"faction", quoted}, {"card", "D2"}};
  json unicode = s;
  unicode["factions"][slashed]["home"] = {"D\u00fcne"};
  unicode["spaces"]["D\u00fcne"] = json::object();
  for (const json& state : {s, unicode}) {
    const ApplyOutcome value = bind("messina")->apply(state, expose);
    const ApplyOutcome text = bind("messina")->apply_as(state, expose, NextState::text);
    ASSERT_TRUE(value.legal) << value.reason;
    ASSERT_TRUE(text.legal);
    EXPECT_EQ(text.state, nullptr);
    EXPECT_EQ(text.state_text, value.state->dump());
    EXPECT_NE(text.state_text.find(R"("U\"E")"), std::string::npos) << text.state_text;
    EXPECT_NE(text.state_text.find(R"("S\\F")"), std::string::npos) << text.state_text;
    EXPECT_EQ(value.state->at("cards").at("D2").at("exposed"), true) << text.state_text;
  }
}

}  // namespace
}  // namespace rulecheck

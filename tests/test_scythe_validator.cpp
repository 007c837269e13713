#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind;

json board() {
  return json::parse(R"({
    "factions": {"red": {"popularity": 3, "home_base": "HB-red"}, "blue": {"popularity": 2, "home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["T1"], "home_base": "red"},
      "HB-blue": {"adjacent": ["T2"], "home_base": "blue"},
      "T1": {"adjacent": ["HB-red", "T2"], "terrain": "farm", "units": {"red": {"mech": 1}}},
      "T2": {"adjacent": ["HB-blue", "T1"], "terrain": "forest", "units": {"blue": {"worker": 2}},
             "resources": {"wood": 1}}
    }
  })");
}

std::string rejected_at(const json& state) {
  try {
    bind("scythe")->canonical_state(state);
  } catch (const InputError& e) {
    return e.pointer();
  }
  return "";
}

TEST(ScytheValidator, AcceptsAConsistentBoard) { EXPECT_EQ(rejected_at(board()), ""); }

TEST(ScytheValidator, ASharedTerritoryNeedsHeldBy) {
  json s = board();
  s["territories"]["T2"]["units"]["red"] = {{"mech", 1}};
  EXPECT_EQ(rejected_at(s), "/state/territories/T2");
  s["territories"]["T2"]["held_by"] = "blue";
  EXPECT_EQ(rejected_at(s), "");
}

TEST(ScytheValidator, OneCharacterPerFaction) {
  json s = board();
  s["territories"]["T1"]["units"]["red"]["character"] = 1;
  s["territories"]["HB-red"]["units"] = {{"red", {{"character", 1}}}};
  EXPECT_EQ(rejected_at(s), "/state/factions/red");
}

TEST(ScytheValidator, PopularityMustStayWithinTheTrack) {
  json s = board();
  s["factions"]["red"]["popularity"] = 19;  // popularity_max is 18
  EXPECT_EQ(rejected_at(s), "/state/factions/red/popularity");
}

TEST(ScytheValidator, HomeBaseMustBeMarked) {
  json s = board();
  s["factions"]["red"]["home_base"] = "T1";
  EXPECT_EQ(rejected_at(s), "/state/factions/red/home_base");
}

TEST(ScytheValidator, MoveAlongANonAdjacentPathIsIllegalNotMalformed) {
  const json action = {
      {"type", "move"}, {"faction", "red"}, {"moves", {{{"unit", "mech"}, {"from", "T1"}, {"path", {"HB-blue"}}}}}};
  const ApplyOutcome out = bind("scythe")->apply(board(), action);
  EXPECT_FALSE(out.legal);
  EXPECT_EQ(out.rule, "scythe.move.path");
}

// The next state written as text (serve's answers) is the JSON value's dump(), byte for byte: with a
// name holding a quote and a backslash (escaped), a zero count and popularity (left out), an
// encounter left pending, and a name outside ASCII (left to dump()).
TEST(ScytheValidator, NextStateTextIsTheDumpOfItsValue) {
  const std::string odd = "Q\\\"x";  // Q, a backslash, a quote, x
  json s = board();
  s["factions"]["red"]["popularity"] = 0;
  s["territories"]["T1"]["units"]["red"] = {{"character", 1}};  // a character stops at an encounter
  s["territories"]["T1"]["adjacent"].push_back(odd);
  s["territories"][odd] = {{"adjacent", {"T1"}},
                           {"terrain", "village"},
                           {"encounter", true},
                           {"structure", {{"owner", "blue"}, {"kind", "mill"}}},
                           {"units", {{"blue", {{"worker", 0}}}}}};
  const json action = {{"type", "move"}, {"faction", "red"}, {"moves", {{{"unit", "character"}, {"from", "T1"}, {"path", {odd}}}}}};
  json unicode = s;
  unicode["territories"]["T\u00fcndra"] = {{"terrain", "tundra"}};
  for (const json& state : {s, unicode}) {
    const ApplyOutcome value = bind("scythe")->apply(state, action);
    const ApplyOutcome text = bind("scythe")->apply_as(state, action, NextState::text);
    ASSERT_TRUE(value.legal) << value.reason;
    ASSERT_TRUE(text.legal);
    EXPECT_EQ(text.state, nullptr);
    EXPECT_EQ(text.state_text, value.state->dump());
    EXPECT_NE(text.state_text.find(R"("Q\\\"x")"), std::string::npos) << text.state_text;
    EXPECT_EQ(value.state->at("pending").at("encounters"), json::array({odd})) << text.state_text;
  }
}

}  // namespace
}  // namespace rulecheck

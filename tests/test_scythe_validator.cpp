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

}  // namespace
}  // namespace rulecheck

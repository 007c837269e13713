// Reading a Messina state's factions and Location Cards in one pass over each object's fields
// (games/messina/adapter.cpp, only_fields) gives the errors the field-by-field reading gave, at the
// same place, in the same order: an unknown field first, then the fields in the order they are read
// (kind, home, population, dead, resources, consents; holder, exposed, units), null as absent. The
// expected messages are those `rulecheck serve` wrote before the change for the same states.
#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::bind;

// UE (human, home D1, 2 Located and 1 Spare, 1 energy) with an infantry on D1 and one on E3; E2 is
// UE's Location Card, not exposed.
json valid_state() {
  return json::parse(R"({"round": 3, "phase": "muster",
    "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"located": 2, "spare": 1},
                        "resources": {"energy": 1}}},
    "spaces": {"D1": {"adjacent": ["E2"], "units": {"UE": {"infantry": 1}}},
               "E2": {"adjacent": ["D1", "E3"]},
               "E3": {"adjacent": ["E2"], "units": {"UE": {"infantry": 1}}}},
    "cards": {"E2": {"holder": "UE", "exposed": false}}})");
}

std::string rejection(const json& state) {
  try {
    bind("messina")->canonical_state(state);
  } catch (const InputError& e) {
    return e.pointer() + ": " + e.what();
  }
  return "";
}

std::string with_faction(const json& patch) {
  json s = valid_state();
  s["factions"]["UE"].merge_patch(patch);
  return rejection(s);
}

std::string with_card(const json& patch) {
  json s = valid_state();
  s["cards"]["E2"].merge_patch(patch);
  return rejection(s);
}

TEST(MessinaStateReading, TheValidStateIsRead) { EXPECT_EQ(rejection(valid_state()), ""); }

TEST(MessinaStateReading, AnUnknownFactionFieldComesFirst) {
  EXPECT_EQ(with_faction({{"zzz", 1}, {"kind", "elf"}}),
            "/state/factions/UE/zzz: unknown field \"zzz\"; the fields allowed here are: kind, home, population, "
            "dead, resources, consents");
}

TEST(MessinaStateReading, RequiredFactionFieldsInReadingOrder) {
  json s = valid_state();
  s["factions"]["UE"] = json::object();
  EXPECT_EQ(rejection(s), "/state/factions/UE: the field \"kind\" is required here");
  s["factions"]["UE"] = {{"kind", nullptr}, {"home", {"D1"}}};  // null is absent
  EXPECT_EQ(rejection(s), "/state/factions/UE: the field \"kind\" is required here");
  // A wrong kind is found before the missing home.
  s["factions"]["UE"] = {{"kind", "elf"}};
  EXPECT_EQ(rejection(s), "/state/factions/UE/kind: \"elf\" is not allowed here; expected one of: human, ai");
  s["factions"]["UE"] = {{"kind", "human"}};
  EXPECT_EQ(rejection(s), "/state/factions/UE: the field \"home\" is required here");
}

TEST(MessinaStateReading, PopulationAndResources) {
  EXPECT_EQ(with_faction({{"population", {{"spare", "x"}, {"zz", 1}}}}),
            "/state/factions/UE/population/zz: unknown field \"zz\"; the fields allowed here are: disaffected, "
            "spare, located");
  // Read as disaffected, spare, located: spare's error before located's.
  EXPECT_EQ(with_faction({{"population", {{"located", "x"}, {"spare", -2}}}}),
            "/state/factions/UE/population/spare: expected a non-negative whole number, got -2");
  EXPECT_EQ(with_faction({{"population", 5}}), "/state/factions/UE/population: expected an object, got the number 5");
  EXPECT_EQ(with_faction({{"dead", "x"}}),
            "/state/factions/UE/dead: expected a non-negative whole number, got the string \"x\"");
  EXPECT_EQ(with_faction({{"resources", {{"food", 1.5}, {"water", -1}}}}),
            "/state/factions/UE/resources/food: expected a non-negative whole number, got the number 1.5");
  EXPECT_EQ(with_faction({{"resources", {{"oil", 1}}}}),
            "/state/factions/UE/resources/oil: unknown field \"oil\"; the fields allowed here are: food, water, "
            "energy");
}

TEST(MessinaStateReading, LocationCards) {
  json s = valid_state();
  s["cards"]["E2"].erase("holder");
  EXPECT_EQ(rejection(s), "/state/cards/E2: the field \"holder\" is required here");
  EXPECT_EQ(with_card({{"aa", 1}, {"holder", 7}}),
            "/state/cards/E2/aa: unknown field \"aa\"; the fields allowed here are: holder, exposed, units");
  EXPECT_EQ(with_card({{"exposed", "yes"}}), "/state/cards/E2/exposed: expected true or false, got the string \"yes\"");
  EXPECT_EQ(with_card({{"holder", 7}}), "/state/cards/E2/holder: expected a string, got the number 7");
}

}  // namespace
}  // namespace rulecheck

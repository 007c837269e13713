// Issue 34, item 3: every differing field, the causal order per game, the facets a signature carries,
// and what the middle part of a signature says (harness/failure_order.hpp, harness/signature.hpp).
#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "harness/failure_order.hpp"
#include "harness/signature.hpp"

namespace rulecheck {
namespace {

std::vector<std::string> paths_of(const std::vector<Difference>& ds) {
  std::vector<std::string> out;
  for (const auto& d : ds) out.push_back(d.path);
  return out;
}

// Before: only the first difference was ever found (first_difference).
TEST(SignatureCauses, EveryDifferingFieldIsFoundInDocumentOrder) {
  const json expected = {{"a", 1}, {"b", {{"c", 2}, {"d", 0}}}, {"e", 3}};
  const json actual = {{"a", 5}, {"b", {{"c", 2}}}, {"e", 4}};
  EXPECT_EQ(paths_of(all_differences(expected, actual, "", true)), (std::vector<std::string>{"/a", "/e"}));
  // Exactly: a field the actual outcome has in excess is a difference too.
  const json extra = {{"a", 1}, {"z", 9}};
  EXPECT_EQ(paths_of(all_differences(json{{"a", 1}}, extra, "", false)), (std::vector<std::string>{"/z"}));
  // The first of them is first_difference's.
  EXPECT_EQ(first_difference(expected, actual)->path, "/a");
}

// Before: a null value showed as "(absent)", like a missing field.
TEST(SignatureCauses, ANullIsShownAsNullAndAMissingFieldAsAbsent) {
  const auto changed = first_difference_exact(json{{"r", true}}, json{{"r", nullptr}});
  ASSERT_TRUE(changed);
  EXPECT_EQ(side_text(*changed, false), "null");
  const auto missing = first_difference_exact(json{{"r", true}}, json::object());
  ASSERT_TRUE(missing);
  EXPECT_EQ(side_text(*missing, false), "(absent)");
  EXPECT_EQ(side_text(*missing, true), "true");
}

// Before: document order put factions (popularity) before territories (the workers' places).
TEST(SignatureCauses, PiecesAndPlacesComeBeforeTheCountersDerivedFromThem) {
  const json start = {{"factions", {{"blue", json::object()}, {"red", json::object()}}},
                      {"territories", {{"T1", json::object()}, {"HB-red", json::object()}}}};
  std::vector<Difference> ds = {
      {"/state/factions/blue/popularity", 1, 2, Difference::Kind::changed},
      {"/state/pending/combats", json::array(), json::array({"T1"}), Difference::Kind::changed},
      {"/state/territories/HB-red/units/red/worker", 1, nullptr, Difference::Kind::missing},
      {"/state/territories/T1/units/red/worker", 0, 1, Difference::Kind::changed},
  };
  order_by_cause(ds, "scythe", state_names(start));
  EXPECT_EQ(paths_of(ds), (std::vector<std::string>{"/state/territories/HB-red/units/red/worker",
                                                    "/state/territories/T1/units/red/worker", "/state/pending/combats",
                                                    "/state/factions/blue/popularity"}));
  EXPECT_LT(causal_rank("messina", "/state/spaces/*/units/*/civilian"),
            causal_rank("messina", "/state/factions/*/population/located"));
  // A game without a table keeps document order.
  EXPECT_EQ(causal_rank("chess", "/state/x"), causal_rank("chess", "/state/y"));
}

// Before: entering and leaving shared one signature.
TEST(SignatureCauses, EnteringAndLeavingAreToldApart) {
  const std::string clause = "scythe.move.worker-blocked-by-combat-units";
  EXPECT_EQ(clause_facet("scythe", clause,
                         "a worker cannot move by itself out of T2, controlled by an opponent's character or mech"),
            "leaving");
  EXPECT_EQ(clause_facet("scythe", clause, "a worker cannot move by itself into T2, which holds an opponent's mech"),
            "entering");
  EXPECT_EQ(clause_facet("scythe", "scythe.move.range", "a worker cannot move by itself into T2"), "");
}

// Before: the middle part was "/legal" for both directions of a legality difference.
TEST(SignatureCauses, TheMiddlePartSaysWhichWayLegalityDiffers) {
  const json legal = json::array({{{"op", "replace"}, {"path", "/legal"}, {"value", true}}});
  const json illegal = json::array({{{"op", "replace"}, {"path", "/legal"}, {"value", false}}});
  EXPECT_EQ(differing_part(legal, true, {}), "refused legal");
  EXPECT_EQ(differing_part(illegal, false, {}), "accepted illegal");
  const json worker =
      json::array({{{"op", "add"}, {"path", "/state/territories/HB-red/units/red/worker"}, {"value", 1}}});
  EXPECT_EQ(differing_part(worker, 1, {"HB-red", "red"}), "/state/territories/*/units/*/worker");
}

// Before: a next state that is no state of the game signed "/", as if the whole outcome differed.
TEST(SignatureCauses, AnInvalidNextStateIsSaidSo) {
  CaseResult r;
  r.game = "messina";
  r.verdict = Verdict::fail;
  EXPECT_EQ(failure_signature("messina action muster", r, {}, "messina.muster.equip.ai"),
            "messina action muster | invalid next state | messina.muster.equip.ai");
}

}  // namespace
}  // namespace rulecheck

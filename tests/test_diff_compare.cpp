// rulecheck diff's comparison of two sides' proof records (Game::prove's shape). No numeric or
// reading edit of today's rulebooks flips an invariant (each is proved for every value of the numbers
// it reads and under every reading), so the end-to-end tests cannot reach this path; these records
// stand for an edit that does.
#include <gtest/gtest.h>

#include "diff/edit_diff.hpp"

namespace rulecheck::diff {
namespace {

json record(const std::string& id, const std::string& status, json counterexample = nullptr) {
  return {{"id", id},
          {"claim", "claim of " + id},
          {"clauses", {"messina.muster.stacking"}},
          {"status", status},
          {"detail", ""},
          {"counterexample", std::move(counterexample)}};
}

json scenario(const std::string& id) { return {{"id", id}, {"state", json::object()}, {"steps", json::array()}}; }

TEST(DiffCompareProofs, AnInvariantThatStopsHoldingCarriesTheEditedSidesCounterexample) {
  std::vector<std::string> unknowns;
  const auto changes = compare_proofs(json::array({record("p", "proved"), record("q", "proved")}),
                                      json::array({record("q", "proved"), record("p", "refuted", scenario("cex-after"))}),
                                      unknowns);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].id, "p");
  EXPECT_EQ(changes[0].before, "proved");
  EXPECT_EQ(changes[0].after, "refuted");
  EXPECT_EQ(changes[0].counterexample.value("id", ""), "cex-after");
  EXPECT_EQ(changes[0].clauses, std::vector<std::string>{"messina.muster.stacking"});
  EXPECT_TRUE(unknowns.empty());
}

TEST(DiffCompareProofs, AnInvariantThatStartsHoldingCarriesTheBaseSidesCounterexample) {
  std::vector<std::string> unknowns;
  const auto changes =
      compare_proofs(json::array({record("p", "refuted", scenario("cex-before"))}), json::array({record("p", "proved")}),
                     unknowns);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].before, "refuted");
  EXPECT_EQ(changes[0].after, "proved");
  EXPECT_EQ(changes[0].counterexample.value("id", ""), "cex-before");
}

TEST(DiffCompareProofs, ABudgetExceededIsAChangeAndAnUnknownNeverAPass) {
  std::vector<std::string> unknowns;
  const auto changes = compare_proofs(json::array({record("p", "proved"), record("u", "unknown")}),
                                      json::array({record("p", "unknown"), record("u", "unknown")}), unknowns);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].after, "unknown");
  EXPECT_TRUE(changes[0].counterexample.is_null());
  EXPECT_EQ(unknowns.size(), 2u);  // p on the edited side, u on both
}

TEST(DiffCompareProofs, AnInvariantOnlyTheEditedSideHasIsReportedAsNew) {
  std::vector<std::string> unknowns;
  const auto changes = compare_proofs(json::array(), json::array({record("n", "proved")}), unknowns);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].before, "absent");
}

TEST(DiffCompareProofs, TheSameStatusesOnBothSidesAreNoChange) {
  std::vector<std::string> unknowns;
  const json both = json::array({record("p", "proved"), record("r", "refuted", scenario("x"))});
  EXPECT_TRUE(compare_proofs(both, both, unknowns).empty());
}

}  // namespace
}  // namespace rulecheck::diff

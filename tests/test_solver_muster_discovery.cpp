// Issue 33 item 2: discovery from the words alone over the Muster relation (Red's Muster, its builds,
// disbands, equips and Shield ops free; Red's Re-arm, its Shield ops free), with production's index read
// from the rule data (tests/test_solver_discovery_support.hpp).
//   - It finds a convention of the Muster page nobody named to it: messina.convention.upgrade-own-shield.
//     By hand: one space, Red alone, in its Muster round with Energy for an upgrade and no Shield there.
//     The words of messina.muster.shield.build-upgrade let a faction upgrade a Shield; nothing in them
//     says whose, so an upgrade where Red has none is legal by the words (its level there 0 + 1 = 1),
//     and refused by the convention (only the builder's own Shield is upgraded). The oracle refuses it.
//   - Re-tagged as a clause (kept), the same convention is no longer reported.
//   - With messina.muster.builds-only left out (a card another faction holds keeps its units), the card's
//     units after a Muster are spoken of (the builder's card units are) and bound by nothing: two
//     outcomes no convention or point separates, a new finding, reported open.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "solver/messina/discovery.hpp"
#include "tests/test_solver_discovery_support.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

const std::string kUpgradeOwn = "messina.convention.upgrade-own-shield";

// The two searches' ends (Muster's, Re-arm's) say each ran to the end.
void expect_both_decided(const std::vector<MessinaWitness>& records) {
  int ends = 0;
  for (const auto& w : records)
    if (w.point == "messina.discovery.muster" || w.point == "messina.discovery.rearm") {
      ++ends;
      EXPECT_EQ(w.kind, "none") << w.point << ": " << w.note;
    }
  EXPECT_EQ(ends, 2);
}

const std::vector<MessinaWitness>& muster_records() {
  static const std::vector<MessinaWitness> records =
      discover_muster(testing::messina_typed_rules(), index_from_rule_data(), kBudget);
  return records;
}

// Would fail if the upgrade's owner were still decided inside a clause-tagged constraint (nothing to
// leave out), or if the search reported conventions from a list of its own rather than from the tags.
TEST(SolverMusterDiscovery, FindsTheUpgradeOwnShieldConventionUnnamedOnAReachableBoard) {
  const ms::Rules rules = testing::messina_typed_rules();
  const auto& records = muster_records();
  expect_both_decided(records);
  EXPECT_TRUE(conventions_found(records).count(kUpgradeOwn));
  for (const auto& w : records) {
    if (w.kind == "none") continue;
    EXPECT_TRUE(w.found_by_search) << w.point;
    ASSERT_EQ(w.outcomes.size(), 2u) << w.point;
    EXPECT_TRUE(reachable(w.example.state, rules)) << w.point;
    if (w.convention == kUpgradeOwn) {
      // The convention refuses what the words allow: its outcome is the refusal, the oracle's too.
      EXPECT_FALSE(w.outcomes[0].legal);
      EXPECT_TRUE(w.outcomes[1].legal);
      EXPECT_EQ(w.today, "as-decided");
    }
  }
  // No pair that nothing separates on the relation as written (a Re-arm pair that shield-high-tech's
  // condition and high-tech-home's sites part was one until separates() blamed a point read otherwise
  // whose quantities another source's condition reads).
  for (const auto& w : records)
    EXPECT_TRUE(w.point != "messina.discovery.muster.open" && w.point != "messina.discovery.rearm.open") << w.note;
}

// Would fail if the search reported the convention whatever its tag.
TEST(SolverMusterDiscovery, TheUpgradeConventionKeptAsIfAClauseIsNoLongerFound) {
  const auto records = discover_muster(testing::messina_typed_rules(), index_from_rule_data({kUpgradeOwn}), kBudget);
  expect_both_decided(records);
  EXPECT_FALSE(conventions_found(records).count(kUpgradeOwn));
}

// Would fail if a pair nothing separates were dismissed, or counted against some source. The sentence is
// the Muster's frame, so the Muster's search is the one that finds it.
TEST(SolverMusterDiscovery, TheBuildsOnlySentenceLeftOutMakesANewFinding) {
  const ms::Rules rules = testing::messina_typed_rules();
  SourceIndex index = index_from_rule_data();
  index.omitted = {"messina.muster.builds-only"};
  const auto records = discover_muster(rules, index, kBudget);
  bool open = false;
  for (const auto& w : records)
    if (w.point == "messina.discovery.muster.open") {
      open = true;
      EXPECT_TRUE(w.is_new && w.found_by_search && w.convention.empty());
      EXPECT_TRUE(reachable(w.example.state, rules));
    }
  EXPECT_TRUE(open);
}

}  // namespace
}  // namespace rulecheck::solver::messina

// Scythe's contradiction probe (solver/scythe/literal_contradictions.cpp): on today's rules every
// probe's clause-tagged literal constraints can all hold on a board play can reach; a relation seeded
// with a silence read against the text, or edited numbers, gives a minimal set that cannot. Each
// expectation is worked out here from the movement text, not read from the probe.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/scythe/literal.hpp"

namespace rulecheck::solver::scythe {
namespace {

// The base game's numbers (rules/scythe/ruleset.json): popularity 0..18, 1 lost per worker sent home,
// range 1 for every unit, units_per_move 2.
sy::Rules base_rules() {
  sy::Rules r;
  r.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return r;
}

// The probes: the 9 step kinds of the literal search and the forced retreat.
constexpr int kProbes = 9 + 1;

TEST(SolverScytheContradictions, OnTodaysRulesEveryProbesClausesCanAllHold) {
  const auto c = contradictions(base_rules(), Budget{});
  EXPECT_EQ(c.status, "none") << c.why;
  EXPECT_TRUE(c.found.empty());
  EXPECT_EQ(c.probes, kProbes);
  EXPECT_NE(c.scope.find("board play can reach"), std::string::npos) << c.scope;
  EXPECT_EQ(static_cast<int>(literal_step_kinds().size()) + 1, kProbes);
}

// Seeded: the home-base ban read as reaching the workers a retreat sends home. A character entering T2
// where blue's workers stand alone must send them home (scythe.move.workers-retreat, the probe's case:
// at least 1 sent), and the ban so read refuses every entry that sends any (scythe.move.home-base):
// the two cannot hold together. Either alone can: without the case, a board with no blue worker on
// T2; without the ban, 1 blue worker on T2 and red's character on T1. No step kind breaks: each holds
// on a board with no blue worker where it goes.
TEST(SolverScytheContradictions, AHomeBanThatRefusesRetreatsContradictsTheRetreat) {
  const auto c = contradictions(base_rules(), Budget{}, {{"home-ban-meets-retreat", true}});
  ASSERT_EQ(c.status, "found") << c.why;
  ASSERT_EQ(c.found.size(), 1u);
  EXPECT_EQ(c.found[0].probe, "forced-retreat");
  EXPECT_EQ(c.found[0].clauses, (std::vector<std::string>{"scythe.move.home-base", "scythe.move.workers-retreat"}));
  EXPECT_FALSE(c.found[0].note.empty());
}

// Edited numbers: a character's range of 0 against a path of 1 step (1 > 0) refuses every move of the
// character: the one-step kind and the forced retreat (both on the base range) break on the range
// clause alone; the two-step kind runs under its own range of 2 (2 steps <= 2) and holds; no other
// kind moves the character.
TEST(SolverScytheContradictions, ACharacterRangeOfZeroBreaksEveryOneStepCharacterMove) {
  sy::Rules r = base_rules();
  r.numbers.move_range[sy::Unit::character] = 0;
  const auto c = contradictions(r, Budget{});
  ASSERT_EQ(c.status, "found") << c.why;
  std::map<std::string, std::vector<std::string>> by_probe;
  for (const auto& x : c.found) by_probe[x.probe] = x.clauses;
  const std::vector<std::string> range{"scythe.move.range"};
  EXPECT_EQ(by_probe, (std::map<std::string, std::vector<std::string>>{{"character-one-step", range},
                                                                        {"forced-retreat", range}}));
}

TEST(SolverScytheContradictions, AStarvedProbeIsUnknownNeverNone) {
  const auto c = contradictions(base_rules(), Budget{1});
  EXPECT_NE(c.status, "none");
  EXPECT_TRUE(c.found.empty());
}

}  // namespace
}  // namespace rulecheck::solver::scythe

// The Messina proofs for boards of any size (solver/messina/unbounded*.cpp): proved, saying they are
// unbounded, not vacuous, and each misreading of their catalogue breaks them (issue 21).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/messina/unbounded.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;
using solver::Budget;
using solver::ProofStatus;

const sm::MessinaProof* find(const std::vector<sm::MessinaProof>& proofs, const std::string& id) {
  for (const auto& p : proofs)
    if (p.id == id) return &p;
  return nullptr;
}

TEST(SolverUnbounded, TheThreeConstraintsAreProvedForBoardsOfAnySizeAndNotVacuously) {
  const auto proofs = sm::unbounded_proofs(messina_typed_rules(), Budget{});
  for (const char* id : {"messina.consumption.never-well-fed-to-dead.any-board", "messina.muster.stacking.any-board",
                         "messina.friendly.mixed-space-friendly-for-mustering.any-board",
                         "messina.friendly.mixed-space-hostile-for-military.any-board",
                         "messina.friendly.structures-never-hostile.any-board"}) {
    const sm::MessinaProof* p = find(proofs, id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_EQ(p->status, ProofStatus::proved) << id << ": " << p->detail;
    EXPECT_TRUE(p->scope.unbounded) << id;
    EXPECT_EQ(p->scope.covers.rfind("boards of any size", 0), 0u) << p->scope.covers;
    EXPECT_FALSE(p->vacuity.empty()) << id;
  }
}

// Every misreading of each proof's catalogue breaks it: a catalogue entry the proof survived would
// mean the proof does not depend on the clause that entry misreads.
TEST(SolverUnbounded, EveryMisreadingOfTheCatalogueBreaksItsProof) {
  const ms::Rules rules = messina_typed_rules();
  auto proofs = sm::unbounded_proofs(rules, Budget{});
  sm::unbounded_strength(proofs, rules, Budget{});
  for (const auto& p : proofs) {
    EXPECT_TRUE(p.strength_checked) << p.id;
    ASSERT_FALSE(p.mutants.empty()) << p.id;
    for (const auto& m : p.mutants) EXPECT_TRUE(m.killed) << p.id << " survives \"" << m.mutant << "\": " << m.why;
  }
}

// The limits come from the ruleset: with a map limit of 6 the claim says 6 and 11 for the location,
// and still holds (each action's condition reads the same number).
TEST(SolverUnbounded, TheStackingClaimReadsTheRulesetsLimits) {
  ms::Rules rules = messina_typed_rules();
  rules.numbers.stacking_map = 6;
  rules.numbers.stacking_card = 5;
  const auto proofs = sm::unbounded_proofs(rules, Budget{});
  const sm::MessinaProof* p = find(proofs, "messina.muster.stacking.any-board");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->status, ProofStatus::proved) << p->detail;
  EXPECT_NE(p->claim.find("over 6 units"), std::string::npos) << p->claim;
  EXPECT_NE(p->claim.find("a location over 11"), std::string::npos) << p->claim;
}

}  // namespace
}  // namespace rulecheck::testing

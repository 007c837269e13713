// The Messina proofs for boards of any size (solver/messina/unbounded*.cpp): proved, saying they are
// unbounded, not vacuous, and some misreading of their catalogue breaks each (issue 21).
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/messina/section_theorems.hpp"
#include "solver/messina/solver.hpp"
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
  const auto proofs = sm::prove(messina_typed_rules(), Budget{});
  // The three constraints of the design are theorems of their sections' relations now
  // (section_theorems.hpp), asked by prove() beside the catalogue.
  for (const char* id : {"messina.consumption.never-well-fed-to-dead", "messina.stacking.map-limit",
                         "messina.friendly.military-area-reached-avoiding-hostile",
                         "messina.friendly.structures-never-hostile"}) {
    const sm::MessinaProof* p = find(proofs, id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_EQ(p->status, ProofStatus::proved) << id << ": " << p->detail;
    EXPECT_TRUE(p->scope.unbounded) << id;
    EXPECT_EQ(p->scope.covers.rfind("boards of any size", 0), 0u) << p->scope.covers;
    EXPECT_FALSE(p->vacuity.empty()) << id;
  }
}

// Some misreading of each proof's catalogue breaks it (not every one: a survivor is a finding to
// report, not a failure; prove --strength lists them).
TEST(SolverUnbounded, SomeMisreadingOfTheCatalogueBreaksEachProof) {
  const ms::Rules rules = messina_typed_rules();
  auto proofs = sm::unbounded_proofs(rules, Budget{});
  sm::unbounded_strength(proofs, rules, Budget{});
  for (const auto& p : proofs) {
    EXPECT_TRUE(p.strength_checked) << p.id;
    ASSERT_FALSE(p.mutants.empty()) << p.id;
    EXPECT_TRUE(std::any_of(p.mutants.begin(), p.mutants.end(), [](const auto& m) { return m.killed; })) << p.id;
  }
}

// Issue 21: every Messina proof `rulecheck prove` reports holds for boards of any size; the per-action
// invariants that were bounded (2-3 fixed spaces, fixed actions) are among them.
const std::vector<std::string>& per_action_ids() {
  static const std::vector<std::string> ids = {
      "messina.consumption.tokens-conserved",          "messina.consumption.counts-never-negative",
      "messina.consumption.located-backs-units",       "messina.consumption.decided",
      "messina.consumption.full-feeding-changes-only-supplies",
      "messina.muster.energy-never-negative",          "messina.muster.tokens-conserved",
      "messina.muster.located-backed",                 "messina.population.placement-keeps-token-total",
      "messina.population.placement-spare-not-negative", "messina.population.placement-located-backs-units",
      "messina.cards.hand-limit-kept",                 "messina.cards.transfer-conserves",
      "messina.reachable.one-shield-per-space",        "messina.reachable.workers-in-own-utilities"};
  return ids;
}

TEST(SolverUnbounded, EveryMessinaProofIsForBoardsOfAnySizeProvedAndNotVacuous) {
  const auto proofs = sm::prove(messina_typed_rules(), Budget{});
  for (const std::string& id : per_action_ids()) EXPECT_NE(find(proofs, id), nullptr) << id;
  for (const auto& p : proofs) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_TRUE(p.scope.unbounded) << p.id;
    EXPECT_EQ(p.scope.covers.rfind("boards of any size", 0), 0u) << p.id << ": " << p.scope.covers;
    EXPECT_NE(p.vacuity.find("have a model of their premises"), std::string::npos) << p.id << ": " << p.vacuity;
  }
}

// The claims that restated the check they followed are folded into the any-board stacking proof or
// dropped (docs/solver.md says why): `prove` no longer reports them; the bounded cross-check still runs
// every per-action proof on the concrete encoding, and they all hold there.
TEST(SolverUnbounded, TheRestatingClaimsAreGoneAndTheBoundedCrossCheckStillHolds) {
  const ms::Rules rules = messina_typed_rules();
  const auto unbounded = sm::prove(rules, Budget{});
  const auto bounded = sm::prove_bounded(rules, Budget{});
  for (const char* id : {"messina.muster.stacking-kept", "messina.muster.card-capacity"}) {
    EXPECT_EQ(find(unbounded, id), nullptr) << id;
    EXPECT_NE(find(bounded, id), nullptr) << id;
  }
  // The Location Card claims are theorems of the relation that judges engines; their check of the
  // membership encoding over one free board is test_solver_cards_bounded.cpp, not prove_bounded.
  for (const char* id : {"messina.cards.capacity-kept", "messina.cards.hidden-empty", "messina.cards.transfer-stacking",
                         "messina.cards.discard-transfer-stacking", "messina.cards.hand-limit-kept"})
    EXPECT_EQ(find(bounded, id), nullptr) << id;
  for (const std::string& id : per_action_ids()) {
    if (id.rfind("messina.cards.", 0) == 0) continue;
    const sm::MessinaProof* p = find(bounded, id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_EQ(p->status, ProofStatus::proved) << id << ": " << p->detail;
    EXPECT_FALSE(p->scope.unbounded) << id;
  }
}

// A hand limit no board of a fixed shape could hold: the cards range over the sort of spaces and the hand
// is a total, so the theorem of the Location Card relation holds for it, and its claim says the ruleset's number.
TEST(SolverUnbounded, TheHandLimitProofHoldsForAnyLimitTheRulesetGives) {
  ms::Rules rules = messina_typed_rules();
  rules.numbers.hand_limit = 1'000'000;
  const auto proofs = solver::theorem_records<ms::State, sm::Step>(sm::cards_theorems(rules), rules, Budget{});
  const sm::MessinaProof* p = find(proofs, "messina.cards.hand-limit-kept");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->status, ProofStatus::proved) << p->detail;
  EXPECT_NE(p->claim.find("at most 1000000 cards"), std::string::npos) << p->claim;
}

// The cost of feeding reads tokens_per_food_and_water: with 3 tokens a Food and Water the claim (which
// reads the ruleset's number) still holds, the relation's cost reading the same number.
TEST(SolverUnbounded, TheFullFeedingClaimReadsTheRulesetsRate) {
  ms::Rules rules = messina_typed_rules();
  rules.numbers.tokens_per_food_and_water = 3;
  const auto proofs = sm::prove(rules, Budget{});
  const sm::MessinaProof* p = find(proofs, "messina.consumption.full-feeding-changes-only-supplies");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->status, ProofStatus::proved) << p->detail;
}

// A unit table where an AI's Infantry takes no token but a human's does, and a Mech none: the backing
// proofs of Muster and Consumption count per kind, and a misreading that charges every unit one token
// breaks both (a Mech built or disbanded would move a token nothing backs).
TEST(SolverUnbounded, ChargingEveryUnitOneTokenBreaksTheBackingProofs) {
  const ms::Rules rules = messina_typed_rules();
  ASSERT_EQ(rules.numbers.unit(ms::Piece::mech).population, 0);  // the premise of the misreading's effect
  // Consumption's and Muster's theorems over their relations built with a Mech taking one token (the
  // claim still reads the ruleset as it is): a Mech step 3 disbands, or a Muster builds, moves a token
  // the Located count never held for it.
  auto mech_takes_one = [](const ms::Rules& r) {
    ms::Rules m = r;
    m.numbers.units[ms::Piece::mech].population = 1;
    return m;
  };
  std::vector<sm::MessinaTheorem> backing;
  for (auto& t : sm::consumption_theorems())
    if (t.id == "messina.consumption.located-backs-units") backing.push_back(std::move(t));
  for (auto& t : sm::muster_theorems())
    if (t.id == "messina.muster.located-backed") backing.push_back(std::move(t));
  ASSERT_EQ(backing.size(), 2u);
  for (const auto& t : backing) {
    z3::context c;
    const auto asks = t.asks(c, rules, mech_takes_one);
    EXPECT_EQ(solver::ask_questions(c, asks, Budget{}, false).status, ProofStatus::refuted) << t.id;
    // As the text reads (the edit the identity), it is proved.
    z3::context d;
    EXPECT_EQ(solver::ask_questions(d, t.asks(d, rules, nullptr), Budget{}, false).status, ProofStatus::proved) << t.id;
  }
}

}  // namespace
}  // namespace rulecheck::testing

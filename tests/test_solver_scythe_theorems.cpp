// Scythe's movement as one relation of tagged constraints, and its theorems (solver/scythe/
// unbounded*.cpp, theorems_path.cpp; issue 32 items 1 and 2): the claims read only the state before
// and after, so a theorem can fail; the clauses the stops, the worker's blocks and a mech's riders rest
// on are protected (a generic mutant of each is killed); and a misreading written by hand into the
// relation breaks a theorem that was not written for it.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/scythe/solver.hpp"
#include "solver/scythe/unbounded.hpp"
#include "tests/scythe_rules.hpp"

namespace rulecheck::solver::scythe {
namespace {

sy::Rules base_rules() { return rulecheck::testing::scythe_base_rules(); }

Theorem<sy::Rules> theorem(const std::string& id) {
  for (Theorem<sy::Rules>& t : movement_theorems(base_rules()))
    if (t.id == id) return t;
  ADD_FAILURE() << "no theorem " << id;
  return {};
}

// Every constraint of the relation carries a clause of rules/scythe/clauses.json.
TEST(SolverScytheTheorems, EveryConstraintOfTheRelationIsTaggedWithAClause) {
  z3::context ctx;
  const std::set<std::string> movement = {
      "scythe.move.unit-present", "scythe.move.mech-carry", "scythe.move.path", "scythe.move.home-base",
      "scythe.move.combat-stop", "scythe.move.workers-stop", "scythe.move.encounter-stop",
      "scythe.move.workers-retreat", "scythe.move.worker-blocked-by-combat-units",
      "scythe.move.worker-blocked-by-workers", "scythe.move.popularity-loss", "scythe.move.popularity-floor"};
  std::set<std::string> seen;
  for (const Ask& a : theorem("scythe.move.units-conserved").asks(ctx, base_rules(), nullptr))
    for (const Named& n : a.relation) {
      EXPECT_TRUE(movement.count(n.clause)) << a.name << ": " << n.clause;
      seen.insert(n.clause);
    }
  EXPECT_EQ(seen, movement);  // each is stated by some unit kind's move
}

// Whether some generic mutant of `clause` is killed by theorem `id` (the first found; how many is not
// asked: no test requires every mutant to die).
bool killed(const std::string& id, const std::string& clause) {
  z3::context ctx;
  const Theorem<sy::Rules> t = theorem(id);
  const std::vector<Ask> asks = t.asks(ctx, base_rules(), nullptr);
  for (const FormulaMutation& m : section_mutations(asks))
    if (m.source == clause && ask_mutant(ctx, asks, m, Budget{}) == MutantVerdict::killed) return true;
  return false;
}

// The clauses issue 32 names are protected: each by the theorem written for it (theorems_path.cpp), so
// each line fails without that theorem ("no theorem ..."), or if the theorem stopped depending on the
// clause. (Some of these clauses' mutants are killed by scythe.reachable.workers-share-only-in-pending-
// combat too, `prove --strength`; before issue 32 no generic mutant was asked at all.)
TEST(SolverScytheTheorems, TheStopsTheWorkersBlocksAndTheRidersAreProtected) {
  EXPECT_TRUE(killed("scythe.move.stops-at-combat-units", "scythe.move.combat-stop"));
  EXPECT_TRUE(killed("scythe.move.stops-at-workers", "scythe.move.workers-stop"));
  EXPECT_TRUE(killed("scythe.move.worker-not-into-combat-units", "scythe.move.worker-blocked-by-combat-units"));
  EXPECT_TRUE(killed("scythe.move.worker-not-out-of-combat-units", "scythe.move.worker-blocked-by-combat-units"));
  EXPECT_TRUE(killed("scythe.move.worker-not-into-workers", "scythe.move.worker-blocked-by-workers"));
  EXPECT_TRUE(killed("scythe.move.counts-stay-counts", "scythe.move.mech-carry"));
}

// `relation` with each constraint of `clause` that defines a name (`x == ...`) replaced by `x` read as
// `value`: a misreading written by hand, not one of the generic mutants.
RelationEdit defined_as(const std::string& clause, bool value) {
  return [clause, value](const Constraints& relation) {
    Constraints out;
    for (const Named& n : relation) {
      const bool definition = n.clause == clause && n.formula.is_eq() && n.formula.arg(0).is_const() &&
                              n.formula.arg(0).is_bool();
      out.push_back(definition ? Named{n.clause, n.formula.arg(0) == n.formula.ctx().bool_val(value)} : n);
    }
    return out;
  };
}

// Misreadings written into the relation by hand (issue 32's list): "an opponent's character or mechs
// never stop a move" (every combatN read false) refutes the stop theorem; "a mech sets down one worker
// more than it carried" refutes units-conserved, a movement invariant written before the riders had a
// constraint of their own. As the text reads, both are proved (the relation unedited).
TEST(SolverScytheTheorems, AMisreadingWrittenByHandIsRefuted) {
  const Budget budget;
  {
    z3::context ctx;
    const auto asks = theorem("scythe.move.stops-at-combat-units").asks(ctx, base_rules(), nullptr);
    EXPECT_EQ(ask_questions(ctx, asks, budget, false).status, ProofStatus::proved);
    EXPECT_EQ(ask_questions(ctx, asks, budget, false, defined_as("scythe.move.combat-stop", false)).status,
              ProofStatus::refuted);
  }
  {
    z3::context ctx;
    const auto asks = theorem("scythe.move.units-conserved").asks(ctx, base_rules(), nullptr);
    const RelationEdit one_more = [](const Constraints& relation) {
      Constraints out;
      for (const Named& n : relation) {
        const bool riders = n.clause == "scythe.move.mech-carry" && n.formula.is_eq() &&
                            n.formula.arg(0).to_string() == "set_down";
        out.push_back(riders ? Named{n.clause, n.formula.arg(0) == n.formula.arg(1) + 1} : n);
      }
      return out;
    };
    EXPECT_EQ(ask_questions(ctx, asks, budget, false).status, ProofStatus::proved);
    EXPECT_EQ(ask_questions(ctx, asks, budget, false, one_more).status, ProofStatus::refuted);
  }
}

// The new theorems are proved as the text reads, for maps of any size, and not vacuously: each question
// has a model of its premises and the relation where the unit moves (and, for the stops, enters a
// territory where the stop applies).
TEST(SolverScytheTheorems, ThePathTheoremsAreProvedAndNotVacuous) {
  const std::vector<Theorem<sy::Rules>> path = path_theorems(base_rules());
  const auto records = theorem_records<sy::State, sy::Move>(path, base_rules(), Budget{});
  ASSERT_EQ(records.size(), 6u);
  for (const auto& p : records) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_TRUE(p.scope.unbounded) << p.id;
    EXPECT_EQ(p.vacuity.rfind("all ", 0), 0u) << p.id << ": " << p.vacuity;
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

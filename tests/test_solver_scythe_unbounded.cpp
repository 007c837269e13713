// Scythe's movement invariants for maps of any size (solver/scythe/unbounded*.cpp): each proved,
// saying it is unbounded and what it covers, not vacuous; each misreading of its catalogue breaks it;
// and a clause broken in both encodings breaks both the unbounded proof and the bounded one
// (prove_bounded, the walk over one map kept as the cross-check) (issue 21).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/misreading.hpp"
#include "solver/scythe/solver.hpp"
#include "solver/scythe/unbounded.hpp"
#include "tests/scythe_rules.hpp"

namespace rulecheck::solver::scythe {
namespace {

sy::Rules base_rules() { return rulecheck::testing::scythe_base_rules(); }

const ScytheProof* find(const std::vector<ScytheProof>& proofs, const std::string& id) {
  const auto it = std::find_if(proofs.begin(), proofs.end(), [&](const ScytheProof& p) { return p.id == id; });
  return it == proofs.end() ? nullptr : &*it;
}

TEST(SolverScytheUnbounded, EveryInvariantIsProvedForMapsOfAnySizeAndNotVacuously) {
  const auto proofs = prove(base_rules(), Budget{});
  // The eleven of the catalogue, then the six about the path (test_solver_scythe_theorems.cpp), then the
  // one about control (scythe.move.mover-controls-where-it-ends, solver/scythe/theorems_control.cpp).
  ASSERT_EQ(proofs.size(), 18u);
  std::set<std::string> catalogue;
  for (const auto& u : unbounded_catalogue(base_rules())) catalogue.insert(u.id);
  for (const auto& p : proofs) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    if (!catalogue.count(p.id)) continue;
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_TRUE(p.scope.unbounded) << p.id;
    EXPECT_EQ(p.scope.covers.rfind("boards of any size", 0), 0u) << p.scope.covers;
    EXPECT_NE(p.scope.covers.find("any number of factions"), std::string::npos) << p.scope.covers;
    EXPECT_NE(p.scope.covers.find("any number of units per Move action"), std::string::npos) << p.scope.covers;
    // Paths of 1 and 2 steps (the ruleset's ranges are 1: at least 2 are asked), both readings of the
    // two points that change a one-unit move.
    EXPECT_NE(p.scope.covers.find("1 to 2 steps"), std::string::npos) << p.scope.covers;
    EXPECT_NE(p.scope.covers.find("scythe.stop-path"), std::string::npos) << p.scope.covers;
    EXPECT_NE(p.scope.covers.find("scythe.worker-blocking"), std::string::npos) << p.scope.covers;
    // character 1 step, 2 steps x 2 readings; mech the same; worker 1 and 2 steps x 2 readings: 10 unit
    // moves; the states play can reach add the action's start and its end: 12.
    const bool reachable = p.id.rfind("scythe.reachable.", 0) == 0;
    EXPECT_EQ(p.vacuity.rfind(reachable ? "all 12 questions" : "all 10 questions", 0), 0u) << p.id << ": " << p.vacuity;
    EXPECT_EQ(p.scope.covers.find("the mid-action invariants") != std::string::npos, reachable) << p.scope.covers;
  }
  // The same invariants as the bounded walk proves, by id.
  std::set<std::string> bounded;
  const std::set<std::string>& unbounded = catalogue;
  for (const auto& p : prove_bounded(base_rules(), Budget{})) bounded.insert(p.id);
  EXPECT_EQ(unbounded, bounded);
}

// Every hand-written misreading of each proof's catalogue breaks it (the catalogue is no longer what
// --strength reports, which asks generic mutants of the relation: test_solver_scythe_theorems.cpp; it
// is kept as a test that each proof rests on the clause each entry misreads).
TEST(SolverScytheUnbounded, EveryMisreadingOfTheCatalogueBreaksItsProof) {
  for (const UnboundedProof& u : unbounded_catalogue(base_rules())) {
    ASSERT_FALSE(u.misreadings.empty()) << u.id;
    for (const std::string& m : u.misreadings) {
      const Asked a = ask_unbounded(u, m, Budget{}, /*check_vacuity=*/false);
      EXPECT_EQ(a.status, ProofStatus::refuted) << u.id << " survives \"" << m << "\": " << a.detail;
    }
  }
}

// The opponents no question names (the rest, unbounded.hpp) are read by the move as the named ones are:
// a mech entering a territory the rest's one faction holds alone with 2 workers stops there and sends
// both home, and the mover pays the ruleset's loss for each (popularity 10 - 2 x 1 = 8); a mech
// entering where the rest has a character or mech ends its move there (a path of 2 under stop-path
// truncate stops on its first step), sets no combat pending (a unit move does not), and the action's
// end sets one there. Each case is possible (sat), and nothing else follows from it (unsat).
TEST(SolverScytheUnbounded, TheOpponentsNoQuestionNamesStopAMoveAndAreSentHome) {
  const sy::Rules rules = base_rules();
  z3::context ctx;
  const SortedBoard b(ctx);
  const SortedMove m = sorted_move(b, rules, sy::Unit::mech, 1, "");
  const z3::expr& to = m.path[0];
  const z3::expr premises = b.well_formed(rules, m.named(b)) && m.premises;
  const auto decide = [&](const z3::expr& question) {
    z3::solver s(ctx);
    s.add(question);
    return s.check();
  };
  constexpr int kWorkerKind = 2;
  z3::expr workers_alone = b.count(kWorkerKind, to, kRest) == 2 && b.combat(to, kRest) == 0 && b.rest_factions(to) == 1;
  for (int f = 0; f < kNamed; ++f) workers_alone = workers_alone && !b.present(to, f);
  const z3::expr sent_home = m.retreated == 2 && m.units_after(kWorkerKind, to, kRest) == 0 &&
                             m.popularity_after(kMover) == 10 - 2 * rules.numbers.popularity_loss_per_worker;
  EXPECT_EQ(decide(premises && workers_alone && b.popularity[kMover] == 10), z3::sat);
  EXPECT_EQ(decide(premises && workers_alone && b.popularity[kMover] == 10 && !sent_home), z3::unsat);

  sy::Rules truncate = rules;
  truncate.readings.stop_path = sy::Readings::StopPath::truncate;
  const SortedMove two = sorted_move(b, truncate, sy::Unit::mech, 2, "");
  const z3::expr first = two.path[0];
  const z3::expr on_the_way = b.well_formed(truncate, two.named(b)) && two.premises && b.combat(first, kRest) >= 1 &&
                              b.count(kWorkerKind, first, kRest) == 0 && !b.combat_pending(first);
  EXPECT_EQ(decide(on_the_way), z3::sat);
  EXPECT_EQ(decide(on_the_way && !two.ends[0]), z3::unsat);
  EXPECT_EQ(decide(on_the_way && two.combat_pending_after(first)), z3::unsat);
  const z3::expr meets = b.combat(b.any, kMover) >= 1 && b.combat(b.any, kRest) >= 1;
  EXPECT_EQ(decide(b.well_formed(rules, {b.any}) && meets && !b.combat_pending(b.any)), z3::sat);
  EXPECT_EQ(decide(b.well_formed(rules, {b.any}) && meets && !action_end_pending(b, b.any, "")), z3::unsat);
}

// A mech ability that lets mechs move 3: the mech's paths of 3 steps are asked too (two more
// questions: both readings of scythe.stop-path), and every invariant still holds.
TEST(SolverScytheUnbounded, ThePathsAskedFollowTheRulesetsRanges) {
  sy::Rules rules = base_rules();
  rules.numbers.move_range[sy::Unit::mech] = 3;
  rules.numbers.popularity_loss_per_worker = 2;
  rules.numbers.popularity_min = 1;
  std::set<std::string> catalogue;
  for (const auto& u : unbounded_catalogue(rules)) catalogue.insert(u.id);
  for (const auto& p : prove(rules, Budget{})) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    if (!catalogue.count(p.id)) continue;
    EXPECT_NE(p.scope.covers.find("1 to 2 steps for a character, 3 for a mech, 2 for a worker"), std::string::npos)
        << p.scope.covers;
    // Two more questions, the mech's 3 steps under both readings of stop-path; and start and end.
    const bool reachable = p.id.rfind("scythe.reachable.", 0) == 0;
    EXPECT_EQ(p.vacuity.rfind(reachable ? "all 14 questions" : "all 12 questions", 0), 0u) << p.id << ": " << p.vacuity;
  }
}

// The two encodings agree where both apply: the same clause broken (its condition left out of the
// bounded encoding, or its effect; the matching misreading of the unbounded one) breaks the proof in
// both, and both prove it as the text reads (EveryInvariantIsProvedForMapsOfAnySizeAndNotVacuously,
// SolverScythe.EveryInvariantIsProvedUnderTheDefaultAndTheOtherReadings).
TEST(SolverScytheUnbounded, ABrokenClauseBreaksBothTheBoundedAndTheUnboundedProof) {
  using Part = Misreading::Part;
  struct Broken {
    std::string proof, clause;
    Part part;
    const char* unbounded;
  };
  const std::vector<Broken> cases = {
      {"scythe.move.no-unit-into-a-home-base", "scythe.move.home-base", Part::conditions, misread::kHomeIgnored},
      {"scythe.reachable.home-base-holds-only-its-faction", "scythe.move.home-base", Part::conditions,
       misread::kHomeIgnored},
      {"scythe.move.units-conserved", "scythe.move.workers-retreat", Part::effect, misread::kRetreatNowhere},
      {"scythe.move.retreated-workers-at-home", "scythe.move.workers-retreat", Part::effect,
       misread::kRetreatNowhere},
      {"scythe.move.popularity-stays-in-range", "scythe.move.popularity-floor", Part::effect, misread::kNoFloor},
      {"scythe.reachable.character-on-encounter-has-it-pending", "scythe.move.encounter-pending", Part::effect,
       misread::kEncounterNoPending},
      {"scythe.reachable.combat-units-meet-only-in-pending-combat", "scythe.move.combat-pending", Part::effect,
       misread::kNoCombatPending},
  };
  const sy::Rules rules = base_rules();
  const std::vector<UnboundedProof> catalogue = unbounded_catalogue(rules);
  for (const Broken& b : cases) {
    const Misreading m(b.clause, b.part, b.proof);
    Budget under;
    under.misreading = &m;
    const auto bounded = prove_bounded(rules, under);
    const ScytheProof* p = find(bounded, b.proof);
    ASSERT_NE(p, nullptr) << b.proof;
    EXPECT_GT(m.dropped.load(), 0) << b.proof << ": " << m.name() << " changed nothing in the bounded encoding";
    EXPECT_EQ(p->status, ProofStatus::refuted) << b.proof << " (bounded) under " << m.name() << ": " << p->detail;

    const auto u = std::find_if(catalogue.begin(), catalogue.end(), [&](const UnboundedProof& x) { return x.id == b.proof; });
    ASSERT_NE(u, catalogue.end()) << b.proof;
    const Asked a = ask_unbounded(*u, b.unbounded, Budget{}, /*check_vacuity=*/false);
    EXPECT_EQ(a.status, ProofStatus::refuted) << b.proof << " (unbounded) under " << b.unbounded << ": " << a.detail;
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

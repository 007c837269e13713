// Generic mutants of a relation (solver/mutation.hpp) and the theorems asked under them
// (solver/theorems.hpp), on a toy relation whose arithmetic is worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "solver/mutation.hpp"
#include "solver/theorems.hpp"

namespace rulecheck::solver {
namespace {

// A toy "section": x' = x + 1, guarded by x <= 4 (tag "t.step" for both, "t.guard" for the guard).
struct Toy {
  z3::context c;
  z3::expr x = c.int_const("x"), x2 = c.int_const("x2");
  Constraints relation() { return {{"t.guard", x <= 4}, {"t.step", x2 == x + 1}}; }
};

TEST(Mutation, EveryConstraintDroppedAndEveryComparisonMovedByOne) {
  Toy t;
  const auto ms = formula_mutations(t.relation());
  // t.guard: dropped, <= weakened, <= strengthened (3); t.step: dropped, = as <=, = as >=, = as +1 (4).
  EXPECT_EQ(ms.size(), 7u);
  EXPECT_EQ(std::count_if(ms.begin(), ms.end(), [](auto& m) { return m.kind == FormulaMutation::Kind::dropped; }), 2);
  EXPECT_EQ(ms[0].source, "t.guard");
}

TEST(Mutation, AMutantChangesOnlyItsSite) {
  Toy t;
  const Constraints r = t.relation();
  const auto ms = formula_mutations(r);
  // The guard strengthened: x < 4, so x = 4 no longer passes it.
  const auto strengthened = std::find_if(ms.begin(), ms.end(), [](auto& m) {
    return m.source == "t.guard" && m.kind == FormulaMutation::Kind::strengthened;
  });
  ASSERT_NE(strengthened, ms.end());
  bool applied = false;
  const Constraints m = mutated(r, *strengthened, &applied);
  ASSERT_TRUE(applied);
  z3::solver s(t.c);
  s.add(all_of(t.c, m));
  s.add(t.x == 4);
  EXPECT_EQ(s.check(), z3::unsat);  // 4 < 4 fails; the text's 4 <= 4 holds
  EXPECT_TRUE(z3::eq(m[1].formula, r[1].formula));
}

TEST(Mutation, AMutantOfAConstraintTheRelationLacksIsNotApplied) {
  Toy t;
  FormulaMutation m{FormulaMutation::Kind::dropped, "t.absent", 0, 1, 0, 0, "dropped"};
  bool applied = true;
  EXPECT_EQ(mutated(t.relation(), m, &applied).size(), 2u);
  EXPECT_FALSE(applied);
}

TEST(Mutation, AnIteTestMovedWhereBothBranchesAgreeIsEquivalent) {
  z3::context c;
  const z3::expr a = c.int_const("a"), b = c.int_const("b"), m = c.int_const("m");
  // m = min(a, b) written as ite(a <= b, a, b): reading the test as a < b gives the same m (at a = b
  // both branches are a), so that mutant is equivalent; reading it as a <= b + 1 is not (a = b + 1).
  const Constraints r = {{"t.min", m == z3::ite(a <= b, a, b)}};
  int equivalent = 0, different = 0;
  for (const auto& mu : formula_mutations(r)) {
    if (mu.kind == FormulaMutation::Kind::dropped) continue;
    (equivalent_mutation(r, mu, 100000) ? equivalent : different)++;
  }
  EXPECT_EQ(equivalent, 1);  // a <= b as a < b
  EXPECT_EQ(different, 4);   // a <= b as a <= b + 1; m = .. as <=, >=, +1
}

TEST(Theorems, AClaimTheRelationGivesIsKilledByTheMutantsThatBreakIt) {
  Toy t;
  // Claim: x' <= 5 when the guard held (4 + 1). Dropping the guard or weakening it kills it; the step
  // read as x' >= x + 1 kills it too; x' <= x + 1 does not.
  const std::vector<Ask> asks = {{"toy", t.c.bool_val(true), t.relation(), t.x2 <= 5}};
  Budget budget;
  EXPECT_EQ(ask_questions(t.c, asks, budget, true).status, ProofStatus::proved);
  int killed = 0, survived = 0;
  for (const auto& m : section_mutations(asks)) {
    const MutantVerdict v = ask_mutant(t.c, asks, m, budget);
    if (v == MutantVerdict::killed) ++killed;
    if (v == MutantVerdict::survived) ++survived;
  }
  // killed: guard dropped, guard weakened (x = 5 gives 6), step dropped, step as >=, step as +1 (x = 4
  // gives 6). survived: guard strengthened, step as <=.
  EXPECT_EQ(killed, 5);
  EXPECT_EQ(survived, 2);
}

// Two questions of the toy: q1 as above (x' <= 5), q2 "x >= 0 gives x' >= 1". By hand, q2 kills the step
// dropped and the step read as x' <= x + 1 (x' = 0 is allowed), and no guard mutant (x' = x + 1 >= 1
// whatever the guard); q1 kills the five above. A mutant is killed when either question kills it: 6
// killed (q1's five and the step as <=), 1 survived (the guard strengthened), whichever thread asks
// which question.
std::vector<Ask> two_questions(Toy& t) {
  return {{"q1", t.c.bool_val(true), t.relation(), t.x2 <= 5}, {"q2", t.x >= 0, t.relation(), t.x2 >= 1}};
}

TEST(Theorems, QuestionsSharedOutBetweenThreadsGiveTheVerdictsOfOneThread) {
  Toy t;
  const std::vector<Ask> asks = two_questions(t);
  const std::vector<FormulaMutation> mutations = section_mutations(asks);
  ASSERT_EQ(mutations.size(), 7u);
  Budget budget;
  const std::vector<MutantVerdict> one = ask_mutants(t.c, asks, mutations, budget);
  // Each thread builds the questions again in its own context.
  const AskBuilder build = [](z3::context& c) {
    const z3::expr x = c.int_const("x"), x2 = c.int_const("x2");
    const Constraints relation = {{"t.guard", x <= 4}, {"t.step", x2 == x + 1}};
    return std::vector<Ask>{{"q1", c.bool_val(true), relation, x2 <= 5}, {"q2", x >= 0, relation, x2 >= 1}};
  };
  int kills_told = 0;
  const std::vector<MutantVerdict> split =
      ask_mutants_split(build, mutations, budget, nullptr, [&](std::size_t) { ++kills_told; }, 2);
  EXPECT_EQ(split, one);
  EXPECT_EQ(std::count(split.begin(), split.end(), MutantVerdict::killed), 6);
  EXPECT_EQ(std::count(split.begin(), split.end(), MutantVerdict::survived), 1);
  EXPECT_EQ(kills_told, 6) << "each kill is told once, though two questions may kill it";
}


// The toy with a third constraint the claim does not need: y = 3 ("t.other"). The text's question
// x' <= 5 is proved from the guard and the step alone (4 + 1), so an unsat core of it leaves t.other
// out, and each of t.other's four mutants (dropped; `=` as <=, >=, +1) survives with no check made.
// Without the cores these four would be `survived` (checked by Z3), not `survived_unused`.
TEST(Theorems, AMutantOfAConstraintNoProofUsesSurvivesWithNoCheck) {
  Toy t;
  const z3::expr y = t.c.int_const("y");
  Constraints relation = t.relation();
  relation.push_back({"t.other", y == 3});
  const std::vector<Ask> asks = {{"toy", t.c.bool_val(true), relation, t.x2 <= 5}};
  const std::vector<FormulaMutation> mutations = section_mutations(asks);
  ASSERT_EQ(mutations.size(), 11u);  // 3 of the guard, 4 of the step, 4 of t.other
  const std::vector<MutantVerdict> verdicts = ask_mutants(t.c, asks, mutations, Budget{});
  for (std::size_t i = 0; i < mutations.size(); ++i) {
    // The same verdict as the mutant asked alone of a fresh solver, survived_unused counting as survived.
    const MutantVerdict alone = ask_mutant(t.c, asks, mutations[i], Budget{});
    const MutantVerdict v = verdicts[i] == MutantVerdict::survived_unused ? MutantVerdict::survived : verdicts[i];
    EXPECT_EQ(v, alone) << mutation_name(mutations[i]);
    EXPECT_EQ(verdicts[i] == MutantVerdict::survived_unused, mutations[i].source == "t.other")
        << mutation_name(mutations[i]);
  }
}

// A mutant survives a question with no check only when a core of the text's question leaves its
// constraint out: with cores {0, 2} and {1, 2}, constraints 0 and 1 are each left out by one, 2 by none.
TEST(Theorems, ACoreLeavesOutOnlyTheConstraintsNotInIt) {
  ProofCores cores(3);
  EXPECT_FALSE(cores.leaves_out(0)) << "no core yet: every mutant is checked";
  cores.add({0, 2});
  EXPECT_FALSE(cores.leaves_out(0));
  EXPECT_TRUE(cores.leaves_out(1));
  cores.add({1, 2});
  EXPECT_TRUE(cores.leaves_out(0));
  EXPECT_FALSE(cores.leaves_out(2));
  EXPECT_FALSE(cores.leaves_out(3)) << "no such constraint";
}

// A mutant surviving one question by a check and the other with none is `survived` (checked): here
// the guard strengthened (x < 4), which q1 needs (its core holds the guard) and q2 does not (x >= 0
// gives x' >= 1 from the step alone). Fails (survived_unused 1, survived 0) if a question answered
// with no check overrode a checked survival.
TEST(Theorems, ASurvivorCheckedInOneQuestionIsReportedChecked) {
  Toy t;
  const std::vector<Ask> asks = two_questions(t);
  const std::vector<FormulaMutation> mutations = section_mutations(asks);
  const std::vector<MutantVerdict> v = ask_mutants(t.c, asks, mutations, Budget{});
  EXPECT_EQ(std::count(v.begin(), v.end(), MutantVerdict::survived), 1);
  EXPECT_EQ(std::count(v.begin(), v.end(), MutantVerdict::survived_unused), 0);
}

}  // namespace
}  // namespace rulecheck::solver

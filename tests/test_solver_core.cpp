// The solver's core: constraints named by clause, the fast path for closed formulas, cores.
#include <gtest/gtest.h>

#include "solver/z3_core.hpp"

namespace rulecheck::solver {
namespace {

TEST(SolverCore, AClosedConstraintThatIsFalseIsNamedByItsClauseAndOnlyIt) {
  z3::context ctx;
  Constraints c = {{"a.true", ctx.int_val(2) + ctx.int_val(2) == ctx.int_val(4)},
                   {"b.false", ctx.int_val(3) < ctx.int_val(1)},
                   {"b.false", ctx.bool_val(false)}};
  const auto broken = falsified_if_closed(c);
  ASSERT_TRUE(broken.has_value());
  EXPECT_EQ(*broken, std::vector<std::string>{"b.false"});
}

TEST(SolverCore, AConstraintOverAFreeVariableIsNotClosed) {
  z3::context ctx;
  Constraints c = {{"x", ctx.int_const("x") > 0}};
  EXPECT_FALSE(falsified_if_closed(c).has_value());
}

TEST(SolverCore, AnUnsatCoreNamesTheClausesThatConflictWithTheFacts) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x");
  const auto r = check_named(ctx, {x == 3}, {{"x.even", x % 2 == 0}, {"x.small", x < 10}}, Budget{});
  EXPECT_EQ(r.status, Sat::unsat);
  EXPECT_EQ(r.core, std::vector<std::string>{"x.even"});
}

TEST(SolverCore, ABudgetTooSmallGivesUnknownNotAVerdict) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  // x^3 + y^3 = z^3 with positive integers: hard for Z3's nonlinear arithmetic, cut off at once.
  const auto r = check_named(ctx, {x > 0, y > 0, z > 0, x * x * x + y * y * y == z * z * z}, {}, Budget{1});
  EXPECT_EQ(r.status, Sat::unknown);
}

}  // namespace
}  // namespace rulecheck::solver

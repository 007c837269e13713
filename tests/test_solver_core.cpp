// The solver's core: constraints named by clause, the fast path for closed formulas, cores.
#include <gtest/gtest.h>

#include <signal.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "common/cancel.hpp"
#include "solver/parallel.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver {
namespace {

// n + 1 pigeons in n holes: unsat, and slow to prove for the SMT core (seconds at n = 10).
z3::expr pigeons(z3::context& ctx, int n) {
  z3::expr_vector all(ctx);
  std::vector<std::vector<z3::expr>> in(static_cast<std::size_t>(n + 1));
  for (int p = 0; p <= n; ++p) {
    z3::expr_vector some_hole(ctx);
    for (int h = 0; h < n; ++h) {
      in[static_cast<std::size_t>(p)].push_back(ctx.bool_const(("p" + std::to_string(p) + "h" + std::to_string(h)).c_str()));
      some_hole.push_back(in[static_cast<std::size_t>(p)].back());
    }
    all.push_back(z3::mk_or(some_hole));
  }
  for (int h = 0; h < n; ++h)
    for (int p = 0; p <= n; ++p)
      for (int q = p + 1; q <= n; ++q)
        all.push_back(!(in[static_cast<std::size_t>(p)][static_cast<std::size_t>(h)] &&
                        in[static_cast<std::size_t>(q)][static_cast<std::size_t>(h)]));
  return z3::mk_and(all);
}

TEST(SolverCore, ACheckAskedAfterACancelIsNotRunAndIsUnknownInterrupted) {
  z3::context ctx;
  z3::solver s = bounded_solver(ctx, Budget{});
  s.add(ctx.int_const("x") > 0);
  request_cancel();
  const CheckResult r = checked(s);
  clear_cancel();
  EXPECT_EQ(r.status, Sat::unknown);
  EXPECT_EQ(r.reason, kInterrupted);
  EXPECT_EQ(checked(s).status, Sat::sat);  // once cleared, the same question is answered
}

TEST(SolverCore, ACancelStopsACheckInFlightThroughTheContext) {
  z3::context ctx;
  z3::solver s = bounded_solver(ctx, Budget{4'000'000'000u});
  s.add(pigeons(ctx, 11));
  const auto started = std::chrono::steady_clock::now();
  std::thread canceller([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    request_cancel();
  });
  const CheckResult r = checked(s);
  canceller.join();
  clear_cancel();
  EXPECT_EQ(r.status, Sat::unknown);
  EXPECT_EQ(r.reason, kInterrupted);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

void no_op(int) {}

bool sigint_is(void (*handler)(int)) {
  struct sigaction now {};
  ::sigaction(SIGINT, nullptr, &now);
  return now.sa_handler == handler;
}

// Z3 installs its own SIGINT handler during a check unless "ctrl_c" is off; with two checks on two
// threads its handler crashed rulecheck on Ctrl-C. No solver rulecheck makes lets it.
TEST(SolverCore, NoCheckInstallsZ3sSigintHandler) {
  struct sigaction mine {}, before {};
  mine.sa_handler = no_op;
  sigemptyset(&mine.sa_mask);
  ::sigaction(SIGINT, &mine, &before);
  const std::vector<std::function<void(z3::context&)>> checks = {
      [](z3::context& ctx) {
        z3::solver s = bounded_solver(ctx, Budget{});
        s.add(pigeons(ctx, 8));
        EXPECT_EQ(checked(s).status, Sat::unsat);
      },
      [](z3::context& ctx) {
        z3::solver s = one_shot_solver(ctx, Budget{});
        s.add(pigeons(ctx, 8));
        EXPECT_EQ(checked(s).status, Sat::unsat);
      },
      [](z3::context& ctx) {
        z3::optimize o = bounded_optimize(ctx, Budget{});
        o.add(pigeons(ctx, 8));
        EXPECT_EQ(checked(o).status, Sat::unsat);
      }};
  for (const auto& check : checks) {
    std::atomic<bool> done{false}, taken{false};
    std::thread watcher([&] {
      while (!done) {
        if (!sigint_is(no_op)) taken = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    });
    z3::context ctx;
    check(ctx);
    done = true;
    watcher.join();
    EXPECT_FALSE(taken);
  }
  ::sigaction(SIGINT, &before, nullptr);
}

TEST(SolverCore, ABoardBeyondTheBoundIsRefusedSayingWhy) {
  EXPECT_FALSE(too_many_spaces(kMaxSpaces).has_value());
  EXPECT_EQ(too_many_spaces(1'000'002), "the encoding would need 1000002 spaces; the bound is 26");
}

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

TEST(SolverCore, TheOneShotSolverAlsoStopsAtItsBudget) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  z3::solver s = one_shot_solver(ctx, Budget{1});
  s.add(x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z);
  EXPECT_EQ(s.check(), z3::unknown);
}

TEST(SolverCore, TheOneShotSolverGivesAModelOfTheVariablesItSolvedAway) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  z3::solver s = one_shot_solver(ctx, Budget{});
  // y and z are defined by x (solve-eqs eliminates them); x = 4 by 2x + 1 = 9, so y = 7 and z = 11.
  s.add(y == x + 3 && z == y + x && 2 * x + 1 == 9);
  ASSERT_EQ(s.check(), z3::sat);
  const z3::model m = s.get_model();
  EXPECT_EQ(int_value(m, x), 4);
  EXPECT_EQ(int_value(m, y), 7);
  EXPECT_EQ(int_value(m, z), 11);
}

TEST(SolverCore, BrokenClausesNamesEveryClosedFalseClauseAndACoreOfTheOpenOnes) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x");
  // "closed.false" is false whatever x is; x > 5 and x < 3 cannot both hold: a core names both.
  const Broken b = broken_clauses(ctx, {}, {{"closed.true", ctx.bool_val(true)}, {"closed.false", ctx.int_val(1) > 2},
                                            {"open.big", x > 5}, {"open.small", x < 3}},
                                  Budget{});
  EXPECT_FALSE(b.unknown);
  EXPECT_EQ(b.clauses, (std::vector<std::string>{"closed.false", "open.big", "open.small"}));
}

TEST(SolverCore, BrokenClausesIsEmptyWhenSomeChoiceSatisfiesEveryClause) {
  z3::context ctx;
  z3::expr rider = ctx.int_const("rider");
  // The fact (a choice's domain) 0 <= rider <= 2 leaves rider = 2 to satisfy "open.two".
  const Broken b =
      broken_clauses(ctx, {rider >= 0 && rider <= 2}, {{"open.two", rider == 2}, {"closed", ctx.bool_val(true)}}, {});
  EXPECT_FALSE(b.unknown);
  EXPECT_TRUE(b.clauses.empty());
}

// Tasks finishing out of order (the first sleeps longest) still give their results in the tasks'
// order: task i gives 10 i, 10 i + 1, ..., (i mod 3) + 1 values.
TEST(SolverCore, TasksOnTwoThreadsGiveTheirResultsInTheTasksOrder) {
  std::vector<std::function<std::vector<int>()>> tasks;
  for (int i = 0; i < 4; ++i)
    tasks.push_back([i] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20 * (4 - i)));
      std::vector<int> out;
      for (int k = 0; k < i % 3 + 1; ++k) out.push_back(10 * i + k);
      return out;
    });
  // i = 0: one value (0); i = 1: two (10, 11); i = 2: three (20, 21, 22); i = 3: one (30).
  EXPECT_EQ(run_in_order(tasks, 2), (std::vector<int>{0, 10, 11, 20, 21, 22, 30}));
  EXPECT_EQ(run_in_order(tasks, 1), (std::vector<int>{0, 10, 11, 20, 21, 22, 30}));
}

}  // namespace
}  // namespace rulecheck::solver

// Scythe's movement: the relation the theorems prove is the one that judges engines (issue 32 item 1).
// The membership checks build a Move action over one board from the same unit-move relation
// (solver/scythe/unit_move.cpp) the theorems ask over any map; these tests hold the two builds to each
// other on boards worked out by hand, and show a misreading of the relation reaching the verdicts.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/scythe/move_action.hpp"
#include "solver/scythe/unbounded.hpp"
#include "tests/scythe_rules.hpp"

namespace rulecheck::solver::scythe {
namespace {

constexpr int kWorker = 2;

// HB-a - A - B - HB-b in a line, with C beside B and HB-c beside C. Faction "a" (index 0, the mover)
// has a mech and 2 workers on A; "b" has 2 workers on B; "c" a mech on C. Popularity a 5, b 3, c 4.
sy::State three_factions() {
  sy::State s;
  s.factions = {{"a", {5, "HB-a"}}, {"b", {3, "HB-b"}}, {"c", {4, "HB-c"}}};
  auto t = [&](const std::string& id, std::vector<std::string> adj, std::optional<std::string> home = std::nullopt) {
    sy::Territory x;
    x.adjacent = std::move(adj);
    x.home_base = std::move(home);
    x.terrain = "farm";
    s.territories[id] = x;
  };
  t("HB-a", {"A"}, "a");
  t("HB-b", {"B"}, "b");
  t("HB-c", {"C"}, "c");
  t("A", {"HB-a", "B"});
  t("B", {"A", "HB-b", "C"});
  t("C", {"B", "HB-c"});
  s.territories["A"].units["a"][sy::Unit::mech] = 1;
  s.territories["A"].units["a"][sy::Unit::worker] = 2;
  s.territories["B"].units["b"][sy::Unit::worker] = 2;
  s.territories["C"].units["c"][sy::Unit::mech] = 1;
  return s;
}

sy::Move move_of(sy::Unit unit, const std::string& from, std::vector<std::string> path, int carried = 0) {
  return {"a", {{unit, from, std::move(path), carried}}};
}

// Whether every constraint holds once folded over the concrete state (the one-board relation's verdict).
bool all_hold(const Constraints& cs) {
  for (const Named& n : cs)
    if (!n.formula.simplify().is_true()) return false;
  return true;
}

// The open relation (SortedBoard: territories a sort, the mover, two named opponents, the rest) with the
// facts of `s` asserted at the territories it names, each of the board's territories a distinct constant.
struct OpenOnBoard {
  z3::context& ctx;
  SortedBoard b;
  SortedMove m;
  Board board;
  std::vector<z3::expr> at;  // [board index]: its constant of the sort
  z3::solver solver;

  OpenOnBoard(z3::context& c, const sy::Rules& rules, const sy::State& s, const sy::UnitMove& um)
      : ctx(c),
        b(c),
        m(sorted_move(b, rules, um.unit, static_cast<int>(um.path.size()), "")),
        board(board_of(s)),
        solver(c) {
    z3::expr_vector distinct(c);
    for (int t = 0; t < board.n_territories(); ++t) {
      at.push_back(c.constant(("board_" + board.territories[t]).c_str(), b.territory));
      distinct.push_back(at.back());
    }
    solver.add(z3::distinct(distinct));
    const Position p = position_of(c, board, s);
    for (int t = 0; t < board.n_territories(); ++t) {
      for (int u = 0; u < board.n_territories(); ++u)
        solver.add(b.adjacent(at[t], at[u]) == c.bool_val(board.adjacent[t][u]));
      solver.add(b.is_home(at[t]) == c.bool_val(board.home_of[t] != kNobody));
      if (board.home_of[t] != kNobody) solver.add(b.home_of(at[t]) == board.home_of[t]);
      solver.add(b.encounter(at[t]) == c.bool_val(board.encounter[t]) && b.held(at[t]) == p.held_by[t]);
      solver.add(b.combat_pending(at[t]) == p.combat_pending[t] &&
                 b.encounter_pending(at[t]) == p.encounter_pending[t]);
      for (int f = 0; f < kFactions; ++f)
        for (int k = 0; k < 3; ++k)
          solver.add(b.count(k, at[t], f) == (f < board.n_factions() ? p.units[t][f][k] : c.int_val(0)));
      solver.add(b.rest_factions(at[t]) == 0 && !b.rest_holder_workers(at[t]) && !b.rest_holder_combat(at[t]));
    }
    for (int f = 0; f < kNamed; ++f) {
      solver.add(b.popularity[f] == p.popularity[f]);
      solver.add(b.home_base[f] == at[board.home_base[f]]);
    }
    solver.add(m.from == at[board.territory_index.at(um.from)] && m.carried == um.carried_workers);
    for (std::size_t i = 0; i < um.path.size(); ++i) solver.add(m.path[i] == at[board.territory_index.at(um.path[i])]);
    solver.add(b.any == at[0]);
    solver.add(b.well_formed(rules, m.named(b)) && m.abstraction);
  }

  // Whether the relation allows the move on this board.
  bool legal() {
    solver.push();
    solver.add(m.premises);
    const bool sat = solver.check() == z3::sat;
    solver.pop();
    return sat;
  }

  // Whether the relation fixes `value` for what `after` reads at every board territory, faction, kind.
  bool after_is(const Position& next) {
    z3::expr same = ctx.bool_val(true);
    for (int t = 0; t < board.n_territories(); ++t)
      for (int f = 0; f < board.n_factions(); ++f)
        for (int k = 0; k < 3; ++k) same = same && m.units_after(k, at[t], f) == next.units[t][f][k];
    for (int f = 0; f < board.n_factions(); ++f) same = same && m.popularity_after(f) == next.popularity[f];
    solver.push();
    solver.add(m.premises && !same);
    const bool only = solver.check() == z3::unsat;
    solver.pop();
    return only;
  }
};

// The one-board build and the open build with the board's facts asserted give the same verdict and, for a
// legal move, the same next position. Without the one-board sight reading the board as the open one does
// (a count, a holder, a home base read from another territory or faction), the two would part.
void expect_same_question(const sy::Rules& rules, const sy::State& s, const sy::Move& mv, bool legal) {
  z3::context ctx;
  const Board board = board_of(s);
  const auto steps = steps_of(ctx, board, mv);
  ASSERT_TRUE(steps.has_value());
  const Encoded e = move_action(ctx, rules, board, position_of(ctx, board, s), 0, *steps);
  // One unit move: the action adds only the range and units-per-action, which hold here.
  EXPECT_EQ(all_hold(e.legal), legal);
  OpenOnBoard open(ctx, rules, s, mv.moves[0]);
  EXPECT_EQ(open.legal(), legal);
  if (legal) {
    EXPECT_TRUE(open.after_is(e.next));
  }
}

TEST(SolverScytheOneRelation, AMechCarryingAWorkerOntoTwoOpponentWorkersIsTheSameQuestionOnTheBoardAndOverAnyMap) {
  // a's mech carries 1 worker A -> B onto b's 2 workers (b controls B with workers alone): the mech stops
  // on B (scythe.move.workers-stop), both b workers go to HB-b (scythe.move.workers-retreat), a pays 1
  // popularity per worker: 5 - 2 * 1 = 3 (scythe.move.popularity-loss).
  const sy::Rules rules = rulecheck::testing::scythe_base_rules();
  expect_same_question(rules, three_factions(), move_of(sy::Unit::mech, "A", {"B"}, 1), true);
  z3::context ctx;
  const sy::State s = three_factions();
  const Board board = board_of(s);
  const Encoded e = move_action(ctx, rules, board, position_of(ctx, board, s), 0,
                                *steps_of(ctx, board, move_of(sy::Unit::mech, "A", {"B"}, 1)));
  const int B = board.territory_index.at("B"), hb = board.territory_index.at("HB-b");
  EXPECT_EQ(e.next.units[B][0][1].simplify().get_numeral_int(), 1);
  EXPECT_EQ(e.next.units[B][0][kWorker].simplify().get_numeral_int(), 1);
  EXPECT_EQ(e.next.units[hb][1][kWorker].simplify().get_numeral_int(), 2);
  EXPECT_EQ(e.next.popularity[0].simplify().get_numeral_int(), 3);
}

TEST(SolverScytheOneRelation, IllegalMovesAreIllegalInBothBuilds) {
  const sy::Rules rules = rulecheck::testing::scythe_base_rules();
  // Three riders where two workers stand (scythe.move.unit-present).
  expect_same_question(rules, three_factions(), move_of(sy::Unit::mech, "A", {"B"}, 3), false);
  // A worker by itself into B, which b controls with workers (scythe.move.worker-blocked-by-workers).
  expect_same_question(rules, three_factions(), move_of(sy::Unit::worker, "A", {"B"}), false);
  // The mech on through B, where it had to stop, to C (must-end: scythe.move.workers-stop).
  expect_same_question(rules, three_factions(), move_of(sy::Unit::mech, "A", {"B", "C"}), false);
  // Into a home base (scythe.move.home-base).
  expect_same_question(rules, three_factions(), move_of(sy::Unit::mech, "A", {"HB-a"}), false);
}

TEST(SolverScytheOneRelation, AMisreadingTheTheoremsAreAskedUnderChangesWhatJudgesEngines) {
  // c's mech on C: a worker of a's cannot walk B -> C (scythe.move.worker-blocked-by-combat-units). Under
  // the misreading a worker may enter where an opponent's mech stands, the one-board relation allows it:
  // the membership check reads the code the theorems' mutants change. Would fail (the misread move still
  // refused) were the one-board build code of its own, as encoding.cpp was.
  sy::State s = three_factions();
  s.territories["B"].units.clear();
  s.territories["B"].units["a"][sy::Unit::worker] = 1;
  const sy::Rules rules = rulecheck::testing::scythe_base_rules();
  z3::context ctx;
  const Board board = board_of(s);
  const auto steps = *steps_of(ctx, board, move_of(sy::Unit::worker, "B", {"C"}));
  const Position before = position_of(ctx, board, s);
  EXPECT_FALSE(all_hold(move_action(ctx, rules, board, before, 0, steps).legal));
  EXPECT_TRUE(all_hold(move_action(ctx, rules, board, before, 0, steps, nullptr, misread::kWorkerIntoCombat).legal));
}

}  // namespace
}  // namespace rulecheck::solver::scythe

// A theorem of Scythe's movement relation about control, as the queries read it (board.hpp controller,
// the definition the moves' stops and the queries share): a character or mech that ends its move on a
// territory where no opponent had a character or mech leaves the mover in control of it. The claim reads
// the board before, the move's path and the unit counts after, never the relation's own definitions; no
// constraint of the relation asserts it: it follows from the workers' stop and retreat
// (scythe.move.workers-stop, scythe.move.workers-retreat) and who holds a shared territory
// (scythe.move.combat-temporary-control), so dropping or moving one of them can refute it.
#include <algorithm>

#include <fmt/format.h>

#include "solver/scythe/board.hpp"
#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

constexpr int kWorker = 2;

// Some opponent (named or the rest) has a character or mech on `t` before the move.
z3::expr opponent_combat_before(const SortedBoard& b, const z3::expr& t) {
  z3::expr any = b.c.bool_val(false);
  for (int o = 1; o < kFactions; ++o) any = any || b.combat(t, o) >= 1;
  return any;
}

// Some opponent had workers on `t` before the move.
z3::expr opponent_workers_before(const SortedBoard& b, const z3::expr& t) {
  z3::expr any = b.c.bool_val(false);
  for (int o = 1; o < kFactions; ++o) any = any || b.count(kWorker, t, o) >= 1;
  return any;
}

// The moving unit (of kind `moving`) ended its move on `t`: the mover has one more of that kind there after.
z3::expr ended_on(const SortedBoard& b, const SortedMove& m, const z3::expr& t) {
  const int moving = static_cast<int>(m.unit);
  return m.units_after(moving, t, kMover) > b.count(moving, t, kMover);
}

// Who controls `t` after the move (board.hpp controller): the factions with units there after, the holder
// of a shared territory as before (a unit move names no new holder: the action does, on a combat).
z3::expr controller_after(const SortedBoard& b, const SortedMove& m, const z3::expr& t) {
  std::vector<z3::expr> there;
  for (int f = 0; f < kFactions; ++f) {
    const z3::expr units = m.units_after(0, t, f) + m.units_after(1, t, f) + m.units_after(kWorker, t, f);
    there.push_back(units >= 1);
  }
  return controller(there, b.held(t), kNobody);
}

// The format's rule on the territories of the path: where factions share one before the move, its holder
// is one of them, with units there (a board's held_by; unbounded.hpp leaves it open between two unit moves).
z3::expr holder_there(const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (const z3::expr& t : m.path) {
    z3::expr present = b.c.int_val(0), holder = b.c.bool_val(false);
    for (int f = 0; f < kFactions; ++f) {
      present = present + z3::ite(b.present(t, f), b.c.int_val(1), b.c.int_val(0));
      holder = holder || (b.held(t) == f && b.present(t, f));
    }
    const z3::expr sharing = present >= 2 || b.rest_factions(t) >= 2;
    // The rest's faction holding it has units there (unbounded.hpp: the rest's holder's workers or combat units).
    ok = ok && z3::implies(sharing, holder) &&
         z3::implies(sharing && b.held(t) == kRest, b.rest_holder_workers(t) || b.rest_holder_combat(t));
  }
  return ok;
}

}  // namespace

std::vector<Theorem<sy::Rules>> control_theorems(const sy::Rules& rules) {
  Theorem<sy::Rules> t;
  t.id = "scythe.move.mover-controls-where-it-ends";
  t.claim =
      "a character or mech that ends its move on a territory where no opponent had a character or mech before the "
      "move leaves its faction in control of that territory (who controls it as the controller query answers)";
  t.covers = fmt::format(
      "boards of any size (territories an uninterpreted sort, any number of factions as the mover, two named "
      "opponents and the rest; where factions share a territory of the path, one of them holds it); each unit move "
      "of a character or a mech (with any riders) along any path of 1 to {} steps, under both readings of "
      "scythe.stop-path",
      std::max(longest_path(rules, sy::Unit::character), longest_path(rules, sy::Unit::mech)));
  t.clauses = {"scythe.move.workers-stop", "scythe.move.workers-retreat", "scythe.move.combat-temporary-control"};
  t.exercised_words = "the unit ends its move on a territory where an opponent had workers before the move";
  t.reachable_invariants = reachable_words();
  const MoveClaim claim = [](const SortedBoard& b, const SortedMove& m) {
    z3::expr ok = b.c.bool_val(true);
    for (const z3::expr& at : m.path)
      ok = ok && z3::implies(ended_on(b, m, at) && !opponent_combat_before(b, at), controller_after(b, m, at) == kMover);
    return ok;
  };
  const MoveClaim exercised = [](const SortedBoard& b, const SortedMove& m) {
    z3::expr some = b.c.bool_val(false);
    for (const z3::expr& at : m.path)
      some = some || (ended_on(b, m, at) && !opponent_combat_before(b, at) && opponent_workers_before(b, at));
    return some;
  };
  const MoveClaim premises = [](const SortedBoard& b, const SortedMove& m) { return holder_there(b, m); };
  t.asks = [claim, exercised, premises](z3::context& ctx, const sy::Rules& text, const RuleEdit<sy::Rules>& edit) {
    return move_asks(ctx, text, relation_rules(edit, text), premises, claim, exercised,
                     {sy::Unit::character, sy::Unit::mech});
  };
  return {t};
}

}  // namespace rulecheck::solver::scythe

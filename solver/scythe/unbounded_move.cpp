// The board of the movement theorems (unbounded.hpp SortedBoard): territories an uninterpreted sort,
// the mover, two named opponents and the rest; what the relation (unit_move.cpp, move_relation.hpp)
// reads of it, and the position each question assumes. A question is one unit move of an action of
// any number: the range (the question's path length stands for it), once-per-action and
// units-per-action are the action's (move_action.cpp over one board), so the moves covered are a
// superset of the legal ones. A unit move sets no combat pending: the action's end does
// (action_end_pending). The holder of a shared territory after the move is not written: no claim here
// speaks of it, a unit that meets a combat stops there, so no later step of its path reads it, and no
// question assumes a holder present (SortedBoard::well_formed), so a later unit move reads any.
#include <algorithm>

#include <fmt/format.h>

#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

namespace mr = misread;
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;

}  // namespace

SortedBoard::SortedBoard(z3::context& ctx)
    : c(ctx),
      territory(ctx.uninterpreted_sort("Territory")),
      units(ctx),
      held(ctx.function("held_by", territory, ctx.int_sort())),
      rest_factions(ctx.function("rest_factions", territory, ctx.int_sort())),
      rest_holder_workers(ctx.function("rest_holder_workers", territory, ctx.bool_sort())),
      rest_holder_combat(ctx.function("rest_holder_combat", territory, ctx.bool_sort())),
      combat_pending(ctx.function("combat_pending", territory, ctx.bool_sort())),
      encounter_pending(ctx.function("encounter_pending", territory, ctx.bool_sort())),
      encounter(ctx.function("encounter_token", territory, ctx.bool_sort())),
      is_home(ctx.function("is_home_base", territory, ctx.bool_sort())),
      adjacent(ctx.function("adjacent", territory, territory, ctx.bool_sort())),
      home_of(ctx.function("home_base_of", territory, ctx.int_sort())),
      any(ctx.constant("any_territory", territory)) {
  for (int f = 0; f < kFactions; ++f) {
    for (const char* kind : {"characters", "mechs", "workers"}) {
      const std::string name = f == kRest ? fmt::format("{}_rest", kind) : fmt::format("{}_{}", kind, f);
      units.push_back(ctx.function(name.c_str(), territory, ctx.int_sort()));
    }
    if (f == kRest) continue;
    popularity.push_back(ctx.int_const(fmt::format("popularity_{}", f).c_str()));
    home_base.push_back(ctx.constant(fmt::format("home_base_{}", f).c_str(), territory));
  }
}

z3::expr SortedBoard::combat(const z3::expr& at, int who) const {
  return count(kCharacter, at, who) + count(kMech, at, who);
}

z3::expr SortedBoard::present(const z3::expr& at, int who) const {
  return combat(at, who) + count(kWorker, at, who) >= 1;
}

z3::expr SortedBoard::well_formed(const sy::Rules& rules, const std::vector<z3::expr>& named) const {
  const auto& n = rules.numbers;
  z3::expr ok = c.bool_val(true);
  for (int f = 0; f < kNamed; ++f) {
    ok = ok && popularity[f] >= n.popularity_min && popularity[f] <= n.popularity_max;
    ok = ok && is_home(home_base[f]) && home_of(home_base[f]) == f;
  }
  for (std::size_t i = 0; i < named.size(); ++i) {
    const z3::expr& t = named[i];
    for (int f = 0; f < kFactions; ++f)
      for (int k = 0; k < 3; ++k) ok = ok && count(k, t, f) >= 0;
    for (int f = 0; f < kNamed; ++f) {
      ok = ok && count(kCharacter, t, f) <= 1;
      for (std::size_t j = 0; j < i; ++j)
        ok = ok && z3::implies(count(kCharacter, t, f) >= 1 && count(kCharacter, named[j], f) >= 1, t == named[j]);
    }
    // The rest: each of its factions there has a unit there, and one character at most.
    const z3::expr factions = rest_factions(t);
    ok = ok && factions >= 0 && (factions >= 1) == present(t, kRest);
    ok = ok && factions <= combat(t, kRest) + count(kWorker, t, kRest) && count(kCharacter, t, kRest) <= factions;
    // What the rest's holder has there is the rest's. Where factions share, the holder is not asked to
    // be one of them: within a Move action (a state between two unit moves) no claim proves it, so
    // control there is any faction's (a superset of the positions).
    ok = ok && z3::implies(rest_holder_workers(t), count(kWorker, t, kRest) >= 1) &&
         z3::implies(rest_holder_combat(t), combat(t, kRest) >= 1);
  }
  return ok;
}

z3::expr SortedBoard::a_game_of_the_named(const std::vector<z3::expr>& named) const {
  z3::expr game = c.bool_val(true);
  for (const z3::expr& t : named) {
    for (int k = 0; k < 3; ++k) game = game && count(k, t, kRest) == 0;
    z3::expr factions = c.int_val(0), holder_present = c.bool_val(false);
    for (int f = 0; f < kNamed; ++f) {
      factions = factions + z3::ite(present(t, f), c.int_val(1), c.int_val(0));
      holder_present = holder_present || (held(t) == f && present(t, f));
    }
    game = game && z3::implies(factions >= 2, holder_present);
  }
  return game;
}

std::vector<z3::expr> SortedMove::named(const SortedBoard& b) const {
  std::vector<z3::expr> out = {from};
  out.insert(out.end(), path.begin(), path.end());
  out.insert(out.end(), b.home_base.begin(), b.home_base.end());
  out.push_back(b.any);
  return out;
}

int longest_path(const sy::Rules& rules, sy::Unit unit) {
  const auto it = rules.numbers.move_range.find(unit);
  return std::max(2, it == rules.numbers.move_range.end() ? 0 : it->second);
}

z3::expr action_end_pending(const SortedBoard& b, const z3::expr& at, const std::string& misreading) {
  if (misreading == mr::kNoCombatPending) return b.combat_pending(at);
  const z3::expr mover =
      misreading == mr::kPendingOnlyCharacter ? b.count(kCharacter, at, kMover) : b.combat(at, kMover);
  z3::expr opposed = b.c.bool_val(false);
  for (int o = 1; o < kFactions; ++o) opposed = opposed || b.combat(at, o) >= 1;
  return b.combat_pending(at) || (mover >= 1 && opposed);
}

MoveSight SortedBoard::sight() const {
  MoveSight s;
  s.c = &c;
  s.open = true;
  s.mover = kMover;
  s.opponents = {1, 2, kRest};
  s.rest = kRest;
  const SortedBoard& b = *this;
  s.count = [b](int kind, const z3::expr& at, int who) { return b.count(kind, at, who); };
  s.held = [b](const z3::expr& at) { return b.held(at); };
  s.is_home = [b](const z3::expr& at) { return b.is_home(at); };
  s.home_of = [b](const z3::expr& at) { return b.home_of(at); };
  s.encounter = [b](const z3::expr& at) { return b.encounter(at); };
  s.combat_pending = [b](const z3::expr& at) { return b.combat_pending(at); };
  s.encounter_pending = [b](const z3::expr& at) { return b.encounter_pending(at); };
  s.adjacent = [b](const z3::expr& x, const z3::expr& y) { return b.adjacent(x, y); };
  s.home_base = [b](int who) { return b.home_base[static_cast<std::size_t>(who)]; };
  s.popularity = [b](int who) { return b.popularity[static_cast<std::size_t>(who)]; };
  s.rest_factions = [b](const z3::expr& at) { return b.rest_factions(at); };
  s.rest_holder_workers = [b](const z3::expr& at) { return b.rest_holder_workers(at); };
  s.rest_holder_combat = [b](const z3::expr& at) { return b.rest_holder_combat(at); };
  s.rest_home = [b](const z3::expr& at) { return b.rest_home(at); };
  s.also_named = home_base;
  s.also_named.push_back(any);
  return s;
}

SortedMove sorted_move(const SortedBoard& b, const sy::Rules& rules, sy::Unit unit, int steps,
                       const std::string& misreading) {
  std::vector<z3::expr> path;
  for (int i = 0; i < steps; ++i) path.push_back(b.c.constant(fmt::format("step{}", i + 1).c_str(), b.territory));
  return unit_move(b.sight(), rules, unit, b.c.constant("from", b.territory), path, b.c.int_const("carried"), misreading);
}

}  // namespace rulecheck::solver::scythe

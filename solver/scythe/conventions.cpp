#include "solver/scythe/conventions.hpp"

namespace rulecheck::solver::scythe {

Constraints conventions(z3::context& ctx, const Board& b, const Position& next, const Position& after) {
  Constraints out;
  for (int t = 0; t < b.n_territories(); ++t) {
    z3::expr first = ctx.int_val(kNobody);  // the first faction by name with units on t after the move
    for (int f = b.n_factions() - 1; f >= 0; --f) first = Fold::ite(present(next, t, f), ctx.int_val(f), first);
    const z3::expr sharing = Fold::ge(factions_present(ctx, b, next, t), ctx.int_val(2));
    z3::expr holder_there = ctx.bool_val(false);
    for (int f = 0; f < b.n_factions(); ++f)
      holder_there = Fold::lor(holder_there, Fold::land(Fold::eq(next.held_by[t], ctx.int_val(f)), present(next, t, f)));
    const z3::expr holder_left = Fold::lnot(holder_there);
    out.push_back({"scythe.convention.holder-leaves-shared",
                   Fold::implies(Fold::land(sharing, holder_left), Fold::eq(after.held_by[t], first))});
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

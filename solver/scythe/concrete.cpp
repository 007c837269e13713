// The movement theorems' abstraction checked on small concrete maps (concrete.hpp).
#include "solver/scythe/concrete.hpp"

#include <fmt/format.h>

namespace rulecheck::solver::scythe {

namespace {

constexpr int kWorker = 2;

// The constants the relation's questions name (unbounded_move.cpp, SortedBoard): the start, the path's
// steps (up to the longest range a ruleset may give), the named home bases and `any`.
std::vector<z3::expr> named_constants(z3::context& ctx, const SortedBoard& b) {
  std::vector<z3::expr> out = {ctx.constant("from", b.territory), b.any};
  for (int i = 1; i <= sy::Ruleset::kMostMoveRange; ++i)
    out.push_back(ctx.constant(fmt::format("step{}", i).c_str(), b.territory));
  out.insert(out.end(), b.home_base.begin(), b.home_base.end());
  return out;
}

bool adjacent_in(const SmallMap& map, int a, int b) {
  const int n = map.factions;
  if (a == b) return false;
  if (a < n || b < n) {  // a home base and its inner territory
    const int home = a < n ? a : b, other = a < n ? b : a;
    return other >= n && other - n == home % map.inner;
  }
  for (const auto& [x, y] : map.edges)
    if ((a - n == x && b - n == y) || (a - n == y && b - n == x)) return true;
  return false;
}

// The facts of `map` about board `b`.
z3::expr map_facts(z3::context& ctx, const sy::Rules& rules, const SortedBoard& b, const SmallMap& map) {
  const int count = map.factions + map.inner;
  std::vector<z3::expr> ts;
  z3::expr_vector distinct(ctx);
  for (int i = 0; i < count; ++i) {
    ts.push_back(ctx.constant(fmt::format("map_territory{}", i).c_str(), b.territory));
    distinct.push_back(ts.back());
  }
  z3::expr facts = z3::distinct(distinct);
  for (const z3::expr& x : named_constants(ctx, b)) {
    z3::expr one_of = ctx.bool_val(false);
    for (const z3::expr& t : ts) one_of = one_of || x == t;
    facts = facts && one_of;
  }
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) facts = facts && b.adjacent(ts[i], ts[j]) == ctx.bool_val(adjacent_in(map, i, j));
  for (int i = 0; i < count; ++i) {
    const bool home = i < map.factions;
    facts = facts && b.is_home(ts[i]) == ctx.bool_val(home);
    if (home) facts = facts && b.home_of(ts[i]) == (i < kNamed ? i : kRest);
  }
  for (int f = 0; f < kNamed; ++f) facts = facts && b.home_base[f] == ts[f];
  facts = facts && b.well_formed(rules, ts);
  for (const z3::expr& t : ts) {
    // The rest: none (3 factions) or one faction (4), whose units its sums are.
    if (map.factions == 3) {
      for (int k = 0; k < 3; ++k) facts = facts && b.count(k, t, kRest) == 0;
      facts = facts && b.held(t) != kRest;
    } else {
      facts = facts && b.count(0, t, kRest) <= 1 &&
              b.rest_holder_workers(t) == (b.count(kWorker, t, kRest) >= 1) &&
              b.rest_holder_combat(t) == (b.combat(t, kRest) >= 1);
    }
    // Where factions share a territory, one of them holds it.
    z3::expr factions = ctx.int_val(0), holder_present = ctx.bool_val(false);
    for (int f = 0; f < kFactions; ++f) {
      factions = factions + z3::ite(b.present(t, f), ctx.int_val(1), ctx.int_val(0));
      holder_present = holder_present || (b.held(t) == f && b.present(t, f));
    }
    facts = facts && z3::implies(factions >= 2, holder_present);
  }
  // One character per faction on the whole map (well_formed says it of the named factions).
  if (map.factions == 4)
    for (std::size_t i = 0; i < ts.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        facts = facts && !(b.count(0, ts[i], kRest) >= 1 && b.count(0, ts[j], kRest) >= 1);
  return facts;
}

}  // namespace

std::vector<SmallMap> small_maps() {
  return {
      {"3 factions, 3 inner territories in a line", 3, 3, {{0, 1}, {1, 2}}},
      {"3 factions, 3 inner territories in a triangle", 3, 3, {{0, 1}, {1, 2}, {0, 2}}},
      {"4 factions, 3 inner territories in a line", 4, 3, {{0, 1}, {1, 2}}},
      {"4 factions, 3 inner territories in a triangle", 4, 3, {{0, 1}, {1, 2}, {0, 2}}},
  };
}

std::vector<Ask> on_map(z3::context& ctx, const sy::Rules& rules, const std::vector<Ask>& asks, const SmallMap& map) {
  const SortedBoard b(ctx);
  const z3::expr facts = map_facts(ctx, rules, b, map);
  std::vector<Ask> out;
  for (const Ask& a : asks) out.push_back({a.name + " on " + map.name, a.premises && facts, a.relation, a.claim, a.exercised});
  return out;
}

}  // namespace rulecheck::solver::scythe

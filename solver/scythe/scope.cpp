#include "solver/scythe/scope.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/misreading.hpp"

namespace rulecheck::solver::scythe {

const char* const kScopeWords =
    "on the map HB-red - A - B - HB-blue with C beside A and B (an encounter token on B or none), every count, "
    "popularity, holder and pending flag symbolic; each single unit move of red along every path of 1 or 2 steps "
    "from HB-red, A, B or C (into home bases too), each unit kind (a mech carrying any number of workers), under "
    "the ruleset's move ranges and again with every range at least 2";

namespace {

// The map: HB-red - A - B - HB-blue, and C beside both A and B; an encounter token on B when asked.
sy::State scope_map(bool encounter) {
  sy::State s;
  s.factions["red"] = sy::Faction{0, "HB-red"};
  s.factions["blue"] = sy::Faction{0, "HB-blue"};
  s.territories["HB-red"] = sy::Territory{{"A"}, "red", "home-base", {}, {}, false, {}, {}};
  s.territories["HB-blue"] = sy::Territory{{"B"}, "blue", "home-base", {}, {}, false, {}, {}};
  s.territories["A"] = sy::Territory{{"HB-red", "B", "C"}, {}, "farm", {}, {}, false, {}, {}};
  s.territories["B"] = sy::Territory{{"A", "HB-blue", "C"}, {}, "forest", {}, {}, encounter, {}, {}};
  s.territories["C"] = sy::Territory{{"A", "B"}, {}, "village", {}, {}, false, {}, {}};
  return s;
}

// Every path of 1 or 2 steps from `from` that does not come back to where it started.
std::vector<std::vector<int>> paths_from(const Board& b, int from) {
  std::vector<std::vector<int>> out;
  for (int u = 0; u < b.n_territories(); ++u) {
    if (!b.adjacent[from][u]) continue;
    out.push_back({u});
    for (int v = 0; v < b.n_territories(); ++v)
      if (b.adjacent[u][v] && v != from) out.push_back({u, v});
  }
  return out;
}

sy::Rules with_ranges_at_least_2(sy::Rules rules) {
  for (auto& [unit, range] : rules.numbers.move_range) range = std::max(range, 2);
  return rules;
}

// The move's legality conditions, less those the misreading leaves out.
z3::expr legal_under(z3::context& ctx, const Encoded& e, const Budget& budget) {
  const Misreading* m = budget.misreading;
  z3::expr all = ctx.bool_val(true);
  for (const auto& c : e.legal)
    if (!(m && m->drops(c.clause, Misreading::Part::conditions))) all = all && c.formula;
  return all;
}

// Under a misreading of a clause's effect, the next position is free but for the effect equations
// of the other clauses (effects() in move_action.hpp): what that clause decides, anything goes.
void misread_effect(ScopeMove& move, const Budget& budget, int mover) {
  const Misreading* m = budget.misreading;
  if (!m || m->part != Misreading::Part::effect) return;
  const ScopeMap& on = move.on;
  const Position after = free_position(on.ctx, on.board, "after");
  for (const auto& c : effects(on.ctx, on.rules, on.board, on.before, move.encoded, after, mover))
    if (!m->drops(c.clause, Misreading::Part::effect)) on.solver.add(c.formula);
  move.encoded.next = after;
}

}  // namespace

void for_each_scope_move(const sy::Rules& rules, const Budget& budget, const std::function<bool(ScopeMap&)>& on_map,
                         const std::function<bool(ScopeMove&)>& on_move) {
  for (const sy::Rules& r : {rules, with_ranges_at_least_2(rules)})
    for (bool encounter : {false, true}) {
      const sy::State map = scope_map(encounter);
      const Board b = board_of(map);
      const int red = b.faction_index.at("red");
      z3::context ctx;  // one per map: a valid position, then each move pushed in turn
      const Position before = free_position(ctx, b, "s");
      const z3::expr carried = ctx.int_const("carried");
      z3::solver s = one_shot_solver(ctx, budget);
      for (const auto& v : valid_position(ctx, r, b, before)) s.add(v);
      ScopeMap on{ctx, r, map, b, before, s};
      if (!on_map(on)) return;
      for (const char* start : {"HB-red", "A", "B", "C"}) {
        const int from = b.territory_index.at(start);
        for (const auto& path : paths_from(b, from))
          for (sy::Unit unit : sy::kUnits) {
            const z3::expr load = unit == sy::Unit::mech ? carried : ctx.int_val(0);
            const UnitStep step{unit, from, path, load};
            ScopeMove move{on, step, move_action(ctx, r, b, before, red, {step}), load};
            s.push();
            const int dropped_before = budget.misreading ? budget.misreading->dropped.load() : 0;
            for (const auto& c : move.encoded.choices) s.add(c);
            s.add(legal_under(ctx, move.encoded, budget));
            misread_effect(move, budget, red);
            // A move the misreading leaves as it was is the encoding's own, already proved: not asked again.
            const bool unchanged = budget.misreading && budget.misreading->dropped.load() == dropped_before;
            const bool go_on = unchanged || on_move(move);
            s.pop();
            if (!go_on) return;
          }
      }
    }
}

std::string move_in_words(const ScopeMove& m) {
  std::vector<sy::TerritoryId> ids;
  for (int t : m.step.path) ids.push_back(m.on.board.territories[t]);
  return fmt::format("a {} move from {} along {}", sy::unit_name(m.step.unit), m.on.board.territories[m.step.from],
                     fmt::join(ids, " -> "));
}

sy::Move move_of(const ScopeMove& m, const z3::model& model) {
  std::vector<sy::TerritoryId> ids;
  for (int t : m.step.path) ids.push_back(m.on.board.territories[t]);
  const int carried = m.step.unit == sy::Unit::mech ? int_value(model, m.carried) : 0;
  return sy::Move{"red", {{m.step.unit, m.on.board.territories[m.step.from], ids, carried}}};
}

}  // namespace rulecheck::solver::scythe

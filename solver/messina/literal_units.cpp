// The literal encoding of the Muster page's unit steps (rules/messina muster page, paragraphs 2 to 6,
// and the Location Card page's sentences on mustering onto cards and a location's total): building
// units (where, high tech, stacking, cost, Spare tokens), equipping Civilians, and disbanding, each as
// loosely as its words allow (literal_frame.hpp; the search over it is literal.cpp).
#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "solver/messina/literal_frame.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

using ms::Piece;

// A place of the board: a map space (false), or the Location Card named after it (true).
using Place = std::pair<int, bool>;

constexpr std::size_t kCivilian = static_cast<std::size_t>(Piece::civilian);
constexpr std::size_t kInfantry = static_cast<std::size_t>(Piece::infantry);

z3::expr total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// `f`'s units of kind k at a place (on a card: only when `f` holds it).
z3::expr units_of(const SymBoard& b, int f, const Place& at, std::size_t k) {
  const SymSpace& sp = b.spaces[static_cast<std::size_t>(at.first)];
  if (!at.second) return sp.units[static_cast<std::size_t>(f)][k];
  return z3::ite(sp.card_holder == f, sp.card_units[k], b.ctx().int_val(0));
}

z3::expr& slot(SymBoard& b, int f, const Place& at, std::size_t k) {
  SymSpace& sp = b.spaces[static_cast<std::size_t>(at.first)];
  return at.second ? sp.card_units[k] : sp.units[static_cast<std::size_t>(f)][k];
}

// messina.muster.stacking counts the units on a map space; whose units count is
// messina.stacking-scope (every faction's, or the builder's own).
z3::expr on_map(const SymBoard& b, int s, int f, Freedoms& v) {
  const SymSpace& sp = b.spaces[static_cast<std::size_t>(s)];
  z3::expr all = b.ctx().int_val(0);
  for (const auto& units : sp.units) all = all + total(units);
  return z3::ite(v.reading("messina.stacking-scope", kStacking) == 0, all,
                 total(sp.units[static_cast<std::size_t>(f)]));
}

// The Friendly Area condition at a place: a map space's membership; a card's under
// messina.card-in-area (with its space, or any card the builder holds).
z3::expr in_area(const std::vector<z3::expr>& area, const Place& at, Freedoms& v) {
  const z3::expr space = area[static_cast<std::size_t>(at.first)];
  if (!at.second) return space;
  return v.reading("messina.card-in-area", kMusterOnto) == 1 || space;
}

// messina.muster.no-build-disband under messina.build-disband: which builds a disband rules out. The
// action alone decides each reading (closed formulas); the reading is free.
z3::expr build_disband_allowed(z3::context& ctx, const ms::Muster& a, Freedoms& v) {
  if (a.disband.empty()) return ctx.bool_val(true);
  bool pairs_ok = true;  // move-or-convert: only a build and a disband of one kind at one place pair
  for (const auto& built : a.builds)
    for (const auto& gone : a.disband) pairs_ok = pairs_ok && built.where == gone.where && built.piece == gone.piece;
  const z3::expr r = v.reading("messina.build-disband", kNoBuildDisband);
  return z3::ite(r == 0, ctx.bool_val(a.builds.empty() && a.equip.empty()),
                 z3::ite(r == 1, ctx.bool_val(a.builds.empty()), ctx.bool_val(pairs_ok)));
}

}  // namespace

bool unit_steps_encoded(const ms::Muster& a) {
  return std::none_of(a.disband.begin(), a.disband.end(), [](const ms::PieceCount& d) { return d.piece == Piece::worker; });
}

void unit_ops(const SymBoard& pre, int f, const ms::Muster& a, Freedoms& v, const ms::Rules& rules,
              const Stated& stated, LiteralStep& step, int& energy) {
  z3::context& ctx = pre.ctx();
  Constraints& c = step.conditions;
  const auto area = friendly_area(pre, f, ms::Activity::muster, rules);
  const ms::FactionKind kind = pre.factions[static_cast<std::size_t>(f)].kind;
  const int map_limit = rules.numbers.stacking_map, card_limit = rules.numbers.stacking_card;

  c.push_back({kNoBuildDisband, build_disband_allowed(ctx, a, v)});

  // ---- builds: where each may stand, and what it costs ----
  std::map<Place, std::array<int, kKinds>> built;
  int tokens = 0;
  for (const auto& b : a.builds) {
    const int s = pre.space_index(b.where.space);
    // messina.population.placement.workers: Workers enter at Industry; the Muster's table builds none.
    if (b.piece == Piece::worker) {
      c.push_back({kWorkersPlaced, ctx.bool_val(false)});
      continue;
    }
    const Place at{s, b.where.on_card};
    if (at.second) {
      // messina.cards.muster-onto: onto a card its holder holds, under the map's circumstances.
      c.push_back({kMusterOnto, pre.spaces[static_cast<std::size_t>(s)].card_holder == f});
      // messina.cards.capacity speaks of Military Units on a card: whether a Civilian is one of them
      // (may go onto a card) the sentence does not say.
      if (b.piece == Piece::civilian)
        c.push_back({kCapacity, !v.open("civilian-not-military", kCapacity,
                                        "whether a Civilian is left out of the Military Units a card may carry")});
    }
    // messina.muster.friendly-area: built in the builder's Friendly Area.
    c.push_back({kArea, in_area(area, at, v)});
    // messina.muster.high-tech: a unit costing the threshold or more stands at a high-tech site too.
    if (rules.numbers.unit(b.piece).cost >= rules.numbers.high_tech_min_cost)
      c.push_back({kHighTech, high_tech_site(pre, f, s, v)});
    auto& counts = built[at];  // zeros on first use
    counts[static_cast<std::size_t>(b.piece)] += b.count;
    // messina.muster.unit-table, .energy and .population: the cost in Energy, one Spare token per
    // unit the table commits.
    energy += b.count * rules.numbers.unit(b.piece).cost;
    tokens += b.count * tokens_per_unit(rules.numbers, kind, b.piece);
  }

  // ---- stacking, per place built on ----
  std::map<int, int> added_at;  // per space: the units built on its map space and on its card together
  for (const auto& [at, counts] : built) {
    int added = 0;
    for (int n : counts) added += n;
    added_at[at.first] += added;
    const int s = at.first;
    const SymSpace& sp = pre.spaces[static_cast<std::size_t>(s)];
    const z3::expr map_now = on_map(pre, s, f, v);
    if (!at.second) {
      // messina.muster.stacking: the map space's limit; .over-limit: a space over it takes nothing new.
      c.push_back({kStacking, map_now + added <= map_limit});
      c.push_back({kOverLimit, map_now <= map_limit});
    } else {
      // messina.muster.stacking: the card's limit; messina.over-limit-card: whether an over-limit
      // space's card takes nothing new either.
      c.push_back({kStacking, total(sp.card_units) + added <= card_limit});
      c.push_back({kOverLimit, z3::implies(v.reading("messina.over-limit-card", kOverLimit) == 1, map_now <= map_limit)});
    }
  }
  // messina.cards.seven-per-location states a location's total, map and card together. Whether it
  // limits a build beyond the map's and the card's own limits, the sentence does not say.
  for (const auto& [s, added] : added_at) {
    const SymSpace& sp = pre.spaces[static_cast<std::size_t>(s)];
    const z3::expr card_now = z3::ite(sp.card_holder == f, total(sp.card_units), ctx.int_val(0));
    c.push_back({kSevenPerLocation,
                 z3::implies(v.open("location-total-binds", kSevenPerLocation,
                                    "whether the location's stated total limits a build beyond the map's and the "
                                    "card's own limits"),
                             on_map(pre, s, f, v) + card_now + added <= stated.location_total)});
  }

  // ---- equipping Civilians ----
  std::map<Place, int> equipped;
  for (const auto& e : a.equip) equipped[{pre.space_index(e.where.space), e.where.on_card}] += e.count;
  for (const auto& [at, n] : equipped) {
    // messina.muster.equip.ai: a human faction's Civilians only.
    c.push_back({kEquipAi, ctx.bool_val(kind == ms::FactionKind::human)});
    // messina.muster.equip names Civilians without saying which: those there when the Muster began, or
    // those and the ones this Muster builds there (messina.equip-built-civilians).
    const auto b = built.find(at);
    const int built_civilians = b == built.end() ? 0 : b->second[kCivilian];
    const z3::expr built_too = v.reading("messina.equip-built-civilians", kEquip) == 1;
    c.push_back({kEquip, units_of(pre, f, at, kCivilian) + z3::ite(built_too, ctx.int_val(built_civilians),
                                                                   ctx.int_val(0)) >= n});
    // messina.muster.friendly-area binds new units built; whether it binds equipping the sentence
    // does not say (messina.muster.equip.stacking: equipping keeps the count of units).
    // convention messina.convention.equip-anywhere: the oracle's choice is the Bool equip-in-area unset
    c.push_back({kArea, z3::implies(v.open("equip-in-area", kArea,
                                           "whether the Friendly Area condition on new units binds equipping"),
                                    in_area(area, at, v))});
    energy += n * rules.numbers.equip_cost;
  }

  // ---- the board after the builds and equips ----
  for (const auto& [at, counts] : built)
    for (std::size_t k = 0; k < kKinds; ++k)
      if (counts[k] != 0) slot(step.post, f, at, k) = slot(step.post, f, at, k) + counts[k];
  for (const auto& [at, n] : equipped) {
    slot(step.post, f, at, kCivilian) = slot(step.post, f, at, kCivilian) - n;
    slot(step.post, f, at, kInfantry) = slot(step.post, f, at, kInfantry) + n;
  }

  // ---- disbands: of what stands after the builds; a disbanded unit's token turns Disaffected
  // (messina.population.disband-on-shortfall: units never become Spare again). No sentence names the
  // moment within the Muster a disband is judged at: interpretation messina.disband-built-units is
  // free, its at-start reading (0) asking that the units stood there when the Muster began too ----
  int disbanded_tokens = 0;
  std::map<Place, std::array<int, kKinds>> gone;
  for (const auto& d : a.disband) {
    if (d.piece == Piece::worker) continue;  // not encoded: unit_steps_encoded()
    gone[{pre.space_index(d.where.space), d.where.on_card}][static_cast<std::size_t>(d.piece)] += d.count;
    disbanded_tokens += d.count * tokens_per_unit(rules.numbers, kind, d.piece);
  }
  for (const auto& [at, counts] : gone)
    for (std::size_t k = 0; k < kKinds; ++k)
      if (counts[k] != 0) {
        c.push_back({kDisband, units_of(step.post, f, at, k) >= counts[k]});
        c.push_back({kDisband, z3::implies(v.reading("messina.disband-built-units", kDisband) == 0,
                                           units_of(pre, f, at, k) >= counts[k])});
        slot(step.post, f, at, k) = slot(step.post, f, at, k) - counts[k];
      }

  // messina.muster.population: the Spare tokens the builds commit.
  SymFaction& fa = step.post.factions[static_cast<std::size_t>(f)];
  c.push_back({kPopulation, pre.factions[static_cast<std::size_t>(f)].spare >= tokens});
  fa.spare = fa.spare - tokens;
  fa.located = fa.located + tokens - disbanded_tokens;
  fa.disaffected = fa.disaffected + disbanded_tokens;
}

}  // namespace rulecheck::solver::messina::literal

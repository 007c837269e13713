// The placings of new units and their conversions as one relation (population_relation.hpp), clause
// by clause.
#include "solver/messina/population_relation.hpp"

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr std::size_t kCivilian = 0, kInfantry = 1;  // ms::kUnitKinds' order
constexpr const char* kSpare = "messina.population.placement.spare-required";
constexpr const char* kToLocated = "messina.population.placement.spare-to-located";
constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kBacking = "messina.population.backing";

// The conversions at `w` the text allows (messina.population.interconversion): the unit converted is
// there; it steps onto or off a Utility and no token moves, so what it becomes takes as many tokens as
// it did (one, a Worker's).
z3::expr conversions_there(const Army& army, const Placings& act, const Where& w, const std::array<int, 5>& per) {
  z3::expr there = act.civilians_to_workers(w) <= army.map(w, kCivilian) &&
                   act.workers_to_civilians(w) <= army.workers(w) &&
                   act.infantry_to_workers(w) <= army.map(w, kInfantry);
  if (per[kCivilian] != 1) there = there && act.civilians_to_workers(w) == 0 && act.workers_to_civilians(w) == 0;
  if (per[kInfantry] > 1) there = there && act.infantry_to_workers(w) == 0;
  return there.simplify();
}

// The pieces after at `w`: the units placed and converted there added and taken away, nothing else.
z3::expr pieces_after(const Army& army, const Placings& act, const Army& after, const Where& w) {
  const z3::expr workers = army.workers(w) + act.workers(w) + act.civilians_to_workers(w) +
                           act.infantry_to_workers(w) - act.workers_to_civilians(w);
  z3::expr same = after.workers(w) == workers;
  for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) {
    z3::expr map = army.map(w, k), card = army.card(w, k);
    if (k == kCivilian)
      map = map + act.civilians(w) + act.from_disaffected(w) - act.civilians_to_workers(w) + act.workers_to_civilians(w),
      card = card + act.onto_card(w);
    if (k == kInfantry) map = map - act.infantry_to_workers(w);
    same = same && after.map(w, k) == map && after.card(w, k) == card;
  }
  return same;
}

}  // namespace

z3::expr backed_at(const Army& army, const Where& w, const std::array<int, 5>& per) {
  z3::expr t = army.workers(w);
  for (std::size_t k = 0; k < per.size(); ++k)
    if (per[k] != 0) t = t + per[k] * (army.map(w, k) + army.card(w, k));
  return t;
}

PopulationRelation population_relation(Spaces& spaces, ms::FactionKind kind, const Mat& before, const Army& army,
                                       const Placings& act, const Mat& after, const Army& army_after,
                                       const ms::Rules& rules, const std::string& prefix, const char* pieces_clause) {
  const std::array<int, 5> per = tokens_per_unit_kind(rules.numbers, kind);
  const int civilian = per[kCivilian];
  Constraints guard, effect;
  // messina.population.tokens: each unit placed takes its kind's tokens (a Worker one), from Spare or,
  // in home defence, from Disaffected tokens (messina.population.disaffected: when is population.cpp's).
  const z3::expr spare_spent = spaces.total(prefix + "spare_tokens_placed", [act, civilian](const Where& w) {
    return act.workers(w) + civilian * (act.civilians(w) + act.onto_card(w));
  });
  const z3::expr disaffected_spent = spaces.total(prefix + "disaffected_tokens_placed", [act, civilian](const Where& w) {
    return civilian * act.from_disaffected(w);
  });
  // messina.population.placement.spare-required: the pool each unit's tokens come from holds them.
  guard.push_back({kSpare, before.spare >= spare_spent});
  guard.push_back({kSpare, before.disaffected >= disaffected_spent});
  // interpretation messina.home-defence-spare: "spare-required" keeps the need for Spare population
  // even when the tokens placed are Disaffected ones.
  if (rules.readings.home_defence_spare == R::HomeDefenceSpare::spare_required)
    guard.push_back({kSpare, z3::implies(disaffected_spent > 0, before.spare > 0)});
  guard.push_back(
      {kInterconversion, spaces.each([&](const Where& w) { return conversions_there(army, act, w, per); })});
  // messina.population.backing: a unit backed by no token (the AI's Infantry) has none to become a
  // Worker with.
  if (per[kInfantry] == 0)
    guard.push_back({kBacking, spaces.each([&](const Where& w) { return act.infantry_to_workers(w) == 0; })});
  // messina.population.placement.spare-to-located: the tokens placed become Located; conversions move none.
  effect.push_back({kToLocated, after.spare == before.spare - spare_spent});
  effect.push_back({kToLocated, after.disaffected == before.disaffected - disaffected_spent});
  effect.push_back({kToLocated, after.located == before.located + spare_spent + disaffected_spent});
  effect.push_back({pieces_clause, spaces.each([&](const Where& w) { return pieces_after(army, act, army_after, w); })});
  return {guard, effect, spare_spent, disaffected_spent};
}

}  // namespace rulecheck::solver::messina

// The placings of new units and their conversions as one relation (population_relation.hpp), clause
// by clause. The oracle's reading of each clause is in oracle/messina/population.cpp.
#include "solver/messina/population_relation.hpp"

#include <functional>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr std::size_t kCivilian = 0, kInfantry = 1;  // ms::kUnitKinds' order
constexpr const char* kSpare = "messina.population.placement.spare-required";
constexpr const char* kToLocated = "messina.population.placement.spare-to-located";
constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kBacking = "messina.population.backing";
constexpr const char* kWorkers = "messina.population.placement.workers";
constexpr const char* kCivilians = "messina.population.placement.civilians";
constexpr const char* kHomeDefence = "messina.population.home-defence";
constexpr const char* kOnCards = "messina.population.placement.cards";
constexpr const char* kDisaffected = "messina.population.disaffected";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kCardCapacity = "messina.cards.capacity";

int phase_of(ms::Phase p) { return static_cast<int>(p); }

// `then` where `count` is above 0; over one board, where the count is a known number, built only where
// it is (the relation over one board is as small as the action).
z3::expr where_any(const z3::expr& count, const std::function<z3::expr()>& then) {
  const z3::expr n = count.simplify();
  if (n.is_numeral()) return n.get_numeral_int() > 0 ? then() : n.ctx().bool_val(true);
  return z3::implies(n > 0, then());
}

// A count of the action that must be 0 (over one board, folded).
z3::expr none(const z3::expr& count) { return (count == 0).simplify(); }

// One action's relation as it is built.
struct Build {
  Spaces& spaces;
  PlacingKind what;
  const Mat& before;
  const PlacingGround& ground;
  const Placings& act;
  const ms::Rules& rules;
  Constraints guard;

  void guard_each(const char* clause, const AtWhere& at) { guard.push_back({clause, spaces.each(at)}); }
  // The clause the kind's own conditions (its moment, what it places) are tagged with.
  const char* own_clause() const {
    return what == PlacingKind::workers ? kWorkers : what == PlacingKind::conversion ? kInterconversion : kCivilians;
  }
};

// The moment each kind belongs to: Workers and conversions in an Industry Action; Civilians right before
// orders or a Bonus Military Action; home defence only while a battle is fought at one of the faction's
// Home Spaces.
void moment(Build& b) {
  const z3::expr& phase = b.before.phase;
  switch (b.what) {
    case PlacingKind::workers:
      b.guard.push_back({kWorkers, phase == phase_of(ms::Phase::industry)});
      return;
    case PlacingKind::conversion:
      b.guard.push_back({kInterconversion, phase == phase_of(ms::Phase::industry)});
      return;
    case PlacingKind::civilians:
      b.guard.push_back({kCivilians, phase == phase_of(ms::Phase::orders) ||
                                         phase == phase_of(ms::Phase::bonus_military_action)});
      return;
    case PlacingKind::home_defence: {
      const PlacingGround& g = b.ground;
      const z3::expr nowhere = b.spaces.each([g](const Where& w) { return !(g.battle(w) && g.home(w)); });
      b.guard.push_back({kHomeDefence, phase == phase_of(ms::Phase::battle) && !nowhere});
      return;
    }
  }
}

// What each kind places, and from which tokens: Workers (never onto a card) in Industry; Civilians at the
// other moments (the other military units come from a Muster, messina.population.placement.military);
// the Disaffected fight only for a Home Space under attack (messina.population.disaffected).
void kinds_placed(Build& b) {
  const Placings& act = b.act;
  b.guard_each(b.own_clause(), [act](const Where& w) { return none(act.misplaced(w)); });
  if (b.what != PlacingKind::home_defence)
    b.guard_each(kDisaffected, [act](const Where& w) { return none(act.disaffected_named(w)); });
}

// Where: onto a card only one the faction holds (messina.population.placement.cards); in home defence at
// the attacked space itself, on the map (convention messina.convention.home-defence-map-only).
void places(Build& b) {
  const Placings& act = b.act;
  const PlacingGround& g = b.ground;
  b.guard_each(kOnCards, [act, g](const Where& w) { return where_any(act.onto_card(w), [&] { return g.holds(w); }); });
  if (b.what == PlacingKind::home_defence)
    b.guard_each(kHomeDefence, [act, g](const Where& w) {
      return where_any(act.civilians(w) + act.from_disaffected(w) + act.onto_card(w), [&] { return g.battle(w); }) &&
             none(act.onto_card(w));
    });
}

// interpretation messina.worker-utility: a new Worker occupies the faction's own Utility in the space or
// (reading "friendly") an ally's that consents to the faction placing Workers; convention
// messina.convention.utility-capacity-unbounded: no Utility is ever full.
void utilities_entered(Build& b) {
  if (b.what != PlacingKind::workers && b.what != PlacingKind::conversion) return;
  const Placings& act = b.act;
  const PlacingGround& g = b.ground;
  const bool allies = b.rules.readings.worker_utility == ms::Readings::WorkerUtility::friendly;
  b.guard_each(b.own_clause(), [act, g, allies](const Where& w) {
    const z3::expr own = act.workers(w) + act.civilians_to_workers(w) + act.infantry_to_workers(w) - act.guests(w);
    return where_any(own, [&] { return g.own_utility(w); }) &&
           where_any(act.guests(w), [&] { return allies ? g.hosts_welcome(w) : w.term.ctx().bool_val(false); });
  });
}

// Room: a card holds at most its limit (messina.cards.capacity), under every reading of
// messina.civilian-stacking (convention messina.convention.card-capacity-binds-civilians);
// on the map, interpretation messina.civilian-stacking decides whether Civilians placed outside the
// Muster Phase obey the stacking limit (messina.muster.stacking, counted under messina.stacking-scope).
// A conversion meets no stacking condition: a Worker stepping off its Utility is the text's own way past
// the limit.
void room(Build& b) {
  if (b.what != PlacingKind::civilians && b.what != PlacingKind::home_defence) return;
  const Placings& act = b.act;
  const PlacingGround& g = b.ground;
  const int map = b.rules.numbers.stacking_map, card = b.rules.numbers.stacking_card;
  b.guard_each(kCardCapacity, [act, g, card](const Where& w) {
    return where_any(act.onto_card(w), [&] { return g.card_units(w) + act.onto_card(w) <= card; });
  });
  if (b.rules.readings.civilian_stacking != ms::Readings::CivilianStacking::applies) return;
  b.guard_each(kStacking, [act, g, map](const Where& w) {
    const z3::expr placed = act.civilians(w) + act.from_disaffected(w);
    return where_any(placed, [&] { return g.counted(w) + placed <= map; });
  });
}

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

const char* placing_clause(PlacingKind what) {
  switch (what) {
    case PlacingKind::workers: return kWorkers;
    case PlacingKind::civilians: return kCivilians;
    case PlacingKind::home_defence: return kHomeDefence;
    case PlacingKind::conversion: return kInterconversion;
  }
  return kCivilians;
}

z3::expr backed_at(const Army& army, const Where& w, const std::array<int, 5>& per) {
  z3::expr t = army.workers(w);
  for (std::size_t k = 0; k < per.size(); ++k)
    if (per[k] != 0) t = t + per[k] * (army.map(w, k) + army.card(w, k));
  return t;
}

PopulationRelation population_relation(Spaces& spaces, PlacingKind what, ms::FactionKind kind, const Mat& before,
                                       const Army& army, const PlacingGround& ground, const Placings& act,
                                       const Mat& after, const Army& army_after, const ms::Rules& rules,
                                       const std::string& prefix) {
  const std::array<int, 5> per = tokens_per_unit_kind(rules.numbers, kind);
  const int civilian = per[kCivilian];
  Build b{spaces, what, before, ground, act, rules, {}};
  moment(b);
  kinds_placed(b);
  places(b);
  utilities_entered(b);
  room(b);
  Constraints& guard = b.guard;
  Constraints effect;
  // messina.population.tokens: each unit placed takes its kind's tokens (a Worker one), from Spare or,
  // in home defence, from Disaffected tokens (messina.population.disaffected: when, kinds_placed()).
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
  effect.push_back(
      {placing_clause(what), spaces.each([&](const Where& w) { return pieces_after(army, act, army_after, w); })});
  return {guard, effect, spare_spent, disaffected_spent};
}

}  // namespace rulecheck::solver::messina

// Stacking's theorems over the relation of stacking_relation.cpp, whose Muster is muster_relation.cpp's
// and whose transfers and end of an Exploration are cards_relation.cpp's (section_theorems.hpp): each claim
// reads only the state before and after (units per faction, kind and space, Workers in Utilities,
// cards and their units, and the totals over factions of those), never the relation's own
// variables; no effect constraint asserts a claim.
#include <functional>

#include <fmt/format.h>

#include "solver/messina/section_theorems.hpp"
#include "solver/messina/stacking_relation.hpp"

namespace rulecheck::solver::messina {

namespace {

using namespace stacking;
using R = ms::Readings;

z3::expr max2(const z3::expr& a, const z3::expr& b) { return z3::ite(a >= b, a, b); }

const char* scope_words(R::StackingScope s) { return s == R::StackingScope::all_factions ? "all-factions" : "per-faction"; }

// The units a space's map count gains beyond what the text allows without a stacking check: as many
// as Workers left its Utilities (messina.muster.stacking.over-limit's own example), and under
// overrides-stacking the units of its card when the card was discarded.
z3::expr map_claim(const StackVars& v, const ms::Rules& r) {
  const StackState &b = v.before, &a = v.after;
  const int lm = r.numbers.stacking_map;
  const bool discard_waived = r.readings.discard_emptying == R::DiscardEmptying::overrides_stacking;
  const z3::expr& s = v.s;
  const z3::expr zero = v.c.int_val(0);
  auto discarded_units = [&](const z3::expr& whose) {
    if (!discard_waived) return zero;
    return z3::ite(b.held(s) && !a.held(s) && whose, b.card_units(s), zero);
  };
  if (r.readings.stacking_scope == R::StackingScope::all_factions)
    return z3::forall(s, a.board_units(s) <= max2(b.board_units(s), v.c.int_val(lm)) +
                             max2(b.board_workers(s) - a.board_workers(s), zero) +
                             discarded_units(v.c.bool_val(true)));
  const z3::expr& g = v.g;
  return z3::forall(g, s, a.units(g, s) <= max2(b.units(g, s), v.c.int_val(lm)) +
                              max2(b.workers(g, s) - a.workers(g, s), zero) + discarded_units(b.holder(s) == g));
}

// A location's units, map and card together, at most the larger of what it held and the two limits
// together, plus the Workers that left its Utilities; under over-limit-card map-only a location whose
// map space was over its limit before is excepted (its card keeps its own limit).
z3::expr location_claim(const StackVars& v, const ms::Rules& r) {
  const StackState &b = v.before, &a = v.after;
  const int lm = r.numbers.stacking_map, both = lm + r.numbers.stacking_card;
  const bool map_only = r.readings.over_limit_card == R::OverLimitCard::map_only;
  const z3::expr& s = v.s;
  const z3::expr zero = v.c.int_val(0);
  auto held_by = [&](const StackState& x, const z3::expr& g) { return x.held(s) && x.holder(s) == g; };
  if (r.readings.stacking_scope == R::StackingScope::all_factions)
    return z3::forall(s, (map_only && b.board_units(s) > lm) ||
                             a.board_units(s) + a.card_units(s) <=
                                 max2(b.board_units(s) + b.card_units(s), v.c.int_val(both)) +
                                     max2(b.board_workers(s) - a.board_workers(s), zero));
  const z3::expr& g = v.g;
  const z3::expr before = b.units(g, s) + z3::ite(held_by(b, g), b.card_units(s), zero);
  const z3::expr after = a.units(g, s) + z3::ite(held_by(a, g), a.card_units(s), zero);
  return z3::forall(g, s, (map_only && b.units(g, s) > lm) ||
                              after <= max2(before, v.c.int_val(both)) + max2(b.workers(g, s) - a.workers(g, s), zero));
}

// messina.muster.stacking.over-limit, as the text says it: a space over the limit before a Muster
// keeps its units but takes no new ones: no faction has more Bombers, Fighters or Mechs there after,
// nor more Civilians and Infantry together (equipping turns one into the other, over the limit too:
// messina.muster.equip.stacking); under over-limit-card card-too its card takes none either.
z3::expr over_limit_claim(const StackVars& v, const ms::Rules& r) {
  const StackState &b = v.before, &a = v.after;
  const int lm = r.numbers.stacking_map;
  const z3::expr &s = v.s, &g = v.g;
  const bool all = r.readings.stacking_scope == R::StackingScope::all_factions;
  const z3::expr over = all ? b.board_units(s) > lm : b.units(g, s) > lm;
  z3::expr kept = a.map[0](g, s) + a.map[1](g, s) <= b.map[0](g, s) + b.map[1](g, s);
  for (std::size_t k = 2; k < kKinds; ++k) kept = kept && a.map[k](g, s) <= b.map[k](g, s);
  if (r.readings.over_limit_card == R::OverLimitCard::card_too)
    kept = kept && z3::implies(b.held(s) && b.holder(s) == g, a.card_units(s) <= b.card_units(s));
  return z3::forall(g, s, z3::implies(over, kept));
}

z3::expr card_claim(const StackVars& v, const ms::Rules& r) {
  const z3::expr& s = v.s;
  return z3::forall(s, z3::ite(v.after.held(s), v.after.card_units(s) <= r.numbers.stacking_card,
                               v.after.card_units(s) == 0));
}

// Vacuity: the actor adds a unit to a map space or a card somewhere.
z3::expr adds_a_unit(const StackVars& v) {
  const z3::expr x = v.c.constant("somewhere", v.space);
  return v.after.units(v.actor, x) > v.before.units(v.actor, x) || v.after.card_units(x) > v.before.card_units(x);
}

// Vacuity for the map claim: what each kind does that the claim is about.
z3::expr map_exercised(const StackVars& v, const ms::Rules& r, ActionKind k) {
  const z3::expr x = v.c.constant("over_there", v.space);
  const int lm = r.numbers.stacking_map;
  const bool all = r.readings.stacking_scope == R::StackingScope::all_factions;
  const z3::expr count = all ? v.before.board_units(x) : v.before.units(v.actor, x);
  const z3::expr count_after = all ? v.after.board_units(x) : v.after.units(v.actor, x);
  switch (k) {
    case ActionKind::muster: return count > lm && adds_a_unit(v);  // a space over the limit before
    case ActionKind::workers_placed: {
      const z3::expr y = v.c.constant("somewhere", v.space);
      return v.after.workers(v.actor, y) > v.before.workers(v.actor, y);
    }
    case ActionKind::interconversion: return count <= lm && count_after > lm;  // the text's own example
    case ActionKind::end_exploration: return adds_a_unit(v) && !v.after.held(x) && v.before.held(x);
    default: return adds_a_unit(v);
  }
}

// Vacuity (a): the board before as play can reach it (section_theorems.cpp lists what is stated): every
// count not negative, a card's units only on a held card and within the card limit, each space's
// totals over the factions at least each faction's units and Workers there.
z3::expr stack_reachable(const StackVars& v, int card_limit) {
  const StackState& b = v.before;
  const z3::expr &s = v.s, &g = v.g;
  z3::expr at = b.workers(g, s) >= 0 && b.units(g, s) <= b.board_units(s) && b.workers(g, s) <= b.board_workers(s) &&
                b.card_units(s) <= card_limit;
  for (std::size_t i = 0; i < kKinds; ++i)
    at = at && b.map[i](g, s) >= 0 && b.card[i](s) >= 0 && z3::implies(!b.held(s), b.card[i](s) == 0);
  return z3::forall(g, s, at);
}

struct Case {
  ActionKind kind;
  ms::Rules rules;
  std::string words;
};

// The cases of the map claim: each action kind under each reading that governs it.
std::vector<Case> map_cases(const ms::Rules& rules) {
  std::vector<Case> out;
  for (auto scope : {R::StackingScope::all_factions, R::StackingScope::per_faction}) {
    ms::Rules r = rules;
    r.readings.stacking_scope = scope;
    r.readings.civilian_stacking = R::CivilianStacking::applies;
    const std::string sw = scope_words(scope);
    for (auto olc : {R::OverLimitCard::map_only, R::OverLimitCard::card_too}) {
      ms::Rules m = r;
      m.readings.over_limit_card = olc;
      out.push_back({ActionKind::muster, m,
                     fmt::format("{}, over-limit-card {}", sw, olc == R::OverLimitCard::map_only ? "map-only" : "card-too")});
    }
    for (ActionKind k : {ActionKind::civilians, ActionKind::home_defence})
      out.push_back({k, r, sw + ", civilian-stacking applies"});
    for (ActionKind k : {ActionKind::workers_placed, ActionKind::interconversion, ActionKind::transfer})
      out.push_back({k, r, sw});
    for (auto d : {R::DiscardEmptying::stacking_binds, R::DiscardEmptying::overrides_stacking}) {
      ms::Rules e = r;
      e.readings.discard_emptying = d;
      out.push_back({ActionKind::end_exploration, e,
                     fmt::format("{}, discard-emptying {}", sw,
                                 d == R::DiscardEmptying::stacking_binds ? "stacking-binds" : "overrides-stacking")});
    }
  }
  return out;
}

// The cases of the card claim: each kind that adds to or takes from a card, under the readings that
// change what it may do to one.
std::vector<Case> card_cases(const ms::Rules& rules) {
  std::vector<Case> out;
  for (auto olc : {R::OverLimitCard::map_only, R::OverLimitCard::card_too}) {
    ms::Rules m = rules;
    m.readings.over_limit_card = olc;
    out.push_back({ActionKind::muster, m, olc == R::OverLimitCard::map_only ? "over-limit-card map-only" : "over-limit-card card-too"});
  }
  for (auto cs : {R::CivilianStacking::applies, R::CivilianStacking::muster_phase_only}) {
    ms::Rules m = rules;
    m.readings.civilian_stacking = cs;
    out.push_back({ActionKind::civilians, m, cs == R::CivilianStacking::applies ? "civilian-stacking applies" : "civilian-stacking muster-phase-only"});
  }
  out.push_back({ActionKind::transfer, rules, "the ruleset's readings"});
  for (auto d : {R::DiscardEmptying::stacking_binds, R::DiscardEmptying::overrides_stacking}) {
    ms::Rules e = rules;
    e.readings.discard_emptying = d;
    out.push_back({ActionKind::end_exploration, e,
                   d == R::DiscardEmptying::stacking_binds ? "discard-emptying stacking-binds" : "discard-emptying overrides-stacking"});
  }
  return out;
}

// The cases of the location claim: the kinds that add to a map space or a card, or move units
// between them, under both readings of messina.stacking-scope and messina.over-limit-card.
std::vector<Case> location_cases(const ms::Rules& rules) {
  std::vector<Case> out;
  for (auto scope : {R::StackingScope::all_factions, R::StackingScope::per_faction})
    for (auto olc : {R::OverLimitCard::map_only, R::OverLimitCard::card_too}) {
      ms::Rules r = rules;
      r.readings.stacking_scope = scope;
      r.readings.over_limit_card = olc;
      const std::string w =
          fmt::format("{}, over-limit-card {}", scope_words(scope), olc == R::OverLimitCard::map_only ? "map-only" : "card-too");
      for (ActionKind k : {ActionKind::muster, ActionKind::interconversion, ActionKind::transfer, ActionKind::end_exploration})
        out.push_back({k, r, w});
    }
  return out;
}

using Claim = z3::expr (*)(const StackVars&, const ms::Rules&);
using Exercised = std::function<z3::expr(const StackVars&, const ms::Rules&, ActionKind)>;

std::vector<Ask> asks_of(z3::context& ctx, const std::vector<Case>& cases, Claim claim, const Exercised& exercised,
                         const RuleEdit<ms::Rules>& edit) {
  std::vector<Ask> out;
  for (const Case& c : cases) {
    const StackVars v(ctx);
    out.push_back({fmt::format("{} ({})", action_words(c.kind), c.words),
                   v.premises(c.kind, c.rules.numbers.stacking_card),
                   stacking_relation(v, relation_rules(edit, c.rules)), claim(v, c.rules), exercised(v, c.rules, c.kind)});
    out.back().reachable = stack_reachable(v, c.rules.numbers.stacking_card);
  }
  return out;
}

const std::vector<std::string> kClauses = {
    "messina.muster.stacking",           "messina.muster.stacking.workers",
    "messina.muster.stacking.over-limit", "messina.muster.builds-only",
    "messina.muster.equip",              "messina.population.disband-on-shortfall",
    "messina.cards.capacity",            "messina.cards.muster-onto",
    "messina.cards.transfer",            "messina.cards.discard-empty",
    "messina.cards.holding",             "messina.cards.hand-limit",
    "messina.population.placement.civilians", "messina.population.placement.cards",
    "messina.population.home-defence",   "messina.population.placement.workers",
    "messina.population.interconversion"};

}  // namespace

std::vector<MessinaTheorem> stacking_theorems() {
  std::vector<MessinaTheorem> out;

  MessinaTheorem map;
  map.id = "messina.stacking.map-limit";
  map.claim =
      "after any action that adds units to a space, a card or a Utility, every map space's stacking count (its "
      "military units on the map, Workers in Utilities left out; every faction's under messina.stacking-scope "
      "all-factions, each faction's own under per-faction) is at most the larger of its count before and the map "
      "limit, plus as many units as Workers left its Utilities (the text's own way over the limit), plus, under "
      "messina.discard-emptying overrides-stacking, the units of its Location Card when that card was discarded";
  map.covers =
      "boards of any size (spaces and factions are uninterpreted sorts, any counts, a space already over the limit "
      "included), by a faction of either kind (stacking reads no faction kind; the Muster, the relation that "
      "judges engines' Musters, is asked of a human faction, whose Muster may do all an AI's may and equip besides): "
      "a Muster's builds onto the map and cards with disbands and equips; Civilians placed before orders or a Bonus Military Action and in home "
      "defence (messina.civilian-stacking applies: under muster-phase-only the reading lets them pass the limit and "
      "they are not asked); Workers placed into Utilities; interconversion (Workers leaving and entering a "
      "Utility); transfers from face-up cards; the end of an Exploration (transfers, discarded cards emptied); each "
      "under messina.stacking-scope both readings, the Muster under messina.over-limit-card both, the end of an "
      "Exploration under messina.discard-emptying both";
  map.clauses = kClauses;
  map.exercised_words =
      "the action adds a unit (a Muster: with a space over the limit before; interconversion: a space goes over the "
      "limit; Workers placed: a Worker enters a Utility; the end of an Exploration: a card is discarded)";
  map.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return asks_of(ctx, map_cases(rules), &map_claim, &map_exercised, edit);
  };
  out.push_back(std::move(map));

  MessinaTheorem card;
  card.id = "messina.stacking.card-limit";
  card.claim =
      "after any action that adds units to a card or takes them from one, every held Location Card holds at most "
      "the card limit and a card nobody holds (one discarded) holds no units, when that was so before (a state of "
      "the format)";
  card.covers =
      "boards of any size: a Muster's builds onto cards with disbands and equips (messina.over-limit-card both "
      "readings), Civilians placed onto held cards (messina.civilian-stacking both readings), transfers from "
      "face-up cards, the end of an Exploration (messina.discard-emptying both readings)";
  card.clauses = kClauses;
  card.exercised_words = "the action adds a unit to a map space or a card";
  card.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return asks_of(ctx, card_cases(rules), &card_claim,
                   [](const StackVars& v, const ms::Rules&, ActionKind) { return adds_a_unit(v); }, edit);
  };
  out.push_back(std::move(card));

  MessinaTheorem location;
  location.id = "messina.stacking.location-limit";
  location.claim =
      "after a Muster, interconversion, a transfer or the end of an Exploration, every location's units (its map "
      "space's stacking count and its Location Card's units together; under messina.stacking-scope per-faction a "
      "faction's own units and its own card's) are at most the larger of what they were and the two limits "
      "together (messina.cards.seven-per-location), plus as many as Workers left its Utilities; under "
      "messina.over-limit-card map-only a location whose map space was already over its limit is excepted (its card "
      "keeps its own limit), under card-too it is not";
  location.covers =
      "boards of any size: a Muster's builds onto the map and cards with disbands and equips, interconversion, "
      "transfers from face-up cards and the end of an Exploration (its default messina.discard-emptying reading), "
      "each under both readings of messina.stacking-scope and messina.over-limit-card (Civilians placed onto a card "
      "are bound by the card's capacity only, in the oracle as in the relation, and are not asked)";
  location.clauses = kClauses;
  location.exercised_words = "the action adds a unit (a Muster: with a space over the limit before; interconversion: a space goes over the limit)";
  location.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return asks_of(ctx, location_cases(rules), &location_claim, &map_exercised, edit);
  };
  out.push_back(std::move(location));

  MessinaTheorem over;
  over.id = "messina.stacking.muster-over-limit-takes-no-builds";
  over.claim =
      "a property of the Muster: at a map space over the limit before it (counted as messina.stacking-scope "
      "reads), no faction has more Bombers, Fighters or Mechs after, nor more Civilians and Infantry together "
      "(equipping turns one into the other); under messina.over-limit-card card-too its card gains no units either";
  over.covers =
      "boards of any size: a Muster's builds onto the map and cards with disbands and equips at any spaces, under "
      "both readings of messina.stacking-scope and messina.over-limit-card";
  over.clauses = kClauses;
  over.exercised_words = "some space is over the limit before the Muster and the Muster adds a unit";
  over.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Case> cases;
    for (const Case& c : location_cases(rules))
      if (c.kind == ActionKind::muster) cases.push_back(c);
    return asks_of(ctx, cases, &over_limit_claim, &map_exercised, edit);
  };
  out.push_back(std::move(over));
  return out;
}

}  // namespace rulecheck::solver::messina

// Stacking for boards of any size (unbounded.hpp): no legal action that adds units to a map space or a
// Location Card takes the space over its limit (5), the card over its limit (2), or the location over
// the two together (7), unless it was already over.
//
// Spaces and factions are uninterpreted sorts. A space's count is every faction's units on the map
// there (messina.muster.stacking.workers: Workers in Utilities apart), each faction's own count beside
// it; a card's count is the units on the Location Card named after the space. The actions, each with
// its parameters as functions over spaces (so any number of them, anywhere), by a symbolic faction:
//  - a Muster's builds onto the map and onto held cards, with disbands (messina.muster.stacking,
//    messina.muster.stacking.over-limit, messina.cards.muster-onto, messina.cards.capacity);
//  - Civilians placed before orders or a Bonus Military Action, or in home defence
//    (messina.population.placement.civilians, messina.population.home-defence);
//  - transfers from face-up cards to the map, alone or to empty a card discarded at the end of an
//    Exploration (messina.cards.transfer, messina.cards.discard-empty).
// A Worker leaving its Utility adds a unit to the map with no stacking condition: the text's own
// example of a space legally over its limit (messina.muster.stacking.over-limit); it is outside the
// claim, which is why the claim allows a space already over. Equipping changes no count.
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr const char* kMapPlusOne = "the map-space limit read one higher";
constexpr const char* kCardPlusOne = "the card limit read one higher";
constexpr const char* kBuilderOnly = "the map limit counted over the builder's units only, whatever the reading";
constexpr const char* kBeforeBuilds = "the limit checked against the units before the builds, not with them";
constexpr const char* kTransferFree = "transfers from a card to the map ignore the stacking limit";
constexpr const char* kCiviliansFree = "Civilians placed outside the Muster ignore the stacking limit, whatever the reading";

z3::expr max2(const z3::expr& a, const z3::expr& b) { return z3::ite(a >= b, a, b); }

// The readings that govern the claim, one combination per question.
struct Governing {
  R::StackingScope scope;
  R::CivilianStacking civilians;
  R::OverLimitCard over_limit_card;
  R::DiscardEmptying discard;
  std::string words() const {
    return fmt::format("{}, {}, {}, {}", scope == R::StackingScope::all_factions ? "all-factions" : "per-faction",
                       civilians == R::CivilianStacking::applies ? "civilians applies" : "civilians muster-phase-only",
                       over_limit_card == R::OverLimitCard::map_only ? "over-limit map-only" : "over-limit card-too",
                       discard == R::DiscardEmptying::stacking_binds ? "discard stacking-binds"
                                                                     : "discard overrides-stacking");
  }
};

std::vector<Governing> every_reading() {
  std::vector<Governing> out;
  for (auto scope : {R::StackingScope::all_factions, R::StackingScope::per_faction})
    for (auto civ : {R::CivilianStacking::applies, R::CivilianStacking::muster_phase_only})
      for (auto olc : {R::OverLimitCard::map_only, R::OverLimitCard::card_too})
        for (auto disc : {R::DiscardEmptying::stacking_binds, R::DiscardEmptying::overrides_stacking})
          out.push_back({scope, civ, olc, disc});
  return out;
}

// The board before and after, over the sorts, and the acting faction.
struct Stacks {
  z3::context& c;
  z3::sort space, faction;
  z3::func_decl count, own, card, count2, own2, card2, holds;
  z3::expr f;  // the acting faction
  z3::expr s, g;  // bound variables

  explicit Stacks(z3::context& ctx)
      : c(ctx),
        space(ctx.uninterpreted_sort("Space")),
        faction(ctx.uninterpreted_sort("Faction")),
        count(ctx.function("count", space, ctx.int_sort())),
        own(ctx.function("own", faction, space, ctx.int_sort())),
        card(ctx.function("card", space, ctx.int_sort())),
        count2(ctx.function("count_after", space, ctx.int_sort())),
        own2(ctx.function("own_after", faction, space, ctx.int_sort())),
        card2(ctx.function("card_after", space, ctx.int_sort())),
        holds(ctx.function("holds_card", faction, space, ctx.bool_sort())),
        f(ctx.constant("actor", faction)),
        s(ctx.constant("s", space)),
        g(ctx.constant("g", faction)) {}

  // A state of the format: counts not negative, each faction's part of the space's count, a card within
  // its capacity (as every state's validity requires: docs/formats.md).
  z3::expr well_formed(int card_limit) const {
    return z3::forall(s, count(s) >= 0 && card(s) >= 0 && card(s) <= card_limit) &&
           z3::forall(g, s, own(g, s) >= 0 && own(g, s) <= count(s));
  }
  // The action adds a unit somewhere, to a map space or a card (vacuity: else nothing is claimed of it).
  z3::expr adds_somewhere() const {
    const z3::expr x = c.constant("somewhere", space);
    return count2(x) > count(x) || card2(x) > card(x);
  }
  // The units the limit counts for the actor at s (interpretation messina.stacking-scope).
  z3::expr counted(const Governing& r, const std::string& mis) const {
    const bool builder_only = r.scope == R::StackingScope::per_faction || mis == kBuilderOnly;
    return builder_only ? own(f, s) : count(s);
  }
  // `added(s)` units of the actor come onto the map at each space, `removed(s)` leave it, `to_card(s)`
  // come onto s's card, `from_card(s)` leave it; every other count stays.
  z3::expr effect(const z3::expr& added, const z3::expr& removed, const z3::expr& to_card,
                  const z3::expr& from_card) const {
    return z3::forall(s, count2(s) == count(s) + added - removed && card2(s) == card(s) + to_card - from_card) &&
           z3::forall(g, s, own2(g, s) == z3::ite(g == f, own(g, s) + added - removed, own(g, s)));
  }
};

// What must hold after, at every space (skolemised by the negation), each unless already over: the map
// count the limit counts, the card, and the location (every unit there, map and card together).
z3::expr map_claim(const Stacks& k, const Governing& r, int map_limit) {
  const z3::expr& s = k.s;
  const z3::expr& g = k.g;
  return r.scope == R::StackingScope::all_factions
             ? z3::forall(s, k.count2(s) <= max2(k.count(s), k.c.int_val(map_limit)))
             : z3::forall(g, s, k.own2(g, s) <= max2(k.own(g, s), k.c.int_val(map_limit)));
}

z3::expr card_claim(const Stacks& k, int card_limit) {
  return z3::forall(k.s, k.card2(k.s) <= max2(k.card(k.s), k.c.int_val(card_limit)));
}

// Under map-only a location whose map space was already over may still take card builds past the two
// limits together (the point messina.over-limit-card: the card keeps its own limit): asked without it.
z3::expr location_claim(const Stacks& k, const Governing& r, int map_limit, int card_limit) {
  const z3::expr& s = k.s;
  return z3::forall(
      s, (r.over_limit_card == R::OverLimitCard::map_only && k.count(s) > map_limit) ||
             k.count2(s) + k.card2(s) <= max2(k.count(s) + k.card(s), k.c.int_val(map_limit + card_limit)));
}

// The whole claim: the location is counted over every faction's units, so under per-faction only the
// map and card claims are asked.
z3::expr claim_after(const Stacks& k, const Governing& r, int map_limit, int card_limit) {
  const z3::expr both = map_claim(k, r, map_limit) && card_claim(k, card_limit);
  return r.scope == R::StackingScope::all_factions ? both && location_claim(k, r, map_limit, card_limit) : both;
}

// A Muster's builds (map and cards) and disbands, every space at once.
z3::expr muster(const Stacks& k, const Governing& r, const std::string& mis, int map_limit, int card_limit) {
  z3::context& c = k.c;
  const z3::expr& s = k.s;
  const z3::func_decl b = c.function("built", k.space, c.int_sort()), d = c.function("disbanded", k.space, c.int_sort()),
                      cb = c.function("built_on_card", k.space, c.int_sort());
  const int lm = map_limit + (mis == kMapPlusOne ? 1 : 0), lc = card_limit + (mis == kCardPlusOne ? 1 : 0);
  const z3::expr with = mis == kBeforeBuilds ? k.counted(r, mis) : k.counted(r, mis) + b(s);
  z3::expr legal = b(s) >= 0 && d(s) >= 0 && d(s) <= k.own(k.f, s) && cb(s) >= 0 &&
                   z3::implies(b(s) > 0, with <= lm) &&                       // messina.muster.stacking
                   z3::implies(cb(s) > 0, k.holds(k.f, s) && k.card(s) + cb(s) <= lc);  // messina.cards.capacity
  if (r.over_limit_card == R::OverLimitCard::card_too)
    legal = legal && z3::implies(cb(s) > 0, k.counted(r, mis) <= lm);  // messina.muster.stacking.over-limit
  return z3::forall(s, legal) && k.effect(b(s), d(s), cb(s), c.int_val(0));
}

// Civilians placed on the map before orders or a Bonus Military Action, or in home defence.
z3::expr civilians(const Stacks& k, const Governing& r, const std::string& mis, int map_limit) {
  z3::context& c = k.c;
  const z3::expr& s = k.s;
  const z3::func_decl n = c.function("placed", k.space, c.int_sort());
  const int lm = map_limit + (mis == kMapPlusOne ? 1 : 0);
  const bool bound = r.civilians == R::CivilianStacking::applies && mis != kCiviliansFree;
  const z3::expr with = mis == kBeforeBuilds ? k.counted(r, mis) : k.counted(r, mis) + n(s);
  const z3::expr legal = n(s) >= 0 && (bound ? z3::implies(n(s) > 0, with <= lm) : c.bool_val(true));
  return z3::forall(s, legal) && k.effect(n(s), c.int_val(0), c.int_val(0), c.int_val(0));
}

// Transfers from the actor's face-up cards to their map spaces; `discarding`: to empty cards discarded
// at the end of an Exploration (under overrides-stacking, past the limit).
z3::expr transfers(const Stacks& k, const Governing& r, const std::string& mis, int map_limit, bool discarding) {
  z3::context& c = k.c;
  const z3::expr& s = k.s;
  const z3::func_decl t = c.function(discarding ? "emptied" : "transferred", k.space, c.int_sort());
  const int lm = map_limit + (mis == kMapPlusOne ? 1 : 0);
  const bool bound = mis != kTransferFree &&
                     !(discarding && r.discard == R::DiscardEmptying::overrides_stacking);
  const z3::expr with = mis == kBeforeBuilds ? k.counted(r, mis) : k.counted(r, mis) + t(s);
  const z3::expr legal = t(s) >= 0 && t(s) <= k.card(s) && z3::implies(t(s) > 0, k.holds(k.f, s)) &&
                         (bound ? z3::implies(t(s) > 0, with <= lm) : c.bool_val(true));
  return z3::forall(s, legal) && k.effect(t(s), c.int_val(0), c.int_val(0), t(s));
}

std::vector<Question> stacking_questions(z3::context& c, const ms::Rules& rules, const std::string& mis) {
  const int lm = rules.numbers.stacking_map, lc = rules.numbers.stacking_card;
  std::vector<Question> qs;
  for (const Governing& r : every_reading()) {
    const Stacks k(c);
    const z3::expr before = k.well_formed(lc);
    const z3::expr after = claim_after(k, r, lm, lc);
    qs.push_back({"a Muster's builds and disbands (" + r.words() + ")", before && muster(k, r, mis, lm, lc), after, k.adds_somewhere()});
    // Under muster-phase-only the reading itself leaves these placements unbound: not in the claim.
    if (r.civilians == R::CivilianStacking::applies)
      qs.push_back({"Civilians placed outside the Muster (" + r.words() + ")", before && civilians(k, r, mis, lm), after,
                    k.adds_somewhere()});
    qs.push_back({"transfers from face-up cards (" + r.words() + ")", before && transfers(k, r, mis, lm, false), after,
                  k.adds_somewhere()});
    // Under overrides-stacking emptying a discarded card may pass the map limit (the reading's own
    // exception), but moves units within the location: only the card and location claims are asked.
    const z3::expr discard_claim =
        r.discard == R::DiscardEmptying::stacking_binds ? after
        : r.scope == R::StackingScope::all_factions    ? card_claim(k, lc) && location_claim(k, r, lm, lc)
                                                        : card_claim(k, lc);
    qs.push_back({"a discarded card emptied onto the map (" + r.words() + ")", before && transfers(k, r, mis, lm, true),
                  discard_claim, k.adds_somewhere()});
  }
  return qs;
}

}  // namespace

std::vector<UnboundedProof> unbounded_stacking(const ms::Rules& rules) {
  UnboundedProof p;
  p.id = "messina.muster.stacking.any-board";
  p.claim = fmt::format(
      "no Muster (builds onto the map and cards, with disbands), placement of Civilians outside the Muster, transfer "
      "from a card or emptying of a discarded card takes a map space over {} units (counted as "
      "messina.stacking-scope reads), a card over {} or a location over {} unless it was already over; exceptions "
      "the readings state themselves: Civilians under muster-phase-only, the map space of a discarded card under "
      "overrides-stacking, and (map-only) a card build at a location whose map space was already over; a Worker "
      "leaving its Utility is the text's own exception and outside the claim",
      rules.numbers.stacking_map, rules.numbers.stacking_card, rules.numbers.stacking_map + rules.numbers.stacking_card);
  p.covers =
      "boards of any size: any number of spaces and factions (uninterpreted sorts), any counts, each action with any "
      "number of builds, placements or transfers at any spaces, by any faction, under every combination of the "
      "readings of messina.stacking-scope, messina.civilian-stacking, messina.over-limit-card and "
      "messina.discard-emptying";
  p.clauses = {"messina.muster.stacking",        "messina.muster.stacking.workers",
               "messina.muster.stacking.over-limit", "messina.cards.capacity",
               "messina.cards.seven-per-location", "messina.cards.muster-onto",
               "messina.cards.transfer",         "messina.cards.discard-empty",
               "messina.population.placement.civilians", "messina.population.home-defence"};
  p.misreadings = {kMapPlusOne, kCardPlusOne, kBuilderOnly, kBeforeBuilds, kTransferFree, kCiviliansFree};
  p.ask = [&rules](z3::context& c, const std::string& mis) { return stacking_questions(c, rules, mis); };
  return {p};
}

}  // namespace rulecheck::solver::messina

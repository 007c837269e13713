// Friendly and hostile spaces for boards of any size (unbounded.hpp): the mixed-space rule
// (messina.friendly.mixed, messina.friendly.hostile), the empty structures (messina.friendly.empty-structures)
// and the Friendly Area as the least set closed under the reach rule (messina.friendly.area).
//
// Spaces and factions are uninterpreted sorts, adjacency an uninterpreted relation; what each faction
// has in each space (military units, Workers, Utilities or Shields, the space's Location Card held,
// face up or down) and who consents to whom for which purpose are uninterpreted predicates. The
// Friendly Area of the faction for a purpose is a predicate closed under the reach rule (a Home Space
// starts it; a friendly space next to a member joins) and least: every member is a starting Home Space
// or is friendly with a neighbour of lower rank in the area (a rank into the naturals, so every member
// is reached by a finite path). Friendliness for military purposes leaves out hostile spaces (the
// text calls them unfriendly for that purpose; the reading the oracle and the bounded encoding share).
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr const char* kMixedUnfriendly = "a space with unfriendly units is unfriendly for mustering too";
constexpr const char* kStructuresHostile = "an opposing Utility or Shield makes a space hostile";
constexpr const char* kMilitaryIgnoresHostility = "the Friendly Area for military purposes ignores hostility";
constexpr const char* kEmptyFriendly = "an empty space counts as friendly";
constexpr const char* kOwnNeedsConsent = "a faction's own presence counts only with consent, as an ally's does";

// The board's predicates over the sorts, for the faction `f` whose area and hostility are asked.
struct Presence {
  z3::context& c;
  z3::sort space, faction;
  z3::func_decl units, workers, structures, holds, exposed, consents_muster, consents_military, adj, home;
  z3::expr f, s, t, g;

  explicit Presence(z3::context& ctx)
      : c(ctx),
        space(ctx.uninterpreted_sort("Space")),
        faction(ctx.uninterpreted_sort("Faction")),
        units(ctx.function("military_units", faction, space, ctx.bool_sort())),
        workers(ctx.function("workers", faction, space, ctx.bool_sort())),
        structures(ctx.function("utility_or_shield", faction, space, ctx.bool_sort())),
        holds(ctx.function("holds_card", faction, space, ctx.bool_sort())),
        exposed(ctx.function("card_exposed", space, ctx.bool_sort())),
        consents_muster(ctx.function("consents_muster", faction, faction, ctx.bool_sort())),
        consents_military(ctx.function("consents_military", faction, faction, ctx.bool_sort())),
        adj(ctx.function("adjacent", space, space, ctx.bool_sort())),
        home(ctx.function("home", faction, space, ctx.bool_sort())),
        f(ctx.constant("faction", faction)),
        s(ctx.constant("s", space)),
        t(ctx.constant("t", space)),
        g(ctx.constant("g", faction)) {}

  // messina.friendly.space: units (Workers included), a Utility or Shield, or the held card.
  z3::expr presence(const z3::expr& who, const z3::expr& where) const {
    return units(who, where) || workers(who, where) || structures(who, where) || holds(who, where);
  }
  // messina.friendly.consent: an ally's presence counts for f only with consent to the purpose.
  z3::expr counts(const z3::expr& who, bool military, const std::string& mis) const {
    const z3::expr consent = military ? consents_military(who, f) : consents_muster(who, f);
    return mis == kOwnNeedsConsent ? consent : who == f || consent;
  }
  // messina.friendly.hostile with messina.hostile-workers and messina.card-hostility: an opposing faction
  // (no military consent) has units there, or holds the space's card (face up under exposed-only).
  z3::expr hostile_by(const z3::expr& who, const z3::expr& where, const ms::Readings& r, const std::string& mis) const {
    const bool with_workers = r.hostile_workers == R::HostileWorkers::units_include_workers;
    const bool any_card = r.card_hostility == R::CardHostility::held;
    z3::expr by = units(who, where) || (with_workers ? workers(who, where) : c.bool_val(false)) ||
                  (holds(who, where) && (any_card ? c.bool_val(true) : exposed(where)));
    if (mis == kStructuresHostile) by = by || structures(who, where);
    return who != f && !consents_military(who, f) && by;
  }
};

// Definitions as axioms over the sorts: friendly_p(s) iff some faction counting for p is present (for
// military purposes, and the space not hostile); hostile(s) iff some opposing faction makes it so; the
// area for p closed and least (rank).
struct Definitions {
  z3::func_decl friendly_m, friendly_mil, hostile, area_m, area_mil, rank_m, rank_mil;
  z3::expr axioms;
};

Definitions define(const Presence& k, const ms::Readings& r, const std::string& mis) {
  z3::context& c = k.c;
  const z3::expr &s = k.s, &t = k.t, &g = k.g;
  Definitions d{c.function("friendly_muster", k.space, c.bool_sort()),
                c.function("friendly_military", k.space, c.bool_sort()),
                c.function("hostile", k.space, c.bool_sort()),
                c.function("area_muster", k.space, c.bool_sort()),
                c.function("area_military", k.space, c.bool_sort()),
                c.function("rank_muster", k.space, c.int_sort()),
                c.function("rank_military", k.space, c.int_sort()),
                c.bool_val(true)};
  // messina.friendly.mixed: unfriendly elements do not undo friendliness for building and mustering.
  z3::expr some_muster = z3::exists(g, k.counts(g, false, mis) && k.presence(g, s));
  if (mis == kMixedUnfriendly) some_muster = some_muster && !z3::exists(g, k.hostile_by(g, s, r, mis));
  if (mis == kEmptyFriendly) some_muster = c.bool_val(true);
  const z3::expr hostile = z3::exists(g, k.hostile_by(g, s, r, mis));
  z3::expr some_military = z3::exists(g, k.counts(g, true, mis) && k.presence(g, s));
  if (mis == kEmptyFriendly) some_military = c.bool_val(true);
  if (mis != kMilitaryIgnoresHostility) some_military = some_military && !hostile;
  // messina.friendly.area / interpretation messina.home-space-anchor.
  const bool always = r.home_anchor == R::HomeAnchor::always;
  auto area = [&](const z3::func_decl& a, const z3::func_decl& rank, const z3::func_decl& friendly) {
    const z3::expr starts = k.home(k.f, s) && (always ? c.bool_val(true) : friendly(s));
    return z3::forall(s, z3::implies(starts, a(s))) &&
           z3::forall(t, s, z3::implies(a(t) && k.adj(t, s) && friendly(s), a(s))) &&
           z3::forall(s, rank(s) >= 0 &&
                             z3::implies(a(s), starts || (friendly(s) && z3::exists(t, k.adj(t, s) && a(t) &&
                                                                                      rank(t) < rank(s)))));
  };
  d.axioms = z3::forall(s, d.friendly_m(s) == some_muster) && z3::forall(s, d.hostile(s) == hostile) &&
             z3::forall(s, d.friendly_mil(s) == some_military) && area(d.area_m, d.rank_m, d.friendly_m) &&
             area(d.area_mil, d.rank_mil, d.friendly_mil) &&
             z3::forall(t, s, k.adj(t, s) == k.adj(s, t));  // adjacency is symmetric
  return d;
}

// The readings that change these definitions, one combination per question.
std::vector<ms::Readings> every_reading(const ms::Rules& rules) {
  std::vector<ms::Readings> out;
  for (auto hw : {R::HostileWorkers::units_include_workers, R::HostileWorkers::military_units_only})
    for (auto ch : {R::CardHostility::exposed_only, R::CardHostility::held})
      for (auto anchor : {R::HomeAnchor::always, R::HomeAnchor::if_friendly}) {
        ms::Readings r = rules.readings;
        r.hostile_workers = hw;
        r.card_hostility = ch;
        r.home_anchor = anchor;
        out.push_back(r);
      }
  return out;
}

std::string words(const ms::Readings& r) {
  return fmt::format("{}, {}, anchor {}",
                     r.hostile_workers == R::HostileWorkers::units_include_workers ? "units-include-workers"
                                                                                   : "military-units-only",
                     r.card_hostility == R::CardHostility::exposed_only ? "exposed-only" : "held",
                     r.home_anchor == R::HomeAnchor::always ? "always" : "if-friendly");
}

// One question per reading combination: the claim `claim(k, d)` at fresh skolem points.
using Claim = std::function<z3::expr(const Presence&, const Definitions&, const ms::Readings&)>;

std::vector<Question> questions(z3::context& c, const ms::Rules& rules, const std::string& mis, const char* name,
                                const Claim& claim) {
  std::vector<Question> qs;
  for (const ms::Readings& r : every_reading(rules)) {
    const Presence k(c);
    const Definitions d = define(k, r, mis);
    qs.push_back({fmt::format("{} ({})", name, words(r)), d.axioms, claim(k, d, r)});
  }
  return qs;
}

UnboundedProof proof(std::string id, std::string claim, std::vector<std::string> clauses,
                     std::vector<std::string> misreadings, const ms::Rules& rules, const char* name, Claim what) {
  UnboundedProof p;
  p.id = std::move(id);
  p.claim = std::move(claim);
  p.covers =
      "boards of any size: any number of spaces and factions (uninterpreted sorts), any adjacency, any presence of "
      "units, Workers, Utilities, Shields and held cards, any consents, under every combination of the readings of "
      "messina.hostile-workers, messina.card-hostility and messina.home-space-anchor (the Friendly Area as "
      "messina.friendly-area-extent's friendly-component reads it)";
  p.clauses = std::move(clauses);
  p.misreadings = std::move(misreadings);
  p.ask = [&rules, name, what = std::move(what)](z3::context& c, const std::string& mis) {
    return questions(c, rules, mis, name, what);
  };
  return p;
}

}  // namespace

std::vector<UnboundedProof> unbounded_friendly(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;
  // A space where the faction has something and an opposing faction has units: in the Friendly Area for
  // mustering whenever a neighbour is.
  out.push_back(proof(
      "messina.friendly.mixed-space-friendly-for-mustering.any-board",
      "a space next to the faction's Friendly Area for mustering, where the faction has units, Workers, a Utility, a "
      "Shield or the card, is in that area even when opposing units are there too",
      {"messina.friendly.mixed", "messina.friendly.space", "messina.friendly.area"},
      {kMixedUnfriendly, kOwnNeedsConsent}, rules, "a mixed space next to the area",
      [](const Presence& k, const Definitions& d, const ms::Readings&) {
        return z3::forall(k.t, k.s, k.g,
                          z3::implies(d.area_m(k.t) && k.adj(k.t, k.s) && k.presence(k.f, k.s) && k.g != k.f &&
                                          !k.consents_military(k.g, k.f) && k.units(k.g, k.s),
                                      d.area_m(k.s)));
      }));
  // The same space is hostile, and out of the Friendly Area for military purposes (but for a Home Space
  // that starts the area on its own under anchor `always`).
  out.push_back(proof(
      "messina.friendly.mixed-space-hostile-for-military.any-board",
      "a space where an opposing faction (no military consent) has military units is hostile, and in the Friendly "
      "Area for military purposes only as a Home Space that starts it on its own (home-space-anchor always)",
      {"messina.friendly.mixed", "messina.friendly.hostile", "messina.friendly.area"},
      {kMilitaryIgnoresHostility}, rules, "an opposing unit's space",
      [](const Presence& k, const Definitions& d, const ms::Readings& r) {
        const bool always = r.home_anchor == R::HomeAnchor::always;
        return z3::forall(k.s, k.g,
                          z3::implies(k.g != k.f && !k.consents_military(k.g, k.f) && k.units(k.g, k.s),
                                      d.hostile(k.s) && z3::implies(d.area_mil(k.s), always ? k.home(k.f, k.s)
                                                                                           : k.c.bool_val(false))));
      }));
  // Utilities and Shields alone never make a space hostile.
  out.push_back(proof(
      "messina.friendly.structures-never-hostile.any-board",
      "a space where no opposing faction has units, Workers or a held card (Utilities and Shields at most) is never "
      "hostile",
      {"messina.friendly.empty-structures", "messina.friendly.hostile"}, {kStructuresHostile}, rules,
      "a space with opposing structures only",
      [](const Presence& k, const Definitions& d, const ms::Readings&) {
        return z3::forall(k.s, z3::implies(z3::forall(k.g, k.g == k.f || (!k.units(k.g, k.s) && !k.workers(k.g, k.s) &&
                                                                            !k.holds(k.g, k.s))),
                                           !d.hostile(k.s)));
      }));
  // The least set: every member of the area for mustering has something in it, or is a Home Space.
  out.push_back(proof(
      "messina.friendly.area-holds-no-empty-space.any-board",
      "every space of the Friendly Area for mustering is a Home Space of the faction or holds something of a "
      "faction that counts for it (the area never takes in an empty space)",
      {"messina.friendly.area", "messina.friendly.empty", "messina.friendly.space"}, {kEmptyFriendly}, rules,
      "a member of the area",
      [](const Presence& k, const Definitions& d, const ms::Readings&) {
        return z3::forall(k.s, z3::implies(d.area_m(k.s), k.home(k.f, k.s) ||
                                                              z3::exists(k.g, k.counts(k.g, false, "") &&
                                                                                  k.presence(k.g, k.s))));
      }));
  return out;
}

}  // namespace rulecheck::solver::messina

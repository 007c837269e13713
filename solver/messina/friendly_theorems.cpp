// The theorems of the Friendly Area page's relation (friendly_relation.hpp), for `rulecheck prove`.
//
// Each claim reads the state before (units, Workers, Utilities, Shields, held and exposed cards,
// consents, Home Spaces, adjacency) and what the step gives in the protocol's fields: the units after
// a placing, the answer of a `friendly-area` or `hostile` query. Reach from a Home Space is said in the
// claim's own terms: a space is reached when it is in every set of spaces that holds the Home Spaces
// and takes in each qualifying space next to a member (`reached`, a predicate of the claim, free in the
// question, so the refutation may pick any such set). The relation's area is least through ranks; a
// theorem about reach adds the one instance of the naturals' well-ordering Z3 cannot find by itself
// (a member outside the set has one of least rank), a fact of arithmetic, not of the rules.
#include <fmt/format.h>

#include "solver/messina/friendly_relation.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

// The claims' own reading of the page's words, from the state's fields (never the relation's symbols).
struct Reading {
  const FriendlyBoard& b;
  ms::Readings r;

  // An opposing faction (no military consent) has units there, Workers (units-include-workers), or
  // the space's card (face up under exposed-only).
  z3::expr opposed(const z3::expr& s) const {
    const z3::expr g = b.c.constant("claim_g", b.faction);
    const z3::expr workers =
        r.hostile_workers == R::HostileWorkers::units_include_workers ? b.workers(g, s) > 0 : b.c.bool_val(false);
    const z3::expr card = r.card_hostility == R::CardHostility::held ? b.holds(g, s) : b.holds(g, s) && b.exposed(s);
    return z3::exists(g, g != b.f && !b.consents_military(g, b.f) && (b.units(g, s) > 0 || workers || card));
  }
  // The faction, or an ally consenting to `p`, has something there (and, for military purposes,
  // nothing opposing is there).
  z3::expr qualifies(Purpose p, const z3::expr& s) const {
    const z3::expr g = b.c.constant("claim_g", b.faction);
    const z3::expr ours = z3::exists(g, (g == b.f || b.consents(p)(g, b.f)) && b.presence(g, s));
    return p == Purpose::military ? ours && !opposed(s) : ours;
  }
  z3::expr starts(Purpose p, const z3::expr& s) const {
    return b.home(b.f, s) && (r.home_anchor == R::HomeAnchor::always ? b.c.bool_val(true) : qualifies(p, s));
  }
  // The set `reached` holds the starts and every qualifying space next to a member.
  z3::expr closed(Purpose p, const z3::func_decl& reached) const {
    const z3::expr s = b.c.constant("claim_s", b.space), t = b.c.constant("claim_t", b.space);
    return z3::forall(s, z3::implies(starts(p, s), reached(s))) &&
           z3::forall(t, s, z3::implies(reached(t) && b.adj(t, s) && qualifies(p, s), reached(s)));
  }
  // In the set, or (with-frontier) next to a member.
  z3::expr within(const z3::func_decl& reached, const z3::expr& x) const {
    const z3::expr t = b.c.constant("claim_t", b.space);
    return r.area_extent == R::AreaExtent::with_frontier ? reached(x) || z3::exists(t, reached(t) && b.adj(t, x))
                                                         : reached(x);
  }
};

z3::func_decl reach_set(const FriendlyBoard& b, Purpose p) {
  return b.c.function(fmt::format("claim_reached_{}", purpose_name(p)).c_str(), b.space, b.c.bool_sort());
}

// The naturals are well-ordered: when a member of the component is outside `reached`, one of least
// rank is (an instance of induction, about the relation's ranks; it holds of any ranks at least 0).
z3::expr least_rank_outside(const FriendlyBoard& b, Purpose p, const z3::func_decl& reached) {
  const z3::expr s = b.c.constant("wo_s", b.space), m = b.c.constant("wo_m", b.space);
  const z3::func_decl comp = b.component(p), rank = b.rank(p);
  return z3::implies(
      z3::exists(s, comp(s) && !reached(s)),
      z3::exists(m, comp(m) && !reached(m) && z3::forall(s, z3::implies(comp(s) && !reached(s), rank(m) <= rank(s)))));
}

std::string words(const ms::Readings& r) {
  return fmt::format(
      "{}, {}, anchor {}, extent {}, civilian-consent {}",
      r.hostile_workers == R::HostileWorkers::units_include_workers ? "units-include-workers" : "military-units-only",
      r.card_hostility == R::CardHostility::exposed_only ? "exposed-only" : "held",
      r.home_anchor == R::HomeAnchor::always ? "always" : "if-friendly",
      r.area_extent == R::AreaExtent::friendly_component ? "friendly-component" : "with-frontier",
      r.civilian_consent == R::CivilianConsent::civilians ? "civilians" : "muster");
}

// Which readings a theorem's questions range over, and which Friendly Areas it reads: the placing's
// activity's, the military one.
struct Axes {
  bool hostility = false, anchor = true, extent = false;
  bool placing_area = false, military_area = false;
};

std::vector<ms::Readings> cases(const ms::Rules& rules, Axes axes, Placing k) {
  std::vector<ms::Readings> out;
  auto each = [](bool on, auto a, auto b) { return on ? std::vector<decltype(a)>{a, b} : std::vector<decltype(a)>{}; };
  ms::Readings base = rules.readings;
  for (auto hw : axes.hostility
                     ? each(true, R::HostileWorkers::units_include_workers, R::HostileWorkers::military_units_only)
                     : std::vector<R::HostileWorkers>{base.hostile_workers})
    for (auto ch : axes.hostility ? each(true, R::CardHostility::exposed_only, R::CardHostility::held)
                                  : std::vector<R::CardHostility>{base.card_hostility})
      for (auto an : axes.anchor ? each(true, R::HomeAnchor::always, R::HomeAnchor::if_friendly)
                                 : std::vector<R::HomeAnchor>{base.home_anchor})
        for (auto ex : axes.extent ? each(true, R::AreaExtent::friendly_component, R::AreaExtent::with_frontier)
                                   : std::vector<R::AreaExtent>{R::AreaExtent::friendly_component})
          for (auto cc : k == Placing::civilians ? each(true, R::CivilianConsent::civilians, R::CivilianConsent::muster)
                                                 : std::vector<R::CivilianConsent>{base.civilian_consent}) {
            ms::Readings r = base;
            r.hostile_workers = hw, r.card_hostility = ch, r.home_anchor = an, r.area_extent = ex,
            r.civilian_consent = cc;
            out.push_back(r);
          }
  return out;
}

// Vacuity (a): the board before as play can reach it (section_theorems.cpp lists what is stated):
// messina.reachable.two-home-spaces, messina.reachable.one-shield-per-space under one-per-space, a
// space's Location Card held by one faction at most.
z3::expr friendly_reachable(const FriendlyBoard& b, const ms::Readings& r) {
  const z3::expr g = b.c.constant("reach_g", b.faction), h = b.c.constant("reach_h", b.faction);
  const z3::expr s1 = b.c.constant("reach_s1", b.space), s2 = b.c.constant("reach_s2", b.space),
                 s3 = b.c.constant("reach_s3", b.space);
  z3::expr out = z3::forall(g, s1, s2, s3, z3::implies(b.home(g, s1) && b.home(g, s2) && b.home(g, s3),
                                                      s1 == s2 || s1 == s3 || s2 == s3)) &&
                 z3::forall(g, h, s1, z3::implies(b.holds(g, s1) && b.holds(h, s1), g == h));
  if (r.shield_per_space == ms::Readings::ShieldPerSpace::one_per_space)
    out = out && z3::forall(g, h, s1, z3::implies(b.shield(g, s1) && b.shield(h, s1), g == h));
  return out;
}

const char* placing_words(Placing k) { return k == Placing::muster ? "a Muster" : "Civilians placed before orders"; }

// One question per placing and reading case: `claim(reading, placing)`, `exercised(...)`, and
// `premises(...)` beside the state's well-formedness.
using Part = std::function<z3::expr(const Reading&, Placing)>;

std::vector<Ask> questions(z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit, Axes axes,
                           std::vector<Placing> placings, const Part& premises, const Part& claim,
                           const Part& exercised, const char* query = nullptr) {
  std::vector<Ask> out;
  const FriendlyBoard b(ctx);
  for (Placing k : placings)
    for (const ms::Readings& r : cases(rules, axes, k)) {
      ms::Rules asked = rules;
      asked.readings = r;
      const Reading reading{b, r};
      const ms::Rules related = relation_rules(edit, asked);
      std::vector<Purpose> areas;
      if (axes.placing_area) areas.push_back(purpose_of(k, related.readings));
      if (axes.military_area) areas.push_back(Purpose::military);
      out.push_back({fmt::format("{} ({})", query ? query : placing_words(k), words(r)),
                     b.well_formed() && premises(reading, k), friendly_relation(b, related.readings, k, areas),
                     claim(reading, k), exercised(reading, k)});
      out.back().reachable = friendly_reachable(b, r);
    }
  return out;
}

const char* kCoversBoards =
    "boards of any size: any number of spaces and factions (uninterpreted sorts), any adjacency, any units, Workers, "
    "Utilities, Shields, held and exposed cards and consents";

MessinaTheorem placing_only_where_reached() {
  MessinaTheorem t;
  t.id = "messina.friendly.placing-only-where-reached";
  t.claim =
      "a Muster, or Civilians placed before orders, adds units only to spaces reached from a Home Space of the faction "
      "through spaces where the faction, or an ally consenting to that activity, has units, Workers, a Utility, a "
      "Shield or the card";
  t.covers = fmt::format(
      "{}; Muster and Civilians placed before orders or a Bonus Military Action; readings: messina.home-space-anchor "
      "(both), messina.civilian-consent (both, for Civilians), messina.friendly-area-extent friendly-component only "
      "(under with-frontier Z3 finds no model for the vacuity check within the budget)",
      kCoversBoards);
  t.clauses = {"messina.friendly.area",        "messina.friendly.space",
               "messina.friendly.empty",       "messina.friendly.consent",
               "messina.muster.friendly-area", "messina.population.placement.friendly-area"};
  t.exercised_words = "units are added to a space that is not a Home Space";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return questions(
        ctx, rules, edit, {false, true, false, true, false}, {Placing::muster, Placing::civilians},
        [](const Reading& q, Placing k) {
          const Purpose p = purpose_of(k, q.r);
          return q.closed(p, reach_set(q.b, p)) && least_rank_outside(q.b, p, reach_set(q.b, p));
        },
        [](const Reading& q, Placing k) {
          const Purpose p = purpose_of(k, q.r);
          const z3::func_decl reached = reach_set(q.b, p);
          const z3::expr x = q.b.c.constant("claim_x", q.b.space);
          return z3::forall(x, z3::implies(q.b.units_after(q.b.f, x) > q.b.units(q.b.f, x), q.within(reached, x)));
        },
        [](const Reading& q, Placing) {
          const z3::expr x = q.b.c.constant("claim_x", q.b.space);
          return z3::exists(x, q.b.units_after(q.b.f, x) > q.b.units(q.b.f, x) && !q.b.home(q.b.f, x));
        });
  };
  return t;
}

MessinaTheorem military_area_reached_avoiding_hostile() {
  MessinaTheorem t;
  t.id = "messina.friendly.military-area-reached-avoiding-hostile";
  t.claim =
      "every space of the faction's Friendly Area for military purposes (the friendly-area query's answer) is reached "
      "from a Home Space of the faction through spaces where it or a militarily consenting ally has something and "
      "none of them hostile: no opposing faction has units, Workers (units-include-workers) or the card (exposed, "
      "under "
      "exposed-only) there (with-frontier: or next to one)";
  t.covers = fmt::format(
      "{}; the friendly-area query, purpose military; readings: messina.hostile-workers, messina.card-hostility, "
      "messina.home-space-anchor and messina.friendly-area-extent (every combination)",
      kCoversBoards);
  t.clauses = {"messina.friendly.area", "messina.friendly.hostile", "messina.friendly.space", "messina.friendly.empty",
               "messina.friendly.consent"};
  t.exercised_words = "the area holds a space that is not a Home Space";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return questions(
        ctx, rules, edit, {true, true, true, false, true}, {Placing::muster},
        [](const Reading& q, Placing) {
          const z3::func_decl reached = reach_set(q.b, Purpose::military);
          return q.closed(Purpose::military, reached) && least_rank_outside(q.b, Purpose::military, reached);
        },
        [](const Reading& q, Placing) {
          const z3::func_decl reached = reach_set(q.b, Purpose::military);
          const z3::expr x = q.b.c.constant("claim_x", q.b.space);
          return z3::forall(x, z3::implies(q.b.area_military(x), q.within(reached, x)));
        },
        [](const Reading& q, Placing) {
          const z3::expr x = q.b.c.constant("claim_x", q.b.space);
          return z3::exists(x, q.b.area_military(x) && !q.b.home(q.b.f, x));
        },
        "the friendly-area query, military");
  };
  return t;
}

// The area for `p` (its query's answer) holds the starts and every qualifying space next to a member.
z3::expr area_closed(const Reading& q, Purpose p) { return q.closed(p, q.b.area(p)); }

MessinaTheorem military_area_takes_every_reached_space() {
  MessinaTheorem t;
  t.id = "messina.friendly.military-area-takes-every-reached-space";
  t.claim =
      "the faction's Friendly Area for military purposes (the friendly-area query's answer) holds its Home Spaces "
      "(if-friendly: those where it or a militarily consenting ally has something and nothing opposing is) and every "
      "space next to a member where it or such an ally has something and no opposing faction has units, Workers "
      "(units-include-workers) or the card (exposed, under exposed-only): Utilities, Shields and hidden cards alone "
      "keep no space out";
  t.covers = fmt::format(
      "{}; the friendly-area query, purpose military; readings: messina.hostile-workers, messina.card-hostility and "
      "messina.home-space-anchor (every combination), messina.friendly-area-extent friendly-component (with-frontier "
      "only adds spaces)",
      kCoversBoards);
  t.clauses = {"messina.friendly.area", "messina.friendly.space", "messina.friendly.hostile",
               "messina.friendly.empty-structures", "messina.friendly.consent"};
  t.exercised_words = "a space next to the area, not a Home Space, holds an opposing Utility or Shield";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return questions(
        ctx, rules, edit, {true, true, false, false, true}, {Placing::muster},
        [](const Reading& q, Placing) { return q.b.c.bool_val(true); },
        [](const Reading& q, Placing) { return area_closed(q, Purpose::military); },
        [](const Reading& q, Placing) {
          const FriendlyBoard& b = q.b;
          const z3::expr s = b.c.constant("claim_s", b.space), from = b.c.constant("claim_t", b.space),
                         g = b.c.constant("claim_g", b.faction);
          return z3::exists(from, s, g,
                            b.area_military(from) && b.adj(from, s) && q.qualifies(Purpose::military, s) &&
                                !b.home(b.f, s) && g != b.f && !b.consents_military(g, b.f) &&
                                (b.utility(g, s) || b.shield(g, s)));
        },
        "the friendly-area query, military");
  };
  return t;
}

MessinaTheorem mixed_space_next_to_area_in_it() {
  MessinaTheorem t;
  t.id = "messina.friendly.mixed-space-next-to-mustering-area-in-it";
  t.claim =
      "the faction's Friendly Area for mustering, and for placing Civilians (the friendly-area query's answers), holds "
      "its Home Spaces (if-friendly: those where it or an ally consenting to the activity has something) and every "
      "space next to a member where it or such an ally has something, even when opposing units are there too";
  t.covers = fmt::format(
      "{}; the friendly-area query, purposes muster and civilians; readings: messina.home-space-anchor (both), "
      "messina.civilian-consent (both, for civilians), messina.friendly-area-extent friendly-component",
      kCoversBoards);
  t.clauses = {"messina.friendly.area", "messina.friendly.space", "messina.friendly.mixed", "messina.friendly.consent"};
  t.exercised_words = "a space next to the area holds the faction's presence and an opposing faction's units";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return questions(
        ctx, rules, edit, {false, true, false, true, false}, {Placing::muster, Placing::civilians},
        [](const Reading& q, Placing) { return q.b.c.bool_val(true); },
        [](const Reading& q, Placing k) { return area_closed(q, purpose_of(k, q.r)); },
        [](const Reading& q, Placing k) {
          const FriendlyBoard& b = q.b;
          const z3::expr s = b.c.constant("claim_s", b.space), from = b.c.constant("claim_t", b.space),
                         g = b.c.constant("claim_g", b.faction);
          return z3::exists(from, s, g,
                            b.area(purpose_of(k, q.r))(from) && b.adj(from, s) && b.presence(b.f, s) && g != b.f &&
                                !b.consents_military(g, b.f) && b.units(g, s) > 0);
        });
  };
  return t;
}

MessinaTheorem structures_never_hostile() {
  MessinaTheorem t;
  t.id = "messina.friendly.structures-never-hostile";
  t.claim =
      "a space where no opposing faction (no military consent) has units, Workers (units-include-workers) or the card "
      "(exposed, under exposed-only) is not hostile (the hostile query's answer): Utilities, Shields, and under their "
      "readings Workers and hidden cards, alone never make it so";
  t.covers = fmt::format(
      "{}; the hostile query; readings: messina.hostile-workers and messina.card-hostility (every "
      "combination)",
      kCoversBoards);
  t.clauses = {"messina.friendly.hostile", "messina.friendly.empty-structures", "messina.friendly.consent"};
  t.exercised_words = "an opposing faction has a Utility or Shield in a space";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return questions(
        ctx, rules, edit, {true, false, false, false, false}, {Placing::muster},
        [](const Reading& q, Placing) { return q.b.c.bool_val(true); },
        [](const Reading& q, Placing) {
          const z3::expr s = q.b.c.constant("claim_s", q.b.space);
          return z3::forall(s, z3::implies(!q.opposed(s), !q.b.hostile(s)));
        },
        [](const Reading& q, Placing) {
          const FriendlyBoard& b = q.b;
          const z3::expr s = b.c.constant("claim_s", b.space), g = b.c.constant("claim_g", b.faction);
          return z3::exists(s, g, g != b.f && !b.consents_military(g, b.f) && (b.utility(g, s) || b.shield(g, s)));
        },
        "the hostile query");
  };
  return t;
}

}  // namespace

std::vector<MessinaTheorem> friendly_theorems() {
  return {placing_only_where_reached(), military_area_reached_avoiding_hostile(),
          military_area_takes_every_reached_space(), mixed_space_next_to_area_in_it(), structures_never_hostile()};
}

}  // namespace rulecheck::solver::messina

// The Friendly Area page as one relation (friendly_relation.hpp), clause by clause.
#include "solver/messina/friendly_relation.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

z3::func_decl pred(z3::context& c, const char* name, const z3::sort& a) { return c.function(name, a, c.bool_sort()); }
z3::func_decl pred(z3::context& c, const char* name, const z3::sort& a, const z3::sort& b) {
  return c.function(name, a, b, c.bool_sort());
}
z3::func_decl count(z3::context& c, const char* name, const z3::sort& a, const z3::sort& b) {
  return c.function(name, a, b, c.int_sort());
}

}  // namespace

const char* purpose_name(Purpose p) {
  switch (p) {
    case Purpose::muster: return "muster";
    case Purpose::civilians: return "civilians";
    case Purpose::military: return "military";
  }
  return "";
}

FriendlyBoard::FriendlyBoard(z3::context& ctx)
    : c(ctx),
      space(ctx.uninterpreted_sort("Space")),
      faction(ctx.uninterpreted_sort("Faction")),
      units(count(ctx, "units", faction, space)),
      workers(count(ctx, "workers", faction, space)),
      utility(pred(ctx, "utility", faction, space)),
      shield(pred(ctx, "shield", faction, space)),
      holds(pred(ctx, "holds_card", faction, space)),
      exposed(pred(ctx, "card_exposed", space)),
      consents_muster(pred(ctx, "consents_muster", faction, faction)),
      consents_civilians(pred(ctx, "consents_civilians", faction, faction)),
      consents_military(pred(ctx, "consents_military", faction, faction)),
      adj(pred(ctx, "adjacent", space, space)),
      home(pred(ctx, "home", faction, space)),
      units_after(count(ctx, "units_after", faction, space)),
      area_muster(pred(ctx, "answer_friendly_area_muster", space)),
      area_civilians(pred(ctx, "answer_friendly_area_civilians", space)),
      area_military(pred(ctx, "answer_friendly_area_military", space)),
      hostile(pred(ctx, "answer_hostile", space)),
      friendly_muster(pred(ctx, "friendly_muster", space)),
      friendly_civilians(pred(ctx, "friendly_civilians", space)),
      friendly_military(pred(ctx, "friendly_military", space)),
      counts_muster(pred(ctx, "counts_muster", faction)),
      counts_civilians(pred(ctx, "counts_civilians", faction)),
      counts_military(pred(ctx, "counts_military", faction)),
      component_muster(pred(ctx, "component_muster", space)),
      component_civilians(pred(ctx, "component_civilians", space)),
      component_military(pred(ctx, "component_military", space)),
      rank_muster(ctx.function("rank_muster", space, ctx.int_sort())),
      rank_civilians(ctx.function("rank_civilians", space, ctx.int_sort())),
      rank_military(ctx.function("rank_military", space, ctx.int_sort())),
      f(ctx.constant("faction", faction)) {}

namespace {

// The one of three symbols that belongs to `p`.
const z3::func_decl& by_purpose(Purpose p, const z3::func_decl& muster, const z3::func_decl& civilians,
                                const z3::func_decl& military) {
  return p == Purpose::muster ? muster : p == Purpose::civilians ? civilians : military;
}

}  // namespace

z3::func_decl FriendlyBoard::consents(Purpose p) const {
  return by_purpose(p, consents_muster, consents_civilians, consents_military);
}
z3::func_decl FriendlyBoard::area(Purpose p) const { return by_purpose(p, area_muster, area_civilians, area_military); }
z3::func_decl FriendlyBoard::friendly(Purpose p) const {
  return by_purpose(p, friendly_muster, friendly_civilians, friendly_military);
}
z3::func_decl FriendlyBoard::counts(Purpose p) const {
  return by_purpose(p, counts_muster, counts_civilians, counts_military);
}
z3::func_decl FriendlyBoard::component(Purpose p) const {
  return by_purpose(p, component_muster, component_civilians, component_military);
}
z3::func_decl FriendlyBoard::rank(Purpose p) const { return by_purpose(p, rank_muster, rank_civilians, rank_military); }

z3::expr FriendlyBoard::presence(const z3::expr& g, const z3::expr& s) const {
  return units(g, s) > 0 || workers(g, s) > 0 || utility(g, s) || shield(g, s) || holds(g, s);
}

z3::expr FriendlyBoard::well_formed() const {
  const z3::expr g = c.constant("g", faction), s = c.constant("s", space), t = c.constant("t", space);
  return z3::forall(g, s, units(g, s) >= 0 && workers(g, s) >= 0 && units_after(g, s) >= 0) &&
         z3::forall(s, t, adj(s, t) == adj(t, s));
}

Purpose purpose_of(Placing k, const ms::Readings& r) {
  if (k == Placing::muster) return Purpose::muster;
  return r.civilian_consent == R::CivilianConsent::civilians ? Purpose::civilians : Purpose::muster;
}

namespace {

// messina.friendly.hostile, with messina.hostile-workers and messina.card-hostility: `g` opposes the
// faction (no military consent) and has units there, or (a reading) Workers, or holds the space's
// card (a reading: exposed).
z3::expr makes_hostile(const FriendlyBoard& b, const z3::expr& g, const z3::expr& s, const ms::Readings& r) {
  const z3::expr workers =
      r.hostile_workers == R::HostileWorkers::units_include_workers ? b.workers(g, s) > 0 : b.c.bool_val(false);
  const z3::expr card = r.card_hostility == R::CardHostility::held ? b.holds(g, s) : b.holds(g, s) && b.exposed(s);
  return g != b.f && !b.consents_military(g, b.f) && (b.units(g, s) > 0 || workers || card);
}

void hostility(const FriendlyBoard& b, const ms::Readings& r, Constraints& out) {
  const z3::expr g = b.c.constant("g", b.faction), s = b.c.constant("s", b.space);
  out.push_back({"messina.friendly.hostile", z3::forall(s, g, z3::implies(makes_hostile(b, g, s, r), b.hostile(s)))});
  // Nothing else makes a space hostile: empty Utilities and Shields never do.
  out.push_back({"messina.friendly.empty-structures",
                 z3::forall(s, z3::implies(b.hostile(s), z3::exists(g, makes_hostile(b, g, s, r))))});
}

// Which spaces are friendly for `p`, and the Friendly Area for `p` (its query's answer).
void friendly_for(const FriendlyBoard& b, const ms::Readings& r, Purpose p, Constraints& out) {
  z3::context& c = b.c;
  const z3::expr g = c.constant("g", b.faction), s = c.constant("s", b.space), t = c.constant("t", b.space);
  const z3::func_decl counts = b.counts(p), friendly = b.friendly(p), component = b.component(p), rank = b.rank(p);
  // Whose presence counts: the faction's own, an ally's only with consent to this activity.
  out.push_back({"messina.friendly.consent", z3::forall(g, counts(g) == (g == b.f || b.consents(p)(g, b.f)))});
  const z3::expr present = z3::exists(g, counts(g) && b.presence(g, s));
  out.push_back({"messina.friendly.space", z3::forall(s, z3::implies(present && !b.hostile(s), friendly(s)))});
  if (p == Purpose::military)
    out.push_back({"messina.friendly.hostile", z3::forall(s, z3::implies(b.hostile(s), !friendly(s)))});
  else
    out.push_back({"messina.friendly.mixed", z3::forall(s, z3::implies(present && b.hostile(s), friendly(s)))});
  out.push_back({"messina.friendly.empty", z3::forall(s, z3::implies(friendly(s), present))});
  // messina.friendly.area: the Home Spaces start it (messina.home-space-anchor), a friendly space
  // next to a member joins, and nothing else is in it: each member is a start or joined from a
  // member of lower rank (so by a finite chain).
  const z3::expr starts = b.home(b.f, s) && (r.home_anchor == R::HomeAnchor::always ? c.bool_val(true) : friendly(s));
  out.push_back({"messina.friendly.area", z3::forall(s, z3::implies(starts, component(s)))});
  out.push_back({"messina.friendly.area",
                 z3::forall(t, s, z3::implies(component(t) && b.adj(t, s) && friendly(s), component(s)))});
  out.push_back(
      {"messina.friendly.area",
       z3::forall(s, rank(s) >= 0 && z3::implies(component(s),
                                                 starts || (friendly(s) && z3::exists(t, b.adj(t, s) && component(t) &&
                                                                                             rank(t) < rank(s)))))});
  // messina.friendly-area-extent: the component, or the component and the spaces next to it (each
  // such space joined `via` a member next to it).
  const z3::func_decl area = b.area(p);
  if (r.area_extent == R::AreaExtent::with_frontier) {
    const z3::func_decl via = c.function(("frontier_via_" + std::string(purpose_name(p))).c_str(), b.space, b.space);
    out.push_back({"messina.friendly.area",
                   z3::forall(s, z3::implies(area(s), component(s) || (component(via(s)) && b.adj(via(s), s)))) &&
                       z3::forall(t, s, z3::implies(component(t) && (t == s || b.adj(t, s)), area(s)))});
  } else {
    out.push_back({"messina.friendly.area", z3::forall(s, area(s) == component(s))});
  }
}

}  // namespace

Constraints friendly_relation(const FriendlyBoard& b, const ms::Readings& r, Placing k,
                              const std::vector<Purpose>& purposes) {
  Constraints out;
  hostility(b, r, out);
  for (Purpose p : purposes) friendly_for(b, r, p, out);
  // The placing adds units only in the Friendly Area of its activity.
  const z3::expr s = b.c.constant("s", b.space);
  const char* clause =
      k == Placing::muster ? "messina.muster.friendly-area" : "messina.population.placement.friendly-area";
  out.push_back(
      {clause, z3::forall(s, z3::implies(b.units_after(b.f, s) > b.units(b.f, s), b.area(purpose_of(k, r))(s)))});
  return out;
}

}  // namespace rulecheck::solver::messina

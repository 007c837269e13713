// The Friendly Area page's relation (friendly_relation.cpp) over any board: spaces and factions are
// uninterpreted sorts, the state's fields functions over them (FriendlyBoard), for the theorems of
// friendly_theorems.cpp.
#include "solver/messina/friendly_relation.hpp"

namespace rulecheck::solver::messina {

namespace {

z3::func_decl pred(z3::context& c, const std::string& name, const z3::sort& a) {
  return c.function(name.c_str(), a, c.bool_sort());
}
z3::func_decl pred(z3::context& c, const char* name, const z3::sort& a, const z3::sort& b) {
  return c.function(name, a, b, c.bool_sort());
}
z3::func_decl count(z3::context& c, const char* name, const z3::sort& a, const z3::sort& b) {
  return c.function(name, a, b, c.int_sort());
}

}  // namespace

// The names are the relation's (friendly_relation.cpp): one context, one name, one symbol.
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
      counts_muster(pred(ctx, "counts_muster", faction)),
      f(ctx.constant("faction", faction)) {}

z3::func_decl FriendlyBoard::consents(Purpose p) const {
  return pred(c, (std::string("consents_") + purpose_name(p)).c_str(), faction, faction);
}
z3::func_decl FriendlyBoard::area(Purpose p) const {
  return pred(c, std::string("answer_friendly_area_") + purpose_name(p), space);
}
z3::func_decl FriendlyBoard::component(Purpose p) const {
  return pred(c, std::string("component_") + purpose_name(p), space);
}
z3::func_decl FriendlyBoard::rank(Purpose p) const {
  return c.function((std::string("rank_") + purpose_name(p)).c_str(), space, c.int_sort());
}

z3::expr FriendlyBoard::presence(const z3::expr& g, const z3::expr& s) const {
  return units(g, s) > 0 || workers(g, s) > 0 || utility(g, s) || shield(g, s) || holds(g, s);
}

z3::expr FriendlyBoard::well_formed() const {
  const z3::expr g = c.constant("g", faction), s = c.constant("s", space), t = c.constant("t", space);
  return z3::forall(g, s, units(g, s) >= 0 && workers(g, s) >= 0 && units_after(g, s) >= 0) &&
         z3::forall(s, t, adj(s, t) == adj(t, s));
}

PageSorts FriendlyBoard::sorts() const { return {Spaces::open(c), -1, Factions::open(c)}; }

PageFields FriendlyBoard::fields() const {
  const FriendlyBoard b = *this;
  auto of = [](const z3::func_decl& d) {
    return [d](const Who& g, const Where& s) { return d(g.term, s.term); };
  };
  return {of(units),
          of(workers),
          of(utility),
          of(shield),
          of(holds),
          [d = exposed](const Where& s) { return d(s.term); },
          [b](Purpose p, const Who& giver, const Who& receiver) { return b.consents(p)(giver.term, receiver.term); },
          [d = adj](const Where& from, const Where& to) { return d(from.term, to.term); },
          of(home),
          {f, -1}};
}

Constraints friendly_relation(const FriendlyBoard& b, const ms::Readings& r, Placing k,
                              const std::vector<Purpose>& purposes) {
  Constraints out;
  const PageSorts d = b.sorts();
  const PageFields x = b.fields();
  const FriendlyPage page = friendly_page(d, x, r, purposes, out);
  // The placing adds units only in the Friendly Area of its activity.
  const z3::func_decl units = b.units, after = b.units_after;
  const z3::expr f = b.f;
  // A question that reads no Friendly Area leaves the placing's unconstrained (its symbol).
  const Purpose p = purpose_of(k, r);
  bool built = false;
  for (Purpose q : purposes) built = built || q == p;
  const z3::func_decl symbol = b.area(p);
  const AtWhere area = built ? page.area(p) : AtWhere([symbol](const Where& s) { return symbol(s.term); });
  out.push_back(placing_in_area(
      d, k, [&](const Where& s) { return after(f, s.term) > units(f, s.term); }, area));
  return out;
}

}  // namespace rulecheck::solver::messina

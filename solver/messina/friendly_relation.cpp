// The Friendly Area page as one relation (friendly_relation.hpp), clause by clause.
#include "solver/messina/friendly_relation.hpp"

#include <stdexcept>

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

// A predicate over spaces the page defines, case by case: where `when` holds, `value`. The cases are
// exhaustive and agree where they overlap. Over any board a symbol `name`, each case a constraint
// tagged by its clause (dropping one frees the symbol there); over one board the value itself.
struct Case {
  const char* clause;
  AtWhere when;
  bool value;
};

AtWhere defined_by_cases(const PageSorts& d, Constraints& out, const std::string& name, const std::vector<Case>& cases) {
  z3::context& c = d.ctx();
  if (d.spaces.is_open()) {
    const z3::func_decl symbol = c.function(name.c_str(), d.spaces.sort(), c.bool_sort());
    for (const Case& k : cases)
      out.push_back({k.clause, d.every_space("s", [&](const Where& s) {
                       return z3::implies(k.when(s), k.value ? symbol(s.term) : !symbol(s.term));
                     })});
    return [symbol](const Where& w) { return symbol(w.term); };
  }
  std::vector<z3::expr> values;
  for (int i = 0; i < d.space_count; ++i) {
    const Where w{c.int_val(i), i};
    z3::expr v = c.bool_val(false);
    for (auto k = cases.rbegin(); k != cases.rend(); ++k) v = z3::ite(k->when(w), c.bool_val(k->value), v);
    values.push_back(v.simplify());
  }
  return [values](const Where& w) { return values[static_cast<std::size_t>(w.index)]; };
}

// A predicate over factions the page defines as `value`, tagged `clause`: a symbol over any board.
AtWho defined_per_faction(const PageSorts& d, Constraints& out, const char* clause, const std::string& name,
                          const AtWho& value) {
  z3::context& c = d.ctx();
  if (d.factions.is_open()) {
    const z3::func_decl symbol = c.function(name.c_str(), d.factions.sort(), c.bool_sort());
    out.push_back({clause, d.factions.each("g", [&](const Who& g) { return symbol(g.term) == value(g); })});
    return [symbol](const Who& g) { return symbol(g.term); };
  }
  std::vector<z3::expr> values;
  for (int i = 0; i < d.factions.count(); ++i) values.push_back(value(d.factions.at(i)).simplify());
  return [values](const Who& g) { return values[static_cast<std::size_t>(g.index)]; };
}

constexpr const char* kArea = "messina.friendly.area";

// messina.friendly.area: the least set that holds the `starts` and every space that `joins` next to a
// member. Over any board a symbol `component_<name>` with ranks: each member is a start or joined from
// a member of lower rank (so by a finite chain). Over one board the reach unrolled as many times as
// there are spaces (a path never needs more steps).
AtWhere least_reach(const PageSorts& d, const PageFields& x, Constraints& out, const std::string& name,
                    const AtWhere& starts, const AtWhere& joins) {
  z3::context& c = d.ctx();
  if (d.spaces.is_open()) {
    const z3::func_decl member = c.function(("component_" + name).c_str(), d.spaces.sort(), c.bool_sort());
    const z3::func_decl rank = c.function(("rank_" + name).c_str(), d.spaces.sort(), c.int_sort());
    out.push_back({kArea, d.every_space("s", [&](const Where& s) { return z3::implies(starts(s), member(s.term)); })});
    out.push_back({kArea, d.every_space("t", [&](const Where& t) {
                     return d.every_space("s", [&](const Where& s) {
                       return z3::implies(member(t.term) && x.adjacent(t, s) && joins(s), member(s.term));
                     });
                   })});
    out.push_back({kArea, d.every_space("s", [&](const Where& s) {
                     const z3::expr chain = d.some_space("t", [&](const Where& t) {
                       return x.adjacent(t, s) && member(t.term) && rank(t.term) < rank(s.term);
                     });
                     return rank(s.term) >= 0 && z3::implies(member(s.term), starts(s) || (joins(s) && chain));
                   })});
    return [member](const Where& w) { return member(w.term); };
  }
  std::vector<z3::expr> reach;
  for (int i = 0; i < d.space_count; ++i) reach.push_back(starts({c.int_val(i), i}).simplify());
  for (int step = 0; step < d.space_count; ++step) {
    std::vector<z3::expr> next;
    for (int i = 0; i < d.space_count; ++i) {
      const Where s{c.int_val(i), i};
      const z3::expr from =
          d.some_space("t", [&](const Where& t) { return x.adjacent(t, s) && reach[static_cast<std::size_t>(t.index)]; });
      next.push_back((reach[static_cast<std::size_t>(i)] || (joins(s) && from)).simplify());
    }
    reach = std::move(next);
  }
  return [reach](const Where& w) { return reach[static_cast<std::size_t>(w.index)]; };
}

// messina.friendly-area-extent: the component, or the component and the spaces next to it. Over any
// board a symbol `answer_friendly_area_<name>`, each frontier space joined `via` a member next to it.
AtWhere area_of(const PageSorts& d, const PageFields& x, Constraints& out, const std::string& name,
                const AtWhere& component, const ms::Readings& r) {
  z3::context& c = d.ctx();
  const bool frontier = r.area_extent == R::AreaExtent::with_frontier;
  auto next_to_member = [&](const Where& s) {
    return d.some_space("t", [&](const Where& t) { return component(t) && x.adjacent(t, s); });
  };
  if (!d.spaces.is_open()) {
    std::vector<z3::expr> values;
    for (int i = 0; i < d.space_count; ++i) {
      const Where s{c.int_val(i), i};
      values.push_back(frontier ? (component(s) || next_to_member(s)).simplify() : component(s));
    }
    return [values](const Where& w) { return values[static_cast<std::size_t>(w.index)]; };
  }
  const z3::func_decl area = c.function(("answer_friendly_area_" + name).c_str(), d.spaces.sort(), c.bool_sort());
  if (frontier) {
    const z3::func_decl via = c.function(("frontier_via_" + name).c_str(), d.spaces.sort(), d.spaces.sort());
    out.push_back({kArea, d.every_space("s", [&](const Where& s) {
                            const Where v{via(s.term), -1};
                            return z3::implies(area(s.term), component(s) || (component(v) && x.adjacent(v, s)));
                          }) &&
                              d.every_space("t", [&](const Where& t) {
                                return d.every_space("s", [&](const Where& s) {
                                  return z3::implies(component(t) && (t.term == s.term || x.adjacent(t, s)),
                                                     area(s.term));
                                });
                              })});
  } else {
    out.push_back({kArea, d.every_space("s", [&](const Where& s) { return area(s.term) == component(s); })});
  }
  return [area](const Where& w) { return area(w.term); };
}

// messina.friendly.hostile: some faction opposes `f` there; messina.friendly.empty-structures: nothing
// else makes a space hostile (empty Utilities and Shields never do).
AtWhere hostility(const PageSorts& d, const PageFields& x, const ms::Readings& r, Constraints& out) {
  auto opposed = [&d, &x, r](const Where& s) {
    return d.factions.some("g", [&](const Who& g) {
      const Opposition o = opposition(d, x, g, s, r);
      return o.units || o.card;
    });
  };
  return defined_by_cases(d, out, "answer_hostile",
                          {{"messina.friendly.hostile", opposed, true},
                           {"messina.friendly.empty-structures", [&](const Where& s) { return !opposed(s); }, false}});
}

// Its Friendly Area for `p`, of the spaces friendly to it for `p`.
AtWhere friendly_area_for(const PageSorts& d, const PageFields& x, const ms::Readings& r, Purpose p,
                          const AtWhere& friendly, Constraints& out) {
  // messina.home-space-anchor: a Home Space starts the area on its own ("always") or only when it is
  // itself friendly ("if-friendly").
  const bool always = r.home_anchor == R::HomeAnchor::always;
  const AtWhere starts = [&x, friendly, always](const Where& s) {
    return always ? x.home(x.f, s) : x.home(x.f, s) && friendly(s);
  };
  const std::string name = purpose_name(p);
  const AtWhere component = least_reach(d, x, out, name, starts, friendly);
  return area_of(d, x, out, name, component, r);
}

}  // namespace

// Which spaces are friendly to `f` for `p`.
AtWhere friendly_spaces(const PageSorts& d, const PageFields& x, Purpose p, const AtWhere& hostile, Constraints& out) {
  const std::string name = purpose_name(p);
  // messina.friendly.consent: whose presence counts: the faction's own, an ally's only with consent to
  // this very activity.
  const AtWho counts = defined_per_faction(d, out, "messina.friendly.consent", "counts_" + name, [&](const Who& g) {
    return !d.factions.differ(g, x.f) || x.consents(p, g, x.f);
  });
  const AtWhere present = [&d, &x, counts](const Where& s) {
    return d.factions.some("g", [&](const Who& g) { return counts(g) && x.presence(g, s); });
  };
  // messina.friendly.space: something of the faction's or a consenting ally's; messina.friendly.mixed:
  // opposing units beside it do not matter, except for military purposes (messina.friendly.hostile);
  // messina.friendly.empty: an empty space is never friendly.
  std::vector<Case> cases = {{"messina.friendly.space", [&](const Where& s) { return present(s) && !hostile(s); }, true}};
  if (p == Purpose::military)
    cases.push_back({"messina.friendly.hostile", hostile, false});
  else
    cases.push_back({"messina.friendly.mixed", [&](const Where& s) { return present(s) && hostile(s); }, true});
  cases.push_back({"messina.friendly.empty", [&](const Where& s) { return !present(s); }, false});
  return defined_by_cases(d, out, "friendly_" + name, cases);
}

// The table's words are string literals: null-terminated.
const char* purpose_name(Purpose p) { return rulecheck::name_in(ms::kActivityNames, p).data(); }

Purpose purpose_of(Placing k, const ms::Readings& r) {
  if (k == Placing::muster) return Purpose::muster;
  return r.civilian_consent == R::CivilianConsent::civilians ? Purpose::civilians : Purpose::muster;
}

z3::expr PageFields::presence(const Who& g, const Where& s) const {
  return units(g, s) > 0 || workers(g, s) > 0 || utility(g, s) || shield(g, s) || holds(g, s);
}

const AtWhere& FriendlyPage::area(Purpose p) const {
  for (const auto& [q, at] : areas)
    if (q == p) return at;
  throw std::logic_error(std::string("the Friendly Area for ") + purpose_name(p) + " was not built");
}

Opposition opposition(const PageSorts& d, const PageFields& x, const Who& g, const Where& s, const ms::Readings& r) {
  z3::context& c = d.ctx();
  const z3::expr opposing = d.factions.differ(g, x.f) && !x.consents(Purpose::military, g, x.f);
  const z3::expr workers =
      r.hostile_workers == R::HostileWorkers::units_include_workers ? x.workers(g, s) > 0 : c.bool_val(false);
  const z3::expr card = r.card_hostility == R::CardHostility::held ? x.holds(g, s) : x.holds(g, s) && x.exposed(s);
  return {opposing && (x.units(g, s) > 0 || workers), opposing && card};
}

FriendlyPage friendly_page(const PageSorts& d, const PageFields& x, const ms::Readings& r,
                           const std::vector<Purpose>& purposes, Constraints& out) {
  FriendlyPage page{hostility(d, x, r, out), {}};
  for (Purpose p : purposes)
    page.areas.emplace_back(p, friendly_area_for(d, x, r, p, friendly_spaces(d, x, p, page.hostile, out), out));
  return page;
}

Named placing_in_area(const PageSorts& d, Placing k, const AtWhere& adds, const AtWhere& area) {
  const char* clause =
      k == Placing::muster ? "messina.muster.friendly-area" : "messina.population.placement.friendly-area";
  return {clause, d.every_space("s", [&](const Where& s) { return z3::implies(adds(s), area(s)); })};
}

}  // namespace rulecheck::solver::messina

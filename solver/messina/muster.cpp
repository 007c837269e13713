// The Muster and Re-arm relation (muster_relation.cpp) over the board asked about: the membership checks
// of `muster` and `rearm` (run --with-solver, fuzz --with-solver, the alternative/forbidden/disputed
// verdicts) and the ambiguity witnesses ask it. What only a board of named spaces has to say stays here:
// the action's counts gathered per space, what the board around says at each space (the Friendly Area
// from friendly.cpp's friendly_area(), high-tech sites, the stacking count, Shields standing), which
// Utility a disbanded Worker leaves (its own first: docs/formats.md), the cards of other holders and
// every other component staying (the frame: messina.muster.builds-only; a Re-arm's:
// messina.muster.shield.rearm).
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "solver/messina/board_army.hpp"
#include "solver/messina/discovery_step.hpp"
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;
using R = ms::Readings;

constexpr const char* kBuildsOnly = "messina.muster.builds-only";
constexpr const char* kRearm = "messina.muster.shield.rearm";
constexpr const char* kDisband = "messina.population.disband-on-shortfall";
constexpr const char* kWorkersOwnFirst = "messina.convention.step3-workers-own-utility-first";

// The action's counts per space, numbers (the action is concrete).
struct Counts {
  std::vector<std::array<int, kKinds>> built_map, built_card, disbanded_map, disbanded_card;
  std::vector<int> built_workers, disbanded_workers, disbanded_card_workers, equipped_map, equipped_card,
      shield_builds, shield_upgrades, card_shield_ops;
  explicit Counts(std::size_t n)
      : built_map(n, std::array<int, kKinds>{}), built_card(n, std::array<int, kKinds>{}),
        disbanded_map(n, std::array<int, kKinds>{}), disbanded_card(n, std::array<int, kKinds>{}), built_workers(n),
        disbanded_workers(n), disbanded_card_workers(n), equipped_map(n), equipped_card(n), shield_builds(n),
        shield_upgrades(n), card_shield_ops(n) {}
};

std::size_t kind_index(Piece p) { return static_cast<std::size_t>(p); }  // ms::kUnitKinds' order

void count_shield_ops(const SymBoard& b, const std::vector<ms::ShieldOp>& ops, Counts& n) {
  for (const auto& op : ops) {
    const auto s = static_cast<std::size_t>(b.space_index(op.where.space));
    if (op.where.on_card) ++n.card_shield_ops[s];
    else ++(op.op == ms::ShieldOpKind::build ? n.shield_builds : n.shield_upgrades)[s];
  }
}

Counts counts_of(const SymBoard& b, const ms::Muster& a) {
  Counts n(b.spaces.size());
  for (const auto& x : a.builds) {
    const auto s = static_cast<std::size_t>(b.space_index(x.where.space));
    if (x.piece == Piece::worker) n.built_workers[s] += x.count;
    else (x.where.on_card ? n.built_card : n.built_map)[s][kind_index(x.piece)] += x.count;
  }
  for (const auto& x : a.equip)
    (x.where.on_card ? n.equipped_card : n.equipped_map)[static_cast<std::size_t>(b.space_index(x.where.space))] +=
        x.count;
  for (const auto& x : a.disband) {
    const auto s = static_cast<std::size_t>(b.space_index(x.where.space));
    if (x.piece == Piece::worker) (x.where.on_card ? n.disbanded_card_workers : n.disbanded_workers)[s] += x.count;
    else (x.where.on_card ? n.disbanded_card : n.disbanded_map)[s][kind_index(x.piece)] += x.count;
  }
  count_shield_ops(b, a.shields, n);
  return n;
}

Counts counts_of(const SymBoard& b, const ms::Rearm& a) {
  Counts n(b.spaces.size());
  count_shield_ops(b, a.shields, n);
  return n;
}

// The counts as the relation reads them: each a number at its space.
MusterChoice choice_of(z3::context& ctx, const Counts& counts) {
  const auto n = std::make_shared<const Counts>(counts);
  auto per_kind = [n, &ctx](std::vector<std::array<int, kKinds>> Counts::*f) {
    return [n, f, &ctx](const Where& w, std::size_t k) { return ctx.int_val(((*n).*f)[w.index][k]); };
  };
  auto at = [n, &ctx](std::vector<int> Counts::*f) {
    return [n, f, &ctx](const Where& w) { return ctx.int_val(((*n).*f)[w.index]); };
  };
  return {per_kind(&Counts::built_map),     per_kind(&Counts::built_card),      per_kind(&Counts::disbanded_map),
          per_kind(&Counts::disbanded_card), at(&Counts::built_workers),        at(&Counts::disbanded_workers),
          at(&Counts::disbanded_card_workers), at(&Counts::equipped_map),       at(&Counts::equipped_card),
          at(&Counts::shield_builds),       at(&Counts::shield_upgrades),       at(&Counts::card_shield_ops)};
}

z3::expr kinds_total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// messina.friendly.consent: whether `giver`'s presence counts for `receiver` in an activity.
z3::expr consents(const SymBoard& b, int giver, int receiver, ms::Activity a) {
  if (giver == receiver) return b.ctx().bool_val(true);
  return b.factions[giver].consents[receiver][static_cast<std::size_t>(a)];
}

// convention messina.convention.high-tech-consent-is-muster: the ally consents to muster
// messina.muster.high-tech: one of the builder's Home Spaces, or a Utility of the builder or of an ally
// consenting to the muster; interpretation messina.high-tech-home: a consenting ally's Home Space too.
z3::expr high_tech_site(const SymBoard& b, int f, int s, const ms::Rules& rules) {
  z3::expr_vector ok(b.ctx());
  ok.push_back(b.factions[f].home[s]);
  for (std::size_t g = 0; g < b.factions.size(); ++g) {
    const int ally = static_cast<int>(g);
    const z3::expr agrees = consents(b, ally, f, ms::Activity::muster);
    ok.push_back(b.spaces[s].utility[g] && agrees);
    if (ally != f && rules.readings.high_tech_home == R::HighTechHome::consenting_ally)
      ok.push_back(b.factions[g].home[s] && agrees);
  }
  return z3::mk_or(ok);
}

// messina.muster.stacking with messina.stacking-scope: every faction's units on the map, or the builder's.
z3::expr stacked_on_map(const SymBoard& b, int s, int builder, const ms::Rules& rules) {
  z3::expr n = b.ctx().int_val(0);
  for (std::size_t f = 0; f < b.factions.size(); ++f)
    if (rules.readings.stacking_scope == R::StackingScope::all_factions || static_cast<int>(f) == builder)
      n = n + kinds_total(b.spaces[s].units[f]);
  return n;
}

// Interpretation messina.shield-per-space: any Shield there rules out a new one, or only the builder's.
z3::expr shield_blocks(const SymBoard& b, int s, int builder, const ms::Rules& rules) {
  z3::expr_vector standing(b.ctx());
  for (std::size_t g = 0; g < b.factions.size(); ++g)
    if (rules.readings.shield_per_space == R::ShieldPerSpace::one_per_space || static_cast<int>(g) == builder)
      standing.push_back(b.spaces[s].shield[g] > 0);
  return z3::mk_or(standing);
}

ms::Activity shield_purpose(const ms::Rules& rules) {
  return rules.readings.shield_consent == R::ShieldConsent::build ? ms::Activity::build : ms::Activity::muster;
}

// The Ground of builder `f` on `b` from what each space's areas, sites, counts and blocking Shields are.
Ground ground_with(const SymBoard& b, int f, std::vector<z3::expr> area, std::vector<z3::expr> shield_area,
                   std::vector<z3::expr> high, std::vector<z3::expr> counted, std::vector<z3::expr> blocks) {
  auto of = [](std::vector<z3::expr> v) { return [v](const Where& w) { return v[w.index]; }; };
  return {of(std::move(area)),
          of(std::move(shield_area)),
          of(std::move(high)),
          [&b, f](const Where& w) { return b.spaces[w.index].card_holder == f; },
          of(std::move(counted)),
          [&b](const Where& w) { return kinds_total(b.spaces[w.index].card_units); },
          of(std::move(blocks)),
          [&b, f](const Where& w) { return b.spaces[w.index].shield[f]; }};
}

// What the board before says at each space, for builder `f`.
Ground ground_of(const SymBoard& b, int f, const ms::Rules& rules) {
  const auto n = b.spaces.size();
  std::vector<z3::expr> high, counted, blocks;
  for (std::size_t s = 0; s < n; ++s) {
    high.push_back(high_tech_site(b, f, static_cast<int>(s), rules));
    counted.push_back(stacked_on_map(b, static_cast<int>(s), f, rules));
    blocks.push_back(shield_blocks(b, static_cast<int>(s), f, rules));
  }
  return ground_with(b, f, friendly_area(b, f, ms::Activity::muster, rules),
                     friendly_area(b, f, shield_purpose(rules), rules), high, counted, blocks);
}

// The builder's pieces on one board, as the relation reads them: units on the map, on the card named
// after the space when it holds it, Workers in its own Utility and as guests; its Shields.
MusterState state_of(const SymBoard& b, int f) {
  const SymFaction& sf = b.factions[f];
  return {{b.round, b.phase, sf.energy, sf.spare, sf.located, sf.disaffected},
          army_on(b, f),
          [&b, f](const Where& w) { return b.spaces[w.index].shield[f]; }};
}

// The components the relation decides, left out of the frame.
std::vector<std::string> decided_keys(const SymBoard& b, int f) {
  const std::string p = "/factions/" + b.factions[f].id;
  std::vector<std::string> keys = {p + "/resources/energy", p + "/population/spare", p + "/population/located",
                                   p + "/population/disaffected"};
  for (const auto& sp : b.spaces) {
    for (std::size_t k = 0; k < kKinds; ++k) {
      const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
      keys.push_back("/spaces/" + sp.id + "/units/" + b.factions[f].id + "/" + kind);
      keys.push_back("/cards/" + sp.id + "/units/" + kind);
    }
    for (std::size_t o = 0; o < b.factions.size(); ++o)
      keys.push_back("/spaces/" + sp.id + "/utilities/" + b.factions[o].id +
                     (static_cast<int>(o) == f ? "/workers" : "/guests/" + b.factions[f].id));
    keys.push_back("/spaces/" + sp.id + "/shields/" + b.factions[f].id + "/level");
  }
  return keys;
}

// What only a board of named spaces says: a disbanded Worker leaves the faction's own Utility first, then
// those it is a guest in, owners in faction order (docs/formats.md); a card another faction holds keeps
// its units; every other component stays (`frame`).
// A card another faction holds at this space keeps its units.
void others_cards_keep_units(const SymSpace& sp, const SymSpace& ap, int f, const char* tag, Constraints& out) {
  for (std::size_t k = 0; k < kKinds; ++k)
    out.push_back({tag, z3::implies(sp.card_holder != f, ap.card_units[k] == sp.card_units[k])});
}

// `disbanded` of faction f's Workers at this space leave its own Utility first, then those it is a guest in,
// owners in faction order.
void workers_leave_own_utility_first(const SymSpace& sp, const SymSpace& ap, int f, z3::expr disbanded,
                                     const char* tag, Constraints& out) {
  const z3::expr own = min_of(disbanded, sp.workers[f]);
  out.push_back({tag, ap.workers[f] == sp.workers[f] - own});
  disbanded = disbanded - own;
  for (std::size_t o = 0; o < sp.guests.size(); ++o) {
    if (static_cast<int>(o) == f) continue;
    const z3::expr taken = min_of(disbanded, sp.guests[o][f]);
    out.push_back({tag, ap.guests[o][f] == sp.guests[o][f] - taken});
    disbanded = disbanded - taken;
  }
}

Constraints board_part(const SymBoard& before, int f, const Counts& n, const SymBoard& after, const char* frame) {
  Constraints out;
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    const SymSpace &sp = before.spaces[s], &ap = after.spaces[s];
    others_cards_keep_units(sp, ap, f, frame, out);
    workers_leave_own_utility_first(sp, ap, f, before.ctx().int_val(n.disbanded_workers[s]), kDisband, out);
  }
  for (auto& c : effect(after, before, {}, frame, decided_keys(before, f))) out.push_back(std::move(c));
  return out;
}

bool on_board(const SymBoard& b, const std::vector<ms::Where>& places) {
  return std::all_of(places.begin(), places.end(), [&](const ms::Where& w) { return b.space_index(w.space) >= 0; });
}

Encoded encode(const SymBoard& before, int f, MusterKind what, const Counts& n, const SymBoard& after,
               const ms::Rules& rules) {
  Spaces spaces = Spaces::finite(before.ctx(), static_cast<int>(before.spaces.size()));
  const MusterRelation r = muster_relation(spaces, what, before.factions[f].kind, state_of(before, f),
                                           ground_of(before, f, rules), choice_of(before.ctx(), n), state_of(after, f),
                                           rules, "");
  Encoded e{r.guard, r.effect};
  for (auto& c : board_part(before, f, n, after, what == MusterKind::muster ? kBuildsOnly : kRearm))
    e.effect.push_back(std::move(c));
  return e;
}

// ---- the discovery search's build (discovery.hpp): Red's Muster or Re-arm with its counts free ----

// The counts free, one variable each (not negative: `facts`); what names no legal part of the step kind
// (a Worker built or disbanded from a card, a Shield op on a card; for a Re-arm all but its Shield ops)
// fixed at 0.
struct FreeCounts {
  std::vector<Kinds> built_map, built_card, disbanded_map, disbanded_card;
  std::vector<z3::expr> disbanded_workers, equipped_map, equipped_card, shield_builds, shield_upgrades;
};

FreeCounts free_counts(const SymBoard& b, MusterKind what, Constraints& facts) {
  z3::context& ctx = b.ctx();
  FreeCounts c;
  auto count = [&](const std::string& name, bool free) {
    if (!free) return ctx.int_val(0);
    const z3::expr v = ctx.int_const(name.c_str());
    facts.push_back({"choice", v >= 0});
    return v;
  };
  const bool muster = what == MusterKind::muster;
  for (const auto& sp : b.spaces) {
    auto kinds = [&](const char* part) {
      Kinds k = {ctx.int_val(0), ctx.int_val(0), ctx.int_val(0), ctx.int_val(0), ctx.int_val(0)};
      for (std::size_t i = 0; i < kKinds; ++i)
        k[i] = count(std::string(part) + "/" + sp.id + "/" + std::string(ms::piece_name(ms::kUnitKinds[i])), muster);
      return k;
    };
    c.built_map.push_back(kinds("build"));
    c.built_card.push_back(kinds("build-card"));
    c.disbanded_map.push_back(kinds("disband"));
    c.disbanded_card.push_back(kinds("disband-card"));
    c.disbanded_workers.push_back(count("disband/" + sp.id + "/worker", muster));
    c.equipped_map.push_back(count("equip/" + sp.id, muster));
    c.equipped_card.push_back(count("equip-card/" + sp.id, muster));
    c.shield_builds.push_back(count("shield-build/" + sp.id, true));
    c.shield_upgrades.push_back(count("shield-upgrade/" + sp.id, true));
  }
  return c;
}

MusterChoice choice_of(const FreeCounts& counts) {
  const auto n = std::make_shared<const FreeCounts>(counts);
  auto per_kind = [n](std::vector<Kinds> FreeCounts::*f) {
    return [n, f](const Where& w, std::size_t k) { return ((*n).*f)[w.index][k]; };
  };
  auto at = [n](std::vector<z3::expr> FreeCounts::*f) { return [n, f](const Where& w) { return ((*n).*f)[w.index]; }; };
  auto none = [](const Where& w) { return w.term.ctx().int_val(0); };
  return {per_kind(&FreeCounts::built_map),      per_kind(&FreeCounts::built_card),
          per_kind(&FreeCounts::disbanded_map),  per_kind(&FreeCounts::disbanded_card),
          none,                                  at(&FreeCounts::disbanded_workers),
          none,                                  at(&FreeCounts::equipped_map),
          at(&FreeCounts::equipped_card),        at(&FreeCounts::shield_builds),
          at(&FreeCounts::shield_upgrades),      none};
}

// What the board before says at each space, as ground_of(), except that each quantity a point's reading
// decides is a variable of its own named by `prefix`, defined under the point's tag (`defs`): the search
// reads it under each reading. The Friendly Area is the Friendly Area section's (its points at `rules`'
// readings, not searched here).
Ground ground_apart(const SymBoard& b, int f, const ms::Rules& rules, const std::string& prefix, Constraints& defs) {
  z3::context& ctx = b.ctx();
  auto chosen = [&](const char* point, const std::string& name, const z3::expr& value) {
    const std::string full = prefix + name;
    const z3::expr v = value.is_bool() ? ctx.bool_const(full.c_str()) : ctx.int_const(full.c_str());
    defs.push_back({point, v == value});
    return v;
  };
  const std::vector<z3::expr> area = friendly_area(b, f, ms::Activity::muster, rules);
  const std::vector<z3::expr> shield_area = friendly_area(b, f, shield_purpose(rules), rules);
  std::vector<z3::expr> shield_friendly, high, counted, blocks;
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    const int i = static_cast<int>(s);
    const std::string at = "/" + b.spaces[s].id;
    shield_friendly.push_back(chosen("messina.shield-consent", "shield_friendly" + at, shield_area[s]));
    high.push_back(chosen("messina.high-tech-home", "high_tech" + at, high_tech_site(b, f, i, rules)));
    counted.push_back(chosen("messina.stacking-scope", "counted" + at, stacked_on_map(b, i, f, rules)));
    blocks.push_back(chosen("messina.shield-per-space", "shield_blocks" + at, shield_blocks(b, i, f, rules)));
  }
  return ground_with(b, f, area, shield_friendly, high, counted, blocks);
}

// The builder's pieces after, on the cards it held before (a Muster hands no card over: without a frame
// who holds a card after is no quantity the relation speaks of).
MusterState state_after(const SymBoard& before, const SymBoard& after, int f) {
  MusterState m = state_of(after, f);
  const SymBoard *b = &before, *x = &after;
  m.army.card = [b, x, f](const Where& w, std::size_t k) {
    return z3::ite(b->spaces[w.index].card_holder == f, x->spaces[w.index].card_units[k], b->ctx().int_val(0));
  };
  return m;
}

// The relation with each point and convention apart, and what only a board of named spaces says: a card
// another faction holds keeps its units (messina.muster.builds-only; a Re-arm's: messina.muster.shield.rearm,
// as the membership checks' frames); a disbanded Worker leaves its own
// Utility first (messina.convention.step3-workers-own-utility-first). No frame: the search's inertia.
Encoded encode_apart(const SymBoard& before, MusterKind what, const FreeCounts& n, const SymBoard& after,
                     const ms::Rules& rules, const std::string& prefix) {
  const int f = 0;
  Spaces spaces = Spaces::finite(before.ctx(), static_cast<int>(before.spaces.size()));
  Constraints defs;
  const Ground ground = ground_apart(before, f, rules, prefix, defs);
  const MusterRelation r = muster_relation(spaces, what, before.factions[f].kind, state_of(before, f), ground,
                                           choice_of(n), state_after(before, after, f), rules, prefix, true);
  Encoded e{defs, r.effect};
  e.legal.insert(e.legal.end(), r.guard.begin(), r.guard.end());
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    const SymSpace &sp = before.spaces[s], &ap = after.spaces[s];
    others_cards_keep_units(sp, ap, f, what == MusterKind::muster ? kBuildsOnly : kRearm, e.effect);
    workers_leave_own_utility_first(sp, ap, f, n.disbanded_workers[s], kWorkersOwnFirst, e.effect);
  }
  return e;
}

std::vector<ms::ShieldOp> shield_ops_in(const z3::model& m, const SymBoard& b, const FreeCounts& n) {
  std::vector<ms::ShieldOp> out;
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    for (int i = int_value(m, n.shield_builds[s]); i > 0; --i)
      out.push_back({ms::Where{b.spaces[s].id, false}, ms::ShieldOpKind::build});
    for (int i = int_value(m, n.shield_upgrades[s]); i > 0; --i)
      out.push_back({ms::Where{b.spaces[s].id, false}, ms::ShieldOpKind::upgrade});
  }
  return out;
}

ms::Action action_in(const z3::model& m, const SymBoard& b, MusterKind what, const FreeCounts& n) {
  const std::string& red = b.factions[0].id;
  if (what == MusterKind::rearm) return ms::Rearm{red, shield_ops_in(m, b, n)};
  ms::Muster a{red, {}, {}, shield_ops_in(m, b, n), {}};
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    const std::string& id = b.spaces[s].id;
    for (const bool card : {false, true}) {
      const ms::Where w{id, card};
      for (std::size_t k = 0; k < kKinds; ++k) {
        if (const int x = int_value(m, (card ? n.built_card : n.built_map)[s][k]); x > 0)
          a.builds.push_back({w, ms::kUnitKinds[k], x});
        if (const int x = int_value(m, (card ? n.disbanded_card : n.disbanded_map)[s][k]); x > 0)
          a.disband.push_back({w, ms::kUnitKinds[k], x});
      }
      if (const int x = int_value(m, (card ? n.equipped_card : n.equipped_map)[s]); x > 0) a.equip.push_back({w, x});
    }
    if (const int x = int_value(m, n.disbanded_workers[s]); x > 0)
      a.disband.push_back({ms::Where{id, false}, Piece::worker, x});
  }
  return a;
}

}  // namespace

DiscoveryStep muster_discovery_step(const SymBoard& before, MusterKind what) {
  DiscoveryStep d;
  const FreeCounts n = free_counts(before, what, d.choices);
  d.encode = [n, what, &before](const SymBoard& after, const ms::Rules& rules, const std::string& prefix) {
    return encode_apart(before, what, n, after, rules, prefix);
  };
  d.action = [n, what, &before](const z3::model& m) { return action_in(m, before, what, n); };
  return d;
}

std::vector<MessinaWitness> discover_muster(const ms::Rules& defaults, const SourceIndex& index, const Budget& budget) {
  const std::vector<Shape> shapes = {small_shape(1, false), small_shape(2, true)};
  auto step = [](MusterKind what) {
    return [what](const SymBoard& before) { return muster_discovery_step(before, what); };
  };
  std::vector<MessinaWitness> out = discover_from_words(
      {"muster", "Muster", "Red's Muster, its builds, disbands, equips and Shield builds and upgrades free", shapes,
       step(MusterKind::muster)},
      defaults, index, budget);
  for (auto& w : discover_from_words({"rearm", "Re-arm", "Red's Re-arm, its Shield builds and upgrades free", shapes,
                                      step(MusterKind::rearm)},
                                     defaults, index, budget))
    out.push_back(std::move(w));
  return out;
}

std::optional<Encoded> encode_muster(const SymBoard& before, const ms::Muster& a, const SymBoard& after,
                                     const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  std::vector<ms::Where> places;
  for (const auto& x : a.builds) places.push_back(x.where);
  for (const auto& x : a.equip) places.push_back(x.where);
  for (const auto& x : a.shields) places.push_back(x.where);
  for (const auto& x : a.disband) places.push_back(x.where);
  if (!on_board(before, places)) return std::nullopt;
  return encode(before, f, MusterKind::muster, counts_of(before, a), after, rules);
}

std::optional<Encoded> encode_rearm(const SymBoard& before, const ms::Rearm& a, const SymBoard& after,
                                    const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  std::vector<ms::Where> places;
  for (const auto& x : a.shields) places.push_back(x.where);
  if (!on_board(before, places)) return std::nullopt;
  return encode(before, f, MusterKind::rearm, counts_of(before, a), after, rules);
}

}  // namespace rulecheck::solver::messina

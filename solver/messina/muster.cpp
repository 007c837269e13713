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
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;
using R = ms::Readings;

constexpr const char* kBuildsOnly = "messina.muster.builds-only";
constexpr const char* kRearm = "messina.muster.shield.rearm";
constexpr const char* kDisband = "messina.population.disband-on-shortfall";

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

// What the board before says at each space, for builder `f`.
Ground ground_of(const SymBoard& b, int f, const ms::Rules& rules) {
  const auto n = b.spaces.size();
  std::vector<z3::expr> high, counted, blocks;
  for (std::size_t s = 0; s < n; ++s) {
    high.push_back(high_tech_site(b, f, static_cast<int>(s), rules));
    counted.push_back(stacked_on_map(b, static_cast<int>(s), f, rules));
    blocks.push_back(shield_blocks(b, static_cast<int>(s), f, rules));
  }
  auto of = [](std::vector<z3::expr> v) { return [v](const Where& w) { return v[w.index]; }; };
  return {of(friendly_area(b, f, ms::Activity::muster, rules)),
          of(friendly_area(b, f, shield_purpose(rules), rules)),
          of(high),
          [&b, f](const Where& w) { return b.spaces[w.index].card_holder == f; },
          of(counted),
          [&b](const Where& w) { return kinds_total(b.spaces[w.index].card_units); },
          of(blocks),
          [&b, f](const Where& w) { return b.spaces[w.index].shield[f]; }};
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
Constraints board_part(const SymBoard& before, int f, const Counts& n, const SymBoard& after, const char* frame) {
  Constraints out;
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    const SymSpace &sp = before.spaces[s], &ap = after.spaces[s];
    for (std::size_t k = 0; k < kKinds; ++k)
      out.push_back({frame, z3::implies(sp.card_holder != f, ap.card_units[k] == sp.card_units[k])});
    z3::expr left = before.ctx().int_val(n.disbanded_workers[s]);
    const z3::expr own = min_of(left, sp.workers[f]);
    out.push_back({kDisband, ap.workers[f] == sp.workers[f] - own});
    left = left - own;
    for (std::size_t o = 0; o < before.factions.size(); ++o) {
      if (static_cast<int>(o) == f) continue;
      const z3::expr taken = min_of(left, sp.guests[o][f]);
      out.push_back({kDisband, ap.guests[o][f] == sp.guests[o][f] - taken});
      left = left - taken;
    }
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

}  // namespace

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

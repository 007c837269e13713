// The Friendly Area, hostility and the placing of new human units (the Population Supply and
// Movement page, with the Location Card page's Friendly Area and Optional Hostility), encoded from
// the rule texts. The Friendly Area is shared with Muster (friendly_area()).
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& terms) {
  z3::expr result = ctx.bool_val(false);
  for (const auto& t : terms) result = result || t;
  return result.simplify();
}

int activity_index(ms::Activity a) { return static_cast<int>(a); }

// messina.friendly.consent: `ally`'s presence counts for `faction` in this activity only when the ally
// consented to exactly that activity; the faction's own presence always counts.
z3::expr counts_for(const SymBoard& board, int ally, int faction, ms::Activity activity) {
  if (ally == faction) return board.ctx().bool_val(true);
  return board.factions[ally].consents[faction][activity_index(activity)];
}

// Any units of `owner` in the space (on the map).
z3::expr has_units(const SymSpace& space, int owner) {
  z3::expr any = space.units[owner][0] > 0;
  for (std::size_t k = 1; k < kKinds; ++k) any = any || space.units[owner][k] > 0;
  return any;
}

// Workers of `owner` in the space: in its own Utility or as a guest in another's.
z3::expr has_workers(const SymBoard& board, const SymSpace& space, int owner) {
  z3::expr any = space.workers[owner] > 0;
  for (std::size_t o = 0; o < board.factions.size(); ++o)
    if (static_cast<int>(o) != owner) any = any || space.guests[o][owner] > 0;
  return any;
}

// messina.friendly.space: units (Workers included), a Utility (even empty) or a Shield (any level)
// of `owner` in the space, or `owner` holding the space's Location Card (messina.cards.friendly-area).
z3::expr has_presence(const SymBoard& board, const SymSpace& space, int owner) {
  return has_units(space, owner) || has_workers(board, space, owner) || space.utility[owner] ||
         space.shield[owner] > 0 || space.card_holder == owner;
}

// messina.friendly.space / messina.friendly.empty / messina.friendly.mixed: a space is friendly to
// `faction` for `purpose` when it or an ally consenting to that purpose has something there;
// unfriendly things beside them do not matter, and an empty space is never friendly.
std::vector<z3::expr> friendly_spaces(const SymBoard& board, int faction, ms::Activity purpose) {
  std::vector<z3::expr> result;
  for (const auto& space : board.spaces) {
    std::vector<z3::expr> by;
    for (std::size_t g = 0; g < board.factions.size(); ++g)
      by.push_back(counts_for(board, static_cast<int>(g), faction, purpose) &&
                   has_presence(board, space, static_cast<int>(g)));
    result.push_back(any_of(board.ctx(), by));
  }
  return result;
}

// messina.friendly.hostile: the hostile query's own definition (below), readings included.
z3::expr hostile_space(const SymBoard& b, int f, int s, const ms::Rules& rules);

// messina.friendly.mixed / messina.friendly.hostile: friendly elements keep a space friendly for
// building and mustering whatever else is there, but a space hostile to `faction` is unfriendly for
// military purposes, so the `military` area neither holds nor reaches through it.
std::vector<z3::expr> friendly_for_purpose(const SymBoard& board, int faction, ms::Activity purpose,
                                           const ms::Rules& rules) {
  auto friendly = friendly_spaces(board, faction, purpose);
  if (purpose == ms::Activity::military)
    for (std::size_t s = 0; s < friendly.size(); ++s)
      friendly[s] = (friendly[s] && !hostile_space(board, faction, static_cast<int>(s), rules)).simplify();
  return friendly;
}

}  // namespace

// messina.friendly.area: the spaces reached from a Home Space through friendly spaces. The reach is
// unrolled as many times as there are spaces (a path never needs more steps), so the area is a plain
// expression of the board. messina.friendly.terrain: only adjacency matters.
std::vector<z3::expr> friendly_area(const SymBoard& board, int faction, ms::Activity purpose, const ms::Rules& rules) {
  const std::size_t n = board.spaces.size();
  const auto friendly = friendly_for_purpose(board, faction, purpose, rules);
  const auto& home = board.factions[faction].home;
  std::vector<z3::expr> reach;
  for (std::size_t s = 0; s < n; ++s) {
    // interpretation messina.home-space-anchor: a Home Space starts the reach on its own ("always")
    // or only when it is itself friendly ("if-friendly").
    const bool always = rules.readings.home_anchor == ms::Readings::HomeAnchor::always;
    reach.push_back(always ? home[s] : (home[s] && friendly[s]));
  }
  for (std::size_t step = 0; step < n; ++step) {
    std::vector<z3::expr> next;
    for (std::size_t s = 0; s < n; ++s) {
      std::vector<z3::expr> from;
      for (std::size_t t = 0; t < n; ++t)
        if (t != s) from.push_back(board.spaces[s].adjacent[t] && reach[t]);
      next.push_back((reach[s] || (friendly[s] && any_of(board.ctx(), from))).simplify());
    }
    reach = std::move(next);
  }
  // interpretation messina.friendly-area-extent: "with-frontier" adds every space next to the
  // friendly component, friendly or not.
  if (rules.readings.area_extent == ms::Readings::AreaExtent::with_frontier) {
    std::vector<z3::expr> wider;
    for (std::size_t s = 0; s < n; ++s) {
      std::vector<z3::expr> from;
      for (std::size_t t = 0; t < n; ++t)
        if (t != s) from.push_back(board.spaces[s].adjacent[t] && reach[t]);
      wider.push_back(reach[s] || any_of(board.ctx(), from));
    }
    reach = std::move(wider);
  }
  return reach;
}

namespace {

using Piece = ms::Piece;
using R = ms::Readings;

constexpr const char* kArea = "messina.friendly.area";
constexpr const char* kHostile = "messina.friendly.hostile";
constexpr const char* kCardHostility = "messina.cards.exposed.hostility";
constexpr const char* kWorkers = "messina.population.placement.workers";
constexpr const char* kCivilians = "messina.population.placement.civilians";
constexpr const char* kHomeDefence = "messina.population.home-defence";
constexpr const char* kInArea = "messina.population.placement.friendly-area";
constexpr const char* kOnCards = "messina.population.placement.cards";
constexpr const char* kSpare = "messina.population.placement.spare-required";
constexpr const char* kToLocated = "messina.population.placement.spare-to-located";
constexpr const char* kDisaffected = "messina.population.disaffected";
constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kBacking = "messina.population.backing";
constexpr const char* kNoReturn = "messina.population.no-return";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kCardCapacity = "messina.cards.capacity";

int phase_of(ms::Phase p) { return static_cast<int>(p); }
int kind_index(Piece p) {
  for (std::size_t k = 0; k < kKinds; ++k)
    if (ms::kUnitKinds[k] == p) return static_cast<int>(k);
  return -1;  // a Worker
}

// All of `owner`'s Workers in the space (own Utility and as a guest).
z3::expr workers_in(const SymBoard& board, const SymSpace& space, int owner) {
  z3::expr n = space.workers[owner];
  for (std::size_t o = 0; o < board.factions.size(); ++o)
    if (static_cast<int>(o) != owner) n = n + space.guests[o][owner];
  return n;
}

// messina.muster.stacking (messina.muster.stacking.workers: Workers do not count): the units in a map
// space counted against the limit when `builder` adds some, under messina.stacking-scope.
z3::expr stacked(const SymBoard& board, const SymSpace& space, int builder, const ms::Rules& rules) {
  z3::expr n = board.ctx().int_val(0);
  for (std::size_t g = 0; g < board.factions.size(); ++g) {
    if (rules.readings.stacking_scope == R::StackingScope::per_faction && static_cast<int>(g) != builder) continue;
    for (std::size_t k = 0; k < kKinds; ++k) n = n + space.units[g][k];
  }
  return n;
}

z3::expr card_total(const SymSpace& space) {
  z3::expr n = space.card_units[0];
  for (std::size_t k = 1; k < kKinds; ++k) n = n + space.card_units[k];
  return n;
}

// The activity a placement is for the Friendly Area and an ally's consent (messina.friendly.consent).
// interpretation messina.civilian-consent: Civilians placed outside the Muster Phase are their own
// activity ("civilians") or count as a muster ("muster").
ms::Activity purpose_of(ms::PlacementTime when, const ms::Rules& rules) {
  if (when == ms::PlacementTime::industry) return ms::Activity::workers;
  return rules.readings.civilian_consent == R::CivilianConsent::civilians ? ms::Activity::civilians
                                                                          : ms::Activity::muster;
}

// The moment each kind of placement belongs to.
Named placement_moment(const SymBoard& b, int f, ms::PlacementTime when) {
  z3::context& ctx = b.ctx();
  switch (when) {
    case ms::PlacementTime::industry:  // Workers appear only in an Industry Action.
      return {kWorkers, b.phase == phase_of(ms::Phase::industry)};
    case ms::PlacementTime::before_orders:  // right before orders or a Bonus Military Action
      return {kCivilians,
              b.phase == phase_of(ms::Phase::orders) || b.phase == phase_of(ms::Phase::bonus_military_action)};
    case ms::PlacementTime::home_defence: {  // only while a battle is fought at one of its Home Spaces
      z3::expr at_home = ctx.bool_val(false);
      for (std::size_t s = 0; s < b.spaces.size(); ++s)
        at_home = at_home || (b.battle == static_cast<int>(s) && b.factions[f].home[s]);
      return {kHomeDefence, b.phase == phase_of(ms::Phase::battle) && at_home};
    }
  }
  return {kWorkers, ctx.bool_val(false)};
}

// interpretation messina.worker-utility: new Workers of `f` occupy a Utility of `owner` in the space:
// f's own, or (reading "friendly") an ally's that consents to f placing Workers.
z3::expr worker_utility_ok(const SymBoard& b, int f, int s, int owner, const ms::Rules& rules) {
  z3::expr exists = b.spaces[s].utility[owner];
  if (owner == f) return exists;
  if (rules.readings.worker_utility == R::WorkerUtility::own) return b.ctx().bool_val(false);
  return exists && b.factions[owner].consents[f][activity_index(ms::Activity::workers)];
}

// Adds `count` Workers of `f` to `owner`'s Utility in space s of `next`.
void add_workers(SymBoard& next, int f, int s, int owner, const z3::expr& count) {
  if (owner == f)
    next.spaces[s].workers[f] = next.spaces[s].workers[f] + count;
  else
    next.spaces[s].guests[owner][f] = next.spaces[s].guests[owner][f] + count;
}

void add_key(std::vector<std::pair<std::string, std::string>>& changed, std::string key, const char* clause) {
  for (const auto& [k, c] : changed)
    if (k == key) return;
  changed.emplace_back(std::move(key), clause);
}

std::string units_key(const SymBoard& b, int s, int f, Piece p) {
  return "/spaces/" + b.spaces[s].id + "/units/" + b.factions[f].id + "/" + std::string(ms::piece_name(p));
}
std::string card_units_key(const SymBoard& b, int s, Piece p) {
  return "/cards/" + b.spaces[s].id + "/units/" + std::string(ms::piece_name(p));
}
std::string workers_key(const SymBoard& b, int s, int f, int owner) {
  const std::string u = "/spaces/" + b.spaces[s].id + "/utilities/" + b.factions[owner].id;
  return owner == f ? u + "/workers" : u + "/guests/" + b.factions[f].id;
}

}  // namespace

// messina.population.placement.*: new human units from Spare (or, in home defence, Disaffected)
// tokens, each placement judged on the board before the action.
std::optional<Encoded> encode_place(const SymBoard& before, const ms::Place& a, const SymBoard& after,
                                    const ms::Rules& rules) {
  z3::context& ctx = before.ctx();
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  for (const auto& pl : a.placements) {
    if (before.space_index(pl.what.where.space) < 0) return std::nullopt;
    if (pl.utility && before.faction_index(*pl.utility) < 0) return std::nullopt;
  }
  const auto& faction = before.factions[f];
  const ms::Activity purpose = purpose_of(a.when, rules);
  const auto area = friendly_area(before, f, purpose, rules);
  const bool home_defence = a.when == ms::PlacementTime::home_defence;

  Encoded e;
  e.legal.push_back(placement_moment(before, f, a.when));
  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  const char* main_clause = a.when == ms::PlacementTime::industry ? kWorkers : home_defence ? kHomeDefence : kCivilians;
  int from_spare = 0, from_disaffected = 0;
  std::vector<int> civilians_on_map, civilians_on_card;

  for (const auto& pl : a.placements) {
    const int s = before.space_index(pl.what.where.space);
    const bool on_card = pl.what.where.on_card;
    const int count = pl.what.count;
    // messina.population.tokens: each unit placed takes the tokens its kind takes (one under the
    // default table; a ruleset may give a Civilian another number).
    const int tokens = count * tokens_per_unit(rules.numbers, faction.kind, pl.what.piece);
    const SymSpace& sp = before.spaces[s];
    // What: Workers (never on a card) in Industry; at the other moments only Civilians appear (other
    // military units come from a Muster, messina.population.placement.military).
    if (a.when == ms::PlacementTime::industry)
      e.legal.push_back({kWorkers, ctx.bool_val(pl.what.piece == Piece::worker && !on_card)});
    else
      e.legal.push_back({kCivilians, ctx.bool_val(pl.what.piece == Piece::civilian)});

    // Where: onto a card only one the faction holds, under the map's conditions.
    if (on_card) e.legal.push_back({kOnCards, sp.card_holder == f});
    // interpretation messina.card-in-area: a held card counts when its space is in the Area
    // ("connected") or always ("every-held-card").
    const bool card_always = on_card && rules.readings.card_in_area == R::CardInArea::every_held_card;
    e.legal.push_back({kInArea, card_always ? ctx.bool_val(true) : area[s]});
    // Home defence: at the attacked space itself, on the map.
    if (home_defence) e.legal.push_back({kHomeDefence, before.battle == s && ctx.bool_val(!on_card)});
    const int owner = pl.utility ? before.faction_index(*pl.utility) : f;
    if (a.when == ms::PlacementTime::industry)
      e.legal.push_back({kWorkers, worker_utility_ok(before, f, s, owner, rules)});

    // Which tokens: the Disaffected fight only for a Home Space under attack.
    if (pl.from == ms::TokenSource::disaffected) {
      e.legal.push_back({kDisaffected, ctx.bool_val(home_defence)});
      // interpretation messina.home-defence-spare: "spare-required" keeps the need for Spare
      // population even when the tokens placed are Disaffected ones.
      if (rules.readings.home_defence_spare == R::HomeDefenceSpare::spare_required)
        e.legal.push_back({kSpare, faction.spare > 0});
      from_disaffected += tokens;
    } else {
      from_spare += tokens;
    }

    // The units themselves.
    if (pl.what.piece == Piece::worker && !on_card) {
      add_workers(next, f, s, owner, ctx.int_val(count));
      add_key(changed, workers_key(before, s, f, owner), main_clause);
    } else if (pl.what.piece != Piece::worker) {
      const int k = kind_index(pl.what.piece);
      if (on_card) {
        next.spaces[s].card_units[k] = next.spaces[s].card_units[k] + count;
        add_key(changed, card_units_key(before, s, pl.what.piece), main_clause);
        civilians_on_card.push_back(s);
      } else {
        next.spaces[s].units[f][k] = next.spaces[s].units[f][k] + count;
        add_key(changed, units_key(before, s, f, pl.what.piece), main_clause);
        civilians_on_map.push_back(s);
      }
    }
  }
  // The tokens of the units placed (messina.population.tokens), from the pool each comes from.
  e.legal.push_back({kSpare, faction.spare >= from_spare});
  e.legal.push_back({kSpare, faction.disaffected >= from_disaffected});

  // Room: a card holds at most its limit; on the map, interpretation messina.civilian-stacking
  // decides whether Civilians placed outside the Muster Phase obey the stacking limit.
  for (int s : civilians_on_card)
    e.legal.push_back({kCardCapacity, card_total(next.spaces[s]) <= rules.numbers.stacking_card});
  if (rules.readings.civilian_stacking == R::CivilianStacking::applies)
    for (int s : civilians_on_map)
      e.legal.push_back({kStacking, stacked(next, next.spaces[s], f, rules) <= rules.numbers.stacking_map});

  // Tokens move from their pool to Located.
  auto& nf = next.factions[f];
  const std::string pop = "/factions/" + a.faction + "/population/";
  if (from_spare) nf.spare = nf.spare - from_spare, add_key(changed, pop + "spare", kToLocated);
  if (from_disaffected)
    nf.disaffected = nf.disaffected - from_disaffected, add_key(changed, pop + "disaffected", kToLocated);
  if (from_spare + from_disaffected)
    nf.located = nf.located + (from_spare + from_disaffected), add_key(changed, pop + "located", kToLocated);
  e.effect = effect(after, next, changed, main_clause);
  return e;
}

// messina.population.interconversion: in an Industry Action, Civilian <-> Worker and Infantry ->
// Worker within one space; the tokens behind them stay Located.
std::optional<Encoded> encode_convert(const SymBoard& before, const ms::Convert& a, const SymBoard& after,
                                      const ms::Rules& rules) {
  z3::context& ctx = before.ctx();
  const int f = before.faction_index(a.faction);
  const int s = before.space_index(a.at);
  if (f < 0 || s < 0) return std::nullopt;
  if (a.utility && before.faction_index(*a.utility) < 0) return std::nullopt;
  const int owner = a.utility ? before.faction_index(*a.utility) : f;
  const SymSpace& sp = before.spaces[s];

  Encoded e;
  e.legal.push_back({kInterconversion, before.phase == phase_of(ms::Phase::industry)});
  const bool pair_ok = (a.from == Piece::civilian && a.to == Piece::worker) ||
                       (a.from == Piece::worker && a.to == Piece::civilian) ||
                       (a.from == Piece::infantry && a.to == Piece::worker);
  e.legal.push_back({kInterconversion, ctx.bool_val(pair_ok)});
  // A unit without a token behind it (the AI's Infantry) has none to become a Worker with.
  e.legal.push_back({kBacking, ctx.bool_val(tokens_per_unit(rules.numbers, before.factions[f].kind, a.from) > 0)});
  // The unit steps onto or off a Utility and no token moves: what it becomes must take as many tokens
  // (always so under the default unit table). A unit with none is refused by the backing above.
  const int tokens_from = tokens_per_unit(rules.numbers, before.factions[f].kind, a.from);
  e.legal.push_back({kInterconversion, ctx.bool_val(tokens_from == 0 ||
                                                    tokens_from == tokens_per_unit(rules.numbers,
                                                                                   before.factions[f].kind, a.to))});
  if (a.to == Piece::worker) e.legal.push_back({kInterconversion, worker_utility_ok(before, f, s, owner, rules)});
  if (!pair_ok) return e;  // nothing to change: the conditions already refuse it

  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  const int count = a.count;
  if (a.from == Piece::worker) {
    e.legal.push_back({kInterconversion, workers_in(before, sp, f) >= count});
    // docs/formats.md: a leaving Worker leaves the faction's own Utility first, then those it is a guest in.
    z3::expr left = ctx.int_val(count);
    const z3::expr own = min_of(sp.workers[f], left);
    next.spaces[s].workers[f] = sp.workers[f] - own;
    add_key(changed, workers_key(before, s, f, f), kInterconversion);
    left = left - own;
    for (std::size_t o = 0; o < before.factions.size(); ++o) {
      if (static_cast<int>(o) == f) continue;
      const z3::expr taken = min_of(sp.guests[o][f], left);
      next.spaces[s].guests[o][f] = sp.guests[o][f] - taken;
      add_key(changed, workers_key(before, s, f, static_cast<int>(o)), kInterconversion);
      left = left - taken;
    }
  } else {
    const int k = kind_index(a.from);
    e.legal.push_back({kInterconversion, sp.units[f][k] >= count});
    next.spaces[s].units[f][k] = sp.units[f][k] - count;
    add_key(changed, units_key(before, s, f, a.from), kInterconversion);
  }
  if (a.to == Piece::worker) {
    add_workers(next, f, s, owner, ctx.int_val(count));
    add_key(changed, workers_key(before, s, f, owner), kInterconversion);
  } else {
    const int k = kind_index(a.to);
    next.spaces[s].units[f][k] = next.spaces[s].units[f][k] + count;
    add_key(changed, units_key(before, s, f, a.to), kInterconversion);
  }
  e.effect = effect(after, next, changed, kInterconversion);
  return e;
}

// messina.population.no-return: a placed unit never goes back to Spare, whatever the state.
std::optional<Encoded> encode_release(const SymBoard& before, const ms::Release& a, const SymBoard& after,
                                      const ms::Rules&) {
  if (before.faction_index(a.faction) < 0 || before.space_index(a.what.where.space) < 0) return std::nullopt;
  Encoded e;
  e.legal.push_back({kNoReturn, before.ctx().bool_val(false)});
  e.effect = effect(after, before, {}, kNoReturn);
  return e;
}

std::optional<SymAnswer> encode_friendly_area(const SymBoard& board, const ms::FriendlyAreaQuery& q,
                                              const ms::Rules& rules) {
  const int f = board.faction_index(q.faction);
  if (f < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::spaces, friendly_area(board, f, q.purpose, rules), kArea};
}

namespace {

// messina.friendly.hostile: an opposing faction (one not consenting to f's military purposes) with
// units in the space. messina.friendly.empty-structures: an empty Utility or a Shield is not enough;
// interpretation messina.hostile-workers decides whether Workers in a Utility are units that count.
z3::expr opposing_units(const SymBoard& b, int f, int s, const ms::Rules& rules) {
  z3::expr any = b.ctx().bool_val(false);
  for (std::size_t g = 0; g < b.factions.size(); ++g) {
    const int o = static_cast<int>(g);
    if (o == f) continue;
    z3::expr present = has_units(b.spaces[s], o);
    if (rules.readings.hostile_workers == R::HostileWorkers::units_include_workers)
      present = present || workers_in(b, b.spaces[s], o) > 0;
    any = any || (!counts_for(b, o, f, ms::Activity::military) && present);
  }
  return any.simplify();
}

// The space's Location Card, when an opposing faction holds it.
z3::expr opposing_card(const SymBoard& b, int f, int s) {
  z3::expr any = b.ctx().bool_val(false);
  for (std::size_t g = 0; g < b.factions.size(); ++g) {
    const int o = static_cast<int>(g);
    if (o != f) any = any || (b.spaces[s].card_holder == o && !counts_for(b, o, f, ms::Activity::military));
  }
  return any.simplify();
}

z3::expr hostile_space(const SymBoard& b, int f, int s, const ms::Rules& rules) {
  // messina.cards.exposed.hostility and interpretation messina.card-hostility: an exposed opposing card
  // makes the space hostile even with nobody on it; a hidden one too under "held".
  const z3::expr facing =
      rules.readings.card_hostility == R::CardHostility::held ? b.ctx().bool_val(true) : b.spaces[s].card_exposed;
  return (opposing_units(b, f, s, rules) || (opposing_card(b, f, s) && facing)).simplify();
}

}  // namespace

std::optional<SymAnswer> encode_hostile(const SymBoard& board, const ms::HostileQuery& q, const ms::Rules& rules) {
  const int f = board.faction_index(q.faction);
  const int s = board.space_index(q.at);
  if (f < 0 || s < 0) return std::nullopt;
  SymAnswer answer{SymAnswer::Type::boolean, {hostile_space(board, f, s, rules)}, kHostile};
  // When the only thing that could make the space hostile is an opposing card whose facing decides,
  // the card page's hostility clause is the one deciding the answer.
  const z3::expr card_decides =
      (opposing_card(board, f, s) && !opposing_units(board, f, s, rules) && !board.spaces[s].card_exposed).simplify();
  if (card_decides.is_true()) answer.clause = kCardHostility;
  return answer;
}

// ---------------------------------------------------------------- proofs

namespace {


ms::Where at(const char* s) { return ms::Where{s, false}; }
ms::Where card(const char* s) { return ms::Where{s, true}; }

// The placements each action proof covers, on small_shape(2, true): Red and Blue, spaces A and B.
std::vector<ms::Action> proof_actions() {
  using T = ms::PlacementTime;
  ms::Place workers{"Red",
                    T::industry,
                    {{{at("A"), Piece::worker, 2}, ms::TokenSource::spare, std::nullopt},
                     {{at("B"), Piece::worker, 1}, ms::TokenSource::spare, "Blue"}}};
  ms::Place civilians{"Red",
                      T::before_orders,
                      {{{at("A"), Piece::civilian, 2}, ms::TokenSource::spare, std::nullopt},
                       {{card("B"), Piece::civilian, 1}, ms::TokenSource::spare, std::nullopt}}};
  ms::Place defence{"Red",
                    T::home_defence,
                    {{{at("A"), Piece::civilian, 1}, ms::TokenSource::disaffected, std::nullopt},
                     {{at("A"), Piece::civilian, 1}, ms::TokenSource::spare, std::nullopt}}};
  ms::Convert to_worker{"Red", "A", Piece::civilian, Piece::worker, 2, "Blue"};
  ms::Convert from_worker{"Red", "A", Piece::worker, Piece::civilian, 2, std::nullopt};
  ms::Convert infantry{"Red", "B", Piece::infantry, Piece::worker, 1, std::nullopt};
  return {workers, civilians, defence, to_worker, from_worker, infantry};
}

const char* proof_steps() {
  return "Red places 2 Workers at A and 1 in Blue's Utility at B; 2 Civilians at A and 1 onto card B before orders; "
         "1 Disaffected and 1 Spare Civilian at A in home defence; converts 2 Civilians at A to Workers in Blue's "
         "Utility, 2 Workers at A to Civilians, 1 Infantry at B to a Worker";
}

}  // namespace

std::vector<MessinaProof> friendly_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::vector<ProofStep> steps = fixed_actions(proof_actions(), rules);
  auto prove_step_invariant = [&](std::string id, std::string claim, std::vector<std::string> clauses,
                                  const StepInvariant& invariant) {
    return prove_over_steps({std::move(id), std::move(claim), std::move(clauses)}, small_shape(2, true), steps,
                            invariant, rules, budget);
  };
  std::vector<MessinaProof> out;
  const std::string over =
      std::string(" (over 2 spaces A, B and factions Red, Blue, every count free: ") + proof_steps() + ")";

  // Hostility, the mixed-space rule and the Friendly Area's extent are theorems of the page's relation,
  // with misreadings that break each claim, in friendly_theorems.cpp (the claims about the queries
  // here, on 2-3 spaces, were true of the encoding whatever its clauses said: hollow).
  out.push_back(prove_step_invariant(
      "messina.population.placement-keeps-token-total",
      "a legal placement or conversion never changes a faction's Disaffected + Spare + Located tokens" + over,
      {kToLocated, kInterconversion, "messina.population.tokens"}, [](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          const auto &x = b.factions[f], &y = a.factions[f];
          return x.disaffected + x.spare + x.located == y.disaffected + y.spare + y.located;
        });
      }));
  out.push_back(prove_step_invariant(
      "messina.population.placement-spare-not-negative",
      "after a legal placement or conversion no faction has negative Spare or Disaffected tokens" + over,
      {kSpare, kToLocated}, [](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].spare >= 0 && a.factions[f].disaffected >= 0; });
      }));
  out.push_back(prove_step_invariant(
      "messina.population.placement-located-backs-units",
      "after a legal placement or conversion each faction's Located tokens still equal the tokens its units and "
      "Workers need" +
          over,
      {"messina.population.located", kBacking, kToLocated, kInterconversion},
      [&rules](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].located == backed_tokens(a, f, rules.numbers); });
      }));
  return out;
}

// ---------------------------------------------------------------- witnesses

namespace {

std::vector<Shape> shapes(int from, int to, bool two, ms::FactionKind second = ms::FactionKind::human) {
  std::vector<Shape> out;
  for (int n = from; n <= to; ++n) out.push_back(small_shape(n, two, second));
  return out;
}

ms::Place place_one(ms::PlacementTime when, ms::Where where, Piece piece, ms::TokenSource from = ms::TokenSource::spare,
                    std::optional<ms::FactionId> utility = {}) {
  return ms::Place{"Red", when, {{{where, piece, 1}, from, std::move(utility)}}};
}

}  // namespace

std::vector<MessinaWitness> friendly_witnesses(const ms::Rules& rules, const Budget& budget) {
  using T = ms::PlacementTime;
  std::vector<WitnessSpec> specs;
  specs.push_back(
      {"messina.card-hostility",
       {kHostile, kCardHostility},
       "whether a face-down card an opposing faction holds makes its space hostile",
       "Blue holds A's Location Card face-down and has nothing else at A: hostile to Red only when holding is "
       "enough, not when the card must be face-up.",
       {reading_of(rules, "exposed-only", [](R& r) { r.card_hostility = R::CardHostility::exposed_only; }),
        reading_of(rules, "held", [](R& r) { r.card_hostility = R::CardHostility::held; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Query{ms::HostileQuery{"Red", "A"}}};
       },
       {}});
  specs.push_back(
      {"messina.friendly-area-extent",
       {kArea, "messina.friendly.empty"},
       "whether the Friendly Area stops at the friendly spaces or takes one more step",
       "Red's Home Space is next to an empty space: the friendly-component reading leaves the empty space out, the "
       "frontier reading adds it.",
       {reading_of(rules, "friendly-component", [](R& r) { r.area_extent = R::AreaExtent::friendly_component; }),
        reading_of(rules, "with-frontier", [](R& r) { r.area_extent = R::AreaExtent::with_frontier; })},
       shapes(1, 3, false),
       [](const Shape&) {
         return Step{ms::Query{ms::FriendlyAreaQuery{"Red", ms::Activity::muster}}};
       },
       {}});
  specs.push_back(
      {"messina.home-space-anchor",
       {kArea, "messina.friendly.empty"},
       "whether an empty Home Space is in the Friendly Area",
       "Red has nothing at its only Home Space: it is in the Area when homes always anchor, out of it when a home "
       "must itself be friendly.",
       {reading_of(rules, "always", [](R& r) { r.home_anchor = R::HomeAnchor::always; }),
        reading_of(rules, "if-friendly", [](R& r) { r.home_anchor = R::HomeAnchor::if_friendly; })},
       shapes(1, 2, false),
       [](const Shape&) {
         return Step{ms::Query{ms::FriendlyAreaQuery{"Red", ms::Activity::muster}}};
       },
       {}});
  specs.push_back(
      {"messina.hostile-workers",
       {kHostile, "messina.friendly.empty-structures"},
       "whether an opposing faction's Workers in its Utility make a space hostile",
       "Blue has one Worker in its Utility at A and nothing else there: hostile to Red if Workers are units, not if "
       "only military units count.",
       {reading_of(rules, "units-include-workers",
                   [](R& r) { r.hostile_workers = R::HostileWorkers::units_include_workers; }),
        reading_of(rules, "military-units-only",
                   [](R& r) { r.hostile_workers = R::HostileWorkers::military_units_only; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Query{ms::HostileQuery{"Red", "A"}}};
       },
       {}});
  specs.push_back(
      {"messina.civilian-consent",
       {"messina.friendly.consent", kCivilians, kInArea},
       "which consent of an ally makes a space friendly for Civilians placed before orders",
       "Red places one Civilian before orders at A, friendly only through Blue's presence, and Blue consents to Red's "
       "mustering but not to its placing Civilians (or the other way round): the readings ask for different consents.",
       {reading_of(rules, "civilians", [](R& r) { r.civilian_consent = R::CivilianConsent::civilians; }),
        reading_of(rules, "muster", [](R& r) { r.civilian_consent = R::CivilianConsent::muster; })},
       shapes(2, 3, true),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, at("A"), Piece::civilian)}}; },
       {}});
  specs.push_back(
      {"messina.card-in-area",
       {"messina.cards.friendly-area", kInArea, kOnCards},
       "whether a held card away from the Friendly Area takes a placed Civilian",
       "Red holds A's card but A is outside Red's Friendly Area (no chain of friendly spaces joins it to Red's Home "
       "Space): one Civilian placed onto the card before orders is refused when the card must be connected, allowed "
       "when every held card counts.",
       {reading_of(rules, "connected", [](R& r) { r.card_in_area = R::CardInArea::connected; }),
        reading_of(rules, "every-held-card", [](R& r) { r.card_in_area = R::CardInArea::every_held_card; })},
       shapes(2, 3, false),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, card("A"), Piece::civilian)}}; },
       {}});
  specs.push_back(
      {"messina.worker-utility",
       {kWorkers, "messina.friendly.consent"},
       "whether new Workers may occupy a consenting ally's Utility",
       "In an Industry Action Red places one Worker from Spare into Blue's Utility at A, Blue consenting to Red's "
       "placing of Workers: refused under own, allowed (as a guest) under friendly.",
       {reading_of(rules, "own", [](R& r) { r.worker_utility = R::WorkerUtility::own; }),
        reading_of(rules, "friendly", [](R& r) { r.worker_utility = R::WorkerUtility::friendly; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Action{place_one(T::industry, at("A"), Piece::worker, ms::TokenSource::spare, "Blue")}};
       },
       {}});
  specs.push_back(
      {"messina.home-defence-spare",
       {kHomeDefence, kSpare, kDisaffected},
       "whether home defence from Disaffected tokens needs Spare population too",
       "A battle is fought at Red's Home Space A; Red has 0 Spare and 1 Disaffected token and places one Civilian "
       "from it: allowed when either source will do, refused when Spare is still required.",
       {reading_of(rules, "either-source", [](R& r) { r.home_defence_spare = R::HomeDefenceSpare::either_source; }),
        reading_of(rules, "spare-required", [](R& r) { r.home_defence_spare = R::HomeDefenceSpare::spare_required; })},
       shapes(1, 2, false),
       [](const Shape&) {
         return Step{ms::Action{place_one(T::home_defence, at("A"), Piece::civilian, ms::TokenSource::disaffected)}};
       },
       {}});
  specs.push_back(
      {"messina.civilian-stacking",
       {kStacking, kCivilians},
       "whether Civilians placed before orders obey the stacking limit",
       "A already holds 5 units (the map limit) and Red places one more Civilian there before orders: refused when "
       "the limit applies, allowed (6 units) when it binds only the Muster Phase.",
       {reading_of(rules, "applies", [](R& r) { r.civilian_stacking = R::CivilianStacking::applies; }),
        reading_of(rules, "muster-phase-only",
                   [](R& r) { r.civilian_stacking = R::CivilianStacking::muster_phase_only; })},
       shapes(1, 2, false),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, at("A"), Piece::civilian)}}; },
       {}});

  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina

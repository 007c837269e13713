// The placing of new human units and their conversions (the Population Supply and Movement page),
// encoded from the rule texts over one board: Workers in an Industry Action, Civilians before orders
// and in home defence, conversions between Civilians, Infantry and Workers, and the rule that a placed
// unit never returns to Spare. Where a placement may go asks the Friendly Area page's relation over the
// board (friendly_board.cpp, placing_in_area()).
#include <string>
#include <utility>
#include <vector>

#include "solver/messina/board_army.hpp"
#include "solver/messina/friendly_board.hpp"
#include "solver/messina/population_relation.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

int activity_index(ms::Activity a) { return static_cast<int>(a); }
using Piece = ms::Piece;
using R = ms::Readings;

constexpr const char* kWorkers = "messina.population.placement.workers";
constexpr const char* kCivilians = "messina.population.placement.civilians";
constexpr const char* kHomeDefence = "messina.population.home-defence";
constexpr const char* kOnCards = "messina.population.placement.cards";
constexpr const char* kDisaffected = "messina.population.disaffected";
constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kNoReturn = "messina.population.no-return";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kCardCapacity = "messina.cards.capacity";

int phase_of(ms::Phase p) { return static_cast<int>(p); }
int kind_index(Piece p) {
  for (std::size_t k = 0; k < kKinds; ++k)
    if (ms::kUnitKinds[k] == p) return static_cast<int>(k);
  return -1;  // a Worker
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


// What an action places and converts at each space of one board: known counts.
struct PerSpace {
  std::vector<int> workers, civilians, onto_card, from_disaffected, to_workers, to_civilians, infantry_to_workers;
  explicit PerSpace(std::size_t n)
      : workers(n), civilians(n), onto_card(n), from_disaffected(n), to_workers(n), to_civilians(n),
        infantry_to_workers(n) {}
  Placings view(z3::context& c) const {
    auto of = [&c](const std::vector<int>& v) {
      return [&c, v](const Where& w) { return c.int_val(v[static_cast<std::size_t>(w.index)]); };
    };
    return {of(workers),    of(civilians),    of(onto_card),          of(from_disaffected),
            of(to_workers), of(to_civilians), of(infantry_to_workers)};
  }
};

// The population relation over this board for faction `f` (population_relation.cpp), and the frame of
// what it states: the faction's Disaffected, Spare and Located tokens, its units on the map and on its
// cards (the cards of other holders stay). Its Workers, per Utility, are the caller's (`next`).
void add_relation(Encoded& e, const SymBoard& before, int f, const PerSpace& act, const SymBoard& after,
                  const SymBoard& next, std::vector<std::pair<std::string, std::string>> changed,
                  const char* frame_clause, const ms::Rules& rules) {
  Spaces spaces = Spaces::finite(before.ctx(), static_cast<int>(before.spaces.size()));
  const PopulationRelation r = population_relation(spaces, before.factions[f].kind, mat_on(before, f), army_on(before, f),
                                                   act.view(before.ctx()), mat_on(after, f), army_on(after, f), rules, "",
                                                   frame_clause);
  e.legal.insert(e.legal.end(), r.guard.begin(), r.guard.end());
  e.effect.insert(e.effect.end(), r.effect.begin(), r.effect.end());
  const std::string pop = "/factions/" + before.factions[f].id + "/population/";
  std::vector<std::string> skip = {pop + "disaffected", pop + "spare", pop + "located"};
  for (std::size_t s = 0; s < before.spaces.size(); ++s)
    for (std::size_t k = 0; k < kKinds; ++k) {
      skip.push_back(units_key(before, static_cast<int>(s), f, ms::kUnitKinds[k]));
      skip.push_back(card_units_key(before, static_cast<int>(s), ms::kUnitKinds[k]));
      const SymSpace &sp = before.spaces[s], &ap = after.spaces[s];
      e.effect.push_back({frame_clause, z3::implies(sp.card_holder != f, ap.card_units[k] == sp.card_units[k])});
    }
  for (auto& c : effect(after, next, changed, frame_clause, skip)) e.effect.push_back(std::move(c));
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
  const ms::Activity purpose = purpose_of(a.when, rules);
  std::vector<bool> in_area_needed(before.spaces.size(), false);  // a placement there that the Area bounds
  const bool home_defence = a.when == ms::PlacementTime::home_defence;

  Encoded e;
  e.legal.push_back(placement_moment(before, f, a.when));
  SymBoard next = before;  // the units added, for the room they take; the Workers per Utility
  std::vector<std::pair<std::string, std::string>> changed;
  const char* main_clause = a.when == ms::PlacementTime::industry ? kWorkers : home_defence ? kHomeDefence : kCivilians;
  PerSpace act(before.spaces.size());
  std::vector<int> civilians_on_map, civilians_on_card;

  for (const auto& pl : a.placements) {
    const int s = before.space_index(pl.what.where.space);
    const auto at = static_cast<std::size_t>(s);
    const bool on_card = pl.what.where.on_card;
    const int count = pl.what.count;
    const SymSpace& sp = before.spaces[at];
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
    if (!card_always) in_area_needed[at] = true;
    // Home defence: at the attacked space itself, on the map.
    if (home_defence) e.legal.push_back({kHomeDefence, before.battle == s && ctx.bool_val(!on_card)});
    const int owner = pl.utility ? before.faction_index(*pl.utility) : f;
    if (a.when == ms::PlacementTime::industry)
      e.legal.push_back({kWorkers, worker_utility_ok(before, f, s, owner, rules)});
    // Which tokens: the Disaffected fight only for a Home Space under attack.
    const bool disaffected = pl.from == ms::TokenSource::disaffected;
    if (disaffected) e.legal.push_back({kDisaffected, ctx.bool_val(home_defence)});

    // The units themselves (a Worker onto a card, refused above, places nothing).
    if (pl.what.piece == Piece::worker && !on_card) {
      act.workers[at] += count;  // a Worker's token comes from Spare (messina.population.placement.workers)
      add_workers(next, f, s, owner, ctx.int_val(count));
      add_key(changed, workers_key(before, s, f, owner), main_clause);
    } else if (pl.what.piece != Piece::worker) {
      const int k = kind_index(pl.what.piece);
      if (on_card) {
        act.onto_card[at] += count;
        next.spaces[at].card_units[k] = next.spaces[at].card_units[k] + count;
        civilians_on_card.push_back(s);
      } else {
        (disaffected ? act.from_disaffected : act.civilians)[at] += count;
        next.spaces[at].units[f][k] = next.spaces[at].units[f][k] + count;
        civilians_on_map.push_back(s);
      }
    }
  }
  // messina.population.placement.friendly-area: the Friendly Area page's relation over this board.
  const FriendlyPage page = page_of(before, f, {purpose}, rules);
  e.legal.push_back(placing_in_area(
      sorts_of(before), Placing::civilians, [&](const Where& w) { return ctx.bool_val(in_area_needed[w.index]); },
      page.area(purpose)));

  // Room: a card holds at most its limit; on the map, interpretation messina.civilian-stacking
  // decides whether Civilians placed outside the Muster Phase obey the stacking limit.
  for (int s : civilians_on_card)
    e.legal.push_back({kCardCapacity, card_total(next.spaces[s]) <= rules.numbers.stacking_card});
  if (rules.readings.civilian_stacking == R::CivilianStacking::applies)
    for (int s : civilians_on_map)
      e.legal.push_back({kStacking, stacked(next, next.spaces[s], f, rules) <= rules.numbers.stacking_map});
  // The tokens and the units: the population relation.
  add_relation(e, before, f, act, after, next, changed, main_clause, rules);
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
  const auto at = static_cast<std::size_t>(s);
  const SymSpace& sp = before.spaces[at];

  Encoded e;
  e.legal.push_back({kInterconversion, before.phase == phase_of(ms::Phase::industry)});
  const bool pair_ok = (a.from == Piece::civilian && a.to == Piece::worker) ||
                       (a.from == Piece::worker && a.to == Piece::civilian) ||
                       (a.from == Piece::infantry && a.to == Piece::worker);
  e.legal.push_back({kInterconversion, ctx.bool_val(pair_ok)});
  if (!pair_ok) return e;  // nothing to change: the conditions already refuse it
  if (a.to == Piece::worker) e.legal.push_back({kInterconversion, worker_utility_ok(before, f, s, owner, rules)});

  PerSpace act(before.spaces.size());
  (a.from == Piece::civilian ? act.to_workers : a.from == Piece::worker ? act.to_civilians : act.infantry_to_workers)[at] =
      a.count;
  // The Workers per Utility: a leaving Worker leaves the faction's own Utility first, then those it is
  // a guest in (docs/formats.md); a new one enters `owner`'s.
  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  if (a.from == Piece::worker) {
    z3::expr left = ctx.int_val(a.count);
    const z3::expr own = min_of(sp.workers[f], left);
    next.spaces[at].workers[f] = sp.workers[f] - own;
    add_key(changed, workers_key(before, s, f, f), kInterconversion);
    left = left - own;
    for (std::size_t o = 0; o < before.factions.size(); ++o) {
      if (static_cast<int>(o) == f) continue;
      const z3::expr taken = min_of(sp.guests[o][f], left);
      next.spaces[at].guests[o][f] = sp.guests[o][f] - taken;
      add_key(changed, workers_key(before, s, f, static_cast<int>(o)), kInterconversion);
      left = left - taken;
    }
  }
  if (a.to == Piece::worker) {
    add_workers(next, f, s, owner, ctx.int_val(a.count));
    add_key(changed, workers_key(before, s, f, owner), kInterconversion);
  }
  add_relation(e, before, f, act, after, next, changed, kInterconversion, rules);
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

}  // namespace rulecheck::solver::messina

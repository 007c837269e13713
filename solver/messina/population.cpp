// The placing of new human units and their conversions (population_relation.cpp) over the board asked
// about: the membership checks of `place`, `convert` and `release` (run --with-solver, fuzz
// --with-solver, the alternative/forbidden/disputed verdicts) and the ambiguity witnesses ask it. What
// only a board of named spaces has to say stays here: the action's counts gathered per space, what the
// board around says at each space (a PlacingGround: the card held, Home Spaces, the battle, the
// Utilities named and their owners' consent, the stacking count, the card's units), where a placement
// may go (the Friendly Area page's relation over the board: friendly_board.cpp, placing_in_area()),
// which Utility a leaving Worker leaves, and the frame; and the rule that a placed unit never returns
// to Spare.
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

constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kNoReturn = "messina.population.no-return";

// messina.muster.stacking (messina.muster.stacking.workers: Workers do not count): the units in a map
// space counted against the limit when `f` adds some, under messina.stacking-scope.
z3::expr stacked(const SymBoard& board, const SymSpace& space, int f, const ms::Rules& rules) {
  z3::expr n = board.ctx().int_val(0);
  for (std::size_t g = 0; g < board.factions.size(); ++g) {
    if (rules.readings.stacking_scope == R::StackingScope::per_faction && static_cast<int>(g) != f) continue;
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

PlacingKind placing_kind(ms::PlacementTime when) {
  switch (when) {
    case ms::PlacementTime::industry: return PlacingKind::workers;
    case ms::PlacementTime::before_orders: return PlacingKind::civilians;
    case ms::PlacementTime::home_defence: return PlacingKind::home_defence;
  }
  return PlacingKind::civilians;
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

// What an action places and converts at each space of one board, known counts, and the other factions'
// Utilities its Workers enter there.
struct PerSpace {
  std::vector<int> workers, civilians, onto_card, from_disaffected, to_workers, to_civilians, infantry_to_workers,
      guests, misplaced, disaffected_named;
  std::vector<std::vector<int>> hosts;  // per space, the other factions whose Utility a Worker enters
  explicit PerSpace(std::size_t n)
      : workers(n), civilians(n), onto_card(n), from_disaffected(n), to_workers(n), to_civilians(n),
        infantry_to_workers(n), guests(n), misplaced(n), disaffected_named(n), hosts(n) {}
  // `count` Workers of `f` enter `owner`'s Utility at s.
  void enter(int f, int s, int owner, int count) {
    if (owner == f) return;
    guests[static_cast<std::size_t>(s)] += count;
    hosts[static_cast<std::size_t>(s)].push_back(owner);
  }
  Placings view(z3::context& c) const {
    auto of = [&c](const std::vector<int>& v) {
      return [&c, v](const Where& w) { return c.int_val(v[static_cast<std::size_t>(w.index)]); };
    };
    return {of(workers),    of(civilians),    of(onto_card),          of(from_disaffected),
            of(to_workers), of(to_civilians), of(infantry_to_workers), of(guests),
            of(misplaced),  of(disaffected_named)};
  }
};

// What the board before says at each space for faction `f` (population_relation.hpp's PlacingGround).
// A host welcomes `f`'s Workers when its Utility stands there and it consents to f placing Workers
// (interpretation messina.worker-utility, read by the relation).
PlacingGround ground_of(const SymBoard& b, int f, const PerSpace& act, const ms::Rules& rules) {
  std::vector<z3::expr> welcome, counted;
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    z3::expr ok = b.ctx().bool_val(true);
    for (int owner : act.hosts[s])
      ok = ok && b.spaces[s].utility[owner] && b.factions[owner].consents[f][activity_index(ms::Activity::workers)];
    welcome.push_back(ok);
    counted.push_back(stacked(b, b.spaces[s], f, rules));
  }
  const SymBoard* board = &b;
  auto of = [](std::vector<z3::expr> v) { return [v](const Where& w) { return v[w.index]; }; };
  return {[board, f](const Where& w) { return board->spaces[w.index].card_holder == f; },
          [board, f](const Where& w) { return board->factions[f].home[w.index]; },
          [board](const Where& w) { return board->battle == w.index; },
          [board, f](const Where& w) { return board->spaces[w.index].utility[f]; },
          of(std::move(welcome)),
          of(std::move(counted)),
          [board](const Where& w) { return card_total(board->spaces[w.index]); }};
}

// The population relation of kind `what` over this board for faction `f` (population_relation.cpp),
// and the frame of what it states: the faction's Disaffected, Spare and Located tokens, its units on the
// map and on its cards (the cards of other holders stay). Its Workers, per Utility, are the caller's
// (`next`).
void add_relation(Encoded& e, PlacingKind what, const SymBoard& before, int f, const PerSpace& act,
                  const SymBoard& after, const SymBoard& next, std::vector<std::pair<std::string, std::string>> changed,
                  const ms::Rules& rules) {
  const char* frame_clause = placing_clause(what);
  Spaces spaces = Spaces::finite(before.ctx(), static_cast<int>(before.spaces.size()));
  const PopulationRelation r =
      population_relation(spaces, what, before.factions[f].kind, mat_on(before, f), army_on(before, f),
                          ground_of(before, f, act, rules), act.view(before.ctx()), mat_on(after, f), army_on(after, f),
                          rules, "");
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

// Whether the action's kind places this piece there: Workers (never onto a card) in Industry, Civilians
// at the other moments (the relation refuses the rest: Placings::misplaced).
bool placed_by(ms::PlacementTime when, Piece piece, bool on_card) {
  if (when == ms::PlacementTime::industry) return piece == Piece::worker && !on_card;
  return piece == Piece::civilian;
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
  const PlacingKind what = placing_kind(a.when);
  const ms::Activity purpose = purpose_of(a.when, rules);
  std::vector<bool> in_area_needed(before.spaces.size(), false);  // a placement there that the Area bounds

  Encoded e;
  SymBoard next = before;  // the Workers per Utility
  std::vector<std::pair<std::string, std::string>> changed;
  PerSpace act(before.spaces.size());

  for (const auto& pl : a.placements) {
    const int s = before.space_index(pl.what.where.space);
    const auto at = static_cast<std::size_t>(s);
    const bool on_card = pl.what.where.on_card;
    const int count = pl.what.count;
    const bool disaffected = pl.from == ms::TokenSource::disaffected;
    if (!placed_by(a.when, pl.what.piece, on_card)) ++act.misplaced[at];
    if (disaffected) ++act.disaffected_named[at];
    // interpretation messina.card-in-area: a held card counts when its space is in the Area
    // ("connected") or always ("every-held-card").
    if (!(on_card && rules.readings.card_in_area == R::CardInArea::every_held_card)) in_area_needed[at] = true;

    // The units themselves (a Worker onto a card, refused, places nothing).
    if (pl.what.piece == Piece::worker && !on_card) {
      const int owner = pl.utility ? before.faction_index(*pl.utility) : f;
      act.workers[at] += count;  // a Worker's token comes from Spare (messina.population.placement.workers)
      act.enter(f, s, owner, count);
      add_workers(next, f, s, owner, ctx.int_val(count));
      add_key(changed, workers_key(before, s, f, owner), placing_clause(what));
    } else if (pl.what.piece != Piece::worker) {
      (on_card ? act.onto_card : disaffected ? act.from_disaffected : act.civilians)[at] += count;
    }
  }
  // messina.population.placement.friendly-area: the Friendly Area page's relation over this board.
  const FriendlyPage page = page_of(before, f, {purpose}, rules);
  e.legal.push_back(placing_in_area(
      sorts_of(before), Placing::civilians, [&](const Where& w) { return ctx.bool_val(in_area_needed[w.index]); },
      page.area(purpose)));
  // The moment, what is placed where, the room, the tokens and the units: the population relation.
  add_relation(e, what, before, f, act, after, next, changed, rules);
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
  PerSpace act(before.spaces.size());
  const bool pair_ok = (a.from == Piece::civilian && a.to == Piece::worker) ||
                       (a.from == Piece::worker && a.to == Piece::civilian) ||
                       (a.from == Piece::infantry && a.to == Piece::worker);
  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  if (!pair_ok) {  // a pair no conversion makes: the relation refuses it, and it changes nothing
    ++act.misplaced[at];
    add_relation(e, PlacingKind::conversion, before, f, act, after, next, changed, rules);
    return e;
  }
  auto& converted = a.from == Piece::civilian ? act.to_workers
                    : a.from == Piece::worker ? act.to_civilians
                                              : act.infantry_to_workers;
  converted[at] = a.count;
  // The Workers per Utility: a leaving Worker leaves the faction's own Utility first, then those it is
  // a guest in (docs/formats.md); a new one enters `owner`'s.
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
    act.enter(f, s, owner, a.count);
    add_workers(next, f, s, owner, ctx.int_val(a.count));
    add_key(changed, workers_key(before, s, f, owner), kInterconversion);
  }
  add_relation(e, PlacingKind::conversion, before, f, act, after, next, changed, rules);
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

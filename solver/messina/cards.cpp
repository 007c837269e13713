// Location Cards (messina.cards.*) over the board asked about: the membership checks of `expose`, `hide`,
// `transfer` and `end-exploration` (run --with-solver, fuzz --with-solver, the alternative/forbidden/
// disputed verdicts, the witnesses of cards_witnesses.cpp and the bounded check of
// tests/test_solver_cards_bounded.cpp) ask the Location Card
// relation (cards_relation.cpp), the one `prove` proves theorems of (cards_theorems.cpp). What only a
// board of named spaces says stays here: the action's cards and counts gathered per space, each count
// it names not negative and each discard named once, the units the map limit reads (messina.stacking-
// scope), and every component the relation does not decide staying (the frame). The queries (what a
// card's facing and holder decide: exposure, ties, bombs, support) ask the page's answers
// (cards_relation.hpp) about the board, with the Friendly Area page's relation (friendly_relation.hpp)
// where they read friendliness or consent.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "solver/messina/cards_relation.hpp"
#include "solver/messina/friendly_board.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kTransfer = "messina.cards.transfer";

// The action's cards and counts per space, numbers (the action is concrete).
struct Counts {
  std::vector<bool> named, discarded;
  std::vector<std::array<int, kKinds>> moved;
  bool counts_not_negative = true, discards_once = true;
  explicit Counts(std::size_t n) : named(n), discarded(n), moved(n, std::array<int, kKinds>{}) {}
};

// The transfers of `list` into `n`; false: a card not on the board.
bool add_transfers(const SymBoard& b, const std::vector<ms::Transfer>& list, Counts& n) {
  for (const auto& t : list) {
    const int s = b.space_index(t.card);
    if (s < 0) return false;
    n.named[s] = true;
    for (std::size_t k = 0; k < kKinds; ++k) {
      const int count = t.units.count[k];
      n.counts_not_negative = n.counts_not_negative && count >= 0;
      n.moved[s][k] += count;
    }
  }
  return true;
}

// The units the map limit reads at a space when `faction` adds units there: every unit kind (Workers
// live in Utilities and never count), of every faction or of `faction` only (messina.stacking-scope).
z3::expr stacked(const SymBoard& b, int space, int faction, const ms::Rules& rules) {
  z3::expr n = b.ctx().int_val(0);
  for (std::size_t f = 0; f < b.factions.size(); ++f) {
    if (rules.readings.stacking_scope == ms::Readings::StackingScope::per_faction && static_cast<int>(f) != faction)
      continue;
    for (const auto& u : b.spaces[space].units[f]) n = n + u;
  }
  return n;
}

// Each card's facing on the board.
AtWhere facing_of(const SymBoard& b) {
  const SymBoard* p = &b;
  return [p](const Where& w) { return p->spaces[w.index].card_exposed; };
}

// The state as the relation reads it for actor `f`: the card named after each space, the actor's units
// on the map there and its Workers (its own Utility and as a guest).
CardsState state_of(const SymBoard& b, int f) {
  const SymBoard* p = &b;
  return {b.phase,
          b.factions[f].located,
          [p, f](const Where& w) { return p->spaces[w.index].card_holder == f; },
          [p](const Where& w) { return p->spaces[w.index].card_holder == -1; },
          facing_of(b),
          [p](const Where& w, std::size_t k) { return p->spaces[w.index].card_units[k]; },
          [p, f](const Where& w, std::size_t k) { return p->spaces[w.index].units[f][k]; },
          [p, f](const Where& w) {
            const SymSpace& sp = p->spaces[w.index];
            z3::expr all = sp.workers[f];
            for (std::size_t owner = 0; owner < p->factions.size(); ++owner)
              if (static_cast<int>(owner) != f) all = all + sp.guests[owner][f];
            return all;
          }};
}

CardsChoice choice_of(z3::context& ctx, const Counts& counts) {
  const auto n = std::make_shared<const Counts>(counts);
  return {[n, &ctx](const Where& w) { return ctx.bool_val(n->named[w.index]); },
          [n, &ctx](const Where& w, std::size_t k) { return ctx.int_val(n->moved[w.index][k]); },
          [n, &ctx](const Where& w) { return ctx.bool_val(n->discarded[w.index]); }};
}

// The components the relation decides, left out of the frame: the actor's Located tokens and units on
// the map, every card's facing and units, the holder of each card discarded. A card kept keeps its
// holder and the actor's Workers stay component by component through the frame (the relation holds
// only whether the actor holds the card, and the Workers' total).
std::vector<std::string> decided_keys(const SymBoard& b, int f, const Counts& n) {
  const std::string& fid = b.factions[f].id;
  std::vector<std::string> keys = {"/factions/" + fid + "/population/located"};
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    const std::string& sid = b.spaces[s].id;
    keys.push_back("/cards/" + sid + "/exposed");
    if (n.discarded[s]) keys.push_back("/cards/" + sid + "/holder");
    for (std::size_t k = 0; k < kKinds; ++k) {
      const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
      keys.push_back("/cards/" + sid + "/units/" + kind);
      keys.push_back("/spaces/" + sid + "/units/" + fid + "/" + kind);
    }
  }
  return keys;
}

Encoded encode(const SymBoard& before, int f, CardAction what, const Counts& n, const SymBoard& after,
               const ms::Rules& rules, const char* frame) {
  z3::context& ctx = before.ctx();
  Spaces spaces = Spaces::finite(ctx, static_cast<int>(before.spaces.size()));
  std::vector<z3::expr> counted;
  for (std::size_t s = 0; s < before.spaces.size(); ++s) counted.push_back(stacked(before, static_cast<int>(s), f, rules));
  const CardsGround ground{[counted](const Where& w) { return counted[w.index]; }};
  const CardsRelation r =
      cards_relation(spaces, what, state_of(before, f), ground, choice_of(ctx, n), state_of(after, f), rules);
  Encoded e{r.guard, r.effect};
  if (!n.counts_not_negative) e.legal.push_back({kTransfer, ctx.bool_val(false)});
  if (!n.discards_once) e.legal.push_back({kHandLimit, ctx.bool_val(false)});
  for (auto& c : effect(after, before, {}, frame, decided_keys(before, f, n))) e.effect.push_back(std::move(c));
  return e;
}

// Whether the space at `w` is friendly to faction `f` for `purpose` with its Location Card left out: the
// Friendly Area page's friendliness (friendly_relation.hpp) over the board with nobody holding that card.
z3::expr friendly_without_card(const SymBoard& b, int f, const Where& w, ms::Activity purpose,
                               const ms::Rules& rules) {
  PageFields x = fields_of(b, f);
  const PageFields with_card = x;
  const int card = w.index;
  x.holds = [with_card, card](const Who& g, const Where& s) {
    return s.index == card ? s.term.ctx().bool_val(false) : with_card.holds(g, s);
  };
  Constraints none;  // over one board the page defines every quantity as its expression
  const PageSorts d = sorts_of(b);
  const FriendlyPage page = friendly_page(d, x, rules.readings, {}, none);
  return friendly_spaces(d, x, purpose, page.hostile, none)(w);
}

SymAnswer answer_of(SymAnswer::Type type, const CardAnswer& a) { return SymAnswer{type, {a.value}, a.clause}; }

}  // namespace

// messina.cards.expose-any-time: the holder turns its card face-up whenever it likes (already face-up:
// nothing changes).
std::optional<Encoded> encode_expose(const SymBoard& before, const ms::Expose& a, const SymBoard& after,
                                     const ms::Rules& rules) {
  const int f = before.faction_index(a.faction), s = before.space_index(a.card);
  if (f < 0 || s < 0) return std::nullopt;
  Counts n(before.spaces.size());
  n.named[s] = true;
  return encode(before, f, CardAction::expose, n, after, rules, "messina.cards.expose-any-time");
}

// messina.cards.hide: face-down only when the card is empty, outside every Mil Ops Phase.
std::optional<Encoded> encode_hide(const SymBoard& before, const ms::Hide& a, const SymBoard& after,
                                   const ms::Rules& rules) {
  const int f = before.faction_index(a.faction), s = before.space_index(a.card);
  if (f < 0 || s < 0) return std::nullopt;
  Counts n(before.spaces.size());
  n.named[s] = true;
  return encode(before, f, CardAction::hide, n, after, rules, "messina.cards.hide");
}

// messina.cards.transfer: units from face-up cards to their map spaces (cards_relation.cpp).
std::optional<Encoded> encode_transfer(const SymBoard& before, const ms::Transfer& a, const SymBoard& after,
                                       const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  Counts n(before.spaces.size());
  if (!add_transfers(before, {a}, n)) return std::nullopt;
  return encode(before, f, CardAction::transfer, n, after, rules, kTransfer);
}

// messina.cards.hand-limit / messina.cards.discard-empty: at the end of an Exploration the holder first
// empties cards onto the map (its transfers), then discards; each card discarded named once.
std::optional<Encoded> encode_end_exploration(const SymBoard& before, const ms::EndExploration& a,
                                              const SymBoard& after, const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  Counts n(before.spaces.size());
  for (const auto& id : a.discard) {
    const int s = before.space_index(id);
    if (s < 0) return std::nullopt;
    n.discards_once = n.discards_once && !n.discarded[s];
    n.discarded[s] = true;
  }
  if (!add_transfers(before, a.transfers, n)) return std::nullopt;
  return encode(before, f, CardAction::end_exploration, n, after, rules, kHandLimit);
}

// The queries ask the page (cards_relation.hpp) about the board: messina.cards.must-expose.
std::optional<SymAnswer> encode_must_expose(const SymBoard& board, const ms::MustExposeQuery& q,
                                            const ms::Rules& rules) {
  const int f = board.faction_index(q.faction), s = board.space_index(q.card);
  if (f < 0 || s < 0) return std::nullopt;
  const Where where{board.ctx().int_val(s), s};
  const std::optional<ms::Activity> purpose = exposure_purpose(q.situation);
  const z3::expr without = purpose ? friendly_without_card(board, f, where, *purpose, rules) : board.ctx().bool_val(false);
  return answer_of(SymAnswer::Type::boolean, must_expose(q.situation, without));
}

// messina.cards.exposed.tie-break: whose card the location's is, and (a reading) whom its holder consents
// `military` to, from the Friendly Area page's fields of the board.
std::optional<SymAnswer> encode_tie_break(const SymBoard& board, const ms::TieBreakQuery& q, const ms::Rules& rules) {
  const int s = board.space_index(q.at);
  if (s < 0) return std::nullopt;
  const Factions factions = sorts_of(board).factions;
  std::vector<Who> sides;
  for (const auto& id : q.sides) {
    const int side = board.faction_index(id);
    if (side < 0) return std::nullopt;
    sides.push_back(factions.at(side));
  }
  const PageFields x = fields_of(board, 0);
  const Where where{board.ctx().int_val(s), s};
  const AtWho holds = [x, where](const Who& g) { return x.holds(g, where); };
  const auto military = [x](const Who& giver, const Who& receiver) {
    return x.consents(ms::Activity::military, giver, receiver);
  };
  return answer_of(SymAnswer::Type::faction, tie_winner(factions, sides, holds, military, rules.readings));
}

// messina.cards.hidden.invisible / messina.cards.hidden.support: the card's facing (a CardsState's, as
// state_of reads it).
std::optional<SymAnswer> encode_bombable(const SymBoard& board, const ms::BombableQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return answer_of(SymAnswer::Type::boolean, bombable(facing_of(board), {board.ctx().int_val(s), s}));
}

std::optional<SymAnswer> encode_support_cut(const SymBoard& board, const ms::SupportCutQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return answer_of(SymAnswer::Type::boolean, support_cut(facing_of(board), {board.ctx().int_val(s), s}));
}

}  // namespace rulecheck::solver::messina

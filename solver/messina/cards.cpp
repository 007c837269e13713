// Location Cards (messina.cards.*) over the board asked about: the membership checks of `expose`, `hide`,
// `transfer` and `end-exploration` (run --with-solver, fuzz --with-solver, the alternative/forbidden/
// disputed verdicts, the witnesses and the bounded proofs of cards_proofs.cpp) ask the Location Card
// relation (cards_relation.cpp), the one `prove` proves theorems of (cards_theorems.cpp). What only a
// board of named spaces says stays here: the action's cards and counts gathered per space, each count
// it names not negative and each discard named once, the units the map limit reads (messina.stacking-
// scope), and every component the relation does not decide staying (the frame). The queries (what a
// card's facing decides: exposure, ties, bombs, support) are answers on the board, not actions: they are
// written here over the board.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "solver/messina/cards_relation.hpp"
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

// The state as the relation reads it for actor `f`: the card named after each space, the actor's units
// on the map there and its Workers (its own Utility and as a guest).
CardsState state_of(const SymBoard& b, int f) {
  const SymBoard* p = &b;
  return {b.phase,
          b.factions[f].located,
          [p, f](const Where& w) { return p->spaces[w.index].card_holder == f; },
          [p](const Where& w) { return p->spaces[w.index].card_holder == -1; },
          [p](const Where& w) { return p->spaces[w.index].card_exposed; },
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

// Presence that makes a space friendly, the space's Location Card left out: units on the map, a
// Utility, Workers as guests in anyone's Utility, a Shield (messina.friendly.space).
z3::expr presence_without_card(const SymBoard& b, int space, int ally) {
  const SymSpace& sp = b.spaces[space];
  z3::expr units = b.ctx().int_val(0);
  for (const auto& u : sp.units[ally]) units = units + u;
  z3::expr guests = b.ctx().int_val(0);
  for (std::size_t o = 0; o < b.factions.size(); ++o) guests = guests + sp.guests[o][ally];
  return units > 0 || sp.utility[ally] || guests > 0 || sp.shield[ally] > 0;
}

// Whether the space would be friendly to `faction` for `purpose` without the card: its own
// presence, or that of an ally consenting to the purpose (messina.friendly.consent).
z3::expr friendly_without_card(const SymBoard& b, int space, int faction, ms::Activity purpose) {
  z3::expr_vector any(b.ctx());
  for (std::size_t a = 0; a < b.factions.size(); ++a) {
    const z3::expr counts = static_cast<int>(a) == faction
                                ? b.ctx().bool_val(true)
                                : b.factions[a].consents[faction][static_cast<std::size_t>(purpose)];
    any.push_back(counts && presence_without_card(b, space, static_cast<int>(a)));
  }
  return z3::mk_or(any);
}

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

// messina.cards.must-expose: only the listed situations call for the card face-up.
std::optional<SymAnswer> encode_must_expose(const SymBoard& board, const ms::MustExposeQuery& q, const ms::Rules&) {
  const int f = board.faction_index(q.faction), s = board.space_index(q.card);
  if (f < 0 || s < 0) return std::nullopt;
  z3::context& ctx = board.ctx();
  using S = ms::ExposureSituation;
  auto answer = [&](z3::expr e, const char* clause) { return SymAnswer{SymAnswer::Type::boolean, {e}, clause}; };
  switch (q.situation) {
    // messina.cards.expose.build: only when the space's friendliness rests on the card.
    case S::utility_build:
      return answer(!friendly_without_card(board, s, f, ms::Activity::build), "messina.cards.expose.build");
    case S::muster_on_map:
      return answer(!friendly_without_card(board, s, f, ms::Activity::muster), "messina.cards.expose.build");
    case S::obstruction: return answer(ctx.bool_val(true), "messina.cards.expose.obstruction");
    case S::march: return answer(ctx.bool_val(true), "messina.cards.expose.march");
    case S::demolition: return answer(ctx.bool_val(true), "messina.cards.expose.demolition");
    case S::military_effect: return answer(ctx.bool_val(true), "messina.cards.expose.military-effect");
    case S::battle: return answer(ctx.bool_val(true), "messina.cards.expose.battle");
    // The exceptions: linking friendly spaces, mustering onto the card, units that do not respond.
    case S::connect: return answer(ctx.bool_val(false), "messina.cards.expose.connect");
    case S::muster_onto_card: return answer(ctx.bool_val(false), "messina.cards.expose.onto-card");
    case S::no_response: return answer(ctx.bool_val(false), "messina.cards.expose.no-response");
  }
  return std::nullopt;
}

// messina.cards.exposed.tie-break: a tie goes to the side holding the location's card (a hidden
// card too: it may be turned up after the strengths are counted). A holder that is not a side
// helps nobody, or (interpretation messina.tie-break-ally) the one side it consents `military` to.
std::optional<SymAnswer> encode_tie_break(const SymBoard& board, const ms::TieBreakQuery& q, const ms::Rules& rules) {
  const int s = board.space_index(q.at);
  if (s < 0) return std::nullopt;
  z3::context& ctx = board.ctx();
  std::vector<int> sides;
  for (const auto& id : q.sides) {
    sides.push_back(board.faction_index(id));
    if (sides.back() < 0) return std::nullopt;
  }
  const z3::expr& holder = board.spaces[s].card_holder;
  z3::expr_vector holder_is_side(ctx);
  for (int side : sides) holder_is_side.push_back(holder == side);
  z3::expr ally = ctx.int_val(-1);
  if (rules.readings.tie_break_ally == ms::Readings::TieBreakAlly::military_ally) {
    const auto military = static_cast<std::size_t>(ms::Activity::military);
    // The sides the holder consents `military` to, and the last of them.
    z3::expr count = ctx.int_val(0), last = ctx.int_val(-1);
    for (int side : sides)
      for (std::size_t h = 0; h < board.factions.size(); ++h) {
        const z3::expr gives = holder == static_cast<int>(h) && board.factions[h].consents[side][military];
        count = count + z3::ite(gives, ctx.int_val(1), ctx.int_val(0));
        last = z3::ite(gives, ctx.int_val(side), last);
      }
    ally = z3::ite(count == 1, last, ctx.int_val(-1));
  }
  z3::expr winner = ally;
  for (auto it = sides.rbegin(); it != sides.rend(); ++it) winner = z3::ite(holder == *it, ctx.int_val(*it), winner);
  return SymAnswer{SymAnswer::Type::faction, {winner}, "messina.cards.exposed.tie-break"};
}

// messina.cards.hidden.invisible: bombs and missiles cannot reach units on a face-down card.
std::optional<SymAnswer> encode_bombable(const SymBoard& board, const ms::BombableQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::boolean, {board.spaces[s].card_exposed}, "messina.cards.hidden.invisible"};
}

// messina.cards.hidden.support: no hit, March or Support cuts a face-down card's support.
std::optional<SymAnswer> encode_support_cut(const SymBoard& board, const ms::SupportCutQuery& q, const ms::Rules&) {
  const int s = board.space_index(q.card);
  if (s < 0) return std::nullopt;
  return SymAnswer{SymAnswer::Type::boolean, {board.spaces[s].card_exposed}, "messina.cards.hidden.support"};
}

}  // namespace rulecheck::solver::messina

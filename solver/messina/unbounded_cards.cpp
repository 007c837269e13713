// Location Cards' per-action proofs for boards of any size (unbounded.hpp, unbounded_sums.hpp).
//
// Transfers: any number of them, from any of the holder's face-up cards to their map spaces (a Transfer
// or an End of Exploration's list), every count a function over an uninterpreted sort of spaces.
//
// The hand limit: cards are an uninterpreted sort (any number of them) with the holder's hand before
// and after and the cards discarded as predicates over it. "At most the hand limit" is a count, which
// first-order logic cannot take of a predicate: each count is an integer constant and the one fact used
// of them is that of finite sets (a hand less the cards discarded from it has the hand's count less the
// discards'), stated for the sets named, as Alloy's and Ivy's cardinality axioms are. So the proof holds
// for every finite hand, whatever the ruleset's limit.
//
// Dropped from the bounded set, each for a proof that says more: messina.cards.capacity-kept,
// messina.cards.transfer-stacking and messina.cards.discard-transfer-stacking restated the check the
// action had just made (the card's room, the map space's after a transfer); the card and map limits over
// every space and card of the state after any action that adds units, transfers and discards included,
// are messina.stacking.map-limit and messina.stacking.card-limit (stacking_theorems.cpp). messina.cards.hidden-empty restated
// the hide's own condition (an empty card); its whole-state strengthening ("every face-down card is
// empty") is false by the text, which lets a faction muster onto a face-down card
// (messina.cards.hidden.secret-muster), so no claim is left to prove.
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"
#include "solver/messina/reachable_facts.hpp"
#include "solver/messina/unbounded_sums.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr const char* kTransferVanish = "units taken off the card without being put on the map";
constexpr const char* kArriveAsCivilians = "the transferred units put on the map as Civilians";
constexpr const char* kLimitPlusOne = "the excess counted over hand_limit + 1";
constexpr const char* kOneDiscard = "a hand over the limit discards one card, whatever the excess";

std::vector<Question> transfer_questions(z3::context& c, const ms::Rules& rules, const std::string& mis) {
  std::vector<Question> qs;
  for (auto faction : {ms::FactionKind::human, ms::FactionKind::ai}) {
    const z3::sort space = c.uninterpreted_sort("Space");
    const SpaceSums sums{c, space};
    const auto per = tokens_per_kind(rules.numbers, faction);
    // moved.map[k](s): the units of kind k transferred from the card at s to the map there.
    const Pieces army(c, space, "units"), moved(c, space, "transferred"), after(c, space, "units_after");
    const z3::func_decl exposed = c.function("card_exposed", space, c.bool_sort());
    const z3::expr s = c.constant("s", space);
    z3::expr at = army.not_negative(s) && moved.not_negative(s) && moved.workers(s) == 0 &&
                  after.workers(s) == army.workers(s);
    z3::expr any = c.bool_val(false), same = c.bool_val(true), all_moved = c.int_val(0);
    for (std::size_t k = 0; k < kKinds; ++k) {
      // messina.cards.transfer: from a face-up card the faction holds (its units there), as many as stand.
      at = at && moved.card[k](s) == 0 && moved.map[k](s) <= army.card[k](s) &&
           z3::implies(moved.map[k](s) > 0, exposed(s));
      any = any || moved.map[k](c.constant("somewhere", space)) > 0;
      all_moved = all_moved + moved.map[k](s);
      at = at && after.card[k](s) == army.card[k](s) - moved.map[k](s);
      if (mis == kArriveAsCivilians) {
        if (k != 0) at = at && after.map[k](s) == army.map[k](s);
      } else {
        at = at && after.map[k](s) == army.map[k](s) + (mis == kTransferVanish ? c.int_val(0) : moved.map[k](s));
      }
      same = same && after.card[k](s) + after.map[k](s) == army.card[k](s) + army.map[k](s);
    }
    if (mis == kArriveAsCivilians) at = at && after.map[0](s) == army.map[0](s) + all_moved;
    const z3::expr backed = sums.total("backed"), backed_after = sums.total("backed_after");
    const z3::expr located = c.int_const("located");
    // A transfer moves no token: the faction's Located tokens stay; the units' tokens at each space
    // are unchanged, so are their totals.
    const z3::expr premises =
        z3::forall(s, at) && located == backed &&
        sums.additive(backed_after, [&](const z3::expr& x) { return after.tokens(x, per); }, backed,
                      [&](const z3::expr& x) { return army.tokens(x, per); }, c.int_val(0),
                      [&](const z3::expr&) { return c.int_val(0); });
    qs.push_back({fmt::format("transfers by a {} faction", kind_words(faction)), premises,
                  z3::forall(s, same) && located == backed_after, any, pieces_reachable(army, rules.numbers.stacking_card)});
  }
  return qs;
}

// The discards the hand limit allows of a hand of `held` cards (cards.cpp's discards_allowed, under
// the reading of messina.hand-limit-discard), as misread.
z3::expr discards_allowed(z3::context& c, const z3::expr& held, const z3::expr& n, R::HandLimitDiscard reading,
                          int limit, const std::string& mis) {
  const int counted = limit + (mis == kLimitPlusOne ? 1 : 0);
  const z3::expr excess = z3::ite(held > counted, held - counted, c.int_val(0));
  const z3::expr needed = mis == kOneDiscard ? z3::ite(excess > 0, c.int_val(1), c.int_val(0)) : excess;
  switch (reading) {
    case R::HandLimitDiscard::exactly_excess: return n == needed;
    case R::HandLimitDiscard::more_when_over: return z3::ite(excess > 0, n >= needed, n == 0);
    case R::HandLimitDiscard::any_number: return n >= needed;
  }
  return c.bool_val(false);
}

std::vector<Question> hand_questions(z3::context& c, const ms::Rules& rules, const std::string& mis) {
  std::vector<Question> qs;
  for (auto reading :
       {R::HandLimitDiscard::exactly_excess, R::HandLimitDiscard::more_when_over, R::HandLimitDiscard::any_number}) {
    const z3::sort card = c.uninterpreted_sort("Card");
    const z3::func_decl held = c.function("held", card, c.bool_sort()),
                        discarded = c.function("discarded", card, c.bool_sort()),
                        held_after = c.function("held_after", card, c.bool_sort());
    const z3::expr x = c.constant("x", card);
    const z3::expr hand = c.int_const("hand"), discards = c.int_const("discards"),
                   hand_after = c.int_const("hand_after");
    // messina.cards.holding: only the holder's own cards are discarded; messina.cards.hand-limit: each
    // discarded card leaves the hand, the rest stay.
    const z3::expr own = z3::forall(x, z3::implies(discarded(x), held(x)));
    const z3::expr leave = z3::forall(x, held_after(x) == (held(x) && !discarded(x)));
    // The finite-set fact: a hand less a subset of it has the hand's count less the subset's.
    const z3::expr counted = hand >= 0 && discards >= 0 && hand_after >= 0 &&
                             z3::implies(own && leave, hand_after == hand - discards);
    const z3::expr legal = discards_allowed(c, hand, discards, reading, rules.numbers.hand_limit, mis);
    const char* words = reading == R::HandLimitDiscard::exactly_excess ? "exactly-excess"
                        : reading == R::HandLimitDiscard::more_when_over ? "more-when-over"
                                                                          : "any-number";
    qs.push_back({fmt::format("an end of Exploration's discards (hand-limit-discard {})", words),
                  own && leave && counted && legal, hand_after <= rules.numbers.hand_limit,
                  discards > 0 && hand > rules.numbers.hand_limit + 1, none_negative({hand})});
  }
  return qs;
}

}  // namespace

std::vector<UnboundedProof> unbounded_cards(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;
  UnboundedProof transfer;
  transfer.id = "messina.cards.transfer-conserves";
  transfer.claim =
      "any legal transfers from a faction's cards to the map keep, at every space and kind by kind, its units on the "
      "card plus on the map, and its Located tokens still equal the tokens its units and Workers stand for";
  transfer.covers =
      "boards of any size: any number of spaces (an uninterpreted sort), any counts, any transfers from any of the "
      "faction's face-up cards (a Transfer or an End of Exploration's list), by a faction of either kind; totals "
      "over the board with the facts of finite sums";
  transfer.clauses = {"messina.cards.transfer", "messina.population.backing"};
  transfer.misreadings = {kTransferVanish, kArriveAsCivilians};
  transfer.ask = [&rules](z3::context& c, const std::string& mis) { return transfer_questions(c, rules, mis); };
  transfer.exercised_words = "a unit is transferred";
  transfer.questions_words = "faction kinds";
  transfer.reachable_invariants = {kFormatCounts, kCardCapacity};
  out.push_back(std::move(transfer));

  UnboundedProof hand;
  hand.id = "messina.cards.hand-limit-kept";
  hand.claim = fmt::format(
      "after a legal end of Exploration the holder holds at most {} cards (the hand limit), however many it held",
      rules.numbers.hand_limit);
  hand.covers =
      "boards of any size: any number of cards (an uninterpreted sort) and any hand, the counts of the hand, the "
      "discards and the hand after with the fact of finite sets, under each reading of messina.hand-limit-discard";
  hand.clauses = {"messina.cards.hand-limit", "messina.cards.holding"};
  hand.misreadings = {kLimitPlusOne, kOneDiscard};
  hand.ask = [&rules](z3::context& c, const std::string& mis) { return hand_questions(c, rules, mis); };
  hand.exercised_words = "a hand at least two over the limit discards";
  hand.questions_words = "readings";
  hand.reachable_invariants = {"format: a hand's size not negative (a hand over the limit is reachable: Exploration draws before its end)"};
  out.push_back(std::move(hand));
  return out;
}

}  // namespace rulecheck::solver::messina

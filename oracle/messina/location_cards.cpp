// Location Cards: facing, transfers to the map, the hand limit, and what exposed and hidden cards
// do (hostility lives in friendly_area.cpp; mustering onto cards in muster.cpp).
#include <set>

#include <fmt/format.h>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {

void require_holder(const State& state, const FactionId& faction, const SpaceId& card) {
  require(state.cards.at(card).holder == faction, "messina.cards.holding", "{} does not hold the Location Card {}",
          faction, card);
}

// messina.cards.transfer: units on a face-up card move to its map space at any stage, within
// the map's stacking limit (waived only for a card emptied for its discard under one reading of
// interpretation messina.discard-emptying: see end_exploration).
// convention messina.convention.card-transfer-any-moment: no moment of the round is asked of a transfer
void move_card_units_to_map(const Rules& rules, State& next, const Transfer& t, bool stacking_waived = false) {
  require_holder(next, t.faction, t.card);
  LocationCard& card = next.cards.at(t.card);
  require(card.exposed, "messina.cards.transfer",
          "units move from the Location Card {} to the map only while it is face-up", t.card);
  UnitCounts& on_map = next.spaces.at(t.card).units[t.faction];
  for (Piece p : kUnitKinds) {
    require(card.units[p] >= t.units[p], "messina.cards.transfer",
            {{"on the card", card.units[p]}, {"moved", t.units[p]}}, "the Location Card {} holds {} {}, not {}", t.card,
            card.units[p], piece_name(p), t.units[p]);
    if (t.units[p] > 0)
      explain("messina.cards.transfer", {{"on the card", card.units[p]}, {"moved", t.units[p]}},
              "{} {} move from the face-up Location Card {} onto its map space", t.units[p], piece_name(p), t.card);
    card.units[p] -= t.units[p];
    on_map[p] += t.units[p];
  }
  if (stacking_waived) {
    explain("messina.cards.discard-empty", {},
            "the Location Card {} is being discarded: under the overrides-stacking reading its units may take {} "
            "past the stacking limit",
            t.card, t.card);
    return;
  }
  const int stacked = stacked_units(rules, next, t.card, t.faction);
  require(stacked <= rules.numbers.stacking_map, "messina.cards.transfer",
          {{"units", stacked}, {"limit", rules.numbers.stacking_map}},
          "the transfer puts {} units in {}; the stacking limit is {}", stacked, t.card, rules.numbers.stacking_map);
  explain("messina.cards.transfer", {{"units", stacked}, {"limit", rules.numbers.stacking_map}},
          "{} now holds {} unit(s) counted for stacking; the limit is {}", t.card, stacked, rules.numbers.stacking_map);
}

}  // namespace

// messina.cards.expose-any-time: a held card may be exposed at any moment.
// messina.cards.initial-facing: a card its holder chose to receive face-up is exposed already;
// turning it face-up again changes nothing.
State expose_card(const Rules&, const State& state, const Expose& action) {
  require_holder(state, action.faction, action.card);
  if (state.cards.at(action.card).exposed)
    explain("messina.cards.initial-facing", {}, "the Location Card {} is face-up already; it stays so", action.card);
  else
    explain("messina.cards.expose-any-time", {}, "{} turns its Location Card {} face-up, as a holder may at any moment",
            action.faction, action.card);
  State next = state;
  next.cards.at(action.card).exposed = true;
  return next;
}

// messina.cards.hide: face-down only when empty, and outside every Mil Ops Phase.
// Every moment outside a Mil Ops Phase counts (is_between_mil_ops, model.hpp; interpretation
// messina.action-moments decides the Actions).
State hide_card(const Rules& rules, const State& state, const Hide& action) {
  require_holder(state, action.faction, action.card);
  require(is_between_mil_ops(rules.readings, state.phase), "messina.cards.hide",
          "a Location Card is turned face-down only between Mil Ops Phases; {} is not such a moment",
          state.phase == Phase::unspecified ? std::string("a state naming no phase")
                                            : fmt::format("phase \"{}\"", phase_name(state.phase)));
  require(state.cards.at(action.card).units.empty(), "messina.cards.hide",
          {{"units on the card", state.cards.at(action.card).units.total()}},
          "the Location Card {} has units on it; only an empty card is turned face-down", action.card);
  explain("messina.cards.hide", {},
          "phase \"{}\" falls between Mil Ops Phases and the Location Card {} is empty: it is turned face-down",
          phase_name(state.phase), action.card);
  State next = state;
  next.cards.at(action.card).exposed = false;
  return next;
}

State transfer_from_card(const Rules& rules, const State& state, const Transfer& action) {
  State next = state;
  move_card_units_to_map(rules, next, action);
  return next;
}

namespace {

// interpretation messina.hand-limit-discard, named as interpretations.json names its readings.
std::string_view name_of_discard_reading(Readings::HandLimitDiscard reading) {
  switch (reading) {
    case Readings::HandLimitDiscard::exactly_excess: return "exactly-excess";
    case Readings::HandLimitDiscard::more_when_over: return "more-when-over";
    case Readings::HandLimitDiscard::any_number: return "any-number";
  }
  return "?";
}

}  // namespace

// messina.cards.hand-limit and messina.cards.discard-empty, at the end of an Exploration Action.
State end_exploration(const Rules& rules, const State& state, const EndExploration& action) {
  require(state.phase == Phase::exploration_end, "messina.cards.hand-limit",
          "the hand limit is applied at the end of an Exploration Action (phase \"exploration-end\")");
  if (!action.discard.empty())
    explain("messina.cards.discard-empty", {}, "a card to be discarded is emptied first, its units moving to the map{}",
            rules.readings.discard_emptying == Readings::DiscardEmptying::overrides_stacking
                ? " past the stacking limit if need be (reading overrides-stacking)"
                : " within the stacking limit (reading stacking-binds)");
  const Readings& readings = rules.readings;
  State next = state;
  // messina.cards.discard-empty: a card to be discarded is emptied by moving its units to the map.
  // interpretation messina.discard-emptying: under "stacking-binds" those transfers observe the
  // stacking limit like any other (messina.cards.transfer), so a hand whose occupied cards all face
  // full map spaces has no legal end; under "overrides-stacking" a transfer from a card discarded
  // in this action may take its map space past the limit.
  const std::set<SpaceId> discarded(action.discard.begin(), action.discard.end());
  for (const auto& t : action.transfers)
    move_card_units_to_map(
        rules, next, t,
        readings.discard_emptying == Readings::DiscardEmptying::overrides_stacking && discarded.count(t.card) > 0);
  int held = 0;
  for (const auto& [id, card] : next.cards) held += card.holder == action.faction ? 1 : 0;
  const int excess = std::max(0, held - rules.numbers.hand_limit);
  explain("messina.cards.hand-limit",
          {{"cards held", held}, {"hand limit", rules.numbers.hand_limit}, {"excess", excess}},
          "as the Exploration Action ends {} holds {} Location Card(s) with a hand limit of {}: {} over",
          action.faction, held, rules.numbers.hand_limit, excess);
  for (const auto& card : action.discard) {
    require(next.cards.count(card) > 0, "messina.cards.hand-limit",
            "the Location Card {} is named twice in the discard; each card is discarded once", card);
    require_holder(next, action.faction, card);
    require(next.cards.at(card).units.empty(), "messina.cards.discard-empty",
            {{"units on the card", next.cards.at(card).units.total()}},
            "the Location Card {} still has units on it; move them to the map first", card);
    explain("messina.cards.discard-empty", {}, "the Location Card {} is empty and is discarded", card);
    next.cards.erase(card);
  }
  // interpretation messina.hand-limit-discard: exactly the excess ("exactly-excess"); at least
  // the excess when over the limit and none otherwise ("more-when-over"); at least the excess,
  // any number when not over ("any-number").
  const int discards = static_cast<int>(action.discard.size());
  const Numbers counts = {{"cards held", held}, {"hand limit", rules.numbers.hand_limit}, {"discarded", discards}};
  switch (readings.hand_limit_discard) {
    case Readings::HandLimitDiscard::exactly_excess:
      require(discards == excess, "messina.cards.hand-limit", counts,
              "{} holds {} Location Cards with a limit of {}, so exactly {} must be discarded; the action discards {}",
              action.faction, held, rules.numbers.hand_limit, excess, discards);
      break;
    case Readings::HandLimitDiscard::more_when_over:
      require(excess > 0 ? discards >= excess : discards == 0, "messina.cards.hand-limit", counts,
              "{} holds {} Location Cards with a limit of {}: {}; the action discards {}", action.faction, held,
              rules.numbers.hand_limit,
              excess > 0 ? fmt::format("at least {} must be discarded", excess)
                         : std::string("nothing is discarded when not over the limit"),
              discards);
      break;
    case Readings::HandLimitDiscard::any_number:
      require(discards >= excess, "messina.cards.hand-limit", counts,
              "{} holds {} Location Cards with a limit of {}, so at least {} must be discarded; the action "
              "discards {}",
              action.faction, held, rules.numbers.hand_limit, excess, discards);
      break;
  }
  explain("messina.cards.hand-limit", counts, "{} card(s) discarded, as the {} reading asks with {} over the limit",
          discards, name_of_discard_reading(readings.hand_limit_discard), excess);
  return next;
}

// messina.cards.must-expose: exposure may be demanded only in the situations listed below, each
// under its own clause id.
bool must_expose(const Rules&, const State& state, const MustExposeQuery& q) {
  // The situation's clause says whether it calls for the card face-up.
  auto situation = [&](std::string_view clause, bool must, std::string_view what) {
    explain(clause, {}, "{}: the Location Card {} {}", what, q.card, must ? "must be exposed" : "may stay hidden");
    return must;
  };
  switch (q.situation) {
    // messina.cards.expose.build: only when the card is what makes the space friendly.
    case ExposureSituation::utility_build:
    case ExposureSituation::muster_on_map: {
      const Activity purpose = q.situation == ExposureSituation::utility_build ? Activity::build : Activity::muster;
      const bool friendly_anyway = is_friendly_without_card(state, q.faction, purpose, q.card);
      return situation("messina.cards.expose.build", !friendly_anyway,
                       friendly_anyway ? "the space is friendly to its holder without the card"
                                       : "the space is friendly to its holder only thanks to the card");
    }
    case ExposureSituation::obstruction:
      return situation("messina.cards.expose.obstruction", true, "the card obstructs units or missiles");
    case ExposureSituation::march: return situation("messina.cards.expose.march", true, "its units are given a March");
    case ExposureSituation::demolition:
      return situation("messina.cards.expose.demolition", true, "its units make a Demolition Attack");
    case ExposureSituation::military_effect:
      return situation("messina.cards.expose.military-effect", true, "its units affect other units militarily");
    case ExposureSituation::battle: return situation("messina.cards.expose.battle", true, "a battle at the location");
    case ExposureSituation::connect:
      return situation("messina.cards.expose.connect", false, "the card only links friendly spaces");
    case ExposureSituation::muster_onto_card:
      return situation("messina.cards.expose.onto-card", false, "units are mustered onto the card itself");
    case ExposureSituation::no_response:
      return situation("messina.cards.expose.no-response", false, "its units do not act and no battle is there");
  }
  return false;
}

// messina.cards.exposed.tie-break: the side holding the location's card wins a tied battle. A
// hidden card counts as well: its holder may turn it face-up once all other strength is counted
// (and a battle at the location calls for it face-up anyway, messina.cards.expose.battle).
std::optional<FactionId> tie_break_winner(const Rules& rules, const State& state, const TieBreakQuery& q) {
  auto it = state.cards.find(q.at);
  if (it == state.cards.end()) {
    explain("messina.cards.exposed.tie-break", {}, "nobody holds the Location Card {}: the tie stands", q.at);
    return std::nullopt;
  }
  const FactionId& holder = it->second.holder;
  for (const auto& side : q.sides)
    if (side == holder) {
      explain("messina.cards.exposed.tie-break", {}, "{} holds the Location Card {} and wins the tie", side, q.at);
      return side;
    }
  // interpretation messina.tie-break-ally: under "holder-only" a card held by a faction that is not
  // a side breaks no tie; under "military-ally" it breaks the tie for the one side its holder gives
  // military consent to (messina.friendly.consent), and for nobody if that is several sides.
  if (rules.readings.tie_break_ally == Readings::TieBreakAlly::holder_only) {
    explain("messina.cards.exposed.tie-break", {},
            "{} holds the Location Card {} but is no side: the tie stands (reading holder-only)", holder, q.at);
    return std::nullopt;
  }
  std::optional<FactionId> helped;
  for (const auto& side : q.sides) {
    if (!consents(state, holder, side, Activity::military)) continue;
    if (helped) {
      explain("messina.friendly.consent", {},
              "{}, holding the Location Card {}, gives military consent to both {} and {}: the tie stands (reading "
              "military-ally)",
              holder, q.at, *helped, side);
      return std::nullopt;
    }
    helped = side;
  }
  if (helped)
    explain("messina.cards.exposed.tie-break", {},
            "{} holds the Location Card {} and gives military consent to {} alone, which wins the tie (reading "
            "military-ally)",
            holder, q.at, *helped);
  else
    explain("messina.cards.exposed.tie-break", {},
            "{} holds the Location Card {} and gives no side military consent: the tie stands (reading military-ally)",
            holder, q.at);
  return helped;
}

// messina.cards.hidden.invisible: units on a face-down card are safe from missiles and bombs.
bool bombable(const State& state, const BombableQuery& q) {
  const bool exposed = state.cards.at(q.card).exposed;
  explain("messina.cards.hidden.invisible", {}, "the Location Card {} is face-{}: its units {} be hit", q.card,
          exposed ? "up" : "down", exposed ? "can" : "cannot");
  return exposed;
}

// messina.cards.hidden.support: hidden units' support cannot be cut.
bool support_can_be_cut(const State& state, const SupportCutQuery& q) {
  const bool exposed = state.cards.at(q.card).exposed;
  explain("messina.cards.hidden.support", {}, "the Location Card {} is face-{}: support from its units {} be cut",
          q.card, exposed ? "up" : "down", exposed ? "can" : "cannot");
  return exposed;
}

}  // namespace rulecheck::messina

// The Location Card actions as one relation (cards_relation.hpp), clause by clause: expose, hide, transfer
// and the end of an Exploration (its transfers, then the hand limit's discards).
#include "solver/messina/cards_relation.hpp"

#include <string>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr const char* kHolding = "messina.cards.holding";
constexpr const char* kExpose = "messina.cards.expose-any-time";
constexpr const char* kHide = "messina.cards.hide";
constexpr const char* kTransfer = "messina.cards.transfer";
constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";

// The clause whose action this is: it tags what the action leaves as it was.
const char* action_clause(CardAction what) {
  switch (what) {
    case CardAction::expose: return kExpose;
    case CardAction::hide: return kHide;
    case CardAction::transfer: return kTransfer;
    case CardAction::end_exploration: return kHandLimit;
  }
  return kTransfer;
}

bool moves_units(CardAction what) { return what == CardAction::transfer || what == CardAction::end_exploration; }

z3::expr phase_is(const z3::expr& phase, ms::Phase p) { return phase == static_cast<int>(p); }

z3::expr kinds_sum(const PerKind& f, const Where& w) {
  z3::expr t = f(w, 0);
  for (std::size_t k = 1; k < ms::kUnitKinds.size(); ++k) t = t + f(w, k);
  return t;
}

// 1 where `b` holds, else 0: one card counted.
z3::expr one_if(const z3::expr& b) { return z3::ite(b, b.ctx().int_val(1), b.ctx().int_val(0)); }

// messina.cards.hide: a card turns face-down only in the gap between two Mil Ops Phases. From the
// texts: the Alternating Phase (Muster, Consumption) and a Bonus Military Action (a Re-arm too) sit
// outside any Mil Ops Phase; the Civilians placed just before orders open one, a battle is in the
// middle of one (nobody hides mid-battle). The Actions (Industry, the end of an Exploration) are placed
// by interpretation messina.action-moments; a state naming no moment shows nothing.
z3::expr between_mil_ops(const z3::expr& phase, const ms::Readings& readings) {
  z3::expr_vector ok(phase.ctx());
  for (ms::Phase p : {ms::Phase::muster, ms::Phase::consumption, ms::Phase::bonus_military_action, ms::Phase::rearm,
                      ms::Phase::between_mil_ops})
    ok.push_back(phase_is(phase, p));
  if (readings.action_moments == R::ActionMoments::outside_mil_ops) {
    ok.push_back(phase_is(phase, ms::Phase::industry));
    ok.push_back(phase_is(phase, ms::Phase::exploration_end));
  }
  return z3::mk_or(ok);
}

// messina.cards.hand-limit with interpretation messina.hand-limit-discard: whether discarding `n` cards
// of a hand of `held` is what the limit asks.
z3::expr discards_allowed(const z3::expr& held, const z3::expr& n, const ms::Rules& rules) {
  z3::context& c = held.ctx();
  const z3::expr excess = z3::ite(held > rules.numbers.hand_limit, held - rules.numbers.hand_limit, c.int_val(0));
  switch (rules.readings.hand_limit_discard) {
    case R::HandLimitDiscard::exactly_excess: return n == excess;
    case R::HandLimitDiscard::more_when_over: return z3::ite(excess > 0, n >= excess, n == 0);
    case R::HandLimitDiscard::any_number: return n >= excess;
  }
  return c.bool_val(false);
}

// Builds the relation: `guard` and `effect` constraints at every space.
struct Writer {
  Spaces& spaces;
  CardAction what;
  const CardsState &before, &after;
  const CardsGround& ground;
  const CardsChoice& choice;
  const ms::Rules& rules;
  CardsRelation out;

  void guard(const char* clause, const AtWhere& at) { out.guard.push_back({clause, spaces.each(at)}); }
  void effect(const char* clause, const AtWhere& at) { out.effect.push_back({clause, spaces.each(at)}); }

  // messina.cards.holding: a faction acts only with cards it holds.
  void holding() {
    const CardsState b = before;
    const CardsChoice x = choice;
    guard(kHolding, [b, x](const Where& w) { return z3::implies(x.named(w), b.holds(w)); });
    if (what == CardAction::end_exploration)
      guard(kHolding, [b, x](const Where& w) { return z3::implies(x.discarded(w), b.holds(w)); });
  }

  // messina.cards.expose-any-time / messina.cards.hide: the card named turns face-up or face-down; the
  // end of an Exploration turns each discarded card face-down (it leaves every hand).
  void facing() {
    const CardsState b = before, a = after;
    const CardsChoice x = choice;
    if (what == CardAction::expose || what == CardAction::hide) {
      const z3::expr up = spaces.ctx().bool_val(what == CardAction::expose);
      effect(action_clause(what), [b, a, x, up](const Where& w) { return a.exposed(w) == z3::ite(x.named(w), up, b.exposed(w)); });
    } else if (what == CardAction::end_exploration) {
      effect(kHandLimit, [b, a, x](const Where& w) {
        return a.exposed(w) == (b.exposed(w) && !x.discarded(w));
      });
    } else {
      effect(kTransfer, [b, a](const Where& w) { return a.exposed(w) == b.exposed(w); });
    }
    if (what != CardAction::hide) return;
    const ms::Readings readings = rules.readings;
    out.guard.push_back({kHide, between_mil_ops(before.phase, readings)});
    guard(kHide, [b, x](const Where& w) { return z3::implies(x.named(w), kinds_sum(b.card, w) == 0); });
  }

  // convention messina.convention.card-transfer-any-moment: the transfer's guard names no phase
  // messina.cards.transfer: units leave a face-up card for its own map space, as many as stand on it, the
  // map space staying within its limit; under messina.discard-emptying = overrides-stacking a card
  // discarded at the end of an Exploration is emptied past the limit. No other card action moves a unit.
  void transfers() {
    const CardsState b = before, a = after;
    const CardsChoice x = choice;
    if (!moves_units(what)) {
      const char* clause = action_clause(what);
      for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) {
        effect(clause, [b, a, k](const Where& w) { return a.card(w, k) == b.card(w, k); });
        effect(clause, [b, a, k](const Where& w) { return a.map(w, k) == b.map(w, k); });
      }
      return;
    }
    guard(kTransfer, [b, x](const Where& w) { return z3::implies(x.named(w), b.exposed(w)); });
    guard(kTransfer, [b, x](const Where& w) {
      z3::expr ok = x.moved(w, 0) <= b.card(w, 0);
      for (std::size_t k = 1; k < ms::kUnitKinds.size(); ++k) ok = ok && x.moved(w, k) <= b.card(w, k);
      return ok;
    });
    const bool waived = what == CardAction::end_exploration &&
                        rules.readings.discard_emptying == R::DiscardEmptying::overrides_stacking;
    const int limit = rules.numbers.stacking_map;
    const AtWhere counted = ground.counted;
    guard(kTransfer, [x, counted, waived, limit](const Where& w) {
      const z3::expr bound = waived ? x.named(w) && !x.discarded(w) : x.named(w);
      return z3::implies(bound, counted(w) + kinds_sum(x.moved, w) <= limit);
    });
    const bool discards = what == CardAction::end_exploration;
    for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) {
      effect(kTransfer, [b, a, x, k](const Where& w) { return a.map(w, k) == b.map(w, k) + x.moved(w, k); });
      effect(kTransfer, [b, a, x, k, discards](const Where& w) {
        const z3::expr left = a.card(w, k) == b.card(w, k) - x.moved(w, k);
        return discards ? z3::implies(!x.discarded(w), left) : left;
      });
    }
  }

  // messina.cards.hand-limit / messina.cards.discard-empty: at the end of an Exploration the actor
  // discards as many cards as the hand limit asks, each its own and empty once the transfers are made; a
  // discarded card leaves the hand, held by nobody, with no units on it. Cards change hands in no other
  // card action.
  void hand() {
    const CardsState b = before, a = after;
    const CardsChoice x = choice;
    if (what != CardAction::end_exploration) {
      const char* clause = action_clause(what);
      effect(clause, [b, a](const Where& w) { return a.holds(w) == b.holds(w) && a.unheld(w) == b.unheld(w); });
      return;
    }
    out.guard.push_back({kHandLimit, phase_is(before.phase, ms::Phase::exploration_end)});
    guard(kDiscardEmpty, [b, x](const Where& w) {
      z3::expr left = b.card(w, 0) - x.moved(w, 0) == 0;
      for (std::size_t k = 1; k < ms::kUnitKinds.size(); ++k) left = left && b.card(w, k) - x.moved(w, k) == 0;
      return z3::implies(x.discarded(w), left);
    });
    out.hand = cards_held(spaces, before, "hand");
    out.discards = spaces.total("discards", [x](const Where& w) { return one_if(x.discarded(w)); });
    out.guard.push_back({kHandLimit, discards_allowed(out.hand, out.discards, rules)});
    effect(kHandLimit, [b, a, x](const Where& w) {
      return a.holds(w) == (b.holds(w) && !x.discarded(w)) && a.unheld(w) == (b.unheld(w) || x.discarded(w));
    });
    for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k)
      effect(kDiscardEmpty, [a, x, k](const Where& w) { return z3::implies(x.discarded(w), a.card(w, k) == 0); });
  }

  // A card action moves no token and no Worker (what the other sections' actions change).
  void stays() {
    const char* clause = action_clause(what);
    out.effect.push_back({clause, after.located == before.located});
    const CardsState b = before, a = after;
    effect(clause, [b, a](const Where& w) { return a.workers(w) == b.workers(w); });
  }
};

}  // namespace

z3::expr cards_held(Spaces& spaces, const CardsState& state, const std::string& name) {
  const AtWhere holds = state.holds;
  return spaces.total(name, [holds](const Where& w) { return one_if(holds(w)); });
}

CardsRelation cards_relation(Spaces& spaces, CardAction what, const CardsState& before, const CardsGround& ground,
                             const CardsChoice& choice, const CardsState& after, const ms::Rules& rules) {
  z3::context& c = spaces.ctx();
  Writer w{spaces, what, before, after, ground, choice, rules,
           CardsRelation{{}, {}, c.int_val(0), c.int_val(0)}};
  w.holding();
  w.facing();
  w.transfers();
  w.hand();
  w.stays();
  return w.out;
}

std::optional<ms::Activity> exposure_purpose(ms::ExposureSituation situation) {
  switch (situation) {
    case ms::ExposureSituation::utility_build: return ms::Activity::build;
    case ms::ExposureSituation::muster_on_map: return ms::Activity::muster;
    default: return std::nullopt;
  }
}

CardAnswer must_expose(ms::ExposureSituation situation, const z3::expr& friendly_without_card) {
  using S = ms::ExposureSituation;
  z3::context& c = friendly_without_card.ctx();
  switch (situation) {
    // messina.cards.expose.build: only when the space's friendliness rests on the card.
    case S::utility_build:
    case S::muster_on_map: return {"messina.cards.expose.build", !friendly_without_card};
    // The situations that always call for it: obstruction, a March, a Demolition Attack, any military
    // effect, a battle at the location.
    case S::obstruction: return {"messina.cards.expose.obstruction", c.bool_val(true)};
    case S::march: return {"messina.cards.expose.march", c.bool_val(true)};
    case S::demolition: return {"messina.cards.expose.demolition", c.bool_val(true)};
    case S::military_effect: return {"messina.cards.expose.military-effect", c.bool_val(true)};
    case S::battle: return {"messina.cards.expose.battle", c.bool_val(true)};
    // The exceptions: linking friendly spaces, mustering onto the card, units that do not respond.
    case S::connect: return {"messina.cards.expose.connect", c.bool_val(false)};
    case S::muster_onto_card: return {"messina.cards.expose.onto-card", c.bool_val(false)};
    case S::no_response: return {"messina.cards.expose.no-response", c.bool_val(false)};
  }
  return {"messina.cards.expose.build", c.bool_val(false)};
}

CardAnswer tie_winner(const Factions& factions, const std::vector<Who>& sides, const AtWho& holds,
                      const std::function<z3::expr(const Who& giver, const Who& receiver)>& military_consent,
                      const ms::Readings& readings) {
  z3::context& c = factions.ctx();
  z3::expr ally = c.int_val(-1);
  if (readings.tie_break_ally == R::TieBreakAlly::military_ally) {
    // The sides a holder consents `military` to, and the last of them: it helps one only when it is one.
    z3::expr count = c.int_val(0), last = c.int_val(-1);
    for (const Who& side : sides)
      for (int h = 0; h < factions.count(); ++h) {
        const Who holder = factions.at(h);
        const z3::expr gives = holds(holder) && military_consent(holder, side);
        count = count + one_if(gives);
        last = z3::ite(gives, c.int_val(side.index), last);
      }
    ally = z3::ite(count == 1, last, c.int_val(-1));
  }
  z3::expr winner = ally;
  for (auto it = sides.rbegin(); it != sides.rend(); ++it) winner = z3::ite(holds(*it), c.int_val(it->index), winner);
  return {"messina.cards.exposed.tie-break", winner};
}

CardAnswer bombable(const AtWhere& exposed, const Where& w) { return {"messina.cards.hidden.invisible", exposed(w)}; }

CardAnswer support_cut(const AtWhere& exposed, const Where& w) { return {"messina.cards.hidden.support", exposed(w)}; }

}  // namespace rulecheck::solver::messina

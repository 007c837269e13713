// The Location Card theorems, over the relation of cards_relation.cpp built for any board
// (section_theorems.hpp): the same relation the membership checks of `expose`, `hide`, `transfer` and
// `end-exploration` ask over one board (cards.cpp). Spaces (and so cards, one per space) are an
// uninterpreted sort, every count a function of the space, the action's cards and counts functions of
// the space too (any number of transfers from any cards, any discards). Each claim reads only the state
// before and after: the actor's units on the map and Workers, every card's units, holder and facing,
// its Located tokens; the counts of cards a claim reads are totals over the state with the facts of
// finite sums (spaces.hpp), as the other sections' totals are.
#include <fmt/format.h>

#include "solver/messina/board.hpp"
#include "solver/messina/cards_relation.hpp"
#include "solver/messina/consumption_relation.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

constexpr std::size_t kKindCount = ms::kUnitKinds.size();

// One question's board over any board: the state before and after, the board around and the action,
// each a function of the space.
struct OpenCards {
  z3::context& c;
  z3::sort space;
  CardsState before, after;
  CardsGround ground;
  CardsChoice choice;

  explicit OpenCards(z3::context& ctx)
      : c(ctx),
        space(ctx.uninterpreted_sort("Space")),
        before(state("")),
        after(state("_after")),
        ground{int_at("counted")},
        choice{bool_at("named"), per_kind("moved"), bool_at("discarded")} {}

  AtWhere int_at(const std::string& name) const {
    const z3::func_decl f = c.function(name.c_str(), space, c.int_sort());
    return [f](const Where& w) { return f(w.term); };
  }
  AtWhere bool_at(const std::string& name) const {
    const z3::func_decl f = c.function(name.c_str(), space, c.bool_sort());
    return [f](const Where& w) { return f(w.term); };
  }
  PerKind per_kind(const std::string& name) const {
    std::vector<z3::func_decl> fs;
    for (ms::Piece p : ms::kUnitKinds)
      fs.push_back(c.function((name + "_" + std::string(ms::piece_name(p))).c_str(), space, c.int_sort()));
    return [fs](const Where& w, std::size_t k) { return fs[k](w.term); };
  }
  CardsState state(const std::string& at) const {
    return {c.int_const(("phase" + at).c_str()), c.int_const(("located" + at).c_str()),
            bool_at("holds" + at),               bool_at("unheld" + at),
            bool_at("exposed" + at),             per_kind("card" + at),
            per_kind("map" + at),                int_at("workers" + at)};
  }
  Where somewhere() const { return {c.constant("somewhere", space), -1}; }

  // The action's domain: counts not negative, units moved only from a card the action names, none by an
  // expose or a hide, a card discarded only at the end of an Exploration.
  z3::expr choice_domain(Spaces& spaces, CardAction what) const {
    const CardsChoice x = choice;
    const bool moves = what == CardAction::transfer || what == CardAction::end_exploration;
    const bool discards = what == CardAction::end_exploration;
    return spaces.each([x, moves, discards](const Where& w) {
      z3::expr ok = discards ? w.term.ctx().bool_val(true) : !x.discarded(w);
      for (std::size_t k = 0; k < kKindCount; ++k)
        ok = ok && (moves ? x.moved(w, k) >= 0 && z3::implies(x.moved(w, k) > 0, x.named(w)) : x.moved(w, k) == 0);
      return ok;
    });
  }

  // Vacuity (a): the state before as play can reach it: counts not negative, a card within its limit, a
  // card held by the actor not also held by nobody, a card nobody holds empty.
  z3::expr reachable(Spaces& spaces, int card_limit) const {
    const CardsState b = before;
    return b.located >= 0 && spaces.each([b, card_limit](const Where& w) {
             z3::expr ok = b.workers(w) >= 0 && !(b.holds(w) && b.unheld(w));
             z3::expr on_card = w.term.ctx().int_val(0);
             for (std::size_t k = 0; k < kKindCount; ++k) {
               ok = ok && b.map(w, k) >= 0 && b.card(w, k) >= 0;
               on_card = on_card + b.card(w, k);
             }
             return ok && on_card <= card_limit && z3::implies(b.unheld(w), on_card == 0);
           });
  }
};

const char* action_words(CardAction what) {
  switch (what) {
    case CardAction::expose: return "an expose";
    case CardAction::hide: return "a hide";
    case CardAction::transfer: return "a transfer";
    case CardAction::end_exploration: return "an end of Exploration";
  }
  return "";
}

// The actor's pieces as backing counts them: its units on the map, on the cards it holds, its Workers.
Army backing_army(const CardsState& s) {
  const CardsState x = s;
  return {x.map,
          [x](const Where& w, std::size_t k) { return z3::ite(x.holds(w), x.card(w, k), w.term.ctx().int_val(0)); },
          x.workers};
}

std::array<int, 5> backing_per_unit(const ms::Ruleset& numbers, ms::FactionKind kind) {
  std::array<int, 5> per{};
  for (std::size_t k = 0; k < kKindCount; ++k) per[k] = tokens_per_unit(numbers, kind, ms::kUnitKinds[k]);
  return per;
}

MessinaTheorem units_theorem() {
  MessinaTheorem t;
  t.id = "messina.cards.transfer-conserves";
  t.claim =
      "no legal card action (expose, hide, transfer, end of Exploration) changes, at any space and kind by kind, "
      "the units on its card plus the actor's on its map space, and the actor's Located tokens still equal the tokens "
      "its units (map and held cards) and Workers stand for, when they did before";
  t.covers =
      "boards of any size: any number of spaces and cards (an uninterpreted sort), any counts; an expose, a hide, a "
      "transfer and an end of Exploration (any transfers from any cards, any discards), by a faction of either kind, "
      "under the ruleset's readings; totals over the board with the facts of finite sums";
  t.clauses = {"messina.cards.transfer", "messina.cards.discard-empty", "messina.cards.hand-limit",
               "messina.cards.expose-any-time", "messina.cards.hide", "messina.population.backing"};
  t.exercised_words = "the action names a card, and a transfer or an end of Exploration moves a unit";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out;
    for (CardAction what : {CardAction::expose, CardAction::hide, CardAction::transfer, CardAction::end_exploration})
      for (ms::FactionKind kind : {ms::FactionKind::human, ms::FactionKind::ai}) {
        const OpenCards m(ctx);
        Spaces spaces = Spaces::open(ctx);
        const CardsRelation r =
            cards_relation(spaces, what, m.before, m.ground, m.choice, m.after, relation_rules(edit, rules));
        const std::array<int, 5> per = backing_per_unit(rules.numbers, kind);
        const Army was = backing_army(m.before), now = backing_army(m.after);
        const AtWhere backed_was = [was, per](const Where& w) { return army_tokens(was, w, per); };
        const AtWhere backed_now = [now, per](const Where& w) { return army_tokens(now, w, per); };
        const z3::expr backed = spaces.total("backed", backed_was), backed_after = spaces.total("backed_after", backed_now);
        // The fact of finite sums used: totals of the same terms at every space are equal.
        const z3::expr s = ctx.constant("at", m.space);
        const z3::expr same_sum =
            z3::implies(z3::forall(s, backed_now({s, -1}) == backed_was({s, -1})), backed_after == backed);
        const CardsState b = m.before, a = m.after;
        const z3::expr kept = spaces.each([b, a](const Where& w) {
          z3::expr ok = w.term.ctx().bool_val(true);
          for (std::size_t k = 0; k < kKindCount; ++k)
            ok = ok && a.card(w, k) + a.map(w, k) == b.card(w, k) + b.map(w, k);
          return ok;
        });
        const Where y = m.somewhere();
        z3::expr moved = ctx.int_val(0);
        for (std::size_t k = 0; k < kKindCount; ++k) moved = moved + m.choice.moved(y, k);
        const bool moves = what == CardAction::transfer || what == CardAction::end_exploration;
        out.push_back({fmt::format("{} by a{} faction", action_words(what), kind == ms::FactionKind::human ? " human" : "n AI"),
                       m.choice_domain(spaces, what) && same_sum && m.before.located == backed, r.all(),
                       kept && m.after.located == backed_after, m.choice.named(y) && (moves ? moved > 0 : ctx.bool_val(true))});
        out.back().reachable = m.reachable(spaces, rules.numbers.stacking_card);
      }
    return out;
  };
  return t;
}

const char* discard_words(R::HandLimitDiscard reading) {
  switch (reading) {
    case R::HandLimitDiscard::exactly_excess: return "exactly-excess";
    case R::HandLimitDiscard::more_when_over: return "more-when-over";
    case R::HandLimitDiscard::any_number: return "any-number";
  }
  return "";
}

MessinaTheorem hand_theorem(int hand_limit) {
  MessinaTheorem t;
  t.id = "messina.cards.hand-limit-kept";
  t.claim = fmt::format(
      "after a legal end of Exploration the holder holds at most {} cards (the hand limit), however many it held",
      hand_limit);
  t.covers =
      "boards of any size: any number of cards (one per space of an uninterpreted sort) and any hand, the counts of "
      "the hand before, the cards discarded and the hand after totals over the cards with the facts of finite sums, "
      "any transfers before the discards, under each reading of messina.hand-limit-discard";
  t.clauses = {"messina.cards.hand-limit", "messina.cards.holding"};
  t.exercised_words = "a hand at least two over the limit discards";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out;
    for (auto reading :
         {R::HandLimitDiscard::exactly_excess, R::HandLimitDiscard::more_when_over, R::HandLimitDiscard::any_number}) {
      ms::Rules under = rules;
      under.readings.hand_limit_discard = reading;
      const OpenCards m(ctx);
      Spaces spaces = Spaces::open(ctx);
      const CardsRelation r = cards_relation(spaces, CardAction::end_exploration, m.before, m.ground, m.choice,
                                             m.after, relation_rules(edit, under));
      const z3::expr hand_after = cards_held(spaces, m.after, "hand_after");
      const int limit = rules.numbers.hand_limit;
      out.push_back({fmt::format("an end of Exploration's discards (hand-limit-discard {})", discard_words(reading)),
                     m.choice_domain(spaces, CardAction::end_exploration) && spaces.sum_facts(), r.all(),
                     hand_after <= limit, r.discards > 0 && r.hand > limit + 1});
      out.back().reachable = m.reachable(spaces, rules.numbers.stacking_card);
    }
    return out;
  };
  return t;
}

}  // namespace

std::vector<MessinaTheorem> cards_theorems(const ms::Rules& rules) {
  return {units_theorem(), hand_theorem(rules.numbers.hand_limit)};
}

}  // namespace rulecheck::solver::messina

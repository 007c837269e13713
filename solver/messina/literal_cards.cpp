// The literal encoding of the Location Card page's transfers and its hand limit (rules/messina
// location cards page, paragraphs 5 and 20): moving units from a card to its map space, and at the end
// of an Exploration Action the cards emptied and discarded, each as loosely as its words allow
// (literal_frame.hpp; the search over it is literal.cpp).
#include <map>
#include <set>

#include "solver/messina/literal_frame.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

z3::expr total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// messina.cards.transfer: units move from a face-up card its mover holds to the card's map space,
// observing the stacking limit (whose units count: messina.stacking-scope). `waived`: the stacking
// condition does not bind (a card emptied for its discard under messina.discard-emptying's
// overrides-stacking); `face_up`: whether the face-up condition binds.
void transfer(const SymBoard& pre, int f, const ms::Transfer& t, const z3::expr& face_up, const z3::expr& waived,
              Freedoms& v, const ms::Rules& rules, LiteralStep& step) {
  z3::context& ctx = pre.ctx();
  Constraints& c = step.conditions;
  const int s = pre.space_index(t.card);
  const auto su = static_cast<std::size_t>(s);
  const auto fu = static_cast<std::size_t>(f);
  const SymSpace& before = step.post.spaces[su];  // after any earlier transfer of the action
  c.push_back({kHolding, before.card_holder == f});
  c.push_back({kTransfer, z3::implies(face_up, before.card_exposed)});
  int moved = 0;
  for (std::size_t k = 0; k < kKinds; ++k) {
    const int n = t.units.count[k];
    moved += n;
    if (n == 0) continue;
    c.push_back({kTransfer, before.card_units[k] >= n});
  }
  z3::expr all = ctx.int_val(0);
  for (const auto& units : before.units) all = all + total(units);
  const z3::expr counted =
      z3::ite(v.reading("messina.stacking-scope", kTransfer) == 0, all, total(before.units[fu]));
  c.push_back({kTransfer, z3::implies(!waived, counted + moved <= rules.numbers.stacking_map)});
  SymSpace& after = step.post.spaces[su];
  for (std::size_t k = 0; k < kKinds; ++k) {
    const int n = t.units.count[k];
    if (n == 0) continue;
    after.card_units[k] = after.card_units[k] - n;
    after.units[fu][k] = after.units[fu][k] + n;
  }
}

}  // namespace

void transfer_op(const SymBoard& pre, int f, const ms::Transfer& t, Freedoms& v, const ms::Rules& rules,
                 LiteralStep& step) {
  // "at any stage": no moment is named, so none is required.
  transfer(pre, f, t, pre.ctx().bool_val(true), pre.ctx().bool_val(false), v, rules, step);
}

void end_exploration_ops(const SymBoard& pre, int f, const ms::EndExploration& a, Freedoms& v, const ms::Rules& rules,
                         LiteralStep& step) {
  z3::context& ctx = pre.ctx();
  Constraints& c = step.conditions;
  // messina.cards.hand-limit: at the end of an Exploration Action.
  c.push_back({kHandLimit, pre.phase == static_cast<int>(ms::Phase::exploration_end)});
  const std::set<ms::SpaceId> discarded(a.discard.begin(), a.discard.end());
  for (const auto& t : a.transfers) {
    const bool emptying = discarded.count(t.card) > 0;
    // messina.cards.discard-empty lets a discarded card be emptied onto the map; whether that move
    // needs the card face-up like any transfer, and whether it observes the stacking limit
    // (messina.discard-emptying), the sentence does not say.
    const z3::expr face_up =
        emptying ? v.open("emptying-face-up", kDiscardEmpty,
                          "whether emptying a card for its discard needs it face-up, as a transfer does")
                 : ctx.bool_val(true);
    const z3::expr waived =
        emptying ? v.reading("messina.discard-emptying", kDiscardEmpty) == 1 : ctx.bool_val(false);
    transfer(pre, f, t, face_up, waived, v, rules, step);
  }
  // messina.cards.discard-empty: each card discarded is one the faction holds, empty once its units
  // moved; it leaves the hand (no holder, no facing, no units).
  c.push_back({kHandLimit, ctx.bool_val(discarded.size() == a.discard.size())});  // each card named once
  for (const auto& id : discarded) {
    SymSpace& sp = step.post.spaces[static_cast<std::size_t>(pre.space_index(id))];
    c.push_back({kHolding, sp.card_holder == f});
    c.push_back({kDiscardEmpty, total(sp.card_units) == 0});
    sp.card_holder = ctx.int_val(-1);
    sp.card_exposed = ctx.bool_val(false);
  }
  // messina.cards.hand-limit: how many cards go, under messina.hand-limit-discard (exactly the
  // excess; at least it when over and none otherwise; at least it).
  z3::expr held = ctx.int_val(0);
  for (const auto& sp : pre.spaces) held = held + z3::ite(sp.card_holder == f, ctx.int_val(1), ctx.int_val(0));
  const z3::expr excess = z3::ite(held > rules.numbers.hand_limit, held - rules.numbers.hand_limit, ctx.int_val(0));
  const int n = static_cast<int>(a.discard.size());
  const z3::expr r = v.reading("messina.hand-limit-discard", kHandLimit);
  c.push_back({kHandLimit, z3::ite(r == 0, excess == n,
                                   z3::ite(r == 1, z3::ite(excess > 0, n >= excess, ctx.bool_val(n == 0)),
                                           n >= excess))});
}

}  // namespace rulecheck::solver::messina::literal

// The literal encoding of turning a Location Card face-down (messina.cards.hide): only an empty card,
// only at a moment between two Mil Ops Phases. Whether an Action (an Industry Action, the end of an
// Exploration Action) is such a moment the texts do not say: messina.action-moments is free
// (literal_frame.hpp; the search over it is literal.cpp).
#include "solver/messina/literal_frame.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

inline constexpr const char* kHide = "messina.cards.hide";

z3::expr phase_is(const SymBoard& b, ms::Phase p) { return b.phase == static_cast<int>(p); }

}  // namespace

void hide_op(const SymBoard& pre, int f, const ms::Hide& h, Freedoms& v, LiteralStep& step) {
  const auto s = static_cast<std::size_t>(pre.space_index(h.card));
  const SymSpace& sp = pre.spaces[s];
  Constraints& c = step.conditions;
  c.push_back({kHolding, sp.card_holder == f});
  z3::expr empty = pre.ctx().bool_val(true);
  for (const auto& u : sp.card_units) empty = empty && u == 0;
  c.push_back({kHide, empty});
  // The moments the texts set outside a Mil Ops Phase: the Alternating Phase (a Muster, a Consumption),
  // a Bonus Military Action (a Re-arm among them), and the gap a state names as such. An Action's place
  // is the point's question; every other moment (the orders, the Mil Ops Phase, a battle, a state
  // naming none) is not shown to fall between two Mil Ops Phases.
  const z3::expr named_between = phase_is(pre, ms::Phase::muster) || phase_is(pre, ms::Phase::consumption) ||
                                 phase_is(pre, ms::Phase::bonus_military_action) || phase_is(pre, ms::Phase::rearm) ||
                                 phase_is(pre, ms::Phase::between_mil_ops);
  const z3::expr an_action = phase_is(pre, ms::Phase::industry) || phase_is(pre, ms::Phase::exploration_end);
  c.push_back({kHide, named_between || (an_action && v.reading("messina.action-moments", kHide) == 0)});
  step.post.spaces[s].card_exposed = pre.ctx().bool_val(false);
}

}  // namespace rulecheck::solver::messina::literal

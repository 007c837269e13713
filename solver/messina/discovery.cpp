// Messina's boards as the discovery search asks them (discovery_step.hpp MessinaDiscovery; the search is
// solver/discovery_search.hpp): a board before of a shape, play can reach it (reachable.hpp), the
// smallest first (board_size), then without a battle where the step looks at none; an outcome a state of
// the format (docs/formats.md: counts not negative, Located tokens backing the pieces, and the rest
// well_formed() asks); the oracle's outcome on a witness named among the two.
#include "solver/messina/discovery.hpp"

#include <optional>

#include "oracle/messina/oracle.hpp"
#include "oracle/rule_violation.hpp"
#include "solver/messina/discovery_step.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

using D = MessinaDiscovery;

SymBoard D::before(z3::context& ctx, const Shape& shape) { return free_board(ctx, shape, ""); }

SymBoard D::after(const SymBoard& pre, const std::string& prefix) {
  Shape s;
  for (const auto& f : pre.factions) s.factions.push_back({f.id, f.kind});
  for (const auto& sp : pre.spaces) s.spaces.push_back(sp.id);
  return free_board(pre.ctx(), s, prefix);
}

std::vector<z3::expr> D::facts(const SymBoard& pre, const ms::Rules& rules) {
  std::vector<z3::expr> out;
  for (const auto& c : well_formed(pre, rules.numbers)) out.push_back(c.formula);
  out.push_back(reachable_board(pre, rules));
  return out;
}

std::vector<z3::expr> D::order(const SymBoard& pre) {
  z3::context& ctx = pre.ctx();
  // the smallest board, then no battle where the step looks at none
  return {board_size(pre), z3::ite(pre.battle >= 0, ctx.int_val(1), ctx.int_val(0))};
}

Constraints D::format(const SymBoard& post, const ms::Rules& rules) { return well_formed(post, rules.numbers); }
Constraints D::readable(const SymBoard& post) { return messina::readable(post); }
z3::expr D::same(const SymBoard& a, const SymBoard& b) { return same_state(a, b); }

std::vector<z3::expr> D::components(const SymBoard& b) {
  std::vector<z3::expr> out;
  for (const auto& c : messina::components(b)) out.push_back(c.value);
  return out;
}

ms::State D::read(const z3::model& m, const SymBoard& b) { return read_board(m, b); }

// The outcome the oracle gives on the witness, as a reading name of `w` ("" when neither).
std::string D::oracle_today(const ms::Rules& rules, MessinaWitness& w) {
  std::optional<ms::State> next;
  std::string rule;
  try {
    next = ms::apply(rules, w.example.state, std::get<ms::Action>(w.example.step));
  } catch (const RuleViolation& v) {
    rule = v.clause();
  }
  for (auto& o : w.outcomes) {
    if (o.legal != next.has_value()) continue;
    if (!o.legal) {
      o.rule = rule;  // the oracle's clause for the refusal it gives
      return o.reading;
    }
    z3::context ctx;
    if (!unrepresentable(*next) && !unrepresentable(*o.next) &&
        same_state(pinned_board(ctx, *next), pinned_board(ctx, *o.next)).simplify().is_true())
      return o.reading;
  }
  return "";
}

std::vector<Shape> D::distinct(const std::vector<Shape>& shapes) { return distinct_shapes(shapes); }
std::string D::in_words(const std::vector<Shape>& shapes) { return shapes_in_words(shapes); }

std::vector<MessinaWitness> discover_from_words(const DiscoveryTarget& target, const ms::Rules& defaults,
                                                const SourceIndex& index, const Budget& budget) {
  return solver::discover_from_words<MessinaDiscovery>(target, defaults, index, budget);
}

}  // namespace rulecheck::solver::messina

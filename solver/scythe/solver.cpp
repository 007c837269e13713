// Membership checks for Scythe's movement: is a claimed outcome of a Move one the rules allow?
// The encoding (encoding.hpp) gives the legality conditions and the next values; with a concrete
// state they fold to closed formulas, and only a choice the action leaves open (which workers ride
// on a mech, under scythe.carried-workers "not-a-move") needs the solver.
#include "solver/scythe/solver.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "solver/scythe/encoding.hpp"

namespace rulecheck::solver::scythe {

namespace {

// The constraints split into the clauses already false and those still open.
struct Split {
  std::vector<std::string> broken;
  Constraints open;
};

Split split(const Constraints& cs) {
  Split s;
  for (const auto& c : cs) {
    if (c.formula.is_true()) continue;
    if (c.formula.is_false()) {
      s.broken.push_back(c.clause);
      continue;
    }
    const z3::expr v = c.formula.simplify();
    if (v.is_true()) continue;
    if (v.is_false())
      s.broken.push_back(c.clause);
    else
      s.open.push_back(c);
  }
  std::sort(s.broken.begin(), s.broken.end());
  s.broken.erase(std::unique(s.broken.begin(), s.broken.end()), s.broken.end());
  return s;
}

// Which constraints cannot all hold (with the open choices free): the clauses, or nullopt when
// they can; `unknown` set when the budget ran out.
std::optional<std::vector<std::string>> broken_clauses(z3::context& ctx, const Encoded& e, const Constraints& cs,
                                                       const Budget& budget, bool& unknown, std::string& reason) {
  Split s = split(cs);
  if (!s.open.empty()) {
    const CheckResult r = check_named(ctx, e.choices, s.open, budget);
    if (r.status == Sat::unknown) {
      unknown = true;
      reason = r.reason;
      return std::nullopt;
    }
    if (r.status == Sat::unsat) s.broken.insert(s.broken.end(), r.core.begin(), r.core.end());
  }
  std::sort(s.broken.begin(), s.broken.end());
  s.broken.erase(std::unique(s.broken.begin(), s.broken.end()), s.broken.end());
  if (s.broken.empty()) return std::nullopt;
  return s.broken;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& c : v) out += (out.empty() ? "" : ", ") + c;
  return out;
}

z3::context& checking_context() {
  thread_local z3::context ctx;
  return ctx;
}

}  // namespace

OutcomeCheck check_move(const sy::Rules& rules, const sy::State& before, const sy::Move& move,
                        const std::optional<sy::State>& after, const std::string& claimed_rule, const Budget& budget) {
  z3::context& ctx = checking_context();
  const Board b = board_of(before);
  const auto mover = b.faction_index.find(move.faction);
  if (mover == b.faction_index.end())
    return {Membership::not_encoded, {}, fmt::format("the mover {} is not a faction of the state", move.faction)};
  for (const auto& [id, f] : before.factions)
    if (!b.territory_index.count(f.home_base))
      return {Membership::not_encoded, {}, fmt::format("{}'s home base {} is not a territory", id, f.home_base)};
  const auto steps = steps_of(ctx, b, move);
  if (!steps) return {Membership::not_encoded, {}, "the move names a territory the state does not have"};
  const Encoded e = encode_move(ctx, rules, b, position_of(ctx, b, before), mover->second, *steps);
  bool unknown = false;
  std::string reason;

  if (!after) {
    // Claimed illegal: right when some legality condition fails whatever the open choices.
    const auto broken = broken_clauses(ctx, e, e.legal, budget, unknown, reason);
    if (unknown) return {Membership::unknown, {}, "budget exhausted: " + reason};
    // Illegal by the clause claimed or by any clause the move breaks; a clause it does not break
    // is no reason, even when another is.
    if (broken && !claimed_rule.empty() && std::find(broken->begin(), broken->end(), claimed_rule) == broken->end())
      return {
          Membership::forbidden,
          {claimed_rule},
          fmt::format("the move is illegal, but {} does not forbid it here; {} does", claimed_rule, joined(*broken))};
    if (broken) return {Membership::allowed, *broken, "illegal: it breaks " + joined(*broken)};
    std::vector<std::string> claim = {claimed_rule.empty() ? std::string("scythe.move.path") : claimed_rule};
    return {Membership::forbidden, claim, "every rule of the movement section allows this move"};
  }

  bool same_shape = true;
  Constraints all = frame(ctx, before, *after, same_shape);
  if (!same_shape) return {Membership::forbidden, {"scythe.move.path"}, "a move changed the map or the factions"};
  const Position then = position_of(ctx, b, *after);
  all.insert(all.end(), e.legal.begin(), e.legal.end());
  const Constraints eff = effects(ctx, rules, b, position_of(ctx, b, before), e, then, mover->second);
  all.insert(all.end(), eff.begin(), eff.end());
  const auto broken = broken_clauses(ctx, e, all, budget, unknown, reason);
  if (unknown) return {Membership::unknown, {}, "budget exhausted: " + reason};
  if (broken) return {Membership::forbidden, *broken, "the outcome breaks " + joined(*broken)};
  return {Membership::allowed, {}, "a legal move with this outcome"};
}

}  // namespace rulecheck::solver::scythe

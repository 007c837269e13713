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

// Why a membership check is unknown: the signal that stopped it, or the budget.
std::string undecided_why(const std::string& reason) {
  return is_interrupted(reason) ? "the solver was interrupted" : "budget exhausted: " + reason;
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

  if (!after) {
    // Claimed illegal: right when some legality condition fails whatever the open choices.
    const Broken broken = broken_clauses(ctx, e.choices, e.legal, budget);
    if (broken.unknown) return {Membership::unknown, {}, undecided_why(broken.reason)};
    const std::vector<std::string>& why = broken.clauses;
    // Illegal by the clause claimed or by any clause the move breaks; a clause it does not break
    // is no reason, even when another is.
    if (!why.empty() && !claimed_rule.empty() && std::find(why.begin(), why.end(), claimed_rule) == why.end())
      return {Membership::forbidden,
              {claimed_rule},
              fmt::format("the move is illegal, but {} does not forbid it here; {} does", claimed_rule, clause_list(why))};
    if (!why.empty()) return {Membership::allowed, why, "illegal: it breaks " + clause_list(why)};
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
  const Broken broken = broken_clauses(ctx, e.choices, all, budget);
  if (broken.unknown) return {Membership::unknown, {}, undecided_why(broken.reason)};
  if (!broken.clauses.empty())
    return {Membership::forbidden, broken.clauses, "the outcome breaks " + clause_list(broken.clauses)};
  return {Membership::allowed, {}, "a legal move with this outcome"};
}

}  // namespace rulecheck::solver::scythe

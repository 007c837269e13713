// Membership checks for Scythe's movement: is a claimed outcome of a Move one the rules allow?
// The relation over one board (move_action.hpp) gives the legality conditions and the next values; with a concrete
// state they fold to closed formulas, and only a choice the action leaves open (which workers ride
// on a mech, under scythe.carried-workers "not-a-move") needs the solver.
#include "solver/scythe/solver.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/scythe/conventions.hpp"
#include "solver/scythe/move_action.hpp"

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

// Every component of a position with its place in the state's JSON, in a fixed order for one board.
std::vector<std::pair<std::string, z3::expr>> components(const Board& b, const Position& p) {
  std::vector<std::pair<std::string, z3::expr>> out;
  for (int t = 0; t < b.n_territories(); ++t) {
    const std::string at = "/territories/" + b.territories[t];
    for (int f = 0; f < b.n_factions(); ++f)
      for (std::size_t u = 0; u < sy::kUnits.size(); ++u)
        out.emplace_back(fmt::format("{}/units/{}/{}", at, b.factions[f], sy::unit_name(sy::kUnits[u])), p.units[t][f][u]);
    out.emplace_back(at + "/held_by", p.held_by[t]);
    out.emplace_back(at + " (a combat pending)", p.combat_pending[t]);
    out.emplace_back(at + " (an encounter pending)", p.encounter_pending[t]);
  }
  for (int f = 0; f < b.n_factions(); ++f) out.emplace_back("/factions/" + b.factions[f] + "/popularity", p.popularity[f]);
  return out;
}

}  // namespace

OutcomeCheck check_only_next_state(const sy::Rules& rules, const sy::State& before, const sy::Move& move,
                                   const sy::State& after, const Budget& budget) {
  z3::context& ctx = checking_context();
  const Board b = board_of(before);
  const auto mover = b.faction_index.find(move.faction);
  const auto steps = steps_of(ctx, b, move);
  bool same_shape = true;
  (void)frame(ctx, before, after, same_shape);
  if (mover == b.faction_index.end() || !steps || !same_shape)
    return {Membership::not_encoded, {}, "the move or its next state is not one the solver reads"};
  const Position start = position_of(ctx, b, before);
  const Encoded e = move_action(ctx, rules, b, start, mover->second, *steps);
  const Position other = free_position(ctx, b, "other");
  z3::solver solver = bounded_solver(ctx, budget);
  for (const z3::expr& choice : e.choices) solver.add(choice);
  for (const Named& n : e.legal) solver.add(n.formula);
  for (const Named& n : effects(ctx, rules, b, start, e, other, mover->second)) solver.add(n.formula);
  for (const z3::expr& valid : valid_position(ctx, rules, b, other)) solver.add(valid);  // a state of the format
  const auto mine = components(b, other), given = components(b, position_of(ctx, b, after));
  z3::expr_vector same(ctx);
  for (std::size_t i = 0; i < mine.size(); ++i) same.push_back(mine[i].second == given[i].second);
  solver.add(!z3::mk_and(same));
  CheckResult result = checked(solver, budget);
  if (result.status == Sat::unknown) return {Membership::unknown, {}, undecided_why(result.reason)};
  if (result.status == Sat::unsat) return {Membership::allowed, {}, "the rules allow no other next state"};
  // Another next state: is it one a listed convention (the oracle's choice where the text is silent)
  // rules out? Then the text leaves a choice here and the convention decides it; else the two
  // encodings disagree.
  const Constraints chosen = conventions(ctx, b, e.next, other);
  for (const Named& n : chosen) solver.add(n.formula);
  const CheckResult with = checked(solver, budget);
  if (with.status == Sat::unsat) {
    std::vector<std::string> ids;
    for (const Named& n : chosen)
      if (std::find(ids.begin(), ids.end(), n.clause) == ids.end()) ids.push_back(n.clause);
    OutcomeCheck decided{Membership::allowed, {}, "the text leaves a choice here; a listed convention decides it"};
    decided.conventions = ids;  // the conventions this board can touch
    return decided;
  }
  // Undecided with the conventions: the question stays open, never reported as a disagreement.
  if (with.status == Sat::unknown) return {Membership::unknown, {}, undecided_why(with.reason)};
  result = with;
  std::vector<std::string> where;
  for (std::size_t i = 0; i < mine.size() && where.size() < 4; ++i) {
    const z3::expr value = result.model->eval(mine[i].second, true);
    if (!z3::eq(value.simplify(), given[i].second.simplify()))
      where.push_back(fmt::format("{}: {} instead of {}", mine[i].first, value.to_string(), given[i].second.to_string()));
  }
  return {Membership::forbidden, {}, fmt::format("the rules also allow another next state, where {}", fmt::join(where, "; "))};
}

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
  const Encoded e = move_action(ctx, rules, b, position_of(ctx, b, before), mover->second, *steps);

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

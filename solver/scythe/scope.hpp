// Inside solver/scythe/ only: the bounded scope every Scythe proof runs over (proofs.cpp,
// reachable.cpp), in one place so that each claim states the same scope the loop covers. One map
// (HB-red - A - B - HB-blue with C beside A and B; an encounter token on B or none), every count,
// popularity, holder and pending flag symbolic (unbounded integers); every single unit move of red
// along every path of one or two steps from HB-red, A, B or C, into home bases included, each unit
// kind (a mech carrying any number of workers), under the ruleset's move ranges and again with every
// range at least 2.
#pragma once

#include <functional>
#include <string>

#include "solver/scythe/move_action.hpp"

namespace rulecheck::solver::scythe {

// The scope in words (each bounded claim's "covers").
extern const char* const kScopeWords;

// One map of the scope, its free position `before` valid on `solver`.
struct ScopeMap {
  z3::context& ctx;
  const sy::Rules& rules;  // the ruleset's ranges, or every range at least 2
  const sy::State& map;
  const Board& board;
  const Position& before;
  z3::solver& solver;
};

// One move of a map: on entry the solver holds (pushed) its choices and its legality conditions, less
// what the budget's misreading leaves out (prove --strength); under a misreading of a clause's
// effect, `encoded.next` is a free position bound by the other clauses' effects.
struct ScopeMove {
  const ScopeMap& on;
  UnitStep step;
  Encoded encoded;
  z3::expr carried;  // the workers a mech carries (0 for other units)
};

// Each callback returns false to stop the walk. `on_map` may add constraints every move of that map
// shares (e.g. that the position keeps some invariants).
void for_each_scope_move(const sy::Rules& rules, const Budget& budget, const std::function<bool(ScopeMap&)>& on_map,
                         const std::function<bool(ScopeMove&)>& on_move);

// The move in words ("a mech move from A along B -> HB-blue") and as the protocol's move.
std::string move_in_words(const ScopeMove& m);
sy::Move move_of(const ScopeMove& m, const z3::model& model);

}  // namespace rulecheck::solver::scythe

// Inside solver/scythe/ only: the states play can reach, over the encoding's positions, and the
// one-step proofs that every legal move keeps them (reachable.cpp; bounded, the scope in each claim).
#pragma once

#include <string>
#include <vector>

#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// The ids of the invariants encoded here (each one of rules/scythe/invariants.json).
std::vector<std::string> reachable_invariant_ids();

// One record per invariant: every legal move of the scope from a state that keeps them all keeps it.
std::vector<ScytheProof> prove_reachable_kept(const sy::Rules& rules, const Budget& budget);

}  // namespace rulecheck::solver::scythe

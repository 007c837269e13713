// Inside solver/messina/ only: the states play can reach (rules/messina/invariants.json) written
// again over the encoding's board, and the one-step proofs that every legal action keeps them
// (reachable.cpp; bounded, the scope in each claim).
#pragma once

#include <string>
#include <vector>

#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// The ids of the invariants encoded here (each one of rules/messina/invariants.json).
std::vector<std::string> reachable_invariant_ids();

// One record per invariant: every legal action of the scope from a board that keeps them all keeps it.
std::vector<MessinaProof> prove_reachable_kept(const ms::Rules& rules, const Budget& budget);

}  // namespace rulecheck::solver::messina

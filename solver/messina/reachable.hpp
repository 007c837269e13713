// Inside solver/messina/ only: the states play can reach (rules/messina/invariants.json) written
// again over the encoding's board, and the one-step proofs that every legal action keeps them
// (reachable.cpp; bounded, the scope in each claim).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "solver/messina/board.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

// The ids of the invariants encoded here (each one of rules/messina/invariants.json).
std::vector<std::string> reachable_invariant_ids();

// Every invariant of the states play can reach, on one board under `rules` (for the searches whose
// boards must be ones play can reach: the ambiguity witnesses).
z3::expr reachable_board(const SymBoard& board, const ms::Rules& rules);

// One record per invariant the actions could break: every legal action of the scope from a board that
// keeps them all keeps it. The invariants no action of the encoding writes to are not proofs (they
// would hold whatever the rules said) and have no record: reachable_by_construction() lists them.
std::vector<MessinaProof> prove_reachable_kept(const ms::Rules& rules, const Budget& budget);

// The invariants kept by construction, each with why (no action of the encoding writes what it reads).
std::vector<std::pair<std::string, std::string>> reachable_by_construction();

}  // namespace rulecheck::solver::messina

// Inside solver/scythe/ only: the states play can reach, over the encoding's positions, and the
// one-step proofs that every legal move keeps them (reachable.cpp; bounded, the scope in each claim).
#pragma once

#include <string>
#include <vector>

#include "solver/scythe/move_action.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// The ids of the invariants encoded here (each one of rules/scythe/invariants.json).
std::vector<std::string> reachable_invariant_ids();

// Every invariant of the states play can reach, on one position of a board (for the searches whose
// boards must be ones play can reach: the ambiguity witnesses).
z3::expr reachable_position(z3::context& ctx, const Board& b, const Position& p);

// A board at the start of faction `mover`'s Move action (rules/scythe/move_start.json), beside the
// invariants: every combat still pending is the mover's own (its character or mechs there with
// another faction's, that faction holding it: scythe.move.combat-pending,
// scythe.move.combat-temporary-control) and every encounter still pending is its character's
// (scythe.move.encounter-pending). Every search whose witness is a Move asks it of the board before.
std::vector<std::string> move_start_condition_ids();
z3::expr move_start_position(z3::context& ctx, const Board& b, const Position& p, int mover);

// One record per invariant: every legal move of the scope from a state that keeps them all keeps it.
std::vector<ScytheProof> prove_reachable_kept(const sy::Rules& rules, const Budget& budget);

}  // namespace rulecheck::solver::scythe

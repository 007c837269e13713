// Inside solver/scythe/ only: the places where the movement text is silent and rulecheck's oracle
// decides anyway (rules/scythe/conventions.json), each as constraints tagged by its convention id.
// Membership checks leave them out: an engine that decides otherwise does what the text allows (the
// solver's `alternative`). The both-ways question adds them, to tell a choice the text leaves open,
// which a listed convention decides, from a disagreement of the two encodings.
#pragma once

#include "solver/scythe/move_action.hpp"

namespace rulecheck::solver::scythe {

// scythe.convention.holder-leaves-shared: a holder (held_by) that leaves a territory two or more
// other factions still share hands control to the first of them by name (the board's faction order).
Constraints conventions(z3::context& ctx, const Board& b, const Position& next, const Position& after);

}  // namespace rulecheck::solver::scythe

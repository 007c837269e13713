// Inside solver/scythe/ only (it includes Z3): a Move action over one board, built from the relation the
// theorems prove (move_relation.hpp, unit_move.cpp): each unit move is that relation over the board's
// territories (indices) and factions, read from the position the unit moves before it left, and the
// action adds what belongs to the whole action (the range, once-per-action, units-per-action, the
// character done after an encounter, a vacated territory under scythe.vacated-workers, who holds a
// shared territory, the combats and encounters pending at its end). What the membership checks, the
// witnesses and the edits ask of one board.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "solver/scythe/board.hpp"

namespace rulecheck::solver::scythe {

// What the encoding of one Move gives.
struct Encoded {
  Constraints legal;              // every legality condition, tagged by clause
  Position next;                  // the next values the rules give (when the move is legal)
  z3::expr retreated;             // how many opponent workers were sent home
  std::vector<z3::expr> choices;  // existential choices' domains (which workers ride), untracked
};

// The literal relation's choices where the movement text is silent (solver/scythe/literal_relation.hpp):
// each a Bool, false giving the decided relation's choice. `tag` names the relation's copy, so that two
// copies in one context choose their riders apart.
struct Silences {
  std::string tag;
  // scythe.move.home-base: the ban on moving units into a home base also refuses a move whose
  // entry would send an opponent's workers home (scythe.move.workers-retreat); decided: it does not.
  // convention scythe.convention.retreat-not-a-move-into-home-base: the decided relation has this false
  z3::expr home_ban_meets_retreat;
  // scythe.move.once-per-action (implied, not stated): a unit that has moved in this action may
  // start another move; decided: it may not.
  // convention scythe.convention.unit-moves-once: the decided relation has this false
  z3::expr unit_moves_again;
};

// Plays `steps` for faction `mover` from `before` under `rules`: every legality condition tagged by its
// clause, the next values, the workers sent home and the open choices (which workers ride). With `loose`,
// the literal relation's silences are left to its Bools (literal_relation.hpp); with `misreading`, the
// relation under one of unbounded.hpp's misreadings (what the theorems are asked under), "" for none. With
// `apart` (the discovery search's copy, "A/"), what a point's reading or a convention decides is tagged
// with that point's or convention's id, the quantities a point decides constants named from `apart`
// (move_relation.hpp MoveSight::apart); without, every constraint is tagged by the clause it encodes.
Encoded move_action(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int mover,
                    const std::vector<UnitStep>& steps, const Silences* loose = nullptr,
                    const std::string& misreading = "", const std::string& apart = "");

// The effect equations of the action: `after` against `next`, each tagged by the clause deciding it.
Constraints effects(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, const Encoded& e,
                    const Position& after, int mover);

}  // namespace rulecheck::solver::scythe

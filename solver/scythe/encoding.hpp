// Inside solver/scythe/ only (it includes Z3): the encoding of Scythe's movement section, written
// from the rule text (../shared/rules/scythe-movement.txt) and the clause index
// (rules/scythe/clauses.json), not from the oracle.
//
// The map is concrete (territories, adjacency, home bases, encounter tokens, structures); what a
// move changes is symbolic: unit counts, popularity and who keeps control of a shared territory
// are Z3 expressions. A Move is a list of unit moves with concrete paths; the encoding plays them
// in order over the expressions and collects every legality condition as a Named constraint
// tagged by its clause. The after-state is compared with the computed next values, each
// comparison tagged by the clause that decides that component. With a concrete state every
// expression folds to a numeral as it is built (Fold below), so a membership check rarely needs
// the solver.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "oracle/scythe/model.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::scythe {

namespace sy = rulecheck::scythe;

inline constexpr int kNobody = -1;  // a faction index meaning "no faction"

// Arithmetic and logic that fold constants as the terms are built: a concrete state gives closed
// formulas at once, a symbolic one gives ordinary Z3 terms.
struct Fold {
  static bool num(const z3::expr& e, int& v);
  static z3::expr add(const z3::expr& a, const z3::expr& b);
  static z3::expr sub(const z3::expr& a, const z3::expr& b);
  static z3::expr mul(int k, const z3::expr& a);
  static z3::expr max(const z3::expr& a, const z3::expr& b);
  static z3::expr ite(const z3::expr& c, const z3::expr& a, const z3::expr& b);
  static z3::expr eq(const z3::expr& a, const z3::expr& b);
  static z3::expr ge(const z3::expr& a, const z3::expr& b);
  static z3::expr gt(const z3::expr& a, const z3::expr& b);
  static z3::expr land(const z3::expr& a, const z3::expr& b);
  static z3::expr lor(const z3::expr& a, const z3::expr& b);
  static z3::expr lnot(const z3::expr& a);
  static z3::expr implies(const z3::expr& a, const z3::expr& b) { return lor(lnot(a), b); }
};

// The concrete part of a board: what no move changes.
struct Board {
  std::vector<sy::TerritoryId> territories;  // index -> id
  std::map<sy::TerritoryId, int> territory_index;
  std::vector<std::vector<bool>> adjacent;  // [t][u]
  std::vector<int> home_of;                 // [t]: the faction whose home base t is, or kNobody
  std::vector<bool> encounter;              // [t]
  std::vector<int> structure_owner;         // [t]: kNobody without a structure
  std::vector<sy::FactionId> factions;      // index -> id
  std::map<sy::FactionId, int> faction_index;
  std::vector<int> home_base;  // [f]: its home base territory
  int n_territories() const { return static_cast<int>(territories.size()); }
  int n_factions() const { return static_cast<int>(factions.size()); }
};

// The symbolic part: what a move may change.
struct Position {
  std::vector<std::vector<std::array<z3::expr, 3>>> units;  // [t][f][unit]
  std::vector<z3::expr> popularity;                         // [f]
  std::vector<z3::expr> held_by;                            // [t]: faction index or kNobody
  std::vector<z3::expr> combat_pending;                     // [t], Bool
  std::vector<z3::expr> encounter_pending;                  // [t], Bool
};

// One unit move, with territories as board indices; the carried count may be symbolic.
struct UnitStep {
  sy::Unit unit = sy::Unit::mech;
  int from = 0;
  std::vector<int> path;
  z3::expr carried;
};

// What the encoding of one Move gives.
struct Encoded {
  Constraints legal;              // every legality condition, tagged by clause
  Position next;                  // the next values the rules give (when the move is legal)
  z3::expr retreated;             // how many opponent workers were sent home
  std::vector<z3::expr> choices;  // existential choices' domains (which workers ride), untracked
};

// The board and position of a concrete state (nullopt with `why` when it cannot be represented).
Board board_of(const sy::State& s);
Position position_of(z3::context& ctx, const Board& b, const sy::State& s);
// What no move changes (the map, the factions, structures, encounter tokens, resources), compared
// between two concrete states: one closed constraint per component, tagged by the clause that keeps
// it. `same_shape` is false when the territories or factions differ (no position to compare then).
Constraints frame(z3::context& ctx, const sy::State& before, const sy::State& after, bool& same_shape);
std::optional<std::vector<UnitStep>> steps_of(z3::context& ctx, const Board& b, const sy::Move& m);

// The literal relation's choices where the movement text is silent (solver/scythe/literal_relation.hpp):
// each a Bool, false giving the decided encoding's choice. `tag` names the relation's copy, so that two
// copies in one context choose their riders apart.
struct Silences {
  std::string tag;
  // scythe.move.home-base: the ban on moving units into a home base also refuses a move whose
  // entry would send an opponent's workers home (scythe.move.workers-retreat); decided: it does not.
  // convention scythe.convention.retreat-not-a-move-into-home-base: the decided encoding has this false
  z3::expr home_ban_meets_retreat;
  // scythe.move.once-per-action (implied, not stated): a unit that has moved in this action may
  // start another move; decided: it may not.
  // convention scythe.convention.unit-moves-once: the decided encoding has this false
  z3::expr unit_moves_again;
};

// Plays `steps` for faction `mover` from `before` under `rules`: the decided encoding, or with
// `loose` the literal relation's silences left to its Bools (the decided encoding when all are false).
Encoded encode_move(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int mover,
                    const std::vector<UnitStep>& steps, const Silences* loose = nullptr);

// The effect equations: `after` against `next`, each tagged by the clause deciding it.
Constraints effects(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, const Encoded& e,
                    const Position& after, int mover);

// Helpers for symbolic boards (proofs and witnesses).
// A position whose every count, popularity, holder and pending flag is a fresh constant named
// after `tag` (constrain it with valid_position).
Position free_position(z3::context& ctx, const Board& b, const std::string& tag);
z3::expr present(const Position& p, int t, int f);
z3::expr factions_present(z3::context& ctx, const Board& b, const Position& p, int t);
z3::expr combat_units(const Position& p, int t, int f);
// A state valid by the format's rules: counts >= 0, one character per faction at most, popularity
// in range, held_by exactly when factions share a territory (naming one of them).
std::vector<z3::expr> valid_position(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& p);
// The concrete state a model gives a symbolic position (the map from `shape`).
sy::State state_in(const z3::model& m, const Board& b, const Position& p, const sy::State& shape);

}  // namespace rulecheck::solver::scythe

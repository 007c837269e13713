// Inside solver/scythe/ only (it includes Z3): one board of Scythe's movement, as the relation reads it
// over one board (move_action.hpp): the map is concrete (territories, adjacency, home bases, encounter
// tokens, structures); what a move changes is a position of expressions (unit counts, popularity, who
// holds a shared territory, the pending flags), pinned to a concrete state for a membership check or free
// for the witness searches. With a concrete state every expression folds to a numeral as it is built
// (Fold below), so a membership check rarely needs the solver.
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
  std::vector<bool> mill;                   // [t]: its structure is a mill
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

// The board and position of a concrete state (nullopt with `why` when it cannot be represented).
Board board_of(const sy::State& s);
Position position_of(z3::context& ctx, const Board& b, const sy::State& s);
// What no move changes (the map, the factions, structures, encounter tokens, resources), compared
// between two concrete states: one closed constraint per component, tagged by the clause that keeps
// it. `same_shape` is false when the territories or factions differ (no position to compare then).
Constraints frame(z3::context& ctx, const sy::State& before, const sy::State& after, bool& same_shape);
std::optional<std::vector<UnitStep>> steps_of(z3::context& ctx, const Board& b, const sy::Move& m);

// Helpers for symbolic boards (proofs and witnesses).
// A position whose every count, popularity, holder and pending flag is a fresh constant named
// after `tag` (constrain it with valid_position).
Position free_position(z3::context& ctx, const Board& b, const std::string& tag);
z3::expr present(const Position& p, int t, int f);
z3::expr factions_present(z3::context& ctx, const Board& b, const Position& p, int t);
z3::expr combat_units(const Position& p, int t, int f);
// Whether faction index `who` (an expression) is one of the factions present on t.
z3::expr names_present(z3::context& ctx, const Board& b, const Position& p, int t, const z3::expr& who);
// Who controls a territory (convention scythe.convention.control-by-units), in one place and two views:
// whether a faction with units there controls it (controls_by_units: what the unit moves' stops and blocks
// read), and which faction does (controller: the action's holder of a shared territory and the queries).
// The two agree wherever a shared territory's holder is one of the factions there, as a state's held_by
// is. `others_there` says for every other faction whether it has units there, `held` is the holder.
z3::expr controls_by_units(const std::vector<z3::expr>& others_there, const z3::expr& held, int who);
// The faction index controlling a territory, or kNobody: `there[f]` whether faction f has units there, the
// holder, and the owner of its structure (kNobody without one).
z3::expr controller(const std::vector<z3::expr>& there, const z3::expr& held, int structure_owner);
z3::expr controller(const Board& b, const Position& p, int t);
// A state valid by the format's rules: counts >= 0, one character per faction at most, popularity
// in range, held_by exactly when factions share a territory (naming one of them).
std::vector<z3::expr> valid_position(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& p);
// The concrete state a model gives a symbolic position (the map from `shape`).
sy::State state_in(const z3::model& m, const Board& b, const Position& p, const sy::State& shape);

}  // namespace rulecheck::solver::scythe

// Inside solver/scythe/ only (it includes Z3): Scythe's movement over maps of any size, for the
// unbounded proofs (unit_move.cpp encodes a move, read over this board by unbounded_move.cpp;
// unbounded_proofs.cpp states the claims; the runner is solver/unbounded.hpp's, shared with Messina).
// Territories are an uninterpreted sort (any number), adjacency an uninterpreted relation, home bases a
// predicate with each faction's home base a territory, encounter tokens a predicate, unit counts
// functions into the integers (any counts). The factions are any number (two or more): a question names the mover and two opponents (either may have
// no unit, so games of two and three factions are the case where the rest has none) and takes every
// other opponent together as "the rest" (SortedBoard), so each claim is asked of the named factions,
// which can be any faction or pair of factions. A move is one unit's move (a mech with any number of
// riders) along a path of k symbolic territories, each step into one adjacent to the one before; one
// question per k up to the unit's range covers every path of that length on every map, and a Move
// action of any number of units is asked one unit move at a time (unbounded_proofs.cpp). The position
// during the path is written as terms over the position before (no intermediate functions), so a path
// that enters a territory twice, or a home base where retreating workers arrived, is covered too.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "oracle/scythe/model.hpp"
#include "solver/theorems.hpp"
#include "solver/unbounded.hpp"
#include "solver/scythe/move_relation.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::scythe {

namespace sy = rulecheck::scythe;

// The catalogue of misreadings the unbounded proofs are asked under (prove --strength), by name.
namespace misread {
inline constexpr const char* kHomeIgnored = "scythe.move.home-base ignored (a move may enter any home base)";
inline constexpr const char* kOwnHomeOpen = "only the opponents' home bases are closed to a move";
inline constexpr const char* kHomeEndOnly = "only the end of the path is kept out of home bases";
inline constexpr const char* kRetreatNowhere = "retreating workers leave the board (not sent to their home base)";
inline constexpr const char* kRetreatToMoversBase = "retreating workers go to the mover's home base";
inline constexpr const char* kNoRetreat = "a character or mech leaves an opponent's lone workers where they stand";
inline constexpr const char* kNoFloor = "popularity may fall below the minimum";
inline constexpr const char* kLossAsGain = "the mover gains popularity for each worker sent home";
inline constexpr const char* kLossPerMove = "the popularity loss is paid once per move, whatever the workers sent home";
inline constexpr const char* kOpponentPays = "the faction whose workers retreat loses the popularity";
inline constexpr const char* kUnitStaysAtStart = "the moving unit is set down at its end without leaving its start";
inline constexpr const char* kRidersLost = "the workers a mech carries are not set down where it ends";
inline constexpr const char* kWorkerIntoCombat =
    "a worker by itself may enter a territory an opponent controls with a character or mechs";
inline constexpr const char* kWorkerIntoWorkers = "a worker by itself may enter a territory an opponent's workers control";
inline constexpr const char* kNoCombatPending = "no combat is set pending where combat units meet";
inline constexpr const char* kPendingOnlyCharacter = "only a character's arrival sets a combat pending, not a mech's";
inline constexpr const char* kEncounterNoPending = "a character stopped on an encounter token has no encounter pending";
inline constexpr const char* kEncounterAtPathEndOnly =
    "an encounter is set pending only where the path was named to end, not where the character stopped";
inline constexpr const char* kEncounterEverywhere = "an encounter is set pending wherever a character ends its move";
}  // namespace misread

// The factions of a question: the mover (0), two opponents it names (1 and 2), and the rest (3): every
// other opponent, any number of them (none included), taken together. Why a proof over these covers any
// number of factions: a game of N >= 2 factions and a choice of the two named opponents (a named one
// with no unit anywhere when N < 3) map to one board of the question (the rest's counts the sums over
// its factions, and the facts below), every fact the question states of that board is true of the game,
// and the move's conditions and effects on it are those of the game's move (the rest's per-territory
// facts are all a move reads of them). An unsat question is then a proof for every N and every choice of
// the named opponents; each claim is asked of the named factions only, so it holds of every faction and
// every pair of factions.
inline constexpr int kMover = 0;
inline constexpr int kNamed = 3;     // factions 0 .. kNamed-1: the mover and the two named opponents
inline constexpr int kRest = 3;      // every other opponent, together
inline constexpr int kFactions = 4;  // the unit counts of a question: the named factions and the rest

// The position before a move: territories an uninterpreted sort, factions as above.
//
// Every premise about all territories (counts not negative, one character per faction, the states play
// can reach) is stated at each territory the question names (`named`: the start, the path, the named
// factions' home bases, and `any`, the territory a claim is asked of), not as a quantifier: the premises
// are then weaker, so an unsat question is still a proof for every map, and each question is
// quantifier-free. The vacuity check stays exact: a model of the instances is one of the universal
// premises once every territory no term names is left empty (no units, no token, no pending flag, no
// home base), which keeps each of them.
//
// The rest, per territory: its characters, mechs and workers (the sums over its factions), how many of
// its factions have units there (`rest_factions`), and, where one of its factions holds a territory
// shared with others, whether that faction has workers there (`rest_holder_workers`) or a character or
// mechs (`rest_holder_combat`); its home bases are the home bases whose owner (`home_of`) is kRest. These
// facts are all a move reads of the rest: the combat units of an opponent stop the move, an opponent
// that controls a territory with workers stops it (alone there: the rest's one faction there; or the
// holder), and every opponent's workers there are sent home. Where the rest has two or more factions,
// which of its factions own its workers is not written: a claim never speaks of the rest.
struct SortedBoard {
  z3::context& c;
  z3::sort territory;
  z3::func_decl_vector units;  // [faction * 3 + kind]: territory -> Int (character, mech, worker)
  std::vector<z3::expr> popularity;  // [named faction]
  z3::func_decl held;                // territory -> Int: the faction holding it (kRest: one of the rest's)
  z3::func_decl rest_factions;       // territory -> Int: how many of the rest's factions have units there
  z3::func_decl rest_holder_workers, rest_holder_combat;  // territory -> Bool: the rest's faction holding it has them
  z3::func_decl combat_pending, encounter_pending, encounter, is_home;  // territory -> Bool
  z3::func_decl adjacent;                                               // territory, territory -> Bool
  z3::func_decl home_of;                                                // territory -> Int (a home base's faction)
  std::vector<z3::expr> home_base;                                      // [named faction]: a territory
  z3::expr any;  // any territory: the one each claim is asked of

  explicit SortedBoard(z3::context& ctx);
  z3::expr count(int kind, const z3::expr& at, int who) const { return units[static_cast<unsigned>(who * 3 + kind)](at); }
  z3::expr combat(const z3::expr& at, int who) const;  // character and mechs
  z3::expr present(const z3::expr& at, int who) const;
  z3::expr rest_home(const z3::expr& t) const { return is_home(t) && home_of(t) == kRest; }
  // A position of the format (as valid_position) at each of `named`: counts not negative, one character
  // per faction at most, popularity within the ruleset's bounds; each named faction's home base is a
  // home base, and its own; the rest's facts as its factions' units make them. The holder of a shared
  // territory may be any faction (not asked to be present: between two unit moves no claim proves it).
  z3::expr well_formed(const sy::Rules& rules, const std::vector<z3::expr>& named) const;
  // The rest has no unit on any of `named`, and where factions share one of them, one of them holds it:
  // the positions of games of two or three factions, as far as a question's terms see (the misreadings
  // are asked there, so each kill is a position of a game, which the abstraction writes exactly).
  z3::expr a_game_of_the_named(const std::vector<z3::expr>& named) const;
  // What the relation reads of this board (move_relation.hpp): the mover, the named opponents, the rest.
  MoveSight sight() const;
};

// `unit` along a path of `steps` territories under `rules` (its readings and numbers) and the named
// misreading ("" for none).
SortedMove sorted_move(const SortedBoard& b, const sy::Rules& rules, sy::Unit unit, int steps,
                       const std::string& misreading);

// scythe.move.combat-pending, once every unit move of the action is done (on the position then): a combat
// is pending on `at` where it was, or where the mover's character or mechs share it with an opponent's,
// under the named misreading ("" for none).
z3::expr action_end_pending(const SortedBoard& b, const z3::expr& at, const std::string& misreading);

// The longest path a question asks of `unit`: its move_range, and at least 2 (as a mech ability may
// give), so that the stops within a path are asked under both readings of scythe.stop-path.
int longest_path(const sy::Rules& rules, sy::Unit unit);

// The five movement invariants and the six states play can reach (rules/scythe/invariants.json), with
// the hand-written misreadings each was asked under before the generic mutants (kept for the tests).
std::vector<UnboundedProof> unbounded_catalogue(const sy::Rules& rules);

// One question's move: the unit, the path's length and the readings asked (scythe.stop-path for a
// character's or mech's path of 2 steps or more, scythe.worker-blocking for a worker's).
struct MoveCase {
  sy::Unit unit;
  int steps;
  sy::Rules rules;
  std::string words;
};
std::vector<MoveCase> move_cases(const sy::Rules& rules);

// What a theorem reads of one unit move: its premises beyond a position of the format, its claim, its
// vacuity condition. Each reads the board before (SortedBoard), the move's parameters (its start and
// path) and the state after (SortedMove::units_after, popularity_after, ..._pending_after), never the
// relation's own definitions.
using MoveClaim = std::function<z3::expr(const SortedBoard&, const SortedMove&)>;

// A theorem's questions over one unit move: for each case of `units`, the premises (a position of the
// format at the territories the question names, and `premises`) from `rules`, the relation (the move's
// tagged constraints) from `relation_rules` with the case's readings (each swapped where
// `relation_rules` reads the other one: a rule mutant), and the claim.
std::vector<Ask> move_asks(z3::context& ctx, const sy::Rules& rules, const sy::Rules& relation_rules,
                           const MoveClaim& premises, const MoveClaim& claim, const MoveClaim& exercised,
                           const std::vector<sy::Unit>& units);

// Vacuity (solver/vacuity.hpp): the six states play can reach (rules/scythe/invariants.json) at each
// of `named` for every pair of factions with the rest, over the position before
// (unbounded_proofs.cpp); and what that states, in words, for a theorem's record.
z3::expr reachable_at(const SortedBoard& b, const std::vector<z3::expr>& named);
std::vector<std::string> reachable_words();

// The catalogue's eleven claims as theorems of the relation (unbounded_proofs.cpp), and the theorems
// about the stops, the worker's blocks and what a mech carries (theorems_path.cpp).
std::vector<Theorem<sy::Rules>> catalogue_theorems(const sy::Rules& rules);
std::vector<Theorem<sy::Rules>> path_theorems(const sy::Rules& rules);
// Control after a move, as the queries read it (theorems_control.cpp).
std::vector<Theorem<sy::Rules>> control_theorems(const sy::Rules& rules);
// Every theorem `prove` reports, and the rule mutants --strength asks them under.
std::vector<Theorem<sy::Rules>> movement_theorems(const sy::Rules& rules);
std::vector<RuleMutant<sy::Rules>> movement_rule_mutants(const sy::Rules& rules);

}  // namespace rulecheck::solver::scythe

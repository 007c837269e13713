// Inside properties/generators/ only: the pieces of Scythe's case generator (scythe.cpp), shared by its
// files: the bounds and names, the ruleset's numbers, the shrinkable spec, the board it stands for.
//   scythe.cpp:       the spec's generators, the ruleset and readings of a case, the generator itself
//   scythe_board.cpp: the board a spec stands for, kept to the states play can reach, as JSON
//   scythe_moves.cpp: the move (aimed or free) and the queries
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "properties/generators/generated_case.hpp"
#include "properties/generators/produced.hpp"


namespace rulecheck::generators::scythe_gen {

namespace gen = rc::gen;

inline constexpr std::array<const char*, 3> kFactionIds = {"red", "blue", "green"};
inline constexpr std::array<const char*, 3> kUnitNames = {"character", "mech", "worker"};
inline constexpr int kCharacter = 0, kMech = 1, kWorker = 2;
// Every terrain of the format but `lake`, which the movement section does not govern (see above).
inline constexpr std::array<const char*, 6> kTerrains = {"farm", "forest", "mountain", "tundra", "village", "factory"};
inline constexpr std::array<const char*, 4> kStructures = {"mill", "mine", "armory", "monument"};
inline constexpr std::array<const char*, 4> kResources = {"food", "wood", "metal", "oil"};

inline constexpr int kMostTerritories = 10;
inline constexpr int kMostExtraEdges = 4;
inline constexpr int kMostUnitMoves = 3;

// What the rules leave open, for a ruleset sampled without CaseOptions::only_produced: an edited
// range of a unit kind of 2 or 3, never more; the popularity track runs 0..18, and an
// edited one keeps a bottom of 0..3 and a top of 10..18; forcing a worker out costs 0..3
// popularity; a player mat moves 2 units, 3 once upgraded.
inline constexpr int kMostRange = 3;
inline constexpr int kMostPopularityMin = 3;
inline constexpr int kLeastPopularityMax = 10;
inline constexpr int kTrackTop = 18;
inline constexpr int kMostLossPerWorker = 3;
inline constexpr int kLeastUnitsPerMove = 2, kMostUnitsPerMove = 3;

// The ruleset's numbers the generator needs.
struct Numbers {
  int popularity_min = 0;
  int popularity_max = 0;
  int popularity_loss_per_worker = 0;
  std::array<int, 3> move_range{};      // by unit index
  int units_per_move = kMostUnitMoves;  // what interpretation scythe.units-per-move may cap

  static Numbers from(const json& ruleset) {
    Numbers n;
    if (ruleset.contains("units_per_move")) n.units_per_move = std::max(1, ruleset.at("units_per_move").get<int>());
    n.popularity_min = ruleset.at("popularity_min").get<int>();
    n.popularity_max = ruleset.at("popularity_max").get<int>();
    n.popularity_loss_per_worker = ruleset.value("popularity_loss_per_worker", 0);
    for (std::size_t u = 0; u < kUnitNames.size(); ++u)
      n.move_range[u] = std::max(1, ruleset.at("move_range").at(kUnitNames[u]).get<int>());
    return n;
  }
  int longest_range() const { return *std::max_element(move_range.begin(), move_range.end()); }
  // Free moves go one past the cap; aimed ones stay within it.
  int most_unit_moves() const { return std::max(kMostUnitMoves, units_per_move + 1); }
  int popularity_span() const { return popularity_max - popularity_min; }
};

// The largest numbers any case of a generator may draw (scythe.cpp).
Numbers widest(const json& ruleset, const CaseOptions& options);

// A raw number read as a count: 0 up to `bias`, then 1, 2, ... (every count shrinks towards 0).
inline int above(int raw, int bias) { return std::max(0, raw - bias); }

// `raw` modulo `n` (n > 0), for indices into lists whose size the spec does not fix.
inline int pick(int raw, int n) { return n <= 0 ? 0 : (raw % n + n) % n; }
template <typename T>
const T& pick_in(const std::vector<T>& list, int raw) {
  return list[static_cast<std::size_t>(pick(raw, static_cast<int>(list.size())))];
}

// ---- The spec: plain shrinkable numbers ----

// A count that is 0 unless `present` reaches kPresent, then 1 + extra. `present` does not grow
// with the size (so that mid-sized boards have units too); `extra` does. Both shrink towards 0,
// `present` towards no unit at all.
inline constexpr int kPresent = 3;
struct CountSpec {
  int present = 0;
  int extra = 0;
  int value() const { return present >= kPresent ? 1 + std::max(0, extra) : 0; }
};

struct ForcesSpec {
  CountSpec mech;
  CountSpec worker;
};

struct FactionSpec {
  int popularity = 0;    // popularity_min + this, at most popularity_max
  int character = 0;     // from kPresent: it has a character on the board, at character_at
  int character_at = 0;  // territory (character_at mod (territories + 1)), the last being its home base
  ForcesSpec at_home;    // its units in its home base
  int home_link = 0;     // the board territory its home base is adjacent to
  int second_link = 0;   // 0: none; k: also adjacent to territory k-1
  int home_terrain = 0;  // odd: the base's terrain is written as "home-base"
};

struct TerritorySpec {
  int parent = 0;  // territory i > 0 is adjacent to territory (parent mod i)
  int terrain = 0;
  std::vector<ForcesSpec> forces;  // per faction, in faction order
  int structure = 0;               // from kPresent: a structure of kind structure_kind
  int structure_kind = 0;
  int structure_owner = 0;
  int encounter = 0;           // from kPresent: a token is there
  std::vector<int> resources;  // per kind: above(r, 2) tokens
  int held_by = 0;             // which of the factions present keeps control
};

struct BoardSpec {
  std::vector<FactionSpec> factions;       // 1..3 used (none: one faction of a zero spec, for safety)
  std::vector<TerritorySpec> territories;  // at least one used
  std::vector<std::pair<int, int>> extra_edges;
  std::vector<int> pending_combats;  // from 1: territory (raw - 1) is a pending combat
};

struct UnitMoveSpec {
  int mode = 0;  // in a free action: 0 aimed, 1 local, 2 into trouble, 3 wild (see MovePlanner)
  int unit = 0;  // character, mech, worker; from 3 (in a free action): the unit the previous unit move moved, "again"
  int from = 0;
  int steps = 0;          // path length: aimed 1 + steps mod range, free (steps + 1) mod (range + 2)
  std::vector<int> path;  // each step picks among the candidates
  int carry = 0;          // above(carry, 3) workers
};

enum class Kind { move, controller, mill_produces, structure_bonus };

struct ActionSpec {
  Kind kind = Kind::move;
  bool aim = false;
  int faction = 0;
  std::vector<UnitMoveSpec> moves;  // 1..most_unit_moves() used (aimed: 1..units_per_move)
  int at = 0;
  int who = 0;
};

// A sampled ruleset and the readings drawn. Every raw number shrinks towards the base game's
// value (range 1, popularity 0..18, a loss of 1, 2 units per move) and `sampled` towards the
// ruleset given.
struct RulesSpec {
  int sampled = 0;             // of 0..5: 4 draws the key `one_key` only, 5 every key; below, none
  int one_key = 0;             // 0..2 a unit kind's range, 3 popularity_min, 4 popularity_max, 5 the loss, 6 units per move
  std::array<int, 3> range{};  // 1 + range
  int popularity_min = 0;      // this
  int popularity_max = 0;      // kTrackTop - this
  int loss = 0;                // (1 + loss) mod (kMostLossPerWorker + 1)
  int units_per_move = 0;      // kLeastUnitsPerMove + this
  std::vector<int> readings;   // per point of CaseOptions::readings, in its order: which of its readings
  std::vector<int> produced;   // with CaseOptions::only_produced: a pick per group (produced_picks)
};

struct CaseSpec {
  RulesSpec rules;
  BoardSpec board;
  ActionSpec action;
};

// A container whose length grows with the size, from 0 up to `most` at RapidCheck's nominal size,
// its elements generated at the full size (so shrinking removes elements first).

// ---- The board the spec stands for ----

using Forces = std::array<std::array<int, 3>, 3>;  // [faction][unit]

struct Board {
  int factions = 0;     // 1..3
  int territories = 0;  // board territories 0..territories-1; faction f's home base is territories + f
  std::vector<int> popularity;
  std::vector<std::string> names;
  std::vector<std::set<int>> adjacent;
  std::vector<int> home_of;  // the faction whose home base it is, or -1
  std::vector<Forces> units;
  std::vector<int> terrain;                     // -1: omitted; 7: "home-base"
  std::vector<int> structure, structure_owner;  // -1: none
  std::vector<bool> encounter;
  std::vector<std::array<int, 4>> resources;
  std::vector<int> holder;  // the faction that keeps control where several share a territory, else -1
  std::set<int> pending_combats;
  std::set<int> pending_encounters;

  int size() const { return territories + factions; }
  bool is_home(int t) const { return home_of[static_cast<std::size_t>(t)] >= 0; }
};

inline std::string faction_id(int f) { return kFactionIds[static_cast<std::size_t>(f)]; }

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }


// (scythe_board.cpp)
bool opponent_has(const Forces& forces, int factions, int mover, bool combat);

// The factions with units on territory t (with a character or mechs: `combat`).
std::vector<int> factions_on(const Board& b, int t, bool combat);

// Faction f's units on territory t go back to its home base, as workers forced out do
// (scythe.move.workers-retreat) and as units beaten in a combat do.
void send_home(Board& b, int t, int f);

// The board as play leaves it (rules/scythe/invariants.json): see the comment at the top. Each
// territory's spec draws its holder (held_by).
// `before_a_move`: the board a Move starts from. A combat pending after one action has been fought
// before the next Move starts (scythe.move.combat-pending: combats come once the moves are done), so
// none is pending then: the holder drawn won it and the other's units are back in their home base.
void keep_to_states_play_reaches(Board& b, const BoardSpec& spec, bool before_a_move);

// Any valid board: units where the spec puts them, the holder any faction present, pending
// combats anywhere on the board.
void keep_any_valid_state(Board& b, const BoardSpec& spec);

Board to_board(const Numbers& n, const BoardSpec& spec, bool any_state, bool before_a_move);

json state_json(const Board& b);

// ---- The action ----

struct UnitMove {
  int unit = 0;
  int from = 0;
  std::vector<int> path;
  int carry = 0;
};

// What the readings drawn change for aimed moves: under the no-workers reading of
// scythe.vacated-workers a territory a character or mech vacated stays closed to workers.
struct DrawnReadings {
  bool vacated_closed_to_workers = false;
};

// (scythe_moves.cpp)
bool has_units(const Board& b, int f);

json move_json(const Numbers& n, const DrawnReadings& r, const Board& b, const ActionSpec& s);

json query_json(const Board& b, const ActionSpec& s);

}  // namespace rulecheck::generators::scythe_gen

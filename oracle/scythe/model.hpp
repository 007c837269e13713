// Scythe's board for the movement rules, as plain typed values (JSON is in games/scythe/adapter.cpp).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/names.hpp"

namespace rulecheck::scythe {

using FactionId = std::string;
using TerritoryId = std::string;

enum class Unit { character, mech, worker };
inline constexpr std::array<Unit, 3> kUnits = {Unit::character, Unit::mech, Unit::worker};
inline constexpr NameTable<Unit, 3> kUnitNames = {
    {{Unit::character, "character"}, {Unit::mech, "mech"}, {Unit::worker, "worker"}}};
inline std::string_view unit_name(Unit u) { return name_in(kUnitNames, u); }

struct UnitCounts {
  std::array<int, 3> count{};
  int& operator[](Unit u) { return count[static_cast<std::size_t>(u)]; }
  int operator[](Unit u) const { return count[static_cast<std::size_t>(u)]; }
  int total() const { return count[0] + count[1] + count[2]; }
  // A character or mechs: the units that fight and stop movement.
  bool has_combat_units() const { return (*this)[Unit::character] + (*this)[Unit::mech] > 0; }
  bool operator==(const UnitCounts&) const = default;
};

struct Faction {
  int popularity = 0;
  TerritoryId home_base;
  bool operator==(const Faction&) const = default;
};

struct Structure {
  FactionId owner;
  std::string kind;  // mill, mine, armory, monument
  bool operator==(const Structure&) const = default;
};

struct Territory {
  std::vector<TerritoryId> adjacent;
  std::optional<FactionId> home_base;  // this territory is that faction's home base
  // convention scythe.convention.lake-ordinary-land: no terrain, a lake included, changes a move
  std::string terrain;
  std::map<FactionId, UnitCounts> units;
  std::optional<Structure> structure;
  bool encounter = false;
  std::map<std::string, int> resources;
  std::optional<FactionId> held_by;  // who keeps control while several factions share it
  bool operator==(const Territory&) const = default;
};

struct State {
  std::map<FactionId, Faction> factions;
  std::map<TerritoryId, Territory> territories;
  std::vector<TerritoryId> pending_combats;
  std::vector<TerritoryId> pending_encounters;
  bool operator==(const State&) const = default;
};

// The values come from rules/scythe/ruleset.json (merged with a scenario's overrides).
// The numbers that size what the solver and the generators build have a stated top, checked when a
// ruleset is read (games/scythe/adapter.cpp, read_ruleset; docs/rulesets.md): a move_range is the
// length of every path the proofs ask (their terms grow faster than the square of it), and
// units_per_move the number of unit moves a generated action may hold. Past these tops a ruleset is
// refused before anything is built, naming the key.
struct Ruleset {
  // The longest move a ruleset may give a unit: the base game's is 1, a mech ability's 2 or 3. At 4
  // the proofs under one side take about 40 s (diff --edited; 6 took 134 s, 30 minutes).
  static constexpr int kMostMoveRange = 4;
  // The most units a ruleset may let one Move action move: a faction's character, 4 mechs and 8 workers.
  static constexpr int kMostUnitsPerMove = 13;

  int popularity_min = 0;
  int popularity_max = 0;
  int popularity_loss_per_worker = 0;
  std::map<Unit, int> move_range;
  int units_per_move = 0;  // read only under the "ruleset-cap" reading of scythe.units-per-move
};

struct Readings {
  enum class VacatedWorkers { any_unit, no_workers } vacated_workers = VacatedWorkers::any_unit;
  enum class StopPath { must_end, truncate } stop_path = StopPath::must_end;
  enum class CarriedWorkers { not_a_move, counts_as_move } carried_workers = CarriedWorkers::not_a_move;
  enum class UnitsPerMove { no_cap, ruleset_cap } units_per_move = UnitsPerMove::no_cap;
  enum class WorkerBlocking { control, presence } worker_blocking = WorkerBlocking::control;
};

struct Rules {
  Ruleset numbers;
  Readings readings;
};

// ---- the action and the queries ----

struct UnitMove {
  Unit unit = Unit::mech;
  TerritoryId from;
  std::vector<TerritoryId> path;
  int carried_workers = 0;
};

struct Move {
  FactionId faction;
  std::vector<UnitMove> moves;
};

struct ControllerQuery {
  TerritoryId at;
};
struct MillProducesQuery {
  TerritoryId at;
};
struct StructureBonusQuery {
  TerritoryId at;
  FactionId faction;
};

}  // namespace rulecheck::scythe

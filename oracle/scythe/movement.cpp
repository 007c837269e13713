// Scythe, the movement page: each unit's path, the stops, workers forced out,
// structures taken over, home bases closed, encounters, and what waits after all moves.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "oracle/scythe/oracle.hpp"

namespace rulecheck::scythe {

namespace {

bool opponent_has(const Territory& t, const FactionId& mover, bool combat_units) {
  for (const auto& [owner, units] : t.units)
    if (owner != mover && (combat_units ? units.has_combat_units() : units[Unit::worker] > 0)) return true;
  return false;
}

// The opponent workers on a territory a character or mech has entered are forced out.
void force_workers_out(const Rules& rules, State& next, const FactionId& mover, const TerritoryId& at) {
  int forced = 0;
  Territory& t = next.territories.at(at);
  for (auto& [owner, units] : t.units) {
    if (owner == mover || units[Unit::worker] == 0) continue;
    // scythe.move.workers-retreat: each opponent worker goes to its own faction's home base.
    // scythe.move.resources-stay: only the workers move; t.resources stays where it is.
    // convention scythe.convention.retreat-not-a-move-into-home-base: the home-base ban does not reach a retreat
    const TerritoryId& home = next.factions.at(owner).home_base;
    explain("scythe.move.workers-retreat", {{"workers", units[Unit::worker]}},
            "{} worker(s) of {} in {} go back to its home base {}", units[Unit::worker], owner, at, home);
    next.territories.at(home).units[owner][Unit::worker] += units[Unit::worker];
    forced += units[Unit::worker];
    units[Unit::worker] = 0;
  }
  if (tracing() && !t.resources.empty()) {
    int tokens = 0;
    for (const auto& [kind, n] : t.resources) tokens += n;
    explain("scythe.move.resources-stay", {{"resource tokens", tokens}}, "the {} resource token(s) in {} stay there",
            tokens, at);
  }
  // scythe.move.popularity-loss: the mover loses popularity for every worker it sent away...
  // (In 64 bits: a million workers at a million popularity each do not fit an int.)
  const long long loss = static_cast<long long>(forced) * rules.numbers.popularity_loss_per_worker;
  // scythe.move.popularity-floor: ...but never below the minimum (the workers went regardless).
  int& popularity = next.factions.at(mover).popularity;
  const int before = popularity;
  popularity = static_cast<int>(std::max<long long>(rules.numbers.popularity_min, popularity - loss));
  explain("scythe.move.popularity-loss",
          {{"workers sent away", forced},
           {"loss per worker", rules.numbers.popularity_loss_per_worker},
           {"popularity before", before}},
          "{} sent {} worker(s) away and loses {} popularity: {} -> {}", mover, forced, loss, before, popularity);
  if (before - loss < rules.numbers.popularity_min)
    explain("scythe.move.popularity-floor", {{"minimum", rules.numbers.popularity_min}},
            "popularity stops at the minimum of {}; the workers were sent away all the same",
            rules.numbers.popularity_min);
}

// Who controls a territory in the middle of an action: the one faction with units there, the
// holder (held_by) while several share it, else the owner of its structure.
// convention scythe.convention.control-by-units: units, then the holder, then the structure's owner
std::optional<FactionId> controller_now(const Territory& t) {
  std::optional<FactionId> only;
  int present = 0;
  for (const auto& [owner, units] : t.units)
    if (units.total() > 0) {
      ++present;
      only = owner;
    }
  if (present > 1) return t.held_by;
  if (present == 1) return only;
  if (t.structure) return t.structure->owner;
  return std::nullopt;
}

// scythe.move.workers-stop: a territory an opponent's workers alone control: an opponent
// controls the territory and has workers there, and no opponent has a character or mech there. A
// territory the mover itself controls (held_by = mover, sharing it with opponent workers) is not
// controlled by the opponent (scythe.move.combat-temporary-control gives one faction control of a
// shared territory), and the mover's own units there are other units: no stop, no retreat.
// convention scythe.convention.mover-holding-not-stopped: a territory the mover holds is not the opponent's
bool held_by_opponent_workers_only(const Territory& t, const FactionId& mover) {
  const auto who = controller_now(t);
  if (!who || *who == mover || opponent_has(t, mover, true)) return false;
  const auto it = t.units.find(*who);
  return it != t.units.end() && it->second[Unit::worker] > 0;
}

// held_by names the holder only while factions share a territory: once a move leaves a single
// faction (or none) there, that faction controls it outright, and a unit entering it later in the
// same action finds it controlled by whoever stands there, not by a former holder.
// convention scythe.convention.holder-forgotten-when-alone
void forget_holder_if_alone(Territory& t) {
  int present = 0;
  for (const auto& [owner, units] : t.units) present += units.total() > 0 ? 1 : 0;
  if (present < 2) t.held_by.reset();
}

// interpretation scythe.worker-blocking: the territories a worker moving by itself may not enter
// (nor, for a character or mechs, leave). Under "control": those an opponent controls with its
// character or mechs (combat_units) or with workers; under "presence": every territory where an
// opponent's mechs or character, or workers, stand.
bool blocks_worker(const Rules& rules, const Territory& t, const FactionId& mover, bool combat_units) {
  if (rules.readings.worker_blocking == Readings::WorkerBlocking::presence) return opponent_has(t, mover, combat_units);
  const auto who = controller_now(t);
  if (!who || *who == mover) return false;
  const auto it = t.units.find(*who);
  if (it == t.units.end()) return false;
  return combat_units ? it->second.has_combat_units() : it->second[Unit::worker] > 0;
}

// interpretation scythe.carried-workers: under "not-a-move" being carried on a mech is not a
// worker's own move, so a worker may ride before or after it moves by itself, and only moving by
// itself is once per action; under "counts-as-move" a carried worker has moved.
bool carrying_is_not_a_move(const Rules& rules) {
  return rules.readings.carried_workers == Readings::CarriedWorkers::not_a_move;
}

// A trip of the mover's workers: one moving by itself, or several riding on a mech.
struct WorkerTrip {
  TerritoryId from, to;
  int workers = 0;
  bool carried = false;
};

// The mover's workers on one territory: those that have not moved by themselves in this action
// ("fresh") and those that have ("spent").
struct WorkerPool {
  int fresh = 0;
  int spent = 0;
};

// Under "not-a-move": an action says how many workers a mech carries, not which ones, so the trips
// are possible when some choice of the carried workers leaves a fresh worker for every trip a
// worker makes by itself (scythe.move.once-per-action). Tries each choice, in order.
bool workers_move_once(std::map<TerritoryId, WorkerPool> pools, const std::vector<WorkerTrip>& trips,
                       std::size_t next = 0) {
  if (next == trips.size()) return true;
  const WorkerTrip& trip = trips[next];
  if (!trip.carried) {
    if (pools[trip.from].fresh == 0) return false;
    pools[trip.from].fresh -= 1;
    pools[trip.to].spent += 1;
    return workers_move_once(std::move(pools), trips, next + 1);
  }
  const WorkerPool from = pools[trip.from];
  // `spent` of the riders have moved by themselves already, the others have not
  for (int spent = std::max(0, trip.workers - from.fresh); spent <= std::min(trip.workers, from.spent); ++spent) {
    auto after = pools;
    after[trip.from].spent -= spent;
    after[trip.from].fresh -= trip.workers - spent;
    after[trip.to].spent += spent;
    after[trip.to].fresh += trip.workers - spent;
    if (workers_move_once(std::move(after), trips, next + 1)) return true;
  }
  return false;
}

struct MoveLog {
  std::map<std::pair<TerritoryId, Unit>, int> moved;  // units that already moved, by where they are
  std::set<TerritoryId> vacated;                      // opened by forcing workers out
  bool character_stopped_by_encounter = false;
  std::vector<WorkerTrip> worker_trips;  // under "not-a-move" (scythe.carried-workers), checked apart
};

// convention scythe.convention.unit-moves-once: a unit that moved in this action does not start another move
// Which units may start this move: scythe.move.encounter-stop, scythe.move.unit-present,
// scythe.move.once-per-action, scythe.move.mech-carry, scythe.move.path and scythe.move.range.
void require_movable(const Rules& rules, const State& next, const FactionId& faction, const UnitMove& m,
                     const MoveLog& log) {
  if (m.unit == Unit::character)
    require(!log.character_stopped_by_encounter, "scythe.move.encounter-stop",
            "the character stopped at an encounter and cannot move again this turn");
  const auto& units = next.territories.at(m.from).units;
  auto it = units.find(faction);
  const int here = it == units.end() ? 0 : it->second[m.unit];
  require(here > 0, "scythe.move.unit-present", {{"units there", here}}, "{} has no {} in {}", faction,
          unit_name(m.unit), m.from);
  auto moved = [&](Unit u) {
    auto mv = log.moved.find({m.from, u});
    return mv == log.moved.end() ? 0 : mv->second;
  };
  // Under "not-a-move" a worker's own moves are checked with the trips of the whole action
  // (workers_move_once), as which workers rode on a mech is left open.
  if (m.unit != Unit::worker || !carrying_is_not_a_move(rules))
    require(here - moved(m.unit) > 0, "scythe.move.once-per-action",
            {{"units there", here}, {"already moved", moved(m.unit)}},
            "every {} of {} in {} has already moved in this action", unit_name(m.unit), faction, m.from);
  if (m.carried_workers > 0) {
    require(m.unit == Unit::mech, "scythe.move.mech-carry", "only a mech carries workers");
    const int workers = it == units.end() ? 0 : it->second[Unit::worker];
    require(workers >= m.carried_workers, "scythe.move.unit-present",
            {{"workers there", workers}, {"workers carried", m.carried_workers}}, "{} has fewer than {} workers in {}",
            faction, m.carried_workers, m.from);
    // interpretation scythe.carried-workers: any worker there may ride ("not-a-move"), or only
    // one that has not moved yet in this action ("counts-as-move").
    if (!carrying_is_not_a_move(rules))
      require(workers - moved(Unit::worker) >= m.carried_workers, "scythe.move.once-per-action",
              {{"workers not moved yet", workers - moved(Unit::worker)}, {"workers carried", m.carried_workers}},
              "under the counts-as-move reading only workers that have not moved may ride; {} has {} such in {}",
              faction, workers - moved(Unit::worker), m.from);
    explain("scythe.move.mech-carry", {{"workers carried", m.carried_workers}},
            "the mech carries {} worker(s) from {}; they are not bound by the limits on workers moving by themselves",
            m.carried_workers, m.from);
  }
  require(!m.path.empty(), "scythe.move.path", "a move enters at least one territory");
  const int range = rules.numbers.move_range.at(m.unit);
  require(static_cast<int>(m.path.size()) <= range, "scythe.move.range",
          {{"path length", m.path.size()}, {"range", range}}, "a {} moves at most {} territor{} here; the path has {}",
          unit_name(m.unit), range, range == 1 ? "y" : "ies", m.path.size());
  explain("scythe.move.range", {{"path length", m.path.size()}, {"range", range}},
          "a {} of {} leaves {} on a path of {} step(s), within its range of {}", unit_name(m.unit), faction, m.from,
          m.path.size(), range);
}

// A worker moving by itself: scythe.move.worker-blocked-by-workers and
// scythe.move.worker-blocked-by-combat-units.
void require_worker_may_enter(const Rules& rules, const Territory& t, const TerritoryId& id, const FactionId& faction,
                              const MoveLog& log) {
  require(!blocks_worker(rules, t, faction, true), "scythe.move.worker-blocked-by-combat-units",
          "a worker cannot move by itself into {}, {} an opponent's character or mech", id,
          rules.readings.worker_blocking == Readings::WorkerBlocking::control ? "controlled by" : "which holds");
  require(!blocks_worker(rules, t, faction, false), "scythe.move.worker-blocked-by-workers",
          "a worker cannot move by itself into {}, {} an opponent's workers", id,
          rules.readings.worker_blocking == Readings::WorkerBlocking::control ? "controlled by" : "which holds");
  // interpretation scythe.vacated-workers
  require(!(rules.readings.vacated_workers == Readings::VacatedWorkers::no_workers && log.vacated.count(id)),
          "scythe.move.worker-blocked-by-workers",
          "under the no-workers reading, {} stays closed to workers after being vacated", id);
  if (tracing() && (opponent_has(t, faction, true) || opponent_has(t, faction, false)))
    explain("scythe.move.worker-blocked-by-workers", {},
            "an opponent has units in {} but {}: a worker may enter it by itself", id,
            rules.readings.worker_blocking == Readings::WorkerBlocking::control ? "does not control it with them"
                                                                                : "none that block");
}

void move_one(const Rules& rules, State& next, const FactionId& faction, const UnitMove& m, MoveLog& log) {
  require_movable(rules, next, faction, m, log);
  if (m.unit == Unit::worker)
    require(
        !blocks_worker(rules, next.territories.at(m.from), faction, true), "scythe.move.worker-blocked-by-combat-units",
        "a worker cannot move by itself out of {}, {} an opponent's "
        "character or mech",
        m.from, rules.readings.worker_blocking == Readings::WorkerBlocking::control ? "controlled by" : "which holds");

  next.territories.at(m.from).units[faction][m.unit] -= 1;
  next.territories.at(m.from).units[faction][Unit::worker] -= m.carried_workers;
  forget_holder_if_alone(next.territories.at(m.from));

  TerritoryId position = m.from;
  for (std::size_t i = 0; i < m.path.size(); ++i) {
    const TerritoryId& to = m.path[i];
    const bool last = i + 1 == m.path.size();
    const auto& adjacent = next.territories.at(position).adjacent;
    require(std::find(adjacent.begin(), adjacent.end(), to) != adjacent.end(), "scythe.move.path",
            "{} is not adjacent to {}", to, position);
    Territory& t = next.territories.at(to);
    require(!t.home_base, "scythe.move.home-base", "no unit moves from the board into a home base ({} is {}'s)", to,
            t.home_base.value_or(""));
    explain("scythe.move.path", {{"step", i + 1}}, "the {} enters {}, next to {}", unit_name(m.unit), to, position);

    // Where the movement ends whatever the path says (interpretation scythe.stop-path: under
    // "must-end" the path must end there; under "truncate" the rest of the path is ignored).
    bool stops = false;
    auto stop_here = [&](std::string_view clause, std::string_view why) {
      require(last || rules.readings.stop_path == Readings::StopPath::truncate, clause,
              {{"step", i + 1}, {"path length", m.path.size()}}, "the {} must stop in {}, {}", unit_name(m.unit), to,
              why);
      explain(clause, {{"step", i + 1}}, "the {} stops in {}, {}{}", unit_name(m.unit), to, why,
              last ? "" : " (reading truncate: the rest of its path is dropped)");
      stops = true;
    };
    if (m.unit == Unit::worker) {
      require_worker_may_enter(rules, t, to, faction, log);
    } else if (opponent_has(t, faction, true)) {
      // scythe.move.combat-stop; scythe.move.combat-temporary-control
      stop_here("scythe.move.combat-stop", "where an opponent's character or mech stands");
      if (!t.held_by)
        for (const auto& [owner, units] : t.units)
          if (owner != faction && units.total() > 0) t.held_by = owner;
      if (t.held_by)
        explain("scythe.move.combat-temporary-control", {}, "{} keeps control of {} until the combat", *t.held_by, to);
    } else if (held_by_opponent_workers_only(t, faction)) {
      // scythe.move.workers-stop, then the retreat; scythe.move.vacated-open
      stop_here("scythe.move.workers-stop", "where it forces an opponent's workers out");
      force_workers_out(rules, next, faction, to);
      forget_holder_if_alone(t);
      log.vacated.insert(to);
      explain("scythe.move.vacated-open", {}, "{} is open again to {}'s units still moving in this action", to,
              faction);
    }
    if (m.unit == Unit::character && t.encounter) {
      // scythe.move.encounter-stop
      stop_here("scythe.move.encounter-stop", "where there is an encounter token");
      log.character_stopped_by_encounter = true;
    }
    position = to;
    if (stops) break;
  }
  // scythe.move.structure-capture: control follows the units, so a territory held only by an
  // opponent's structure is now controlled by the mover. scythe.move.no-limit: no cap on arrivals.
  Territory& end = next.territories.at(position);
  if (end.structure && end.structure->owner != faction && !opponent_has(end, faction, true) &&
      !opponent_has(end, faction, false))
    explain("scythe.move.structure-capture", {}, "{} now controls {}, taking it from {}'s {}", faction, position,
            end.structure->owner, end.structure->kind);
  end.units[faction][m.unit] += 1;
  end.units[faction][Unit::worker] += m.carried_workers;
  if (carrying_is_not_a_move(rules)) {
    if (m.unit == Unit::worker)
      log.worker_trips.push_back({m.from, position, 1, false});
    else
      log.moved[{position, m.unit}] += 1;
    if (m.carried_workers > 0) log.worker_trips.push_back({m.from, position, m.carried_workers, true});
  } else {
    log.moved[{position, m.unit}] += 1;
    log.moved[{position, Unit::worker}] += m.carried_workers;
  }
}

int factions_present(const Territory& t) {
  int n = 0;
  for (const auto& [owner, units] : t.units) n += units.total() > 0 ? 1 : 0;
  return n;
}

void add_sorted(std::vector<TerritoryId>& list, const TerritoryId& id) {
  if (std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
  std::sort(list.begin(), list.end());
}

}  // namespace

State move(const Rules& rules, const State& state, const Move& action) {
  // interpretation scythe.units-per-move: under "ruleset-cap" one Move action moves at most the
  // ruleset's units_per_move units (workers riding on a mech not counted); under "no-cap" the
  // movement text sets no number (scythe.move.units-per-action).
  if (rules.readings.units_per_move == Readings::UnitsPerMove::ruleset_cap) {
    require(static_cast<int>(action.moves.size()) <= rules.numbers.units_per_move, "scythe.move.units-per-action",
            {{"units moved", action.moves.size()}, {"cap", rules.numbers.units_per_move}},
            "under the ruleset-cap reading one Move action moves at most {} unit(s); this one moves {}",
            rules.numbers.units_per_move, action.moves.size());
    explain("scythe.move.units-per-action",
            {{"units moved", action.moves.size()}, {"cap", rules.numbers.units_per_move}},
            "under the ruleset-cap reading one Move action moves at most {} unit(s); this one moves {}",
            rules.numbers.units_per_move, action.moves.size());
  }
  State next = state;
  MoveLog log;
  std::map<TerritoryId, WorkerPool> workers_at_start;
  for (const auto& [id, t] : state.territories)
    if (auto it = t.units.find(action.faction); it != t.units.end())
      workers_at_start[id].fresh = it->second[Unit::worker];
  // convention scythe.convention.moves-in-order: one move after another, in the order listed
  for (const auto& m : action.moves) {
    move_one(rules, next, action.faction, m, log);
    if (carrying_is_not_a_move(rules))
      require(workers_move_once(workers_at_start, log.worker_trips), "scythe.move.once-per-action",
              "whichever workers the mechs carry, a worker of {} would move by itself twice in this action",
              action.faction);
  }

  for (auto& [id, t] : next.territories) {
    if (factions_present(t) < 2) t.held_by.reset();
    // scythe.convention.holder-leaves-shared (rules/scythe/conventions.json; the text is silent): a
    // holder that left a territory others still share hands control to the first of them by name
    // (only on a board where three factions share a territory, which play never produces; the choice
    // keeps the next state valid and is the faithful engine's too).
    else if (const auto holder = t.units.find(*t.held_by); holder == t.units.end() || holder->second.total() == 0)
      for (const auto& [owner, units] : t.units)
        if (units.total() > 0) {
          t.held_by = owner;
          break;
        }
    const auto mine = t.units.find(action.faction);
    if (mine == t.units.end()) continue;
    // scythe.move.combat-pending: after all moves, a shared territory with both sides' character
    // or mechs is a combat.
    if (mine->second.has_combat_units() && opponent_has(t, action.faction, true)) {
      explain("scythe.move.combat-pending", {},
              "all moves done: {}'s character or mechs share {} with an opponent's, so a combat waits there",
              action.faction, id);
      add_sorted(next.pending_combats, id);
    }
    // scythe.move.encounter-pending: the character that stopped at an encounter is still there.
    if (log.character_stopped_by_encounter && mine->second[Unit::character] > 0 && t.encounter &&
        log.moved.count({id, Unit::character})) {
      explain("scythe.move.encounter-pending", {}, "{}'s character is still on the encounter in {}: it waits there",
              action.faction, id);
      add_sorted(next.pending_encounters, id);
    }
  }
  return next;
}

std::optional<FactionId> controller(const State& state, const TerritoryId& at) {
  const Territory& t = state.territories.at(at);
  if (t.held_by) {
    explain("scythe.move.combat-temporary-control", {}, "{} keeps control of {}, which it shares until the combat",
            *t.held_by, at);
    return t.held_by;
  }
  for (const auto& [owner, units] : t.units)
    if (units.total() > 0) {
      explain("scythe.move.structure-capture", {{"units", units.total()}}, "control follows the units: {}'s in {}",
              owner, at);
      return owner;
    }
  if (t.structure) {
    explain("scythe.move.structure-capture", {}, "no units in {}: its {} gives {} control", at, t.structure->kind,
            t.structure->owner);
    return t.structure->owner;
  }
  explain("scythe.move.structure-capture", {}, "no units and no structure in {}: nobody controls it", at);
  return std::nullopt;
}

// scythe.move.mill-no-produce: a mill on a territory an opponent controls does not produce.
// convention scythe.convention.mill-produces-unless-opponent: otherwise it does; no mill, no production
bool mill_produces(const State& state, const MillProducesQuery& q) {
  const Territory& t = state.territories.at(q.at);
  if (!t.structure || t.structure->kind != "mill") {
    explain("scythe.move.mill-no-produce", {}, "there is no mill in {}", q.at);
    return false;
  }
  const auto who = controller(state, q.at);
  const bool produces = !who || *who == t.structure->owner;
  if (tracing())
    explain("scythe.move.mill-no-produce", {}, "the mill in {} is {}'s and {} controls the territory: it {}", q.at,
            t.structure->owner, who ? *who : std::string("nobody"), produces ? "produces" : "does not produce");
  return produces;
}

// scythe.move.structure-no-bonus: moving onto an opponent's structure gives none of its bonuses.
// convention scythe.convention.structure-bonus-to-owner: its owner gets them, whoever controls the territory
bool gets_structure_bonus(const State& state, const StructureBonusQuery& q) {
  const Territory& t = state.territories.at(q.at);
  const bool bonus = t.structure && t.structure->owner == q.faction;
  if (t.structure)
    explain("scythe.move.structure-no-bonus", {}, "the {} in {} is {}'s: {} {} its bonus", t.structure->kind, q.at,
            t.structure->owner, q.faction, bonus ? "gets" : "does not get");
  else
    explain("scythe.move.structure-no-bonus", {}, "there is no structure in {}: no bonus", q.at);
  return bonus;
}

}  // namespace rulecheck::scythe

// Scythe, the states play can reach (rules/scythe/invariants.json; docs/formats.md, "States play
// can reach"): what every board keeps that moves made under the movement page leave
// behind. validate.cpp rejects a board that contradicts itself; these checks find a valid board
// that play cannot produce. Each invariant is one function named after its id, returning every
// place the state breaks it.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "oracle/scythe/oracle.hpp"

namespace rulecheck::scythe {

namespace {

bool listed(const std::vector<TerritoryId>& list, const TerritoryId& id) {
  return std::find(list.begin(), list.end(), id) != list.end();
}

bool has_combat_units(const Territory& t, const FactionId& f) {
  const auto it = t.units.find(f);
  return it != t.units.end() && it->second.has_combat_units();
}

}  // namespace

// scythe.move.combat-stop, scythe.move.combat-pending: two factions' characters or mechs meet
// only where one walked in on the other's, and that territory has a combat waiting once the
// action's moves are done.
InvariantBreaks combat_units_meet_only_in_pending_combat(const State& s) {
  InvariantBreaks out;
  for (const auto& [id, t] : s.territories) {
    std::vector<FactionId> fighters;
    for (const auto& [owner, units] : t.units)
      if (units.has_combat_units()) fighters.push_back(owner);
    if (fighters.size() < 2 || listed(s.pending_combats, id)) continue;
    out.push_back({"scythe.reachable.combat-units-meet-only-in-pending-combat",
                   {"territories", id, "units"},
                   fmt::format("{} each have a character or mechs in {}, but no combat is pending there",
                               fmt::join(fighters, " and "), id)});
  }
  return out;
}

// scythe.move.workers-stop, scythe.move.workers-retreat (a character or mech sends lone opponent
// workers home), scythe.move.worker-blocked-by-workers and
// scythe.move.worker-blocked-by-combat-units (a worker on its own does not enter land an opponent
// holds with units), scythe.move.mech-carry (riders arrive with a mech, which stops for a
// combat), scythe.move.combat-pending: workers share a territory with another faction's units
// (the two not both having a character or mech there, which is the invariant above) only where a
// combat is pending.
InvariantBreaks workers_share_only_in_pending_combat(const State& s) {
  InvariantBreaks out;
  for (const auto& [id, t] : s.territories) {
    if (listed(s.pending_combats, id)) continue;
    std::vector<std::string> meetings;
    for (const auto& [workers_of, units] : t.units) {
      if (units[Unit::worker] == 0) continue;
      for (const auto& [other, theirs] : t.units)
        if (other != workers_of && theirs.total() > 0 &&
            !(has_combat_units(t, workers_of) && has_combat_units(t, other)))
          meetings.push_back(fmt::format("{}'s workers with {}'s units", workers_of, other));
    }
    if (meetings.empty()) continue;
    out.push_back({"scythe.reachable.workers-share-only-in-pending-combat",
                   {"territories", id, "units"},
                   fmt::format("{} share {}, and no combat is pending there", fmt::join(meetings, ", "), id)});
  }
  return out;
}

// scythe.move.home-base, scythe.move.workers-retreat: no move enters a home base, and workers sent
// back go to their own faction's base.
InvariantBreaks home_base_holds_only_its_faction(const State& s) {
  InvariantBreaks out;
  for (const auto& [id, t] : s.territories) {
    if (!t.home_base) continue;
    for (const auto& [owner, units] : t.units)
      if (owner != *t.home_base && units.total() > 0)
        out.push_back({"scythe.reachable.home-base-holds-only-its-faction",
                       {"territories", id, "units", owner},
                       fmt::format("{} has {} unit(s) in {}, {}'s home base", owner, units.total(), id, *t.home_base)});
  }
  return out;
}

// scythe.move.home-base, scythe.move.combat-pending: a combat waits where the mover's character or
// mechs came in, and none comes into a home base.
InvariantBreaks no_pending_combat_in_home_base(const State& s) {
  InvariantBreaks out;
  for (std::size_t i = 0; i < s.pending_combats.size(); ++i) {
    const TerritoryId& id = s.pending_combats[i];
    if (const auto& home = s.territories.at(id).home_base)
      out.push_back({"scythe.reachable.no-pending-combat-in-home-base",
                     {"pending", "combats", std::to_string(i)},
                     fmt::format("a combat is pending in {}, {}'s home base", id, *home)});
  }
  return out;
}

// scythe.move.encounter-stop, scythe.move.encounter-pending, scythe.move.encounter-resolve: a
// character entering a territory holding an encounter token stops and its encounter waits there;
// resolving it discards the token.
InvariantBreaks character_on_encounter_has_it_pending(const State& s) {
  InvariantBreaks out;
  for (const auto& [id, t] : s.territories) {
    if (!t.encounter || listed(s.pending_encounters, id)) continue;
    for (const auto& [owner, units] : t.units)
      if (units[Unit::character] > 0)
        out.push_back({"scythe.reachable.character-on-encounter-has-it-pending",
                       {"territories", id, "units", owner, "character"},
                       fmt::format("{}'s character stands on the encounter token in {}, but no encounter is pending "
                                   "there",
                                   owner, id)});
  }
  return out;
}

// scythe.move.encounter-pending, scythe.move.encounter-resolve: an encounter waits on a token, and
// the token goes only when the encounter is resolved.
InvariantBreaks pending_encounter_on_token(const State& s) {
  InvariantBreaks out;
  for (std::size_t i = 0; i < s.pending_encounters.size(); ++i) {
    const TerritoryId& id = s.pending_encounters[i];
    if (!s.territories.at(id).encounter)
      out.push_back({"scythe.reachable.pending-encounter-on-token",
                     {"pending", "encounters", std::to_string(i)},
                     fmt::format("an encounter is pending in {}, which has no encounter token", id)});
  }
  return out;
}

// ---- a board at the start of a faction's Move action (rules/scythe/move_start.json) ----

// scythe.move.combat-pending, scythe.move.combat-temporary-control: the combats of a turn are
// fought once its mover has made all its Move actions, before any other faction moves. So when
// `mover` starts a Move action, a combat still waiting is one its own earlier Move action of the
// turn made: its character or mechs came in on another faction's character or mechs there, and
// that faction, which keeps control until the combat, holds the territory.
InvariantBreaks move_start_combat_pending_only_the_movers(const State& s, const FactionId& mover) {
  InvariantBreaks out;
  for (std::size_t i = 0; i < s.pending_combats.size(); ++i) {
    const TerritoryId& id = s.pending_combats[i];
    const Territory& t = s.territories.at(id);
    const bool mover_armed = has_combat_units(t, mover);
    const bool holder_armed_opponent = t.held_by && *t.held_by != mover && has_combat_units(t, *t.held_by);
    if (mover_armed && holder_armed_opponent) continue;
    const std::string why =
        !mover_armed ? fmt::format("{} has no character or mech there", mover)
        : !t.held_by ? std::string("no faction is named as holding it")
        : *t.held_by == mover
            ? fmt::format("{} holds it, so another faction came in on {}'s units and the combat is that "
                          "faction's",
                          mover, mover)
            : fmt::format("{}, who holds it, has no character or mech there", *t.held_by);
    out.push_back({"scythe.move-start.combat-pending-only-the-movers",
                   {"pending", "combats", std::to_string(i)},
                   fmt::format("{} starts a Move action while a combat is pending in {} that is not its own: {}",
                               mover, id, why)});
  }
  return out;
}

// scythe.move.encounter-stop, scythe.move.encounter-pending: an encounter waits until the combats
// of its turn are fought, and is resolved before the next faction's turn. So when `mover` starts a
// Move action, an encounter still waiting is its own character's, which stopped there earlier in
// the turn and stands there still.
InvariantBreaks move_start_encounter_pending_only_the_movers(const State& s, const FactionId& mover) {
  InvariantBreaks out;
  for (std::size_t i = 0; i < s.pending_encounters.size(); ++i) {
    const TerritoryId& id = s.pending_encounters[i];
    const Territory& t = s.territories.at(id);
    const auto mine = t.units.find(mover);
    if (mine != t.units.end() && mine->second[Unit::character] > 0) continue;
    out.push_back({"scythe.move-start.encounter-pending-only-the-movers",
                   {"pending", "encounters", std::to_string(i)},
                   fmt::format("{} starts a Move action while an encounter is pending in {}, where {}'s character "
                               "does not stand",
                               mover, id, mover)});
  }
  return out;
}

const std::vector<MoveStartCondition>& move_start_conditions() {
  static const std::vector<MoveStartCondition> all = {
      {"scythe.move-start.combat-pending-only-the-movers", move_start_combat_pending_only_the_movers},
      {"scythe.move-start.encounter-pending-only-the-movers", move_start_encounter_pending_only_the_movers},
  };
  return all;
}

InvariantBreaks move_start_breaks(const State& s, const FactionId& mover) {
  InvariantBreaks out;
  for (const auto& condition : move_start_conditions()) {
    InvariantBreaks found = condition.check(s, mover);
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return out;
}

const std::vector<ReachabilityInvariant>& reachability_invariants() {
  static const std::vector<ReachabilityInvariant> all = {
      {"scythe.reachable.combat-units-meet-only-in-pending-combat", combat_units_meet_only_in_pending_combat},
      {"scythe.reachable.workers-share-only-in-pending-combat", workers_share_only_in_pending_combat},
      {"scythe.reachable.home-base-holds-only-its-faction", home_base_holds_only_its_faction},
      {"scythe.reachable.no-pending-combat-in-home-base", no_pending_combat_in_home_base},
      {"scythe.reachable.character-on-encounter-has-it-pending", character_on_encounter_has_it_pending},
      {"scythe.reachable.pending-encounter-on-token", pending_encounter_on_token},
  };
  return all;
}

InvariantBreaks reachability_breaks(const State& s) {
  InvariantBreaks out;
  for (const auto& invariant : reachability_invariants()) {
    InvariantBreaks found = invariant.check(s);
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return out;
}

}  // namespace rulecheck::scythe

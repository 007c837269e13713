// Scythe's case generator (scythe_gen.hpp): the board a spec stands for, kept to the states play can
// reach unless CaseOptions::any_state (scythe.cpp's opening comment says how), and its state as JSON.
#include "properties/generators/scythe_gen.hpp"

namespace rulecheck::generators::scythe_gen {

bool opponent_has(const Forces& forces, int factions, int mover, bool combat) {
  for (int f = 0; f < factions; ++f) {
    if (f == mover) continue;
    const auto& u = forces[at(f)];
    if (combat ? u[kCharacter] + u[kMech] > 0 : u[kWorker] > 0) return true;
  }
  return false;
}

// The factions with units on territory t (with a character or mechs: `combat`).
std::vector<int> factions_on(const Board& b, int t, bool combat) {
  std::vector<int> out;
  for (int f = 0; f < b.factions; ++f) {
    const auto& u = b.units[at(t)][at(f)];
    if (combat ? u[kCharacter] + u[kMech] > 0 : u[kCharacter] + u[kMech] + u[kWorker] > 0) out.push_back(f);
  }
  return out;
}

// Faction f's units on territory t go back to its home base, as workers forced out do
// (scythe.move.workers-retreat) and as units beaten in a combat do.
void send_home(Board& b, int t, int f) {
  auto& here = b.units[at(t)][at(f)];
  auto& home = b.units[at(b.territories + f)][at(f)];
  for (int u = 0; u < 3; ++u) home[at(u)] += std::exchange(here[at(u)], 0);
}

// The board as play leaves it (rules/scythe/invariants.json): see the comment at the top. Each
// territory's spec draws its holder (held_by).
// `before_a_move`: the board a Move starts from. A combat pending after one action has been fought
// before the next Move starts (scythe.move.combat-pending: combats come once the moves are done), so
// none is pending then: the holder drawn won it and the other's units are back in their home base.
void keep_to_states_play_reaches(Board& b, const BoardSpec& spec, bool before_a_move) {
  for (int t = 0; t < b.territories; ++t) {
    const int raw = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)].held_by : 0;
    const std::vector<int> present = factions_on(b, t, false), fighters = factions_on(b, t, true);
    if (present.size() < 2) continue;
    std::vector<int> stay;
    if (fighters.size() >= 2 && before_a_move) {
      stay = {fighters[at(pick(raw, static_cast<int>(fighters.size())))]};  // the combat was fought
      b.holder[at(t)] = stay.front();
    } else if (fighters.size() >= 2) {
      // scythe.reachable.combat-units-meet-only-in-pending-combat: a combat waits between the
      // holder and the next faction with a character or mechs there.
      const int h = pick(raw, static_cast<int>(fighters.size()));
      stay = {fighters[at(h)], fighters[at((h + 1) % static_cast<int>(fighters.size()))]};
      b.holder[at(t)] = stay.front();
      b.pending_combats.insert(t);
    } else if (fighters.size() == 1) {
      stay = fighters;  // scythe.reachable.workers-share-only-in-pending-combat: the others' workers went home
    } else {
      stay = {pick_in(present, raw)};  // workers alone: the holder's stay
    }
    for (int f : present)
      if (std::find(stay.begin(), stay.end(), f) == stay.end()) send_home(b, t, f);
  }
  // scythe.reachable.character-on-encounter-has-it-pending: a character on a token has had its
  // encounter before a Move starts, and the token went with it; a query may ask of the board right
  // after the move that brought it there, its encounter still pending on the token.
  for (int t = 0; t < b.territories; ++t)
    for (int f = 0; f < b.factions; ++f)
      if (b.units[at(t)][at(f)][kCharacter] > 0 && b.encounter[at(t)]) {
        if (before_a_move)
          b.encounter[at(t)] = false;
        else
          b.pending_encounters.insert(t);
      }
}

// Any valid board: units where the spec puts them, the holder any faction present, pending
// combats anywhere on the board.
void keep_any_valid_state(Board& b, const BoardSpec& spec) {
  for (int t = 0; t < b.territories; ++t) {
    const std::vector<int> present = factions_on(b, t, false);
    const int raw = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)].held_by : 0;
    if (present.size() >= 2) b.holder[at(t)] = pick_in(present, raw);
  }
  for (int raw : spec.pending_combats)
    if (raw > 0) b.pending_combats.insert(pick(raw - 1, b.territories));
}

Board to_board(const Numbers& n, const BoardSpec& spec, bool any_state, bool before_a_move) {
  Board b;
  b.factions = std::clamp(static_cast<int>(spec.factions.size()), 1, static_cast<int>(kFactionIds.size()));
  b.territories = std::max(1, static_cast<int>(spec.territories.size()));
  const int total = b.size();
  b.names.resize(at(total));
  b.adjacent.resize(at(total));
  b.home_of.assign(at(total), -1);
  b.units.assign(at(total), Forces{});
  b.terrain.assign(at(total), -1);
  b.structure.assign(at(total), -1);
  b.structure_owner.assign(at(total), -1);
  b.encounter.assign(at(total), false);
  b.resources.assign(at(total), {});
  b.holder.assign(at(total), -1);
  auto link = [&](int x, int y) {
    if (x == y) return;
    b.adjacent[at(x)].insert(y);
    b.adjacent[at(y)].insert(x);
  };

  const TerritorySpec none{};
  for (int t = 0; t < b.territories; ++t) {
    const TerritorySpec& ts = t < static_cast<int>(spec.territories.size()) ? spec.territories[at(t)] : none;
    b.names[at(t)] = "T" + std::to_string(t + 1);
    if (t > 0) link(t, pick(ts.parent, t));
    b.terrain[at(t)] = pick(ts.terrain, static_cast<int>(kTerrains.size()));
    for (int f = 0; f < b.factions && f < static_cast<int>(ts.forces.size()); ++f) {
      b.units[at(t)][at(f)][kMech] = ts.forces[at(f)].mech.value();
      b.units[at(t)][at(f)][kWorker] = ts.forces[at(f)].worker.value();
    }
    if (ts.structure >= kPresent) {
      b.structure[at(t)] = pick(ts.structure_kind, static_cast<int>(kStructures.size()));
      b.structure_owner[at(t)] = pick(ts.structure_owner, b.factions);
    }
    b.encounter[at(t)] = ts.encounter >= kPresent;
    for (std::size_t r = 0; r < kResources.size() && r < ts.resources.size(); ++r)
      b.resources[at(t)][r] = above(ts.resources[r], 2);
  }
  for (const auto& [x, y] : spec.extra_edges) link(pick(x, b.territories), pick(y, b.territories));

  const FactionSpec no_faction{};
  for (int f = 0; f < b.factions; ++f) {
    const FactionSpec& fs = f < static_cast<int>(spec.factions.size()) ? spec.factions[at(f)] : no_faction;
    const int home = b.territories + f;
    b.names[at(home)] = "HB-" + faction_id(f);
    b.home_of[at(home)] = f;
    b.terrain[at(home)] = fs.home_terrain % 2 == 1 ? static_cast<int>(kTerrains.size()) : -1;
    b.popularity.push_back(std::min(n.popularity_max, n.popularity_min + std::max(0, fs.popularity)));
    link(home, pick(fs.home_link, b.territories));
    if (fs.second_link > 0) link(home, pick(fs.second_link - 1, b.territories));
    b.units[at(home)][at(f)][kMech] = fs.at_home.mech.value();
    b.units[at(home)][at(f)][kWorker] = fs.at_home.worker.value();
    // One character at most per faction: on a board territory, or in its own home base.
    if (fs.character >= kPresent) {
      const int where = pick(fs.character_at, b.territories + 1);
      b.units[at(where == b.territories ? home : where)][at(f)][kCharacter] = 1;
    }
  }
  if (any_state)
    keep_any_valid_state(b, spec);
  else
    keep_to_states_play_reaches(b, spec, before_a_move);
  return b;
}

json state_json(const Board& b) {
  json state = json::object();
  json& factions = state["factions"] = json::object();
  for (int f = 0; f < b.factions; ++f)
    factions[faction_id(f)] = {{"popularity", b.popularity[at(f)]}, {"home_base", b.names[at(b.territories + f)]}};
  json& territories = state["territories"] = json::object();
  for (int t = 0; t < b.size(); ++t) {
    json tj = json::object();
    json adjacent = json::array();
    for (int a : b.adjacent[at(t)]) adjacent.push_back(b.names[at(a)]);
    if (!adjacent.empty()) tj["adjacent"] = adjacent;
    if (b.is_home(t)) tj["home_base"] = faction_id(b.home_of[at(t)]);
    const int terrain = b.terrain[at(t)];
    if (terrain >= 0)
      tj["terrain"] = terrain < static_cast<int>(kTerrains.size()) ? kTerrains[at(terrain)] : "home-base";
    json units = json::object();
    for (int f = 0; f < b.factions; ++f) {
      json counts = json::object();
      for (int u = 0; u < 3; ++u)
        if (int c = b.units[at(t)][at(f)][at(u)]; c > 0) counts[kUnitNames[at(u)]] = c;
      if (!counts.empty()) units[faction_id(f)] = counts;
    }
    if (!units.empty()) tj["units"] = units;
    if (units.size() >= 2) tj["held_by"] = faction_id(b.holder[at(t)]);
    if (b.structure[at(t)] >= 0)
      tj["structure"] = {{"owner", faction_id(b.structure_owner[at(t)])},
                         {"kind", kStructures[at(b.structure[at(t)])]}};
    if (b.encounter[at(t)]) tj["encounter"] = true;
    json resources = json::object();
    for (std::size_t r = 0; r < kResources.size(); ++r)
      if (b.resources[at(t)][r] > 0) resources[kResources[r]] = b.resources[at(t)][r];
    if (!resources.empty()) tj["resources"] = resources;
    territories[b.names[at(t)]] = tj;
  }
  if (!b.pending_combats.empty() || !b.pending_encounters.empty()) {
    json combats = json::array(), encounters = json::array();
    for (int t : b.pending_combats) combats.push_back(b.names[at(t)]);
    for (int t : b.pending_encounters) encounters.push_back(b.names[at(t)]);
    state["pending"] = json::object();
    if (!combats.empty()) state["pending"]["combats"] = combats;
    if (!encounters.empty()) state["pending"]["encounters"] = encounters;
  }
  return state;
}

}  // namespace rulecheck::generators::scythe_gen

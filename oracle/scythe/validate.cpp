// A Scythe board that contradicts itself is rejected before any rule runs.
#include <algorithm>

#include <fmt/format.h>

#include "oracle/scythe/oracle.hpp"

namespace rulecheck::scythe {

void validate(const Ruleset& numbers, const State& s) {
  check_state(
      !s.factions.empty(), [] { return FieldPath{"factions"}; }, "a state needs at least one faction");
  auto known_faction = [&](const FactionId& id, const auto& where) {
    check_state(s.factions.count(id) > 0, where, "unknown faction \"{}\": not declared under /factions", id);
  };
  auto known_territory = [&](const TerritoryId& id, const auto& where) {
    check_state(s.territories.count(id) > 0, where, "unknown territory \"{}\": not declared under /territories", id);
  };

  for (const auto& [id, f] : s.factions) {
    auto at = [&, &id = id](const auto&... more) { return FieldPath{"factions", id, more...}; };
    check_state(
        f.popularity >= numbers.popularity_min && f.popularity <= numbers.popularity_max,
        [&] { return at("popularity"); }, "popularity runs from {} to {}; {} is outside", numbers.popularity_min,
        numbers.popularity_max, f.popularity);
    known_territory(f.home_base, [&] { return at("home_base"); });
    check_state(
        s.territories.at(f.home_base).home_base == id, [&] { return at("home_base"); },
        "the territory {} is not marked as {}'s home base", f.home_base, id);
  }

  std::map<FactionId, int> characters;
  for (const auto& [id, t] : s.territories) {
    auto at = [&, &id = id](const auto&... more) { return FieldPath{"territories", id, more...}; };
    for (std::size_t i = 0; i < t.adjacent.size(); ++i) {
      auto adj = [&] { return at("adjacent", std::to_string(i)); };
      known_territory(t.adjacent[i], adj);
      check_state(t.adjacent[i] != id, adj, "a territory is not adjacent to itself");
      const auto& back = s.territories.at(t.adjacent[i]).adjacent;
      check_state(std::find(back.begin(), back.end(), id) != back.end(), adj,
                  "adjacency is symmetric: {} lists {}, but {} does not list {}", id, t.adjacent[i], t.adjacent[i], id);
    }
    if (t.home_base) {
      known_faction(*t.home_base, [&] { return at("home_base"); });
      check_state(!t.structure && !t.encounter && t.resources.empty(), at,
                  "a home base holds no structure, encounter token or resources");
    }
    int present = 0;
    for (const auto& [owner, units] : t.units) {
      known_faction(owner, [&, &owner = owner] { return at("units", owner); });
      characters[owner] += units[Unit::character];
      present += units.total() > 0 ? 1 : 0;
    }
    if (t.structure) known_faction(t.structure->owner, [&] { return at("structure", "owner"); });
    if (present >= 2) {
      check_state(t.held_by.has_value(), at,
                  "units of several factions share this territory, so \"held_by\" must say who keeps control");
      auto it = t.units.find(*t.held_by);
      check_state(
          it != t.units.end() && it->second.total() > 0, [&] { return at("held_by"); },
          "\"held_by\" names a faction with units in this territory");
    } else {
      check_state(
          !t.held_by, [&] { return at("held_by"); }, "\"held_by\" is only for territories shared by several factions");
    }
  }
  for (const auto& [owner, n] : characters)
    check_state(
        n <= 1,
        [&, &owner = owner] {
          return FieldPath{"factions", owner};
        },
        "{} has {} characters on the board; a faction has one", owner, n);
  for (std::size_t i = 0; i < s.pending_combats.size(); ++i)
    known_territory(s.pending_combats[i], [&] { return FieldPath{"pending", "combats", std::to_string(i)}; });
  for (std::size_t i = 0; i < s.pending_encounters.size(); ++i)
    known_territory(s.pending_encounters[i], [&] { return FieldPath{"pending", "encounters", std::to_string(i)}; });
}

}  // namespace rulecheck::scythe

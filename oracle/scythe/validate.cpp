// A Scythe board that contradicts itself is rejected before any rule runs.
#include <algorithm>
#include <type_traits>

#include <fmt/format.h>

#include "oracle/common/pointer.hpp"
#include "oracle/scythe/oracle.hpp"

namespace rulecheck::scythe {

namespace {
// `where` is the JSON pointer of the field checked, or a callable giving it (built only on failure).
template <typename Where, typename... Args>
void check(bool ok, const Where& where, fmt::format_string<Args...> message, Args&&... args) {
  if (ok) return;
  if constexpr (std::is_invocable_v<Where>) throw InputError(where(), fmt::format(message, std::forward<Args>(args)...));
  else throw InputError(std::string(where), fmt::format(message, std::forward<Args>(args)...));
}
}  // namespace

void validate(const Ruleset& numbers, const State& s) {
  check(!s.factions.empty(), "/factions", "a state needs at least one faction");
  auto known_faction = [&](const FactionId& id, const auto& where) {
    check(s.factions.count(id) > 0, where, "unknown faction \"{}\": not declared under /factions", id);
  };
  auto known_territory = [&](const TerritoryId& id, const auto& where) {
    check(s.territories.count(id) > 0, where,
          "unknown territory \"{}\": not declared under /territories", id);
  };

  for (const auto& [id, f] : s.factions) {
    auto at = [&](const auto&... more) { return pointer("/factions", id, more...); };
    check(f.popularity >= numbers.popularity_min && f.popularity <= numbers.popularity_max,
          [&] { return at("popularity"); },
          "popularity runs from {} to {}; {} is outside", numbers.popularity_min,
                      numbers.popularity_max, f.popularity);
    known_territory(f.home_base, [&] { return at("home_base"); });
    check(s.territories.at(f.home_base).home_base == id, [&] { return at("home_base"); },
          "the territory {} is not marked as {}'s home base", f.home_base, id);
  }

  std::map<FactionId, int> characters;
  for (const auto& [id, t] : s.territories) {
    auto at = [&](const auto&... more) { return pointer("/territories", id, more...); };
    for (std::size_t i = 0; i < t.adjacent.size(); ++i) {
      auto adj = [&] { return at("adjacent", std::to_string(i)); };
      known_territory(t.adjacent[i], adj);
      check(t.adjacent[i] != id, adj, "a territory is not adjacent to itself");
      const auto& back = s.territories.at(t.adjacent[i]).adjacent;
      check(std::find(back.begin(), back.end(), id) != back.end(), adj,
            "adjacency is symmetric: {} lists {}, but {} does not list {}", id, t.adjacent[i],
                        t.adjacent[i], id);
    }
    if (t.home_base) {
      known_faction(*t.home_base, [&] { return at("home_base"); });
      check(!t.structure && !t.encounter && t.resources.empty(), at,
            "a home base holds no structure, encounter token or resources");
    }
    int present = 0;
    for (const auto& [owner, units] : t.units) {
      known_faction(owner, [&] { return at("units", owner); });
      characters[owner] += units[Unit::character];
      present += units.total() > 0 ? 1 : 0;
    }
    if (t.structure) known_faction(t.structure->owner, [&] { return at("structure", "owner"); });
    if (present >= 2) {
      check(t.held_by.has_value(), at,
            "units of several factions share this territory, so \"held_by\" must say who keeps control");
      auto it = t.units.find(*t.held_by);
      check(it != t.units.end() && it->second.total() > 0, [&] { return at("held_by"); },
            "\"held_by\" names a faction with units in this territory");
    } else {
      check(!t.held_by, [&] { return at("held_by"); }, "\"held_by\" is only for territories shared by several factions");
    }
  }
  for (const auto& [owner, n] : characters)
    check(n <= 1, pointer("/factions", owner), "{} has {} characters on the board; a faction has one", owner, n);
  for (std::size_t i = 0; i < s.pending_combats.size(); ++i)
    known_territory(s.pending_combats[i], pointer("/pending", "combats", std::to_string(i)));
  for (std::size_t i = 0; i < s.pending_encounters.size(); ++i)
    known_territory(s.pending_encounters[i], pointer("/pending", "encounters", std::to_string(i)));
}

}  // namespace rulecheck::scythe

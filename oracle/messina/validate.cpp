// A state that contradicts itself is rejected before any rule runs (DESIGN.md, "Game state").
// Every check names the field by its path; the path and the message are built only when the
// check fails (states are validated on every request, so passing checks must be cheap).
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {

template <typename Where>
void check_faction(const State& s, const FactionId& id, const Where& where) {
  check_state(s.factions.count(id) > 0, where, "unknown faction \"{}\": it is not declared under /factions", id);
}

template <typename Where>
void check_space(const State& s, const SpaceId& id, const Where& where) {
  check_state(s.spaces.count(id) > 0, where, "unknown space \"{}\": it is not declared under /spaces", id);
}

}  // namespace

void validate(const Ruleset& numbers, const State& s) {
  check_state(
      s.round >= 1, [] { return FieldPath{"round"}; }, "the round is a whole number from 1");
  check_state(
      !s.factions.empty(), [] { return FieldPath{"factions"}; }, "a state needs at least one faction");
  if (s.battle) check_space(s, *s.battle, [] { return FieldPath{"battle"}; });

  for (const auto& [id, f] : s.factions) {
    auto at = [&, &id = id](const auto&... more) { return FieldPath{"factions", id, more...}; };
    check_state(
        !f.home.empty(), [&] { return at("home"); }, "a faction has at least one Home Space");
    for (std::size_t i = 0; i < f.home.size(); ++i)
      check_space(s, f.home[i], [&] { return at("home", std::to_string(i)); });
    for (const auto& [ally, activities] : f.consents) {
      check_faction(s, ally, [&, &ally = ally] { return at("consents", ally); });
      check_state(
          ally != id, [&, &ally = ally] { return at("consents", ally); }, "a faction does not give consent to itself");
    }
  }

  for (const auto& [id, space] : s.spaces) {
    auto at = [&, &id = id](const auto&... more) { return FieldPath{"spaces", id, more...}; };
    for (std::size_t i = 0; i < space.adjacent.size(); ++i) {
      auto adj_at = [&] { return at("adjacent", std::to_string(i)); };
      const SpaceId& other = space.adjacent[i];
      check_space(s, other, adj_at);
      check_state(other != id, adj_at, "a space is not adjacent to itself");
      const auto& back = s.spaces.at(other).adjacent;
      check_state(std::find(back.begin(), back.end(), id) != back.end(), adj_at,
                  "adjacency is symmetric: {} lists {}, but {} does not list {}", id, other, other, id);
    }
    for (const auto& [owner, units] : space.units) check_faction(s, owner, [&, &owner = owner] { return at("units", owner); });
    for (std::size_t i = 0; i < space.utilities.size(); ++i) {
      const Utility& utility = space.utilities[i];
      check_faction(s, utility.owner, [&] { return at("utilities", std::to_string(i), "owner"); });
      for (const auto& [guest, n] : utility.guests) {
        check_faction(s, guest, [&, &guest = guest] { return at("utilities", std::to_string(i), "guests", guest); });
        check_state(
            guest != utility.owner, [&, &guest = guest] { return at("utilities", std::to_string(i), "guests", guest); },
            "the owner's Workers are its \"workers\"; \"guests\" are other factions' Workers");
      }
    }
    // One Shield is written "shield", several "shields" (one per owner).
    for (std::size_t i = 0; i < space.shields.size(); ++i) {
      const Shield& shield = space.shields[i];
      auto shield_at = [&, &space = space](const char* field) {
        return space.shields.size() == 1 ? at("shield", field) : at("shields", std::to_string(i), field);
      };
      check_faction(s, shield.owner, [&] { return shield_at("owner"); });
      check_state(
          shield.level >= 1, [&] { return shield_at("level"); }, "a Shield's level is at least 1");
      check_state(
          i == 0 || space.shields[i - 1].owner != shield.owner, [&] { return shield_at("owner"); },
          "a faction has at most one Shield in a space (it is upgraded, not doubled)");
    }
  }

  for (const auto& [id, card] : s.cards) {
    auto at = [&, &id = id](const auto&... more) { return FieldPath{"cards", id, more...}; };
    check_state(
        s.spaces.count(id) > 0, [&] { return at(); },
        "a Location Card is named after its map space, and there is no space \"{}\"", id);
    check_faction(s, card.holder, [&] { return at("holder"); });
    check_state(
        card.units.total() <= numbers.stacking_card, [&] { return at("units"); },
        "a Location Card holds at most {} units (messina.cards.capacity); this one has {}", numbers.stacking_card,
        card.units.total());
  }

  // messina.population.backing: Located tokens back exactly the faction's human units and workers
  // (the kinds named from the ruleset, only once the check has failed).
  for (const auto& [id, f] : s.factions) {
    const int backed = backed_tokens(numbers, s, id);
    if (f.population.located == backed) continue;
    const std::string kinds = backed_kinds_named(numbers, f.kind);
    throw InvalidState(
        {"factions", id, "population", "located"},
        fmt::format("{} has {} Located token(s) but {} unit(s) on the map and its cards that need "
                    "backing ({}{}); the two must be equal",
                    id, f.population.located, backed, f.kind == FactionKind::ai ? "the AI faction: " : "", kinds));
  }
}

}  // namespace rulecheck::messina

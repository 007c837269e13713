// Population Supply and Movement: "The Friendly Area" and friendly vs hostile spaces.
#include <algorithm>
#include <deque>
#include <set>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

// messina.friendly.consent: an ally's presence counts for a faction only in the activities the ally
// consented to (the consent is specific to the activity); a faction's own presence always counts.
bool consents(const State& state, const FactionId& ally, const FactionId& faction, Activity activity) {
  if (ally == faction) return true;
  const auto& given = state.factions.at(ally).consents;
  auto it = given.find(faction);
  return it != given.end() && it->second.count(activity) > 0;
}

namespace {

// Has `owner` got any presence in the space: units, workers (in its own Utility or as guests in
// another's), a utility or a shield?
bool has_presence(const Space& space, const FactionId& owner) {
  if (auto it = space.units.find(owner); it != space.units.end() && !it->second.empty()) return true;
  for (const auto& utility : space.utilities) {
    if (utility.owner == owner) return true;
    if (auto it = utility.guests.find(owner); it != utility.guests.end() && it->second > 0) return true;
  }
  return has_shield(space, owner);
}

bool holds_card(const State& state, const FactionId& holder, const SpaceId& space) {
  auto it = state.cards.find(space);
  return it != state.cards.end() && it->second.holder == holder;
}

bool friendly(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space, bool count_cards) {
  const Space& s = state.spaces.at(space);
  for (const auto& [ally, info] : state.factions) {
    // messina.friendly.consent: an ally's presence counts only for the activity consented to.
    if (!consents(state, ally, faction, purpose)) continue;
    // messina.friendly.space: units, utilities or shields in the space, or the held card
    // (messina.cards.friendly-area). messina.friendly.empty: nothing there, not friendly.
    if (has_presence(s, ally)) return true;
    if (count_cards && holds_card(state, ally, space)) return true;
  }
  return false;
}

}  // namespace

bool is_friendly_space(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space) {
  return friendly(state, faction, purpose, space, /*count_cards=*/true);
}

bool is_friendly_without_card(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space) {
  return friendly(state, faction, purpose, space, /*count_cards=*/false);
}

// messina.friendly.area: the spaces reachable from either Home Space through friendly spaces.
// messina.friendly.mixed: friendliness ignores unfriendly elements (for building and mustering).
// messina.friendly.terrain: only adjacency matters; terrain is not part of the state.
std::vector<SpaceId> friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose) {
  const auto& readings = rules.readings;
  std::set<SpaceId> area;
  std::deque<SpaceId> frontier;
  for (const auto& home : state.factions.at(faction).home) {
    // interpretation messina.home-space-anchor
    const bool anchors =
        readings.home_anchor == Readings::HomeAnchor::always || is_friendly_space(state, faction, purpose, home);
    if (anchors && area.insert(home).second) frontier.push_back(home);
  }
  while (!frontier.empty()) {
    const SpaceId here = frontier.front();
    frontier.pop_front();
    for (const auto& next : state.spaces.at(here).adjacent)
      if (!area.count(next) && is_friendly_space(state, faction, purpose, next)) {
        area.insert(next);
        frontier.push_back(next);
      }
  }
  // interpretation messina.friendly-area-extent: "with-frontier" adds the spaces one step beyond.
  if (readings.area_extent == Readings::AreaExtent::with_frontier) {
    std::set<SpaceId> beyond;
    for (const auto& s : area)
      for (const auto& next : state.spaces.at(s).adjacent) beyond.insert(next);
    area.insert(beyond.begin(), beyond.end());
  }
  return {area.begin(), area.end()};
}

bool in_friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose,
                      const SpaceId& space) {
  const auto area = friendly_area(rules, state, faction, purpose);
  return std::binary_search(area.begin(), area.end(), space);
}

// messina.friendly.hostile: for military purposes a space is hostile when an opposing faction has
// units there or holds its Location Card. messina.friendly.empty-structures: empty utilities and
// shields never make it hostile.
bool is_hostile(const Rules& rules, const State& state, const FactionId& faction, const SpaceId& space) {
  const auto& readings = rules.readings;
  const Space& s = state.spaces.at(space);
  for (const auto& [other, info] : state.factions) {
    if (consents(state, other, faction, Activity::military)) continue;  // not opposing
    if (auto it = s.units.find(other); it != s.units.end() && !it->second.empty()) return true;
    // interpretation messina.hostile-workers: occupied utilities hold units (workers)
    if (readings.hostile_workers == Readings::HostileWorkers::units_include_workers &&
        workers_at(state, space, other) > 0)
      return true;
    // interpretation messina.card-hostility; messina.cards.exposed.hostility
    if (auto card = state.cards.find(space);
        card != state.cards.end() && card->second.holder == other &&
        (card->second.exposed || readings.card_hostility == Readings::CardHostility::held))
      return true;
  }
  return false;
}

}  // namespace rulecheck::messina

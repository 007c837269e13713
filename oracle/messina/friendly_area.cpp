// Population Supply and Movement: "The Friendly Area" and friendly vs hostile spaces.
#include <algorithm>
#include <deque>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// Who makes a space friendly to a faction: the first faction by name whose presence there counts
// (the faction itself or an ally consenting to the activity), and whether by holding the space's
// Location Card rather than by a presence in it. `by` is nullptr when the space is not friendly.
struct Friendliness {
  const FactionId* by = nullptr;
  bool by_card = false;
};

Friendliness friendliness(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space,
                          bool count_cards) {
  const Space& s = state.spaces.at(space);
  for (const auto& [ally, info] : state.factions) {
    // messina.friendly.consent: an ally's presence counts only for the activity consented to.
    if (!consents(state, ally, faction, purpose)) continue;
    // messina.friendly.space: units, utilities or shields in the space, or the held card
    // (messina.cards.friendly-area). messina.friendly.empty: nothing there, not friendly.
    if (has_presence(s, ally)) return {&ally, false};
    if (count_cards && holds_card(state, ally, space)) return {&ally, true};
  }
  return {};
}

bool friendly(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space, bool count_cards) {
  return friendliness(state, faction, purpose, space, count_cards).by != nullptr;
}

// messina.friendly.hostile with messina.friendly.mixed: a space holding friendly and unfriendly
// elements is friendly for building and mustering (the purposes other than `military`), but a space
// hostile to the faction is unfriendly for military purposes, so the Friendly Area for `military`
// neither holds it nor reaches through it. Hostility is is_hostile's (its readings included).
bool hostile_for(const Rules& rules, const State& state, const FactionId& faction, Activity purpose,
                 const SpaceId& space) {
  if (purpose != Activity::military) return false;
  Unrecorded search;  // the Friendly Area explains the outcome in one decision of its own
  return is_hostile(rules, state, faction, space);
}

// ---- the Friendly Area's decisions, in words (only worked out while tracing) ----

// What of `owner`'s is in the space: "units", "Workers", "a Utility" or "a Shield".
std::string_view presence_named(const Space& space, const FactionId& owner) {
  if (auto it = space.units.find(owner); it != space.units.end() && !it->second.empty()) return "units";
  for (const auto& utility : space.utilities)
    if (auto it = utility.guests.find(owner); it != utility.guests.end() && it->second > 0) return "Workers";
  for (const auto& utility : space.utilities)
    if (utility.owner == owner) return "a Utility";
  return "a Shield";
}

// Why `space`, next to `from`, joins the Friendly Area.
void explain_joins(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space,
                   const SpaceId& from, const Friendliness& why) {
  const FactionId& by = *why.by;
  const std::string whose =
      by == faction ? by : fmt::format("{}, consenting to {}'s {},", by, faction, activity_name(purpose));
  if (why.by_card)
    explain("messina.cards.friendly-area", {}, "{} (next to {}) joins: {} holds its Location Card", space, from, whose);
  else
    explain(by == faction ? "messina.friendly.space" : "messina.friendly.consent", {},
            "{} (next to {}) joins: {} has {} there", space, from, whose, presence_named(state.spaces.at(space), by));
  // messina.friendly.mixed: unfriendly pieces in the same space do not undo it for building and
  // mustering; for military purposes the space joined because none of them makes it hostile.
  const bool military = purpose == Activity::military;
  for (const auto& [other, info] : state.factions) {
    if (consents(state, other, faction, purpose) || !has_presence(state.spaces.at(space), other)) continue;
    const std::string_view what = presence_named(state.spaces.at(space), other);
    if (!military)
      explain("messina.friendly.mixed", {}, "{} also holds {} of {}'s, which does not make it unfriendly", space, what,
              other);
    else if (const int workers = workers_at(state, space, other); workers > 0)
      explain("messina.friendly.hostile", {{"Workers", workers}},
              "{} also holds {}'s Worker(s), which do not make it hostile (reading military-units-only)", space, other);
    else
      explain("messina.friendly.empty-structures", {}, "{} also holds {} of {}'s, which does not make it hostile",
              space, what, other);
  }
}

// Why `space`, next to `from` and friendly, stays out of the military Friendly Area: it is hostile.
void explain_hostile_stays_out(const SpaceId& space, const SpaceId& from, const FactionId& faction) {
  explain("messina.friendly.hostile", {},
          "{} (next to {}) stays out: it is hostile to {}, so unfriendly for military purposes whatever friendly "
          "elements it holds",
          space, from, faction);
}

// Why `space`, next to `from`, stays out of the Friendly Area.
void explain_stays_out(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space,
                       const SpaceId& from) {
  for (const auto& [other, info] : state.factions)
    if (has_presence(state.spaces.at(space), other) || holds_card(state, other, space)) {
      explain("messina.friendly.consent", {}, "{} (next to {}) stays out: {} is there but gives {} no consent to {}",
              space, from, other, faction, activity_name(purpose));
      return;
    }
  explain("messina.friendly.empty", {}, "{} (next to {}) stays out: nothing is there", space, from);
}

}  // namespace

bool is_friendly_space(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space) {
  return friendly(state, faction, purpose, space, /*count_cards=*/true);
}

bool is_friendly_without_card(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space) {
  return friendly(state, faction, purpose, space, /*count_cards=*/false);
}

// messina.friendly.area: the spaces reachable from either Home Space through friendly spaces.
// messina.friendly.mixed: friendliness ignores unfriendly elements for building and mustering;
// messina.friendly.hostile: for `military` a hostile space is not friendly (hostile_for).
// messina.friendly.terrain: only adjacency matters; terrain is not part of the state.
std::vector<SpaceId> friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose) {
  const auto& readings = rules.readings;
  std::set<SpaceId> area;
  std::deque<SpaceId> frontier;
  for (const auto& home : state.factions.at(faction).home) {
    // interpretation messina.home-space-anchor
    const bool always = readings.home_anchor == Readings::HomeAnchor::always;
    const bool hostile = !always && hostile_for(rules, state, faction, purpose, home);
    const bool anchors = always || (!hostile && is_friendly_space(state, faction, purpose, home));
    explain(hostile ? "messina.friendly.hostile" : "messina.friendly.area", {}, "Home Space {} {}", home,
            always    ? "starts the area"
            : anchors ? "is friendly, so it starts the area (reading if-friendly)"
            : hostile ? "is hostile, so not friendly for military purposes: it does not start the area (reading "
                        "if-friendly)"
                      : "is not friendly, so it does not start the area (reading if-friendly)");
    if (anchors && area.insert(home).second) frontier.push_back(home);
  }
  std::set<SpaceId> kept_out;  // only while tracing: each space left out is explained once
  while (!frontier.empty()) {
    const SpaceId here = frontier.front();
    frontier.pop_front();
    for (const auto& next : state.spaces.at(here).adjacent) {
      if (area.count(next)) continue;
      const Friendliness why = friendliness(state, faction, purpose, next, /*count_cards=*/true);
      if (why.by && hostile_for(rules, state, faction, purpose, next)) {
        if (tracing() && kept_out.insert(next).second) explain_hostile_stays_out(next, here, faction);
      } else if (why.by) {
        if (tracing()) explain_joins(state, faction, purpose, next, here, why);
        area.insert(next);
        frontier.push_back(next);
      } else if (tracing() && kept_out.insert(next).second) {
        explain_stays_out(state, faction, purpose, next, here);
      }
    }
  }
  // interpretation messina.friendly-area-extent: "with-frontier" adds the spaces one step beyond.
  if (readings.area_extent == Readings::AreaExtent::with_frontier) {
    std::set<SpaceId> beyond;
    for (const auto& s : area)
      for (const auto& next : state.spaces.at(s).adjacent) beyond.insert(next);
    explain("messina.friendly.area", {{"spaces in the area", area.size()}, {"spaces next to it", beyond.size()}},
            "under the with-frontier reading the spaces next to the area join it too");
    area.insert(beyond.begin(), beyond.end());
  }
  if (tracing())
    explain("messina.friendly.area", {{"spaces", area.size()}}, "{}'s Friendly Area for {}: {}", faction,
            activity_name(purpose), fmt::join(area, ", "));
  return {area.begin(), area.end()};
}

bool in_friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose,
                      const SpaceId& space) {
  std::vector<SpaceId> area;
  {
    Unrecorded search;  // the one decision below sums the search up
    area = friendly_area(rules, state, faction, purpose);
  }
  const bool in = std::binary_search(area.begin(), area.end(), space);
  if (tracing())
    explain("messina.friendly.area", {{"spaces in the area", area.size()}}, "{} is {}in {}'s Friendly Area for {}: {}",
            space, in ? "" : "not ", faction, activity_name(purpose), fmt::join(area, ", "));
  return in;
}

// messina.friendly.hostile: for military purposes a space is hostile when an opposing faction has
// units there or holds its Location Card. messina.friendly.empty-structures: empty utilities and
// shields never make it hostile.
bool is_hostile(const Rules& rules, const State& state, const FactionId& faction, const SpaceId& space) {
  const auto& readings = rules.readings;
  const Space& s = state.spaces.at(space);
  for (const auto& [other, info] : state.factions) {
    // convention messina.convention.opposing-means-no-military-consent
    if (consents(state, other, faction, Activity::military)) {  // not opposing
      if (other != faction)
        explain("messina.friendly.consent", {}, "{} gives {} military consent, so it is not an opposing faction", other,
                faction);
      continue;
    }
    if (auto it = s.units.find(other); it != s.units.end() && !it->second.empty()) {
      explain("messina.friendly.hostile", {{"units", it->second.total()}}, "{}, opposing {}, has {} unit(s) in {}",
              other, faction, it->second.total(), space);
      return true;
    }
    // interpretation messina.hostile-workers: occupied utilities hold units (workers)
    const int workers = workers_at(state, space, other);
    const bool workers_count = readings.hostile_workers == Readings::HostileWorkers::units_include_workers;
    if (workers_count && workers > 0) {
      explain("messina.friendly.hostile", {{"Workers", workers}},
              "{}, opposing {}, has {} Worker(s) in {} (reading units-include-workers)", other, faction, workers,
              space);
      return true;
    }
    // interpretation messina.card-hostility; messina.cards.exposed.hostility
    const auto card = state.cards.find(space);
    const bool holds = card != state.cards.end() && card->second.holder == other;
    if (holds && (card->second.exposed || readings.card_hostility == Readings::CardHostility::held)) {
      explain(card->second.exposed ? "messina.cards.exposed.hostility" : "messina.friendly.hostile", {},
              "{}, opposing {}, holds the Location Card {} {}", other, faction, space,
              card->second.exposed ? "face-up" : "face-down (reading held)");
      return true;
    }
    if (!tracing()) continue;
    // What of the opposing faction's is there without making the space hostile.
    if (workers > 0)
      explain("messina.friendly.hostile", {{"Workers", workers}},
              "{}'s Worker(s) in {} do not make it hostile (reading military-units-only)", other, space);
    if (holds)
      explain("messina.cards.exposed.hostility", {},
              "{} holds the Location Card {} face-down: no hostility until it is exposed (reading exposed-only)", other,
              space);
    if (workers == 0 && has_presence(s, other))
      explain("messina.friendly.empty-structures", {}, "{}'s empty Utility or Shield in {} never makes it hostile",
              other, space);
  }
  explain("messina.friendly.hostile", {}, "no opposing faction makes {} hostile to {}", space, faction);
  return false;
}

}  // namespace rulecheck::messina

// Each function reads what its namesake in games/messina/state_read.cpp reads, field for field, from
// the text: the same defaults, a null taken as an absent field where read_state takes it so, and a
// map's entry made for a key even when its value adds nothing (as there). Where read_state would
// report an error, this gives up instead (PlainTextReader::give_up) and the JSON path reports it.
// tests/test_state_from_text.cpp compares the two on every corpus state, generated states and
// malformed ones.
#include "games/messina/state_from_text.hpp"
#include "games/messina/state_read.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "common/plain_text_reader.hpp"
#include "games/adapter.hpp"

namespace rulecheck::messina {

namespace {

using Reader = PlainTextReader;

// A count, in JsonReader::count()'s range.
int count(Reader& r) { return r.integer(0, JsonReader::kMaxCount); }

// An optional count: null is 0, as absent.
int count_or_zero(Reader& r) { return r.null() ? 0 : count(r); }

template <typename Enum, std::size_t N>
Enum named(Reader& r, const NameTable<Enum, N>& table) {
  const auto value = lookup_name(table, r.string());
  if (!value) Reader::give_up();
  return *value;
}

UnitCounts unit_counts(Reader& r) {
  UnitCounts counts;
  unsigned seen = 0;
  r.members([&](std::string_view key) {
    counts[kUnitKinds[field_index(key, kUnitFields, seen)]] = count_or_zero(r);
  });
  return counts;
}

Faction faction(Reader& r) {
  static constexpr std::string_view kFields[] = {"kind", "home", "population", "dead", "resources", "consents"};
  static constexpr std::string_view kPopulation[] = {"disaffected", "spare", "located"};
  static constexpr std::string_view kResources[] = {"food", "water", "energy"};
  Faction f;
  unsigned seen = 0, given = 0;  // given: the fields not null
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    given |= 1u << i;
    switch (i) {
      case 0: f.kind = named(r, kFactionKindNames); break;
      case 1: f.home = strings(r); break;
      case 2: {
        unsigned seen_here = 0;
        int* slots[] = {&f.population.disaffected, &f.population.spare, &f.population.located};
        r.members([&](std::string_view k) { *slots[field_index(k, kPopulation, seen_here)] = count_or_zero(r); });
        break;
      }
      case 3: f.dead = count(r); break;
      case 4: {
        unsigned seen_here = 0;
        int* slots[] = {&f.resources.food, &f.resources.water, &f.resources.energy};
        r.members([&](std::string_view k) { *slots[field_index(k, kResources, seen_here)] = count_or_zero(r); });
        break;
      }
      default: {
        // An ally whose list is empty gets no entry, as in read_state; an ally named twice gives up.
        std::vector<std::string_view> allies;
        r.members([&](std::string_view ally) {
          if (std::find(allies.begin(), allies.end(), ally) != allies.end()) Reader::give_up();
          allies.push_back(ally);
          std::set<Activity> activities;
          r.elements([&] { activities.insert(named(r, kActivityNames)); });
          if (!activities.empty()) f.consents.emplace(std::string(ally), std::move(activities));
        });
      }
    }
  });
  if ((given & 3u) != 3u) Reader::give_up();  // "kind" and "home" are required
  return f;
}

Utility utility(Reader& r) {
  static constexpr std::string_view kFields[] = {"owner", "workers", "guests"};
  Utility u;
  unsigned seen = 0;
  bool owner = false;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    if (i == 0) {
      u.owner = r.string();
      owner = true;
    } else if (i == 1) {
      u.workers = count(r);
    } else {
      r.members([&](std::string_view guest) { new_entry(u.guests, guest) = count(r); });
    }
  });
  if (!owner) Reader::give_up();
  return u;
}

Shield shield(Reader& r) {
  static constexpr std::string_view kFields[] = {"owner", "level"};
  Shield s;
  unsigned seen = 0;
  bool owner = false;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    if (i == 0) {
      s.owner = r.string();
      owner = true;
    } else {
      s.level = r.integer(1, INT32_MAX);
    }
  });
  if (!owner) Reader::give_up();
  return s;
}

Space space(Reader& r) {
  static constexpr std::string_view kFields[] = {"adjacent", "units", "utilities", "shield", "shields"};
  Space s;
  unsigned seen = 0;
  bool one_shield = false, shield_list = false;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    switch (i) {
      case 0: s.adjacent = strings(r); break;
      case 1: r.members([&](std::string_view owner) { new_entry(s.units, owner) = unit_counts(r); }); break;
      case 2: r.elements([&] { s.utilities.push_back(utility(r)); }); break;
      case 3:
        one_shield = true;
        s.shields.push_back(shield(r));
        break;
      default:
        shield_list = true;
        r.elements([&] { s.shields.push_back(shield(r)); });
    }
  });
  if (one_shield && shield_list) Reader::give_up();  // read_state refuses both
  std::sort(s.shields.begin(), s.shields.end(), [](const Shield& a, const Shield& b) { return a.owner < b.owner; });
  return s;
}

LocationCard card(Reader& r) {
  static constexpr std::string_view kFields[] = {"holder", "exposed", "units"};
  LocationCard c;
  unsigned seen = 0;
  bool holder = false;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    if (i == 0) {
      c.holder = r.string();
      holder = true;
    } else if (i == 1) {
      c.exposed = r.boolean();
    } else {
      c.units = unit_counts(r);
    }
  });
  if (!holder) Reader::give_up();
  return c;
}

State state(Reader& r) {
  static constexpr std::string_view kFields[] = {"round", "phase", "battle", "factions", "spaces", "cards"};
  State s;
  unsigned seen = 0, given = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    given |= 1u << i;
    switch (i) {
      case 0: s.round = r.integer(1, INT32_MAX); break;
      case 1: s.phase = named(r, kPhaseNames); break;
      case 2: s.battle = std::string(r.string()); break;
      case 3: r.members([&](std::string_view id) { new_entry(s.factions, id) = faction(r); }); break;
      case 4:
        r.members([&](std::string_view id) {
          if (s.spaces.size() == kMaxSpaces) Reader::give_up();  // one more than read_state reads
          new_entry(s.spaces, id) = space(r);
        });
        break;
      default: r.members([&](std::string_view id) { new_entry(s.cards, id) = card(r); });
    }
  });
  if ((given & 0b11001u) != 0b11001u) Reader::give_up();  // "round", "factions" and "spaces" are required
  return s;
}

}  // namespace

std::optional<State> read_state_text(std::string_view text) { return read_whole_text<State>(text, state); }

}  // namespace rulecheck::messina

// Each function reads what read_state (games/scythe/state_read.cpp) reads, field for field, from the
// text: the same defaults, a null taken as an absent field where read_state takes it so, and a map's
// entry made for a key even when its value adds nothing (as there). Where read_state would report an
// error, this gives up instead (PlainTextReader::give_up) and the JSON path reports it.
// tests/test_state_from_text.cpp compares the two on every corpus state, generated states and
// malformed ones.
#include "games/scythe/state_from_text.hpp"
#include "games/scythe/state_read.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/plain_text_reader.hpp"
#include "games/adapter.hpp"

namespace rulecheck::scythe {

namespace {

using Reader = PlainTextReader;

// A count, in JsonReader::count()'s range.
int count(Reader& r) { return r.integer(0, JsonReader::kMaxCount); }

// A string that must be one of `choices` (read_state's one_of).
template <std::size_t N>
std::string one_of(Reader& r, const std::string_view (&choices)[N]) {
  const std::string_view s = r.string();
  if (std::find(std::begin(choices), std::end(choices), s) == std::end(choices)) Reader::give_up();
  return std::string(s);
}

UnitCounts units(Reader& r) {
  UnitCounts u;
  unsigned seen = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kUnitFields, seen);
    u[kUnits[i]] = r.null() ? 0 : count(r);
  });
  return u;
}

Faction faction(Reader& r) {
  static constexpr std::string_view kFields[] = {"popularity", "home_base"};
  Faction f;
  unsigned seen = 0;
  bool home_base = false;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    if (i == 0) {
      f.popularity = count(r);
    } else {
      f.home_base = r.string();
      home_base = true;
    }
  });
  if (!home_base) Reader::give_up();  // required
  return f;
}

Structure structure(Reader& r) {
  static constexpr std::string_view kFields[] = {"owner", "kind"};
  static constexpr std::string_view kKinds[] = {"mill", "mine", "armory", "monument"};
  Structure st;
  unsigned seen = 0, given = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    given |= 1u << i;
    if (i == 0)
      st.owner = r.string();
    else
      st.kind = one_of(r, kKinds);
  });
  if (given != 3u) Reader::give_up();  // both required
  return st;
}

// Only the kinds read_state allows; a count of 0 adds no entry (as there).
void resources(Reader& r, std::map<std::string, int>& out) {
  static constexpr std::string_view kKinds[] = {"food", "wood", "metal", "oil"};
  unsigned seen = 0;
  r.members([&](std::string_view kind) {
    field_index(kind, kKinds, seen);
    if (const int c = count(r); c > 0) out.emplace(std::string(kind), c);
  });
}

Territory territory(Reader& r) {
  static constexpr std::string_view kFields[] = {"adjacent",  "home_base", "terrain",   "units",
                                                 "structure", "encounter", "resources", "held_by"};
  static constexpr std::string_view kTerrains[] = {"farm", "forest", "mountain", "tundra",
                                                   "village", "lake", "factory", "home-base"};
  Territory t;
  unsigned seen = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    switch (i) {
      case 0: t.adjacent = strings(r); break;
      case 1: t.home_base = std::string(r.string()); break;
      case 2: t.terrain = one_of(r, kTerrains); break;
      case 3: r.members([&](std::string_view owner) { new_entry(t.units, owner) = units(r); }); break;
      case 4: t.structure = structure(r); break;
      case 5: t.encounter = r.boolean(); break;
      case 6: resources(r, t.resources); break;
      default: t.held_by = std::string(r.string());
    }
  });
  return t;
}

void pending(Reader& r, State& s) {
  static constexpr std::string_view kFields[] = {"combats", "encounters"};
  unsigned seen = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    (i == 0 ? s.pending_combats : s.pending_encounters) = strings(r);
  });
}

State state(Reader& r) {
  static constexpr std::string_view kFields[] = {"factions", "territories", "pending"};
  State s;
  unsigned seen = 0, given = 0;
  r.members([&](std::string_view key) {
    const std::size_t i = field_index(key, kFields, seen);
    if (r.null()) return;
    given |= 1u << i;
    if (i == 0) {
      r.members([&](std::string_view id) { new_entry(s.factions, id) = faction(r); });
    } else if (i == 1) {
      r.members([&](std::string_view id) {
        if (s.territories.size() == kMaxSpaces) Reader::give_up();  // one more than read_state reads
        new_entry(s.territories, id) = territory(r);
      });
    } else {
      pending(r, s);
    }
  });
  if ((given & 3u) != 3u) Reader::give_up();  // "factions" and "territories" are required
  return s;
}

}  // namespace

std::optional<State> read_state_text(std::string_view text) { return read_whole_text<State>(text, state); }

}  // namespace rulecheck::scythe

// Messina's state read from a JSON value into the oracle's model (games/messina/state_read.cpp).
#pragma once

#include <iterator>
#include <string_view>

#include "common/json_reader.hpp"
#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

// The unit kinds' field names in the state format, in kUnitKinds' order (as kUnitNames gives them):
// shared by the two readers of a state (state_read.cpp from a JSON value, state_from_text.cpp from
// its text).
inline constexpr std::string_view kUnitFields[] = {"civilian", "infantry", "bomber", "fighter", "mech"};
static_assert([] {
  for (std::size_t i = 0; i < kUnitKinds.size(); ++i)
    if (kUnitNames[i].first != kUnitKinds[i] || kUnitNames[i].second != kUnitFields[i]) return false;
  return std::size(kUnitFields) == kUnitKinds.size();
}());

// A state's structure and types (not whether it contradicts itself: validate() in
// oracle/messina/oracle.hpp); throws InputError naming the field's pointer.
State read_state(const JsonReader& r);

// {"civilian": n, ...}: the unit kinds' counts (an absent or null kind: 0).
UnitCounts read_unit_counts(const JsonReader& r);

}  // namespace rulecheck::messina

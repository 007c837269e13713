// Scythe's state read from a JSON value into the oracle's model (games/scythe/state_read.cpp).
#pragma once

#include <iterator>
#include <string_view>

#include "common/json_reader.hpp"
#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

// The unit kinds' field names in the state format, in kUnits' order (as kUnitNames gives them):
// shared by the two readers of a state (state_read.cpp from a JSON value, state_from_text.cpp from
// its text).
inline constexpr std::string_view kUnitFields[] = {"character", "mech", "worker"};
static_assert([] {
  for (std::size_t i = 0; i < kUnits.size(); ++i)
    if (kUnitNames[i].first != kUnits[i] || kUnitNames[i].second != kUnitFields[i]) return false;
  return std::size(kUnitFields) == kUnits.size();
}());

// A state's structure and types (not whether it contradicts itself: validate() in
// oracle/scythe/oracle.hpp); throws InputError naming the field's pointer.
State read_state(const JsonReader& r);

}  // namespace rulecheck::scythe

// Messina's state read from a JSON value into the oracle's model (games/messina/state_read.cpp).
#pragma once

#include "common/json_reader.hpp"
#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

// A state's structure and types (not whether it contradicts itself: validate() in
// oracle/messina/oracle.hpp); throws InputError naming the field's pointer.
State read_state(const JsonReader& r);

// {"civilian": n, ...}: the unit kinds' counts (an absent or null kind: 0).
UnitCounts read_unit_counts(const JsonReader& r);

}  // namespace rulecheck::messina

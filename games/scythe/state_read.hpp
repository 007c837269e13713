// Scythe's state read from a JSON value into the oracle's model (games/scythe/state_read.cpp).
#pragma once

#include "common/json_reader.hpp"
#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

// A state's structure and types (not whether it contradicts itself: validate() in
// oracle/scythe/oracle.hpp); throws InputError naming the field's pointer.
State read_state(const JsonReader& r);

}  // namespace rulecheck::scythe

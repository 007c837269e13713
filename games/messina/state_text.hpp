// Messina's next state as JSON text, written straight from the oracle's state (games/messina/state_text.cpp).
#pragma once

#include <string>

#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

// write_state(s).dump()'s bytes into `out`; false when a string is not printable ASCII (the caller
// then dumps write_state(s) instead).
bool write_state_text(const State& s, std::string& out);

}  // namespace rulecheck::messina

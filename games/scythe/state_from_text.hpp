// Scythe's state read from its JSON text straight into the oracle's model (games/scythe/state_from_text.cpp).
#pragma once

#include <optional>
#include <string_view>

#include "oracle/scythe/model.hpp"

namespace rulecheck::scythe {

// The state `text` holds, exactly as read_state (games/scythe/state_read.hpp) reads its JSON value;
// nullopt where this reader gives up (common/plain_text_reader.hpp: anything but plain JSON of the
// state's format, anything read_state would refuse), and the caller reads the text as JSON, which
// accepts it or says what is wrong and where. No nlohmann header here.
std::optional<State> read_state_text(std::string_view text);

}  // namespace rulecheck::scythe

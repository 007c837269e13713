// Scythe's moves and their changes in the rulebook's terms (games/wording.hpp): "red moves its mech
// T1 -> T2 carrying 1 worker", "red's workers on T2: 0 -> 1", "red's popularity 5 -> 4".
#pragma once

#include "games/wording.hpp"

namespace rulecheck::scythe {

const GameWords& scythe_words();

}  // namespace rulecheck::scythe

// Messina's steps, changes and answers in the rulebook's terms (games/wording.hpp): "Red musters 1
// Civilian at A", "Red's Spare tokens 3 -> 2", "1 token of Red's goes to the Death Zone (0 -> 1)".
#pragma once

#include "games/wording.hpp"

namespace rulecheck::messina {

const GameWords& messina_words();

}  // namespace rulecheck::messina

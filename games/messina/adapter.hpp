// Messina's JSON edge (games/messina/adapter.cpp): the Game the harness runs.
#pragma once

#include "common/game.hpp"

namespace rulecheck::messina {

const Game& messina_game();

}  // namespace rulecheck::messina

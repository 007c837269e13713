// Scythe's JSON edge (games/scythe/adapter.cpp): the Game the harness runs.
#pragma once

#include "common/game.hpp"

namespace rulecheck::scythe {

const Game& scythe_game();

}  // namespace rulecheck::scythe

// The registered games. Adding a game: write its oracle under oracle/<game>/, its JSON edge under
// games/<game>/ (an Edge for games/adapter.hpp), and list it in games/registry.cpp.
#pragma once

#include <string>
#include <vector>

#include "common/game.hpp"

namespace rulecheck {

const std::vector<const Game*>& all_games();
const Game* find_game(const std::string& name);

}  // namespace rulecheck

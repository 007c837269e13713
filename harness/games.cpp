// The registered games. Adding a game: implement rulecheck::Game and list it here.
#include "harness/game.hpp"

namespace rulecheck {
namespace messina { const Game& messina_game(); }
namespace scythe { const Game& scythe_game(); }

const std::vector<const Game*>& all_games() {
  static const std::vector<const Game*> games = {&messina::messina_game(), &scythe::scythe_game()};
  return games;
}

const Game* find_game(const std::string& name) {
  for (const Game* g : all_games())
    if (g->name() == name) return g;
  return nullptr;
}

}  // namespace rulecheck

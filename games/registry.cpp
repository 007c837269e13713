#include "games/registry.hpp"

#include "games/messina/adapter.hpp"
#include "games/scythe/adapter.hpp"

namespace rulecheck {

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

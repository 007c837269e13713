#include "oracle/messina/board.hpp"

#include <algorithm>

namespace rulecheck::messina {

bool is_ai(const State& state, const FactionId& faction) {
  return state.factions.at(faction).kind == FactionKind::ai;
}

UnitCounts& units_at(State& state, const Where& where, const FactionId& faction) {
  if (where.on_card) return state.cards.at(where.space).units;
  return state.spaces.at(where.space).units[faction];
}

int units_at(const State& state, const Where& where, const FactionId& faction, Piece piece) {
  if (piece == Piece::worker) return where.on_card ? 0 : workers_at(state, where.space, faction);
  if (where.on_card) {
    const auto& card = state.cards.at(where.space);
    return card.holder == faction ? card.units[piece] : 0;
  }
  const auto& units = state.spaces.at(where.space).units;
  auto it = units.find(faction);
  return it == units.end() ? 0 : it->second[piece];
}

int workers_at(const State& state, const SpaceId& space, const FactionId& faction) {
  int workers = 0;
  for (const auto& utility : state.spaces.at(space).utilities)
    if (utility.owner == faction) workers += utility.workers;
  return workers;
}

bool owns_utility_at(const State& state, const SpaceId& space, const FactionId& faction) {
  const auto& utilities = state.spaces.at(space).utilities;
  return std::any_of(utilities.begin(), utilities.end(),
                     [&](const Utility& u) { return u.owner == faction; });
}

bool is_home_space(const State& state, const FactionId& faction, const SpaceId& space) {
  const auto& home = state.factions.at(faction).home;
  return std::find(home.begin(), home.end(), space) != home.end();
}

bool remove_pieces(State& state, const FactionId& faction, const PieceCount& what) {
  if (units_at(state, what.where, faction, what.piece) < what.count) return false;
  if (what.piece != Piece::worker) {
    units_at(state, what.where, faction)[what.piece] -= what.count;
    return true;
  }
  int left = what.count;
  for (auto& utility : state.spaces.at(what.where.space).utilities) {
    if (utility.owner != faction) continue;
    const int taken = std::min(left, utility.workers);
    utility.workers -= taken;
    left -= taken;
  }
  return left == 0;
}

std::string describe(const Where& where) {
  return where.on_card ? "the Location Card " + where.space : where.space;
}

}  // namespace rulecheck::messina

#include "oracle/messina/board.hpp"

#include <algorithm>

namespace rulecheck::messina {

bool is_ai(const State& state, const FactionId& faction) { return state.factions.at(faction).kind == FactionKind::ai; }

UnitCounts& units_at(State& state, const Where& where, const FactionId& faction) {
  if (where.on_card) return state.cards.at(where.space).units;
  return state.spaces.at(where.space).units[faction];
}

int units_at(const State& state, const Where& where, const FactionId& faction, Piece piece) {
  if (piece == Piece::worker) return where.on_card ? 0 : workers_at(state, where.space, faction);
  if (where.on_card) {
    const auto& card = state.cards.at(where.space);
    // convention messina.convention.card-carries-holders-units
    return card.holder == faction ? card.units[piece] : 0;
  }
  const auto& units = state.spaces.at(where.space).units;
  auto it = units.find(faction);
  return it == units.end() ? 0 : it->second[piece];
}

int workers_at(const State& state, const SpaceId& space, const FactionId& faction) {
  int workers = 0;
  for (const auto& utility : state.spaces.at(space).utilities) {
    if (utility.owner == faction) workers += utility.workers;
    if (auto it = utility.guests.find(faction); it != utility.guests.end()) workers += it->second;
  }
  return workers;
}

bool owns_utility_at(const State& state, const SpaceId& space, const FactionId& faction) {
  const auto& utilities = state.spaces.at(space).utilities;
  return std::any_of(utilities.begin(), utilities.end(), [&](const Utility& u) { return u.owner == faction; });
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
  // The action does not say which Utility a Worker leaves (messina.convention.step3-workers-own-utility-first,
  // rules/messina/conventions.json): the faction's own Utilities first, in list order, then the Utilities
  // it is a guest in (no modelled rule depends on the order).
  int left = what.count;
  auto& utilities = state.spaces.at(what.where.space).utilities;
  for (auto& utility : utilities) {
    if (utility.owner != faction) continue;
    const int taken = std::min(left, utility.workers);
    utility.workers -= taken;
    left -= taken;
  }
  for (auto& utility : utilities) {
    auto it = utility.guests.find(faction);
    if (it == utility.guests.end()) continue;
    const int taken = std::min(left, it->second);
    it->second -= taken;
    left -= taken;
    if (it->second == 0) utility.guests.erase(it);
  }
  return left == 0;
}

// convention messina.convention.utility-capacity-unbounded: no Utility is ever full
void add_workers(State& state, const SpaceId& space, const FactionId& faction, const FactionId& owner, int count) {
  for (auto& utility : state.spaces.at(space).utilities)
    if (utility.owner == owner) {
      (owner == faction ? utility.workers : utility.guests[faction]) += count;
      return;
    }
}

bool has_shield(const Space& space, const FactionId& owner) { return shield_of(space, owner) != nullptr; }

const Shield* shield_of(const Space& space, const FactionId& owner) {
  for (const auto& shield : space.shields)
    if (shield.owner == owner) return &shield;
  return nullptr;
}

Shield* shield_of(Space& space, const FactionId& owner) {
  for (auto& shield : space.shields)
    if (shield.owner == owner) return &shield;
  return nullptr;
}

void put_shield(Space& space, const Shield& shield) {
  auto at = std::lower_bound(space.shields.begin(), space.shields.end(), shield,
                             [](const Shield& a, const Shield& b) { return a.owner < b.owner; });
  space.shields.insert(at, shield);
}

std::string describe(const Where& where) { return where.on_card ? "the Location Card " + where.space : where.space; }

}  // namespace rulecheck::messina

// Counting helpers the sections share. No rule decisions live here: each function only counts,
// locates or removes pieces, so every rule stays in its section's file under its clause id (which
// pieces need a token: population.cpp; consent: friendly_area.cpp; what stacking counts: muster.cpp).
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

bool is_ai(const State& state, const FactionId& faction);

// Units of one faction at a map space or on a card (never workers).
UnitCounts& units_at(State& state, const Where& where, const FactionId& faction);
// How many of a piece the faction has there; for workers, those in its utilities at the space.
int units_at(const State& state, const Where& where, const FactionId& faction, Piece piece);
int workers_at(const State& state, const SpaceId& space, const FactionId& faction);

bool owns_utility_at(const State& state, const SpaceId& space, const FactionId& faction);
bool is_home_space(const State& state, const FactionId& faction, const SpaceId& space);

// Removes `count` of a piece (workers from the faction's utilities at the space, then from the
// utilities it is a guest in); false if short.
bool remove_pieces(State& state, const FactionId& faction, const PieceCount& what);
// Puts `count` of the faction's Workers into the first Utility of `owner` at the space (the
// faction's own, or as guests in another's).
void add_workers(State& state, const SpaceId& space, const FactionId& faction, const FactionId& owner, int count);

// The Shields of a space (at most one per owner, kept sorted by owner).
bool has_shield(const Space& space, const FactionId& owner);
const Shield* shield_of(const Space& space, const FactionId& owner);
Shield* shield_of(Space& space, const FactionId& owner);
void put_shield(Space& space, const Shield& shield);

std::string describe(const Where& where);

}  // namespace rulecheck::messina

// A Where in a message or an explanation, as describe() names it, formatted only when used.
template <>
struct fmt::formatter<rulecheck::messina::Where> : fmt::formatter<std::string_view> {
  auto format(const rulecheck::messina::Where& where, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{}{}", where.on_card ? "the Location Card " : "", where.space);
  }
};

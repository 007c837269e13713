// Counting helpers the sections share. No rule decisions live here: each function only counts or
// locates pieces, so every rule stays in its section's file under its clause id.
#pragma once

#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

bool is_ai(const State& state, const FactionId& faction);

// Whether a piece of this faction is backed by a Located population token
// (messina.population.backing): workers always; mechs never; for the AI faction only the kinds
// the ruleset lists; for human factions every unit whose population is at least 1.
bool is_backed(const Rules& rules, FactionKind kind, Piece piece);

// Population tokens one piece of this kind takes (0 when it is not backed).
int tokens_for(const Rules& rules, FactionKind kind, Piece piece);

// Tokens the faction's pieces on the map and on its cards stand for.
int backed_tokens(const Rules& rules, const State& state, const FactionId& faction);

// Units of one faction at a map space or on a card (never workers).
UnitCounts& units_at(State& state, const Where& where, const FactionId& faction);
int units_at(const State& state, const Where& where, const FactionId& faction, Piece piece);
int workers_at(const State& state, const SpaceId& space, const FactionId& faction);

// Units counted against a map space's stacking limit (workers in utilities never count); under
// the per-faction reading only `faction`'s own.
int stacked_units(const Rules& rules, const Space& space, const FactionId& faction);

bool owns_utility_at(const State& state, const SpaceId& space, const FactionId& faction);
bool is_home_space(const State& state, const FactionId& faction, const SpaceId& space);

// Whether `ally` has given `faction` consent for `activity` (messina.friendly.consent).
bool consents(const State& state, const FactionId& ally, const FactionId& faction, Activity activity);

// Removes `count` of a piece (workers from the faction's utilities at the space); false if short.
bool remove_pieces(State& state, const FactionId& faction, const PieceCount& what);

std::string describe(const Where& where);

}  // namespace rulecheck::messina

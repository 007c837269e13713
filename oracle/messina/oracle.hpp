// The Messina reference oracle: pure functions from (rules, state, action) to the next state, and
// from (rules, state, query) to an answer. An illegal action throws RuleViolation naming the clause
// that forbids it. One file per rulebook section:
//
//   population.cpp      Population Supply and Movement: placement, interconversion, no return
//   friendly_area.cpp   the Friendly Area, friendly and hostile spaces
//   consumption.cpp     the Consumption Phase
//   muster.cpp          the Muster Phase (and the Re-arm shield op)
//   location_cards.cpp  Location Cards
//   board.cpp           counting and locating pieces for the sections (no rules of their own)
//   validate.cpp        a state that contradicts itself is rejected before any rule runs
//   reachable.cpp       the invariants of the states play can reach (rules/messina/invariants.json)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"
#include "oracle/reachable.hpp"
#include "oracle/rule_violation.hpp"

namespace rulecheck::messina {

// Dispatch: the outcome of `action`, or RuleViolation.
State apply(const Rules& rules, const State& state, const Action& action);
QueryAnswer answer(const Rules& rules, const State& state, const Query& query);

// Throws InvalidState (the field and why) if the state contradicts itself.
void validate(const Ruleset& numbers, const State& state);

// ---- reachable.cpp ----
// The ids of the invariants of the states play can reach, as rules/messina/invariants.json lists them.
std::vector<std::string_view> reachability_invariants();
// Every invariant a valid `state` breaks under these rules (the ruleset's round parities, the
// readings of messina.shield-per-space and messina.worker-utility), with the field where it breaks.
InvariantBreaks reachability_breaks(const Rules& rules, const State& state);

// ---- population.cpp ----
// messina.population.backing: whether a piece of this kind needs a Population token behind it.
bool is_backed(const Ruleset& numbers, FactionKind kind, Piece piece);
// messina.population.tokens: the tokens one piece of this kind takes (0 when it is not backed).
int tokens_for(const Ruleset& numbers, FactionKind kind, Piece piece);
// messina.population.located: the tokens the faction's pieces on the map and its cards stand for.
int backed_tokens(const Ruleset& numbers, const State& state, const FactionId& faction);
// The kinds of piece that need a token, named for a message: "Civilians, Infantry, ... and Workers".
std::string backed_kinds_named(const Ruleset& numbers, FactionKind kind);
State place_population(const Rules& rules, const State& state, const Place& action);
State convert_units(const Rules& rules, const State& state, const Convert& action);
State release_to_spare(const Rules& rules, const State& state, const Release& action);

// ---- friendly_area.cpp ----
// messina.friendly.consent: whether `ally`'s presence counts for `faction` in `activity`.
bool consents(const State& state, const FactionId& ally, const FactionId& faction, Activity activity);
bool is_friendly_space(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space);
// The same, with the faction's own Location Card for `space` disregarded (for must-expose).
bool is_friendly_without_card(const State& state, const FactionId& faction, Activity purpose, const SpaceId& space);
std::vector<SpaceId> friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose);
bool in_friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose,
                      const SpaceId& space);
bool is_hostile(const Rules& rules, const State& state, const FactionId& faction, const SpaceId& space);

// ---- consumption.cpp ----
int consumption_cost(const Ruleset& numbers, int population_tokens);
State consume(const Rules& rules, const State& state, const Consume& action);

// ---- muster.cpp ----
// messina.muster.stacking: the units counted against the map space's stacking limit when
// `faction` builds there (interpretation messina.stacking-scope decides whose units count).
int stacked_units(const Rules& rules, const State& state, const SpaceId& space, const FactionId& faction);
State muster(const Rules& rules, const State& state, const Muster& action);
State rearm(const Rules& rules, const State& state, const Rearm& action);

// ---- location_cards.cpp ----
State expose_card(const Rules& rules, const State& state, const Expose& action);
State hide_card(const Rules& rules, const State& state, const Hide& action);
State transfer_from_card(const Rules& rules, const State& state, const Transfer& action);
State end_exploration(const Rules& rules, const State& state, const EndExploration& action);
bool must_expose(const Rules& rules, const State& state, const MustExposeQuery& query);
std::optional<FactionId> tie_break_winner(const Rules& rules, const State& state, const TieBreakQuery& query);
bool bombable(const State& state, const BombableQuery& query);
bool support_can_be_cut(const State& state, const SupportCutQuery& query);

}  // namespace rulecheck::messina

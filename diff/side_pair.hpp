// The two sides of an edit, each with its rules bound once per ruleset and readings: what the parts of
// `rulecheck diff` (edit_diff.cpp: the corpus and the sample; solver_diff.cpp: the solver's questions)
// ask of both. Internal to diff/.
#pragma once

#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "diff/edit_diff.hpp"
#include "diff/witness.hpp"
#include "harness/bindings.hpp"

namespace rulecheck::diff {

// What one side's rules make of a step: the oracle's outcome, or {"error": why} when they cannot
// read it (the state contradicts this side's rules, e.g. a card above this side's stacking limit).
json outcome_under(const BoundRules& rules, const json& state, bool is_query, const json& request);

// A side's default readings, one per point.
inline json readings_of(const Side& s) { return s.rules.readings(json::object()); }

class SidePair {
 public:
  SidePair(const Edit& edit, const GameRules& project) : edit_(edit), project_(project) {}

  const BoundRules& bound(const Side& side, const json& ruleset, const json& readings) {
    Bindings& b = &side == &edit_.base ? base_ : edited_;
    return *b.get(edit_.game, side.rules, ruleset, readings).rules;
  }

  // The step under both sides; the scenario's own overrides applied over each side's.
  std::pair<json, json> outcomes(const json& ruleset, const json& readings, const json& state, bool is_query,
                                 const json& request) {
    return {outcome_under(bound(edit_.base, ruleset, readings), state, is_query, request),
            outcome_under(bound(edit_.edited, ruleset, readings), state, is_query, request)};
  }

  // The witness of a changed step: `c`'s state in canonical form (as the side that reads it writes
  // it), each side's scenario expecting its outcome.
  Witness witness(WitnessCase c, const json& before, const json& after) {
    const Side& reader = before.contains("error") ? edit_.edited : edit_.base;
    try {
      c.state = bound(reader, c.ruleset, c.interpretations).canonical_state(c.state);
    } catch (const InputError&) {
      // Neither side reads it: kept as given (both scenarios are then null).
    }
    return {side_scenario(project_, edit_.base, c, before), side_scenario(project_, edit_.edited, c, after)};
  }

  const Edit& edit() const { return edit_; }
  const GameRules& project() const { return project_; }

 private:
  const Edit& edit_;
  const GameRules& project_;
  Bindings base_, edited_;
};

// The solver's parts of a diff (solver_diff.cpp): each asks both sides and records what changed.
void diff_proofs(SidePair& sides, unsigned rlimit, GameDiff& d, const std::function<void(const std::string&)>& said);
void diff_points(SidePair& sides, unsigned rlimit, bool literal_search, GameDiff& d);
void diff_probes(SidePair& sides, unsigned rlimit, GameDiff& d);
void diff_contradictions(SidePair& sides, unsigned rlimit, GameDiff& d);

}  // namespace rulecheck::diff

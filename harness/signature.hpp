// What a failing case is a failure of: the clauses that decide its differing step, and its
// signature, the key `fuzz --keep-going` groups findings by and a known-deviations file (--known)
// matches. `run` and `fuzz` both fill them here, once per failing case, so that the same saved case
// gets the same signature from either.
//
// A signature reads "<request kind> | <first difference's path, folded> | <deciding clauses>":
//
//     scythe action move | /state/pending/encounters/* | scythe.move.encounter-stop
//
// The path is folded so that cases differing only in names and positions share it: array indices
// and the names a state defines (the keys of its top-level maps of objects: factions, spaces,
// territories, cards) become "*".
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "harness/case_result.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// The names `state` defines: the keys of each of its top-level members that is an object whose
// values are all objects ("factions", "spaces", "territories", "cards").
std::set<std::string> state_names(const json& state);

// `pointer` (RFC 6901) with array indices and the `names` folded to "*".
std::string fold_pointer(const std::string& pointer, const std::set<std::string>& names);

// The clauses that decide a failure at step `r.step` (DESIGN.md's "clauses involved", narrowed):
//  1. an illegal step (the expectation's or the oracle's rule): that rule;
//  2. a legal step the target called illegal with a clause of the game: the target's clause;
//  3. the solver's unsat core of the first difference alone: the oracle's outcome with only the
//     differing field given the target's value (`oracle_outcome`; asked when `rlimit` > 0), else the
//     core the solver named for the target's whole outcome (r.solver_clauses);
//  4. otherwise the clauses of the oracle's decisions at that step (`rules.explain`, traced for this
//     one step only), and the scenario's cites when the oracle recorded none.
// `state` is the state the step starts from.
std::vector<std::string> deciding_clauses(const CaseResult& r, const GameRules& game, const BoundRules& rules,
                                          const json& state, const Step& step, const json* oracle_outcome,
                                          unsigned rlimit);

// "<kind> | <folded path> | <clauses>", from a failing result's first difference and deciding clauses.
std::string failure_signature(const std::string& kind, const json& patch, const std::vector<std::string>& deciding,
                              const std::set<std::string>& names);

// Fills r.deciding and r.signature for a case judged fail or disputed at step r.step (anything else:
// nothing). `start` is the scenario's starting state (its names fold the path), `state` the failing
// step's; `oracle_outcome` the oracle's outcome there when a target's outcome is judged (else nullptr).
void attribute_failure(CaseResult& r, const GameRules& game, const BoundRules& rules, const json& start,
                       const json& state, const Step& step, const json* oracle_outcome = nullptr,
                       unsigned rlimit = 0);

}  // namespace rulecheck

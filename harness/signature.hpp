// What a failing case is a failure of: the clauses that decide its differing step, and its
// signature, the key `fuzz --keep-going` groups findings by and a known-deviations file (--known)
// matches. `run` and `fuzz` both fill them here, once per failing case, so that the same saved case
// gets the same signature from either.
//
// A signature reads "<request kind> | <what differs> | <deciding clause>", the same on every board
// a deviation shows on (docs/known-deviations.md, "Signatures"):
//
//     scythe action move | accepted illegal | scythe.move.worker-blocked-by-combat-units (leaving)
//     scythe action move | refused legal | scythe.move.worker-blocked-by-workers
//     scythe action move | /state/territories/*/units/*/worker | scythe.move.workers-retreat
//
// What differs: "accepted illegal" (the oracle forbids the step, the target allowed it), "refused
// legal" (the reverse), "another rule" (both forbid it, by different clauses, under --strict),
// "invalid next state" (the target's next state is not a state of the game), else
// the path of the difference shown first (the cause first: harness/failure_order.hpp), folded so that
// cases differing only in names and positions share it: array indices and the names a state defines
// (the keys of its top-level maps of objects: factions, spaces, territories, cards) become "*".
// The clause: of an illegal step, the oracle's (or the scenario's) rule, with the facet its reason
// names where one clause forbids several things (clause_facet: "entering", "leaving"); of a legal
// step the target refused, the target's rule; otherwise the one of the deciding clauses (deciding_clauses)
// the oracle's reasoning at that step reaches first (earliest_decided): the earliest cause, the same on
// a board where the bug also moves a counter the solver's core then names too.
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

// The middle part of a signature: "refused legal", "accepted illegal", "another rule" or the folded
// path of the difference `patch` (from the target's outcome to the `expected` one) names.
std::string differing_part(const json& patch, const json& expected, const std::set<std::string>& names);

// Of `deciding`, the clause the oracle's decisions at `step` from `state` name first (the first of
// `deciding` when they name none of them, or the oracle cannot read the step).
std::string earliest_decided(const std::vector<std::string>& deciding, const BoundRules& rules, const json& state,
                             const Step& step);

// The last part: the one clause the signature names for a failing result (see above); `cause` is the
// earliest decided of its deciding clauses.
std::string signature_clause(const CaseResult& r, std::string_view game, const std::string& cause);

// "<kind> | <what differs> | <clause>", from a failing result whose deciding clauses are filled.
std::string failure_signature(const std::string& kind, const CaseResult& r, const std::set<std::string>& names,
                              const std::string& cause);

// Fills r.deciding and r.signature for a case judged fail or disputed at step r.step (anything else:
// nothing). `start` is the scenario's starting state (its names fold the path), `state` the failing
// step's; `oracle_outcome` the oracle's outcome there when a target's outcome is judged (else nullptr).
void attribute_failure(CaseResult& r, const GameRules& game, const BoundRules& rules, const json& start,
                       const json& state, const Step& step, const json* oracle_outcome = nullptr,
                       unsigned rlimit = 0);

}  // namespace rulecheck

// The Z3 layer for Scythe's movement section (public: no Z3 in this header).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/outcome_check.hpp"
#include "oracle/scythe/model.hpp"
#include "solver/budget.hpp"
#include "solver/findings.hpp"

namespace rulecheck::solver::scythe {

namespace sy = rulecheck::scythe;

// Scythe's only action is a Move; its queries are who controls a territory, whether its mill produces and
// whether a faction gets its structure's bonus (queries.cpp).
using ScytheQuery = std::variant<sy::ControllerQuery, sy::MillProducesQuery, sy::StructureBonusQuery>;
// The controller (a faction, or nobody), or yes/no.
using ScytheAnswer = std::variant<std::optional<sy::FactionId>, bool>;
using ScytheProof = Proof<sy::State, sy::Move>;
using ScytheWitness = Witness<sy::State, sy::Move, bool>;
using ScytheEditWitness = EditWitness<sy::State, sy::Move, bool>;

// Whether the rules allow `after` (nullopt: the move claimed illegal, by `claimed_rule`) as the
// outcome of `move` from `before`. Forbidden: the clauses broken.
OutcomeCheck check_move(const sy::Rules& rules, const sy::State& before, const sy::Move& move,
                        const std::optional<sy::State>& after, const std::string& claimed_rule, const Budget& budget);

// The other way round, for a legal move whose next state `after` the rules allow: whether they allow
// no other next state (allowed), or also another (forbidden, `why` naming where it differs).
OutcomeCheck check_only_next_state(const sy::Rules& rules, const sy::State& before, const sy::Move& move,
                                   const sy::State& after, const Budget& budget);

// Whether the rules give `claimed` as the answer to `query` on `state` (the answer is a function of the
// board: allowed exactly when it is the one the rules give). Forbidden: the clauses that decide otherwise.
OutcomeCheck check_query(const sy::State& state, const ScytheQuery& query, const ScytheAnswer& claimed,
                         const Budget& budget);

// The theorems of the movement relation (the movement invariants, the states play can reach, the
// stops, the worker's blocks, what a mech carries), for maps of any size (unbounded.hpp).
std::vector<ScytheProof> prove(const sy::Rules& rules, const Budget& budget);
// `prove --strength`: the same theorems, each also asked under every generic mutant of the relation
// (each tagged constraint dropped, each integer comparison one off: solver/mutation.hpp) and every rule
// mutant (a ruleset number one off, a reading swapped). Per clause or convention (or ruleset key,
// reading) the relation is tagged with: the theorems that kill one of its mutants, and the mutants no
// theorem kills (`SourceStrength`, sorted by source). `records` (when given) gets the proof records,
// each proved one with its mutants' outcomes.
std::vector<SourceStrength> prove_clause_strength(const sy::Rules& rules, const Budget& budget,
                                                  std::vector<ScytheProof>* records);
// The records of prove_clause_strength.
std::vector<ScytheProof> prove_with_strength(const sy::Rules& rules, const Budget& budget);
// The same invariants over the bounded scope (scope.hpp), kept as a cross-check of the concrete
// encoding: not what `rulecheck prove` reports. With strength: under the generic misreadings of each
// clause (solver/strength.hpp).
std::vector<ScytheProof> prove_bounded(const sy::Rules& rules, const Budget& budget);
std::vector<ScytheProof> prove_bounded_with_strength(const sy::Rules& rules, const Budget& budget);

// Without `literal_search`, not the discovery search (literal.hpp): no scythe.literal.* record, and
// no declared point marked found_by_search.
std::vector<ScytheWitness> ambiguities(const sy::Rules& defaults, const Budget& budget, bool literal_search = true);

// What an edit does: for each probe move (on line maps of 2 or 3 territories between the home
// bases), the fewest units (then the lowest popularity) for which `base` and `edited` give
// different outcomes, or that no such position exists on that map (edits.cpp).
std::vector<ScytheEditWitness> edit_witnesses(const sy::Rules& base, const sy::Rules& edited, const Budget& budget);

}  // namespace rulecheck::solver::scythe

// The Z3 layer for Messina (public: no Z3 in this header). An encoding of the rule texts,
// written from the texts and the clause index, independent of the oracle (oracle/messina/): the
// two agreeing is the evidence that both are right.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/outcome_check.hpp"
#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"
#include "solver/budget.hpp"
#include "solver/findings.hpp"

namespace rulecheck::solver::messina {

namespace ms = rulecheck::messina;

using Step = std::variant<ms::Action, ms::Query>;
using MessinaProof = Proof<ms::State, Step>;
using MessinaWitness = Witness<ms::State, Step, ms::QueryAnswer>;
using MessinaEditWitness = EditWitness<ms::State, Step, ms::QueryAnswer>;

// Whether the rules allow `after` (nullopt: the action claimed illegal, by `claimed_rule`) as the
// outcome of `action` from `before`. Forbidden: the clauses broken.
OutcomeCheck check_action(const ms::Rules& rules, const ms::State& before, const ms::Action& action,
                          const std::optional<ms::State>& after, const std::string& claimed_rule, const Budget& budget);

// The other way round, for a legal action whose next state `after` the rules allow: whether they
// allow no other next state (allowed), or also another (forbidden, `why` naming where it differs
// from `after`). The next state is a state of the format (well_formed); unknown past the budget.
OutcomeCheck check_only_next_state(const ms::Rules& rules, const ms::State& before, const ms::Action& action,
                                   const ms::State& after, const Budget& budget);

// Whether the rules allow `claimed` as the answer to `query`.
OutcomeCheck check_query(const ms::Rules& rules, const ms::State& state, const ms::Query& query,
                         const ms::QueryAnswer& claimed, const Budget& budget);

// Every invariant, for boards of any size (unbounded.hpp).
std::vector<MessinaProof> prove(const ms::Rules& rules, const Budget& budget);
// The same, under --strength: the sections written as one relation (section_theorems.hpp) asked under
// their generic mutants and the rule mutants, per clause; the other proofs under their catalogues of
// misreadings (solver/unbounded.hpp).
StrengthReport<ms::State, Step> prove_with_strength(const ms::Rules& rules, const Budget& budget);
// The per-action invariants over fixed small shapes and fixed action lists, on the concrete encoding
// (each section's proofs and reachable.cpp's), kept as a cross-check of the encoding the membership
// checks use: not what `rulecheck prove` reports. With strength: under the generic misreadings of
// each clause (solver/strength.hpp).
std::vector<MessinaProof> prove_bounded(const ms::Rules& rules, const Budget& budget);
std::vector<MessinaProof> prove_bounded_with_strength(const ms::Rules& rules, const Budget& budget);

// One record per question: each declared point's witness, or its search's end ("none" with the
// scope searched, "unknown"/"interrupted" with why), then each new-finding probe's likewise
// (solver/findings.hpp Witness). Without `literal_search`, not the literal encoding's search for new
// findings (literal.hpp): no discovery record, and no declared point marked found_by_search.
std::vector<MessinaWitness> ambiguities(const ms::Rules& defaults, const Budget& budget, bool literal_search = true);

// What an edit does: for each probe step (every encoded action and query on boards of 1 to 3
// spaces), the smallest state where `base` and `edited` (numbers and readings) give different
// outcomes, or that no shape tried has one (edits.cpp).
std::vector<MessinaEditWitness> edit_witnesses(const ms::Rules& base, const ms::Rules& edited, const Budget& budget);

}  // namespace rulecheck::solver::messina

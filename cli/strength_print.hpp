// `rulecheck prove --strength`: the per-clause figures of the generic mutants (games/solver_records.hpp
// strength_records' "clauses"), as JSON totals and on the console.
#pragma once

#include <nlohmann/json.hpp>

namespace rulecheck::cli {

// Mutants asked, killed, survived, undecided, equivalent; clauses protected out of clauses.
nlohmann::json strength_totals(const nlohmann::json& clauses);
// Each clause protected (by which proofs) or not (its surviving mutants), then the totals.
void print_clause_strength(const nlohmann::json& clauses);

}  // namespace rulecheck::cli

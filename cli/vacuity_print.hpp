// `rulecheck prove`: a proof record's three-part vacuity check (games/solver_records.hpp
// "vacuity_check") on the console.
#pragma once

#include <nlohmann/json.hpp>

namespace rulecheck::cli {

// "non-vacuous: reachable board, guard, antecedent" with the witness board, or which part failed
// (and where), or why it was not asked.
void print_vacuity(const nlohmann::json& record);

}  // namespace rulecheck::cli

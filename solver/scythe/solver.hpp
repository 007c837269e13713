// The Z3 layer for Scythe's movement section (public: no Z3 in this header).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/outcome_check.hpp"
#include "oracle/scythe/model.hpp"
#include "solver/budget.hpp"
#include "solver/findings.hpp"

namespace rulecheck::solver::scythe {

namespace sy = rulecheck::scythe;

// Scythe's only action is a Move; queries are not encoded (the answer is then not-encoded).
using ScytheProof = Proof<sy::State, sy::Move>;
using ScytheWitness = Witness<sy::State, sy::Move, bool>;

// Whether the rules allow `after` (nullopt: the move claimed illegal, by `claimed_rule`) as the
// outcome of `move` from `before`. Forbidden: the clauses broken.
OutcomeCheck check_move(const sy::Rules& rules, const sy::State& before, const sy::Move& move,
                        const std::optional<sy::State>& after, const std::string& claimed_rule, const Budget& budget);

std::vector<ScytheProof> prove(const sy::Rules& rules, const Budget& budget);

std::vector<ScytheWitness> ambiguities(const sy::Rules& defaults, const Budget& budget);

}  // namespace rulecheck::solver::scythe

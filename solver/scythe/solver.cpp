// Placeholder until the Scythe encoding lands: everything is not encoded.
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

OutcomeCheck check_move(const sy::Rules&, const sy::State&, const sy::Move&, const std::optional<sy::State>&,
                        const std::string&, const Budget&) {
  return OutcomeCheck{Membership::not_encoded, {}, "the Scythe encoding is not written yet"};
}

std::vector<ScytheProof> prove(const sy::Rules&, const Budget&) { return {}; }

std::vector<ScytheWitness> ambiguities(const sy::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::scythe

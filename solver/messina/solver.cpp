// Messina's solver entry points: each action and query goes to its section's encoding.
#include "solver/messina/solver.hpp"

namespace rulecheck::solver::messina {

OutcomeCheck check_action(const ms::Rules&, const ms::State&, const ms::Action&, const std::optional<ms::State>&,
                          const std::string&, const Budget&) {
  return OutcomeCheck{Membership::not_encoded, {}, "not encoded yet"};
}

OutcomeCheck check_query(const ms::Rules&, const ms::State&, const ms::Query&, const ms::QueryAnswer&, const Budget&) {
  return OutcomeCheck{Membership::not_encoded, {}, "not encoded yet"};
}

std::vector<MessinaProof> prove(const ms::Rules&, const Budget&) { return {}; }

std::vector<MessinaWitness> ambiguities(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina

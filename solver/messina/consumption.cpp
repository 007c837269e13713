#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

std::optional<Encoded> encode_consume(const SymBoard&, const ms::Consume&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::vector<MessinaProof> consumption_proofs(const ms::Rules&, const Budget&) { return {}; }
std::vector<MessinaWitness> consumption_witnesses(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina

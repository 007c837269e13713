// Placeholder until the Muster encoding lands.
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

std::optional<Encoded> encode_muster(const SymBoard&, const ms::Muster&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_rearm(const SymBoard&, const ms::Rearm&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::vector<MessinaProof> muster_proofs(const ms::Rules&, const Budget&) { return {}; }
std::vector<MessinaWitness> muster_witnesses(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina

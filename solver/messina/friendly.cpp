// Placeholder until the Friendly Area and population placement encoding lands.
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

std::vector<z3::expr> friendly_area(const SymBoard& board, int, ms::Activity, const ms::Rules&) {
  return std::vector<z3::expr>(board.spaces.size(), board.ctx().bool_val(false));
}
std::optional<Encoded> encode_place(const SymBoard&, const ms::Place&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_convert(const SymBoard&, const ms::Convert&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_release(const SymBoard&, const ms::Release&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_friendly_area(const SymBoard&, const ms::FriendlyAreaQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_hostile(const SymBoard&, const ms::HostileQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::vector<MessinaProof> friendly_proofs(const ms::Rules&, const Budget&) { return {}; }
std::vector<MessinaWitness> friendly_witnesses(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina

// Placeholder until the Location Card encoding lands.
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

std::optional<Encoded> encode_expose(const SymBoard&, const ms::Expose&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_hide(const SymBoard&, const ms::Hide&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_transfer(const SymBoard&, const ms::Transfer&, const SymBoard&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<Encoded> encode_end_exploration(const SymBoard&, const ms::EndExploration&, const SymBoard&,
                                              const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_must_expose(const SymBoard&, const ms::MustExposeQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_tie_break(const SymBoard&, const ms::TieBreakQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_bombable(const SymBoard&, const ms::BombableQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::optional<SymAnswer> encode_support_cut(const SymBoard&, const ms::SupportCutQuery&, const ms::Rules&) {
  return std::nullopt;
}
std::vector<MessinaProof> cards_proofs(const ms::Rules&, const Budget&) { return {}; }
std::vector<MessinaWitness> cards_witnesses(const ms::Rules&, const Budget&) { return {}; }

}  // namespace rulecheck::solver::messina

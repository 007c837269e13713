// The Messina unbounded proofs (unbounded.hpp), run by solver/unbounded.hpp's runner: each question on
// its own solver; vacuity: each question's premises (the action doing what the claim is about) hold
// somewhere.
#include "solver/messina/unbounded.hpp"

namespace rulecheck::solver::messina {

namespace {

std::vector<UnboundedProof> catalogue(const ms::Rules& rules) {
  std::vector<UnboundedProof> all;
  for (auto section : {&unbounded_consumption, &unbounded_stacking, &unbounded_friendly})
    for (auto& p : section(rules)) {
      p.exercised_words = "the action does what the claim is about (adds a unit, a shortfall past step 1)";
      all.push_back(std::move(p));
    }
  // The per-action invariants say what their vacuity check asks themselves.
  for (auto section : {&unbounded_consumption_steps, &unbounded_muster, &unbounded_population, &unbounded_cards,
                       &unbounded_reachable})
    for (auto& p : section(rules)) all.push_back(std::move(p));
  return all;
}

}  // namespace

std::vector<MessinaProof> unbounded_proofs(const ms::Rules& rules, const Budget& budget) {
  return unbounded_records<ms::State, Step>(catalogue(rules), budget);
}

void unbounded_strength(std::vector<MessinaProof>& proofs, const ms::Rules& rules, const Budget& budget) {
  solver::unbounded_strength<ms::State, Step>(proofs, catalogue(rules), budget);
}

}  // namespace rulecheck::solver::messina

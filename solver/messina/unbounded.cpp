// The Messina unbounded proofs (unbounded.hpp), run by solver/unbounded.hpp's runner: each question on
// its own solver; vacuity: each question's premises (the action doing what the claim is about) hold
// somewhere.
#include "solver/messina/unbounded.hpp"

#include <functional>

#include "solver/parallel.hpp"

namespace rulecheck::solver::messina {

namespace {

std::vector<UnboundedProof> catalogue(const ms::Rules& rules) {
  std::vector<UnboundedProof> all;
  // The per-action invariants not yet written as a section's relation (section_theorems.hpp); each says
  // what its vacuity check asks.
  for (auto section : {&unbounded_reachable})
    for (auto& p : section(rules)) all.push_back(std::move(p));
  return all;
}

}  // namespace

// Each proof on its own context: the proofs on two threads (solver/parallel.hpp), the records in the
// catalogue's order.
std::vector<MessinaProof> unbounded_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::vector<UnboundedProof> all = catalogue(rules);
  std::vector<std::function<std::vector<MessinaProof>()>> tasks;
  for (const UnboundedProof& u : all)
    tasks.push_back([&u, &budget] { return unbounded_records<ms::State, Step>({u}, budget); });
  return run_in_order(tasks);
}

void unbounded_strength(std::vector<MessinaProof>& proofs, const ms::Rules& rules, const Budget& budget) {
  const std::vector<UnboundedProof> all = catalogue(rules);
  std::vector<std::function<std::vector<MessinaProof>()>> tasks;
  for (const MessinaProof& p : proofs)
    tasks.push_back([&p, &all, &budget] {
      std::vector<MessinaProof> one{p};
      solver::unbounded_strength<ms::State, Step>(one, all, budget);
      return one;
    });
  proofs = run_in_order(tasks);
}

}  // namespace rulecheck::solver::messina

// Inside solver/: `rulecheck prove --strength` for any game. Each proved proof is asked again under
// each misreading of the clauses it cites (misreading.hpp: the clause's legality conditions left
// out, or its effect), and records which misreadings break it (killed) and which it survives. A
// misreading that leaves nothing out of the proof's steps (the clause carries no condition or effect
// there) is inert and not listed. A proof with no killing misreading is hollow.
#pragma once

#include <algorithm>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "solver/budget.hpp"
#include "solver/findings.hpp"
#include "solver/misreading.hpp"
#include "solver/parallel.hpp"

namespace rulecheck::solver {

// `prove_under(budget)`: the game's proofs asked of the encoding the budget's misreading makes.
template <typename State, typename Step>
void check_strength(std::vector<Proof<State, Step>>& proofs,
                    const std::function<std::vector<Proof<State, Step>>(const Budget&)>& prove_under,
                    const Budget& budget) {
  using Part = Misreading::Part;
  struct Task {
    std::size_t proof;
    std::shared_ptr<Misreading> misreading;
  };
  std::vector<Task> tasks;
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    if (proofs[i].status != ProofStatus::proved || proofs[i].strength_checked) continue;
    for (const auto& clause : proofs[i].clauses)
      for (Part part : {Part::conditions, Part::effect})
        tasks.push_back({i, std::make_shared<Misreading>(clause, part, proofs[i].id)});
  }
  // Each run gives the outcome for its task's proof, or nothing when the misreading left the proof's
  // steps as they were (inert: not listed).
  using Outcome = std::pair<std::size_t, MutantOutcome>;
  std::vector<std::function<std::vector<Outcome>()>> runs;
  for (const Task& t : tasks)
    runs.push_back([&t, &prove_under, &budget]() -> std::vector<Outcome> {
      Budget under = budget;
      under.misreading = t.misreading.get();
      const std::string name = t.misreading->name();
      std::vector<Proof<State, Step>> results;
      try {
        results = prove_under(under);
      } catch (const std::exception& e) {  // z3::exception is one too
        return {{t.proof, {name, false, std::string("unknown: the solver failed: ") + e.what()}}};
      }
      if (t.misreading->dropped.load() == 0) return {};
      const auto it = std::find_if(results.begin(), results.end(),
                                   [&](const Proof<State, Step>& r) { return r.id == t.misreading->proof; });
      if (it == results.end()) return {{t.proof, {name, false, "the proof was not run under it"}}};
      if (it->status == ProofStatus::refuted) return {{t.proof, {name, true, it->detail}}};
      if (it->status == ProofStatus::proved) return {{t.proof, {name, false, "still proved"}}};
      return {{t.proof, {name, false, std::string(proof_status_name(it->status)) + ": " + it->detail}}};
    });
  for (auto& [proof, outcome] : run_in_order(runs)) proofs[proof].mutants.push_back(std::move(outcome));
  for (auto& p : proofs)
    if (p.status == ProofStatus::proved) p.strength_checked = true;
}

}  // namespace rulecheck::solver

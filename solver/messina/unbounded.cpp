// Runs the unbounded proofs (unbounded.hpp): each question on its own solver, the first that is
// sat or unknown deciding the record; vacuity: each question's premises alone are satisfiable.
#include "solver/messina/unbounded.hpp"

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/misreading.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

namespace {

std::vector<UnboundedProof> catalogue(const ms::Rules& rules) {
  std::vector<UnboundedProof> all;
  for (auto section : {&unbounded_consumption, &unbounded_stacking, &unbounded_friendly})
    for (auto& p : section(rules)) all.push_back(std::move(p));
  return all;
}

// What asking `proof` (under `misreading`, "" for none) decides: proved, refuted (the first question
// whose claim fails, named) or unknown; `vacuity` counts the questions whose premises hold somewhere.
struct Asked {
  ProofStatus status = ProofStatus::proved;
  std::string detail;
  int satisfiable = 0, questions = 0;
  bool exercised = false;  // the vacuity check asked that the action do what the claim is about
};

Asked ask(const UnboundedProof& proof, const std::string& misreading, const Budget& budget, bool check_vacuity) {
  Asked out;
  try {
    z3::context ctx;
    for (const Question& q : proof.ask(ctx, misreading)) {
      if (cancel_requested()) return {ProofStatus::interrupted, kInterrupted, 0, 0};
      ++out.questions;
      if (check_vacuity) {
        z3::solver premises = one_shot_solver(ctx, budget);
        premises.add(q.premises);
        if (q.exercised) {
          premises.add(*q.exercised);
          out.exercised = true;
        }
        const z3::check_result some = run_check(premises);
        if (some == z3::unknown) {
          const std::string why = unknown_reason(premises);
          return {undecided(why), fmt::format("{}: {}", q.name, why), 0, 0};
        }
        if (some == z3::sat) ++out.satisfiable;
      }
      z3::solver s = one_shot_solver(ctx, budget);
      s.add(q.premises);
      s.add(!q.claim);
      const z3::check_result r = run_check(s);
      if (r == z3::unsat) continue;
      if (r == z3::unknown) return {undecided(unknown_reason(s)), fmt::format("{}: {}", q.name, unknown_reason(s)), 0, 0};
      return {ProofStatus::refuted,
              fmt::format("{} breaks it (a model over the uninterpreted sorts: no concrete board is written)", q.name),
              0, 0};
    }
  } catch (const z3::exception& e) {
    const std::string why = failure_reason(e);
    return {undecided(why), why, 0, 0};
  }
  return out;
}

MessinaProof record_of(const UnboundedProof& u, const Budget& budget) {
  MessinaProof p = proof_of<ms::State, Step>(u.id, u.claim, u.clauses, ProofScope{true, u.covers});
  const Asked a = ask(u, "", budget, /*check_vacuity=*/true);
  p.status = a.status;
  p.detail = a.detail;
  if (p.status != ProofStatus::proved) return p;
  if (a.satisfiable < a.questions) {
    p.status = ProofStatus::unknown;
    p.detail = fmt::format("vacuous: the premises of {} of {} questions have no model{}", a.questions - a.satisfiable,
                           a.questions, a.exercised ? " where the action does what the claim is about" : "");
  } else {
    p.vacuity = fmt::format("all {} questions (action kinds x readings) have a model of their premises{}", a.questions,
                            a.exercised ? " where the action does what the claim is about (adds a unit, a shortfall "
                                          "past step 1)"
                                        : " (claims about every board: no action)");
  }
  return p;
}

}  // namespace

std::vector<MessinaProof> unbounded_proofs(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> out;
  for (const UnboundedProof& u : catalogue(rules)) {
    if (!asked(budget.misreading, u.id)) continue;  // a generic misreading of a bounded proof: not ours
    out.push_back(record_of(u, budget));
  }
  return out;
}

void unbounded_strength(std::vector<MessinaProof>& proofs, const ms::Rules& rules, const Budget& budget) {
  for (const UnboundedProof& u : catalogue(rules))
    for (MessinaProof& p : proofs) {
      if (p.id != u.id || p.status != ProofStatus::proved) continue;
      p.strength_checked = true;
      for (const std::string& m : u.misreadings) {
        const Asked a = ask(u, m, budget, /*check_vacuity=*/false);
        const bool killed = a.status == ProofStatus::refuted;
        p.mutants.push_back(
            {m, killed, killed ? a.detail : a.status == ProofStatus::proved ? "still proved" : a.detail});
      }
    }
}

}  // namespace rulecheck::solver::messina

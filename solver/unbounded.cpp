// Runs one unbounded proof (unbounded.hpp): each question on its own solver, the first that is sat or
// unknown deciding the record; vacuity: each question's premises (with `exercised`) are satisfiable.
#include "solver/unbounded.hpp"

#include "common/cancel.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver {

Asked ask_unbounded(const UnboundedProof& proof, const std::string& misreading, const Budget& budget,
                    bool check_vacuity) {
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
  // A stop asked while the questions were built ends their building (proof.ask returns those built
  // so far): never proved on fewer questions than the claim has.
  if (cancel_requested()) return {ProofStatus::interrupted, kInterrupted, 0, 0};
  return out;
}

VacuityAsked unbounded_vacuity(const UnboundedProof& proof, const Budget& budget) {
  try {
    z3::context ctx;
    std::vector<VacuityQuestion> qs;
    for (const Question& q : proof.ask(ctx, "")) qs.push_back({q.name, q.premises, q.reachable, ctx.bool_val(true), q.exercised});
    std::string stated;
    for (const std::string& i : proof.reachable_invariants) stated += (stated.empty() ? "" : ", ") + i;
    VacuityAsked v = check_vacuity(
        ctx, qs, budget,
        {stated.empty() ? "none written" : stated,
         "the action is legal on that reachable board (its conditions and effect are among this proof's premises: the "
         "check of (a))",
         proof.exercised_words, proof.reachable_invariants});
    if (!v.report.reachable_board.checked) v.report.guard.says = "not checked: (a) was not";
    return v;
  } catch (const z3::exception& e) {
    VacuityAsked v;
    // Z3 stopped by SIGINT/SIGTERM may throw ("canceled"): an interruption, not an open question.
    v.undecided = cancel_requested() ? std::string(kInterrupted) : failure_reason(e);
    return v;
  }
}

}  // namespace rulecheck::solver

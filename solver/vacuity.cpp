// A proof's vacuity check in three parts (vacuity.hpp).
#include "solver/vacuity.hpp"

#include "common/cancel.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver {

namespace {

// The board of a model in words: each uninterpreted sort with how many elements the model gives it.
std::string board_of(z3::context& ctx, const z3::model& m) {
  const unsigned n = Z3_model_get_num_sorts(ctx, m);
  std::string out;
  for (unsigned i = 0; i < n; ++i) {
    const z3::sort s(ctx, Z3_model_get_sort(ctx, m, i));
    const z3::expr_vector universe(ctx, Z3_model_get_sort_universe(ctx, m, s));
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", universe.size(), s.name().str());
  }
  return out.empty() ? "a model of the counts (no uninterpreted sort in these questions)" : "a model with " + out;
}

// One check of one part: sat counts, unsat names the first question, unknown stops with why.
struct PartCheck {
  VacuityPart& part;
  std::optional<std::string>& undecided;
  bool witness_wanted;
  void ask(z3::context& ctx, z3::solver& s, const std::string& question) {
    ++part.questions;
    const z3::check_result r = run_check(s);
    if (r == z3::sat) {
      ++part.satisfiable;
      if (witness_wanted && part.witness.empty()) part.witness = question + ": " + board_of(ctx, s.get_model());
    } else if (r == z3::unsat) {
      if (part.failed.empty()) part.failed = question;
    } else if (!undecided) {
      // Z3 stopped by SIGINT/SIGTERM answers unknown: that is an interruption, not an open question.
      undecided = cancel_requested() ? std::string(kInterrupted) : question + ": " + unknown_reason(s);
    }
  }
};

}  // namespace

VacuityAsked check_vacuity(z3::context& ctx, const std::vector<VacuityQuestion>& questions, const Budget& budget,
                           const VacuityWords& words) {
  VacuityAsked out;
  VacuityReport& r = out.report;
  r.invariants = words.invariants;
  r.reachable_board.says = "the premises and the invariants of the states play can reach (" + words.reachable + ")";
  r.guard.says = words.guard;
  r.antecedent.says = "on some board " + words.exercised;
  r.antecedent.checked = true;
  r.reachable_board.checked = r.guard.checked = true;
  PartCheck reach{r.reachable_board, out.undecided, true}, guard{r.guard, out.undecided, true},
      antecedent{r.antecedent, out.undecided, false};
  for (const VacuityQuestion& q : questions) {
    if (cancel_requested()) {
      out.undecided = kInterrupted;
      return out;
    }
    if (q.reachable) {
      // One-shot solvers (their preprocessing solves the action's defined quantities away), one per part.
      z3::solver a = one_shot_solver(ctx, budget);
      a.add(q.premises);
      a.add(*q.reachable);
      reach.ask(ctx, a, q.name);
      z3::solver b = one_shot_solver(ctx, budget);
      b.add(q.premises);
      b.add(*q.reachable);
      b.add(q.action);
      guard.ask(ctx, b, q.name);
    } else {
      r.reachable_board.checked = r.guard.checked = false;
    }
    z3::solver s = one_shot_solver(ctx, budget);
    s.add(q.premises);
    s.add(q.action);
    if (q.exercised) s.add(*q.exercised);
    antecedent.ask(ctx, s, q.name);
    if (out.undecided) return out;
  }
  if (!r.reachable_board.checked) {
    r.reachable_board.says = "not checked: no invariant of the states play can reach is written for these questions";
    r.guard.says = "not checked: (a) was not";
  }
  for (VacuityPart* p : {&r.reachable_board, &r.guard, &r.antecedent})
    p->holds = p->checked && p->satisfiable == p->questions;
  return out;
}

}  // namespace rulecheck::solver

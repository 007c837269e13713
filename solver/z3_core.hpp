// Inside solver/ only: constraints named by clause id, and checking them so that an unsat core is
// a list of clauses (DESIGN.md: "name every constraint after its clause id").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/budget.hpp"
#include "solver/findings.hpp"

namespace rulecheck::solver {

// One rule constraint and the clause it encodes.
struct Named {
  std::string clause;
  z3::expr formula;
};
using Constraints = std::vector<Named>;

// The conjunction of the formulas (true for none).
z3::expr all_of(z3::context& ctx, const Constraints& constraints);

enum class Sat { sat, unsat, unknown };

struct CheckResult {
  Sat status = Sat::unknown;
  std::vector<std::string> core;   // unsat: the clauses of an unsat core, sorted, each once
  std::optional<z3::model> model;  // sat: a model
  std::string reason;              // unknown: why (for example "max. resource limit exceeded")
};

// Runs `solver`'s check and reads the answer: sat with a model, unsat (no core), unknown with why.
// A check that throws (Z3 out of memory) ends unknown with why (failure_reason), never a crash.
CheckResult checked(z3::solver& solver);
CheckResult checked(z3::optimize& optimize);
// The same, the reason of an unknown said against `budget` (unknown_reason(solver, budget)).
CheckResult checked(z3::solver& solver, const Budget& budget);
CheckResult checked(z3::optimize& optimize, const Budget& budget);

// Every check goes through these: a check that starts after rulecheck was asked to stop (a signal,
// common/cancel.hpp) is not run, and one in flight is interrupted (z3::context::interrupt); both
// end unknown, and unknown_reason() then says kInterrupted. Z3's own SIGINT handler is never
// installed (every solver is made with "ctrl_c" false): the signals are rulecheck's.
// A check that throws (Z3 out of memory: memory_max_size, or failing otherwise) returns unknown,
// and unknown_reason says why ("the solver's memory limit of 2048 MB was reached"): every question
// of both games, proofs, searches and outcome checks alike, ends unknown rather than crashing.
z3::check_result run_check(z3::solver& solver);
z3::check_result run_check(z3::optimize& optimize);
inline constexpr const char* kInterrupted = "interrupted";
// Why the last check of `solver` ended unknown: kInterrupted when rulecheck was asked to stop,
// else Z3's reason.
std::string unknown_reason(z3::solver& solver);
std::string unknown_reason(z3::optimize& optimize);
// The same, said in rulecheck's words where the check had `budget`: "interrupted", "the work limit
// was reached (rlimit N)" when Z3 counted at least N steps (an optimiser says only "unknown" or
// "canceled" then), "the solver's memory limit of M MB was reached", else "Z3 gave up: <reason>".
std::string unknown_reason(z3::solver& solver, const Budget& budget);
std::string unknown_reason(z3::optimize& optimize, const Budget& budget);
// Whether a reason unknown_reason() gave is an interruption (not the budget).
inline bool is_interrupted(const std::string& reason) { return reason == kInterrupted; }
// A proof left undecided for `reason`: interrupted or unknown.
inline ProofStatus undecided(const std::string& reason) {
  return is_interrupted(reason) ? ProofStatus::interrupted : ProofStatus::unknown;
}

// Checks `facts` (not tracked: the state and the claim being checked) with each of `tracked`
// asserted under its clause, within `budget`.
CheckResult check_named(z3::context& ctx, const std::vector<z3::expr>& facts, const Constraints& tracked,
                        const Budget& budget);

// When every formula of `tracked` is closed (simplifies to true or false), the clauses whose
// formula is false, sorted and each once; nullopt when some formula is still open. A concrete
// state, action and claimed outcome never need the solver's search: this is the fast path of a
// membership check, and it names every clause broken rather than one core.
std::optional<std::vector<std::string>> falsified_if_closed(const Constraints& tracked);

// Which clauses of `tracked` cannot hold together with `facts` (the open choices' domains): the
// closed constraints that are false, and, when the rest cannot all hold, an unsat core of the rest.
// An empty list: every constraint can hold (for some value of what is still open). The shared
// step of every membership check, for both games.
struct Broken {
  bool unknown = false;              // the budget ran out on the open constraints
  std::string reason;                // unknown: why
  std::vector<std::string> clauses;  // sorted, each once
};
Broken broken_clauses(z3::context& ctx, const std::vector<z3::expr>& facts, const Constraints& tracked,
                      const Budget& budget);

// Clause ids as one line: "a, b, c".
std::string clause_list(const std::vector<std::string>& clauses);

// A fresh solver whose checks stop at `budget`.
z3::solver bounded_solver(z3::context& ctx, const Budget& budget);
// A fresh solver for one question asked once (a proof, a search's first check), stopping at
// `budget`: the formula is simplified and its defined variables (an outcome's components, each
// equal to what the effect gives) solved away before the SMT core sees it, which more than pays
// for itself on the proofs' boards. Not for incremental use.
z3::solver one_shot_solver(z3::context& ctx, const Budget& budget);

// A fresh optimiser whose checks stop at `budget`.
z3::optimize bounded_optimize(z3::context& ctx, const Budget& budget);

// Why the limit of z3 memory, or a board too large, keeps a question from being asked: "the
// encoding would need 1002 spaces; the bound is 26". nullopt when `spaces` is within kMaxSpaces.
std::optional<std::string> too_many_spaces(long long spaces);
// What a z3::exception thrown while building or checking a question means, for an unknown's detail.
std::string failure_reason(const z3::exception& e);

// The value of an integer expression in a model (completing it when the model leaves it free).
int int_value(const z3::model& m, const z3::expr& e);
bool bool_value(const z3::model& m, const z3::expr& e);

}  // namespace rulecheck::solver

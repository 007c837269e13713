// Inside solver/ only: constraints named by clause id, and checking them so that an unsat core is
// a list of clauses (DESIGN.md: "name every constraint after its clause id").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/budget.hpp"

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

// Checks `facts` (not tracked: the state and the claim being checked) with each of `tracked`
// asserted under its clause, within `budget`.
CheckResult check_named(z3::context& ctx, const std::vector<z3::expr>& facts, const Constraints& tracked,
                        const Budget& budget);

// When every formula of `tracked` is closed (simplifies to true or false), the clauses whose
// formula is false, sorted and each once; nullopt when some formula is still open. A concrete
// state, action and claimed outcome never need the solver's search: this is the fast path of a
// membership check, and it names every clause broken rather than one core.
std::optional<std::vector<std::string>> falsified_if_closed(const Constraints& tracked);

// A fresh solver whose checks stop at `budget`.
z3::solver bounded_solver(z3::context& ctx, const Budget& budget);

// The value of an integer expression in a model (completing it when the model leaves it free).
int int_value(const z3::model& m, const z3::expr& e);
bool bool_value(const z3::model& m, const z3::expr& e);

}  // namespace rulecheck::solver

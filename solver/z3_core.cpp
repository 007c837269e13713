#include "solver/z3_core.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace rulecheck::solver {

namespace {

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

z3::expr all_of(z3::context& ctx, const Constraints& constraints) {
  z3::expr_vector v(ctx);
  for (const auto& c : constraints) v.push_back(c.formula);
  return v.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

z3::solver bounded_solver(z3::context& ctx, const Budget& budget) {
  z3::solver s(ctx);
  z3::params p(ctx);
  p.set("rlimit", budget.rlimit);
  s.set(p);
  return s;
}

CheckResult check_named(z3::context& ctx, const std::vector<z3::expr>& facts, const Constraints& tracked,
                        const Budget& budget) {
  z3::solver s = bounded_solver(ctx, budget);
  for (const auto& f : facts) s.add(f);
  // One tracking literal per constraint; several constraints may share a clause.
  std::map<std::string, std::string> clause_of;
  for (std::size_t i = 0; i < tracked.size(); ++i) {
    std::string name = fmt::format("{}#{}", tracked[i].clause, i);
    s.add(tracked[i].formula, name.c_str());
    clause_of[name] = tracked[i].clause;
  }
  CheckResult r;
  switch (s.check()) {
    case z3::sat:
      r.status = Sat::sat;
      r.model = s.get_model();
      break;
    case z3::unsat: {
      r.status = Sat::unsat;
      z3::expr_vector core = s.unsat_core();
      for (unsigned i = 0; i < core.size(); ++i) {
        const auto it = clause_of.find(core[i].decl().name().str());
        if (it != clause_of.end()) r.core.push_back(it->second);
      }
      sort_unique(r.core);
      break;
    }
    case z3::unknown:
      r.status = Sat::unknown;
      r.reason = s.reason_unknown();
      break;
  }
  return r;
}

std::optional<std::vector<std::string>> falsified_if_closed(const Constraints& tracked) {
  std::vector<std::string> broken;
  for (const auto& c : tracked) {
    z3::expr v = c.formula.simplify();
    if (v.is_true()) continue;
    if (v.is_false()) {
      broken.push_back(c.clause);
      continue;
    }
    return std::nullopt;
  }
  sort_unique(broken);
  return broken;
}

int int_value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).get_numeral_int(); }

bool bool_value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).is_true(); }

}  // namespace rulecheck::solver

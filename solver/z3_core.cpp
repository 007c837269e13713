#include "solver/z3_core.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "common/cancel.hpp"

namespace rulecheck::solver {

namespace {

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The constraints split into the clauses of those that simplify to false (sorted, each once) and
// those still open; those that simplify to true are dropped.
struct ClosedSplit {
  std::vector<std::string> false_clauses;
  Constraints open;
};

ClosedSplit split_closed(const Constraints& tracked) {
  ClosedSplit s;
  for (const auto& c : tracked) {
    const z3::expr v = c.formula.is_true() || c.formula.is_false() ? c.formula : c.formula.simplify();
    if (v.is_false())
      s.false_clauses.push_back(c.clause);
    else if (!v.is_true())
      s.open.push_back(c);
  }
  sort_unique(s.false_clauses);
  return s;
}

// The contexts of the checks in flight, interrupted on every cancel request. Never destroyed (a
// watcher thread may cancel while the process exits).
struct InFlight {
  std::mutex lock;
  std::set<z3::context*> contexts;  // guarded by lock
};

InFlight& in_flight() {
  static InFlight* f = [] {
    // Z3's memory limit, process-wide, before any check (the first check is made after the first
    // context, but a question's terms are small next to this limit until its check).
    z3::set_param("memory_max_size", static_cast<int>(kSolverMemoryMb));
    auto* made = new InFlight;
    add_canceller([made] {
      const std::lock_guard<std::mutex> hold(made->lock);
      for (z3::context* c : made->contexts) c->interrupt();
    });
    return made;
  }();
  return *f;
}

// The memory limit is set as soon as this library is loaded, before any context is made.
[[maybe_unused]] const bool memory_limited = (in_flight(), true);

// The last check on this thread that threw (Z3 out of memory, or failing otherwise): its context
// and why. run_check turns the exception into unknown; unknown_reason says why.
struct Failure {
  const z3::context* ctx = nullptr;
  std::string reason;
};
thread_local Failure last_failure;

// Why the last check of `ctx` on this thread threw; nullopt when it did not.
std::optional<std::string> failed_check(const z3::context& ctx) {
  if (last_failure.ctx != &ctx) return std::nullopt;
  return last_failure.reason;
}

template <typename S>
z3::check_result run_registered(S& s) {
  InFlight& f = in_flight();
  z3::context* ctx = &s.ctx();
  last_failure = Failure{};
  {
    const std::lock_guard<std::mutex> hold(f.lock);
    if (cancel_requested()) return z3::unknown;
    f.contexts.insert(ctx);
  }
  struct Leave {
    InFlight& f;
    z3::context* ctx;
    ~Leave() {
      const std::lock_guard<std::mutex> hold(f.lock);
      f.contexts.erase(ctx);
    }
  } leave{f, ctx};
  try {
    return s.check();
  } catch (const z3::exception& e) {  // out of memory, or Z3 failing: unknown with why, never a crash
    last_failure = Failure{ctx, failure_reason(e)};
    return z3::unknown;
  }
}

z3::params solver_params(z3::context& ctx, const Budget& budget) {
  z3::params p(ctx);
  p.set("rlimit", budget.rlimit);
  p.set("ctrl_c", false);  // never Z3's SIGINT handler: the signals are rulecheck's
  return p;
}

}  // namespace

z3::check_result run_check(z3::solver& solver) { return run_registered(solver); }
z3::check_result run_check(z3::optimize& optimize) { return run_registered(optimize); }

std::string unknown_reason(z3::solver& solver) {
  if (auto failed = failed_check(solver.ctx())) return *failed;
  return cancel_requested() ? std::string(kInterrupted) : solver.reason_unknown();
}
std::string unknown_reason(z3::optimize& optimize) {
  if (auto failed = failed_check(optimize.ctx())) return *failed;
  return cancel_requested() ? std::string(kInterrupted)
                            : std::string(Z3_optimize_get_reason_unknown(optimize.ctx(), optimize));
}

namespace {

// Z3's count of its basic steps in the last check (0 when it keeps none).
double rlimit_count(const z3::stats& stats) {
  for (unsigned i = 0; i < stats.size(); ++i)
    if (stats.key(i) == "rlimit count") return stats.is_uint(i) ? stats.uint_value(i) : stats.double_value(i);
  return 0;
}

std::string budget_reason(const std::string& z3_reason, double steps, const Budget& budget) {
  if (cancel_requested()) return kInterrupted;
  if (z3_reason.find("memory") != std::string::npos)
    return fmt::format("the solver's memory limit of {} MB was reached", kSolverMemoryMb);
  if (z3_reason.find("resource limit") != std::string::npos || steps >= static_cast<double>(budget.rlimit))
    return fmt::format("the work limit was reached (rlimit {})", budget.rlimit);
  return "Z3 gave up: " + z3_reason;
}

}  // namespace

std::string unknown_reason(z3::solver& solver, const Budget& budget) {
  if (auto failed = failed_check(solver.ctx())) return *failed;
  return budget_reason(solver.reason_unknown(), rlimit_count(solver.statistics()), budget);
}
std::string unknown_reason(z3::optimize& optimize, const Budget& budget) {
  if (auto failed = failed_check(optimize.ctx())) return *failed;
  return budget_reason(Z3_optimize_get_reason_unknown(optimize.ctx(), optimize), rlimit_count(optimize.statistics()),
                       budget);
}

std::optional<std::string> too_many_spaces(long long spaces) {
  if (spaces <= kMaxSpaces) return std::nullopt;
  return fmt::format("the encoding would need {} spaces; the bound is {}", spaces, kMaxSpaces);
}

std::string failure_reason(const z3::exception& e) {
  if (cancel_requested()) return kInterrupted;
  const std::string what = e.msg();
  if (what.find("out of memory") != std::string::npos)
    return fmt::format("the solver's memory limit of {} MB was reached", kSolverMemoryMb);
  return "the solver failed: " + what;
}

z3::optimize bounded_optimize(z3::context& ctx, const Budget& budget) {
  z3::optimize o(ctx);
  o.set(solver_params(ctx, budget));
  return o;
}

std::string clause_list(const std::vector<std::string>& clauses) {
  std::string out;
  for (const auto& c : clauses) out += (out.empty() ? "" : ", ") + c;
  return out;
}

z3::expr all_of(z3::context& ctx, const Constraints& constraints) {
  z3::expr_vector v(ctx);
  for (const auto& c : constraints) v.push_back(c.formula);
  return v.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

z3::solver bounded_solver(z3::context& ctx, const Budget& budget) {
  z3::solver s(ctx);
  s.set(solver_params(ctx, budget));
  return s;
}

z3::solver one_shot_solver(z3::context& ctx, const Budget& budget) {
  const z3::tactic t = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "solve-eqs") & z3::tactic(ctx, "elim-uncnstr") &
                       z3::tactic(ctx, "simplify") & z3::tactic(ctx, "smt");
  z3::solver s = t.mk_solver();
  s.set(solver_params(ctx, budget));
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
  CheckResult r = checked(s, budget);
  if (r.status == Sat::unsat) {
    z3::expr_vector core = s.unsat_core();
    for (unsigned i = 0; i < core.size(); ++i) {
      const auto it = clause_of.find(core[i].decl().name().str());
      if (it != clause_of.end()) r.core.push_back(it->second);
    }
    sort_unique(r.core);
  }
  return r;
}

namespace {

// A check that throws (Z3 out of memory, or failing otherwise) ends unknown with why, as one over
// its budget: never a crash, never a verdict.
template <typename S>
CheckResult checked_any(S& s, const Budget* budget) {
  CheckResult r;
  try {
    switch (run_check(s)) {
      case z3::sat:
        r.status = Sat::sat;
        r.model = s.get_model();
        break;
      case z3::unsat: r.status = Sat::unsat; break;
      case z3::unknown:
        r.status = Sat::unknown;
        r.reason = budget ? unknown_reason(s, *budget) : unknown_reason(s);
        break;
    }
  } catch (const z3::exception& e) {
    r = CheckResult{};
    r.reason = failure_reason(e);
  }
  return r;
}

}  // namespace

CheckResult checked(z3::solver& s) { return checked_any(s, nullptr); }
CheckResult checked(z3::optimize& o) { return checked_any(o, nullptr); }
CheckResult checked(z3::solver& s, const Budget& budget) { return checked_any(s, &budget); }
CheckResult checked(z3::optimize& o, const Budget& budget) { return checked_any(o, &budget); }

std::optional<std::vector<std::string>> falsified_if_closed(const Constraints& tracked) {
  ClosedSplit s = split_closed(tracked);
  if (!s.open.empty()) return std::nullopt;
  return s.false_clauses;
}

Broken broken_clauses(z3::context& ctx, const std::vector<z3::expr>& facts, const Constraints& tracked,
                      const Budget& budget) {
  ClosedSplit s = split_closed(tracked);
  Broken out{false, "", std::move(s.false_clauses)};
  if (!s.open.empty()) {
    const CheckResult r = check_named(ctx, facts, s.open, budget);
    if (r.status == Sat::unknown) {
      out.unknown = true;
      out.reason = r.reason;
    } else if (r.status == Sat::unsat) {
      out.clauses.insert(out.clauses.end(), r.core.begin(), r.core.end());
    }
  }
  sort_unique(out.clauses);
  return out;
}

int int_value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).get_numeral_int(); }

bool bool_value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).is_true(); }

}  // namespace rulecheck::solver

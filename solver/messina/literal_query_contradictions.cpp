// The contradiction probe of the literal encoding's query kinds (literal_query_kinds.hpp): the clause-
// tagged constraints of one copy of a query's relation asked together on every shape of the kind, on
// boards play can reach; when none lets them all hold, the clauses cut to a minimal set that still
// cannot (the step kinds' probes are literal_contradictions.cpp).
#include <set>
#include <string>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/findings.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/literal_query_kinds.hpp"
#include "solver/messina/reachable.hpp"

namespace rulecheck::solver::messina {

namespace {

using namespace literal;

// Whether the constraints of `clauses` (one copy's) can all hold on some board of `shape` play can reach.
z3::check_result holds_together(const QueryKind& k, const Shape& shape, const std::set<std::string>& clauses,
                                const ms::Rules& rules, const Budget& budget, std::string& why) {
  if (cancel_requested()) {
    why = kInterrupted;
    return z3::unknown;
  }
  z3::context ctx;
  const SymBoard pre = free_board(ctx, shape, "");
  const std::optional<QueryCopy> x = query_relation(k, pre, "1");
  if (!x) {
    why = "the query names a faction or space the shape lacks";
    return z3::unknown;
  }
  z3::solver s = bounded_solver(ctx, budget);
  for (const auto& c : well_formed(pre, rules.numbers)) s.add(c.formula);
  s.add(reachable_board(pre, rules));
  s.add(x->v.domains());
  for (const auto& c : x->conditions)
    if (clauses.count(c.clause)) s.add(c.formula);
  const z3::check_result r = run_check(s);
  if (r == z3::unknown) why = unknown_reason(s, budget);
  return r;
}

z3::check_result on_every_shape(const QueryKind& k, const std::set<std::string>& clauses, const ms::Rules& rules,
                                const Budget& budget, std::string& why) {
  z3::check_result last = z3::unsat;
  for (const Shape& shape : k.shapes) {
    std::string w;
    const z3::check_result r = holds_together(k, shape, clauses, rules, budget, w);
    if (r == z3::sat) return r;
    if (r == z3::unknown) {
      last = r;
      why = w;
    }
  }
  return last;
}

std::set<std::string> clauses_of(const QueryKind& k) {
  z3::context ctx;
  const SymBoard pre = free_board(ctx, k.shapes.front(), "");
  std::set<std::string> out;
  if (const auto x = query_relation(k, pre, "1"))
    for (const auto& c : x->conditions) out.insert(c.clause);
  return out;
}

}  // namespace

void query_contradictions(const ms::Rules& rules, const Budget& budget, ContradictionSearch& out) {
  for (const QueryKind& k : query_kinds()) {
    ++out.probes;
    std::set<std::string> core = clauses_of(k);
    std::string why;
    const z3::check_result all = on_every_shape(k, core, rules, budget, why);
    if (all == z3::sat) continue;
    if (all == z3::unknown) {
      if (out.why.empty()) out.why = fmt::format("{}: {}", k.name, why.empty() ? "unknown" : why);
      continue;
    }
    core = minimal_clause_set(std::move(core), [&](const std::set<std::string>& trial) {
      std::string w;
      return on_every_shape(k, trial, rules, budget, w) == z3::unsat;
    });
    out.found.push_back({k.name,
                         k.title,
                         {core.begin(), core.end()},
                         "No board of the scope lets these clauses all hold for this query: read literally, "
                         "together they give it no answer."});
  }
}

}  // namespace rulecheck::solver::messina

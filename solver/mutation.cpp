// Generic mutants of a relation (mutation.hpp): constraints dropped, comparisons moved by one.
#include "solver/mutation.hpp"

#include <functional>
#include <map>

#include <fmt/format.h>

namespace rulecheck::solver {

namespace {

// An integer comparison: its operator, and the rewrites that weaken or strengthen it by one.
struct Rewrite {
  FormulaMutation::Kind kind;
  const char* words;
  std::function<z3::expr(const z3::expr&, const z3::expr&)> make;
};

std::vector<Rewrite> rewrites_of(Z3_decl_kind op) {
  using K = FormulaMutation::Kind;
  switch (op) {
    case Z3_OP_LE:
      return {{K::weakened, "`a <= b` read as `a <= b + 1`", [](auto a, auto b) { return a <= b + 1; }},
              {K::strengthened, "`a <= b` read as `a < b`", [](auto a, auto b) { return a < b; }}};
    case Z3_OP_GE:
      return {{K::weakened, "`a >= b` read as `a + 1 >= b`", [](auto a, auto b) { return a + 1 >= b; }},
              {K::strengthened, "`a >= b` read as `a > b`", [](auto a, auto b) { return a > b; }}};
    case Z3_OP_LT:
      return {{K::weakened, "`a < b` read as `a <= b`", [](auto a, auto b) { return a <= b; }},
              {K::strengthened, "`a < b` read as `a + 1 < b`", [](auto a, auto b) { return a + 1 < b; }}};
    case Z3_OP_GT:
      return {{K::weakened, "`a > b` read as `a >= b`", [](auto a, auto b) { return a >= b; }},
              {K::strengthened, "`a > b` read as `a > b + 1`", [](auto a, auto b) { return a > b + 1; }}};
    case Z3_OP_EQ:
      return {{K::weakened, "`a = b` read as `a <= b`", [](auto a, auto b) { return a <= b; }},
              {K::weakened, "`a = b` read as `a >= b`", [](auto a, auto b) { return a >= b; }},
              {K::strengthened, "`a = b` read as `a = b + 1`", [](auto a, auto b) { return a == b + 1; }}};
    default:
      return {};
  }
}

bool integer_comparison(const z3::expr& e) {
  if (!e.is_app() || e.num_args() != 2) return false;
  if (rewrites_of(e.decl().decl_kind()).empty()) return false;
  return e.arg(0).is_int() && e.arg(1).is_int();
}

// Visits every integer comparison of `e` depth first, left to right; `visit(comparison)` returns the
// replacement or the comparison itself. Returns `e` rebuilt (the same expression when nothing changed).
z3::expr rebuild(const z3::expr& e, const std::function<z3::expr(const z3::expr&)>& visit) {
  if (e.is_quantifier()) {
    const z3::expr body = rebuild(e.body(), visit);
    Z3_ast arg = body;
    return z3::expr(e.ctx(), Z3_update_term(e.ctx(), e, 1, &arg));
  }
  if (!e.is_app() || e.num_args() == 0) return e;
  if (integer_comparison(e)) {
    // The comparison's operands first (a comparison inside an ite inside an operand is a site too).
    const z3::expr a = rebuild(e.arg(0), visit), b = rebuild(e.arg(1), visit);
    Z3_ast args[2] = {a, b};
    const z3::expr same(e.ctx(), Z3_update_term(e.ctx(), e, 2, args));
    return visit(same);
  }
  std::vector<Z3_ast> args;
  std::vector<z3::expr> keep;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    keep.push_back(rebuild(e.arg(i), visit));
    args.push_back(keep.back());
  }
  return z3::expr(e.ctx(), Z3_update_term(e.ctx(), e, static_cast<unsigned>(args.size()), args.data()));
}

// The comparisons of `e` in visiting order (their operators).
std::vector<Z3_decl_kind> comparisons(const z3::expr& e) {
  std::vector<Z3_decl_kind> out;
  rebuild(e, [&](const z3::expr& c) {
    out.push_back(c.decl().decl_kind());
    return c;
  });
  return out;
}

z3::expr mutate_site(const z3::expr& e, std::size_t site, const Rewrite& how) {
  std::size_t at = 0;
  return rebuild(e, [&](const z3::expr& c) { return at++ == site ? how.make(c.arg(0), c.arg(1)) : c; });
}

// Which rewrite of the comparison `op` a mutation's (kind, variant) names.
const Rewrite* rewrite_named(Z3_decl_kind op, const FormulaMutation& m, std::vector<Rewrite>& storage) {
  storage = rewrites_of(op);
  if (m.variant < 0 || static_cast<std::size_t>(m.variant) >= storage.size()) return nullptr;
  return &storage[static_cast<std::size_t>(m.variant)];
}

std::string ordinal_words(std::size_t ordinal, std::size_t count) {
  return count == 1 ? "its constraint" : fmt::format("constraint {} of {}", ordinal + 1, count);
}

// The index in `relation` of `source`'s constraint number `ordinal`, or relation.size().
std::size_t index_of(const Constraints& relation, const std::string& source, std::size_t ordinal) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < relation.size(); ++i)
    if (relation[i].clause == source && seen++ == ordinal) return i;
  return relation.size();
}

}  // namespace

std::vector<FormulaMutation> formula_mutations(const Constraints& relation) {
  std::map<std::string, std::size_t> count;
  for (const Named& n : relation) ++count[n.clause];
  std::map<std::string, std::size_t> seen;
  std::vector<FormulaMutation> out;
  for (const Named& n : relation) {
    const std::size_t ordinal = seen[n.clause]++;
    const std::size_t of = count[n.clause];
    FormulaMutation drop{FormulaMutation::Kind::dropped, n.clause, ordinal, of, 0, 0,
                         ordinal_words(ordinal, of) + " dropped"};
    out.push_back(drop);
    const std::vector<Z3_decl_kind> ops = comparisons(n.formula);
    for (std::size_t site = 0; site < ops.size(); ++site) {
      const std::vector<Rewrite> rs = rewrites_of(ops[site]);
      for (std::size_t v = 0; v < rs.size(); ++v)
        out.push_back({rs[v].kind, n.clause, ordinal, of, site, static_cast<int>(v),
                       fmt::format("{}, comparison {}: {}", ordinal_words(ordinal, of), site + 1, rs[v].words)});
    }
  }
  return out;
}

Constraints mutated(const Constraints& relation, const FormulaMutation& m, bool* applied) {
  if (applied) *applied = false;
  const std::size_t i = index_of(relation, m.source, m.ordinal);
  if (i == relation.size()) return relation;
  Constraints out = relation;
  if (m.kind == FormulaMutation::Kind::dropped) {
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
    if (applied) *applied = true;
    return out;
  }
  const std::vector<Z3_decl_kind> ops = comparisons(relation[i].formula);
  if (m.site >= ops.size()) return relation;
  std::vector<Rewrite> storage;
  const Rewrite* how = rewrite_named(ops[m.site], m, storage);
  if (how == nullptr || how->kind != m.kind) return relation;
  out[i].formula = mutate_site(relation[i].formula, m.site, *how);
  if (applied) *applied = true;
  return out;
}

std::size_t constraint_index(const Constraints& relation, const FormulaMutation& m) {
  return index_of(relation, m.source, m.ordinal);
}

std::string mutation_name(const FormulaMutation& m) { return m.source + ": " + m.words; }

bool equivalent_mutation(const Constraints& relation, const FormulaMutation& m, unsigned rlimit) {
  if (m.kind == FormulaMutation::Kind::dropped) return false;
  const std::size_t i = index_of(relation, m.source, m.ordinal);
  if (i == relation.size()) return false;
  bool applied = false;
  const Constraints after = mutated(relation, m, &applied);
  if (!applied) return false;
  z3::context& ctx = relation[i].formula.ctx();
  Budget budget;
  budget.rlimit = rlimit;
  z3::solver s = bounded_solver(ctx, budget);
  s.add(relation[i].formula != after[i].formula);
  return checked(s, budget).status == Sat::unsat;
}

}  // namespace rulecheck::solver

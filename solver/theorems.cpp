// Asking a section's theorems, and their mutants (theorems.hpp).
#include "solver/theorems.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "common/cancel.hpp"

namespace rulecheck::solver {

namespace {

z3::expr conjunction(z3::context& ctx, const Constraints& relation) { return all_of(ctx, relation); }

// One question: sat (the claim fails somewhere), unsat (it holds) or unknown, with why.
struct Answer {
  z3::check_result result;
  std::string why;
};

Answer ask_one(z3::context& ctx, const Ask& a, const Constraints& relation, const Budget& budget) {
  z3::solver s = one_shot_solver(ctx, budget);
  s.add(a.premises);
  s.add(conjunction(ctx, relation));
  s.add(!a.claim);
  const z3::check_result r = run_check(s);
  return {r, r == z3::unknown ? unknown_reason(s) : ""};
}

bool has_model(z3::context& ctx, const Ask& a, const Budget& budget, std::string& why) {
  z3::solver s = one_shot_solver(ctx, budget);
  s.add(a.premises);
  s.add(conjunction(ctx, a.relation));
  if (a.exercised) s.add(*a.exercised);
  const z3::check_result r = run_check(s);
  if (r == z3::unknown) why = unknown_reason(s);
  return r == z3::sat;
}

using Key = std::tuple<std::string, std::size_t, int, std::size_t, int>;
Key key_of(const FormulaMutation& m) { return {m.source, m.ordinal, static_cast<int>(m.kind), m.site, m.variant}; }

void add_once(std::vector<std::string>& v, const std::string& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

Decided ask_questions(z3::context& ctx, const std::vector<Ask>& asks, const Budget& budget, bool check_vacuity,
                      const RelationEdit& edit) {
  Decided out;
  for (const Ask& a : asks) {
    if (cancel_requested()) return {ProofStatus::interrupted, kInterrupted};
    ++out.questions;
    if (check_vacuity) {
      std::string why;
      if (has_model(ctx, a, budget, why)) ++out.satisfiable;
      else if (!why.empty()) return {undecided(why), a.name + ": " + why};
    }
    const Answer r = ask_one(ctx, a, edit ? edit(a.relation) : a.relation, budget);
    if (r.result == z3::unsat) continue;
    if (r.result == z3::unknown) return {undecided(r.why), a.name + ": " + r.why};
    return {ProofStatus::refuted,
            a.name + " breaks it (a model over the uninterpreted sorts: no concrete board is written)"};
  }
  if (cancel_requested()) return {ProofStatus::interrupted, kInterrupted};
  return out;
}

MutantVerdict ask_mutant(z3::context& ctx, const std::vector<Ask>& asks, const FormulaMutation& m,
                         const Budget& budget) {
  bool applies = false, open = false;
  for (const Ask& a : asks) {
    bool applied = false;
    const Constraints relation = mutated(a.relation, m, &applied);
    if (!applied) continue;
    applies = true;
    const Answer r = ask_one(ctx, a, relation, budget);
    if (r.result == z3::sat) return MutantVerdict::killed;
    if (r.result == z3::unknown) open = true;
  }
  if (!applies) return MutantVerdict::not_applicable;
  return open ? MutantVerdict::undecided : MutantVerdict::survived;
}

MutantVerdict ask_rule_mutant(z3::context& ctx, const std::vector<Ask>& asks, const Budget& budget) {
  bool open = false;
  for (const Ask& a : asks) {
    const Answer r = ask_one(ctx, a, a.relation, budget);
    if (r.result == z3::sat) return MutantVerdict::killed;
    if (r.result == z3::unknown) open = true;
  }
  return open ? MutantVerdict::undecided : MutantVerdict::survived;
}

bool same_relations(const std::vector<Ask>& a, const std::vector<Ask>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].relation.size() != b[i].relation.size()) return false;
    for (std::size_t k = 0; k < a[i].relation.size(); ++k)
      if (a[i].relation[k].clause != b[i].relation[k].clause ||
          !z3::eq(a[i].relation[k].formula, b[i].relation[k].formula))
        return false;
  }
  return true;
}

std::vector<FormulaMutation> section_mutations(const std::vector<Ask>& asks) {
  std::vector<FormulaMutation> out;
  std::set<Key> seen;
  for (const Ask& a : asks)
    for (const FormulaMutation& m : formula_mutations(a.relation))
      if (seen.insert(key_of(m)).second) out.push_back(m);
  return out;
}

bool equivalent_in(const std::vector<Ask>& asks, const FormulaMutation& m, unsigned rlimit) {
  for (const Ask& a : asks) {
    bool applied = false;
    (void)mutated(a.relation, m, &applied);
    if (applied) return equivalent_mutation(a.relation, m, rlimit);
  }
  return false;
}

void record_verdict(SourceStrength& s, const std::string& theorem, const std::string& mutant, MutantVerdict v) {
  if (v == MutantVerdict::not_applicable) return;
  add_once(s.asked, mutant);
  if (v == MutantVerdict::killed) {
    add_once(s.killed_by, theorem);
    add_once(s.killed, mutant);
  }
  if (v == MutantVerdict::undecided) add_once(s.open, mutant);
}

void settle_strength(std::vector<SourceStrength>& sources) {
  for (SourceStrength& s : sources) {
    s.mutants = static_cast<int>(s.asked.size());
    for (const std::string& m : s.asked) {
      if (std::find(s.killed.begin(), s.killed.end(), m) != s.killed.end()) continue;
      const bool open = std::find(s.open.begin(), s.open.end(), m) != s.open.end();
      (open ? s.undecided : s.survived).push_back(m);
    }
  }
  std::sort(sources.begin(), sources.end(),
            [](const SourceStrength& a, const SourceStrength& b) { return a.source < b.source; });
}

}  // namespace rulecheck::solver

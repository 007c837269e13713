// Asking a section's theorems, and their mutants (theorems.hpp).
#include "solver/theorems.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <tuple>

#include <fmt/format.h>

#include "common/cancel.hpp"

namespace rulecheck::solver {

namespace {

z3::expr conjunction(z3::context& ctx, const Constraints& relation) { return all_of(ctx, relation); }

// One question: sat (the claim fails somewhere), unsat (it holds) or unknown, with why.
struct Answer {
  z3::check_result result;
  std::string why;
};

Answer ask_one(z3::context& ctx, const Ask& a, const Constraints& relation, const Constraints& twin,
               const Budget& budget) {
  z3::solver s = one_shot_solver(ctx, budget);
  s.add(a.premises);
  s.add(conjunction(ctx, relation));
  s.add(conjunction(ctx, twin));
  s.add(!a.claim);
  const z3::check_result r = run_check(s);
  return {r, r == z3::unknown ? unknown_reason(s) : ""};
}

bool has_model(z3::context& ctx, const Ask& a, const Budget& budget, std::string& why) {
  z3::solver s = one_shot_solver(ctx, budget);
  s.add(a.premises);
  s.add(conjunction(ctx, a.relation));
  s.add(conjunction(ctx, a.twin));
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
    const Answer r = edit ? ask_one(ctx, a, edit(a.relation), a.twin.empty() ? a.twin : edit(a.twin), budget)
                          : ask_one(ctx, a, a.relation, a.twin, budget);
    if (r.result == z3::unsat) continue;
    if (r.result == z3::unknown) return {undecided(r.why), a.name + ": " + r.why};
    return {ProofStatus::refuted,
            a.name + " breaks it (a model over the uninterpreted sorts: no concrete board is written)"};
  }
  if (cancel_requested()) return {ProofStatus::interrupted, kInterrupted};
  return out;
}

std::vector<VacuityQuestion> vacuity_questions(z3::context& ctx, const std::vector<Ask>& asks) {
  std::vector<VacuityQuestion> out;
  for (const Ask& a : asks)
    out.push_back({a.name, a.premises, a.reachable, conjunction(ctx, a.relation) && conjunction(ctx, a.twin),
                   a.exercised});
  return out;
}

VacuityWords theorem_vacuity_words(const std::vector<std::string>& invariants, const std::string& exercised) {
  std::string stated;
  for (const std::string& i : invariants) stated += (stated.empty() ? "" : ", ") + i;
  return {stated.empty() ? "none written" : stated,
          "on that reachable board the question's action is legal (the relation, its guard and effect, has a model)",
          exercised, invariants};
}

MutantVerdict ask_mutant(z3::context& ctx, const std::vector<Ask>& asks, const FormulaMutation& m,
                         const Budget& budget) {
  bool applies = false, open = false;
  for (const Ask& a : asks) {
    bool applied = false;
    const Constraints relation = mutated(a.relation, m, &applied);
    if (!applied) continue;
    applies = true;
    const Answer r = ask_one(ctx, a, relation, mutated(a.twin, m), budget);
    if (r.result == z3::sat) return MutantVerdict::killed;
    if (r.result == z3::unknown) open = true;
  }
  if (!applies) return MutantVerdict::not_applicable;
  return open ? MutantVerdict::undecided : MutantVerdict::survived;
}

namespace {

// One question's constraints, each under a literal, in an incremental solver.
struct Tracked {
  z3::solver solver;
  std::vector<z3::expr> relation, twin;  // literals, per constraint
};

Tracked tracked(z3::context& ctx, const Ask& a, const Budget& budget, std::size_t question) {
  Tracked t{bounded_solver(ctx, budget), {}, {}};
  t.solver.add(a.premises);
  t.solver.add(!a.claim);
  auto track = [&](const Constraints& cs, std::vector<z3::expr>& lits, const char* copy) {
    for (std::size_t i = 0; i < cs.size(); ++i) {
      lits.push_back(ctx.bool_const(fmt::format("q{}_{}{}", question, copy, i).c_str()));
      t.solver.add(z3::implies(lits.back(), cs[i].formula));
    }
  };
  track(a.relation, t.relation, "r");
  track(a.twin, t.twin, "t");
  return t;
}

// The assumptions that ask `m` of a tracked question: every constraint's literal but the one mutated,
// and a literal for its mutated form (added to the solver), in both copies.
z3::expr_vector assumptions_for(z3::context& ctx, Tracked& t, const Ask& a, const FormulaMutation& m,
                                std::size_t at, std::size_t serial) {
  z3::expr_vector on(ctx);
  auto copy = [&](const Constraints& cs, const std::vector<z3::expr>& lits, const char* name) {
    for (std::size_t i = 0; i < lits.size(); ++i)
      if (i != at) on.push_back(lits[i]);
    if (m.kind == FormulaMutation::Kind::dropped || at >= cs.size()) return;
    const z3::expr lit = ctx.bool_const(fmt::format("m{}_{}", serial, name).c_str());
    t.solver.add(z3::implies(lit, mutated(cs, m)[at].formula));
    on.push_back(lit);
  };
  copy(a.relation, t.relation, "r");
  copy(a.twin, t.twin, "t");
  return on;
}

}  // namespace

ProofCores::ProofCores(std::size_t constraints) : constraints_(constraints) {}

void ProofCores::add(const std::vector<std::size_t>& used) {
  std::vector<bool> core(constraints_, false);
  for (std::size_t i : used)
    if (i < constraints_) core[i] = true;
  if (std::find(cores_.begin(), cores_.end(), core) == cores_.end()) cores_.push_back(std::move(core));
}

bool ProofCores::leaves_out(std::size_t at) const {
  return at < constraints_ && std::any_of(cores_.begin(), cores_.end(), [at](const auto& c) { return !c[at]; });
}

namespace {

// The constraints (by index, the relation's and its twin's alike) whose literals are in the unsat core
// of `t`'s last check, or none when a literal outside `t`'s own (a mutant's) is in it: such a core
// proves the text's question only together with that mutant, not alone.
std::optional<std::vector<std::size_t>> core_constraints(Tracked& t) {
  std::map<unsigned, std::size_t> index_of;
  for (std::size_t i = 0; i < t.relation.size(); ++i) index_of[t.relation[i].id()] = i;
  for (std::size_t i = 0; i < t.twin.size(); ++i) index_of[t.twin[i].id()] = i;
  std::vector<std::size_t> out;
  const z3::expr_vector core = t.solver.unsat_core();
  for (unsigned k = 0; k < core.size(); ++k) {
    const auto it = index_of.find(core[k].id());
    if (it == index_of.end()) return std::nullopt;
    out.push_back(it->second);
  }
  return out;
}

// The text's question asked once over every constraint's literal: its unsat core, the first of
// `cores`. (Proved questions only reach here; a question Z3 does not decide within the budget gives
// no core, and every mutant is then asked.)
void prove_text(Tracked& t, ProofCores& cores) {
  z3::expr_vector all(t.solver.ctx());
  for (const z3::expr& l : t.relation) all.push_back(l);
  for (const z3::expr& l : t.twin) all.push_back(l);
  if (t.solver.check(all) != z3::unsat) return;
  if (const auto used = core_constraints(t)) cores.add(*used);
}

// The share of the budget a mutant gets in the question's incremental solver before it is asked again
// of a one-shot solver (budget.rlimit / kIncrementalShare).
constexpr unsigned kIncrementalShare = 25;

// Asks mutant `m` (of constraint `at`) of tracked question `t`: first in its incremental solver within
// a share of the budget (most checks need far less, and a survivor's unsat core there can spare later
// checks), then, when that ends unknown, of a fresh one-shot solver with the whole budget, whose
// preprocessing (solve-eqs, elim-uncnstr) the quantified questions of the Friendly Area need: there a
// survivor's proof took about an eighth of the time the incremental solver took. Either answer, sat or
// unsat, decides the same formula; unknown only when the one-shot solver too ran out of budget.
z3::check_result check_mutant(z3::context& ctx, Tracked& t, const Ask& a, const FormulaMutation& m, std::size_t at,
                              std::size_t serial, ProofCores& cores, const Budget& budget) {
  t.solver.set("rlimit", budget.rlimit / kIncrementalShare);
  const z3::check_result r = t.solver.check(assumptions_for(ctx, t, a, m, at, serial));
  if (r == z3::unsat)
    if (const auto used = core_constraints(t)) cores.add(*used);
  if (r != z3::unknown || cancel_requested()) return r;
  return ask_one(ctx, a, mutated(a.relation, m), mutated(a.twin, m), budget).result;
}

// Merges one question's verdict on a mutant into what the questions asked so far decided: a kill
// stands; an undecided question makes an unkilled mutant undecided; a survival checked by Z3 outranks
// one by construction (survived_unused stays only when every question left the constraint out).
void merge_verdict(MutantVerdict& into, MutantVerdict question) {
  if (into == MutantVerdict::killed || into == MutantVerdict::skipped) return;
  if (question == MutantVerdict::killed || question == MutantVerdict::undecided) {
    into = question;
  } else if (question == MutantVerdict::survived) {
    if (into == MutantVerdict::not_applicable || into == MutantVerdict::survived_unused) into = question;
  } else if (question == MutantVerdict::survived_unused && into == MutantVerdict::not_applicable) {
    into = question;
  }
}

// The mutants of `mutations` asked of question `q` (its own incremental solver), their verdicts merged
// into `out` (merge_verdict). A mutant whose constraint some proof of the question leaves out (an unsat
// core without it, ProofCores) survives the question with no check made. `guard` (when given) is held
// around every read and write of `out` and every call of `skip` and `on_kill`, so that several threads
// can ask questions at once.
void ask_question(z3::context& ctx, const Ask& a, std::size_t q, const std::vector<FormulaMutation>& mutations,
                  const Budget& budget, const std::function<bool(std::size_t)>& skip,
                  const std::function<void(std::size_t)>& on_kill, std::vector<MutantVerdict>& out,
                  std::mutex* guard) {
  auto lock = [guard] { return guard ? std::unique_lock<std::mutex>(*guard) : std::unique_lock<std::mutex>(); };
  Tracked t = tracked(ctx, a, budget, q);
  ProofCores cores(std::max(a.relation.size(), a.twin.size()));
  prove_text(t, cores);
  std::size_t serial = 0;
  for (std::size_t i = 0; i < mutations.size(); ++i) {
    if (cancel_requested()) return;
    const std::size_t at = constraint_index(a.relation, mutations[i]);
    if (at >= a.relation.size()) continue;
    {
      const auto held = lock();
      if (out[i] == MutantVerdict::killed || out[i] == MutantVerdict::skipped) continue;
      if (skip && skip(i)) {
        out[i] = MutantVerdict::skipped;
        continue;
      }
      if (cores.leaves_out(at)) {
        merge_verdict(out[i], MutantVerdict::survived_unused);
        continue;
      }
    }
    const z3::check_result r = check_mutant(ctx, t, a, mutations[i], at, serial++, cores, budget);
    const auto held = lock();
    if (out[i] == MutantVerdict::killed || out[i] == MutantVerdict::skipped) continue;
    const MutantVerdict v = r == z3::sat     ? MutantVerdict::killed
                            : r == z3::unsat ? MutantVerdict::survived
                                             : MutantVerdict::undecided;
    merge_verdict(out[i], v);
    if (v == MutantVerdict::killed && on_kill) on_kill(i);
  }
}

}  // namespace

std::vector<MutantVerdict> ask_mutants(z3::context& ctx, const std::vector<Ask>& asks,
                                       const std::vector<FormulaMutation>& mutations, const Budget& budget,
                                       const std::function<bool(std::size_t)>& skip,
                                       const std::function<void(std::size_t)>& on_kill) {
  std::vector<MutantVerdict> out(mutations.size(), MutantVerdict::not_applicable);
  for (std::size_t q = 0; q < asks.size() && !cancel_requested(); ++q)
    ask_question(ctx, asks[q], q, mutations, budget, skip, on_kill, out, nullptr);
  return out;
}

std::vector<MutantVerdict> ask_mutants_split(const AskBuilder& build, const std::vector<FormulaMutation>& mutations,
                                             const Budget& budget, const std::function<bool(std::size_t)>& skip,
                                             const std::function<void(std::size_t)>& on_kill, unsigned threads) {
  std::vector<MutantVerdict> out(mutations.size(), MutantVerdict::not_applicable);
  std::mutex guard;
  std::atomic<std::size_t> next = 0;
  on_threads(threads, [&] {
    z3::context ctx;
    const std::vector<Ask> asks = build(ctx);
    for (std::size_t q = next++; q < asks.size() && !cancel_requested(); q = next++)
      ask_question(ctx, asks[q], q, mutations, budget, skip, on_kill, out, &guard);
  });
  return out;
}

void on_threads(unsigned threads, const std::function<void()>& work) {
  std::mutex guard;
  std::exception_ptr first;
  auto guarded = [&] {
    try {
      work();
    } catch (...) {
      const std::lock_guard<std::mutex> held(guard);
      if (!first) first = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(guarded);
  guarded();
  for (std::thread& t : pool) t.join();
  if (first) std::rethrow_exception(first);
}

MutantVerdict ask_rule_mutant(z3::context& ctx, const std::vector<Ask>& asks, const Budget& budget) {
  bool open = false;
  for (const Ask& a : asks) {
    const Answer r = ask_one(ctx, a, a.relation, a.twin, budget);
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

std::string verdict_words(MutantVerdict v) {
  switch (v) {
    case MutantVerdict::killed:
      return "refuted";
    case MutantVerdict::survived:
      return "still proved";
    case MutantVerdict::survived_unused:
      return "still proved, no check made: in each question holding this constraint, a proof of the text's "
             "question (an unsat core) does not use it";
    default:
      return "unknown";
  }
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

std::vector<SourceStrength> merge_strength(const std::vector<std::vector<SourceStrength>>& runs) {
  std::vector<SourceStrength> out;
  for (const auto& run : runs)
    for (const SourceStrength& s : run) {
      auto it = std::find_if(out.begin(), out.end(), [&](const SourceStrength& o) { return o.source == s.source; });
      if (it == out.end()) {
        SourceStrength fresh;
        fresh.source = s.source;
        out.push_back(std::move(fresh));
        it = out.end() - 1;
      }
      it->equivalent = std::max(it->equivalent, s.equivalent);
      for (const auto& x : s.killed_by) add_once(it->killed_by, x);
      for (const auto& x : s.asked) add_once(it->asked, x);
      for (const auto& x : s.killed) add_once(it->killed, x);
      for (const auto& x : s.open) add_once(it->open, x);
    }
  settle_strength(out);
  return out;
}

}  // namespace rulecheck::solver

// Inside solver/ only (it includes Z3): theorems of a section's relation, for any game, and their
// strength measured by generic mutants (mutation.hpp).
//
// A theorem is asked as questions (one per faction kind, reading, ...): the premises (what the state
// format and the invariants say of the state before, the domains of the action's choices), the
// section's relation (its constraints tagged with their clause or convention, kept apart so that a
// mutant can replace them) and the claim, which reads only the state before and after in the fields of
// the state format. Proved: premises && relation && !claim is unsat in every question. Vacuity: in every
// question premises && relation (&& exercised) has a model, else the theorem is reported unknown.
//
// Strength: the mutants of the relation (each constraint dropped, each comparison one off, each ruleset
// number the section reads one off, each reading swapped) are asked of every theorem of the section. A
// mutant is killed by the theorems that fail under it; one no theorem kills survived. A clause is
// protected when some theorem kills one of its mutants. Nothing requires a mutant to die.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "common/cancel.hpp"
#include "solver/budget.hpp"
#include "solver/findings.hpp"
#include "solver/mutation.hpp"
#include "solver/vacuity.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver {

// One question of a theorem.
struct Ask {
  std::string name;  // the case in words: "a human faction's Consumption, bill all-tokens, step 3 map-only"
  z3::expr premises;
  Constraints relation;
  z3::expr claim;
  std::optional<z3::expr> exercised = std::nullopt;  // vacuity: the action does what the claim is about
  // A second copy of the relation over another state after (a claim that the outcome is decided), or
  // none. A mutant changes both copies alike.
  Constraints twin = {};
  // Vacuity (solver/vacuity.hpp): the game's invariants of the states play can reach, over this
  // question's state before; none: not written (the record is then not proved non-vacuous).
  std::optional<z3::expr> reachable = std::nullopt;
};

// What asking a theorem's questions decides; `satisfiable` counts the questions whose premises and
// relation (and `exercised`) have a model, when vacuity was asked.
struct Decided {
  ProofStatus status = ProofStatus::proved;
  std::string detail;
  int satisfiable = 0, questions = 0;
};

// Asks `asks`, each relation passed through `edit` (identity: the relation as the text reads).
using RelationEdit = std::function<Constraints(const Constraints&)>;
Decided ask_questions(z3::context& ctx, const std::vector<Ask>& asks, const Budget& budget, bool check_vacuity,
                      const RelationEdit& edit = nullptr);

// What the relation of a question is built from, given the rules the question's case reads (its
// faction kind and readings fixed): the same rules for the text, another variant for a rule mutant.
template <typename Rules>
using RuleEdit = std::function<Rules(const Rules&)>;

// Applies `edit` (none: the rules as they are).
template <typename Rules>
Rules relation_rules(const RuleEdit<Rules>& edit, const Rules& rules) {
  return edit ? edit(rules) : rules;
}

// A rule variant the section is asked under: a ruleset number one off, a reading swapped. Applied to
// each question's rules after its case fixed the readings, so a swap reads the other reading there.
template <typename Rules>
struct RuleMutant {
  std::string source;  // the number's key or the interpretation point's id
  std::string words;   // "tokens_per_food_and_water one higher", "the other reading"
  RuleEdit<Rules> edit;
};

template <typename Rules>
struct Theorem {
  std::string id;
  std::string claim;   // in words, about the state before and after
  std::string covers;  // the action kinds, readings and boards its questions range over
  std::vector<std::string> clauses;
  std::string exercised_words = "the action does what the claim is about";
  // What each question's `reachable` states: invariant ids of rules/<game>/invariants.json and the
  // state format's own facts ("format: counts not negative").
  std::vector<std::string> reachable_invariants;
  // The questions: premises and claim from `rules` (each case's readings set), the relation from
  // relation_rules(edit, those rules): the same rules for the text, a rule mutant's variant.
  std::function<std::vector<Ask>(z3::context&, const Rules& rules, const RuleEdit<Rules>& edit)> asks;
};


}  // namespace rulecheck::solver

namespace rulecheck::solver {

// Whether one mutant is asked of `asks`: killed (some question refuted), not, or undecided.
// survived_unused: survived with no check made, because in every question that holds its constraint some
// proof of the text's question leaves that constraint out (ProofCores).
enum class MutantVerdict { survived, killed, undecided, not_applicable, skipped, survived_unused };

// The unsat cores found for one question of a theorem, each as the constraints (by index in the
// relation, the twin's constraint i counting as constraint i) it uses: the text's question asked over
// every constraint's literal, and each survivor's check whose core holds no mutated constraint. Both
// prove the text's question from those constraints alone, so a mutant that changes (or drops) a
// constraint some core leaves out still leaves that core unsat: it survives the question by construction.
class ProofCores {
 public:
  explicit ProofCores(std::size_t constraints);
  void add(const std::vector<std::size_t>& used);
  // Whether some core leaves constraint `at` out.
  bool leaves_out(std::size_t at) const;
  std::size_t size() const { return cores_.size(); }

 private:
  std::size_t constraints_;
  std::vector<std::vector<bool>> cores_;
};

// What the theorems of one `prove --strength` run share while they are asked on several threads: the
// mutants some theorem killed and those found equivalent. A theorem that already killed a mutant of a
// clause is not asked the mutants of that clause another theorem killed: neither which theorems kill a
// clause's mutants nor which mutants survive changes, only the work.
class SharedMutants {
 public:
  bool killed(const std::string& name) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return killed_.count(name) > 0;
  }
  void kill(const std::string& name) {
    std::lock_guard<std::mutex> lock(mutex_);
    killed_.insert(name);
  }
  // Whether the mutant is equivalent, computing it with `decide` the first time it is asked.
  bool equivalent(const std::string& name, const std::function<bool()>& decide) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = equivalent_.find(name);
      if (it != equivalent_.end()) return it->second;
    }
    const bool e = decide();
    std::lock_guard<std::mutex> lock(mutex_);
    equivalent_[name] = e;
    return e;
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::string> killed_;
  std::map<std::string, bool> equivalent_;
};
MutantVerdict ask_mutant(z3::context& ctx, const std::vector<Ask>& asks, const FormulaMutation& m,
                         const Budget& budget);
MutantVerdict ask_rule_mutant(z3::context& ctx, const std::vector<Ask>& asks, const Budget& budget);
// Whether two lists of questions have the same relations, constraint by constraint (a rule variant the
// relation does not read).
bool same_relations(const std::vector<Ask>& a, const std::vector<Ask>& b);

// Every mutation in `mutations` asked of `asks` at once: per question one incremental solver holding
// the premises, the negated claim and each constraint (and its mutants) under its own literal, each
// mutant a set of assumptions. A mutant killed in one question is not asked of the next.
// `skip(i)` is asked before each check of mutation i (true: it is not asked, skipped); `on_kill(i)` is
// told each kill.
std::vector<MutantVerdict> ask_mutants(z3::context& ctx, const std::vector<Ask>& asks,
                                       const std::vector<FormulaMutation>& mutations, const Budget& budget,
                                       const std::function<bool(std::size_t)>& skip = nullptr,
                                       const std::function<void(std::size_t)>& on_kill = nullptr);

// Builds a theorem's questions (the text's, or a rule variant's) in the context given: each thread of a
// split run builds them again in its own context (a context is never shared between threads).
using AskBuilder = std::function<std::vector<Ask>(z3::context&)>;

// ask_mutants with the questions shared out between `threads` threads. The verdicts are those of one
// thread: killed when some question kills the mutant, else undecided when some question could not
// decide it, else survived (each check is bounded by rlimit, not time, so no verdict depends on the
// machine). `skip` and `on_kill` are called one at a time.
std::vector<MutantVerdict> ask_mutants_split(const AskBuilder& build, const std::vector<FormulaMutation>& mutations,
                                             const Budget& budget, const std::function<bool(std::size_t)>& skip,
                                             const std::function<void(std::size_t)>& on_kill, unsigned threads);

// Runs `work` on `threads` threads (the calling one among them) and waits; the first exception any
// of them threw is thrown again here.
void on_threads(unsigned threads, const std::function<void()>& work);

// Every mutation of the relations of `asks` (each kept once, by source, ordinal, site and rewrite).
std::vector<FormulaMutation> section_mutations(const std::vector<Ask>& asks);
// Whether `m` says what the text says for every value, in the first question where it applies.
bool equivalent_in(const std::vector<Ask>& asks, const FormulaMutation& m, unsigned rlimit);

// A verdict in the words of a proof record's mutant: "refuted", "still proved", why no check was made,
// "unknown".
std::string verdict_words(MutantVerdict v);
// Adds `theorem`'s verdict on a mutant of `source` to `s` (killed_by once per theorem).
void record_verdict(SourceStrength& s, const std::string& theorem, const std::string& mutant, MutantVerdict v);
// Once every theorem was asked: the counts, and the mutants no theorem killed (survived, or undecided).
void settle_strength(std::vector<SourceStrength>& sources);
// The strength of several runs of section_strength (each over some theorems of one section) as one.
std::vector<SourceStrength> merge_strength(const std::vector<std::vector<SourceStrength>>& runs);

// The vacuity questions of `asks`: each question's relation (and twin) is its action.
std::vector<VacuityQuestion> vacuity_questions(z3::context& ctx, const std::vector<Ask>& asks);
// The words of a theorem's vacuity record.
VacuityWords theorem_vacuity_words(const std::vector<std::string>& invariants, const std::string& exercised);

// A section's proofs as records, in the order of `theorems`: each claim asked, then, when proved in
// every question, the three parts of its vacuity check (solver/vacuity.hpp).
template <typename State, typename Step, typename Rules>
std::vector<Proof<State, Step>> theorem_records(const std::vector<Theorem<Rules>>& theorems, const Rules& rules,
                                                const Budget& budget) {
  std::vector<Proof<State, Step>> out;
  for (const Theorem<Rules>& t : theorems) {
    Proof<State, Step> p = proof_of<State, Step>(t.id, t.claim, t.clauses, ProofScope{true, t.covers});
    const auto started = std::chrono::steady_clock::now();
    try {
      z3::context ctx;
      const std::vector<Ask> asks = t.asks(ctx, rules, nullptr);
      const Decided d = ask_questions(ctx, asks, budget, /*check_vacuity=*/false);
      p.status = d.status;
      p.detail = d.detail;
      if (p.status == ProofStatus::proved) {
        settle_vacuity(p, check_vacuity(ctx, vacuity_questions(ctx, asks), budget,
                                        theorem_vacuity_words(t.reachable_invariants, t.exercised_words)));
        if (p.status == ProofStatus::proved)
          p.vacuity = fmt::format("all {} questions have a model of their premises and the relation where {}",
                                  asks.size(), t.exercised_words);
      }
    } catch (const z3::exception& e) {
      p.status = ProofStatus::unknown;
      p.detail = failure_reason(e);
    }
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    out.push_back(std::move(p));
  }
  return out;
}

// Each rule mutant asked of `t` (`asked` false: the theorem is not proved, each verdict undecided),
// shared out between `threads` threads. A variant whose relation is the text's, constraint for
// constraint (a number or reading the relation does not read), is not_applicable: it is compared with
// the text's questions built in the same context.
template <typename Rules>
std::vector<MutantVerdict> ask_rule_mutants(const Theorem<Rules>& t, const Rules& rules,
                                            const std::vector<RuleMutant<Rules>>& rule_mutants, bool asked,
                                            const Budget& budget, unsigned threads) {
  std::vector<MutantVerdict> out(rule_mutants.size(), MutantVerdict::not_applicable);
  std::atomic<std::size_t> next = 0;
  on_threads(threads, [&] {
    z3::context ctx;
    const std::vector<Ask> text = t.asks(ctx, rules, nullptr);
    for (std::size_t k = next++; k < rule_mutants.size(); k = next++) {
      if (cancel_requested()) return;
      const std::vector<Ask> variant = t.asks(ctx, rules, rule_mutants[k].edit);
      out[k] = same_relations(text, variant) ? MutantVerdict::not_applicable
               : !asked                      ? MutantVerdict::undecided
                                             : ask_rule_mutant(ctx, variant, budget);
    }
  });
  return out;
}

// `prove --strength` for one section: every generic mutant and every rule mutant asked of every
// theorem; per source, which theorems kill its mutants and which mutants survive. Each proved record
// of `proofs` (same ids as `theorems`) gets its mutants' outcomes. Each theorem's questions and rule
// mutants are shared out between `threads` threads (run the theorems one after another).
template <typename State, typename Step, typename Rules>
std::vector<SourceStrength> section_strength(const std::vector<Theorem<Rules>>& theorems, const Rules& rules,
                                             const std::vector<RuleMutant<Rules>>& rule_mutants,
                                             std::vector<Proof<State, Step>>& proofs, const Budget& budget,
                                             SharedMutants* shared = nullptr, unsigned threads = 1) {
  std::vector<SourceStrength> out;
  auto source = [&out](const std::string& id) -> SourceStrength& {
    for (auto& s : out)
      if (s.source == id) return s;
    SourceStrength fresh;
    fresh.source = id;
    out.push_back(std::move(fresh));
    return out.back();
  };
  auto record_of = [&proofs](const std::string& id) -> Proof<State, Step>* {
    for (auto& p : proofs)
      if (p.id == id && p.status == ProofStatus::proved) return &p;
    return nullptr;
  };
  for (const Theorem<Rules>& t : theorems) {
    const bool first = &t == &theorems.front();
    Proof<State, Step>* record = record_of(t.id);
    if (record) record->strength_checked = true;
    z3::context ctx;
    const std::vector<Ask> asks = t.asks(ctx, rules, nullptr);
    std::vector<FormulaMutation> mutations;
    for (const FormulaMutation& m : section_mutations(asks)) {
      const auto decide = [&] { return equivalent_in(asks, m, 200'000); };
      if (!(shared ? shared->equivalent(mutation_name(m), decide) : decide())) {
        mutations.push_back(m);
      } else if (first) {
        ++source(m.source).equivalent;
      }
    }
    std::set<std::string> sources_killed;  // by this theorem
    const auto skip = [&](std::size_t i) {
      return shared && sources_killed.count(mutations[i].source) && shared->killed(mutation_name(mutations[i]));
    };
    const auto on_kill = [&](std::size_t i) {
      sources_killed.insert(mutations[i].source);
      if (shared) shared->kill(mutation_name(mutations[i]));
    };
    const AskBuilder build = [&t, &rules](z3::context& c) { return t.asks(c, rules, nullptr); };
    const std::vector<MutantVerdict> verdicts =
        record ? ask_mutants_split(build, mutations, budget, skip, on_kill, threads)
               : std::vector<MutantVerdict>(mutations.size(), MutantVerdict::undecided);
    for (std::size_t i = 0; i < mutations.size(); ++i) {
      const FormulaMutation& m = mutations[i];
      const MutantVerdict v = verdicts[i];
      if (v == MutantVerdict::skipped) continue;  // killed by another theorem; this one kills its source
      SourceStrength& s = source(m.source);
      record_verdict(s, t.id, mutation_name(m), v);
      if (record && v != MutantVerdict::not_applicable)
        record->mutants.push_back({mutation_name(m), v == MutantVerdict::killed, verdict_words(v)});
    }
    const std::vector<MutantVerdict> rule_verdicts = ask_rule_mutants(t, rules, rule_mutants, record, budget, threads);
    for (std::size_t k = 0; k < rule_mutants.size(); ++k) {
      const RuleMutant<Rules>& rm = rule_mutants[k];
      const MutantVerdict v = rule_verdicts[k];
      if (v == MutantVerdict::not_applicable) continue;  // a number or reading this relation does not read
      record_verdict(source(rm.source), t.id, rm.source + ": " + rm.words, v);
      if (record) record->mutants.push_back({rm.source + ": " + rm.words, v == MutantVerdict::killed, verdict_words(v)});
    }
  }
  settle_strength(out);
  return out;
}

}  // namespace rulecheck::solver

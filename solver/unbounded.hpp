// Inside solver/ only (it includes Z3): proofs that hold for boards of any size, for any game
// (solver/messina/unbounded*.cpp, solver/scythe/unbounded*.cpp). The board's places and factions are
// uninterpreted sorts (any number of each, any adjacency), counts unbounded integers, and each action
// kind has symbolic parameters. A proof is one-step: a board before, the conditions the text puts on
// the action, its effect, and the negation of the claim after it is unsatisfiable. Only the conditions
// the claim needs are stated, so the actions covered are a superset of the legal ones, and each proof
// is asked under every reading of the interpretation points that govern it.
//
// Each proof also carries its catalogue of misreadings: plausible wrong readings of the clauses it
// rests on (a limit off by one, a step order swapped, workers sent to the wrong home base, ...). Under
// `prove --strength` each is asked in turn; a proof no misreading breaks would be hollow.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "solver/budget.hpp"
#include "solver/findings.hpp"
#include "solver/misreading.hpp"
#include "solver/vacuity.hpp"

namespace rulecheck::solver {

// One question of a proof: unsat of premises && !claim means the claim holds in this case. Vacuity:
// premises && exercised must have a model (the action does what the claim is about somewhere: a unit
// added, a shortfall past step 1, a unit moved), else the proof would hold of actions that do nothing.
struct Question {
  std::string name;  // the case in words: the action kind and the readings ("a Muster's builds, all-factions")
  z3::expr premises;
  z3::expr claim;
  std::optional<z3::expr> exercised = std::nullopt;  // none: premises alone
  // Vacuity (solver/vacuity.hpp): the game's invariants of the states play can reach over the board
  // before; none: not written (the record is then not proved non-vacuous).
  std::optional<z3::expr> reachable = std::nullopt;
};

// One unbounded proof. `ask(ctx, misreading)` builds its questions, under the misreading named (one
// of `misreadings`) or, for "", the encoding as the text reads.
struct UnboundedProof {
  std::string id;
  std::string claim;
  std::string covers;
  std::vector<std::string> clauses;
  std::vector<std::string> misreadings;
  std::function<std::vector<Question>(z3::context&, const std::string& misreading)> ask;
  // What the vacuity check's `exercised` asks, in words ("the action adds a unit somewhere").
  std::string exercised_words = "the action does what the claim is about";
  // What a question stands for, in the vacuity record ("all 10 questions (<this>) have a model ...").
  std::string questions_words = "action kinds x readings";
  // What each question's `reachable` states (invariant ids, the state format's facts).
  std::vector<std::string> reachable_invariants;
};

// What asking a proof (under a misreading, "" for none) decides: proved, refuted (the first question
// whose claim fails, named) or unknown; `satisfiable` counts the questions whose premises (and
// `exercised`) hold somewhere, when the vacuity check was asked.
struct Asked {
  ProofStatus status = ProofStatus::proved;
  std::string detail;
  int satisfiable = 0, questions = 0;
  bool exercised = false;  // the vacuity check asked that the action do what the claim is about
};

Asked ask_unbounded(const UnboundedProof& proof, const std::string& misreading, const Budget& budget,
                    bool check_vacuity);

// The three parts of the vacuity check of `proof` as the text reads (solver/vacuity.hpp). The
// questions' premises hold the action's conditions and effect, so (a) and (b) are one check here.
VacuityAsked unbounded_vacuity(const UnboundedProof& proof, const Budget& budget);

// The record of `u` asked as the text reads: proved only when every question is unsat and every
// question's premises have a model (else unknown, "vacuous").
template <typename State, typename Step>
Proof<State, Step> unbounded_record(const UnboundedProof& u, const Budget& budget) {
  Proof<State, Step> p = proof_of<State, Step>(u.id, u.claim, u.clauses, ProofScope{true, u.covers});
  const auto started = std::chrono::steady_clock::now();
  const auto timed = [&] { p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  const Asked a = ask_unbounded(u, "", budget, /*check_vacuity=*/false);
  p.status = a.status;
  p.detail = a.detail;
  if (p.status != ProofStatus::proved) {
    timed();
    return p;
  }
  const VacuityAsked v = unbounded_vacuity(u, budget);
  settle_vacuity(p, v);
  timed();
  if (p.status == ProofStatus::proved)
    p.vacuity = fmt::format("all {} questions ({}) have a model of their premises{}", v.report.antecedent.questions,
                            u.questions_words, " where " + u.exercised_words);
  return p;
}

// Every proof of `catalogue` the budget's misreading asks (all of them without one), as records.
template <typename State, typename Step>
std::vector<Proof<State, Step>> unbounded_records(const std::vector<UnboundedProof>& catalogue, const Budget& budget) {
  std::vector<Proof<State, Step>> out;
  for (const UnboundedProof& u : catalogue) {
    if (!asked(budget.misreading, u.id)) continue;  // a generic misreading of a bounded proof: not ours
    out.push_back(unbounded_record<State, Step>(u, budget));
  }
  return out;
}

// `prove --strength`: each proved proof of `catalogue` in `proofs` asked under each misreading of its
// own list (they are marked strength-checked, so the generic misreadings leave them alone).
template <typename State, typename Step>
void unbounded_strength(std::vector<Proof<State, Step>>& proofs, const std::vector<UnboundedProof>& catalogue,
                        const Budget& budget) {
  for (const UnboundedProof& u : catalogue)
    for (Proof<State, Step>& p : proofs) {
      if (p.id != u.id || p.status != ProofStatus::proved) continue;
      p.strength_checked = true;
      for (const std::string& m : u.misreadings) {
        const Asked a = ask_unbounded(u, m, budget, /*check_vacuity=*/false);
        const bool killed = a.status == ProofStatus::refuted;
        p.mutants.push_back(
            {m, killed, killed ? a.detail : a.status == ProofStatus::proved ? "still proved" : a.detail});
      }
    }
}

}  // namespace rulecheck::solver

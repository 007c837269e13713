// Inside solver/: the one way every Messina proof is run (consumption.cpp, muster.cpp,
// population_proofs.cpp, cards.cpp) and the search for steps whose outcome the text leaves open or makes
// impossible (findings.cpp). A proof asserts, on a free board of a small shape, the well-formedness
// of the state before, the step's legality conditions and effect, and the negation of its claim:
// unsat is a proof, a model a counterexample.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

// What a proof states: its id, the claim in words (with the shape) and the clauses it rests on.
struct ProofClaim {
  std::string id;
  std::string claim;
  std::vector<std::string> clauses;
};

// One step a proof covers, made on the free board `before`: the step's own free choices (facts
// about them, e.g. step 3's units when the proof ranges over every choice), its encoding from
// `before` towards an outcome board, and the concrete step a model makes of it (a counterexample's).
struct StepOnBoard {
  Constraints choices;
  std::function<std::optional<Encoded>(const SymBoard& before, const SymBoard& after)> encode;
  std::function<Step(const z3::model&)> step_in;
};
using ProofStep = std::function<StepOnBoard(const SymBoard& before)>;

// A concrete action, the same on every board.
ProofStep fixed_action(ms::Action action, const ms::Rules& rules);
std::vector<ProofStep> fixed_actions(const std::vector<ms::Action>& actions, const ms::Rules& rules);
// The first faction's Consumption with every step-3 choice: the units step 3 names are free (not
// negative), the same for every outcome of the step (consumption.cpp).
ProofStep every_consumption(const ms::Rules& rules);

// What a bounded proof over `shape` covers, in words (its scope).
std::string shape_in_words(const Shape& shape);

// A claim for every faction (every space) of a board: the conjunction of `per`'s formula for each
// index. For the invariants of the sections' proofs.
z3::expr for_every_faction(const SymBoard& board, const std::function<z3::expr(int)>& per);
z3::expr for_every_space(const SymBoard& board, const std::function<z3::expr(int)>& per);

// A claim about a legal step: its outcome `after` from `before`.
using StepInvariant = std::function<z3::expr(const SymBoard& before, const SymBoard& after)>;

// Every legal step of `steps` on every well-formed board of `shape` keeps `invariant`; the first
// step that breaks it (or leaves it unknown, or is not encoded) decides the record. The effect
// constraints of the clauses in `without` are left out: they state the invariant itself, and the
// proof shows that the rest of the text implies it.
MessinaProof prove_over_steps(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps,
                              const StepInvariant& invariant, const ms::Rules& rules, const Budget& budget,
                              const std::vector<std::string>& without = {});

// Every legal step of `steps` has one outcome: two outcomes of it are the same state.
MessinaProof prove_decided(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps,
                           const ms::Rules& rules, const Budget& budget);

// The search both the proofs and the findings make, on one step: a well-formed board `before`
// where the step is legal with outcome(s) the question asks for (`outcomes`: 0, 1 or 2 boards;
// `question`: what must hold of them, the negation of a claim). Sat with a model, or why not.
struct SearchBoards {
  SymBoard before;
  std::vector<SymBoard> outcomes;
  StepOnBoard step;
  std::vector<Encoded> encoded;  // one per outcome
};
using OutcomeQuestion = std::function<z3::expr(const SearchBoards& boards)>;
CheckResult search_step(z3::context& ctx, const SearchBoards& boards, const OutcomeQuestion& question,
                       const ms::Rules& rules, const Budget& budget, const std::vector<std::string>& without = {});
// A step's legality conditions and effect on `s`, less the effects of the clauses in `without` and
// whatever the budget's misreading leaves out (prove --strength).
void add_step(z3::solver& s, const Encoded& e, const Budget& budget, const std::vector<std::string>& without = {});
// The boards of one search: `before` free over `shape`, `outcomes` free outcome boards, the step
// made on `before` and encoded towards each (nullopt: the step is not encoded).
std::optional<SearchBoards> search_boards(z3::context& ctx, const Shape& shape, const ProofStep& step,
                                          int outcomes);

}  // namespace rulecheck::solver::messina

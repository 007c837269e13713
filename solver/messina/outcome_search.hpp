// Inside solver/: the search for new findings (issue 11) beside the declared interpretation
// points: a step whose outcome the text leaves open ("undecided": two different outcomes of one
// legal step, although the step already carries every choice the player makes) and a step the
// text allows whose outcome is no state at all ("dead-end": the effect the text gives breaks what
// every state satisfies). Both are asked without quantifiers, on free boards of small shapes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "solver/messina/proof_runner.hpp"

namespace rulecheck::solver::messina {

// One step probed: its name (a finding's point is "messina.<kind>.<name>"), the shape of the
// boards it is probed on, the step, and the step in words.
struct Probe {
  std::string name;
  Shape shape;
  ProofStep step;
  std::string title;
};

// The smallest board (by board_size) where the step is legal and has two different outcomes;
// nullopt when there is none on the shape, or when the search could not decide: then
// `why_unknown` (when given) says why.
std::optional<MessinaWitness> undecided_witness(const Probe& probe, const ms::Rules& rules, const Budget& budget,
                                                std::string* why_unknown = nullptr);

// The smallest board where the step is legal and its outcome is not a well-formed state, with the
// clauses of an unsat core of "legal, effect and a well-formed outcome" there; nullopt when there
// is none, or (`why_unknown` set) when not decided. Meaningful where the effect decides the outcome.
std::optional<MessinaWitness> dead_end_witness(const Probe& probe, const ms::Rules& rules, const Budget& budget,
                                               std::string* why_unknown = nullptr);

// Every encoded action type, each on a small shape: Consumption (every step-3 choice), Muster
// (builds, disbands, the AI's builds), Re-arm, the three placements, conversions, a release, and
// the four card actions.
std::vector<Probe> action_probes(const ms::Rules& rules);

// Both searches over `probes`, one record per probe: its finding, or (point "messina.new.<probe>")
// "none" when the solver proved there is none on the probe's shape, "unknown" or "interrupted"
// with why as the note. A dead end is looked for only where no undecided finding is.
std::vector<MessinaWitness> open_outcome_records(const std::vector<Probe>& probes, const ms::Rules& rules,
                                                 const Budget& budget);
// The findings of open_outcome_records alone.
std::vector<MessinaWitness> open_outcomes(const std::vector<Probe>& probes, const ms::Rules& rules,
                                          const Budget& budget);

}  // namespace rulecheck::solver::messina

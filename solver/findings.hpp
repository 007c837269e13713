// What the solver finds, as plain typed values (each game's edge writes them as JSON and scenario
// files): proofs of rule invariants with their counterexamples, and the designer's ambiguity
// witnesses. No Z3 here.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rulecheck::solver {

// A concrete case: a state and one step (an action or a query) from it.
template <typename State, typename Step>
struct Example {
  State state;
  Step step;
};

// interrupted: rulecheck was stopped (SIGINT, SIGTERM) before the proof was decided.
enum class ProofStatus { proved, refuted, unknown, interrupted };

inline const char* proof_status_name(ProofStatus s) {
  return s == ProofStatus::proved      ? "proved"
         : s == ProofStatus::refuted   ? "refuted"
         : s == ProofStatus::unknown   ? "unknown"
                                       : "interrupted";
}

// One rule invariant, proved for all states (unbounded integers unless a rule bounds them) or
// refuted with a counterexample.
template <typename State, typename Step>
struct Proof {
  std::string id;     // "messina.consumption.never-well-fed-to-dead"
  std::string claim;  // the invariant in words
  std::vector<std::string> clauses;
  ProofStatus status = ProofStatus::unknown;
  std::string detail;  // unknown: why; refuted: what the counterexample shows
  std::optional<Example<State, Step>> counterexample;
  std::optional<State> counterexample_next;  // the outcome the rules give there (legal)
};

// Whether a witness record's kind is a finding (not "none", "unknown" or "interrupted").
inline bool is_finding_kind(const std::string& kind) {
  return kind != "none" && kind != "unknown" && kind != "interrupted";
}

// What one reading makes of a witness's step.
template <typename State, typename Answer>
struct ReadingOutcome {
  std::string reading;
  bool is_query = false;
  bool legal = false;            // actions
  std::string rule;              // illegal: the clause the solver found broken (may be empty)
  std::optional<State> next;     // legal: the next state
  std::optional<Answer> answer;  // queries
};

// A place where the rules' outcome is not decided by the text: a declared interpretation point
// whose readings differ here ("readings"), more than one outcome where the text reads as if it
// decides ("undecided"), or none where the text seems to allow the step ("dead-end").
// The same record says how a search that found nothing ended (no example, no outcomes): "none"
// (the solver proved that no board of its scope has a witness: `scope` says which boards), or
// "unknown" / "interrupted" (not decided: why in `note`). One record per question asked.
template <typename State, typename Step, typename Answer>
struct Witness {
  std::string point;  // the interpretation point, or a new finding's name
  std::string kind = "readings";
  std::string scope;  // the boards and step searched (every record)
  bool is_new = false;  // not (yet) a declared interpretation point
  std::vector<std::string> clauses;
  int size = 0;  // what the search minimised: tokens + units + spaces
  std::string title;
  std::string note;
  Example<State, Step> example;
  // A JSON object (text) the witness's scenarios put under "ruleset", when the readings only part
  // under other numbers than the defaults (Scythe's stop-path needs a range above 1); "" for none.
  std::string ruleset_override;
  std::vector<ReadingOutcome<State, Answer>> outcomes;  // one per reading (for kind "readings")
};

enum class EditStatus { changed, unchanged, unknown, interrupted };

inline const char* edit_status_name(EditStatus s) {
  return s == EditStatus::changed     ? "changed"
         : s == EditStatus::unchanged ? "unchanged"
         : s == EditStatus::unknown   ? "unknown"
                                      : "interrupted";
}

// What an edit of the ruleset numbers or of the readings does to one probe step of a game (an
// action or a query on small boards): "changed" with the smallest state found where the base
// rules and the edited rules give different outcomes of the step, "unchanged" when no shape tried
// has such a state, "unknown" when the budget ran out first.
template <typename State, typename Step, typename Answer>
struct EditWitness {
  std::string probe;  // "muster.build-infantry"
  std::vector<std::string> clauses;
  EditStatus status = EditStatus::unknown;
  int size = 0;       // changed: what the search minimised
  std::string title;  // the probe's step in words
  std::string note;   // the shapes tried, and what the probe can catch
  std::optional<Example<State, Step>> example;          // changed: the state and the step
  std::vector<ReadingOutcome<State, Answer>> outcomes;  // changed: "base" then "edited"
};

}  // namespace rulecheck::solver

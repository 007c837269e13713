// What the solver finds, as plain typed values (each game's edge writes them as JSON and scenario
// files): proofs of rule invariants with their counterexamples, and the designer's ambiguity
// witnesses. No Z3 here.
#pragma once

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rulecheck::solver {

// A concrete case: a state and one step (an action or a query) from it.
template <typename State, typename Step>
struct Example {
  State state;
  Step step;
};

// interrupted: rulecheck was stopped (SIGINT, SIGTERM) before the proof was decided. vacuous: the
// claim held in every question, but some part of its vacuity check failed (VacuityReport): it would
// hold of boards play cannot reach, of actions never legal there, or of actions that never do what
// the claim is about; never reported proved.
enum class ProofStatus { proved, refuted, unknown, interrupted, vacuous };

inline const char* proof_status_name(ProofStatus s) {
  return s == ProofStatus::proved      ? "proved"
         : s == ProofStatus::refuted   ? "refuted"
         : s == ProofStatus::unknown   ? "unknown"
         : s == ProofStatus::vacuous   ? "vacuous"
                                       : "interrupted";
}

// One part of a proof's vacuity check, asked of each of its questions: in how many of them it has a
// model. `holds`: in every one. `checked` false: this part was not asked (`says` why).
struct VacuityPart {
  bool checked = false;
  bool holds = false;
  int satisfiable = 0, questions = 0;
  std::string says;     // what is asked, in words
  std::string witness;  // the first model's board in words ("2 Space, 1 Faction"), or why none
  std::string failed;   // the first question with no model (or undecided, with why)
};

// A proof's vacuity in three parts (solver/vacuity.hpp): (a) `reachable_board`: the premises and the
// game's states-play-can-reach invariants have a model (a board play can reach where the premises
// hold); (b) `guard`: there, the action of each question is legal (its guard and effect have a
// model); (c) `antecedent`: on some board the action does what the claim is about (`exercised`).
struct VacuityReport {
  VacuityPart reachable_board, guard, antecedent;
  std::vector<std::string> invariants;  // what "reachable" states in these questions (invariant ids, "format: ...")
  // The parts asked that failed, by name ("reachable board", "guard", "antecedent"); empty: none.
  std::vector<std::string> failed_parts() const {
    std::vector<std::string> out;
    if (reachable_board.checked && !reachable_board.holds) out.push_back("reachable board");
    if (guard.checked && !guard.holds) out.push_back("guard");
    if (antecedent.checked && !antecedent.holds) out.push_back("antecedent");
    return out;
  }
};

// What a proof covers. Unbounded: boards of any size (spaces, factions, cards and units of
// uninterpreted sorts or unbounded integers), every action of the kinds named with symbolic
// parameters; `covers` says what the quantifiers range over. Bounded: exactly the boards and
// actions `covers` names (a fixed shape, a list of actions); nothing is claimed beyond them.
struct ProofScope {
  bool unbounded = false;
  std::string covers;
};

inline const char* scope_name(const ProofScope& s) { return s.unbounded ? "unbounded" : "bounded"; }

// A misreading of the clauses a proof rests on (a mutant of the encoding), and whether the proof
// fails under it (killed). A proof no mutant kills is hollow: it would hold whatever those clauses
// said (`rulecheck prove --strength`).
struct MutantOutcome {
  std::string mutant;  // "stacking limit read one higher"
  bool killed = false;
  std::string why;  // not killed: proved anyway, or unknown (why)
};

// `prove --strength`: a section's strength, per clause or convention its relation's constraints are
// tagged with (solver/theorems.hpp). Protected: some theorem kills one of its mutants.
struct SourceStrength {
  std::string source;
  int mutants = 0;     // asked (equivalent ones not counted)
  int equivalent = 0;  // mutants that say what the text says for every value
  std::vector<std::string> killed_by;  // theorem ids, each once
  std::vector<std::string> survived;   // mutant names
  std::vector<std::string> undecided;  // mutant names some theorem could not decide (unknown), none killing
  // While the theorems are asked: each mutant's name, and those some theorem killed or left undecided.
  std::vector<std::string> asked, killed, open;
};

// One rule invariant, proved over its scope or refuted with a counterexample.
template <typename State, typename Step>
struct Proof {
  std::string id;     // "messina.consumption.never-well-fed-to-dead"
  std::string claim;  // the invariant in words
  std::vector<std::string> clauses;
  ProofStatus status = ProofStatus::unknown;
  std::string detail;  // unknown: why; refuted: what the counterexample shows
  std::optional<Example<State, Step>> counterexample;
  std::optional<State> counterexample_next;  // the outcome the rules give there (legal)
  ProofScope scope;
  // The premises are satisfiable: some action of each kind the proof covers is legal on some board
  // of its scope (else the proof would hold vacuously). Says how many; empty when not checked.
  std::string vacuity;
  std::optional<VacuityReport> vacuity_report;  // the three parts; none when vacuity was not asked
  double seconds = 0;  // wall time of its claim and vacuity checks (0: not measured)
  bool strength_checked = false;        // --strength ran the mutants below
  std::vector<MutantOutcome> mutants;  // each misreading tried, killed or not
};

// `prove --strength`: the proofs, each with its mutants, and per clause or convention what the
// generic mutants of the sections written as one relation showed.
template <typename State, typename Step>
struct StrengthReport {
  std::vector<Proof<State, Step>> proofs;
  std::vector<SourceStrength> sources;
};

// A proof's record with its scope and claim (the usual way to start one: proved until a check says
// otherwise).
template <typename State, typename Step>
Proof<State, Step> proof_of(std::string id, std::string claim, std::vector<std::string> clauses, ProofScope scope) {
  Proof<State, Step> p;
  p.id = std::move(id);
  p.claim = std::move(claim);
  p.clauses = std::move(clauses);
  p.status = ProofStatus::proved;
  p.scope = std::move(scope);
  return p;
}

// Whether some proof is still standing (proved so far) in a walk that settles several at once.
template <typename State, typename Step>
bool any_standing(const std::vector<Proof<State, Step>>& proofs) {
  for (const auto& p : proofs)
    if (p.status == ProofStatus::proved) return true;
  return false;
}

// Every proof still standing ends `status` (unknown, interrupted), with why: the walk that was to
// settle them stopped.
template <typename State, typename Step>
void leave_standing(std::vector<Proof<State, Step>>& proofs, ProofStatus status, const std::string& why) {
  for (auto& p : proofs)
    if (p.status == ProofStatus::proved) {
      p.status = status;
      p.detail = why;
    }
}

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
  // The discovery search (solver/<game>/literal.hpp) found this place: a new
  // finding, or a declared point it re-found. False on a declared point it did not re-find.
  bool found_by_search = false;
  // A discovery finding's stable key, "<step kind>|<clause>+<clause>|<what differs>": the rule
  // data's dismissed findings (rules/<game>/dismissed.json) name it. Empty otherwise.
  std::string signature;
  // A discovery finding the oracle separates under a declared point's readings: that point's id
  // (the caller marks the point's own record found_by_search and drops this one). Empty otherwise.
  std::string refinds;
  // A discovery finding a source left out of the search separates, that source being a convention
  // (solver/messina/discovery.hpp): its id. The finding stays new and open; the caller reads the
  // convention's choice. Empty otherwise.
  std::string convention;
  // A new discovery finding: the outcome (its `reading`) the oracle gives today under the default
  // readings; empty when it gives neither.
  std::string today;
  std::vector<std::string> clauses;
  int size = 0;  // what the search minimised: tokens + units + spaces
  std::string title;
  std::string note;
  Example<State, Step> example;
  // A JSON object (text) the witness's scenarios put under "ruleset", when the readings only part
  // under other numbers than the defaults (Scythe's stop-path needs a range above 1); "" for none.
  std::string ruleset_override;
  // Readings of other points the witness's board depends on, the same under every reading of this
  // one (point id -> reading): its scenarios carry them under "interpretations" beside the point's.
  std::vector<std::pair<std::string, std::string>> other_readings = {};
  std::vector<ReadingOutcome<State, Answer>> outcomes;  // one per reading (for kind "readings")
};

// A discovery finding the oracle separates under a declared point's readings re-finds that point:
// the point's own record is marked found_by_search, and the finding goes (both games' ambiguities).
template <typename State, typename Step, typename Answer>
void fold_refindings(std::vector<Witness<State, Step, Answer>>& records) {
  std::set<std::string> refound;
  for (const auto& w : records)
    if (!w.refinds.empty()) refound.insert(w.refinds);
  records.erase(std::remove_if(records.begin(), records.end(), [](const auto& w) { return !w.refinds.empty(); }),
                records.end());
  for (auto& w : records)
    if (!w.is_new && refound.count(w.point)) w.found_by_search = true;
}

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

// A set of clauses that cannot all hold, cut to a minimal one (both games' contradiction searches):
// each clause left out in turn, and kept out when the rest still cannot hold (`still_unsat`: false
// when they can, or when that is not decided).
template <typename StillUnsat>
std::set<std::string> minimal_clause_set(std::set<std::string> core, StillUnsat still_unsat) {
  const std::set<std::string> every = core;
  for (const auto& clause : every) {
    std::set<std::string> trial = core;
    trial.erase(clause);
    if (still_unsat(trial)) core = std::move(trial);
  }
  return core;
}

}  // namespace rulecheck::solver

// One path from a case's step to a verdict, for every producer of verdicts: the oracle run of the
// scenario corpus, the engine cross-check, `rulecheck serve`, and generated cases.
//
//   oracle_answer()  runs one step on the oracle: its outcome, and the answer line serve writes
//                    (oracle_answer_line(): the line alone)
//   judge_step()     the first way an outcome falls short of a step's expectation
//   judge()          judges one step's outcome against the expectation and, for an engine, against
//                    the oracle's outcome, and records the first failure in the case's result
//   run_on_oracle()  a whole case on the oracle, each step on the previous step's outcome
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/compare.hpp"
#include "common/game.hpp"
#include "harness/case_result.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// What the oracle says about one step.
struct OracleAnswer {
  // {"legal": true, "state": ...} | {"legal": false, "rule": ..., "reason": ...} | {"result": ...}
  json outcome;
  // The protocol answer carrying `id_json` (a JSON value's text), key-sorted, as serve writes it;
  // empty when no id was given (the oracle's own runs need no text).
  std::string line;
  // Legal, with a line: the next state as JSON text (the next step's input), written once.
  std::string next_state_text;
};

// A state given as its JSON text (the oracle reads it straight into the game's model where the game
// can: BoundRules::apply_text), for the overloads below that take one in place of a JSON value.
struct StateText {
  std::string_view text;
};

// Runs `step` (an action or a query) on the oracle from `state`. Throws InputError on malformed
// input (pointers under /state, /action or /query).
OracleAnswer oracle_answer(const BoundRules& rules, std::string_view id_json, bool is_query, const json& state,
                           const json& request);
OracleAnswer oracle_answer(const BoundRules& rules, std::string_view id_json, bool is_query, StateText state,
                           const json& request);

// oracle_answer(), leaving a legal action's next state as text only (`id_json` given): the outcome is
// {"legal": true} without "state", the state is next_state_text (its value: json::parse of it, exactly
// what oracle_answer() gives). For a cross-check, where the engine's answer mostly equals `line` and
// the outcome's state is then never looked at.
OracleAnswer oracle_answer_state_as_text(const BoundRules& rules, std::string_view id_json, bool is_query,
                                         const json& state, const json& request);
OracleAnswer oracle_answer_state_as_text(const BoundRules& rules, std::string_view id_json, bool is_query,
                                         StateText state, const json& request);

// oracle_answer()'s line alone, as `rulecheck serve` writes it (`id_json` given), without building
// the outcome: a legal action's next state is written as text only.
std::string oracle_answer_line(const BoundRules& rules, std::string_view id_json, bool is_query, const json& state,
                               const json& request);
std::string oracle_answer_line(const BoundRules& rules, std::string_view id_json, bool is_query, StateText state,
                               const json& request);

// The first way `outcome` falls short of `expect` (DESIGN.md: legal, then rule, then state by
// containment; results exactly; one_of: any alternative). `strict_rule`: compare the clause id of
// an illegal outcome, not only the legality.
std::optional<Difference> judge_step(const json& expect, const json& outcome, bool strict_rule);

// How one step's outcome is judged.
struct StepCheck {
  bool expectation = true;   // against the scenario's expectation (false: the engine runs under a
                             // reading the scenario does not expect, so only the oracle judges it)
  bool strict_rule = true;   // compare the clause ids of illegal outcomes
  bool from_engine = false;  // the outcome is an engine's: messages say what it was judged against
};

// Judges step `i`'s `outcome` against the expectation (when `check.expectation`), then, when
// `oracle` is given, against the oracle's outcome. Records the first failure in `r` (verdict,
// step, patch, values, clauses, message) and returns true when the case is decided.
bool judge(CaseResult& r, const Scenario& s, std::size_t i, const json& outcome, const json* oracle,
           const StepCheck& check);

// After `judge` found an engine's outcome for step `i` wanting: asks the solver whether the rules
// allow it, and whether they allow `oracle_outcome`, the oracle's own (`rlimit` bounds the work; 0
// asks nothing). The solver forbids the oracle's outcome: the case is `disputed` (rulecheck's two
// encodings disagree: a bug in rulecheck, never settled in either's favour). It allows both: an
// `alternative` (the rules leave a choice there). It forbids the engine's: the clauses broken join
// the case's clauses. Anything else (unknown, not encoded, allowed with the oracle's undecided) is
// noted and the failure stands: the solver never turns a failure into a pass on its own.
void weigh_with_solver(CaseResult& r, const BoundRules& rules, const json& state, const Step& step, const json& outcome,
                       const json& oracle_outcome, unsigned rlimit);

// `run --with-solver` (N-version mode): asks the solver whether the rules allow `outcome`, the oracle's
// own for step `i` of the case from `state` (`rlimit` bounds the work), and counts its verdict in
// r.solver_steps. Forbidden: rulecheck's two encodings disagree, the case is `disputed` at step `i`
// (the message says what the solver said and which clauses it names) and true is returned. Unknown
// and not encoded are counted, never taken for agreement.
bool check_oracle_with_solver(CaseResult& r, const BoundRules& rules, const json& state, std::size_t i,
                              const Step& step, const json& outcome, unsigned rlimit);

// A case decided at step `i` without a difference to show (errored, skipped, a protocol fault).
void decide(CaseResult& r, Verdict verdict, std::size_t i, const std::string& why);

// A result with the case's own fields filled (id, file, game, title, cites) for `target`.
CaseResult case_header(const Scenario& s, const std::string& target);

// For a failed case, the command that shows the oracle's reasoning for its failing step:
// "<prefix> FILE --step K"; "" for other verdicts or without a prefix.
std::string explain_command(const std::string& prefix, const CaseResult& r);

// Why a case is skipped under `run --skip-unreachable`: its scenario is marked "unreachable".
inline constexpr std::string_view kUnreachableSkip = "the starting board is one play cannot reach";

// Case `s` skipped on `target` because its starting board is one play cannot reach (Scenario::unreachable,
// run --skip-unreachable): the message is "<kUnreachableSkip>: <the scenario's text>", the skip reason
// (how the summary groups skips) kUnreachableSkip alone.
CaseResult unreachable_case(const Scenario& s, const std::string& target);

// A case for a scenario file that could not be loaded.
CaseResult errored_case(const ScenarioError& error, const std::string& target);

// Runs every step of `scenario` on the oracle and judges each against the expectation (`strict_rule`:
// the clause id of an illegal outcome too, as the corpus is judged; false: legality only, as an
// engine is judged without --strict). `solver_rlimit` > 0 (run --with-solver): every step's outcome
// is also checked by the solver (check_oracle_with_solver) once it meets the expectation.
CaseResult run_on_oracle(const Scenario& scenario, const GameRules& rules, bool strict_rule = true,
                         unsigned solver_rlimit = 0);

}  // namespace rulecheck

// The result of one case (a scenario, or a generated case) on one target: what every producer of
// verdicts fills and every reporter reads.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

// `alternative`: an engine's outcome differs from the scenario's expectation and the oracle's, the
// solver finds that the rules allow it, and it allows the oracle's own outcome too (the rules leave a
// choice there): reported, not a failure.
// `known`: a failure that matches an entry of a known-deviations file (--known): reported, not a failure.
// `disputed`: rulecheck's two encodings of the rules, the oracle and the solver, disagree on a step
// (one allows what the other forbids): a bug in rulecheck, counted as a failure, never settled in
// either's favour.
enum class Verdict { pass, fail, skipped, errored, alternative, known, disputed };
inline constexpr std::array<Verdict, 7> kAllVerdicts = {Verdict::pass,        Verdict::fail,  Verdict::skipped,
                                                         Verdict::errored,     Verdict::alternative,
                                                         Verdict::known,       Verdict::disputed};
std::string_view verdict_name(Verdict v);
// A verdict that makes a run exit 1: a failure, an errored case, a dispute between the oracle and the solver.
inline bool is_problem(Verdict v) { return v == Verdict::fail || v == Verdict::errored || v == Verdict::disputed; }
// A verdict whose result carries a difference (patch, expected and actual values, clauses).
inline bool has_difference(Verdict v) {
  return v == Verdict::fail || v == Verdict::alternative || v == Verdict::known || v == Verdict::disputed;
}

// `run --with-solver` (N-version mode): how the solver judged the oracle's own outcome at each step
// of a case. Unknown (out of budget) and not encoded are counted apart: never taken for agreement.
// Both ways: of the allowed steps whose outcome is legal with a next state, how many the solver
// allows no other next state for (`only`; `by_convention` of them only once a listed convention,
// rules/<game>/conventions.json, decides where the text is silent), another for (`other`: disputed),
// or cannot say (`only_unknown`).
struct SolverSteps {
  std::size_t allowed = 0, forbidden = 0, unknown = 0, not_encoded = 0;
  std::size_t only = 0, by_convention = 0, other = 0, only_unknown = 0;
  std::size_t checked() const { return allowed + forbidden + unknown + not_encoded; }
  std::size_t asked_both_ways() const { return only + other + only_unknown; }
  SolverSteps& operator+=(const SolverSteps& o) {
    allowed += o.allowed;
    forbidden += o.forbidden;
    unknown += o.unknown;
    not_encoded += o.not_encoded;
    only += o.only;
    by_convention += o.by_convention;
    other += o.other;
    only_unknown += o.only_unknown;
    return *this;
  }
};

struct CaseResult {
  std::string id;
  std::string file;
  std::string game;
  std::string title;
  std::string target;
  // The scenario's "unreachable" text when its starting board is one play cannot reach ("" when it is
  // not marked): a failure there is reported as such and counted apart.
  std::string unreachable;
  Verdict verdict = Verdict::pass;
  std::vector<std::string> cites;
  int step = -1;                     // the step that failed, errored or was skipped
  std::string message;               // one line: what went wrong
  json patch;                        // fail: the first difference (the cause first) as a JSON patch (actual -> expected)
  json expected;                     // fail: the expected value at that path
  json actual;                       // fail: the actual value at that path
  // fail: every differing field, the one above first, in the state's causal order
  // (harness/failure_order.hpp): [{"path", "wanted", "got"}] (a side that lacks the field has no
  // key), at most 20; differences_more counts the rest.
  json differences;
  std::size_t differences_more = 0;
  std::vector<std::string> clauses;  // fail: clauses involved (cited, expected rule, answered rule)
  // fail, disputed: the clauses that decide the differing step (harness/signature.hpp): the step's rule
  // when it is illegal, the target's when it forbade a legal step, the solver's unsat core, or the
  // oracle's decisions at that step. Reports count a failure against these, not against every cite.
  std::vector<std::string> deciding;
  // fail: what the target answered at that step when it called it illegal (its rule and reason), and the
  // illegality expected (the scenario's rule, or the oracle's rule and reason)
  std::string answer_rule, answer_reason;
  std::string expected_rule, expected_reason;
  std::string note;  // the scenario's worked arithmetic, then the deciding step's note
  std::string stderr_text;           // what an engine wrote to stderr while answering this case
  std::size_t stderr_dropped = 0;    // bytes of it dropped past the 64 KiB kept per answer (marked in the text)
  std::string reproduce;             // a command that re-runs this one case on this target
  std::string explain;               // fail: a command showing the oracle's reasoning for the failing step
  double millis = 0;
  // What the solver said about an engine's outcome that the scenario or the oracle rejected:
  // "allowed", "forbidden", "unknown", "not-encoded" ("" when not asked), the clauses it breaks and why.
  std::string solver;
  std::vector<std::string> solver_clauses;
  std::string solver_why;
  // disputed: the oracle's own outcome at the step (the solver's verdict on it is in solver_*), and which
  // of the two the solver was asked about ("the oracle's outcome" or "the engine's outcome").
  json oracle_outcome;
  // run --with-solver: the solver's verdicts on the oracle's outcomes at the steps this case ran.
  SolverSteps solver_steps;
  // The failure's signature (fuzz --keep-going groups findings by it; --known files match it) and, for a
  // `known` case, the known-deviations entry it matched: its reason and optional link.
  std::string signature;
  std::string known_reason, known_link;
  // For the skips grouped by reason and each engine's coverage line:
  std::string skip_reason;             // skipped: why, without the step or the case's details
  std::vector<std::string> answered;   // the kinds of request the target answered ("messina action consume")
  std::string unsupported;             // skipped: the kind of request the target answered `unsupported` to
};

// An engine answered the case and its answers were judged against the rules (pass, fail, known,
// alternative, disputed): only such a case can show a deviation or reach a feature. An `unsupported`
// answer, an error, a skip, and the oracle's own results are not.
inline bool engine_answered(const CaseResult& r) {
  return !r.answered.empty() && (r.verdict == Verdict::pass || r.verdict == Verdict::fail ||
                                 r.verdict == Verdict::known || r.verdict == Verdict::alternative ||
                                 r.verdict == Verdict::disputed);
}

// "messina action consume", "scythe query hostile": a request's kind as coverage counts it.
std::string request_kind(const std::string& game, bool is_query, const json& request);

}  // namespace rulecheck

// Reporters: one small class per output format behind one interface (like Catch2's reporters).
// Each receives results as they come, so an interrupted run keeps what it found.
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/case_result.hpp"
#include "harness/known_tally.hpp"

namespace rulecheck {

// An engine under test as its hello describes it: the first half of its coverage line.
struct EngineInfo {
  std::string name;
  std::string version;
  std::string command;
  std::vector<std::string> games;
  std::map<std::string, std::string> readings;  // interpretation point -> the reading it declares
  std::vector<std::string> declarations;        // its hello declarations in words ("not compared: held_by")
};

struct RunInfo {
  std::string version;
  std::vector<std::string> targets;
  std::size_t cases = 0;  // scenario files × targets planned
  std::vector<std::string> paths;
  // Every scenario file of the corpus the paths hold, sorted, whatever the shard (Corpus::files_found):
  // `report merge` checks each part's cases against it and against the part's shard.
  std::vector<std::string> corpus;
  std::map<std::string, std::string> clause_paraphrases;  // clause id -> its one-line paraphrase
  std::string shard;  // "K/N" when this run is one part of a sharded run
  std::vector<EngineInfo> engines;  // that started, in target order
  // The run's settings that change verdicts ("strict", "oracle", "solver_rlimit", "filters",
  // "rules", ...), each as text: `report merge` refuses parts whose settings differ.
  std::map<std::string, std::string> settings;
};

// What one target answered, by kind of request ("messina action muster"): the second half of its
// coverage line.
struct Coverage {
  std::map<std::string, std::size_t> answered;     // kind -> cases where the target answered it
  std::map<std::string, std::size_t> unsupported;  // kind -> cases skipped because it answered `unsupported`
};

struct Summary {
  using Counts = std::array<std::size_t, kAllVerdicts.size()>;  // by Verdict
  Counts counts{};
  std::vector<std::pair<std::string, Counts>> by_target;  // in target order
  std::size_t bad_input = 0;                                                  // scenario files that could not be used
  std::string interrupted;  // the signal that stopped the run ("SIGINT"), whose unjudged cases are skipped
  std::string stopped;      // why the run stopped early by itself ("--maxfail 1 reached"), "" if it did not
  std::vector<std::string> stale_known;  // --known entries stale (KnownStatus::stale), one line each
  std::vector<KnownTally> known_entries;  // --known: every entry, its match count and status, in file order
  // Failures on a board the scenario marks unreachable (CaseResult::unreachable), of count(Verdict::fail).
  std::size_t failed_unreachable = 0;
  std::map<std::string, std::map<std::string, std::size_t>> skips;  // target -> why skipped -> cases
  std::map<std::string, Coverage> coverage;                         // by target, for those that report it
  // run --with-solver: the solver's verdicts on the oracle's outcomes, every step checked (reported
  // when `with_solver` is set or some case carries them, as in a merge of such runs).
  bool with_solver = false;
  SolverSteps solver_steps;
  double seconds = 0;
  std::size_t count(Verdict v) const { return counts[static_cast<std::size_t>(v)]; }
  std::size_t total() const;
  // Cases that make the run exit 1 (is_problem: failed, errored, disputed).
  std::size_t problems() const;
  void add(const CaseResult& r);
};

// "with solver: 812 step(s) checked, 790 allowed, 0 disputed, 2 unknown, 20 not encoded": what the
// solver said of the oracle's outcomes (run --with-solver); "" when no step was checked or asked to be.
std::string solver_steps_text(const Summary& s);
// The same line for any count of the solver's verdicts (fuzz --with-solver), and as JSON.
std::string solver_steps_text(const SolverSteps& n);
json solver_steps_json(const SolverSteps& n);

// " (on a board the scenario marks unreachable)" for a failure there, else "": said on its line.
std::string unreachable_mark(const CaseResult& r);
// "8 failed (3 on boards marked unreachable)", or "8 failed" when none is.
std::string failed_text(const Summary& s);
// "known deviation FILE at /known/0 (...): matched 12 case(s)": one entry's line, as every report says it.
std::string known_tally_text(const KnownTally& t);
// The entries as JSON lines summaries give them ("known_entries"): entry, pointer, status, matched, cases,
// covering, why.
json known_entries_json(const std::vector<KnownTally>& entries);

// How a report heads a case of this verdict: "FAIL", "ERROR", "DISPUTED", "KNOWN", "ALTERNATIVE", ...
std::string_view verdict_heading(Verdict v);
// What a disputed case means, in one sentence, for every report.
inline constexpr std::string_view kDisputedMeaning =
    "rulecheck's oracle and solver disagree on this step: a bug in rulecheck, counted as a failure";

// "illegal (messina.muster.stacking: too many units)" for an illegal answer's rule and reason; "" when
// `rule` is empty.
std::string illegality_text(const std::string& rule, const std::string& reason);
// Each differing field of a failure (CaseResult::differences), the cause first, as one line each:
// "/state/factions/blue/popularity: wanted 1, got 2" ("(absent)" where a side lacks the field),
// values cut at `max_value` characters; a last line counts those not listed when there are more than
// `max_lines` (and those the result did not keep).
std::vector<std::string> difference_lines(const CaseResult& r, std::size_t max_lines = 8, std::size_t max_value = 80);
// The skips of `target` grouped by reason, most frequent first (ties by reason).
std::vector<std::pair<std::string, std::size_t>> skips_by_reason(const Summary& s, const std::string& target);
// One line saying what an engine covers: "plays messina; declares 10 readings; answered 3 of 26 kinds of
// request; unsupported: messina action muster (98 cases), ...". `engine` may be null (a merged report).
std::string coverage_text(const EngineInfo* engine, const Coverage& coverage, std::size_t max_listed = 8);
// The engine named `target` in `info`, or null.
const EngineInfo* find_engine(const RunInfo& info, const std::string& target);

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void begin(const RunInfo& info) = 0;
  virtual void case_done(const CaseResult& result) = 0;
  virtual void end(const Summary& summary) = 0;
};

// Human-readable: failures and errors as they come (unless `quiet`), a progress line when
// `interactive`, a summary with a row per target.
std::unique_ptr<Reporter> make_console_reporter(std::ostream& out, bool interactive, bool quiet = false);
// JSON lines: a header, one line per case and target, a summary line; flushed per line.
std::unique_ptr<Reporter> make_jsonl_reporter(std::ostream& out);
// A case line of that report back as a result (`rulecheck report merge`). Throws InputError naming
// the field that is missing or of the wrong type.
CaseResult case_from_jsonl(const json& line);
// The engines a header line of that report names (none when it names none). Throws InputError.
std::vector<EngineInfo> engines_from_jsonl(const json& header);
// The document reporters below keep every case and write at end(), so an interrupted run writes nothing.
// JUnit XML for CI test reporters: a <testsuite> per target, a <testcase> per case.
std::unique_ptr<Reporter> make_junit_reporter(std::ostream& out);
// Markdown for a CI step summary: counts per target, then the first 50 failures and errors.
std::unique_ptr<Reporter> make_markdown_reporter(std::ostream& out);
// One self-contained HTML page: counts, the clauses × targets matrix, each failure and error.
std::unique_ptr<Reporter> make_html_reporter(std::ostream& out);

// Sends every event to several reporters.
class FanOutReporter final : public Reporter {
 public:
  void add(std::unique_ptr<Reporter> r) { reporters_.push_back(std::move(r)); }
  void begin(const RunInfo& info) override;
  void case_done(const CaseResult& result) override;
  void end(const Summary& summary) override;

 private:
  std::vector<std::unique_ptr<Reporter>> reporters_;
};

}  // namespace rulecheck

// The console reporter: quiet on passes, explicit on failures, a summary at the end.
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "common/text.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {

namespace {

// Text from outside (an engine's name, rule, reason, stderr; a scenario's id and title) as the
// console shows it: control characters escaped, so none can move the cursor or fake a line.
std::string shown(std::string_view text) { return printable(text); }

// How much of a case's stderr the console shows; the JSON report keeps it all.
constexpr std::size_t kStderrShown = 2000;

class ConsoleReporter final : public Reporter {
 public:
  ConsoleReporter(std::ostream& out, bool interactive, bool quiet)
      : out_(out), interactive_(interactive), quiet_(quiet) {}

  void begin(const RunInfo& info) override {
    planned_ = info.cases;
    info_ = info;
    fmt::print(out_, "rulecheck {}: {} case(s) on {}\n", info.version, info.cases, shown(fmt::format("{}", fmt::join(info.targets, ", "))));
    out_.flush();
  }

  void case_done(const CaseResult& r) override {
    ++done_;
    if (r.verdict == Verdict::known && !quiet_) {
      clear_progress();
      fmt::print(out_, "KNOWN {} [{}]: {}{}\n", shown(r.id), shown(r.target), shown(r.known_reason),
                 r.known_link.empty() ? "" : " (" + shown(r.known_link) + ")");
    } else if (!quiet_ && r.verdict != Verdict::pass && r.verdict != Verdict::skipped) {
      clear_progress();
      fmt::print(out_, "{} {} [{}]{}\n", verdict_heading(r.verdict), shown(r.id), shown(r.target), unreachable_mark(r));
      if (r.verdict == Verdict::disputed) fmt::print(out_, "  {}\n", kDisputedMeaning);
      if (!r.title.empty()) fmt::print(out_, "  title:   {}\n", shown(r.title));
      if (!r.file.empty() && r.file != r.id) fmt::print(out_, "  file:    {}\n", shown(r.file));
      if (!unreachable_mark(r).empty()) fmt::print(out_, "  unreachable: {}\n", shown(r.unreachable));
      fmt::print(out_, "  {}\n", printable(r.message, true));
      if (!r.answer_rule.empty()) fmt::print(out_, "  answer:  {}\n", shown(illegality_text(r.answer_rule, r.answer_reason)));
      if (!r.expected_rule.empty())
        fmt::print(out_, "  wanted:  {}\n", shown(illegality_text(r.expected_rule, r.expected_reason)));
      if (!r.note.empty()) fmt::print(out_, "  note:    {}\n", printable(r.note, true));
      if (!r.reproduce.empty()) fmt::print(out_, "  rerun:   {}\n", shown(r.reproduce));
      if (!r.explain.empty()) fmt::print(out_, "  explain: {}\n", shown(r.explain));
      if (!r.stderr_text.empty()) print_stderr(r);
      if (r.verdict == Verdict::fail || r.verdict == Verdict::disputed) {
        if (!r.patch.is_null()) fmt::print(out_, "  patch:   {}\n", shown(r.patch.dump()));
        if (r.differences.size() + r.differences_more > 1)  // every differing field, the one above first
          for (const auto& line : difference_lines(r)) fmt::print(out_, "  differs: {}\n", shown(line));
        fmt::print(out_, "  clauses: {}\n", shown(fmt::format("{}", fmt::join(r.clauses, ", "))));
        if (!r.deciding.empty()) fmt::print(out_, "  decided: {}\n", shown(fmt::format("{}", fmt::join(r.deciding, ", "))));
        if (!r.signature.empty()) fmt::print(out_, "  signature: {}\n", shown(r.signature));
      }
      if (!r.oracle_outcome.is_null()) fmt::print(out_, "  oracle:  {}\n", shown(r.oracle_outcome.dump()));
      if (!r.solver.empty()) fmt::print(out_, "  solver:  {}: {}\n", shown(r.solver), shown(r.solver_why));
    } else if (r.verdict == Verdict::skipped) {
      ++skipped_shown_;
    }
    if (interactive_) {
      fmt::print(out_, "\r{}/{} cases", done_, planned_);
      progress_shown_ = true;
    }
    out_.flush();
  }

  void end(const Summary& s) override {
    clear_progress();
    print_skips(s);
    print_coverage(s);
    if (s.by_target.size() > 1) print_target_table(s);
    fmt::print(out_, "\n{} case(s) in {:.2f} s: {} passed, {}, {} skipped, {} errored", s.total(), s.seconds,
               s.count(Verdict::pass), failed_text(s), s.count(Verdict::skipped), s.count(Verdict::errored));
    // Outcomes the rules allow that the scenarios and the oracle did not list (the solver's verdict).
    if (s.count(Verdict::alternative)) fmt::print(out_, ", {} allowed alternative(s)", s.count(Verdict::alternative));
    if (s.count(Verdict::known)) fmt::print(out_, ", {} known deviation(s)", s.count(Verdict::known));
    if (s.count(Verdict::disputed))
      fmt::print(out_, ", {} disputed (the oracle and the solver disagree: a bug in rulecheck)", s.count(Verdict::disputed));
    fmt::print(out_, "\n");
    if (const std::string solver = solver_steps_text(s); !solver.empty()) fmt::print(out_, "{}\n", solver);
    if (s.bad_input) fmt::print(out_, "{} scenario file(s) could not be used (see ERROR above)\n", s.bad_input);
    if (!s.interrupted.empty())
      fmt::print(out_, "interrupted by {}: the cases not judged by then are counted as skipped\n", s.interrupted);
    else if (!s.stopped.empty())
      fmt::print(out_, "stopped: {}: the cases not judged by then are counted as skipped\n", shown(s.stopped));
    if (s.known_entries.empty())
      for (const auto& stale : s.stale_known) fmt::print(out_, "stale known deviation: {}\n", shown(stale));
    for (const auto& t : s.known_entries) fmt::print(out_, "{}\n", shown(known_tally_text(t)));
    out_.flush();
  }

 private:
  void clear_progress() {
    if (progress_shown_) fmt::print(out_, "\r\033[K");
    progress_shown_ = false;
  }
  void print_stderr(const CaseResult& r) {
    const std::string_view text(r.stderr_text);
    const std::string_view head = text.substr(0, kStderrShown);
    fmt::print(out_, "  stderr:  {}\n", printable(head, true));
    if (text.size() > head.size())
      fmt::print(out_, "  ... and {} more byte(s) of stderr, in the JSON lines report (--format jsonl, --output-dir)\n",
                 text.size() - head.size());
  }
  // Each target's skips grouped by reason, the most frequent first.
  void print_skips(const Summary& s) {
    for (const auto& [target, counts] : s.by_target) {
      const auto groups = skips_by_reason(s, target);
      if (groups.empty()) continue;
      fmt::print(out_, "\nskipped on {}, by reason:\n", shown(target));
      for (std::size_t i = 0; i < groups.size() && i < kMaxReasons; ++i)
        fmt::print(out_, "  {:>6}  {}\n", groups[i].second, shown(groups[i].first));
      if (groups.size() > kMaxReasons) fmt::print(out_, "  ... and {} more reason(s)\n", groups.size() - kMaxReasons);
    }
  }
  // What each engine covers: its hello, and the kinds of request it answered or did not.
  void print_coverage(const Summary& s) {
    bool first = true;
    for (const auto& [target, counts] : s.by_target) {
      const EngineInfo* engine = find_engine(info_, target);
      const auto covered = s.coverage.find(target);
      if (!engine && covered == s.coverage.end()) continue;
      if (first) fmt::print(out_, "\ncoverage:\n");
      first = false;
      fmt::print(out_, "  {}: {}\n", shown(target),
                 shown(coverage_text(engine, covered == s.coverage.end() ? Coverage{} : covered->second)));
    }
  }
  static constexpr std::size_t kMaxReasons = 10;
  RunInfo info_;
  std::ostream& out_;
  void print_target_table(const Summary& s) {
    std::size_t width = 6;
    for (const auto& [target, counts] : s.by_target) width = std::max(width, shown(target).size());
    // known and disputed get a column only when some case has them
    const bool known = s.count(Verdict::known) > 0, disputed = s.count(Verdict::disputed) > 0;
    fmt::print(out_, "\n{:<{}}  {:>6}  {:>6}  {:>7}  {:>7}{}{}\n", "target", width, "pass", "fail", "skipped", "errored",
               known ? "    known" : "", disputed ? "  disputed" : "");
    const auto at = [](const Summary::Counts& c, Verdict v) { return c[static_cast<std::size_t>(v)]; };
    for (const auto& [target, c] : s.by_target)
      fmt::print(out_, "{:<{}}  {:>6}  {:>6}  {:>7}  {:>7}{}{}\n", shown(target), width, at(c, Verdict::pass),
                 at(c, Verdict::fail), at(c, Verdict::skipped), at(c, Verdict::errored),
                 known ? fmt::format("  {:>7}", at(c, Verdict::known)) : "",
                 disputed ? fmt::format("  {:>8}", at(c, Verdict::disputed)) : "");
  }
  bool interactive_;
  bool quiet_;
  bool progress_shown_ = false;
  std::size_t planned_ = 0, done_ = 0, skipped_shown_ = 0;
};

}  // namespace

std::unique_ptr<Reporter> make_console_reporter(std::ostream& out, bool interactive, bool quiet) {
  return std::make_unique<ConsoleReporter>(out, interactive, quiet);
}

}  // namespace rulecheck

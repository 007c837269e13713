// The Markdown reporter, for a CI step summary (GitHub's $GITHUB_STEP_SUMMARY): a title, the
// verdict counts per target, then the first failures and errors, one list item each.
#include <algorithm>
#include <map>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "reports/document.hpp"

namespace rulecheck {

namespace {

constexpr std::size_t max_listed = 50;
constexpr std::size_t max_message_bytes = 300;
constexpr std::size_t max_code_bytes = 200;

std::string one_line(std::string_view text) {
  std::string line = clean_text(text);
  std::replace_if(
      line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  return line;
}

// Text that GitHub shows as itself: on one line, with what Markdown or HTML would act on escaped.
std::string markdown_text(std::string_view text) {
  static constexpr std::string_view active = "\\`*_[]<>&|~";
  std::string out;
  for (char c : one_line(text)) {
    if (active.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// An inline code span holding `text` literally: fenced by one backtick more than its longest run
// of backticks, padded when it starts or ends with a backtick or a space.
std::string code_span(std::string_view text) {
  const std::string code = one_line(text);
  std::size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const auto needs_pad = [](char c) { return c == '`' || c == ' '; };
  const bool pad = !code.empty() && (needs_pad(code.front()) || needs_pad(code.back()));
  const std::string space = pad ? " " : "";
  return fence + space + code + space + fence;
}

std::string title(const Tally& all) {
  if (all.problems() == 0)
    return fmt::format("## ✅ rulecheck: {} passed, {} skipped", all.count(Verdict::pass), all.count(Verdict::skipped));
  if (all.count(Verdict::disputed))
    return fmt::format("## ❌ rulecheck: {} failed, {} errored, {} disputed", all.count(Verdict::fail),
                       all.count(Verdict::errored), all.count(Verdict::disputed));
  return fmt::format("## ❌ rulecheck: {} failed, {} errored", all.count(Verdict::fail), all.count(Verdict::errored));
}

std::string table_row(std::string_view name, const Tally& t) {
  return fmt::format("| {} | {} | {} | {} | {} | {} |", name, t.total(), t.count(Verdict::pass), t.count(Verdict::fail),
                     t.count(Verdict::skipped), t.count(Verdict::errored));
}

std::string problem_item(const CaseResult& r) {
  std::string item =
      fmt::format("- **{}** {} on {}{}: {}", verdict_heading(r.verdict), code_span(r.id),
                  code_span(r.target), markdown_text(unreachable_mark(r)),
                  markdown_text(shorten(r.message, max_message_bytes)));
  if (has_difference(r.verdict) && !r.patch.is_null())
    item +=
        "; patch " + code_span(shorten(r.patch.dump(-1, ' ', false, json::error_handler_t::replace), max_code_bytes));
  if (!r.answer_rule.empty())
    item += "; answered " + markdown_text(shorten(illegality_text(r.answer_rule, r.answer_reason), max_message_bytes));
  if (!r.expected_rule.empty())
    item += "; wanted " + markdown_text(shorten(illegality_text(r.expected_rule, r.expected_reason), max_message_bytes));
  if (!r.deciding.empty()) item += "; decided by " + markdown_text(fmt::format("{}", fmt::join(r.deciding, ", ")));
  if (!r.note.empty()) item += "; note: " + markdown_text(shorten(r.note, max_message_bytes));
  if (!r.reproduce.empty()) item += "; reproduce with " + code_span(r.reproduce);
  return item;
}

class MarkdownReporter final : public DocumentReporter {
 public:
  explicit MarkdownReporter(std::ostream& out) : out_(out) {}

 private:
  void write(const Summary& summary) override {
    const Tally all = tally_all();
    fmt::print(out_, "{}\n\n", title(all));
    fmt::print(out_, "{} case(s) on {} target(s) in {} s (rulecheck {}).\n\n", all.total(), targets().size(),
               seconds_text(summary.seconds), markdown_text(info().version));
    if (summary.bad_input) fmt::print(out_, "**{} scenario file(s) could not be used.**\n\n", summary.bad_input);
    if (!summary.interrupted.empty())
      fmt::print(out_, "**Interrupted by {}**: the cases not judged by then are counted as skipped.\n\n",
                 summary.interrupted);
    else if (!summary.stopped.empty())
      fmt::print(out_, "**Stopped: {}**: the cases not judged by then are counted as skipped.\n\n",
                 markdown_text(summary.stopped));
    for (const auto& stale : summary.stale_known)
      fmt::print(out_, "**Stale known deviation**: {}.\n\n", markdown_text(stale));
    if (summary.failed_unreachable)
      fmt::print(out_, "{}.\n\n", markdown_text(failed_text(summary)));
    write_known_entries(summary);
    if (const std::string solver = solver_steps_text(summary); !solver.empty())
      fmt::print(out_, "{}.\n\n", markdown_text(solver));
    write_table(all);
    write_coverage(summary);
    write_skips(summary);
    write_failures_by_clause();
    write_problems();
    out_.flush();
  }

  // Each known-deviations entry (--known) with its match count and status.
  void write_known_entries(const Summary& summary) {
    if (summary.known_entries.empty()) return;
    fmt::print(out_, "| Known deviation | Status | Matched | Answered cases |\n|:--|:--|--:|--:|\n");
    for (const auto& t : summary.known_entries)
      fmt::print(out_, "| {} | {} | {} | {} |\n", markdown_text(t.entry), markdown_text(t.why), t.matched, t.cases);
    fmt::print(out_, "\n");
  }

  // Failures counted against the clauses that decide their differing step (not every clause cited).
  void on_case(const CaseResult& r) override {
    if (r.verdict != Verdict::fail && r.verdict != Verdict::disputed) return;
    for (const auto& clause : r.deciding) ++failures_by_clause_[clause][r.target];
  }

  void write_failures_by_clause() {
    if (failures_by_clause_.empty()) return;
    fmt::print(out_, "\n### Failures by deciding clause\n\n| Clause | Target | Failures |\n|:--|:--|--:|\n");
    for (const auto& [clause, by_target] : failures_by_clause_)
      for (const auto& [target, n] : by_target)
        fmt::print(out_, "| {} | {} | {} |\n", code_span(clause), markdown_text(target), n);
  }

  void write_table(const Tally& all) {
    fmt::print(out_, "| Target | Cases | Passed | Failed | Skipped | Errored |\n");
    fmt::print(out_, "|:--|--:|--:|--:|--:|--:|\n");
    const auto tallies = tally_by_target();
    for (const auto& target : targets()) fmt::print(out_, "{}\n", table_row(markdown_text(target), tallies.at(target)));
    if (tallies.size() > 1) fmt::print(out_, "{}\n", table_row("**all**", all));
  }

  void write_coverage(const Summary& summary) {
    bool first = true;
    for (const auto& target : targets()) {
      const EngineInfo* engine = find_engine(info(), target);
      const auto covered = summary.coverage.find(target);
      if (!engine && covered == summary.coverage.end()) continue;
      if (first) fmt::print(out_, "\n### Coverage\n\n");
      first = false;
      fmt::print(out_, "- {}: {}\n", code_span(target),
                 markdown_text(coverage_text(engine, covered == summary.coverage.end() ? Coverage{} : covered->second)));
    }
  }

  void write_skips(const Summary& summary) {
    bool first = true;
    for (const auto& target : targets()) {
      const auto groups = skips_by_reason(summary, target);
      if (groups.empty()) continue;
      if (first) fmt::print(out_, "\n### Skipped, by reason\n\n| Target | Cases | Reason |\n|:--|--:|:--|\n");
      first = false;
      for (const auto& [reason, n] : groups)
        fmt::print(out_, "| {} | {} | {} |\n", markdown_text(target), n, markdown_text(shorten(reason, max_message_bytes)));
    }
  }

  void write_problems() {
    std::size_t listed = 0, unlisted = 0;
    for (const auto& r : problems()) {
      if (listed == 0) fmt::print(out_, "\n### Failures and errors\n\n");
      if (listed == max_listed) {
        ++unlisted;
        continue;
      }
      fmt::print(out_, "{}\n", problem_item(r));
      ++listed;
    }
    if (unlisted) fmt::print(out_, "\n…and {} more.\n", unlisted);
  }

  std::ostream& out_;
  std::map<std::string, std::map<std::string, std::size_t>> failures_by_clause_;  // clause -> target -> failures
};

}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter(std::ostream& out) { return std::make_unique<MarkdownReporter>(out); }

}  // namespace rulecheck

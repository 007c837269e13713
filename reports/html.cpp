// The HTML reporter: one self-contained page (inline CSS, no scripts, no external resources) with
// the counts, the clauses × targets matrix, and each failure and error; the matrix's failing cells
// link to the cases listed below it.
#include <algorithm>
#include <cctype>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "reports/document.hpp"

namespace rulecheck {

namespace {

constexpr std::string_view style = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 2px 8px; }
td { text-align: right; min-width: 2em; }
th[scope=row] { text-align: left; font-family: monospace; font-weight: normal; }
table.matrix td { text-align: center; min-width: 3.2em; white-space: nowrap; }
th.target { vertical-align: bottom; padding: 4px 2px; }
th.target span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; max-height: 14em;
  overflow: hidden; text-overflow: ellipsis; font-family: monospace; font-weight: normal; }
td.total { font-size: 85%; }
td.reason { text-align: left; }
summary h2 { display: inline; }
td.pass { background: #e3f3e3; }
td.fail { background: #f6b8b8; font-weight: bold; }
td.errored { background: #fbd39a; font-weight: bold; }
td.skipped { background: #ececec; }
.case { border-left: 4px solid #d33; padding: 0 1em; margin: 1.5em 0; }
.case.errored { border-left-color: #e90; }
.case:target { background: #fff7d0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 1em; }
dt { font-weight: bold; }
dd { margin: 0; }
pre { background: #f5f5f5; padding: 6px; margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
)";

constexpr auto verdicts = kAllVerdicts;

// One clause on one target: the verdicts of the cases citing it, and where the first failure and
// the first error citing it are listed.
struct Cell {
  Tally tally;
  std::string first_fail, first_error;
};
using Matrix = std::map<std::string, std::map<std::string, Cell>>;  // clause -> target -> cell

std::string case_anchor(std::size_t problem_number) { return fmt::format("case-{}", problem_number); }

// An id attribute for a clause's row: its id, with anything but [A-Za-z0-9._-] as "_".
std::string clause_anchor(const std::string& clause) {
  std::string anchor = "clause-" + clause;
  for (char& c : anchor)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) c = '_';
  return anchor;
}

std::vector<std::string> distinct(std::vector<std::string> items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return items;
}

void record(Cell& cell, const CaseResult& r, const std::string& anchor) {
  cell.tally.add(r);
  if ((r.verdict == Verdict::fail || r.verdict == Verdict::disputed) && cell.first_fail.empty())
    cell.first_fail = anchor;
  if (r.verdict == Verdict::errored && cell.first_error.empty()) cell.first_error = anchor;
}

// Adds a case to the matrix. Problems are numbered in the order they come (`problems` counts them),
// as the list below the matrix shows them.
void add_to_matrix(Matrix& matrix, const CaseResult& r, std::size_t& problems) {
  const std::string anchor = is_problem(r) ? case_anchor(++problems) : "";
  // A failure counts against the clauses that decide its differing step (CaseResult::deciding), not
  // against every clause its scenario cites; every other case counts against its cites.
  const auto& clauses = has_difference(r.verdict) && !r.deciding.empty() ? r.deciding : r.cites;
  for (const auto& clause : distinct(clauses)) record(matrix[clause][r.target], r, anchor);
}

// A clause on one target in one cell: the worst verdict among the cases citing it, with how many of
// them, linking to the first such case listed below; every count is in the cell's tooltip.
std::string verdict_cell(const Cell& cell) {
  const Tally& t = cell.tally;
  if (t.total() == 0) return "<td class=\"none\"></td>";
  std::vector<std::string> counts;
  for (Verdict v : verdicts)
    if (t.count(v)) counts.push_back(fmt::format("{} {}", t.count(v), verdict_name(v)));
  const std::string tooltip = fmt::format("{} case(s): {}", t.total(), fmt::join(counts, ", "));
  std::string cls, text, anchor;
  if (t.count(Verdict::fail) + t.count(Verdict::disputed)) {
    cls = "fail", anchor = cell.first_fail;
    text = fmt::format("\u2717 {}/{}", t.count(Verdict::fail) + t.count(Verdict::disputed), t.total());
  } else if (t.count(Verdict::errored)) {
    cls = "errored", text = fmt::format("! {}/{}", t.count(Verdict::errored), t.total()), anchor = cell.first_error;
  } else if (t.count(Verdict::pass) + t.count(Verdict::alternative)) {
    cls = "pass", text = fmt::format("\u2713 {}", t.count(Verdict::pass) + t.count(Verdict::alternative));
  } else {
    cls = "skipped", text = "\u2013";
  }
  if (!anchor.empty()) text = fmt::format("<a href=\"#{}\">{}</a>", anchor, text);
  return fmt::format("<td class=\"{}\" title=\"{}\">{}</td>", cls, escape_xml_attribute(tooltip), text);
}

std::string count_cell(std::size_t count, Verdict v) {
  if (count == 0) return "<td></td>";
  return fmt::format("<td class=\"{}\">{}</td>", verdict_name(v), count);
}

std::string tally_cells(const Tally& t) {
  std::string html = fmt::format("<td>{}</td>", t.total());
  for (Verdict v : verdicts) html += count_cell(t.count(v), v);
  return html;
}

std::string definition(std::string_view term, const std::string& html) {
  if (html.empty()) return "";
  return fmt::format("<dt>{}</dt><dd>{}</dd>\n", term, html);
}

std::string preformatted(const std::string& text) { return text.empty() ? "" : "<pre>" + escape_xml(text) + "</pre>"; }

class HtmlReporter final : public DocumentReporter {
 public:
  explicit HtmlReporter(std::ostream& out) : out_(out) {}

 private:
  void on_case(const CaseResult& r) override { add_to_matrix(matrix_, r, problems_counted_); }

  void write(const Summary& summary) override {
    const Matrix& matrix = matrix_;
    fmt::print(out_, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    fmt::print(out_, "<title>rulecheck report</title>\n<style>{}</style>\n</head>\n<body>\n", style);
    write_header(summary);
    write_coverage_and_skips(summary);
    write_matrix(matrix);
    write_problems(matrix);
    fmt::print(out_, "</body>\n</html>\n");
    out_.flush();
  }

  void write_header(const Summary& summary) {
    const Tally all = tally_all();
    fmt::print(out_, "<h1>rulecheck report</h1>\n");
    fmt::print(
        out_,
        "<p>{} case(s) on {} target(s) in {} s: {} passed, {} failed, {} skipped, {} errored. rulecheck {}.</p>\n",
        all.total(), targets().size(), seconds_text(summary.seconds), all.count(Verdict::pass),
        all.count(Verdict::fail), all.count(Verdict::skipped), all.count(Verdict::errored), escape_xml(info().version));
    if (summary.failed_unreachable)
      fmt::print(out_, "<p>{} of the failures are on boards the scenarios mark unreachable (--skip-unreachable skips "
                 "them).</p>\n", summary.failed_unreachable);
    if (summary.bad_input)
      fmt::print(out_, "<p><strong>{} scenario file(s) could not be used.</strong></p>\n", summary.bad_input);
    if (!summary.interrupted.empty())
      fmt::print(out_, "<p><strong>Interrupted by {}</strong>: the cases not judged by then are counted as skipped.</p>\n",
                 escape_xml(summary.interrupted));
    else if (!summary.stopped.empty())
      fmt::print(out_, "<p><strong>Stopped: {}</strong>: the cases not judged by then are counted as skipped.</p>\n",
                 escape_xml(summary.stopped));
    fmt::print(out_,
               "<table class=\"targets\">\n<tr><th>Target</th><th>Cases</th><th>Passed</th><th>Failed</th>"
               "<th>Skipped</th><th>Errored</th></tr>\n");
    const auto tallies = tally_by_target();
    for (const auto& target : targets())
      fmt::print(out_, "<tr><th scope=\"row\">{}</th>{}</tr>\n", escape_xml(target), tally_cells(tallies.at(target)));
    fmt::print(out_, "</table>\n");
  }

  // Clauses down, one narrow column per target (readable at ten engines): each cell the worst verdict
  // of the cases citing the clause there, its counts on hover, failures linked; the last row says how
  // many clauses each target gets right.
  void write_matrix(const Matrix& matrix) {
    fmt::print(out_, "<h2>Clauses \u00d7 targets</h2>\n");
    fmt::print(out_,
               "<p class=\"legend\">\u2713 n: every case citing the clause passed (n of them); \u2717 f/n: f failed; "
               "! e/n: e errored; \u2013: skipped only. Hover a cell for its counts; a \u2717 or ! links to the "
               "first such case below.</p>\n");
    fmt::print(out_, "<table class=\"matrix\">\n<thead>\n<tr><th>Clause</th>");
    for (const auto& target : targets())
      fmt::print(out_, "<th class=\"target\" title=\"{}\"><span>{}</span></th>", escape_xml_attribute(target),
                 escape_xml(shorten(target, 40)));
    fmt::print(out_, "</tr>\n</thead>\n<tbody>\n");
    std::map<std::string, std::array<std::size_t, 3>> right;  // target -> clauses passed, failed or errored, skipped
    for (const auto& [clause, by_target] : matrix) write_clause_row(clause, by_target, right);
    fmt::print(out_, "</tbody>\n<tfoot>\n<tr><th scope=\"row\">clauses all passing / with a problem / not run</th>");
    for (const auto& target : targets()) {
      const auto& r = right[target];
      fmt::print(out_, "<td class=\"total\" title=\"{} clause(s) with every case passing, {} with a failure or an error, "
                       "{} skipped only\">{} / {} / {}</td>",
                 r[0], r[1], r[2], r[0], r[1], r[2]);
    }
    fmt::print(out_, "</tr>\n</tfoot>\n</table>\n");
  }

  void write_clause_row(const std::string& clause, const std::map<std::string, Cell>& by_target,
                        std::map<std::string, std::array<std::size_t, 3>>& right) {
    // The clause's paraphrase (rules/<game>/clauses.json) as a tooltip and a second line.
    const auto& paraphrases = info().clause_paraphrases;
    const auto p = paraphrases.find(clause);
    const std::string paraphrase = p == paraphrases.end() ? "" : p->second;
    fmt::print(out_, "<tr id=\"{}\"><th scope=\"row\" title=\"{}\">{}{}</th>",
               escape_xml_attribute(clause_anchor(clause)), escape_xml_attribute(paraphrase), escape_xml(clause),
               paraphrase.empty() ? "" : "<br><small>" + escape_xml(paraphrase) + "</small>");
    static const Cell none;
    for (const auto& target : targets()) {
      const auto found = by_target.find(target);
      const Cell& cell = found == by_target.end() ? none : found->second;
      fmt::print(out_, "{}", verdict_cell(cell));
      const Tally& t = cell.tally;
      if (t.total() == 0) continue;
      auto& r = right[target];
      if (t.problems()) ++r[1];
      else if (t.count(Verdict::pass) + t.count(Verdict::alternative)) ++r[0];
      else ++r[2];
    }
    fmt::print(out_, "</tr>\n");
  }

  // Each engine's coverage line and each target's skips grouped by reason.
  void write_coverage_and_skips(const Summary& summary) {
    std::string coverage, skips;
    for (const auto& target : targets()) {
      const EngineInfo* engine = find_engine(info(), target);
      const auto covered = summary.coverage.find(target);
      if (engine || covered != summary.coverage.end())
        coverage += fmt::format(
            "<li><strong>{}</strong>: {}</li>\n", escape_xml(target),
            escape_xml(coverage_text(engine, covered == summary.coverage.end() ? Coverage{} : covered->second, 100)));
      for (const auto& [reason, n] : skips_by_reason(summary, target))
        skips += fmt::format("<tr><th scope=\"row\">{}</th><td>{}</td><td class=\"reason\">{}</td></tr>\n",
                             escape_xml(target), n, escape_xml(reason));
    }
    if (!coverage.empty()) fmt::print(out_, "<h2>Coverage</h2>\n<ul>\n{}</ul>\n", coverage);
    if (!skips.empty())
      fmt::print(out_,
                 "<details><summary><h2>Skipped, by reason</h2></summary>\n<table class=\"skips\">\n"
                 "<tr><th>Target</th><th>Cases</th><th>Reason</th></tr>\n{}</table>\n</details>\n",
                 skips);
  }

  void write_problems(const Matrix& matrix) {
    std::size_t number = 0;
    for (const auto& r : problems()) {
      if (number == 0) fmt::print(out_, "<h2>Failures and errors</h2>\n");
      write_problem(r, case_anchor(++number), matrix);
    }
  }

  void write_problem(const CaseResult& r, const std::string& anchor, const Matrix& matrix) {
    fmt::print(out_, "<section class=\"case {}\" id=\"{}\">\n", verdict_name(r.verdict), anchor);
    fmt::print(out_, "<h3>{} {} on {}{}</h3>\n<dl>\n", verdict_heading(r.verdict), escape_xml(r.id),
               escape_xml(r.target), escape_xml(unreachable_mark(r)));
    if (r.verdict == Verdict::disputed) fmt::print(out_, "{}", definition("Disputed", escape_xml(kDisputedMeaning)));
    fmt::print(out_, "{}", definition("Title", escape_xml(r.title)));
    fmt::print(out_, "{}", definition("File", escape_xml(r.file)));
    fmt::print(out_, "{}", definition("Step", r.step >= 0 ? std::to_string(r.step) : ""));
    fmt::print(out_, "{}", definition("Message", escape_xml(r.message)));
    fmt::print(out_, "{}", definition("Answer", escape_xml(illegality_text(r.answer_rule, r.answer_reason))));
    fmt::print(out_, "{}", definition("Wanted", escape_xml(illegality_text(r.expected_rule, r.expected_reason))));
    fmt::print(out_, "{}", definition("Note", escape_xml(r.note)));
    if (!r.patch.is_null())
      fmt::print(out_, "{}",
                 definition("Patch", preformatted(r.patch.dump(2, ' ', false, json::error_handler_t::replace))));
    if (!r.oracle_outcome.is_null())
      fmt::print(out_, "{}",
                 definition("Oracle", preformatted(r.oracle_outcome.dump(2, ' ', false, json::error_handler_t::replace))));
    if (!r.solver.empty())
      fmt::print(out_, "{}", definition("Solver", escape_xml(fmt::format("{}: {}", r.solver, r.solver_why))));
    fmt::print(out_, "{}", definition("Decided by", clause_links(r.deciding, matrix)));
    fmt::print(out_, "{}", definition("Clauses", clause_links(r.clauses, matrix)));
    fmt::print(out_, "{}", definition("Cites", clause_links(r.cites, matrix)));
    fmt::print(out_, "{}", definition("Stderr", preformatted(r.stderr_text)));
    fmt::print(out_, "{}", definition("Reproduce", preformatted(r.reproduce)));
    fmt::print(out_, "{}", definition("Explain", preformatted(r.explain)));
    fmt::print(out_, "</dl>\n</section>\n");
  }

  // The clauses, each linking to its row of the matrix when it has one.
  static std::string clause_links(const std::vector<std::string>& clauses, const Matrix& matrix) {
    std::vector<std::string> links;
    for (const auto& clause : clauses) {
      if (matrix.count(clause))
        links.push_back(
            fmt::format("<a href=\"#{}\">{}</a>", escape_xml_attribute(clause_anchor(clause)), escape_xml(clause)));
      else
        links.push_back(escape_xml(clause));
    }
    return fmt::format("{}", fmt::join(links, ", "));
  }

  std::ostream& out_;
  Matrix matrix_;
  std::size_t problems_counted_ = 0;
};

}  // namespace

std::unique_ptr<Reporter> make_html_reporter(std::ostream& out) { return std::make_unique<HtmlReporter>(out); }

}  // namespace rulecheck

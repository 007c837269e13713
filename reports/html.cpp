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
colgroup.target { border-left: 2px solid #888; }
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

constexpr std::array<Verdict, 5> verdicts = {Verdict::pass, Verdict::fail, Verdict::skipped, Verdict::errored,
                                             Verdict::alternative};

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
  if (r.verdict == Verdict::fail && cell.first_fail.empty()) cell.first_fail = anchor;
  if (r.verdict == Verdict::errored && cell.first_error.empty()) cell.first_error = anchor;
}

// Problems are numbered in the order they come, as the list below the matrix shows them.
Matrix build_matrix(const std::vector<CaseResult>& cases) {
  Matrix matrix;
  std::size_t problems = 0;
  for (const auto& r : cases) {
    const std::string anchor = is_problem(r) ? case_anchor(++problems) : "";
    for (const auto& clause : distinct(r.cites)) record(matrix[clause][r.target], r, anchor);
  }
  return matrix;
}

std::string count_cell(std::size_t count, Verdict v, const std::string& anchor) {
  if (count == 0) return "<td></td>";
  const std::string text =
      anchor.empty() ? std::to_string(count) : fmt::format("<a href=\"#{}\">{}</a>", anchor, count);
  return fmt::format("<td class=\"{}\">{}</td>", verdict_name(v), text);
}

std::string anchor_for(const Cell& cell, Verdict v) {
  if (v == Verdict::fail) return cell.first_fail;
  if (v == Verdict::errored) return cell.first_error;
  return "";
}

std::string cells(const Cell& cell) {
  std::string html;
  for (Verdict v : verdicts) html += count_cell(cell.tally.count(v), v, anchor_for(cell, v));
  return html;
}

std::string tally_cells(const Tally& t) {
  std::string html = fmt::format("<td>{}</td>", t.total());
  for (Verdict v : verdicts) html += count_cell(t.count(v), v, "");
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
  void write(const Summary& summary) override {
    const Matrix matrix = build_matrix(cases());
    fmt::print(out_, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    fmt::print(out_, "<title>rulecheck report</title>\n<style>{}</style>\n</head>\n<body>\n", style);
    write_header(summary);
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
    if (summary.bad_input)
      fmt::print(out_, "<p><strong>{} scenario file(s) could not be used.</strong></p>\n", summary.bad_input);
    if (!summary.interrupted.empty())
      fmt::print(out_, "<p><strong>Interrupted by {}</strong>: the cases not judged by then are counted as skipped.</p>\n",
                 escape_xml(summary.interrupted));
    fmt::print(out_,
               "<table class=\"targets\">\n<tr><th>Target</th><th>Cases</th><th>Passed</th><th>Failed</th>"
               "<th>Skipped</th><th>Errored</th></tr>\n");
    const auto tallies = tally_by_target();
    for (const auto& target : targets())
      fmt::print(out_, "<tr><th scope=\"row\">{}</th>{}</tr>\n", escape_xml(target), tally_cells(tallies.at(target)));
    fmt::print(out_, "</table>\n");
  }

  void write_matrix(const Matrix& matrix) {
    fmt::print(out_, "<h2>Clauses × targets</h2>\n<table class=\"matrix\">\n<colgroup><col></colgroup>");
    for (std::size_t i = 0; i < targets().size(); ++i)
      fmt::print(out_, "<colgroup span=\"4\" class=\"target\"></colgroup>");
    fmt::print(out_, "\n<thead>\n<tr><th rowspan=\"2\">Clause</th>");
    for (const auto& target : targets()) fmt::print(out_, "<th colspan=\"4\">{}</th>", escape_xml(target));
    fmt::print(out_, "</tr>\n<tr>");
    for (std::size_t i = 0; i < targets().size(); ++i)
      fmt::print(out_, "<th>pass</th><th>fail</th><th>skip</th><th>errored</th>");
    fmt::print(out_, "</tr>\n</thead>\n<tbody>\n");
    for (const auto& [clause, by_target] : matrix) write_clause_row(clause, by_target);
    fmt::print(out_, "</tbody>\n</table>\n");
  }

  void write_clause_row(const std::string& clause, const std::map<std::string, Cell>& by_target) {
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
      fmt::print(out_, "{}", cells(found == by_target.end() ? none : found->second));
    }
    fmt::print(out_, "</tr>\n");
  }

  void write_problems(const Matrix& matrix) {
    std::size_t number = 0;
    for (const auto& r : cases()) {
      if (!is_problem(r)) continue;
      if (number == 0) fmt::print(out_, "<h2>Failures and errors</h2>\n");
      write_problem(r, case_anchor(++number), matrix);
    }
  }

  void write_problem(const CaseResult& r, const std::string& anchor, const Matrix& matrix) {
    fmt::print(out_, "<section class=\"case {}\" id=\"{}\">\n", verdict_name(r.verdict), anchor);
    fmt::print(out_, "<h3>{} {} on {}</h3>\n<dl>\n", r.verdict == Verdict::fail ? "FAIL" : "ERROR", escape_xml(r.id),
               escape_xml(r.target));
    fmt::print(out_, "{}", definition("Title", escape_xml(r.title)));
    fmt::print(out_, "{}", definition("File", escape_xml(r.file)));
    fmt::print(out_, "{}", definition("Step", r.step >= 0 ? std::to_string(r.step) : ""));
    fmt::print(out_, "{}", definition("Message", escape_xml(r.message)));
    if (!r.patch.is_null())
      fmt::print(out_, "{}",
                 definition("Patch", preformatted(r.patch.dump(2, ' ', false, json::error_handler_t::replace))));
    fmt::print(out_, "{}", definition("Clauses", clause_links(r.clauses, matrix)));
    fmt::print(out_, "{}", definition("Cites", clause_links(r.cites, matrix)));
    fmt::print(out_, "{}", definition("Stderr", preformatted(r.stderr_text)));
    fmt::print(out_, "{}", definition("Reproduce", preformatted(r.reproduce)));
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
};

}  // namespace

std::unique_ptr<Reporter> make_html_reporter(std::ostream& out) { return std::make_unique<HtmlReporter>(out); }

}  // namespace rulecheck

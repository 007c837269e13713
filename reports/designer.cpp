// The designer's report in Markdown (reports/designer.hpp), in the order of the HTML page
// (reports/designer_html.cpp): open questions, contradictions, what is settled, every question asked.
#include "reports/designer.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/board.hpp"
#include "reports/designer_parts.hpp"
#include "reports/document.hpp"

namespace rulecheck {

using namespace designer;

namespace {

// What a question's status says, for the table of every question.
std::string status_words(const json& q) {
  const std::string status = q.value("status", "");
  if (status == "witness")
    return std::string("witness found") + (q.contains("settled") ? "; settled (" + text_of(q, "settled") + ")" : "") +
           (q.value("found_by_search", false) ? "; found by the literal search" : "");
  if (status == "none") return "none: the solver proved that no board of its scope has one";
  if (status == "interrupted") return "interrupted: not decided";
  return "unknown: not decided (" + q.value("reason", std::string()) + ")";
}

void write_quotes(std::ostream& out, const json& quotes, const json& stated = json()) {
  for (const auto& q : quotes) out << quote_markdown(q, marks_for(q, stated));
}

void write_open_question(std::ostream& out, const json& f) {
  out << fmt::format("### {} <small>`{}`</small>\n\n", question_of(f), text_of(f, "point"));
  if (!text_of(f, "question").empty())
    out << fmt::format("**Witness** (a board of size {}): {}\n\n", f.value("size", 0), text_of(f, "title"));
  if (f.value("found_by_search", false)) out << "Found by the literal search.\n\n";
  if (f.contains("words_changed"))
    out << "The words of " << joined(strings_of(f["words_changed"]))
        << " changed in the texts given: this witness was found from the old words.\n\n";
  write_quotes(out, member(f, "quotes"));
  if (f["scenarios"].empty()) {
    out << text_of(f, "note") << "\n\n";
    return;
  }
  write_board_markdown(out, first_scenario(f)["state"]);
  if (const std::string o = other_readings(f); !o.empty()) out << "The board depends on the reading " << o << ".\n\n";
  if (const std::string o = override_of(f); !o.empty()) out << "Under the ruleset override `" << o << "`.\n\n";
  out << "**The step**: " << text_of(f, "step_in_words") << ".\n\n";
  out << "| reading | what it takes the text to mean | outcome |\n|---|---|---|\n";
  for (const auto& s : f["scenarios"])
    out << fmt::format("| {}{} | {} | {} |\n",
                       s.value("default", false) ? "**" + text_of(s, "reading") + "**" : text_of(s, "reading"),
                       s.value("default", false) ? " (default)" : "", markdown_cell(text_of(s, "reading_says")),
                       markdown_cell(outcome_of(s)));
  std::string files;
  for (const auto& s : f["scenarios"]) files += (files.empty() ? "" : ", ") + text_of(s["scenario"], "id") + ".json";
  out << "\n" << text_of(f, "note") << "\n\n<details><summary>JSON</summary>\n\n`" << step_json(f) << "`; scenarios: "
      << files << "\n\n</details>\n\n";
}

void write_contradictions(std::ostream& out, const json& contradictions) {
  out << "## Contradictions\n\nSentences that cannot all hold: numbers the texts given state against the sentences "
         "they restate (rules/<game>/numbers.json), and the literal search's sets of clauses no board play can reach "
         "satisfies (each minimal).\n\n";
  if (!contradictions.is_array() || contradictions.empty()) out << "None searched: no game asked has a literal encoding.\n\n";
  for (const auto& c : contradictions) {
    out << "- " << contradiction_status(c) << "\n\n";
    for (const auto& x : stated_list(c)) {
      out << fmt::format("### {}CONTRADICTION of the stated numbers: {} <small>`{}`</small>\n\n{}\n\n",
                         x.value("known", false) ? "known " : "", stated_heading(x), text_of(x, "clause"),
                         text_of(x, "line"));
      write_quotes(out, member(x, "quotes"), x);
    }
    for (const auto& x : member(c, "found")) {
      std::string clauses;
      for (const auto& id : strings_of(member(x, "clauses"))) clauses += (clauses.empty() ? "`" : " + `") + id + "`";
      out << fmt::format("### CONTRADICTION: {} cannot all hold\n\n**{}** (probe `{}`)\n\n{}\n\n", clauses,
                         text_of(x, "title"), text_of(x, "probe"), text_of(x, "note"));
      write_quotes(out, member(x, "quotes"));
    }
    for (const auto& r : member(c, "reread")) {
      out << fmt::format("### RE-READ: `{}` ({}, paragraph {}): its words changed\n\nThe searches read an encoding of "
                         "the old words and no stated number reads the new ones: re-read them. We read the old words "
                         "as: {}\n\n",
                         text_of(r, "clause"), text_of(r, "file"), member(r, "paragraph").dump(), text_of(r, "paraphrase"));
      for (const auto& l : reread_lines(r)) out << "- " << l << "\n";
      out << "\n";
    }
  }
}

}  // namespace

void write_designer_markdown(std::ostream& out, const json& findings, const json& questions,
                             const json& contradictions, const json& texts) {
  std::size_t fresh = 0, points = 0;
  for (const auto& f : findings)
    if (!f.contains("settled")) ++(f.value("new", false) ? fresh : points);
  out << fmt::format("# What the rule texts leave open: {} new finding(s), {} point(s) whose readings change "
                     "outcomes\n\n",
                     fresh, points);
  out << "Each has a smallest board play can reach where the readings part; a scenario per reading is beside this "
         "report (`rulecheck run` replays it). Marked in a quote (**bold**): the number a contradiction is about; "
         "elsewhere the words that state the quote's clauses (their spans, clauses.json), or, for a clause with "
         "none found, the sentence sharing most words with our reading of it (a guess, not a decision).\n\n"
      << texts_line(texts) << "\n\n";
  out << "## Open questions\n\n";
  if (!fresh) out << "No new finding is open.\n\n";
  for (const auto& f : findings)
    if (f.value("new", false) && !f.contains("settled")) write_open_question(out, f);
  for (const auto& f : findings)
    if (!f.value("new", false)) write_open_question(out, f);
  write_contradictions(out, contradictions);
  out << "## What is settled\n\n";
  for (const auto& [why, group] : settled_groups(findings)) {
    out << "### " << why << "\n\n";
    for (const json* f : group)
      out << fmt::format("- SETTLED: {} `{}` (clauses {}; the step: {})\n", text_of(*f, "title"), text_of(*f, "point"),
                         clauses_of(*f, true), text_of(*f, "step_in_words"));
    out << "\n";
  }
  out << "## Every question asked\n\nEach declared point, then each search for new findings, and how its search "
         "ended: a witness, none (proved for every board of its scope: --format json, \"questions\"), or not decided "
         "(why).\n\n| point | status |\n|---|---|\n";
  for (const auto& q : questions)
    out << fmt::format("| `{}` | {} |\n", q.value("point", ""), markdown_cell(status_words(q)));
}

}  // namespace rulecheck

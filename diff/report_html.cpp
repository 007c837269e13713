// `rulecheck diff`'s report as a self-contained HTML page.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "diff/report.hpp"
#include "diff/report_words.hpp"
#include "reports/board.hpp"
#include "reports/document.hpp"

namespace rulecheck::diff {

namespace {

using namespace words;

void sentences_html(std::ostream& out, const GameDiff& d) {
  out << fmt::format("<h2>Sentences stating a number the edit changes: {}</h2>\n", d.sentences.size());
  if (d.sentences.empty()) {
    out << "<p>None.</p>\n";
    return;
  }
  out << "<ul>\n";
  for (const auto& c : d.sentences)
    out << fmt::format("<li><code>{}</code>: {}{}</li>\n", escape_xml(sentence_place(c)),
                       escape_xml(sentence_verdict(c)), c.says.empty() ? "" : " (" + escape_xml(c.says) + ")");
  out << "</ul>\n";
}


void witness_html(std::ostream& out, const Witness& w) {
  const json& any = w.base.is_null() ? w.edited : w.base;
  if (any.is_null()) return;
  write_board_html(out, any["state"]);
  out << fmt::format("<p>The step: <code>{}</code></p>\n", escape_xml(step_text(any)));
  out << "<table><tr><th>side</th><th>outcome</th><th>scenario</th></tr>\n";
  for (const auto& [side, s] : {std::pair<const char*, const json*>{"base", &w.base}, {"edited", &w.edited}})
    out << fmt::format("<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n", side,
                       escape_xml(expected_text(*s)), escape_xml(id_of(*s)));
  out << "</table>\n";
  if (const std::string at = next_state_differences(w); !at.empty())
    out << "<p>The next states differ at: " << escape_xml(at) << "</p>\n";
}


// The same for HTML: the id as code, the paraphrase escaped.
std::string clause_html(const GameRules& project, const std::string& id) {
  const auto it = project.clauses.find(id);
  return fmt::format("<code>{}</code>: {}", escape_xml(id),
                     escape_xml(it == project.clauses.end() ? "(not in the index)" : it->second.paraphrase));
}


}  // namespace

void write_html(std::ostream& out, const GameDiff& d, const GameRules& project) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck diff</title>\n"
         "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;line-height:1.4}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}"
         "th{background:#eee}code{background:#f4f4f4}</style></head><body>\n";
  out << fmt::format("<h1>rulecheck diff: {}, {} change(s)</h1>\n<p>The edit: {}.</p>\n", escape_xml(d.game),
                     change_count(d), escape_xml(edit_line(d)));
  sentences_html(out, d);
  for (const bool refusals : {false, true}) {
    const auto list = split(d.scenarios, refusals);
    out << fmt::format(fmt::runtime(refusals ? "<h2>Scenarios refused by another clause: {} of {}</h2>\n"
                                : "<h2>Scenarios whose legality or outcome changes: {} of {}</h2>\n"),
                       list.size(), d.scenarios_compared);
    if (list.empty()) out << "<p>" << kNone << "</p>\n";
    if (list.empty()) continue;
    out << "<table><tr><th>scenario</th><th>step</th><th>base</th><th>edited</th><th>witness</th></tr>\n";
    for (const auto* c : list)
      out << fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
                         escape_xml(c->id), c->step, escape_xml(outcome_text(c->before)),
                         escape_xml(outcome_text(c->after)), escape_xml(id_of(c->witness.edited)));
    out << "</table>\n";
  }
  for (const bool refusals : {false, true}) {
    const auto list = split(d.sample, refusals);
    out << fmt::format(fmt::runtime(refusals ? "<h2>Generated cases refused by another clause ({} cases, seed {})</h2>\n"
                                : "<h2>Generated cases whose legality or outcome changes ({} cases, seed {})</h2>\n"),
                       d.sample_cases, d.seed);
    if (list.empty()) out << "<p>" << kNone << "</p>\n";
    for (const auto* c : list) {
      out << fmt::format("<section><h3>{}: {} &rarr; {} ({} cases)</h3>\n", escape_xml(c->kind),
                         escape_xml(c->before), escape_xml(c->after), c->cases);
      witness_html(out, c->witness);
      out << "</section>\n";
    }
  }
  out << fmt::format("<h2>Invariants that stop or start holding ({} proofs)</h2>\n", d.proofs_compared);
  if (d.proofs.empty()) out << "<p>" << kNone << "</p>\n";
  for (const auto& c : d.proofs) {
    out << fmt::format("<section><h3><code>{}</code>: {} &rarr; {}</h3><p>{}</p><ul>\n", escape_xml(c.id),
                       escape_xml(c.before), escape_xml(c.after), escape_xml(c.claim));
    for (const auto& cl : c.clauses) out << "<li>" << clause_html(project, cl) << "</li>\n";
    out << "</ul>\n";
    if (!c.counterexample.is_null()) {
      write_board_html(out, c.counterexample["state"]);
      out << fmt::format("<p>The step: <code>{}</code>; scenario <code>{}</code></p>\n",
                         escape_xml(step_text(c.counterexample)), escape_xml(id_of(c.counterexample)));
    }
    out << "</section>\n";
  }
  out << fmt::format("<h2>Interpretation points whose readings stop or start mattering ({} points{})</h2>\n",
                     d.points_compared, escape_xml(points_scope(d)));
  if (d.points.empty()) out << "<p>" << kNone << "</p>\n";
  for (const auto& c : d.points) {
    out << fmt::format("<section><h3><code>{}</code>: {}</h3><p>{}</p><ul>\n", escape_xml(c.point),
                       c.after ? "the readings start to differ" : "no board found where the readings still differ",
                       escape_xml(c.title));
    for (const auto& s : c.scenarios)
      out << fmt::format("<li>reading <code>{}</code>: {} (<code>{}</code>)</li>\n", escape_xml(s.value("reading", "")),
                         escape_xml(expected_text(s["scenario"])), escape_xml(id_of(s["scenario"])));
    out << "</ul></section>\n";
  }
  for (const bool refusals : {false, true}) {
    const auto list = split(d.probes, refusals);
    out << fmt::format(fmt::runtime(refusals ? "<h2>The smallest boards refused by another clause ({} solver probes)</h2>\n"
                                : "<h2>The smallest boards where the sides differ ({} solver probes)</h2>\n"),
                       d.probes_compared);
    if (list.empty()) out << "<p>" << kNone << "</p>\n";
    for (const auto* c : list) {
      out << fmt::format("<section><h3><code>{}</code> (size {})</h3><p>{}</p><ul>\n", escape_xml(c->probe),
                         c->size, escape_xml(c->title));
      for (const auto& cl : c->clauses) out << "<li>" << clause_html(project, cl) << "</li>\n";
      out << "</ul>\n";
      witness_html(out, c->witness);
      out << "</section>\n";
    }
  }
  out << "<h2>Sentences that cannot all hold (the contradiction search: " << escape_xml(contradictions_headline(d))
      << ")</h2>\n";
  if (d.contradictions.empty()) out << "<p>" << kNone << "</p>\n";
  for (const auto& c : d.contradictions) {
    out << fmt::format("<section><h3><code>{}</code>: found under the {} rules only</h3><p>{}</p><p>{}</p><ul>\n",
                       escape_xml(c.probe), c.after ? "edited" : "base", escape_xml(c.title), escape_xml(c.note));
    for (const auto& cl : c.clauses) out << "<li>" << clause_html(project, cl) << "</li>\n";
    out << "</ul></section>\n";
  }
  if (!d.unknowns.empty()) {
    out << "<h2>Not decided within the solver's budget</h2><ul>\n";
    for (const auto& u : d.unknowns) out << "<li>" << escape_xml(u) << "</li>\n";
    out << "</ul>\n";
  }
  if (!d.questions.empty()) {
    out << fmt::format("<h2>Every solver question ({} not decided)</h2>\n<table><tr><th>part</th><th>id</th>"
                       "<th>base</th><th>edited</th><th>why or scope</th></tr>\n",
                       d.undecided());
    for (const auto& q : d.questions)
      out << fmt::format("<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                         escape_xml(q.part), escape_xml(q.id), escape_xml(q.base), escape_xml(q.edited),
                         escape_xml(q.why));
    out << "</table>\n";
  }
  if (!d.interrupted.empty())
    out << "<h2>Interrupted</h2><p>" << escape_xml(d.interrupted) << ": the parts after it were not compared.</p>\n";
  out << "</body></html>\n";
}

}  // namespace rulecheck::diff

// The designer's report as one HTML page (reports/designer.hpp): open questions first, then
// contradictions, then what is settled, each collapsed to a line; a table of contents.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/board.hpp"
#include "reports/designer.hpp"
#include "reports/designer_parts.hpp"
#include "reports/document.hpp"

namespace rulecheck {

using namespace designer;

namespace {

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;max-width:80em;margin:2em auto;line-height:1.4;padding:0 1em}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;"
    "vertical-align:top}th{background:#eee}code,pre{background:#f4f4f4}pre{padding:.5em;white-space:pre-wrap}"
    "blockquote{border-left:4px solid #c80;margin:.5em 0;padding:.2em .8em;background:#fffaf0}"
    "mark{background:#ffe066}.where{color:#555;font-size:90%}.id{color:#777;font-weight:normal;font-size:70%;"
    "font-family:monospace;margin-left:.5em}.default{font-weight:bold}h4{font-size:115%;margin:1.5em 0 .3em}"
    "article{border-top:1px solid #ddd;margin-top:1em}.alarm{color:#b00}details{margin:.2em 0}"
    "summary{cursor:pointer}.board{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
    ".text-table td:first-child{font-weight:bold}nav ol{margin:.2em 0}</style>";

std::string anchor_of(const std::string& prefix, const std::string& id) {
  std::string out = prefix;
  for (char c : id) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
  return out;
}

std::string heading(const std::string& words, const std::string& id) {
  return escape_xml(words) + "<span class=\"id\">" + escape_xml(id) + "</span>";
}

// The quotes of a finding or a contradiction: each paragraph quoted in full the first time, its
// marked sentence and a link after that.
class Quoter {
 public:
  void write(std::ostream& out, const json& quotes, const json& stated = json()) {
    for (const auto& q : quotes) {
      const Marks marks = marks_for(q, stated);
      const std::string key = text_of(q, "file") + "#" + member(q, "paragraph").dump();
      if (!q.contains("words") || !first_.count(key)) {
        const std::string anchor = q.contains("words") ? anchor_of("t-", key) : "";
        if (!anchor.empty()) first_.insert(key);
        out << quote_html(q, marks, anchor);
        continue;
      }
      // Quoted in full above: the stated number's sentence again (a contradiction), else a link.
      const std::string again = stated.is_object() ? marked_sentences(text_of(q, "words"), marks) : "";
      out << fmt::format("<blockquote>{}<div class=\"where\"><a href=\"#{}\">{}</a> ({})</div></blockquote>\n",
                         again.empty() ? "" : "<mark>" + escape_xml(again) + "</mark>",
                         escape_xml_attribute(anchor_of("t-", key)), escape_xml(place_of(q)), escape_xml(clauses_of(q)));
    }
  }

 private:
  std::set<std::string> first_;
};

// Each reading, what it takes the text to mean, and its outcome; an outcome an earlier reading already
// has is named by that reading, not written again.
void write_readings(std::ostream& out, const json& f) {
  out << "<table><tr><th>reading</th><th>what it says</th><th>outcome</th></tr>\n";
  std::map<std::string, std::string> first_with;  // outcome -> the first reading giving it
  for (const auto& s : f["scenarios"]) {
    const bool is_default = s.value("default", false);
    const std::string outcome = outcome_of(s), reading = text_of(s, "reading");
    const auto [earlier, fresh] = first_with.emplace(outcome, reading);
    out << fmt::format("<tr><td{}>{}{}</td><td>{}</td><td>{}</td></tr>\n", is_default ? " class=\"default\"" : "",
                       escape_xml(reading), is_default ? " (default)" : "", escape_xml(text_of(s, "reading_says")),
                       fresh ? escape_xml(outcome) : "the same as under " + escape_xml(earlier->second));
  }
  out << "</table>\n";
}

// The scenario files beside the report, one per reading, that hold the step and the board as JSON.
void write_json_details(std::ostream& out, const json& f) {
  std::string files;
  for (const auto& s : f["scenarios"]) {
    std::string id = text_of(s["scenario"], "id");
    for (char& c : id)
      if (c == '/') c = '_';
    files += (files.empty() ? "" : "\n") + id + ".json";
  }
  out << "<details><summary>JSON</summary><pre>" << escape_xml(step_json(f) + "\n" + files) << "</pre></details>\n";
}

// One open question: the question, the witness in a line, the sentences, the board, the step and
// each reading's outcome.
// `searched`: the literal search re-found some finding of this run (so it ran, and a point it did not
// re-find says so); else no point is marked, and the page says none was found by it.
void write_open_question(std::ostream& out, const json& f, Quoter& quoter, bool searched) {
  const std::string id = text_of(f, "point");
  out << fmt::format("<article id=\"{}\"><h4>{}</h4>\n", escape_xml_attribute(anchor_of("q-", id)),
                     heading(question_of(f), id));
  // The witness in game terms (the note; a declared point's title restates its question).
  out << "<p><b>Witness</b>: " << escape_xml(text_of(f, "note"))
      << (!searched || f.value("found_by_search", false) || f.value("new", false)
              ? ""
              : " <span class=\"where\">(not re-found by the literal search: declared only)</span>")
      << "</p>\n";
  if (f.contains("words_changed"))
    out << "<p class=\"alarm\">The words of " << escape_xml(joined(strings_of(f["words_changed"])))
        << " changed in the texts given: this witness was found from the old words.</p>\n";
  quoter.write(out, member(f, "quotes"));
  if (f["scenarios"].empty()) {
    out << "</article>\n";
    return;
  }
  const json& state = first_scenario(f)["state"];
  out << "<div class=\"board\"><div>\n";
  write_board_svg(out, state, strings_of(member(f, "places")));
  out << "</div><div>\n";
  // The picture draws every field of the spaces, territories and cards: only the other tables beside it.
  write_board_html(out, state, {"spaces", "territories", "cards"});
  out << "</div></div>\n";
  if (const std::string o = other_readings(f); !o.empty())
    out << "<p>The board depends on the reading " << escape_xml(o) << ".</p>\n";
  if (const std::string o = override_words(f); !o.empty())
    out << "<p>Under the ruleset numbers " << escape_xml(o) << " (the rest as rules/" << escape_xml(text_of(f, "game"))
        << "/ruleset.json has them).</p>\n";
  out << "<p><b>Step</b>: " << escape_xml(text_of(f, "step_in_words")) << ".</p>\n";
  write_readings(out, f);
  write_json_details(out, f);
  out << "</article>\n";
}

struct Parts {
  std::vector<const json*> fresh, points;  // open: new findings, then declared points with a witness
  // New findings a listed convention decides (rules/<game>/conventions.json), grouped by convention in
  // the order they come: open to the designer (no words decide them), but a silence somebody listed.
  std::vector<std::pair<std::string, std::vector<const json*>>> by_convention;
  std::vector<const json*> undecided;      // questions not decided
  std::vector<const json*> none_points;    // declared points no board separates
  std::vector<std::string> searches_none;  // searches for new findings that found nothing
};

Parts parts_of(const json& findings, const json& questions) {
  Parts p;
  for (const auto& f : findings) {
    if (f.contains("settled")) continue;
    if (f.value("new", false) && f.contains("convention")) {
      const std::string id = text_of(f, "convention");
      auto it = std::find_if(p.by_convention.begin(), p.by_convention.end(), [&](const auto& g) { return g.first == id; });
      if (it == p.by_convention.end()) it = p.by_convention.insert(p.by_convention.end(), {id, {}});
      it->second.push_back(&f);
      continue;
    }
    (f.value("new", false) ? p.fresh : p.points).push_back(&f);
  }
  for (const auto& q : questions) {
    const std::string status = text_of(q, "status");
    if (status == "unknown" || status == "interrupted") p.undecided.push_back(&q);
    if (status == "none") {
      if (q.value("new", false)) p.searches_none.push_back(text_of(q, "point"));
      else p.none_points.push_back(&q);
    }
  }
  return p;
}

// The new findings each listed convention decides: the convention's question and choice, then each
// finding one collapsed line (its step and outcomes inside; its board is in the scenario files).
void write_conventions(std::ostream& out, const Parts& p) {
  if (p.by_convention.empty()) return;
  out << "<section id=\"conventions\"><h3>Decided by a listed convention</h3>\n<p>No words of the texts decide "
         "these; rulecheck chose, and lists the choice in rules/&lt;game&gt;/conventions.json. The literal search "
         "found each board where the choice changes the outcome; a scenario per reading is beside this report.</p>\n";
  for (const auto& [id, group] : p.by_convention) {
    const json& first = *group.front();
    out << fmt::format("<div id=\"{}\"><p><b>{}</b> <small class=\"where\">{}</small><br>Chosen: {} ({} finding(s) turn "
                       "on it)</p>\n",
                       escape_xml_attribute(anchor_of("c-", id)), escape_xml(text_of(first, "convention_question")),
                       escape_xml(id), escape_xml(text_of(first, "convention_choice")), group.size());
    for (const json* one : group) {
      const json& f = *one;
      out << fmt::format("<details id=\"{}\"><summary>{}</summary>\n<p><b>Step</b>: {}.</p>\n",
                         escape_xml_attribute(anchor_of("q-", text_of(f, "point"))), escape_xml(text_of(f, "note")),
                         escape_xml(text_of(f, "step_in_words")));
      if (!f["scenarios"].empty()) write_readings(out, f);
      out << "</details>\n";
    }
    out << "</div>\n";
  }
  out << "</section>\n";
}

void write_toc(std::ostream& out, const Parts& p, const json& findings) {
  out << "<nav><h2>Contents</h2><ol>\n<li><a href=\"#open\">Open questions</a><ol>\n";
  out << fmt::format("<li><a href=\"#new\">New findings</a> ({})</li>\n", p.fresh.size());
  if (!p.by_convention.empty()) {
    out << fmt::format("<li><a href=\"#conventions\">Decided by a listed convention</a> ({}):", p.by_convention.size());
    for (const auto& [id, group] : p.by_convention)
      out << fmt::format(" <a href=\"#{}\">{}</a>", escape_xml_attribute(anchor_of("c-", id)), escape_xml(id));
    out << "</li>\n";
  }
  out << fmt::format("<li><a href=\"#points\">Points whose readings change outcomes</a> ({}):", p.points.size());
  for (const json* f : p.points)
    out << fmt::format(" <a href=\"#{}\">{}</a>", escape_xml_attribute(anchor_of("q-", text_of(*f, "point"))),
                       escape_xml(text_of(*f, "point")));
  out << "</li>\n";
  if (!p.undecided.empty()) out << fmt::format("<li><a href=\"#undecided\">Not decided</a> ({})</li>\n", p.undecided.size());
  out << "</ol></li>\n<li><a href=\"#contradictions\">Contradictions</a></li>\n";
  out << fmt::format("<li><a href=\"#settled\">What is settled</a> ({} finding(s) settled by the rule data, {} "
                     "point(s) play never raises)</li>\n",
                     settled_groups(findings).empty() ? 0 : [&] {
                       std::size_t n = 0;
                       for (const auto& g : settled_groups(findings)) n += g.second.size();
                       return n;
                     }(),
                     p.none_points.size());
  out << "</ol></nav>\n";
}

void write_contradictions(std::ostream& out, const json& contradictions, Quoter& quoter) {
  out << "<section id=\"contradictions\"><h2>Contradictions</h2>\n<p>Sentences that cannot all hold: numbers the texts "
         "given state against the sentences they restate (rules/&lt;game&gt;/numbers.json), and the literal search's "
         "sets of clauses no board play can reach satisfies (each minimal).</p>\n";
  if (!contradictions.is_array() || contradictions.empty())
    out << "<p>None searched: no game asked has a literal encoding.</p>\n";
  for (const auto& c : contradictions) {
    out << "<p>" << escape_xml(contradiction_status(c)) << "</p>\n";
    for (const auto& x : stated_list(c)) {
      if (x.value("known", false)) continue;
      out << fmt::format("<article><h4><span class=\"alarm\">Contradiction</span>: {}</h4>\n<p>{}</p>\n",
                         heading(stated_heading(x), text_of(x, "clause")), escape_xml(text_of(x, "line")));
      quoter.write(out, member(x, "quotes"), x);
      out << "</article>\n";
    }
    for (const auto& x : member(c, "found")) {
      out << fmt::format("<article><h4><span class=\"alarm\">Contradiction</span>: {}</h4>\n<p>{} cannot all hold. "
                         "{}</p>\n",
                         heading(text_of(x, "title"), text_of(x, "probe")),
                         escape_xml(joined(strings_of(member(x, "clauses")), " + ")), escape_xml(text_of(x, "note")));
      quoter.write(out, member(x, "quotes"));
      out << "</article>\n";
    }
    for (const auto& r : member(c, "reread")) {
      out << fmt::format("<article><h4><span class=\"alarm\">Re-read</span>: {}</h4>\n<p>{}, paragraph {}: its words "
                         "changed ({}). The searches read an encoding of the old words and no stated number reads the "
                         "new ones: re-read them.</p><ul>\n",
                         heading(text_of(r, "paraphrase"), text_of(r, "clause")), escape_xml(text_of(r, "file")),
                         member(r, "paragraph").dump(), escape_xml(text_of(r, "drift")));
      for (const auto& l : reread_lines(r)) out << "<li>" << escape_xml(l) << "</li>\n";
      out << "</ul></article>\n";
    }
    for (const auto& x : stated_list(c)) {
      if (!x.value("known", false)) continue;
      out << fmt::format("<details><summary>Known contradiction: {}</summary>\n<p>{}</p>\n",
                         heading(stated_heading(x), text_of(x, "clause")), escape_xml(text_of(x, "line")));
      quoter.write(out, member(x, "quotes"), x);
      out << "</details>\n";
    }
  }
  out << "</section>\n";
}

// What is settled: each finding the rule data settles, grouped by the words that settle it; each point
// play never raises; the searches that found nothing.
void write_settled(std::ostream& out, const json& findings, const Parts& p) {
  out << "<section id=\"settled\"><h2>What is settled</h2>\n";
  for (const auto& [why, group] : settled_groups(findings)) {
    out << "<h3>" << escape_xml(why) << "</h3>\n";
    for (const json* f : group)
      out << fmt::format("<details><summary>{}</summary><p>Clauses: {}.</p></details>\n",
                         heading(text_of(*f, "title"), text_of(*f, "point")),
                         escape_xml(joined(strings_of(member(*f, "clauses")))));
  }
  for (const json* q : p.none_points)
    out << fmt::format("<details><summary>{}</summary><p>{}</p></details>\n",
                       heading("No board play can reach separates its readings (proved)", text_of(*q, "point")),
                       escape_xml(text_of(*q, "reason")));
  if (!p.searches_none.empty())
    out << fmt::format("<details><summary>{} search(es) for new findings found nothing on their boards "
                       "(proved; each one's scope: --format json, \"questions\")</summary><p>{}</p></details>\n",
                       p.searches_none.size(), escape_xml(joined(p.searches_none)));
  out << "</section>\n";
}

}  // namespace

void write_designer_html(std::ostream& out, const json& findings, const json& questions, const json& contradictions,
                         const json& texts) {
  const Parts p = parts_of(findings, questions);
  bool searched = false;
  for (const auto& f : findings) searched = searched || f.value("found_by_search", false);
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck ambiguities</title>\n"
      << kStyle << "</head><body>\n";
  std::size_t by_convention = 0;
  for (const auto& g : p.by_convention) by_convention += g.second.size();
  out << fmt::format("<h1>What the rule texts leave open</h1>\n<p>{} open question(s): {} new finding(s), {} decided "
                     "by a listed convention, {} point(s) whose readings change outcomes{}. Each has a smallest board play can reach where the readings "
                     "part; a scenario per reading is beside this report (<code>rulecheck run</code> replays it). "
                     "{} {} A paragraph is quoted "
                     "once; later it is linked.</p>\n<p class=\"where\">Marked in a quote: the number a contradiction is about; elsewhere the "
                     "words that state the quote's clauses (their spans, clauses.json), or, for a clause with none found, the sentence "
                     "sharing most words with our reading of it (a guess, not a decision).</p>\n",
                     p.fresh.size() + by_convention + p.points.size() + p.undecided.size(), p.fresh.size(),
                     by_convention, p.points.size(),
                     p.undecided.empty() ? "" : fmt::format(", {} not decided", p.undecided.size()),
                     escape_xml(texts_line(texts)),
                     searched ? "Every point was re-found by the literal search unless it says otherwise."
                              : "No finding was found by the literal search (it does not run under --no-discovery).");
  write_toc(out, p, findings);
  Quoter quoter;
  out << "<section id=\"open\"><h2>Open questions</h2>\n<section id=\"new\"><h3>New findings</h3>\n";
  if (p.fresh.empty())
    out << "<p>None open: every step the literal search found the words leave open is a declared point or "
           "settled below.</p>\n";
  for (const json* f : p.fresh) write_open_question(out, *f, quoter, searched);
  out << "</section>\n";
  write_conventions(out, p);
  out << "<section id=\"points\"><h3>Points whose readings change outcomes</h3>\n";
  std::string game;
  for (const json* f : p.points) {
    if (text_of(*f, "game") != game) out << "<h3>" << escape_xml(game = text_of(*f, "game")) << "</h3>\n";
    write_open_question(out, *f, quoter, searched);
  }
  out << "</section>\n";
  if (!p.undecided.empty()) {
    out << "<section id=\"undecided\"><h3>Not decided</h3>\n<ul>\n";
    for (const json* q : p.undecided)
      out << fmt::format("<li><code>{}</code>: {}: {}</li>\n", escape_xml(text_of(*q, "point")),
                         escape_xml(text_of(*q, "status")), escape_xml(text_of(*q, "reason")));
    out << "</ul></section>\n";
  }
  out << "</section>\n";
  write_contradictions(out, contradictions, quoter);
  write_settled(out, findings, p);
  out << "</body></html>\n";
}

}  // namespace rulecheck

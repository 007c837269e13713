#include "reports/designer.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "reports/board.hpp"
#include "reports/document.hpp"

namespace rulecheck {

namespace {

// A member of an object, or null when it has none.
const json& member(const json& object, const char* key) {
  static const json none;
  if (!object.is_object()) return none;
  const auto it = object.find(key);
  return it == object.end() ? none : *it;
}

std::string text_of(const json& object, const char* key) {
  const json& v = member(object, key);
  return v.is_string() ? v.get<std::string>() : "";
}

std::vector<std::string> strings_of(const json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const auto& x : list)
      if (x.is_string()) out.push_back(x.get<std::string>());
  return out;
}

// The clauses a quote holds: "messina.muster.equip, messina.muster.equip.no-other-change"; each in
// backticks for Markdown (`code`).
std::string clauses_of(const json& quote, bool as_code = false) {
  std::string out;
  for (const auto& c : strings_of(member(quote, "clauses")))
    out += (out.empty() ? "" : ", ") + (as_code ? "`" + c + "`" : c);
  return out;
}

// Where a clause stands: "messina-consumption-phase.txt, paragraph 4".
std::string where_of(const json& quote) {
  return fmt::format("{}, paragraph {}", text_of(quote, "file"), member(quote, "paragraph").is_number()
                                                                      ? member(quote, "paragraph").dump()
                                                                      : "?");
}

// A reading's outcome in words: "allowed: change; change", "refused (clause)", an answer.
std::string outcome_of(const json& scenario_record) {
  std::string out = text_of(scenario_record, "outcome_in_words");
  const json& changes = member(scenario_record, "changes_in_words");
  if (changes.is_array()) {
    const auto list = strings_of(changes);
    std::string joined;
    for (const auto& c : list) joined += (joined.empty() ? "" : "; ") + c;
    out += list.empty() ? ": nothing changes" : ": " + joined;
  }
  return out;
}

const json& first_scenario(const json& finding) { return finding["scenarios"][0]["scenario"]; }

// The step as the scenario writes it (JSON).
std::string step_json(const json& finding) {
  const json& step = first_scenario(finding)["steps"][0];
  return (step.contains("action") ? step["action"] : step["query"]).dump();
}

// The ruleset override the witness's scenarios carry ("" for none).
std::string override_of(const json& finding) {
  const json& r = member(first_scenario(finding), "ruleset");
  return r.is_object() && !r.empty() ? r.dump() : "";
}

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

std::string texts_line(const json& texts) {
  if (texts.value("found", false))
    return fmt::format("The rule sentences are quoted from {} ({}).", text_of(texts, "folder"), text_of(texts, "origin"));
  return fmt::format(
      "The rule texts were not found ({}), so each clause is given in our own words with its file and paragraph. "
      "To quote the rulebook's sentences, run again with --text DIR or set RULECHECK_RULE_TEXTS to the folder "
      "of rule texts.",
      text_of(texts, "why"));
}

std::size_t fresh_count(const json& findings) {
  std::size_t fresh = 0;
  for (const auto& f : findings) fresh += f.value("new", false) && !f.contains("settled") ? 1 : 0;
  return fresh;
}

// A finding's heading mark: "NEW: " for a new finding not yet settled, "SETTLED: " for one the rule
// data settles, nothing for a declared point.
std::string label_of(const json& finding) {
  if (!finding.value("new", false)) return "";
  return finding.contains("settled") ? "SETTLED: " : "NEW: ";
}

// The readings the board depends on, in words: the point's (below), and any other point's reading
// its scenarios carry.
std::string readings_line(const json& finding) {
  const std::string point = text_of(finding, "point");
  std::vector<std::string> others;
  const json& carried = member(first_scenario(finding), "interpretations");
  if (carried.is_object())
    for (const auto& [other, reading] : carried.items())
      if (other != point && reading.is_string()) others.push_back(fmt::format("{} = {}", other, reading.get<std::string>()));
  const std::string rest =
      others.empty() ? "every other point at its default reading"
                     : fmt::format("{} (the board depends on it); every other point at its default reading",
                                   fmt::join(others, ", "));
  if (finding.value("new", false))
    return fmt::format("This finding is not a declared point; {}.", rest);
  return fmt::format("The point {} under each reading below; {}.", point, rest);
}

// The sentences quoted, each with where it stands and its clauses (or, without the texts, in our words).
void write_quotes_markdown(std::ostream& out, const json& quotes) {
  for (const auto& q : quotes) {
    if (q.contains("words"))
      out << fmt::format("> {}\n\n{} ({}){}\n\n", text_of(q, "words"), where_of(q), clauses_of(q, true),
                         q.value("changed", false) ? "; this paragraph changed since the clause index was written" : "");
    else
      out << fmt::format("- {} ({}), in our words: {}\n", where_of(q), clauses_of(q, true), text_of(q, "paraphrase"));
  }
  out << "\n";
}

void write_quotes_html(std::ostream& out, const json& quotes) {
  for (const auto& q : quotes) {
    if (q.contains("words"))
      out << fmt::format("<blockquote>{}<div class=\"where\">{} ({}){}</div></blockquote>\n",
                         escape_xml(text_of(q, "words")), escape_xml(where_of(q)), escape_xml(clauses_of(q)),
                         q.value("changed", false) ? "; this paragraph changed since the clause index was written" : "");
    else
      out << fmt::format("<p>{} ({}), in our words: {}</p>\n", escape_xml(where_of(q)), escape_xml(clauses_of(q)),
                         escape_xml(text_of(q, "paraphrase")));
  }
}

// How one game's contradiction search ended, in a sentence: proved none (with its scope), the
// number found, or not decided (why).
std::string contradiction_status(const json& c) {
  const std::string status = text_of(c, "status");
  const std::string game = text_of(c, "game");
  const std::size_t found = member(c, "found").is_array() ? member(c, "found").size() : 0;
  const json& numbers = member(c, "stated_numbers");
  std::size_t open = 0, known = 0;
  for (const auto& x : member(numbers, "contradictions")) ++(x.value("known", false) ? known : open);
  const std::size_t reread = member(c, "reread").is_array() ? member(c, "reread").size() : 0;
  std::string literal;
  if (status == "none")
    literal = fmt::format("the literal search found none among the texts as the clause index has them (the constraints "
                          "of each of {} probe(s) can all hold on some board, proved; scope: {})",
                          member(c, "probes").is_number() ? member(c, "probes").dump() : "?", text_of(c, "scope"));
  else if (status == "found" && !c.contains("reason"))
    literal = fmt::format("the literal search found {}, below (scope: {})", found, text_of(c, "scope"));
  else if (status == "absent")
    literal = "no literal encoding to search";
  else
    literal = fmt::format("the literal search did not decide ({}; {}){}", status == "found" ? "unknown" : status,
                          text_of(c, "reason"), found ? fmt::format("; {} found before it stopped, below", found) : "");
  const std::string stated =
      numbers.value("checked", false)
          ? fmt::format("The stated numbers of the texts given: {} read, {} contradiction(s){}", numbers.value("read", 0),
                        open, known ? fmt::format(" and {} known (recorded, with which sentence rulecheck follows)", known) : "")
          : fmt::format("The stated numbers were not checked ({})", text_of(numbers, "why_not"));
  const std::string verdict = open || found ? "contradictions found"
                              : reread      ? "not decided for the texts given (words changed)"
                              : status == "none" || status == "absent" ? "no contradiction found"
                                                                      : "not decided";
  return fmt::format("{}: {}. {}; {}{}.", game, verdict, stated, literal,
                     reread ? fmt::format("; {} clause(s) whose words changed, to re-read below", reread) : "");
}

// A stated number that does not hold, in a sentence: what the texts state there and what it must be.
std::string stated_heading(const json& x) {
  const bool sentences = text_of(x, "between") == "sentences";
  return sentences ? "the sentences disagree" : "a sentence against the ruleset the searches read";
}

// The clauses whose words changed where no stated number reads them, with what cites each.
std::vector<std::string> reread_lines(const json& r) {
  std::vector<std::string> lines;
  const auto add = [&](const char* what, const json& list) {
    const auto items = strings_of(list);
    if (items.empty()) return;
    std::string joined;
    for (const auto& i : items) joined += (joined.empty() ? "" : ", ") + i;
    lines.push_back(fmt::format("{}: {}", what, joined));
  };
  add("points citing it", member(r, "points"));
  add("conventions citing it", member(r, "conventions"));
  add("proofs citing it", member(r, "proofs"));
  add("scenarios citing it", member(r, "scenarios"));
  return lines;
}

const json& stated_list(const json& c) { return member(member(c, "stated_numbers"), "contradictions"); }

}  // namespace

void write_designer_markdown(std::ostream& out, const json& findings, const json& questions,
                             const json& contradictions, const json& texts) {
  out << fmt::format("# rulecheck ambiguities: {} finding(s), {} new\n\n", findings.size(), fresh_count(findings));
  out << "Each finding is a smallest board play can reach where the rules' outcome is not decided by the text: "
         "the readings of an interpretation point disagree, or the text allows several outcomes or none. Each "
         "reading's witness is a scenario file beside this report; `rulecheck run` replays it.\n\n";
  out << texts_line(texts) << "\n\n";
  for (const auto& f : findings) {
    out << fmt::format("## {}{} ({})\n\n", label_of(f), text_of(f, "point"), text_of(f, "kind"));
    if (f.contains("settled")) out << "Settled (" << text_of(f, "settled") << ").\n\n";
    if (f.value("found_by_search", false)) out << "Found by the literal search.\n\n";
    out << "**" << text_of(f, "title") << "**\n\n";
    if (!text_of(f, "question").empty()) out << "The question: " << text_of(f, "question") << "\n\n";
    out << "### What the rulebook says\n\n";
    write_quotes_markdown(out, member(f, "quotes"));
    if (f["scenarios"].empty()) continue;
    out << "### The board (size " << f.value("size", 0) << ")\n\n";
    write_board_markdown(out, first_scenario(f)["state"]);
    const auto places = strings_of(member(f, "places"));
    if (!places.empty()) {
      std::string joined;
      for (const auto& p : places) joined += (joined.empty() ? "" : ", ") + p;
      out << "The places that matter: " << joined << ".\n\n";
    }
    out << readings_line(f) << "\n\n";
    if (const std::string o = override_of(f); !o.empty())
      out << "Under the ruleset override `" << o << "` (every other number as in rules/" << text_of(f, "game")
          << "/ruleset.json).\n\n";
    out << fmt::format("### The step\n\n{} (`{}`)\n\n", text_of(f, "step_in_words"), step_json(f));
    out << "### The readings\n\n| reading | what it takes the text to mean | outcome | scenario |\n|---|---|---|---|\n";
    for (const auto& s : f["scenarios"])
      out << fmt::format("| {}{} | {} | {} | `{}` |\n",
                         s.value("default", false) ? "**" + text_of(s, "reading") + "**" : text_of(s, "reading"),
                         s.value("default", false) ? " (default)" : "", markdown_cell(text_of(s, "reading_says")),
                         markdown_cell(outcome_of(s)), text_of(s["scenario"], "id"));
    out << "\n" << text_of(f, "note") << "\n\n";
  }
  out << "## Contradictions\n\nSentences whose literal constraints cannot all hold on a board play can reach "
         "(the contradiction search over the literal encoding; each set is minimal: leave out any one sentence and "
         "the rest can hold).\n\n";
  if (!contradictions.is_array() || contradictions.empty()) out << "None searched: no game asked has a literal encoding.\n\n";
  for (const auto& c : contradictions) {
    out << "- " << contradiction_status(c) << "\n";
    for (const auto& x : member(c, "found")) {
      std::string clauses;
      for (const auto& id : strings_of(member(x, "clauses"))) clauses += (clauses.empty() ? "`" : " + `") + id + "`";
      out << fmt::format("\n### CONTRADICTION: {} cannot all hold\n\n**{}** (probe `{}`)\n\n{}\n\n", clauses,
                         text_of(x, "title"), text_of(x, "probe"), text_of(x, "note"));
      write_quotes_markdown(out, member(x, "quotes"));
    }
    for (const auto& x : stated_list(c)) {
      out << fmt::format("\n### {}CONTRADICTION of the stated numbers: {}\n\n{}\n\n", x.value("known", false) ? "known " : "",
                         stated_heading(x), text_of(x, "line"));
      write_quotes_markdown(out, member(x, "quotes"));
    }
    for (const auto& r : member(c, "reread")) {
      out << fmt::format("\n### RE-READ: `{}` ({}, paragraph {}): its words changed\n\nThe searches read an encoding of the old "
                         "words and no stated number reads the new ones: re-read them. We read the old words as: {}\n\n",
                         text_of(r, "clause"), text_of(r, "file"), member(r, "paragraph").dump(), text_of(r, "paraphrase"));
      for (const auto& l : reread_lines(r)) out << "- " << l << "\n";
    }
  }
  out << "\n";
  out << "## Every question asked\n\nEach declared point, then each search for new findings, and how its search "
         "ended: a witness, none (proved for every board of the scope named), or not decided (why).\n\n"
         "| point | status | scope |\n|---|---|---|\n";
  for (const auto& q : questions)
    out << fmt::format("| `{}` | {} | {} |\n", q.value("point", ""), markdown_cell(status_words(q)),
                       markdown_cell(q.value("scope", "")));
}

void write_designer_html(std::ostream& out, const json& findings, const json& questions, const json& contradictions,
                         const json& texts) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck ambiguities</title>\n"
         "<style>body{font-family:sans-serif;max-width:80em;margin:2em auto;line-height:1.4}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;"
         "vertical-align:top}th{background:#eee}.new{color:#b00}code{background:#f4f4f4}"
         "blockquote{border-left:4px solid #c80;margin:.5em 0;padding:.2em .8em;background:#fffaf0}"
         ".where{color:#555;font-size:90%}.default{font-weight:bold}"
         ".board{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}</style></head><body>\n";
  out << fmt::format("<h1>rulecheck ambiguities: {} finding(s), {} new</h1>\n", findings.size(), fresh_count(findings));
  out << "<p>" << escape_xml(texts_line(texts)) << "</p>\n";
  for (const auto& f : findings) {
    out << fmt::format("<section><h2>{}<code>{}</code> ({})</h2>\n",
                       label_of(f).empty() ? "" : "<span class=\"new\">" + escape_xml(label_of(f)) + "</span>",
                       escape_xml(text_of(f, "point")), escape_xml(text_of(f, "kind")));
    if (f.contains("settled")) out << "<p>Settled (" << escape_xml(text_of(f, "settled")) << ").</p>\n";
    if (f.value("found_by_search", false)) out << "<p>Found by the literal search.</p>\n";
    out << "<p><b>" << escape_xml(text_of(f, "title")) << "</b></p>\n";
    if (!text_of(f, "question").empty()) out << "<p>The question: " << escape_xml(text_of(f, "question")) << "</p>\n";
    out << "<h3>What the rulebook says</h3>\n";
    write_quotes_html(out, member(f, "quotes"));
    if (!f["scenarios"].empty()) {
      const json& state = first_scenario(f)["state"];
      out << "<h3>The board (size " << f.value("size", 0) << ")</h3>\n<div class=\"board\"><div>\n";
      write_board_svg(out, state, strings_of(member(f, "places")));
      out << "</div><div>\n";
      write_board_html(out, state);
      out << "</div></div>\n";
      const auto places = strings_of(member(f, "places"));
      if (!places.empty()) {
        std::string joined;
        for (const auto& p : places) joined += (joined.empty() ? "" : ", ") + p;
        out << "<p>The places that matter (marked): " << escape_xml(joined) << ".</p>\n";
      }
      out << "<p>" << escape_xml(readings_line(f)) << "</p>\n";
      if (const std::string o = override_of(f); !o.empty())
        out << "<p>Under the ruleset override <code>" << escape_xml(o) << "</code> (every other number as in rules/"
            << escape_xml(text_of(f, "game")) << "/ruleset.json).</p>\n";
      out << "<h3>The step</h3>\n<p>" << escape_xml(text_of(f, "step_in_words")) << " <code>"
          << escape_xml(step_json(f)) << "</code></p>\n";
      out << "<h3>The readings</h3>\n<table><tr><th>reading</th><th>what it takes the text to mean</th>"
             "<th>outcome</th><th>scenario</th></tr>\n";
      for (const auto& s : f["scenarios"]) {
        const bool is_default = s.value("default", false);
        out << fmt::format("<tr><td{}>{}{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
                           is_default ? " class=\"default\"" : "", escape_xml(text_of(s, "reading")),
                           is_default ? " (default)" : "", escape_xml(text_of(s, "reading_says")),
                           escape_xml(outcome_of(s)), escape_xml(text_of(s["scenario"], "id")));
      }
      out << "</table>\n";
    }
    out << "<p>" << escape_xml(text_of(f, "note")) << "</p>\n</section>\n";
  }
  out << "<section><h2>Contradictions</h2>\n<p>Sentences whose literal constraints cannot all hold on a board play "
         "can reach (the contradiction search over the literal encoding; each set is minimal: leave out any one "
         "sentence and the rest can hold).</p>\n";
  if (!contradictions.is_array() || contradictions.empty())
    out << "<p>None searched: no game asked has a literal encoding.</p>\n";
  for (const auto& c : contradictions) {
    out << "<p>" << escape_xml(contradiction_status(c)) << "</p>\n";
    for (const auto& x : member(c, "found")) {
      std::string clauses;
      for (const auto& id : strings_of(member(x, "clauses")))
        clauses += (clauses.empty() ? "<code>" : " + <code>") + escape_xml(id) + "</code>";
      out << fmt::format("<h3><span class=\"new\">CONTRADICTION</span>: {} cannot all hold</h3>\n<p><b>{}</b> "
                         "(probe <code>{}</code>)</p>\n<p>{}</p>\n",
                         clauses, escape_xml(text_of(x, "title")), escape_xml(text_of(x, "probe")),
                         escape_xml(text_of(x, "note")));
      write_quotes_html(out, member(x, "quotes"));
    }
    for (const auto& x : stated_list(c)) {
      out << fmt::format("<h3><span class=\"new\">{}CONTRADICTION</span> of the stated numbers: {}</h3>\n<p>{}</p>\n",
                         x.value("known", false) ? "known " : "", escape_xml(stated_heading(x)),
                         escape_xml(text_of(x, "line")));
      write_quotes_html(out, member(x, "quotes"));
    }
    for (const auto& r : member(c, "reread")) {
      out << fmt::format("<h3><span class=\"new\">RE-READ</span>: <code>{}</code> ({}, paragraph {}): its words "
                         "changed</h3>\n<p>The searches read an encoding of the old words and no stated number reads "
                         "the new ones: re-read them. We read the old words as: {}</p>\n<ul>\n",
                         escape_xml(text_of(r, "clause")), escape_xml(text_of(r, "file")), member(r, "paragraph").dump(),
                         escape_xml(text_of(r, "paraphrase")));
      for (const auto& l : reread_lines(r)) out << "<li>" << escape_xml(l) << "</li>\n";
      out << "</ul>\n";
    }
  }
  out << "</section>\n";
  out << "<section><h2>Every question asked</h2>\n<table><tr><th>point</th><th>status</th><th>scope</th></tr>\n";
  for (const auto& q : questions)
    out << fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n", escape_xml(q.value("point", "")),
                       escape_xml(status_words(q)), escape_xml(q.value("scope", "")));
  out << "</table></section>\n";
  out << "</body></html>\n";
}

}  // namespace rulecheck

#include "reports/designer.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/board.hpp"
#include "reports/document.hpp"

namespace rulecheck {

namespace {

std::string outcome_text(const json& expect) {
  if (expect.contains("result")) return "answer " + expect["result"].dump();
  if (!expect.value("legal", false)) return "illegal";
  return "legal";
}

// Where the legal outcomes of the readings differ: the fields of the next state that are not equal.
std::string state_differences(const json& findings_scenarios) {
  std::vector<json> states;
  for (const auto& s : findings_scenarios) {
    const json& expect = s["scenario"]["steps"][0]["expect"];
    if (expect.contains("state")) states.push_back(expect["state"]);
  }
  if (states.size() < 2) return "";
  const json patch = json::diff(states[0], states[1]);
  std::vector<std::string> paths;
  for (const auto& op : patch) paths.push_back(op["path"].get<std::string>());
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

const Clause* clause_in(const RulesLibrary& library, const std::string& game, const std::string& id) {
  const GameRules* g = library.find(game);
  if (!g) return nullptr;
  const auto it = g->clauses.find(id);
  return it == g->clauses.end() ? nullptr : &it->second;
}

// What a question's status says, for the table of every question.
std::string status_words(const json& q) {
  const std::string status = q.value("status", "");
  if (status == "witness") return "witness found";
  if (status == "none") return "none: the solver proved that no board of its scope has one";
  if (status == "interrupted") return "interrupted: not decided";
  return "unknown: not decided (" + q.value("reason", std::string()) + ")";
}

}  // namespace

void write_designer_markdown(std::ostream& out, const json& findings, const json& questions,
                             const RulesLibrary& library) {
  std::size_t fresh = 0;
  for (const auto& f : findings) fresh += f.value("new", false) ? 1 : 0;
  out << fmt::format("# rulecheck ambiguities: {} finding(s), {} new\n\n", findings.size(), fresh);
  out << "Each finding is a smallest board where the rules' outcome is not decided by the text: the readings "
         "of an interpretation point disagree, or the text allows several outcomes or none. Each reading's "
         "witness is a scenario file beside this report; `rulecheck run` replays it.\n\n";
  for (const auto& f : findings) {
    const std::string game = f.value("game", "");
    out << fmt::format("## {}{} ({})\n\n", f.value("new", false) ? "NEW: " : "", f.value("point", ""),
                       f.value("kind", ""));
    out << f.value("title", "") << "\n\n" << f.value("note", "") << "\n\n";
    out << "Clauses:\n\n";
    for (const auto& c : f["clauses"]) {
      const Clause* clause = clause_in(library, game, c.get<std::string>());
      out << fmt::format("- `{}`: {}\n", c.get<std::string>(), clause ? clause->paraphrase : "(not in the index)");
    }
    if (f["scenarios"].empty()) {
      out << "\n";
      continue;
    }
    const json& first = f["scenarios"][0]["scenario"];
    out << "\nThe board (size " << f.value("size", 0) << "):\n\n";
    write_board_markdown(out, first["state"]);
    const json& step = first["steps"][0];
    out << fmt::format("The step: `{}`\n\n", (step.contains("action") ? step["action"] : step["query"]).dump());
    out << "| reading | outcome | scenario |\n|---|---|---|\n";
    for (const auto& s : f["scenarios"])
      out << fmt::format("| {} | {} | `{}` |\n", s.value("reading", ""),
                         outcome_text(s["scenario"]["steps"][0]["expect"]), s["scenario"].value("id", ""));
    if (std::string diff = state_differences(f["scenarios"]); !diff.empty())
      out << fmt::format("\nThe next states differ at: {}\n", diff);
    out << "\n";
  }
  out << "## Every question asked\n\nEach declared point, then each search for new findings, and how its search "
         "ended: a witness, none (proved for every board of the scope named), or not decided (why).\n\n"
         "| point | status | scope |\n|---|---|---|\n";
  for (const auto& q : questions)
    out << fmt::format("| `{}` | {} | {} |\n", q.value("point", ""), markdown_cell(status_words(q)),
                       markdown_cell(q.value("scope", "")));
}

void write_designer_html(std::ostream& out, const json& findings, const json& questions, const RulesLibrary& library) {
  std::size_t fresh = 0;
  for (const auto& f : findings) fresh += f.value("new", false) ? 1 : 0;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck ambiguities</title>\n"
         "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;line-height:1.4}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}"
         "th{background:#eee}.new{color:#b00}code{background:#f4f4f4}</style></head><body>\n";
  out << fmt::format("<h1>rulecheck ambiguities: {} finding(s), {} new</h1>\n", findings.size(), fresh);
  for (const auto& f : findings) {
    const std::string game = f.value("game", "");
    out << fmt::format("<section><h2>{}<code>{}</code> ({})</h2>\n",
                       f.value("new", false) ? "<span class=\"new\">NEW</span> " : "", escape_xml(f.value("point", "")),
                       escape_xml(f.value("kind", "")));
    out << fmt::format("<p><b>{}</b></p><p>{}</p>\n<ul>\n", escape_xml(f.value("title", "")),
                       escape_xml(f.value("note", "")));
    for (const auto& c : f["clauses"]) {
      const Clause* clause = clause_in(library, game, c.get<std::string>());
      out << fmt::format("<li><code>{}</code>: {}</li>\n", escape_xml(c.get<std::string>()),
                         escape_xml(clause ? clause->paraphrase : "(not in the index)"));
    }
    out << "</ul>\n";
    if (!f["scenarios"].empty()) {
      const json& first = f["scenarios"][0]["scenario"];
      write_board_html(out, first["state"]);
      const json& step = first["steps"][0];
      out << fmt::format("<p>The step: <code>{}</code></p>\n",
                         escape_xml((step.contains("action") ? step["action"] : step["query"]).dump()));
      out << "<table><tr><th>reading</th><th>outcome</th><th>scenario</th></tr>\n";
      for (const auto& s : f["scenarios"])
        out << fmt::format(
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n", escape_xml(s.value("reading", "")),
            escape_xml(outcome_text(s["scenario"]["steps"][0]["expect"])), escape_xml(s["scenario"].value("id", "")));
      out << "</table>\n";
      if (std::string diff = state_differences(f["scenarios"]); !diff.empty())
        out << "<p>The next states differ at: " << escape_xml(diff) << "</p>\n";
    }
    out << "</section>\n";
  }
  out << "<section><h2>Every question asked</h2>\n<table><tr><th>point</th><th>status</th><th>scope</th></tr>\n";
  for (const auto& q : questions)
    out << fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n", escape_xml(q.value("point", "")),
                       escape_xml(status_words(q)), escape_xml(q.value("scope", "")));
  out << "</table></section>\n";
  out << "</body></html>\n";
}

}  // namespace rulecheck

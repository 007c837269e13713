#include "diff/text_diff.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "diff/text_numbers.hpp"
#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "games/registry.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"
#include "reports/board.hpp"
#include "reports/document.hpp"
#include "rulebook/citations.hpp"
#include "rulebook/code_sites.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/index.hpp"
#include "rulebook/stated_numbers.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::diff {

namespace {

using json = nlohmann::json;

// What the solver makes of each step's oracle outcome: "allowed", "forbidden (clauses)", ...
std::string solver_on(const Scenario& s, const GameRules& rules, unsigned rlimit) {
  if (rlimit == 0) return "";
  const auto bound = find_game(s.game)->bind(rules.merged_ruleset(s.ruleset), s.readings(rules));
  json state = s.state;
  std::map<std::string, int> seen;
  try {
    for (const auto& step : s.steps) {
      json outcome = oracle_answer(*bound, "", step.is_query, state, step.request).outcome;
      outcome.erase("reason");
      const OutcomeCheck check = bound->check_outcome(state, step.request, step.is_query, outcome, rlimit);
      std::string what(membership_name(check.membership));
      if (check.membership == Membership::forbidden) what += fmt::format(" ({})", fmt::join(check.clauses, ", "));
      ++seen[what];
      if (!step.is_query && outcome.value("legal", false)) state = outcome["state"];
    }
  } catch (const std::exception& e) {
    return fmt::format("the solver could not be asked: {}", e.what());
  }
  std::string out;
  for (const auto& [what, n] : seen) out += fmt::format("{}solver: {} step(s) {}", out.empty() ? "" : "; ", n, what);
  return out;
}

// A paragraph's words, whole: its lines joined by spaces; "" (why set) when the file or the paragraph
// is not there.
std::string paragraph_words(const std::filesystem::path& dir, const std::string& file, int number, std::string& why) {
  try {
    const auto paragraphs = rulebook::read_paragraphs(dir / file);
    if (number < 1 || static_cast<std::size_t>(number) > paragraphs.size()) {
      why = fmt::format("{} in {} has no paragraph {}", file, dir.string(), number);
      return "";
    }
    std::string out;
    for (const auto& line : paragraphs[static_cast<std::size_t>(number - 1)].lines) out += (out.empty() ? "" : " ") + line;
    return out;
  } catch (const std::exception& e) {
    why = e.what();
    return "";
  }
}

}  // namespace

// {"units": {"bomber": {"cost": v}}} for the dotted key "units.bomber.cost".
json nested(const std::string& dotted, const json& value) {
  const auto dot = dotted.find('.');
  if (dot == std::string::npos) return {{dotted, value}};
  return {{dotted.substr(0, dot), nested(dotted.substr(dot + 1), value)}};
}

namespace {

// The ruleset keys and readings that could say the clause's new words (diff/text_diff.hpp Expression).
std::vector<Expression> expressions_for(const std::string& game, const std::string& clause, const GameRules& rules,
                                        const std::filesystem::path& rules_dir, const std::vector<Reread>& points,
                                        const std::string& old_text, const std::string& new_text) {
  std::vector<Expression> out;
  // Numbers the edit replaced, position by position (when it kept their count).
  const auto before = rulebook::numbers_in(old_text), after = rulebook::numbers_in(new_text);
  std::vector<std::pair<double, double>> replaced;
  if (!old_text.empty() && before.size() == after.size())
    for (std::size_t i = 0; i < before.size(); ++i)
      if (before[i].value != after[i].value) replaced.push_back({before[i].value, after[i].value});
  json doc;
  try {
    doc = read_json_file(rules_dir / game / "ruleset.doc.json");
  } catch (const std::exception&) {
    doc = json::object();
  }
  const json keys = doc.contains("keys") && doc["keys"].is_object() ? doc["keys"] : json::object();
  for (const auto& [key, entry] : keys.items()) {
    const auto clauses = entry.value("clauses", std::vector<std::string>{});
    if (std::find(clauses.begin(), clauses.end(), clause) == clauses.end()) continue;
    std::string pointer;
    for (char ch : "/" + key) pointer += ch == '.' ? '/' : ch;
    const json now = rules.ruleset.contains(json::json_pointer(pointer)) ? rules.ruleset[json::json_pointer(pointer)]
                                                                          : json();
    Expression e{"ruleset", key, now.dump(), "", "", ""};
    json value = "<the value the new words give>";
    for (const auto& [was, is] : replaced)
      if (now.is_number() && now.get<double>() == was) {
        e.to = rulebook::number_text(is);
        value = json::parse(e.to);
      }
    json file = nested(key, value);
    file["game"] = game;
    e.file = file.dump();
    e.command = "rulecheck diff --edited edited-ruleset.json  (edited-ruleset.json: " + e.file + ")";
    out.push_back(std::move(e));
  }
  // When the edit replaced a key's own value, that key says it; the keys whose value the words did
  // not touch are listed only when no key's value was replaced, and never when the paragraph states the
  // same numbers as before (only its words changed: no ruleset value can say that).
  const bool some_valued = std::any_of(out.begin(), out.end(), [](const Expression& e) { return !e.to.empty(); });
  const bool same_numbers =
      !old_text.empty() && !new_text.empty() && before.size() == after.size() && replaced.empty();
  if (some_valued || same_numbers)
    out.erase(std::remove_if(out.begin(), out.end(), [](const Expression& e) { return e.to.empty(); }), out.end());
  for (const auto& p : points)
    if (const InterpretationPoint* point = rules.point(p.name.substr(0, p.name.find(' '))))
      for (const auto& reading : point->readings) {
        if (reading == point->default_reading) continue;
        const json file = {{"game", game}, {point->id, reading}};
        out.push_back({"reading", point->id, point->default_reading, reading, file.dump(),
                       "rulecheck diff --readings readings.json  (readings.json: " + file.dump() + ")"});
      }
  return out;
}

std::vector<Reread> code_rereads(const std::vector<std::string>& sites) {
  std::vector<Reread> out;
  for (const auto& s : sites) out.push_back({s, "", ""});
  return out;
}

}  // namespace


TextDiff diff_texts(const RulesLibrary& library, const std::filesystem::path& rules_dir,
                    const std::filesystem::path& texts, unsigned rlimit,
                    const std::optional<std::filesystem::path>& base_texts, const std::string& base_missing) {
  TextDiff d;
  d.texts = texts;
  if (base_texts) d.base_texts = base_texts->string();
  const rulebook::Project project = rulebook::Project::of_rules_folder(rules_dir);
  rulebook::Problems problems;
  const std::vector<rulebook::ClauseIndex> indexes = rulebook::read_indexes(project, problems);
  const rulebook::Citations citations = rulebook::collect_citations(project, indexes);
  const auto sites = rulebook::built_in_code_sites();
  std::map<std::string, json> proofs;  // game -> Game::prove records, when some clause of it drifted

  for (const auto& index : indexes) {
    if (!index.readable) continue;
    d.clauses_compared += index.clauses.size();
    d.numbers.push_back(read_numbers(project, index, texts));
    rulebook::IndexDrift drift = rulebook::compare_with_texts(index, texts);
    for (const auto& p : drift.problems) d.problems.push_back(p.message);
    for (const auto& u : drift.unnamed)
      d.problems.push_back(fmt::format("{}: paragraph {} is named by no clause: \"{}\"", u.text_file, u.number, u.text));
    const GameRules* rules = library.find(index.game);
    for (const auto& e : drift.entries) {
      if (!e.is_clause || e.id.empty()) {
        d.not_clauses.push_back(fmt::format("{} {}", rulebook::drift_name(e.drift), e.label));
        continue;
      }
      ClauseToReread c;
      c.game = index.game;
      c.id = e.id;
      c.drift = std::string(rulebook::drift_name(e.drift));
      c.text_file = e.text_file;
      c.paragraph = e.paragraph;
      c.new_paragraph = e.new_paragraph;
      if (const auto* clause = index.find(e.id)) c.paraphrase = clause->paraphrase;
      // The words before and after, whole (not a preview): the old from the base texts when their
      // paragraph is still the one the index fingerprinted, the new from the edited copy.
      if (base_texts) {
        std::string why;
        c.old_text = paragraph_words(*base_texts, e.text_file, e.paragraph, why);
        if (!c.old_text.empty()) {
          const auto paragraphs = rulebook::read_paragraphs(*base_texts / e.text_file);
          if (paragraphs[static_cast<std::size_t>(e.paragraph - 1)].fingerprint != e.fingerprint) {
            c.old_text.clear();
            why = fmt::format("{}, paragraph {} in {} is not the paragraph the index was written from", e.text_file,
                              e.paragraph, base_texts->string());
          }
        }
        c.old_text_missing = why;
      } else {
        c.old_text_missing = base_missing;
      }
      if (e.new_paragraph > 0) {
        std::string why;
        c.new_text = paragraph_words(texts, e.text_file, e.new_paragraph, why);
      }
      for (const auto& file : citations.scenarios_citing(e.id)) {
        try {
          const Scenario s = load_scenario(project.root / file, library);
          const CaseResult r = run_on_oracle(s, *rules);
          c.scenarios.push_back({file, std::string(verdict_name(r.verdict)), solver_on(s, *rules, rlimit)});
        } catch (const ScenarioError& err) {
          c.scenarios.push_back({file, "errored", err.describe()});
        }
      }
      if (rlimit > 0 && rules) {
        if (!proofs.count(index.game))
          proofs[index.game] = find_game(index.game)->prove(rules->ruleset, rules->readings(json::object()), rlimit);
        for (const auto& p : proofs[index.game]) {
          const auto cl = p.value("clauses", std::vector<std::string>{});
          if (std::find(cl.begin(), cl.end(), e.id) != cl.end())
            c.proofs.push_back({p.value("id", ""), p.value("status", ""), p.value("detail", "")});
        }
      }
      for (const auto& p : citations.points_citing(e.id)) c.points.push_back({p, "", ""});
      if (rules) c.expressions = expressions_for(index.game, e.id, *rules, rules_dir, c.points, c.old_text, c.new_text);
      c.solver_code = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_solver_site));
      c.oracle_code = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_oracle_site));
      c.properties = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_property_site));
      d.clauses.push_back(std::move(c));
    }
  }
  return d;
}

namespace {

json expressions_json(const std::vector<Expression>& list) {
  json out = json::array();
  for (const auto& e : list)
    out.push_back({{"kind", e.kind}, {"name", e.name}, {"now", e.now}, {"to", e.to}, {"file", e.file},
                   {"command", e.command}});
  return out;
}

// One way of saying the new words, in a sentence.
std::string expression_words(const Expression& e) {
  if (e.kind == "ruleset")
    return fmt::format("the ruleset key {} (now {}{}): {}", e.name, e.now,
                       e.to.empty() ? "; the new words give no single new value for it" : ", the new words give " + e.to,
                       e.command);
  return fmt::format("the reading {} of {} (the default is {}): {}", e.to, e.name, e.now, e.command);
}

constexpr const char* kEncodingMustChange =
    "no ruleset key or reading can say the new words (no key or reading rests on this clause, or the paragraph "
    "states the same numbers as before and no reading rests on it): if its meaning changed, the encoding itself must "
    "change (the oracle's and the solver's code listed here)";

}  // namespace

json to_json(const TextDiff& d) {
  auto list = [](const std::vector<Reread>& v) {
    json out = json::array();
    for (const auto& r : v) {
      json x = {{"name", r.name}};
      if (!r.verdict.empty()) x["verdict"] = r.verdict;
      if (!r.detail.empty()) x["detail"] = r.detail;
      out.push_back(x);
    }
    return out;
  };
  json j = {{"texts", d.texts.string()},      {"base_texts", d.base_texts},      {"changed", d.changed()},      {"clauses_compared", d.clauses_compared},
            {"not_clauses", d.not_clauses}, {"problems", d.problems},      {"clauses", json::array()},
            {"numbers", numbers_json(d)}};
  for (const auto& c : d.clauses) {
    if (c.old_text.empty()) j["old_text_missing"][c.id] = c.old_text_missing;
    j["clauses"].push_back({{"game", c.game},
                            {"id", c.id},
                            {"drift", c.drift},
                            {"text_file", c.text_file},
                            {"paragraph", c.paragraph},
                            {"new_paragraph", c.new_paragraph},
                            {"paraphrase", c.paraphrase},
                            {"old_text", c.old_text},
                            {"new_text", c.new_text},
                            {"expressions", expressions_json(c.expressions)},
                            {"encoding_must_change", c.expressions.empty()},
                            {"scenarios", list(c.scenarios)},
                            {"proofs", list(c.proofs)},
                            {"points", list(c.points)},
                            {"solver_code", list(c.solver_code)},
                            {"oracle_code", list(c.oracle_code)},
                            {"properties", list(c.properties)}});
  }
  return j;
}

void write_console(std::ostream& out, const TextDiff& d) {
  out << fmt::format("rulecheck diff --text {}: {} clause(s) compared, {} to re-read\n", d.texts.string(),
                     d.clauses_compared, d.clauses.size());
  for (const auto& c : d.clauses) {
    out << fmt::format("\n{} {} ({} paragraph {}", c.drift, c.id, c.text_file, c.paragraph);
    if (c.new_paragraph && c.new_paragraph != c.paragraph) out << fmt::format(", now {}", c.new_paragraph);
    out << fmt::format(")\n  we read it as: {}\n", c.paraphrase);
    if (!c.old_text.empty())
      out << fmt::format("  the words before: \"{}\"\n", c.old_text);
    else
      out << fmt::format("  the words before: not found ({})\n", c.old_text_missing);
    out << (c.new_text.empty() ? std::string("  the words now: none (the paragraph is gone)\n")
                               : fmt::format("  the words now:    \"{}\"\n", c.new_text));
    if (c.expressions.empty()) out << "  " << kEncodingMustChange << "\n";
    for (const auto& e : c.expressions) out << "  could be said by " << expression_words(e) << "\n";
    for (const auto& r : c.scenarios)
      out << fmt::format("  scenario  {}  {}{}\n", r.name, r.verdict, r.detail.empty() ? "" : "; " + r.detail);
    for (const auto& r : c.proofs) out << fmt::format("  proof     {}  {}\n", r.name, r.verdict);
    for (const auto& r : c.points) out << fmt::format("  point     {}\n", r.name);
    for (const auto& r : c.solver_code) out << fmt::format("  solver    {}\n", r.name);
    for (const auto& r : c.oracle_code) out << fmt::format("  oracle    {}\n", r.name);
    for (const auto& r : c.properties) out << fmt::format("  property  {}\n", r.name);
  }
  for (const auto& n : d.not_clauses) out << "\n" << n << " (a not_clause: no rule rests on it)\n";
  for (const auto& p : d.problems) out << "problem: " << p << "\n";
  numbers_console(out, d);
  out << fmt::format("\n{}\n", d.changed() ? "CHANGED: re-read the above against the new words"
                                           : "UNCHANGED: every clause's paragraph is as the index has it");
}

void write_markdown(std::ostream& out, const TextDiff& d) {
  out << fmt::format("# rulecheck diff --text: {} clause(s) to re-read\n\n", d.clauses.size());
  for (const auto& c : d.clauses) {
    out << fmt::format("## {} `{}` ({} paragraph {})\n\nWe read it as: {}\n\n", c.drift, c.id, c.text_file, c.paragraph,
                       c.paraphrase);
    out << (c.old_text.empty() ? fmt::format("The words before: not found ({}).\n\n", c.old_text_missing)
                               : fmt::format("The words before:\n\n> {}\n\n", c.old_text));
    out << (c.new_text.empty() ? std::string("The words now: none (the paragraph is gone).\n\n")
                               : fmt::format("The words now:\n\n> {}\n\n", c.new_text));
    if (c.expressions.empty()) out << "Could the data say it? No: " << kEncodingMustChange << ".\n\n";
    for (const auto& e : c.expressions) out << "- Could be said by " << expression_words(e) << "\n";
    if (!c.expressions.empty()) out << "\n";
    out << "| what | name | today | detail |\n|---|---|---|---|\n";
    auto rows = [&](const char* what, const std::vector<Reread>& v) {
      for (const auto& r : v)
        out << fmt::format("| {} | `{}` | {} | {} |\n", what, markdown_cell(r.name), r.verdict, markdown_cell(r.detail));
    };
    rows("scenario", c.scenarios);
    rows("proof", c.proofs);
    rows("point", c.points);
    rows("solver", c.solver_code);
    rows("oracle", c.oracle_code);
    rows("property", c.properties);
    out << "\n";
  }
  for (const auto& n : d.not_clauses) out << "- " << n << " (a not_clause)\n";
  numbers_markdown(out, d);
  if (d.clauses.empty() && d.not_clauses.empty()) out << "None: every clause's paragraph is as the index has it.\n";
}

namespace {

// The words of `a` and `b` split at spaces, with the run where they differ (after the common
// beginning, before the common end) marked <del> in the old and <ins> in the new.
std::pair<std::string, std::string> marked_edit(const std::string& a, const std::string& b) {
  auto words = [](const std::string& t) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < t.size()) {
      const std::size_t j = t.find(' ', i);
      out.push_back(t.substr(i, j == std::string::npos ? std::string::npos : j - i));
      if (j == std::string::npos) break;
      i = j + 1;
    }
    return out;
  };
  const auto x = words(a), y = words(b);
  std::size_t head = 0;
  while (head < x.size() && head < y.size() && x[head] == y[head]) ++head;
  std::size_t tail = 0;
  while (tail < x.size() - head && tail < y.size() - head && x[x.size() - 1 - tail] == y[y.size() - 1 - tail]) ++tail;
  auto render = [&](const std::vector<std::string>& w, const char* tag) {
    std::string out;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (i == head && head < w.size() - tail) out += std::string("<") + tag + ">";
      out += escape_xml(w[i]);
      if (i + 1 == w.size() - tail && head < w.size() - tail) out += std::string("</") + tag + ">";
      if (i + 1 < w.size()) out += " ";
    }
    return out;
  };
  return {render(x, "del"), render(y, "ins")};
}

}  // namespace

void write_html(std::ostream& out, const TextDiff& d) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck diff --text</title>\n"
         "<style>body{font-family:sans-serif;max-width:80em;margin:2em auto;line-height:1.4}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;"
         "vertical-align:top}th{background:#eee}code{background:#f4f4f4}del{background:#fdd}ins{background:#dfd}"
         ".words{display:flex;gap:1em}.words>div{flex:1;border:1px solid #ccc;padding:.5em}</style></head><body>\n";
  out << fmt::format("<h1>rulecheck diff --text: {} clause(s) to re-read</h1>\n<p>The edited texts: {}; the words "
                     "before from: {}.</p>\n",
                     d.clauses.size(), escape_xml(d.texts.string()),
                     escape_xml(d.base_texts.empty() ? "not found" : d.base_texts));
  if (d.clauses.empty() && d.not_clauses.empty())
    out << "<p>None: every clause's paragraph is as the index has it.</p>\n";
  for (const auto& c : d.clauses) {
    out << fmt::format("<section><h2>{} <code>{}</code> ({} paragraph {}{})</h2>\n<p>We read it as: {}</p>\n",
                       escape_xml(c.drift), escape_xml(c.id), escape_xml(c.text_file), c.paragraph,
                       c.new_paragraph && c.new_paragraph != c.paragraph ? fmt::format(", now {}", c.new_paragraph) : "",
                       escape_xml(c.paraphrase));
    const auto [before, after] = marked_edit(c.old_text, c.new_text);
    out << "<div class=\"words\"><div><b>The words before</b><br>"
        << (c.old_text.empty() ? "not found (" + escape_xml(c.old_text_missing) + ")" : before)
        << "</div><div><b>The words now</b><br>" << (c.new_text.empty() ? "none (the paragraph is gone)" : after)
        << "</div></div>\n";
    if (c.expressions.empty())
      out << "<p>Could the data say it? No: " << escape_xml(kEncodingMustChange) << ".</p>\n";
    else
      out << "<p>Could be said by:</p><ul>\n";
    for (const auto& e : c.expressions) out << "<li>" << escape_xml(expression_words(e)) << "</li>\n";
    if (!c.expressions.empty()) out << "</ul>\n";
    out << "<table><tr><th>what</th><th>name</th><th>today</th><th>detail</th></tr>\n";
    auto rows = [&](const char* what, const std::vector<Reread>& v) {
      for (const auto& r : v)
        out << fmt::format("<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n", what,
                           escape_xml(r.name), escape_xml(r.verdict), escape_xml(r.detail));
    };
    rows("scenario", c.scenarios);
    rows("proof", c.proofs);
    rows("point", c.points);
    rows("solver", c.solver_code);
    rows("oracle", c.oracle_code);
    rows("property", c.properties);
    out << "</table></section>\n";
  }
  if (!d.not_clauses.empty()) {
    out << "<h2>Paragraphs no rule rests on (not_clauses)</h2><ul>\n";
    for (const auto& n : d.not_clauses) out << "<li>" << escape_xml(n) << "</li>\n";
    out << "</ul>\n";
  }
  if (!d.problems.empty()) {
    out << "<h2>Problems</h2><ul>\n";
    for (const auto& p : d.problems) out << "<li>" << escape_xml(p) << "</li>\n";
    out << "</ul>\n";
  }
  numbers_html(out, d);
  out << "</body></html>\n";
}

}  // namespace rulecheck::diff

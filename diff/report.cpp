#include "diff/report.hpp"

#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "reports/board.hpp"
#include "rulebook/stated_numbers.hpp"
#include "reports/document.hpp"

namespace rulecheck::diff {

namespace {

json witness_json(const Witness& w) { return {{"base", w.base}, {"edited", w.edited}}; }

std::string outcome_text(const json& o) {
  if (o.is_null()) return "not a state";
  if (o.contains("error")) return "not a state: " + o["error"].get<std::string>();
  if (o.contains("result")) return "answer " + o["result"].dump();
  if (o.value("legal", false)) return "legal";
  return fmt::format("illegal ({})", o.value("rule", ""));
}

// A witness scenario's expected outcome, as outcome_text tells it.
std::string expected_text(const json& scenario) {
  if (scenario.is_null()) return "not a state";
  return outcome_text(scenario["steps"][0]["expect"]);
}

std::string step_text(const json& scenario) {
  const json& step = scenario["steps"][0];
  return (step.contains("action") ? step["action"] : step["query"]).dump();
}

std::string id_of(const json& scenario) { return scenario.is_null() ? "-" : scenario.value("id", ""); }

// Where the two sides' legal next states differ (JSON pointers).
std::string next_state_differences(const Witness& w) {
  if (w.base.is_null() || w.edited.is_null()) return "";
  const json& a = w.base["steps"][0]["expect"];
  const json& b = w.edited["steps"][0]["expect"];
  if (!a.contains("state") || !b.contains("state")) return "";
  std::string out;
  for (const auto& op : json::diff(a["state"], b["state"]))
    out += (out.empty() ? "" : ", ") + op["path"].get<std::string>();
  return out;
}

// "a -> b"; for two legal outcomes, where their next states part: "legal -> legal (/factions/red/popularity 4 -> 3)".
std::string change_text(const json& before, const json& after) {
  std::string out = outcome_text(before) + " -> " + outcome_text(after);
  if (!before.contains("state") || !after.contains("state")) return out;
  const json patch = json::diff(before["state"], after["state"]);
  if (patch.empty()) return out;
  const std::string path = patch[0]["path"];
  const json::json_pointer at(path);
  const json was = before["state"].contains(at) ? before["state"][at] : json();
  const json now = after["state"].contains(at) ? after["state"][at] : json();
  out += fmt::format(" ({} {} -> {}{})", path, was.is_null() ? "absent" : was.dump(), now.is_null() ? "absent" : now.dump(),
                     patch.size() > 1 ? fmt::format(", and {} more", patch.size() - 1) : "");
  return out;
}

// Whether a change only moves which clause refuses a step that is illegal on both sides (kept apart
// from the changes of legality or of outcome: the step's fate is the same, its reason differs).
bool refusal_only(const json& before, const json& after) {
  auto refused = [](const json& o) {
    return o.is_object() && o.contains("legal") && !o.value("legal", true) && !o.contains("error");
  };
  return refused(before) && refused(after) && before.value("rule", "") != after.value("rule", "");
}
bool refusal_only(const std::string& before, const std::string& after) {
  return before.rfind("illegal", 0) == 0 && after.rfind("illegal", 0) == 0 && before != after;
}
bool refusal_only(const Witness& w) {
  return !w.base.is_null() && !w.edited.is_null() &&
         refusal_only(w.base["steps"][0]["expect"], w.edited["steps"][0]["expect"]);
}
bool refusal_only(const ScenarioChange& c) { return refusal_only(c.before, c.after); }
bool refusal_only(const SampleChange& c) { return refusal_only(c.before, c.after); }
bool refusal_only(const ProbeChange& c) { return refusal_only(c.witness); }

// The changes of a list that are (or are not) refusal-only, in order.
template <typename Change>
std::vector<const Change*> split(const std::vector<Change>& all, bool refusals) {
  std::vector<const Change*> out;
  for (const auto& c : all)
    if (refusal_only(c) == refusals) out.push_back(&c);
  return out;
}

constexpr const char* kNone = "None.";

std::size_t change_count(const GameDiff& d) {
  return d.scenarios.size() + d.sample.size() + d.proofs.size() + d.points.size() + d.probes.size() +
         d.contradictions.size() + d.sentences.size();
}

// "messina.cards.seven-per-location (cards paragraph 8, number #3)"
std::string sentence_place(const SentenceChange& c) {
  return fmt::format("{} ({} paragraph {}, number #{})", c.clause, c.section, c.paragraph, c.nth);
}

// What the editor must do with the sentence.
std::string sentence_verdict(const SentenceChange& c) {
  const std::string value = fmt::format("{} -> {}", rulebook::number_text(c.before), rulebook::number_text(c.after));
  if (c.states_a_key) return fmt::format("states {}: {} (the edit itself: change its words with it)", c.means, value);
  return fmt::format("{}: {}: left as written, it contradicts {}; re-word it", c.means, value,
                     c.rests_on.empty() ? "the edited numbers" : fmt::format("{}", fmt::join(c.rests_on, ", ")));
}

// A contradiction change in words: "messina.cards.capacity + ... cannot all hold under the edited rules
// (not under the base): why".
std::string contradiction_text(const ContradictionChange& c) {
  return fmt::format("{} cannot all hold under the {} rules (they can under the {}): {}", fmt::join(c.clauses, " + "),
                     c.after ? "edited" : "base", c.after ? "base" : "edited", c.note);
}

// What the points compared are: the declared ones, with or without the literal search's new findings.
std::string points_scope(const GameDiff& d) {
  return d.literal_search ? " (the declared points and the literal search's new findings)"
                          : " (the declared points; --discovery adds the literal search for new findings)";
}

// The contradiction search's line: how many probes, the changes, or why there is none.
std::string contradictions_headline(const GameDiff& d) {
  if (d.contradiction_probes == 0) return "not searched (no literal encoding for this game, or --rlimit 0)";
  return fmt::format("{} probe(s) on each side: {} change", d.contradiction_probes, d.contradictions.size());
}

void sentences_console(std::ostream& out, const GameDiff& d) {
  out << fmt::format("sentences   {} state a number the edit changes{}\n", d.sentences.size(),
                     d.sentences.empty() ? " (none; rules/<game>/numbers.json)" : ":");
  for (const auto& c : d.sentences) out << fmt::format("  {}: {}\n", sentence_place(c), sentence_verdict(c));
}

void sentences_markdown(std::ostream& out, const GameDiff& d) {
  out << fmt::format("## Sentences stating a number the edit changes: {}\n\n", d.sentences.size());
  if (d.sentences.empty()) out << "None.\n\n";
  for (const auto& c : d.sentences)
    out << fmt::format("- `{}`: {}{}\n", sentence_place(c), sentence_verdict(c),
                       c.says.empty() ? "" : fmt::format(" ({})", c.says));
  if (!d.sentences.empty()) out << "\n";
}

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

std::string edit_line(const GameDiff& d) {
  std::string out;
  for (const auto& k : d.ruleset) out += fmt::format("{}{} {} -> {}", out.empty() ? "" : "; ", k.key, k.before.dump(), k.after.dump());
  for (const auto& k : d.readings)
    out += fmt::format("{}reading of {} {} -> {}", out.empty() ? "" : "; ", k.key, k.before.dump(), k.after.dump());
  return out.empty() ? "nothing (the edited rules are the base rules)" : out;
}

// The witness drawn: the board, the step, each side's outcome and its scenario.
void witness_markdown(std::ostream& out, const Witness& w) {
  const json& any = w.base.is_null() ? w.edited : w.base;
  if (any.is_null()) return;
  write_board_markdown(out, any["state"]);
  out << fmt::format("The step: `{}`\n\n| side | outcome | scenario |\n|---|---|---|\n", step_text(any));
  out << fmt::format("| base | {} | `{}` |\n", markdown_cell(expected_text(w.base)), id_of(w.base));
  out << fmt::format("| edited | {} | `{}` |\n", markdown_cell(expected_text(w.edited)), id_of(w.edited));
  if (const std::string at = next_state_differences(w); !at.empty())
    out << fmt::format("\nThe next states differ at: {}\n", at);
  out << "\n";
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

std::string clause_line(const GameRules& project, const std::string& id) {
  const auto it = project.clauses.find(id);
  return fmt::format("`{}`: {}", id, it == project.clauses.end() ? "(not in the index)" : it->second.paraphrase);
}

// The same for HTML: the id as code, the paraphrase escaped.
std::string clause_html(const GameRules& project, const std::string& id) {
  const auto it = project.clauses.find(id);
  return fmt::format("<code>{}</code>: {}", escape_xml(id),
                     escape_xml(it == project.clauses.end() ? "(not in the index)" : it->second.paraphrase));
}

}  // namespace

json to_json(const GameDiff& d) {
  json j = {{"game", d.game}, {"changed", d.changed()}, {"changes", change_count(d)}, {"seconds", d.seconds}};
  j["edit"] = {{"ruleset", json::array()}, {"readings", json::array()}};
  for (const auto& k : d.ruleset) j["edit"]["ruleset"].push_back({{"key", k.key}, {"before", k.before}, {"after", k.after}});
  for (const auto& k : d.readings)
    j["edit"]["readings"].push_back({{"point", k.key}, {"before", k.before}, {"after", k.after}});
  json& se = j["sentences"] = json::array();
  for (const auto& c : d.sentences)
    se.push_back({{"clause", c.clause}, {"section", c.section}, {"paragraph", c.paragraph}, {"nth", c.nth},
                  {"means", c.means}, {"says", c.says}, {"before", c.before}, {"after", c.after},
                  {"states_a_key", c.states_a_key}, {"rests_on", c.rests_on}});
  json& sc = j["scenarios"] = {{"compared", d.scenarios_compared}, {"steps", d.steps_compared},
                               {"errors", d.scenario_errors}, {"changes", json::array()}};
  for (const auto& c : d.scenarios)
    sc["changes"].push_back({{"id", c.id}, {"file", c.file}, {"title", c.title}, {"step", c.step},
                             {"before", c.before}, {"after", c.after}, {"refusing_clause_only", refusal_only(c)},
                             {"witness", witness_json(c.witness)}});
  json& sa = j["sample"] = {{"seed", d.seed}, {"cases", d.sample_cases}, {"changes", json::array()}};
  for (const auto& c : d.sample)
    sa["changes"].push_back({{"kind", c.kind}, {"before", c.before}, {"after", c.after}, {"cases", c.cases},
                             {"refusing_clause_only", refusal_only(c)}, {"witness", witness_json(c.witness)}});
  json& pr = j["proofs"] = {{"compared", d.proofs_compared}, {"changes", json::array()}};
  for (const auto& c : d.proofs)
    pr["changes"].push_back({{"id", c.id}, {"claim", c.claim}, {"clauses", c.clauses}, {"before", c.before},
                             {"after", c.after}, {"counterexample", c.counterexample}});
  json& po = j["points"] = {
      {"compared", d.points_compared}, {"literal_search", d.literal_search}, {"changes", json::array()}};
  for (const auto& c : d.points)
    po["changes"].push_back({{"point", c.point}, {"before", c.before ? "matters" : "no witness"},
                             {"after", c.after ? "matters" : "no witness"}, {"title", c.title},
                             {"scenarios", c.scenarios}});
  json& pb = j["probes"] = {{"compared", d.probes_compared}, {"changes", json::array()}};
  for (const auto& c : d.probes)
    pb["changes"].push_back({{"probe", c.probe}, {"title", c.title}, {"clauses", c.clauses}, {"size", c.size},
                             {"refusing_clause_only", refusal_only(c)}, {"witness", witness_json(c.witness)}});
  json& co = j["contradictions"] = {{"probes", d.contradiction_probes}, {"changes", json::array()}};
  for (const auto& c : d.contradictions)
    co["changes"].push_back({{"probe", c.probe}, {"title", c.title}, {"clauses", c.clauses},
                             {"before", c.before ? "found" : "none"}, {"after", c.after ? "found" : "none"},
                             {"note", c.note}});
  j["unknowns"] = d.unknowns;
  j["undecided"] = d.undecided();
  json& qs = j["questions"] = json::array();
  for (const auto& q : d.questions) {
    json one{{"part", q.part}, {"id", q.id}, {"base", q.base}, {"edited", q.edited}, {"decided", q.decided()}};
    if (q.part == "probe") one = {{"part", q.part}, {"id", q.id}, {"status", q.base}, {"decided", q.decided()}};
    if (!q.why.empty()) one["why"] = q.why;
    qs.push_back(std::move(one));
  }
  if (!d.interrupted.empty()) j["interrupted"] = d.interrupted;
  return j;
}

void write_console(std::ostream& out, const GameDiff& d, bool verbose) {
  const std::size_t shown = verbose ? SIZE_MAX : 10;
  out << fmt::format("rulecheck diff: {}\nthe edit: {}\n\n", d.game, edit_line(d));
  sentences_console(out, d);
  // The changes of legality or outcome first, then (apart) those where only the refusing clause moves.
  const auto outcome_scenarios = split(d.scenarios, false), refusal_scenarios = split(d.scenarios, true);
  out << fmt::format("scenarios   {} compared ({} steps): {} change(s) of legality or outcome, {} of the refusing "
                     "clause only\n",
                     d.scenarios_compared, d.steps_compared, outcome_scenarios.size(), refusal_scenarios.size());
  for (const auto* list : {&outcome_scenarios, &refusal_scenarios}) {
    if (list == &refusal_scenarios && !list->empty()) out << "  refused by another clause:\n";
    for (std::size_t i = 0; i < list->size() && i < shown; ++i)
      out << fmt::format("  {} step {}: {}\n", (*list)[i]->id, (*list)[i]->step,
                         change_text((*list)[i]->before, (*list)[i]->after));
    if (list->size() > shown) out << fmt::format("  ... and {} more (--verbose)\n", list->size() - shown);
  }
  for (const auto& e : d.scenario_errors) out << "  not loaded: " << e << "\n";
  const auto outcome_sample = split(d.sample, false), refusal_sample = split(d.sample, true);
  out << fmt::format("sample      {} generated cases (seed {}): {} change(s) of legality or outcome, {} of the "
                     "refusing clause only\n",
                     d.sample_cases, d.seed, outcome_sample.size(), refusal_sample.size());
  for (const auto* list : {&outcome_sample, &refusal_sample}) {
    if (list == &refusal_sample && !list->empty()) out << "  refused by another clause:\n";
    for (const auto* c : *list)
      out << fmt::format("  {}: {} -> {}: {} case(s); smallest: {}\n", c->kind, c->before, c->after, c->cases,
                         id_of(c->witness.edited.is_null() ? c->witness.base : c->witness.edited));
  }
  out << fmt::format("proofs      {} compared: {} change\n", d.proofs_compared, d.proofs.size());
  for (const auto& c : d.proofs)
    out << fmt::format("  {}: {} -> {}{}\n", c.id, c.before, c.after,
                       c.counterexample.is_null() ? "" : "; counterexample " + id_of(c.counterexample));
  out << fmt::format("points      {} compared{}: {} change\n", d.points_compared, points_scope(d), d.points.size());
  for (const auto& c : d.points)
    out << fmt::format("  {}: the readings {} under the edited rules\n", c.point,
                       c.after ? "start to matter" : "no longer differ on any board searched");
  const auto outcome_probes = split(d.probes, false), refusal_probes = split(d.probes, true);
  out << fmt::format("probes      {} compared: {} change(s) of legality or outcome, {} of the refusing clause only\n",
                     d.probes_compared, outcome_probes.size(), refusal_probes.size());
  for (const auto* list : {&outcome_probes, &refusal_probes}) {
    if (list == &refusal_probes && !list->empty()) out << "  refused by another clause:\n";
    for (const auto* c : *list)
      out << fmt::format("  {}: {} -> {} (size {}): {}\n", c->probe, expected_text(c->witness.base),
                         expected_text(c->witness.edited), c->size, c->title);
  }
  out << "contradictions " << contradictions_headline(d) << "\n";
  for (const auto& c : d.contradictions) out << fmt::format("  {}: {}\n", c.probe, contradiction_text(c));
  for (const auto& u : d.unknowns) out << "  unknown: " << u << "\n";
  if (!d.questions.empty())
    out << fmt::format("questions   {} asked of the solver on both sides: {} decided, {} not decided\n",
                       d.questions.size(), d.questions.size() - d.undecided(), d.undecided());
  if (!d.interrupted.empty()) {
    out << fmt::format("\nINTERRUPTED ({}): the parts after it were not compared; {} change(s) found before, "
                       "in {:.1f} s\n",
                       d.interrupted, change_count(d), d.seconds);
    return;
  }
  // Never "UNCHANGED" while a question is not decided: the comparison is not complete.
  const char* headline = d.changed() ? "CHANGED" : d.undecided() ? "NOT DECIDED" : "UNCHANGED";
  out << fmt::format("\n{}: {} change(s) in {:.1f} s{}\n", headline, change_count(d), d.seconds,
                     d.undecided() ? fmt::format("; {} solver question(s) not decided (listed above), so the "
                                                 "comparison is not complete",
                                                 d.undecided())
                                   : "");
}

void write_markdown(std::ostream& out, const GameDiff& d, const GameRules& project) {
  out << fmt::format("# rulecheck diff: {}, {} change(s)\n\nThe edit: {}.\n\n", d.game, change_count(d), edit_line(d));
  out << "Every change has a witness: one scenario file per side (base, edited), the same state and step, each "
         "carrying its side's numbers and readings; `rulecheck run` replays them.\n\n";
  sentences_markdown(out, d);
  for (const bool refusals : {false, true}) {
    const auto list = split(d.scenarios, refusals);
    out << fmt::format(fmt::runtime(refusals ? "## Scenarios refused by another clause: {} of {}\n\n"
                                : "## Scenarios whose legality or outcome changes: {} of {}\n\n"),
                       list.size(), d.scenarios_compared);
    if (list.empty()) out << kNone << "\n\n";
    if (!list.empty()) out << "| scenario | step | base | edited | witness |\n|---|---|---|---|---|\n";
    for (const auto* c : list)
      out << fmt::format("| `{}` | {} | {} | {} | `{}` |\n", c->id, c->step, markdown_cell(outcome_text(c->before)),
                         markdown_cell(outcome_text(c->after)), id_of(c->witness.edited));
    if (!list.empty()) out << "\n";
  }
  for (const bool refusals : {false, true}) {
    const auto list = split(d.sample, refusals);
    out << fmt::format(fmt::runtime(refusals ? "## Generated cases refused by another clause ({} cases, seed {})\n\n"
                                : "## Generated cases whose legality or outcome changes ({} cases, seed {})\n\n"),
                       d.sample_cases, d.seed);
    if (list.empty()) out << kNone << "\n\n";
    for (const auto* c : list) {
      out << fmt::format("### {}: {} -> {} ({} cases)\n\nThe smallest:\n\n", c->kind, c->before, c->after, c->cases);
      witness_markdown(out, c->witness);
    }
  }
  out << fmt::format("## Invariants that stop or start holding ({} proofs)\n\n", d.proofs_compared);
  if (d.proofs.empty()) out << kNone << "\n\n";
  for (const auto& c : d.proofs) {
    out << fmt::format("### {}: {} -> {}\n\n{}\n\n", c.id, c.before, c.after, c.claim);
    for (const auto& cl : c.clauses) out << "- " << clause_line(project, cl) << "\n";
    if (!c.counterexample.is_null()) {
      out << "\nThe counterexample:\n\n";
      write_board_markdown(out, c.counterexample["state"]);
      out << fmt::format("The step: `{}`; scenario `{}`\n", step_text(c.counterexample), id_of(c.counterexample));
    }
    out << "\n";
  }
  out << fmt::format("## Interpretation points whose readings stop or start mattering ({} points{})\n\n",
                     d.points_compared, points_scope(d));
  if (d.points.empty()) out << kNone << "\n\n";
  for (const auto& c : d.points) {
    out << fmt::format("### {}: {}\n\n{}\n\n", c.point,
                       c.after ? "the readings start to differ" : "no board found where the readings still differ",
                       c.title);
    for (const auto& s : c.scenarios)
      out << fmt::format("- reading `{}`: {} (`{}`)\n", s.value("reading", ""), expected_text(s["scenario"]),
                         id_of(s["scenario"]));
    out << "\n";
  }
  for (const bool refusals : {false, true}) {
    const auto list = split(d.probes, refusals);
    out << fmt::format(fmt::runtime(refusals ? "## The smallest boards refused by another clause ({} solver probes)\n\n"
                                : "## The smallest boards where the sides differ ({} solver probes)\n\n"),
                       d.probes_compared);
    if (list.empty()) out << kNone << "\n\n";
    for (const auto* c : list) {
      out << fmt::format("### {} (size {})\n\n{}\n\n", c->probe, c->size, c->title);
      for (const auto& cl : c->clauses) out << "- " << clause_line(project, cl) << "\n";
      out << "\n";
      witness_markdown(out, c->witness);
    }
  }
  out << "## Sentences that cannot all hold (the contradiction search: " << contradictions_headline(d) << ")\n\n";
  if (d.contradictions.empty()) out << kNone << "\n\n";
  for (const auto& c : d.contradictions) {
    out << fmt::format("### {}: found under the {} rules only\n\n{}\n\n{}\n\n", c.probe, c.after ? "edited" : "base",
                       c.title, c.note);
    for (const auto& cl : c.clauses) out << "- " << clause_line(project, cl) << "\n";
    out << "\n";
  }
  if (!d.unknowns.empty()) {
    out << "## Not decided within the solver's budget\n\n";
    for (const auto& u : d.unknowns) out << "- " << u << "\n";
  }
  if (!d.questions.empty()) {
    out << fmt::format("\n## Every solver question ({} not decided)\n\n| part | id | base | edited | why or scope "
                       "|\n|---|---|---|---|---|\n",
                       d.undecided());
    for (const auto& q : d.questions)
      out << fmt::format("| {} | `{}` | {} | {} | {} |\n", q.part, q.id, q.base, q.edited, markdown_cell(q.why));
  }
  if (!d.interrupted.empty())
    out << fmt::format("\n## Interrupted\n\n{}: the parts after it were not compared.\n", d.interrupted);
}

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

std::vector<json> witness_scenarios(const GameDiff& d) {
  std::vector<json> out;
  std::set<std::string> seen;
  auto add = [&](const json& s) {
    if (s.is_object() && seen.insert(s.value("id", "")).second) out.push_back(s);
  };
  for (const auto& c : d.scenarios) add(c.witness.base), add(c.witness.edited);
  for (const auto& c : d.sample) add(c.witness.base), add(c.witness.edited);
  for (const auto& c : d.proofs) add(c.counterexample);
  for (const auto& c : d.points)
    for (const auto& s : c.scenarios) add(s["scenario"]);
  for (const auto& c : d.probes) add(c.witness.base), add(c.witness.edited);
  return out;
}

}  // namespace rulecheck::diff

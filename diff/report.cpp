#include "diff/report.hpp"

#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "reports/board.hpp"
#include "rulebook/stated_numbers.hpp"
#include "reports/document.hpp"

#include "diff/report_words.hpp"

namespace rulecheck::diff {

namespace {

using namespace words;

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


std::string clause_line(const GameRules& project, const std::string& id) {
  const auto it = project.clauses.find(id);
  return fmt::format("`{}`: {}", id, it == project.clauses.end() ? "(not in the index)" : it->second.paraphrase);
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
// `rulecheck explain CASE [--step K] [--format text|json]`: the oracle's reasoning for the steps of
// one scenario. Each decision comes under its clause id, with the words of the clause's paragraph
// when the rule texts are at hand (else its paraphrase, labelled so) and the numbers it used; then the step's outcome (what changed) and whether it meets the scenario's
// expectation. For an engine author reading a failure, and a designer reading a scenario.
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "harness/interrupt.hpp"
#include "common/compare.hpp"
#include "common/input_error.hpp"
#include "games/registry.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"
#include "rulebook/quotes.hpp"

namespace rulecheck::cli {

namespace {

namespace fs = std::filesystem;

struct ExplainOptions {
  std::string which;  // CASE: a scenario file, or the id of a scenario under scenarios/
  std::size_t step = 0;
  bool one_step = false;  // --step given
  std::string format = "text";
  std::string text;  // --text: the folder of rule texts to quote
};

// ---------------------------------------------------------------- finding the case

// An id as given, without a ".json" ending or a leading "scenarios/".
std::string bare_id(std::string id) {
  if (id.size() > 5 && id.ends_with(".json")) id.resize(id.size() - 5);
  if (id.starts_with("scenarios/")) id.erase(0, 10);
  return id;
}

// The scenario file CASE names: a file, else <project>/scenarios/<id>.json. Nothing, and why (with
// the ids it might have meant), when neither exists.
std::optional<fs::path> find_case(const Context& context, const std::string& which, std::string& why) {
  std::error_code error;
  if (fs::is_directory(which, error)) {
    why = fmt::format("{} is a folder; explain takes one scenario file, or a scenario's id", which);
    return std::nullopt;
  }
  if (fs::exists(which, error)) return fs::path(which);
  const fs::path scenarios = context.project() / "scenarios";
  const std::string id = bare_id(which);
  if (const fs::path by_id = scenarios / (id + ".json"); !id.empty() && fs::is_regular_file(by_id, error)) return by_id;
  why = fmt::format(
      "unknown case \"{}\": no such file, and no scenario with that id under {} (a scenario's id is its path there "
      "without .json, e.g. messina/consumption/worked-example-7-tokens)",
      which, scenarios.string());
  // Ids that contain the last part of what was given, as suggestions.
  const std::string last = id.substr(id.find_last_of('/') == std::string::npos ? 0 : id.find_last_of('/') + 1);
  std::vector<std::string> near;
  try {
    for (const auto& file : find_scenario_files({scenarios.string()}))
      if (const std::string known = scenario_id_for(file); !last.empty() && known.find(last) != std::string::npos)
        near.push_back(known);
  } catch (const ScenarioError&) {
    // no scenarios folder: no suggestions
  }
  if (!near.empty()) {
    const std::size_t shown = std::min<std::size_t>(near.size(), 5);
    why += fmt::format("; did you mean {}{}", fmt::join(near.begin(), near.begin() + static_cast<long>(shown), ", "),
                       near.size() > shown ? fmt::format(" (or {} more)", near.size() - shown) : "");
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- running the steps

struct ExplainedStep {
  std::size_t index = 0;
  const Step* step = nullptr;
  Explanation explanation;
  json before;   // the state the step started from, canonical
  json outcome;  // as the harness judges it: {"legal", "state"} | {"legal", "rule", "reason"} | {"result"}
  std::optional<Difference> difference;  // the first way the outcome misses the expectation
};

json outcome_of(const Explanation& e, bool is_query) {
  if (is_query) return {{"result", *e.result}};
  if (e.applied.legal) return {{"legal", true}, {"state", *e.applied.state}};
  return {{"legal", false}, {"rule", e.applied.rule}, {"reason", e.applied.reason}};
}

// Steps 0 to `last`, each from the previous step's outcome, as `rulecheck run` takes them; the
// steps from `first` on are kept. Throws InputError (with the step's index in `failed_at`).
std::vector<ExplainedStep> explain_steps(const Scenario& scenario, const BoundRules& rules, std::size_t first,
                                         std::size_t last, std::size_t& failed_at) {
  std::vector<ExplainedStep> out;
  json state = scenario.state;
  for (std::size_t i = 0; i <= last; ++i) {
    failed_at = i;
    const Step& step = scenario.steps[i];
    ExplainedStep e;
    e.index = i;
    e.step = &step;
    e.before = rules.canonical_state(state);
    e.explanation = rules.explain(state, step.request, step.is_query);
    e.outcome = outcome_of(e.explanation, step.is_query);
    if (!step.expect.is_null()) e.difference = judge_step(step.expect, e.outcome, /*strict_rule=*/true);
    if (!step.is_query && e.explanation.applied.legal) state = *e.explanation.applied.state;
    if (i >= first) out.push_back(std::move(e));
  }
  return out;
}

// ---------------------------------------------------------------- text

std::string shown(const json& value, std::size_t limit = 160) {
  std::string text = value.dump();
  if (text.size() > limit) text = text.substr(0, limit - 3) + "...";
  return text;
}

std::string numbers_text(const ExplainedDecision& d) {
  if (d.numbers.empty()) return "";
  std::vector<std::string> parts;
  for (const auto& [name, value] : d.numbers) parts.push_back(fmt::format("{}={}", name, value));
  return fmt::format("  ({})", fmt::join(parts, ", "));
}

// A changed field's value; absent (null) is a count of 0 when the other side is a number (the
// canonical state leaves zero counts out), and "(absent)" otherwise.
std::string shown_or_zero(const json& value, const json& other) {
  if (!value.is_null()) return shown(value, 60);
  return other.is_number() ? "0" : "(absent)";
}

// Whether `value` holds only counts (numbers, in objects): units, resources, a population.
bool only_counts(const json& value) {
  if (value.is_number()) return true;
  if (!value.is_object() || value.empty()) return false;
  for (const auto& field : value)
    if (!only_counts(field)) return false;
  return true;
}

// The counts of `value` below `path`, one per number: {"/units/UE/civilian", 2}, ...; anything else
// whole.
void leaves(const std::string& path, const json& value, std::vector<std::pair<std::string, json>>& out) {
  if (!value.is_object() || !only_counts(value)) {
    out.emplace_back(path, value);
    return;
  }
  for (const auto& [key, field] : value.items()) leaves(path + "/" + key, field, out);
}

// What a legal step changed, one line per field: "/factions/UE/resources/food: 6 -> 2". Counts
// that appear or go (the canonical state leaves zero counts and empty objects out) are listed one
// by one, from or to 0.
std::vector<std::string> changes_text(const json& before, const json& after) {
  std::vector<std::string> lines;
  for (const auto& op : json::diff(before, after)) {
    const std::string path = op.at("path").get<std::string>();
    const std::string kind = op.at("op").get<std::string>();
    std::vector<std::pair<std::string, json>> fields;
    if (kind == "replace") {
      fields.emplace_back(path, json());
    } else {
      leaves(path, kind == "add" ? op.at("value") : before.at(json::json_pointer(path)), fields);
    }
    for (const auto& [field, value] : fields) {
      const json old_value = kind == "add" ? json() : kind == "remove" ? value : before.at(json::json_pointer(path));
      const json new_value = kind == "remove" ? json() : kind == "add" ? value : op.at("value");
      lines.push_back(
          fmt::format("{}: {} -> {}", field, shown_or_zero(old_value, new_value), shown_or_zero(new_value, old_value)));
    }
  }
  return lines;
}

// The rule a decision applies, once per paragraph per step: the words of the paragraph the clause
// index names, read from the rule texts; without them, the clause's paraphrase, labelled as one.
void print_rule_words(const std::string& game, const std::string& clause, const GameRules& rules,
                      rulebook::ClauseQuoter& quoter, std::set<std::string>& shown_paragraphs) {
  const auto paraphrase = rules.clauses.find(clause);
  if (paraphrase == rules.clauses.end()) return;
  const rulebook::Quote q = quoter.quote(game, clause);
  if (!q.words.empty()) {
    const std::string where = fmt::format("{} paragraph {}", q.text_file, q.paragraph);
    if (shown_paragraphs.insert(where).second)
      fmt::print("      rule ({}{}): {}\n", where, q.changed ? ", changed since the clause index was written" : "",
                 q.words);
    if (!shown_paragraphs.insert("stating " + clause).second) return;  // each clause's words once per step
    for (const auto& [from, to] : q.operative) fmt::print("        stating it: \"{}\"\n", q.words.substr(from, to - from));
    return;
  }
  if (!shown_paragraphs.insert(clause).second) return;
  fmt::print("      rule, paraphrased (the rule's words are not at hand: {}): {}\n", q.why_not,
             paraphrase->second.paraphrase);
}

void print_step_text(const ExplainedStep& e, const std::string& game, const GameRules& rules,
                     rulebook::ClauseQuoter& quoter) {
  const Step& step = *e.step;
  fmt::print("\nstep {}: {} {}\n", e.index, step.is_query ? "query" : "action", step.request.dump());
  if (!step.note.empty()) fmt::print("  note: {}\n", step.note);
  std::set<std::string> shown_paragraphs;  // each paragraph's words (or a clause's paraphrase) once per step
  for (const auto& d : e.explanation.decisions) {
    fmt::print("  {}  {}{}{}\n", d.clause, d.forbids ? "FORBIDDEN: " : "", d.what, numbers_text(d));
    print_rule_words(game, d.clause, rules, quoter, shown_paragraphs);
  }
  if (e.explanation.decisions.empty()) fmt::print("  (the oracle took no decision it explains)\n");
  if (step.is_query) {
    fmt::print("  result: {}\n", e.outcome.at("result").dump());
  } else if (e.explanation.applied.legal) {
    const auto lines = changes_text(e.before, e.outcome.at("state"));
    fmt::print("  outcome: legal, {}\n", lines.empty() ? "nothing changed" : fmt::format("{} change(s)", lines.size()));
    constexpr std::size_t kMostLines = 30;
    for (std::size_t i = 0; i < lines.size() && i < kMostLines; ++i) fmt::print("    {}\n", lines[i]);
    if (lines.size() > kMostLines) fmt::print("    ... and {} more\n", lines.size() - kMostLines);
  } else {
    fmt::print("  outcome: illegal, {}: {}\n", e.explanation.applied.rule, e.explanation.applied.reason);
  }
  if (step.expect.is_null()) return;
  fmt::print("  expected: {}\n", step.expect.dump());
  if (!e.difference)
    fmt::print("  the outcome meets the scenario's expectation\n");
  else
    fmt::print("  the outcome does NOT meet the scenario's expectation: at {} expected {}, got {}\n",
               e.difference->path.empty() ? "/" : e.difference->path,
               side_text(*e.difference, true), side_text(*e.difference, false));
}

void print_text(const Scenario& scenario, const std::vector<ExplainedStep>& steps, const GameRules& rules,
                rulebook::ClauseQuoter& quoter) {
  fmt::print("{}: {}\n", scenario.id.empty() ? scenario.file.string() : scenario.id, scenario.title);
  std::error_code error;
  const fs::path near = fs::proximate(scenario.file, error);
  fmt::print("  file: {}\n", (error ? scenario.file : near).string());
  if (!scenario.note.empty()) fmt::print("  note: {}\n", scenario.note);
  const std::size_t n = scenario.steps.size();
  fmt::print(
      "  {} step{} (numbered from 0); readings: {}; ruleset: {}\n", n, n == 1 ? "" : "s",
      scenario.interpretations.empty() ? "the defaults" : scenario.interpretations.dump() + ", else the defaults",
      scenario.ruleset.empty() ? "the defaults" : scenario.ruleset.dump() + " over the defaults");
  for (const auto& e : steps) print_step_text(e, scenario.game, rules, quoter);
}

// ---------------------------------------------------------------- json

json decisions_json(const ExplainedStep& e, const std::string& game, const GameRules& rules,
                    rulebook::ClauseQuoter& quoter) {
  json out = json::array();
  for (const auto& d : e.explanation.decisions) {
    json numbers = json::object();
    for (const auto& [name, value] : d.numbers) numbers[name] = value;
    json entry = {{"clause", d.clause}, {"what", d.what}, {"numbers", numbers}};
    if (const auto clause = rules.clauses.find(d.clause); clause != rules.clauses.end()) {
      entry["paraphrase"] = clause->second.paraphrase;
      const rulebook::Quote q = quoter.quote(game, d.clause);
      if (!q.words.empty()) {
        entry["words"] = {{"file", q.text_file}, {"paragraph", q.paragraph}, {"text", q.words}, {"changed", q.changed}};
        json stating = json::array();  // the clause's spans, quoted from the texts at run time
        for (const auto& [from, to] : q.operative) stating.push_back(q.words.substr(from, to - from));
        entry["words"]["stating"] = stating;
      }
      else
        entry["not_quoted"] = q.why_not;
    }
    if (d.forbids) entry["forbids"] = true;
    out.push_back(std::move(entry));
  }
  return out;
}

json explanation_json(const Scenario& scenario, const std::vector<ExplainedStep>& steps, const GameRules& rules,
                      rulebook::ClauseQuoter& quoter) {
  json out = {{"id", scenario.id},
              {"file", scenario.file.string()},
              {"game", scenario.game},
              {"title", scenario.title},
              {"note", scenario.note},
              {"step_count", scenario.steps.size()},
              {"interpretations", scenario.interpretations},
              {"ruleset", scenario.ruleset},
              {"steps", json::array()}};
  for (const auto& e : steps) {
    json step = {{"step", e.index},
                 {e.step->is_query ? "query" : "action", e.step->request},
                 {"decisions", decisions_json(e, scenario.game, rules, quoter)},
                 {"outcome", e.outcome}};
    if (!e.step->note.empty()) step["note"] = e.step->note;
    if (!e.step->is_query && e.explanation.applied.legal) step["changes"] = json::diff(e.before, e.outcome.at("state"));
    if (!e.step->expect.is_null()) {
      step["expect"] = e.step->expect;
      step["matches"] = !e.difference.has_value();
      if (e.difference)
        step["difference"] = {
            {"path", e.difference->path}, {"expected", e.difference->expected}, {"actual", e.difference->actual}};
    }
    out["steps"].push_back(std::move(step));
  }
  return out;
}

// ---------------------------------------------------------------- the command

int explain_command(const Context& context, const ExplainOptions& opt) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the explanation made so far is printed, exit 128 + the signal
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  std::string why;
  const auto file = find_case(context, opt.which, why);
  if (!file) {
    fmt::print(stderr, "rulecheck: {}\n", why);
    return kBadInput;
  }
  Scenario scenario;
  try {
    scenario = load_scenario(*file, *library);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: not a usable scenario file: {}\n", e.describe());
    return kBadInput;
  }
  const std::size_t count = scenario.steps.size();
  if (count == 0) {  // the loader refuses such files; said plainly all the same
    fmt::print(stderr, "rulecheck: {} has no steps to explain\n", file->string());
    return kBadInput;
  }
  if (opt.one_step && opt.step >= count) {
    fmt::print(stderr, "rulecheck: --step {} is out of range: {} has {} step{}, numbered 0 to {}\n", opt.step,
               scenario.id.empty() ? file->string() : scenario.id, count, count == 1 ? "" : "s", count - 1);
    return kBadInput;
  }
  const GameRules& rules = *library->find(scenario.game);
  const auto project = rulebook::Project::of_rules_folder(context.rules());
  rulebook::ClauseQuoter quoter(project, rulebook::find_text_folder(rulebook::text_folder_choice(opt.text), project));
  if (quoter.texts().given_missing) {
    fmt::print(stderr, "rulecheck: --text: {}\n", quoter.texts().why_none);
    return kBadInput;
  }
  std::vector<ExplainedStep> steps;
  std::size_t failed_at = 0;
  try {
    const auto bound = find_game(scenario.game)->bind(rules.merged_ruleset(scenario.ruleset), scenario.readings(rules));
    steps =
        explain_steps(scenario, *bound, opt.one_step ? opt.step : 0, opt.one_step ? opt.step : count - 1, failed_at);
  } catch (const InputError& e) {
    const std::string where = e.pointer().starts_with("/state") && failed_at == 0
                                  ? e.pointer()
                                  : fmt::format("/steps/{}{}", failed_at, e.pointer());
    fmt::print(stderr, "rulecheck: {} at {}: {}\n", file->string(), where, e.what());
    return kBadInput;
  }
  if (opt.format == "json")
    fmt::print("{}\n", explanation_json(scenario, steps, rules, quoter).dump(2));
  else
    print_text(scenario, steps, rules, quoter);
  if (interrupted()) {
    fmt::print(stderr, "rulecheck explain: interrupted by {}\n", interrupt_name());
    return 128 + interrupted();  // as a shell reports a command its signal ended
  }
  return kOk;
}

}  // namespace

void add_explain_command(CLI::App& app, Context& context) {
  auto opt = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "The oracle's reasoning for a scenario's steps: each decision with its clause id, the clause's paraphrase and "
      "the numbers it used, then the outcome and whether it meets the scenario's expectation");
  cmd->add_option("case", opt->which,
                  "A scenario file, or a scenario's id (its path under the project's scenarios/ without .json, "
                  "e.g. messina/consumption/worked-example-7-tokens)")
      ->required();
  CLI::Option* step = add_number(*cmd, "--step", opt->step,
                                  "Only step K (numbered from 0, as failure reports number them); the steps "
                                  "before it still run, to reach its state. Default: every step")
                          ->type_name("K");
  cmd->add_option("--format", opt->format, "text (readable) or json (one document: every decision with its numbers)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--text", opt->text,
                  "The folder of rule texts to quote the clauses from (default: $RULECHECK_RULE_TEXTS, else "
                  "<project>/../shared/rules when it exists)")
      ->type_name("DIR");
  cmd->footer(
      "Each step runs on the oracle from the previous step's outcome, as `rulecheck run` runs it. A decision reads "
      "`CLAUSE-ID  what was decided  (name=value, ...)`, followed once per step and paragraph by the words of the "
      "paragraph rules/<game>/clauses.json names for the clause, read from the rule texts (--text), then the words "
      "that state the clause (\"stating it\": its spans in clauses.json; JSON words.stating); without the "
      "texts, by the clause's paraphrase, labelled as a paraphrase with the reason the words are not at hand. The "
      "decision that makes an action illegal is marked FORBIDDEN. A legal action lists the fields it changed.\n"
      "Exit status: 0 explained (whether or not the outcome meets the expectation), 2 bad input (an unknown case, "
      "a file that is not a scenario, --step out of range, a state or action the game refuses, a --text folder that "
      "does not exist), 3 rulecheck could "
      "not run.");
  cmd->callback([&context, opt, step] {
    opt->one_step = step->count() > 0;
    context.exit_code = explain_command(context, *opt);
  });
}

}  // namespace rulecheck::cli

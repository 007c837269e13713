// `rulecheck diff`: what an edit of the rulebook changes, for its editor. Options are mapped to
// diff/edit_diff.hpp (numbers and readings) and diff/text_diff.hpp (the rule texts).
#include <fstream>
#include <sstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "common/atomic_write.hpp"
#include "common/input_error.hpp"
#include "common/owned_files.hpp"
#include "common/text.hpp"
#include "rulebook/text_folder.hpp"
#include "diff/edit_diff.hpp"
#include "diff/report.hpp"
#include "diff/text_diff.hpp"
#include "harness/interrupt.hpp"

namespace rulecheck::cli {

namespace {

struct DiffArgs {
  std::string edited, base, readings, game, text;
  std::vector<std::string> scenarios;
  std::size_t sample = 4000;
  std::uint64_t seed = 1;
  unsigned rlimit = 50'000'000;
  bool discovery = false;
  std::string format = "console";
  std::string output_dir;
  bool verbose = false;
};

// The list of the files `diff` wrote into witnesses/ (common/owned_files.hpp).
constexpr std::string_view kWrittenList = ".rulecheck-written";

// Two ids never map to one name (common/text.hpp), so no witness overwrites another.
std::string file_name_of(const json& scenario) { return file_name_for_id(scenario.value("id", "witness"), ".json"); }

void write_outputs(const std::filesystem::path& dir, const diff::GameDiff& d, const GameRules& project) {
  std::filesystem::create_directories(dir);
  write_file_atomically(dir / "diff.json", diff::to_json(d).dump(2) + "\n");
  std::ostringstream md, html;
  diff::write_markdown(md, d, project);
  diff::write_html(html, d, project);
  write_file_atomically(dir / "diff.md", md.str());
  write_file_atomically(dir / "diff.html", html.str());
  // This edit's witnesses only: the previous run's are removed (common/owned_files.hpp), so that
  // `rulecheck run DIR/witnesses` replays this edit, not two.
  std::vector<OwnedFile> witnesses;
  for (const auto& s : diff::witness_scenarios(d)) witnesses.emplace_back(file_name_of(s), s.dump(2) + "\n");
  replace_owned_files(dir / "witnesses", kWrittenList, witnesses);
}

int text_command(const Context& context, const DiffArgs& args) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the proofs in flight stop and are listed "interrupted"
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  if (!std::filesystem::is_directory(args.text))
    throw InputError("--text", fmt::format("{}: no such folder (the edited copy of the rule texts)", args.text));
  // The words before the edit: the texts the rule commands find ($RULECHECK_RULE_TEXTS, ../shared/rules).
  const rulebook::TextFolder base = rulebook::find_text_folder(
      rulebook::text_folder_choice(""), rulebook::Project::of_rules_folder(context.rules()));
  const diff::TextDiff d =
      diff::diff_texts(*library, context.rules(), args.text, args.rlimit, base.dir, base.why_none);
  if (args.format == "json")
    std::cout << diff::to_json(d).dump(2) << "\n";
  else
    diff::write_console(std::cout, d);
  if (!args.output_dir.empty()) {
    std::filesystem::create_directories(args.output_dir);
    write_file_atomically(std::filesystem::path(args.output_dir) / "diff-text.json", diff::to_json(d).dump(2) + "\n");
    std::ostringstream md, html;
    diff::write_markdown(md, d);
    diff::write_html(html, d);
    write_file_atomically(std::filesystem::path(args.output_dir) / "diff-text.md", md.str());
    write_file_atomically(std::filesystem::path(args.output_dir) / "diff-text.html", html.str());
  }
  if (interrupted()) {
    fmt::print(stderr, "rulecheck diff: interrupted by {}: a proof listed \"interrupted\" was not decided\n",
               interrupt_name());
    return 128 + interrupted();
  }
  return d.changed() || d.contradicted() ? kFailed : kOk;
}

int edit_command(const Context& context, const DiffArgs& args) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ... (loading the scenarios included): the comparison stops;
                       // what was compared is reported
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  if (args.edited.empty() && args.readings.empty())
    throw InputError("", "nothing to compare: give --edited RULESET.json and/or --readings FILE (or --text DIR)");
  const diff::Edit edit = diff::read_edit(*library, args.game, args.base, args.edited, args.readings);
  diff::DiffOptions options;
  options.scenario_paths =
      args.scenarios.empty() ? std::vector<std::string>{(context.project() / "scenarios").string()} : args.scenarios;
  options.sample = args.sample;
  options.seed = args.seed;
  options.rlimit = args.rlimit;
  options.literal_search = args.discovery;
  const diff::GameDiff d =
      diff::diff_edit(edit, *library, options, [&](const std::string& line) { fmt::print(stderr, "... {}\n", line); });
  if (args.format == "json")
    std::cout << diff::to_json(d).dump(2) << "\n";
  else
    diff::write_console(std::cout, d, args.verbose);
  if (!args.output_dir.empty()) {
    write_outputs(args.output_dir, d, *library->find(d.game));
    if (args.format != "json")
      fmt::print("report: {0}/diff.md, {0}/diff.html, {0}/diff.json; the witness scenarios in {0}/witnesses/ "
                 "(rulecheck run --rulesets any {0}/witnesses: an edit is a what-if, and a default run skips a side whose ruleset "
                 "no game produces)\n",
                 args.output_dir);
  }
  if (interrupted()) return 128 + interrupted();  // as a shell reports a command its signal ended
  // A question not decided (unknown) leaves the comparison incomplete: never "unchanged" (as prove).
  return d.changed() || d.undecided() ? kFailed : kOk;
}

}  // namespace

void add_diff_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<DiffArgs>();
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "For the rulebook's editor: what an edit of the numbers (--edited) or of the default readings (--readings) "
      "changes. Runs the scenario corpus, a generated sample, the proofs, the ambiguity search over the declared "
      "points, the solver's probes and the contradiction search under the base and the edited rules and reports every "
      "verdict that changes, each with a witness scenario per side");
  cmd->add_option("--edited", args->edited,
                  "The edited ruleset: a rules/<game>/ruleset.json, whole or only the keys it changes")
      ->type_name("FILE");
  cmd->add_option("--base", args->base, "The ruleset compared against (default: the project's rules/<game>/ruleset.json)")
      ->type_name("FILE");
  cmd->add_option("--readings", args->readings,
                  "Other default readings: an interpretations.json with other \"default\"s, or {\"readings\": "
                  "{point: reading}}")
      ->type_name("FILE");
  cmd->add_option("--text", args->text,
                  "An edited copy of the rule texts: list each clause whose paragraph changed with the scenarios, "
                  "proofs, points and code resting on it and whether they pass today")
      ->type_name("DIR");
  cmd->add_option("--game", args->game, "The game, when the files do not name it (their \"game\" field)");
  cmd->add_option("--scenarios", args->scenarios, "The corpus compared (default: the project's scenarios/)");
  add_number(*cmd, "--sample", args->sample, "Generated cases drawn from each side's generator (0: none)")
      ->capture_default_str();
  add_number(*cmd, "--seed", args->seed, "The generated sample's seed (the same seed, the same cases)")
      ->capture_default_str();
  add_number(*cmd, "--rlimit", args->rlimit,
                  "Z3's work limit per question (0: no proofs, ambiguity search or probes); a question that needs "
                  "more is reported unknown")
      ->capture_default_str();
  cmd->add_flag("--discovery", args->discovery,
                "Also run the literal encoding's search for new findings (rulecheck ambiguities) under both sides and "
                "compare what it finds; off by default, as it is the slow part of the ambiguity search");
  cmd->add_option("--format", args->format, "Standard output: console (readable) or json (the whole report)")
      ->check(CLI::IsMember({"console", "json"}))
      ->capture_default_str();
  cmd->add_option("--output-dir", args->output_dir,
                  "Write diff.md, diff.html, diff.json here, and every witness scenario under witnesses/ (<id, _ for />.json)")
      ->check(output_folder_check());
  cmd->add_flag("--verbose,-v", args->verbose, "Console: every changed scenario, not only the first ten");
  cmd->footer(
      "Witness scenarios carry their side's numbers and readings as \"ruleset\" and \"interpretations\": `rulecheck "
      "run DIR` replays them against the project's own rules.\nEvery question asked of the solver (a proof, a point's search, a probe, the contradiction search) is listed per side with how it "
      "ended (JSON \"questions\"); one not decided is unknown with why (the work limit reached, a board too large, "
      "the solver's memory), never read as unchanged.\nExit status: 0 nothing changed and every question decided, 1 "
      "something changed or a solver question is unknown (as prove), 2 bad input or usage, 3 no rules folder, "
      "130/143 stopped by SIGINT/SIGTERM (what was compared is reported, "
      "the rest named as not compared).\nWith --text DIR: 0 every clause's paragraph is as the index has it, 1 some "
      "changed (listed, with what to re-read) or a number the edited texts state contradicts the sentences it restates "
      "(numbers.json; a contradiction recorded there as known is listed, not counted); writes diff-text.md, diff-text.html and diff-text.json to --output-dir.");
  cmd->callback([&context, args] {
    try {
      if (!args->text.empty() && (!args->edited.empty() || !args->readings.empty()))
        throw InputError("--text", "--text compares the rule texts; give it alone, or --edited/--readings alone");
      context.exit_code = args->text.empty() ? edit_command(context, *args) : text_command(context, *args);
    } catch (const InputError& e) {
      fmt::print(stderr, "rulecheck diff: {}{}\n", e.what(), e.pointer().empty() ? "" : " (at " + e.pointer() + ")");
      context.exit_code = kBadInput;
    }
  });
}

}  // namespace rulecheck::cli

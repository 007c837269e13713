// `rulecheck validate | readings`: checking scenario files, and the readings they depend on.
#include <cstdio>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/corpus_loading.hpp"
#include "harness/audits.hpp"
#include "harness/corpus.hpp"
#include "harness/interrupt.hpp"

namespace rulecheck::cli {

namespace {

// --reachable: what a valid scenario's starting board says about the states play can reach. A board
// that breaks an invariant must be marked "unreachable" in its file, and a marked one must break one.
// Returns false when the file is a problem.
bool check_reachable(const Scenario& s, const RulesLibrary& library, std::size_t& marked) {
  const auto breaks = starting_board_breaks(s, library);
  const GameRules& rules = *library.find(s.game);
  for (const auto& b : breaks) {
    const StateInvariant* inv = rules.invariant(b.invariant);
    fmt::print("{}: at {}: breaks {}{}: {}\n", s.file.string(), b.pointer, b.invariant,
               inv && !inv->clauses.empty() ? fmt::format(" ({})", fmt::join(inv->clauses, ", ")) : "", b.why);
  }
  if (!s.unreachable.empty()) {
    ++marked;
    if (breaks.empty())
      fmt::print("{}: at /unreachable: marked unreachable, but its starting board breaks no invariant of "
                 "rules/{}/invariants.json: play can reach it, so drop the mark (or name the invariant it breaks)\n",
                 s.file.string(), s.game);
    return !breaks.empty();
  }
  if (!breaks.empty())
    fmt::print("{}: its starting board is one play cannot reach: make it reachable, or say why it is kept with "
               "\"unreachable\": \"<invariant ids>: <why>\" in the file\n",
               s.file.string());
  return breaks.empty();
}

int validate_command(const Context& context, const std::vector<std::string>& paths, bool reachable) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: stop after the file in hand; what was checked is said
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  std::vector<FoundFile> files;
  try {
    files = list_scenario_files(paths);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return kBadInput;
  }
  std::size_t bad = 0, unreachable = 0, marked = 0, checked = 0;
  for (const auto& f : files) {
    if (interrupted()) break;
    ++checked;
    try {
      if (!f.refused.empty()) throw ScenarioError{f.path, "", "", f.refused};  // never opened
      const Scenario s = validate_scenario_file(f.path, *library);
      if (reachable && !check_reachable(s, *library, marked)) ++unreachable;
    } catch (const ScenarioError& e) {
      ++bad;
      fmt::print("{}\n", e.describe());
    }
  }
  fmt::print("{} file(s) checked: {} valid, {} invalid", checked, checked - bad, bad);
  if (reachable)
    fmt::print("; states play can reach: {} marked unreachable (kept on purpose), {} with a problem", marked,
               unreachable);
  if (interrupted())
    fmt::print("; interrupted by {}: {} of {} file(s) not checked", interrupt_name(), files.size() - checked,
               files.size());
  fmt::print("\n");
  if (interrupted()) return 128 + interrupted();  // as a shell reports a command its signal ended
  return bad || unreachable ? kBadInput : kOk;
}

// Which scenarios depend on a reading they do not name? A verdict that changes under another
// reading means the expectation holds only under the default, so the scenario should name it.
int readings_command(const Context& context, const std::vector<std::string>& paths) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: stop after the scenario in hand; what was audited is said
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  auto corpus = corpus_or_say_why(paths, *library);
  if (!corpus) return kBadInput;
  say_unread(*corpus);
  for (const auto& e : corpus->bad) fmt::print("{}\n", e.describe());
  std::size_t runs = 0, audited = 0;
  std::vector<FailingScenario> failing;
  const auto found = undeclared_readings(*corpus, *library, runs, failing, audited);
  for (const auto& f : failing)
    fmt::print("{}: fails under its own readings ({}: {}); not tried under others: fix it first (rulecheck run)\n",
               f.scenario->file.string(), f.verdict, f.message);
  for (const auto& u : found)
    fmt::print("{}: depends on {} (under \"{}\": {}); name \"{}\": \"{}\" in its interpretations\n",
               u.scenario->file.string(), u.point, u.reading, u.message, u.point, u.default_reading);
  fmt::print("{} scenario(s){}, {} run(s) under other readings: {} undeclared dependenc{}\n", corpus->size(),
             failing.empty() ? "" : fmt::format(" ({} failing under their own readings)", failing.size()), runs,
             found.size(), found.size() == 1 ? "y" : "ies");
  if (interrupted()) {
    fmt::print("interrupted by {}: {} of {} scenario(s) not audited\n", interrupt_name(), corpus->size() - audited,
               corpus->size());
    return 128 + interrupted();  // as a shell reports a command its signal ended
  }
  if (!corpus->bad.empty()) return kBadInput;
  return found.empty() && failing.empty() ? kOk : kFailed;
}

void add_validate_and_readings(CLI::App& app, Context& context) {
  auto validate_paths = std::make_shared<std::vector<std::string>>();
  CLI::App* validate = app.add_subcommand(
      "validate", "Check scenario files: structure, clause ids, interpretations, ruleset, and the state");
  validate->add_option("paths", *validate_paths, "Scenario files or folders; default: the data folder's scenarios/");
  auto reachable = std::make_shared<bool>(false);
  validate->add_flag("--reachable", *reachable,
                     "Also check that each starting board is one play can reach: every invariant of "
                     "rules/<game>/invariants.json it breaks is printed with its JSON pointer and clauses; a "
                     "board that breaks one must be marked \"unreachable\" in its file (docs/formats.md)");
  validate->footer(
      "Exit status: 0 every file is valid (and, with --reachable, every starting board reachable or marked), 2 a "
      "file is not (each problem is printed with its file and JSON pointer), 3 rulecheck could not run.");
  validate->callback([&context, validate_paths, reachable] {
    context.exit_code = validate_command(context, context.scenario_paths(*validate_paths), *reachable);
  });

  auto readings_paths = std::make_shared<std::vector<std::string>>();
  CLI::App* readings = app.add_subcommand(
      "readings",
      "Find scenarios that depend on an interpretation reading they do not name (each is re-run on the "
      "oracle under every other reading)");
  readings->add_option("paths", *readings_paths, "Scenario files or folders; default: the data folder's scenarios/");
  readings->footer(
      "A scenario that fails under its own readings is said as failing and not tried under others.\nExit status: 0 "
      "none found, 1 a scenario depends on a reading it does not name or fails under its own, 2 bad input, 3 the "
      "rules folder cannot be loaded.");
  readings->callback([&context, readings_paths] {
    context.exit_code = readings_command(context, context.scenario_paths(*readings_paths));
  });
}

}  // namespace

void add_check_commands(CLI::App& app, Context& context) { add_validate_and_readings(app, context); }

}  // namespace rulecheck::cli

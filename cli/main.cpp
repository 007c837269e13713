// rulecheck: a thin CLI11 front end over the harness and the reports.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fnmatch.h>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "harness/game.hpp"
#include "harness/rules_data.hpp"
#include "harness/runner.hpp"
#include "harness/scenario.hpp"
#include "oracle/common/rule_violation.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {
namespace {

constexpr const char* kVersion = "0.1.0";

// Exit codes (DESIGN.md "Verdicts and exit codes").
enum Exit { kOk = 0, kFailed = 1, kBadInput = 2, kCannotRun = 3 };

struct Common {
  std::string rules_dir;
  std::filesystem::path rules() const {
    return rules_dir.empty() ? default_project_dir() / "rules" : std::filesystem::path(rules_dir);
  }
};

// --filter: a clause id cited by the scenario, or a glob over scenario ids.
bool selected(const Scenario& s, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (const auto& f : filters) {
    if (std::find(s.cites.begin(), s.cites.end(), f) != s.cites.end()) return true;
    if (fnmatch(f.c_str(), s.id.c_str(), 0) == 0) return true;
  }
  return false;
}

int run_command(const Common& common, const std::vector<std::string>& paths, const std::string& format,
                const std::vector<std::string>& filters) {
  const auto started = std::chrono::steady_clock::now();
  std::unique_ptr<RulesLibrary> library;
  try {
    library = std::make_unique<RulesLibrary>(common.rules());
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: cannot load the rules from {}: {}\n", common.rules().string(), e.what());
    return kCannotRun;
  }

  std::vector<std::filesystem::path> files;
  try {
    files = find_scenario_files(paths);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return kBadInput;
  }

  // Load everything first, so the run knows its size and bad files are reported, not fatal.
  std::vector<Scenario> scenarios;
  std::vector<ScenarioError> bad;
  for (const auto& f : files) {
    try {
      Scenario s = load_scenario(f, *library);
      if (selected(s, filters)) scenarios.push_back(std::move(s));
    } catch (const ScenarioError& e) {
      bad.push_back(e);
    }
  }

  FanOutReporter reporter;
  const bool tty = isatty(fileno(stdout)) != 0;
  if (format == "jsonl") reporter.add(make_jsonl_reporter(std::cout));
  else reporter.add(make_console_reporter(std::cout, tty));

  OracleTarget oracle;
  RunInfo info{kVersion, {oracle.name()}, scenarios.size() + bad.size(), paths};
  reporter.begin(info);
  Summary summary;
  auto record = [&](const CaseResult& r) {
    summary.counts[static_cast<std::size_t>(r.verdict)]++;
    reporter.case_done(r);
  };
  for (const auto& e : bad) {
    record(errored_case(e, oracle.name()));
    summary.bad_input++;
  }
  for (const auto& s : scenarios) record(run_case(s, *library->find(s.game), oracle));
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  reporter.end(summary);

  if (summary.total() == 0) {
    fmt::print(stderr, "rulecheck: no scenario matched{}\n", filters.empty() ? "" : " the filter");
    return kBadInput;
  }
  if (summary.bad_input) return kBadInput;
  if (summary.count(Verdict::fail) || summary.count(Verdict::errored)) return kFailed;
  return kOk;
}

int validate_command(const Common& common, const std::vector<std::string>& paths) {
  std::unique_ptr<RulesLibrary> library;
  try {
    library = std::make_unique<RulesLibrary>(common.rules());
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: cannot load the rules from {}: {}\n", common.rules().string(), e.what());
    return kCannotRun;
  }
  std::vector<std::filesystem::path> files;
  try {
    files = find_scenario_files(paths);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return kBadInput;
  }
  std::size_t bad = 0;
  for (const auto& f : files) {
    try {
      const Scenario s = load_scenario(f, *library);
      check_scenario_state(s, *library);
    } catch (const ScenarioError& e) {
      ++bad;
      fmt::print("{}\n", e.describe());
    }
  }
  fmt::print("{} file(s) checked: {} valid, {} invalid\n", files.size(), files.size() - bad, bad);
  return bad ? kBadInput : kOk;
}

}  // namespace
}  // namespace rulecheck

int main(int argc, char** argv) {
  using namespace rulecheck;
  CLI::App app{
      "rulecheck: a rules-conformance harness and reference oracle for board-game rulebooks.\n"
      "Runs scenario files (JSON) against the reference oracle and reports every disagreement."};
  app.set_version_flag("--version", kVersion);
  app.require_subcommand(1);
  Common common;
  app.add_option("--rules", common.rules_dir,
                 "Folder with rules/<game>/{clauses,ruleset,interpretations}.json "
                 "(default: $RULECHECK_HOME/rules or the source tree's rules/)");

  std::vector<std::string> run_paths, filters;
  std::string format = "console";
  CLI::App* run = app.add_subcommand("run", "Run scenario files or folders against the oracle");
  run->add_option("paths", run_paths, "Scenario files or folders (searched recursively)")->required();
  run->add_option("--format", format, "Output: console (readable) or jsonl (a JSON line per case)")
      ->check(CLI::IsMember({"console", "jsonl"}));
  run->add_option("--filter", filters,
                  "Keep scenarios citing this clause id, or whose id matches this glob "
                  "(e.g. 'messina/consumption/*'); repeatable")
      ->allow_extra_args(false);
  run->footer(
      "Exit status: 0 all passed (or skipped), 1 a case failed or errored, 2 bad input "
      "(an unusable scenario file, no scenario matched, bad usage), 3 rulecheck itself could not run.");

  std::vector<std::string> validate_paths;
  CLI::App* validate = app.add_subcommand(
      "validate", "Check scenario files: structure, clause ids, interpretations, ruleset, and the state");
  validate->add_option("paths", validate_paths, "Scenario files or folders")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  try {
    if (*run) return run_command(common, run_paths, format, filters);
    if (*validate) return validate_command(common, validate_paths);
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: internal error: {}\n", e.what());
    return 3;
  }
  return 2;
}

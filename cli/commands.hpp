// The subcommands of `rulecheck`, each group registered by its own file. A command's callback
// sets `exit_code` (an Exit value); main.cpp only parses and returns it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/number_option.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck::cli {

// Exit codes (DESIGN.md "Verdicts and exit codes"); every command returns one of these.
enum Exit : int { kOk = 0, kFailed = 1, kBadInput = 2, kCannotRun = 3 };

struct Context {
  std::string rules_dir;  // --rules
  std::string program;    // argv[0], for commands a report tells the user to run
  int exit_code = kBadInput;
  // rules/ as given by --rules, else the project's (see harness/rules_data.hpp default_project_dir)
  std::filesystem::path rules() const;
  // The data folder holding rules/ and scenarios/ (harness/data_dir.hpp); throws DataNotFound.
  std::filesystem::path project() const;
  // The scenario paths a command was given, or else the data folder's scenarios/.
  std::vector<std::string> scenario_paths(const std::vector<std::string>& given) const;
  // The rules of every game under rules(); nothing (said on stderr) when they cannot be loaded.
  std::unique_ptr<RulesLibrary> load_rules() const;
};

// The short commands (`report merge`, `rules ...`) catch SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and
// SIGALRM from their first moment (harness/interrupt.hpp), finish their work (seconds: no report is left
// as a .part), and then exit as interrupted: `code` unless a signal came, else 128 + the signal, said on
// stderr.
int finished_or_interrupted(int code);

// The engine options every command that runs engines shares, checked when parsing (a usage error,
// exit 2, rather than a run that errors every case): a per-request time limit of 1 ms to an hour,
// and an engine command that is not blank.
inline constexpr int kLeastTimeoutMs = 1, kMostTimeoutMs = 3'600'000;  // (cli/number_option.hpp: add_number)
inline CLI::Validator engine_command_check() {
  return CLI::Validator(
      [](std::string& command) -> std::string {
        return command.find_first_not_of(" \t\n") == std::string::npos ? "the engine command is empty" : "";
      },
      "COMMAND");
}

// An output folder (--output-dir, --save-dir) that is an empty name is a usage error (exit 2): an unset
// variable in a script (`--output-dir "$OUT"`) would otherwise write nothing and say nothing.
inline CLI::Validator output_folder_check() {
  return CLI::Validator(
      [](std::string& folder) -> std::string {
        return folder.empty() ? "the folder name is empty (an unset variable?): name a folder, or leave the option out"
                              : "";
      },
      "DIR");
}

// `rulecheck run | validate | readings | serve | engine check` (cli/case_commands.cpp).
void add_case_commands(CLI::App& app, Context& context);
// `rulecheck validate | readings` (cli/check_commands.cpp), added by add_case_commands.
void add_check_commands(CLI::App& app, Context& context);

// `rulecheck report merge` (cli/report_command.cpp).
void add_report_command(CLI::App& app, Context& context);

// `rulecheck fuzz` (cli/fuzz_command.cpp).
void add_fuzz_command(CLI::App& app, Context& context);

// `rulecheck prove | ambiguities`: the Z3 layer (cli/solver_commands.cpp).
void add_solver_commands(CLI::App& app, Context& context);

// `rulecheck diff`: what an edit of the rulebook changes (cli/diff_command.cpp).
void add_diff_command(CLI::App& app, Context& context);
// `rulecheck rules ...`: the rulebook editor's tools (cli/rules_commands.cpp).
void add_rules_commands(CLI::App& app, Context& context);

// `rulecheck explain`: the oracle's reasoning for a scenario's steps (cli/explain_command.cpp).
void add_explain_command(CLI::App& app, Context& context);

}  // namespace rulecheck::cli

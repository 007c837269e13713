// The subcommands of `rulecheck`, each group registered by its own file. A command's callback
// sets `exit_code` (an Exit value); main.cpp only parses and returns it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

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
  // The project folder holding rules/ and scenarios/.
  std::filesystem::path project() const;
  // The rules of every game under rules(); nothing (said on stderr) when they cannot be loaded.
  std::unique_ptr<RulesLibrary> load_rules() const;
};

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

// `rulecheck run | validate | readings | serve | engine check` (cli/case_commands.cpp).
void add_case_commands(CLI::App& app, Context& context);

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

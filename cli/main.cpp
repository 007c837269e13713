// rulecheck: a thin CLI11 front end. Each group of subcommands maps its options to harness calls
// in its own file (cli/case_commands.cpp, cli/rules_commands.cpp); this file parses and returns
// the exit code the command set.
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "common/input_error.hpp"
#include "common/output.hpp"
#include "common/text.hpp"
#include "harness/data_dir.hpp"
#include "harness/interrupt.hpp"
#include "harness/rules_data.hpp"
#include "cli/version.hpp"

namespace rulecheck::cli {

namespace {

// Every numeric option of `app` and its subcommands is added with add_number (cli/number_option.hpp),
// which reads it strictly and within its type's range. One added with CLI11's add_option alone would
// take " 5", "+5", "0x10" and "-1" for a count, and clamp 99999999999999999999999 to the largest
// value: such an option is a defect of rulecheck, refused at start-up (every test then fails).
void require_strict_numbers(CLI::App& app) {
  for (CLI::Option* o : app.get_options()) {
    const std::string type = o->get_type_name();
    const bool numeric = type.rfind("UINT", 0) == 0 || type.rfind("INT", 0) == 0 || type.rfind("FLOAT", 0) == 0;
    bool strict = false;
    try {
      strict = o->get_validator(kStrictNumber) != nullptr;
    } catch (const CLI::OptionNotFound&) {
    }
    if (numeric && !strict)
      throw std::logic_error(fmt::format("{} {} is numeric but not added with add_number", app.get_name(), o->get_name()));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) require_strict_numbers(*sub);
}

}  // namespace

std::filesystem::path Context::rules() const {
  return rules_dir.empty() ? default_data_dir() / "rules" : std::filesystem::path(rules_dir);
}

std::filesystem::path Context::project() const {
  return rules_dir.empty() ? default_data_dir() : std::filesystem::path(rules_dir).parent_path();
}

int finished_or_interrupted(int code) {
  if (!interrupted()) return code;
  fmt::print(stderr, "rulecheck: interrupted by {}; the command had finished its work\n", interrupt_name());
  return 128 + interrupted();
}

std::vector<std::string> Context::scenario_paths(const std::vector<std::string>& given) const {
  if (!given.empty()) return given;
  return {(project() / "scenarios").string()};
}

std::unique_ptr<RulesLibrary> Context::load_rules() const {
  try {
    return std::make_unique<RulesLibrary>(rules());
  } catch (const DataNotFound& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return nullptr;
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: cannot load the rules from {}: {}{}\n", rules().string(), e.what(),
               e.pointer().empty() ? "" : " (at " + e.pointer() + ")");
    return nullptr;
  }
}

}  // namespace rulecheck::cli

int main(int argc, char** argv) {
  using namespace rulecheck::cli;
  CLI::App app{
      "rulecheck: a rules-conformance harness and reference oracle for board-game rulebooks.\n"
      "Runs scenario files (JSON) against the reference oracle and engines under test, and reports\n"
      "every disagreement with the first difference as a JSON patch and the rule clauses involved.",
      "rulecheck"};  // the name in every usage line, wherever the binary is (and in the manual page)
  app.set_version_flag("--version", version_line());
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 nothing failed, 1 a case failed or errored (or a check found something), 2 bad input "
      "or usage, 3 rulecheck itself could not run. `rulecheck COMMAND --help` explains each command.");
  // A closed standard output (`| head -1`) or engine pipe is a write that fails with EPIPE, handled as
  // any failed write (exit 3 with the reason, every report in --output-dir finished), never a silent
  // death by SIGPIPE. Engines get the default back (harness/subprocess.cpp).
  std::signal(SIGPIPE, SIG_IGN);
  rulecheck::remember_standard_output_errors();
  Context context;
  context.program = argv[0];
  app.add_option("--rules", context.rules_dir,
                 "Folder with rules/<game>/{clauses,ruleset,interpretations}.json; its parent is then the data "
                 "folder (scenarios/ beside rules/). Without it, the data folder is $RULECHECK_HOME when that is "
                 "set (alone: no other place is tried), else ../share/rulecheck beside the executable (where "
                 "`cmake --install` and the Debian package put it; in a build tree, a link to the source tree). "
                 "None found: exit 3, naming every place looked");
  add_case_commands(app, context);
  add_explain_command(app, context);
  add_fuzz_command(app, context);
  add_report_command(app, context);
  add_rules_commands(app, context);
  add_solver_commands(app, context);
  add_diff_command(app, context);
  require_strict_numbers(app);
  try {
    app.parse(argc, argv);
    // Every command's standard output checked in one place: what a command printed and could not
    // write (a full disk, /dev/full, a closed pipe) makes the run exit 3 with the reason.
    rulecheck::flush_standard_output();
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e) == 0 ? kOk : kBadInput;
    try {
      rulecheck::flush_standard_output();  // --help and --version print too
    } catch (const rulecheck::OutputError& error) {
      fmt::print(stderr, "rulecheck: {}\n", error.what());
      return kCannotRun;
    }
    return code;
  } catch (const rulecheck::OutputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kCannotRun;
  } catch (const rulecheck::DataNotFound& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kCannotRun;
  } catch (const std::system_error& e) {
    // fmt::print(...) to standard output throws when the write fails.
    if (!std::ferror(stdout)) {
      fmt::print(stderr, "rulecheck: internal error: {}\n", rulecheck::printable(e.what(), true));
      return kCannotRun;
    }
    rulecheck::note_standard_output_error(e.code().value());
    try {
      rulecheck::flush_standard_output();
    } catch (const rulecheck::OutputError& error) {
      fmt::print(stderr, "rulecheck: {}\n", error.what());
    }
    return kCannotRun;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: internal error: {}\n", rulecheck::printable(e.what(), true));
    return kCannotRun;
  }
  return context.exit_code;
}

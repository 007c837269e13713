// rulecheck: a thin CLI11 front end over the harness and the reports.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fnmatch.h>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "harness/cross_check.hpp"
#include "harness/engine.hpp"
#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "harness/runner.hpp"
#include "harness/scenario.hpp"
#include "harness/serve.hpp"
#include "cli/commands.hpp"
#include "common/input_error.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {
namespace {

constexpr const char* kVersion = "0.2.0";

// Exit codes (DESIGN.md "Verdicts and exit codes").
enum Exit { kOk = 0, kFailed = 1, kBadInput = 2, kCannotRun = 3 };

struct Common {
  std::string rules_dir;
  std::filesystem::path rules() const {
    return rules_dir.empty() ? default_project_dir() / "rules" : std::filesystem::path(rules_dir);
  }
};

struct RunOptions {
  std::vector<std::string> paths;
  std::string format = "console";
  std::vector<std::string> filters;
  std::vector<std::string> engines;
  std::vector<std::string> rule_maps;
  bool strict = false;
  bool no_oracle = false;
  bool quiet = false;
  int timeout_ms = 10000;
  std::size_t window = 64;
  std::string output_dir;
};

std::unique_ptr<RulesLibrary> load_library(const Common& common) {
  try {
    return std::make_unique<RulesLibrary>(common.rules());
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: cannot load the rules from {}: {}\n", common.rules().string(), e.what());
    return nullptr;
  }
}

// --filter: a clause id cited by the scenario, or a glob over scenario ids.
bool selected(const Scenario& s, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (const auto& f : filters) {
    if (std::find(s.cites.begin(), s.cites.end(), f) != s.cites.end()) return true;
    if (fnmatch(f.c_str(), s.id.c_str(), 0) == 0) return true;
  }
  return false;
}

struct Corpus {
  std::vector<Scenario> scenarios;
  std::vector<ScenarioError> bad;
};

// Loads every file, so the run knows its size and bad files are reported, not fatal.
std::optional<Corpus> load_corpus(const std::vector<std::string>& paths, const RulesLibrary& library,
                                  const std::vector<std::string>& filters) {
  std::vector<std::filesystem::path> files;
  try {
    files = find_scenario_files(paths);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return std::nullopt;
  }
  Corpus corpus;
  std::map<std::string, std::filesystem::path> seen;  // id -> file
  for (const auto& f : files) {
    try {
      Scenario s = load_scenario(f, library);
      if (auto [it, fresh] = seen.emplace(s.id, f); !fresh)
        throw ScenarioError{f, s.id, "/id", fmt::format("the id \"{}\" is already used by {}", s.id, it->second.string())};
      if (selected(s, filters)) corpus.scenarios.push_back(std::move(s));
    } catch (const ScenarioError& e) {
      corpus.bad.push_back(e);
    }
  }
  return corpus;
}

std::map<std::string, std::map<std::string, std::string>> load_rule_maps(const std::vector<std::string>& files) {
  std::map<std::string, std::map<std::string, std::string>> maps;
  for (const auto& f : files) {
    auto [engine, map] = read_rule_map(f);
    maps[engine] = map;
  }
  return maps;
}

std::unique_ptr<std::ofstream> open_report(const std::filesystem::path& dir, const char* name) {
  auto out = std::make_unique<std::ofstream>(dir / name);
  if (!*out) throw std::runtime_error(fmt::format("cannot write {}", (dir / name).string()));
  return out;
}

int run_command(const Common& common, const RunOptions& opt, const std::string& program) {
  const auto started = std::chrono::steady_clock::now();
  auto library = load_library(common);
  if (!library) return kCannotRun;
  auto corpus = load_corpus(opt.paths, *library, opt.filters);
  if (!corpus) return kBadInput;
  std::map<std::string, std::map<std::string, std::string>> rule_maps;
  try {
    rule_maps = load_rule_maps(opt.rule_maps);
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kBadInput;
  }

  // Start the engines first: their hello names the targets.
  struct EngineRun {
    std::string command;
    std::unique_ptr<EngineProcess> process;
    std::string name;
    std::string start_error;
  };
  std::vector<EngineRun> engines;
  for (const auto& cmd : opt.engines) {
    EngineRun e{cmd, std::make_unique<EngineProcess>(EngineOptions{cmd, std::chrono::milliseconds(opt.timeout_ms), opt.window}), cmd, ""};
    try {
      const EngineHello& hello = e.process->start();
      e.name = hello.name;
      for (const auto& line : hello.banner)
        fmt::print(stderr, "rulecheck: note: '{}' printed a line before answering hello (ignored): {}\n", cmd, line);
    } catch (const std::exception& ex) {
      e.start_error = ex.what();
    }
    engines.push_back(std::move(e));
  }

  FanOutReporter reporter;
  const bool tty = isatty(fileno(stdout)) != 0;
  if (opt.format == "jsonl") reporter.add(make_jsonl_reporter(std::cout));
  else reporter.add(make_console_reporter(std::cout, tty, opt.quiet));
  std::vector<std::unique_ptr<std::ofstream>> report_files;
  if (!opt.output_dir.empty()) {
    try {
      std::filesystem::create_directories(opt.output_dir);
      // Every format at once: the JSON lines stream as results come; the others are written at the end.
      report_files.push_back(open_report(opt.output_dir, "results.jsonl"));
      reporter.add(make_jsonl_reporter(*report_files.back()));
      report_files.push_back(open_report(opt.output_dir, "junit.xml"));
      reporter.add(make_junit_reporter(*report_files.back()));
      report_files.push_back(open_report(opt.output_dir, "summary.md"));
      reporter.add(make_markdown_reporter(*report_files.back()));
      report_files.push_back(open_report(opt.output_dir, "report.html"));
      reporter.add(make_html_reporter(*report_files.back()));
    } catch (const std::exception& e) {
      fmt::print(stderr, "rulecheck: --output-dir: {}\n", e.what());
      return kCannotRun;
    }
  }

  RunInfo info;
  info.version = kVersion;
  info.paths = opt.paths;
  for (const auto& [game, rules] : library->games())
    for (const auto& [id, clause] : rules.clauses) info.clause_paraphrases[id] = clause.paraphrase;
  if (!opt.no_oracle) info.targets.push_back("oracle");
  for (const auto& e : engines) info.targets.push_back(e.name);
  const std::size_t per_target = corpus->scenarios.size() + corpus->bad.size();
  info.cases = per_target * info.targets.size();
  reporter.begin(info);

  Summary summary;
  auto record = [&](const CaseResult& r) {
    summary.add(r);
    reporter.case_done(r);
  };
  for (const auto& target : info.targets)
    for (const auto& e : corpus->bad) {
      record(errored_case(e, target));
      summary.bad_input++;
    }
  if (!opt.no_oracle) {
    OracleTarget oracle;
    for (const auto& s : corpus->scenarios) record(run_case(s, *library->find(s.game), oracle));
  }
  for (auto& e : engines) {
    if (!e.start_error.empty()) {
      for (const auto& s : corpus->scenarios) {
        CaseResult r;
        r.id = s.id;
        r.file = s.file.string();
        r.game = s.game;
        r.title = s.title;
        r.target = e.name;
        r.cites = s.cites;
        r.verdict = Verdict::errored;
        r.message = e.start_error;
        record(r);
      }
      continue;
    }
    CrossCheckOptions options;
    options.strict = opt.strict;
    options.engine_command = e.command;
    options.reproduce_prefix = program + " run";
    if (auto it = rule_maps.find(e.name); it != rule_maps.end()) options.rule_map = it->second;
    cross_check(corpus->scenarios, *library, *e.process, options, record);
    e.process->stop();
    if (e.process->restarts())
      fmt::print(stderr, "rulecheck: note: '{}' was restarted {} time(s) after faults\n", e.command, e.process->restarts());
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  reporter.end(summary);

  if (summary.total() == 0) {
    fmt::print(stderr, "rulecheck: no scenario matched{}\n", opt.filters.empty() ? "" : " the filter");
    return kBadInput;
  }
  if (summary.bad_input) return kBadInput;
  if (summary.count(Verdict::fail) || summary.count(Verdict::errored)) return kFailed;
  return kOk;
}

int validate_command(const Common& common, const std::vector<std::string>& paths) {
  auto library = load_library(common);
  if (!library) return kCannotRun;
  std::vector<std::filesystem::path> files;
  try {
    files = find_scenario_files(paths);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.describe());
    return kBadInput;
  }
  std::size_t bad = 0;
  OracleTarget oracle;
  for (const auto& f : files) {
    try {
      const Scenario s = load_scenario(f, *library);
      check_scenario_state(s, *library);
      // Every action and query must parse too: the oracle reads them (its verdict is not judged here).
      const CaseResult r = run_case(s, *library->find(s.game), oracle);
      if (r.verdict == Verdict::errored) throw ScenarioError{f, s.id, "", r.message};
    } catch (const ScenarioError& e) {
      ++bad;
      fmt::print("{}\n", e.describe());
    }
  }
  fmt::print("{} file(s) checked: {} valid, {} invalid\n", files.size(), files.size() - bad, bad);
  return bad ? kBadInput : kOk;
}

// `rulecheck readings PATH...`: which scenarios depend on a reading they do not name? For every
// scenario and every interpretation point it leaves to the default, the scenario is run on the
// oracle under each other reading; a verdict that changes means the expectation holds only under
// the default, so the scenario should name it (docs/formats.md).
int readings_command(const Common& common, const std::vector<std::string>& paths) {
  auto library = load_library(common);
  if (!library) return kCannotRun;
  auto corpus = load_corpus(paths, *library, {});
  if (!corpus) return kBadInput;
  for (const auto& e : corpus->bad) fmt::print("{}\n", e.describe());
  OracleTarget oracle;
  std::size_t undeclared = 0, runs = 0;
  for (const auto& s : corpus->scenarios) {
    const GameRules& rules = *library->find(s.game);
    for (const auto& point : rules.points) {
      if (s.interpretations.contains(point.id)) continue;
      for (const auto& reading : point.readings) {
        if (reading == point.default_reading) continue;
        Scenario variant = s;
        variant.interpretations[point.id] = reading;
        ++runs;
        const CaseResult r = run_case(variant, rules, oracle);
        if (r.verdict == Verdict::pass) continue;
        ++undeclared;
        fmt::print("{}: depends on {} (under \"{}\": {}); name \"{}\": \"{}\" in its interpretations\n",
                   s.file.string(), point.id, reading, r.message, point.id, point.default_reading);
      }
    }
  }
  fmt::print("{} scenario(s), {} run(s) under other readings: {} undeclared dependenc{}\n", corpus->scenarios.size(),
             runs, undeclared, undeclared == 1 ? "y" : "ies");
  if (!corpus->bad.empty()) return kBadInput;
  return undeclared ? kFailed : kOk;
}

int serve_command(const Common& common) {
  auto library = load_library(common);
  if (!library) return kCannotRun;
  std::ios::sync_with_stdio(false);
  return serve(std::cin, std::cout, *library, kVersion);
}

// `rulecheck engine check CMD`: does the engine speak the protocol?
int engine_check_command(const Common& common, const std::string& command, const std::vector<std::string>& paths,
                         int timeout_ms) {
  auto library = load_library(common);
  if (!library) return kCannotRun;
  std::vector<std::string> problems;
  EngineProcess engine(EngineOptions{command, std::chrono::milliseconds(timeout_ms), 64});
  try {
    const EngineHello& hello = engine.start();
    fmt::print("hello: name \"{}\", version \"{}\", games [{}]\n", hello.name, hello.version,
               fmt::join(hello.games, ", "));
    for (const auto& line : hello.banner) problems.push_back(fmt::format("a non-JSON line before the hello answer: {}", line));
    if (hello.version.empty()) problems.push_back("hello: no \"version\" string");
    if (hello.games.empty()) problems.push_back("hello: \"games\" lists no game");
    for (const auto& g : hello.games)
      if (!find_game(g)) problems.push_back(fmt::format("hello: rulecheck knows no game \"{}\"", g));
    for (const auto& [point, reading] : hello.interpretations.items()) {
      const InterpretationPoint* p = nullptr;
      for (const Game* g : all_games())
        if (const GameRules* r = library->find(g->name()); r && (p = r->point(point))) break;
      if (!p) {
        problems.push_back(fmt::format("hello: unknown interpretation point \"{}\"", point));
        continue;
      }
      const json offered = reading.is_array() ? reading : json::array({reading});
      if (offered.empty()) problems.push_back(fmt::format("hello: {} lists no reading", point));
      for (const auto& r : offered)
        if (!r.is_string() || std::find(p->readings.begin(), p->readings.end(), r.get<std::string>()) == p->readings.end())
          problems.push_back(fmt::format("hello: {} is not a reading of {}", r.dump(), point));
    }
  } catch (const std::exception& e) {
    fmt::print("the engine did not start: {}\n", e.what());
    return kFailed;
  }
  auto corpus = load_corpus(paths, *library, {});
  if (!corpus) return kBadInput;
  std::size_t answered = 0, protocol_faults = 0;
  CrossCheckOptions options;
  options.engine_command = command;
  options.reproduce_prefix = "rulecheck run";
  options.strict_protocol = true;  // every answer checked against protocol/schema/answer.schema.json
  cross_check(corpus->scenarios, *library, engine, options, [&](const CaseResult& r) {
    ++answered;
    if (r.verdict == Verdict::errored) {
      ++protocol_faults;
      if (protocol_faults <= 20) problems.push_back(fmt::format("{}: {}", r.id, r.message));
    }
  });
  engine.stop();
  fmt::print("{} scenario(s) sent; {} answered within the protocol, {} errored (a fault, an answer breaking "
             "protocol/schema/answer.schema.json, or an \"error\" answer to a valid request)\n",
             answered, answered - protocol_faults, protocol_faults);
  for (const auto& p : problems) fmt::print("  problem: {}\n", p);
  if (problems.empty()) fmt::print("the engine speaks protocol version 1\n");
  return problems.empty() ? kOk : kFailed;
}

}  // namespace

namespace cli {
std::filesystem::path Context::rules() const {
  return rules_dir.empty() ? default_project_dir() / "rules" : std::filesystem::path(rules_dir);
}
std::filesystem::path Context::project() const {
  return rules_dir.empty() ? default_project_dir() : std::filesystem::path(rules_dir).parent_path();
}
}  // namespace cli
}  // namespace rulecheck

int main(int argc, char** argv) {
  using namespace rulecheck;
  CLI::App app{
      "rulecheck: a rules-conformance harness and reference oracle for board-game rulebooks.\n"
      "Runs scenario files (JSON) against the reference oracle and engines under test, and reports\n"
      "every disagreement with the first difference as a JSON patch and the rule clauses involved."};
  app.set_version_flag("--version", kVersion);
  app.require_subcommand(1);
  cli::Context context;
  context.program = argv[0];
  Common common;
  app.add_option("--rules", context.rules_dir,
                 "Folder with rules/<game>/{clauses,ruleset,interpretations}.json "
                 "(default: $RULECHECK_HOME/rules or the source tree's rules/)");

  RunOptions run_opt;
  CLI::App* run = app.add_subcommand("run", "Run scenario files or folders against the oracle and engines");
  run->add_option("paths", run_opt.paths, "Scenario files or folders (searched recursively)")->required();
  run->add_option("--format", run_opt.format, "Standard output: console (readable) or jsonl (a JSON line per case)")
      ->check(CLI::IsMember({"console", "jsonl"}));
  run->add_option("--filter", run_opt.filters,
                  "Keep scenarios citing this clause id, or whose id matches this glob "
                  "(e.g. 'messina/consumption/*'); repeatable")
      ->allow_extra_args(false);
  run->add_option("--engine", run_opt.engines,
                  "An engine under test: a shell command speaking protocol 1 on stdin/stdout "
                  "(see docs/engine-protocol.md); repeatable, engines run side by side")
      ->allow_extra_args(false);
  run->add_flag("--strict", run_opt.strict, "Also compare the clause id of illegal answers (default: legality only)");
  run->add_option("--rule-map", run_opt.rule_maps,
                  "A JSON file {\"engine\": NAME, \"rules\": {ENGINE_CODE: CLAUSE_ID}} for an engine whose rule "
                  "codes differ from the clause ids; repeatable")
      ->allow_extra_args(false);
  run->add_option("--timeout", run_opt.timeout_ms, "Per-request time limit for engines, in milliseconds")
      ->capture_default_str();
  run->add_option("--window", run_opt.window, "Requests an engine may have outstanding (pipelining)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  run->add_flag("--quiet,-q", run_opt.quiet, "Console: only the summary, no details of each failure");
  run->add_flag("--no-oracle", run_opt.no_oracle, "Do not report the oracle's own results (engines only)");
  run->add_option("--output-dir", run_opt.output_dir, "Also write every report into this folder: results.jsonl (streamed), junit.xml, summary.md (for a CI "
                 "step summary), report.html (the targets x clauses matrix)");
  run->footer(
      "Exit status: 0 all passed (or skipped), 1 a case failed or errored, 2 bad input "
      "(an unusable scenario file, no scenario matched, bad usage), 3 rulecheck itself could not run.");

  std::vector<std::string> validate_paths;
  CLI::App* validate = app.add_subcommand(
      "validate", "Check scenario files: structure, clause ids, interpretations, ruleset, and the state");
  validate->add_option("paths", validate_paths, "Scenario files or folders")->required();

  std::vector<std::string> readings_paths;
  CLI::App* readings_cmd = app.add_subcommand(
      "readings",
      "Find scenarios that depend on an interpretation reading they do not name (each is re-run on the "
      "oracle under every other reading)");
  readings_cmd->add_option("paths", readings_paths, "Scenario files or folders")->required();

  CLI::App* serve_cmd = app.add_subcommand(
      "serve", "Answer engine-protocol requests on stdin/stdout with the oracle (an engine for any language)");

  CLI::App* engine_cmd = app.add_subcommand("engine", "Tools for engine authors");
  engine_cmd->require_subcommand(1);
  std::string check_command;
  std::vector<std::string> check_paths;
  int check_timeout = 10000;
  cli::add_rules_commands(app, context);

  CLI::App* check = engine_cmd->add_subcommand(
      "check", "Check that an engine speaks the protocol: its hello, and an answer to every scenario step");
  check->add_option("command", check_command, "The engine's shell command")->required();
  check->add_option("--scenarios", check_paths, "Scenarios to send (default: the project's scenarios/)");
  check->add_option("--timeout", check_timeout, "Per-request time limit in milliseconds")->capture_default_str();

  try {
    common.rules_dir = context.rules_dir;  // read by the commands below; the rules commands use context
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: internal error: {}\n", e.what());
    return 3;
  }
  common.rules_dir = context.rules_dir;
  try {
    if (*run) return run_command(common, run_opt, argv[0]);
    if (*validate) return validate_command(common, validate_paths);
    if (*serve_cmd) return serve_command(common);
    if (*readings_cmd) return readings_command(common, readings_paths);
    if (*check) {
      if (check_paths.empty()) check_paths.push_back((default_project_dir() / "scenarios").string());
      return engine_check_command(common, check_command, check_paths, check_timeout);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: internal error: {}\n", e.what());
    return 3;
  }
  return context.exit_code;
}

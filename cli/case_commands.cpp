// `rulecheck run | serve | engine check`: options mapped to harness calls (validate and readings:
// cli/check_commands.cpp).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/corpus_loading.hpp"
#include "cli/report_files.hpp"
#include "common/input_error.hpp"
#include "common/output.hpp"
#include "common/text.hpp"
#include "harness/audits.hpp"
#include "harness/corpus.hpp"
#include "harness/cross_check.hpp"
#include "harness/interrupt.hpp"
#include "harness/known.hpp"
#include "harness/run.hpp"
#include "harness/serve.hpp"
#include "reports/reporter.hpp"

namespace rulecheck::cli {

namespace {

// ---------------------------------------------------------------- run

struct RunOptions {
  std::vector<std::string> paths;
  std::string format = "console";
  std::vector<std::string> filters;
  std::vector<std::string> engines;
  std::vector<std::string> rule_maps;
  bool strict = false;
  bool no_oracle = false;
  bool quiet = false;
  std::string shard;  // "K/N"; else GoogleTest's GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX
  int timeout_ms = 10000;
  std::size_t window = 64;
  std::size_t jobs = 1;
  std::string output_dir;
  unsigned solver_rlimit = 5'000'000;
  bool with_solver = false;      // N-version mode: the solver checks every step's oracle outcome
  std::size_t maxfail = 0;       // stop after this many failed or errored cases (0: never)
  bool exitfirst = false;        // -x: --maxfail 1
  std::size_t max_timeouts = 5;  // give up on an engine after this many timeouts in a row (0: never)
  bool list = false;             // list the cases selected, run nothing
  bool skip_unreachable = false;  // skip the scenarios marked "unreachable", on every target
  std::string rulesets = "game";  // --rulesets: skip scenarios whose ruleset the game does not produce, or run any
  std::string known_file;        // --known: the engines' known deviations
  bool require_known = false;    // --require-known: every entry must match some case (else stale, exit 1)
};

// What an engine's hello says about it, for its coverage line.
EngineInfo engine_info(const EngineHello& hello, const std::string& command) {
  EngineInfo info;
  info.name = hello.name;
  info.version = hello.version;
  info.command = command;
  info.games = hello.games;
  info.declarations = declaration_notes(hello.declared);
  if (hello.interpretations.is_object())
    for (const auto& [point, reading] : hello.interpretations.items()) {
      std::vector<std::string> readings;
      for (const auto& r : reading.is_array() ? reading : json::array({reading}))
        readings.push_back(r.is_string() ? r.get<std::string>() : r.dump());
      info.readings[point] = fmt::format("{}", fmt::join(readings, ", "));
    }
  return info;
}

// --list: the cases the paths, the filters and the shard select, one per line (or a JSON line each).
int list_cases(const Corpus& corpus, const std::string& format) {
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    std::shared_ptr<const Scenario> loaded;
    try {
      loaded = corpus.get(i);
    } catch (const ScenarioError& e) {
      fmt::print(stderr, "rulecheck: {}\n", e.describe());
      continue;
    }
    const Scenario& s = *loaded;
    if (format == "jsonl") {
      json line{{"type", "case"}, {"id", s.id},       {"file", s.file.string()}, {"game", s.game},
                {"title", s.title}, {"cites", s.cites}, {"steps", s.steps.size()}};
      if (!s.unreachable.empty()) line["unreachable"] = s.unreachable;
      fmt::print("{}\n", line.dump(-1, ' ', false, json::error_handler_t::replace));
    } else {
      fmt::print("{}  {}{}\n", s.id.empty() ? s.file.string() : s.id, s.title,
                 s.unreachable.empty() ? "" : fmt::format("  [unreachable: {}]", s.unreachable));
    }
  }
  for (const auto& bad : corpus.bad) fmt::print(stderr, "rulecheck: {}\n", bad.describe());
  if (format != "jsonl") fmt::print(stderr, "{} case(s) selected\n", corpus.size());
  return corpus.bad.empty() ? kOk : kBadInput;
}

// FNV-1a, 64 bits, as hex: a fingerprint of text that is the same on every machine.
std::string fingerprint(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

// The settings of a run that change its verdicts, for the results header: the parts of one run
// (report merge) must agree on each. The rules by their content (each game's default numbers and
// readings), not by the folder's path.
std::map<std::string, std::string> verdict_settings(const RunOptions& opt, const RulesLibrary& library) {
  std::string rules;
  for (const auto& [game, g] : library.games())
    rules += game + ":" + g.merged_ruleset(json::object()).dump() + g.readings(json::object()).dump() + ";";
  return {{"strict", opt.strict ? "true" : "false"},
          {"oracle", opt.no_oracle ? "false" : "true"},
          {"solver_rlimit", std::to_string(opt.solver_rlimit)},
          {"with_solver", opt.with_solver ? "true" : "false"},
          {"skip_unreachable", opt.skip_unreachable ? "true" : "false"},
          {"rulesets", opt.rulesets},
          {"filters", json(opt.filters).dump()},
          {"rule_maps", json(opt.rule_maps).dump()},
          {"known", opt.known_file},
          {"timeout_ms", std::to_string(opt.timeout_ms)},
          {"rules", fingerprint(rules)}};
}

int run_command(const Context& context, const RunOptions& opt) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ... from the start (loading the scenarios, engines starting
                       // included): stop, stop the engines, and finish every report
  const auto started = std::chrono::steady_clock::now();
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  Shard shard;
  try {
    shard = chosen_shard(opt.shard);
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kBadInput;
  }
  auto corpus = corpus_or_say_why(opt.paths, *library, opt.filters, shard);
  if (!corpus) return kBadInput;
  say_unread(*corpus);
  if (opt.list) return interrupted() ? 128 + interrupted() : list_cases(*corpus, opt.format);
  if (opt.with_solver && (opt.no_oracle || opt.solver_rlimit == 0)) {
    fmt::print(stderr, "rulecheck: --with-solver checks the oracle's outcomes within --solver-rlimit Z3 steps: it "
                       "cannot be combined with --no-oracle or --solver-rlimit 0\n");
    return kBadInput;
  }
  RunSettings settings;
  settings.oracle = !opt.no_oracle;
  settings.strict = opt.strict;
  settings.solver_rlimit = opt.solver_rlimit;
  settings.with_solver = opt.with_solver;
  settings.skip_unreachable = opt.skip_unreachable;
  settings.only_the_games_rulesets = opt.rulesets != "any";
  settings.reproduce_prefix = context.program + " run";
  settings.explain_prefix = context.program + " explain";
  KnownDeviations known;
  try {
    settings.rule_maps = load_rule_maps(opt.rule_maps);
    if (!opt.known_file.empty()) {
      known = KnownDeviations::read(opt.known_file);
      settings.known = &known;
    }
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kBadInput;
  }
  EngineOptions engine_options;
  engine_options.timeout = std::chrono::milliseconds(opt.timeout_ms);
  engine_options.window = opt.window;
  engine_options.window_bytes = kMaxWindowBytes / opt.jobs;  // the instances of an engine run side by side
  engine_options.max_timeouts = opt.max_timeouts;
  auto engines = start_engines(opt.engines, engine_options, opt.jobs);  // their hello names the targets
  for (auto& e : engines)  // a declaration naming what the games do not have breaks the hello too
    if (e.start_error.empty())
      if (const auto problems = declaration_problems(e.process->hello().declared, e.process->hello().games, *library);
          !problems.empty()) {
        e.start_error = fmt::format("the engine '{}' answered {}", e.command, problems.front());
        e.bad_hello = true;
      }
  // A hello that breaks the protocol: one error for the engine, before any case (none could run on it); exit 1.
  if (std::any_of(engines.begin(), engines.end(), [](const auto& e) { return e.bad_hello; })) {
    for (const auto& e : engines)
      if (e.bad_hello) fmt::print(stderr, "rulecheck: {}\n", printable(e.start_error, true));
    fmt::print(stderr, "rulecheck: no case was run\n");
    return kFailed;  // the engines are stopped as `engines` goes
  }
  for (const auto& note : unused_rule_maps(settings, engines))
    fmt::print(stderr, "rulecheck: note: {}\n", printable(note, true));

  FanOutReporter reporter;
  std::vector<ReportFile> report_files;
  if (const int code = add_reporters(reporter, opt.format, opt.quiet, opt.output_dir, report_files); code != kOk)
    return code;

  RunInfo info;
  info.version = RULECHECK_VERSION;
  info.paths = opt.paths;
  info.corpus = corpus->files_found;
  if (!shard.whole()) info.shard = shard.name();
  for (const auto& [game, rules] : library->games())
    for (const auto& [id, clause] : rules.clauses) info.clause_paraphrases[id] = clause.paraphrase;
  info.targets = target_names(settings, engines);
  for (const auto& e : engines)
    if (e.start_error.empty()) info.engines.push_back(engine_info(e.process->hello(), e.command));
  info.cases = (corpus->size() + corpus->bad.size()) * info.targets.size();
  info.settings = verdict_settings(opt, *library);
  reporter.begin(info);

  Summary summary;
  summary.with_solver = opt.with_solver;
  const std::size_t maxfail = opt.exitfirst ? 1 : opt.maxfail;
  std::size_t problems = 0;
  run_targets(*corpus, *library, engines, settings, [&](const CaseResult& r) {
    summary.add(r);
    if (settings.known) known.tally(r, true);  // a corpus run: it covers the scenario entries whose cases it ran
    reporter.case_done(r);
    // Output that cannot be written stops the run (exit 3, main.cpp), rather than running on blind.
    if (const std::string problem = write_problem(report_files); !problem.empty()) request_stop(problem);
    if (maxfail && is_problem(r.verdict) && ++problems == maxfail)
      request_stop(fmt::format("stopped after {} failed or errored case(s) (--maxfail {})", problems, maxfail));
  });
  if (!interrupted()) summary.stopped = stop_reason();
  // Each known deviation's count; stale only where the run covers it (docs/known-deviations.md).
  if (settings.known) {
    const bool complete = !interrupted() && summary.stopped.empty();
    summary.known_entries = known.tallies(opt.require_known, complete);
    summary.stale_known = known.stale(opt.require_known, complete);
  }
  summary.bad_input = corpus->bad.size() * info.targets.size();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.interrupted = interrupt_name();
  reporter.end(summary);
  const bool reports_written = finish_reports(report_files);
  for (const auto& e : engines)
    for (const auto& note : e.notes) fmt::print(stderr, "rulecheck: note: {}\n", printable(note, true));

  if (interrupted()) return 128 + interrupted();  // as a shell reports a command its signal ended
  if (summary.total() == 0 && shard.whole()) {  // a shard past the last file may hold nothing
    fmt::print(stderr, "rulecheck: no scenario matched{}\n", opt.filters.empty() ? "" : " the filter");
    return kBadInput;
  }
  if (!reports_written) return kCannotRun;
  if (summary.bad_input) return kBadInput;
  if (summary.problems()) return kFailed;
  if (opt.require_known && !summary.stale_known.empty()) return kFailed;  // what the user required is not there
  return kOk;
}

void add_run(CLI::App& app, Context& context) {
  auto opt = std::make_shared<RunOptions>();
  CLI::App* run = app.add_subcommand("run", "Run scenario files or folders against the oracle and engines");
  run->add_option("paths", opt->paths,
                  "Scenario files or folders (searched recursively); default: the data folder's scenarios/ "
                  "(the installed corpus: see --rules in `rulecheck --help`)");
  run->add_option("--format", opt->format, "Standard output: console (readable) or jsonl (a JSON line per case)")
      ->check(CLI::IsMember({"console", "jsonl"}));
  run->add_option("--filter", opt->filters,
                  "Keep scenarios citing this clause id, or whose id matches this glob "
                  "(e.g. 'messina/consumption/*'); repeatable")
      ->allow_extra_args(false);
  run->add_option("--engine", opt->engines,
                  "An engine under test: a shell command speaking protocol 1 on stdin/stdout "
                  "(see docs/engine-protocol.md); repeatable, engines run side by side")
      ->allow_extra_args(false)
      ->check(engine_command_check());
  run->add_flag("--strict", opt->strict, "Also compare the clause id of illegal answers (default: legality only)");
  run->add_option("--rule-map", opt->rule_maps,
                  "A JSON file {\"engine\": NAME, \"rules\": {ENGINE_CODE: CLAUSE_ID}} for an engine whose rule "
                  "codes differ from the clause ids; repeatable")
      ->allow_extra_args(false);
  add_number(*run, "--timeout", opt->timeout_ms,
             "Per-request time limit for engines, in milliseconds (hello, while an engine starts, gets at least "
             "10 s)",
             kLeastTimeoutMs, kMostTimeoutMs)
      ->capture_default_str();
  add_number(*run, "--jobs,-j", opt->jobs,
             "Instances of each engine run side by side, taking the cases in turn (results come in the same "
             "order as with one)",
             std::size_t{1}, std::size_t{64})
      ->capture_default_str();
  add_number(*run, "--window", opt->window, "Requests an engine may have outstanding (pipelining)", std::size_t{1},
             std::size_t{100000})
      ->capture_default_str();
  add_number(*run, "--solver-rlimit", opt->solver_rlimit,
                  "When an engine's outcome differs from the scenario or the oracle, ask the Z3 solver whether the "
                  "rules allow it (an alternative nobody listed) or which clauses it breaks, within this many Z3 "
                  "steps (0: do not ask); also the budget of each step's check under --with-solver")
      ->capture_default_str();
  run->add_flag("--with-solver", opt->with_solver,
                "N-version mode: the Z3 encoding of the rules (solver/, written apart from the oracle) also checks "
                "the oracle's outcome at every step of every case, not only where an engine differs. A step whose "
                "outcome the solver forbids makes the case disputed (a bug in rulecheck, exit 1), naming the "
                "clauses it breaks; the summary counts the steps checked, allowed, disputed, unknown (out of "
                "--solver-rlimit) and not encoded, so that a step not checked is never taken for agreement. Not "
                "with --no-oracle");
  run->add_option("--shard", opt->shard,
                  "Run only the K-th of N parts (K/N, from 1/N): every N-th scenario file in sorted order. Without "
                  "it, GoogleTest's GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX (from 0) are honoured. Join the parts' "
                  "results.jsonl with `rulecheck report merge`");
  add_number(*run, "--maxfail", opt->maxfail,
                  "Stop after this many failed or errored cases (0: never); the cases not run are reported skipped")
      ->capture_default_str();
  run->add_flag("-x,--exitfirst", opt->exitfirst, "Stop at the first failed or errored case (--maxfail 1)");
  add_number(*run, "--max-timeouts", opt->max_timeouts,
                  "Give up on an engine after this many requests in a row got no answer within --timeout (0: never); "
                  "its cases not run are reported skipped")
      ->capture_default_str();
  CLI::Option* known_option = run->add_option("--known", opt->known_file,
                  "A known-deviations file (docs/known-deviations.md): failures matching an entry (a failure's "
                  "signature, or a scenario id or glob) are reported known, not failed. Each entry is reported with "
                  "its match count: matched, not reached, or stale (no case matched it though the engine answered "
                  "its scenarios; a signature entry only under --require-known)");
  run->add_flag("--require-known", opt->require_known,
                "With --known: this run should show every entry, so an entry that matched no case is stale (for "
                "signature entries too) and makes the run exit 1 (a run stopped early or interrupted calls none "
                "stale)")
      ->needs(known_option);
  run->add_flag("--list", opt->list,
                "List the cases the paths, --filter and --shard select (id and title, and the mark of a scenario "
                "whose starting board play cannot reach; a JSON line each with --format jsonl) and run nothing");
  run->add_flag("--skip-unreachable", opt->skip_unreachable,
                "Skip the scenarios marked \"unreachable\" (a starting board no game can reach) on every target, "
                "the oracle too: each is reported skipped with the reason \"the starting board is one play cannot "
                "reach: <the scenario's text>\", and the summary counts them under one reason");
  run->add_option("--rulesets", opt->rulesets,
                  "game: skip, on every target, the oracle too, each scenario whose ruleset is not one a game can "
                  "have (rules/<game>/ruleset.doc.json, \"produced\": Scythe's move ranges 1/1/1 and 2/2/1 with "
                  "Speed, 2 or 3 units per Move, every other key at its default), reported skipped with the reason "
                  "\"ruleset not one the game produces (run with --rulesets any)\" and the values it sets; any: run "
                  "them all, a rulebook editor's what-ifs included (docs/rulesets.md, \"The game's rulesets\")")
      ->check(CLI::IsMember({"game", "any"}))
      ->capture_default_str();
  run->add_flag("--quiet,-q", opt->quiet, "Console: only the summary, no details of each failure");
  run->add_flag("--no-oracle", opt->no_oracle, "Do not report the oracle's own results (engines only)");
  run->add_option("--output-dir", opt->output_dir,
                  "Also write every report into this folder: results.jsonl (streamed), junit.xml, summary.md (for a CI "
                  "step summary), report.html (the targets x clauses matrix)")
      ->check(output_folder_check());
  run->footer(
      "Engine authors: docs/engine-protocol.md is the protocol; examples/engines/ has a faithful engine to start "
      "from.\n"
      "Exit status: 0 all passed (or skipped, or a known deviation), 1 a case failed, errored or was disputed (or, "
      "under --require-known, a known entry is stale), 2 bad input "
      "(an unusable scenario file, no scenario matched, bad usage), 3 rulecheck itself could not run (a write "
      "failed: a full disk, a closed standard output), 128 + the signal when interrupted: 130 SIGINT, 143 SIGTERM, "
      "129 SIGHUP, 131 SIGQUIT, 138 SIGUSR1, 142 SIGALRM (the engines are stopped and every report is finished; "
      "the cases not judged by then are skipped). Reports are written as NAME.part and renamed when whole; a "
      "report that cannot be finished has its .part removed.");
  run->callback([&context, opt] {
    opt->paths = context.scenario_paths(opt->paths);
    context.exit_code = run_command(context, *opt);
  });
}

// ---------------------------------------------------------------- serve, engine check

int serve_command(const Context& context) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the session ends between requests, every answer written
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  std::ios::sync_with_stdio(false);
  const int code = serve(std::cin, std::cout, *library, RULECHECK_VERSION, /*wait_fd=*/0);
  if (interrupted()) fmt::print(stderr, "rulecheck serve: interrupted by {}: the session ends\n", interrupt_name());
  return code;
}

struct EngineCheckOptions {
  std::string command;
  std::vector<std::string> paths;
  int timeout_ms = 10000;
};

// Does the engine speak the protocol? Its hello, and a well-formed answer to every scenario step.
int engine_check_command(const Context& context, const EngineCheckOptions& opt) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the engine is stopped (at any phase), what was checked is said
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  EngineOptions engine_options;
  engine_options.command = opt.command;
  engine_options.timeout = std::chrono::milliseconds(opt.timeout_ms);
  EngineProcess engine(engine_options);
  std::vector<std::string> problems;
  try {
    const EngineHello& hello = engine.start();
    fmt::print("hello: name \"{}\", version \"{}\", games [{}]\n", printable(hello.name), printable(hello.version),
               printable(fmt::format("{}", fmt::join(hello.games, ", "))));
    problems = hello_problems(hello, *library);
    for (const auto& line : hello.banner)  // the protocol allows them; said, not counted against the engine
      fmt::print("  note: a line before the hello answer (ignored, as the protocol allows): {}\n", printable(line));
  } catch (const HelloError& e) {  // one clear problem, naming the field; no case is sent
    fmt::print("  problem: hello: {}\nthe engine does not speak protocol version 1\n", printable(e.what(), true));
    return kFailed;
  } catch (const std::exception& e) {
    fmt::print("the engine did not start: {}\n", printable(e.what(), true));
    if (interrupted()) return 128 + interrupted();
    return kFailed;
  }
  const std::vector<std::string> paths = context.scenario_paths(opt.paths);
  auto corpus = corpus_or_say_why(paths, *library);
  if (!corpus) return kBadInput;
  say_unread(*corpus);
  std::size_t sent = 0, protocol_faults = 0;
  Summary summary;
  CrossCheckOptions options;
  options.engine_command = opt.command;
  options.reproduce_prefix = context.program + " run";
  options.strict_protocol = true;  // every answer checked against protocol/schema/answer.schema.json
  cross_check(*corpus, *library, engine, options, [&](const CaseResult& r) {
    ++sent;
    summary.add(r);
    if (r.verdict == Verdict::errored) {
      ++protocol_faults;
      if (protocol_faults <= 20) problems.push_back(fmt::format("{}: {}", r.id, r.message));
    }
  });
  engine.stop();
  const std::size_t skipped = summary.count(Verdict::skipped);
  fmt::print(
      "{} scenario(s) sent; {} answered within the protocol: {} with an outcome, {} skipped (\"unsupported\", a game "
      "it does not play, a reading it lacks); {} errored (a fault, an answer breaking "
      "protocol/schema/answer.schema.json, or an \"error\" answer to a valid request)\n",
      sent, sent - protocol_faults, sent - protocol_faults - skipped, skipped, protocol_faults);
  const EngineInfo info = engine_info(engine.hello(), opt.command);
  const auto covered = summary.coverage.find(engine.hello().name);
  fmt::print("coverage: {}\n",
             printable(coverage_text(&info, covered == summary.coverage.end() ? Coverage{} : covered->second, 100)));
  for (const auto& [reason, n] : skips_by_reason(summary, engine.hello().name))
    fmt::print("  skipped {:>5}  {}\n", n, printable(reason));
  for (const auto& p : problems) fmt::print("  problem: {}\n", printable(p, true));
  if (interrupted()) {  // the scenarios not sent were skipped, "not run": no verdict on the engine
    fmt::print("interrupted by {}: the check stopped there ({} of the scenario(s) above were not run)\n",
               interrupt_name(), summary.count(Verdict::skipped));
    return 128 + interrupted();
  }
  if (problems.empty()) fmt::print("the engine speaks protocol version 1\n");
  return problems.empty() ? kOk : kFailed;
}

void add_serve_and_engine(CLI::App& app, Context& context) {
  CLI::App* serve_cmd = app.add_subcommand(
      "serve", "Answer engine-protocol requests on stdin/stdout with the oracle (an engine for any language)");
  serve_cmd->callback([&context] { context.exit_code = serve_command(context); });

  CLI::App* engine = app.add_subcommand("engine", "Tools for engine authors");
  engine->require_subcommand(1);
  auto opt = std::make_shared<EngineCheckOptions>();
  CLI::App* check = engine->add_subcommand(
      "check", "Check that an engine speaks the protocol: its hello, and an answer to every scenario step");
  check->add_option("command", opt->command, "The engine's shell command")->required()->check(engine_command_check());
  check->add_option("--scenarios", opt->paths, "Scenarios to send (default: the project's scenarios/)");
  add_number(*check, "--timeout", opt->timeout_ms, "Per-request time limit in milliseconds", kLeastTimeoutMs,
             kMostTimeoutMs)
      ->capture_default_str();
  check->footer(
      "Exit status: 0 the engine speaks protocol 1, 1 a problem was found (each is listed), 2 bad input, 3 the rules "
      "folder cannot be loaded, 130/143 stopped by SIGINT/SIGTERM (the engine is stopped, what was checked is said).");
  check->callback([&context, opt] { context.exit_code = engine_check_command(context, *opt); });
}

}  // namespace

void add_case_commands(CLI::App& app, Context& context) {
  add_run(app, context);
  add_check_commands(app, context);
  add_serve_and_engine(app, context);
}

}  // namespace rulecheck::cli

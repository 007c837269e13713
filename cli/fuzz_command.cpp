// `rulecheck fuzz`: generated cases against an engine, compared with the oracle.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <system_error>
#include <thread>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/fuzz_coverage_print.hpp"
#include "cli/fuzz_findings_print.hpp"
#include "common/input_error.hpp"
#include "common/output.hpp"
#include "common/text.hpp"
#include "harness/corpus.hpp"
#include "harness/cross_check.hpp"
#include "harness/fuzz.hpp"
#include "harness/engine_declarations.hpp"
#include "harness/fuzz_coverage.hpp"
#include "harness/fuzz_unsupported.hpp"
#include "harness/interrupt.hpp"
#include "harness/data_dir.hpp"
#include "harness/known.hpp"
#include "reports/reporter.hpp"

namespace rulecheck::cli {

namespace {

struct FuzzCommandOptions {
  std::string engine;
  std::vector<std::string> games;
  std::size_t cases = 10000;
  double seconds = 0;
  std::optional<std::uint64_t> seed;
  std::string save_dir = "fuzz-findings";
  std::string format = "console";
  bool strict = false;
  unsigned solver_rlimit = 5'000'000;
  int timeout_ms = 10000;
  std::size_t window = 64;
  std::size_t jobs = 1;
  std::string shard;  // "K/N"; else GoogleTest's GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX
  bool any_state = false;
  bool default_ruleset = false;
  std::string rulesets = "game";  // --rulesets: those the game produces, or any (harness/game_rulesets.hpp)
  bool keep_going = false;
  bool with_solver = false;  // N-version: every oracle outcome checked by the solver both ways
  std::string known_file;
  bool require_known = false;      // --require-known: every entry must match some case (else stale, exit 1)
  std::vector<std::string> kinds;  // --kinds: request kinds to generate ("action:move,query:controller")
  std::vector<std::string> keys;   // --keys: ruleset keys to sample (the others stay at the default)
};

// The engine fuzzed: --engine, or under --with-solver alone this rulecheck's own `serve` (the oracle
// over the protocol: then only the oracle and the solver are compared).
std::string engine_to_fuzz(const FuzzCommandOptions& opt, const Context& context) {
  if (!opt.engine.empty()) return opt.engine;
  std::filesystem::path self = running_executable();
  if (self.empty()) self = context.program;
  std::string command = shell_quote(self.string());
  if (!context.rules_dir.empty()) command += " --rules " + shell_quote(context.rules_dir);
  return command + " serve";
}



// What the states were drawn from, in words.
// The rulesets drawn, as the summary says it.
std::string rulesets_drawn(const FuzzCommandOptions& opt) {
  if (opt.default_ruleset) return "the default ruleset (--default-ruleset)";
  return opt.rulesets == "any" ? "a share sampled among any the rules leave open (--rulesets any)"
                               : "a share sampled among those the game produces (--rulesets game)";
}

std::string states_drawn(bool any_state) {
  return any_state ? "any valid state (--any-state), not only those play can reach" : "states play can reach";
}


json summary_record(const FuzzStats& s, std::uint64_t seed, const FeatureUniverse& universe,
                    const FuzzCommandOptions& opt, const FuzzFocus& focus) {
  json groups = json::array();
  for (const auto& g : s.groups) groups.push_back(group_record(g));
  return {{"type", "summary"},    {"seed", seed},
          {"cases", s.cases},     {"agreed", s.agreed},
          {"failed", s.failed},   {"unsupported", s.unsupported},
          {"errored", s.errored}, {"alternatives", s.alternatives},
          {"known", s.known},     {"disputed", s.disputed},
          {"seconds", s.seconds},
          {"states", states_drawn(opt.any_state)},
          {"ruleset", rulesets_drawn(opt)},
          {"sampled_rulesets", s.sampled_rulesets}, {"other_readings", s.other_readings},
          {"kinds", s.kinds},     {"legal_kinds", s.legal_kinds},
          {"clauses", s.clauses}, {"errors", errors_json(s.errors)},
          {"unsupported_share", s.cases ? static_cast<double>(s.unsupported) / static_cast<double>(s.cases) : 0.0},
          {"answered_kinds", s.answered_kinds}, {"unsupported_kinds", s.unsupported_kinds},
          {"suggested_kinds", over_a_third_unsupported(s) ? json(answered_kinds_option(s)) : json(nullptr)},
          {"focus", {{"kinds", focus.kinds()},
                     {"keys", focus.keys_given() ? json(focus.keys()) : json(nullptr)},
                     {"set_aside", s.set_aside}}},
          {"groups", groups},     {"coverage", universe.report(s.features)}};
}


// One part of the run (--jobs): its engine instance, its seed and share of the cases, what it found.
struct FuzzPart {
  std::unique_ptr<EngineProcess> engine;
  FuzzOptions options;
  FuzzStats stats;
  std::string error;  // why it could not run (an InputError: nothing to fuzz)
  int write_error = 0;  // errno of a write to standard output that failed in this part's thread
};

int fuzz_command(const Context& context, const FuzzCommandOptions& opt) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ... (from the start): the engines are stopped (at any phase); the
                       // seed, the cases done and the findings so far are printed
  const auto library = context.load_rules();
  if (!library) return kCannotRun;
  KnownDeviations known;
  if (!opt.known_file.empty()) try {
      known = KnownDeviations::read(opt.known_file);
    } catch (const InputError& e) {
      fmt::print(stderr, "rulecheck: {}\n", e.what());
      return kBadInput;
    }
  Shard shard;
  try {
    shard = chosen_shard(opt.shard);
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    return kBadInput;
  }
  if (opt.engine.empty() && !opt.with_solver) {
    fmt::print(stderr, "rulecheck: fuzz needs --engine (an engine to test), or --with-solver to check the oracle "
                       "against the solver alone\n");
    return kBadInput;
  }
  if (opt.with_solver && opt.solver_rlimit == 0) {
    fmt::print(stderr, "rulecheck: --with-solver checks the oracle's outcomes within --solver-rlimit Z3 steps: it "
                       "cannot be 0\n");
    return kBadInput;
  }
  const std::string engine_command = engine_to_fuzz(opt, context);
  EngineOptions engine_options;
  engine_options.command = engine_command;
  engine_options.timeout = std::chrono::milliseconds(opt.timeout_ms);
  engine_options.window = opt.window;
  const std::uint64_t base_seed = opt.seed ? *opt.seed : std::random_device{}();
  std::vector<FuzzPart> parts(opt.jobs);
  for (std::size_t j = 0; j < parts.size(); ++j) {
    FuzzPart& part = parts[j];
    part.engine = std::make_unique<EngineProcess>(engine_options);
    try {
      part.engine->start();
    } catch (const std::exception& e) {
      fmt::print(stderr, "rulecheck: the engine did not start: {}\n", e.what());
      if (interrupted()) {
        const std::string line = fmt::format("seed {}: 0 generated case(s), no finding: interrupted by {} while the "
                                             "engine started",
                                             base_seed, interrupt_name());
        if (opt.format == "jsonl")
          fmt::print("{}\n", json{{"type", "summary"}, {"seed", base_seed}, {"cases", 0}, {"findings", 0},
                                   {"interrupted", interrupt_name()}}
                                 .dump());
        else
          fmt::print("rulecheck fuzz: {}\n", line);
        return 128 + interrupted();
      }
      return kFailed;
    }
    // A declaration naming what the games do not have breaks the hello (harness/engine_declarations.hpp).
    if (const auto problems = declaration_problems(part.engine->hello().declared, part.engine->hello().games, *library);
        !problems.empty()) {
      fmt::print(stderr, "rulecheck: the engine '{}' answered {}\n", opt.engine, problems.front());
      return kFailed;
    }
    FuzzOptions& options = part.options;
    options.games = opt.games;
    // The cases shared out: job j takes cases/N, the first ones one more while some are left over.
    options.cases = opt.cases == 0 ? 0 : opt.cases / parts.size() + (j < opt.cases % parts.size() ? 1 : 0);
    options.seconds = opt.seconds;
    options.seed = fuzz_part_seed(base_seed, shard.index, shard.count, j);
    options.strict = opt.strict;
    options.solver_rlimit = opt.solver_rlimit;
    options.save_dir = opt.save_dir;
    options.reproduce_prefix = context.program + " run";
    options.engine_command = engine_command;
    options.with_solver = opt.with_solver;
    options.any_state = opt.any_state;
    options.sample_ruleset = !opt.default_ruleset;
    options.any_ruleset = opt.rulesets == "any";
    options.keep_going = opt.keep_going;
    options.known = opt.known_file.empty() ? nullptr : &known;
  }
  // What the coverage report counts against: every game the engine plays that fuzz may draw.
  std::vector<std::string> universe_games;
  for (const auto& g : parts[0].engine->hello().games)
    if (library->find(g) && (opt.games.empty() || std::find(opt.games.begin(), opt.games.end(), g) != opt.games.end()))
      universe_games.push_back(g);
  FeatureUniverse universe(*library, universe_games,
                           library->dir().parent_path() / "scenarios" / "schema" / "scenario.schema.json");
  if (opt.rulesets != "any" && !opt.default_ruleset) universe.draw_only_the_games_rulesets();
  FuzzFocus focus;
  try {
    focus = FuzzFocus(opt.kinds, opt.keys, *library, universe.request_kinds());
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    for (auto& part : parts) part.engine->stop();
    return kBadInput;
  }
  for (auto& part : parts) {
    part.options.universe = &universe;
    part.options.focus = &focus;
  }
  const bool jsonl = opt.format == "jsonl";
  const bool tty = isatty(fileno(stderr)) != 0;
  if (!jsonl) {
    fmt::print("rulecheck fuzz: seed {} (repeat with --seed {}{}{}), engine {}\n", base_seed, base_seed,
               shard.whole() ? "" : " --shard " + shard.name(), parts.size() > 1 ? fmt::format(" --jobs {}", parts.size()) : "",
               parts[0].engine->hello().name);
    fmt::print("  states: {}; rulesets: {}{}{}\n", states_drawn(opt.any_state),
               rulesets_drawn(opt),
               opt.keep_going ? "; --keep-going: findings grouped by signature" : "",
               opt.known_file.empty() ? "" : fmt::format("; known deviations: {} ({} entries)", opt.known_file,
                                                         known.size()));
    if (!focus.empty())
      fmt::print("  focus: {}{}{} (cases drawn outside it are set aside)\n",
                 focus.kinds().empty() ? "" : fmt::format("kinds {}", fmt::join(focus.kinds(), ",")),
                 !focus.kinds().empty() && focus.keys_given() ? "; " : "",
                 focus.keys_given() ? fmt::format("ruleset keys sampled {} (the others at the default)",
                                                  fmt::join(focus.keys(), ","))
                                    : "");
    if (parts.size() > 1 || !shard.whole())
      for (std::size_t j = 0; j < parts.size(); ++j)
        fmt::print("  part {}: seed {}, {} case(s) (repeats alone with --seed {} --cases {})\n", j + 1,
                   parts[j].options.seed, parts[j].options.cases, parts[j].options.seed, parts[j].options.cases);
  }
  std::mutex lock;  // guards the output, `found` and the progress of the parts
  bool found = false;
  std::vector<FuzzStats> progress(parts.size());
  auto run_part = [&](std::size_t j) {
    FuzzPart& part = parts[j];
    try {
      part.stats = fuzz(
          *part.engine, *library, part.options,
          [&, j](const FuzzStats& s) {
            const std::lock_guard<std::mutex> hold(lock);
            progress[j] = s;
            FuzzStats sum;
            for (const auto& p : progress) add_fuzz_stats(sum, p);
            if (tty)
              fmt::print(stderr, "\r{} cases, {} agreed, {} unsupported, {} errored   ", sum.cases, sum.agreed,
                         sum.unsupported, sum.errored);
          },
          [&](const FuzzFinding& f) {
            const std::lock_guard<std::mutex> hold(lock);
            found = true;
            if (tty) fmt::print(stderr, "\n");
            print_finding(f, part.options.seed, jsonl);
          });
    } catch (const InputError& e) {
      part.error = e.what();
    } catch (const std::system_error& e) {  // fmt::print to standard output failed: exit 3 once joined
      part.write_error = e.code().value() != 0 ? e.code().value() : EIO;
      request_stop("cannot write standard output");
    }
    part.engine->stop();
  };
  if (parts.size() == 1) {
    run_part(0);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t j = 0; j < parts.size(); ++j) threads.emplace_back(run_part, j);
    for (auto& t : threads) t.join();
  }
  for (const auto& part : parts)
    if (part.write_error != 0) {
      note_standard_output_error(part.write_error);
      flush_standard_output();  // throws OutputError, which main.cpp reports (exit 3)
      throw OutputError("cannot write standard output");
    }
  for (const auto& part : parts)
    if (!part.error.empty()) {
      fmt::print(stderr, "rulecheck: {}\n", part.error);
      return kBadInput;
    }
  FuzzStats stats;
  for (const auto& part : parts) add_fuzz_stats(stats, part.stats);
  if (tty && !found) fmt::print(stderr, "\n");
  // Each known entry's count; stale only under --require-known, and only of a run that went to the end of its
  // budget (generated cases cover no entry by themselves: docs/known-deviations.md).
  const bool complete = !(found && !opt.keep_going) && !interrupted();
  const std::vector<KnownTally> known_entries =
      opt.known_file.empty() ? std::vector<KnownTally>{} : known.tallies(opt.require_known, complete);
  const std::vector<std::string> stale =
      opt.known_file.empty() ? std::vector<std::string>{} : known.stale(opt.require_known, complete);
  if (jsonl) {
    json summary = summary_record(stats, base_seed, universe, opt, focus);
    summary["stale_known"] = stale;
    if (opt.with_solver) summary["with_solver"] = solver_steps_json(stats.solver_steps);
    summary["known_entries"] = known_entries_json(known_entries);
    if (!shard.whole()) summary["shard"] = shard.name();
    summary["parts"] = json::array();
    for (const auto& part : parts) summary["parts"].push_back({{"seed", part.options.seed}, {"cases", part.stats.cases}});
    if (interrupted()) summary["interrupted"] = interrupt_name();
    fmt::print("{}\n", summary.dump());
  } else {
    fmt::print(
        "\n{} generated case(s) in {:.2f} s: {} agreed with the oracle, {} disagreed, {} unsupported, {} "
        "errored\n",
        stats.cases, stats.seconds, stats.agreed, stats.failed, stats.unsupported, stats.errored);
    fmt::print("states: {}; {} case(s) under a sampled ruleset, {} under a reading other than the default\n",
               states_drawn(opt.any_state), stats.sampled_rulesets, stats.other_readings);
    if (stats.alternatives)
      fmt::print("{} disagreement(s) the solver finds the rules allow (alternatives, not findings)\n",
                 stats.alternatives);
    if (stats.known) fmt::print("{} known deviation(s) (--known), not findings\n", stats.known);
    if (stats.disputed)
      fmt::print("{} disputed case(s): the oracle and the solver disagree (a bug in rulecheck)\n", stats.disputed);
    if (opt.with_solver) fmt::print("{}\n", solver_steps_text(stats.solver_steps));
    for (const auto& [e, cases] : stats.errors.kept)
      fmt::print("  e.g. {}{}\n", e, cases > 1 ? fmt::format(" ({} cases)", cases) : "");
    if (stats.errors.others > 0) fmt::print("  and {} case(s) with other messages\n", stats.errors.others);
    if (const std::string share = unsupported_share_text(stats); !share.empty()) fmt::print("{}\n", share);
    if (stats.set_aside)
      fmt::print("{} drawn case(s) outside the focus set aside (not sent)\n", stats.set_aside);
    if (!stats.groups.empty()) {
      fmt::print("\nfindings by signature ({} group(s)){}:\n", stats.groups.size(),
                 opt.keep_going ? "" : " (stopped at the first: --keep-going goes on)");
      for (const auto& g : stats.groups) {
        fmt::print("  {:>6}  {}{}\n", g.count, g.signature,
                   g.verdict == Verdict::disputed ? " (disputed: a bug in rulecheck)" : "");
        if (!g.smallest.file.empty())
          fmt::print("          smallest: {} ({} characters{})\n", g.smallest.file.string(), g.size,
                     g.shrunk ? ", shrunk" : ", a later case smaller than the first one shrunk");
      }
    }
    for (const auto& t : known_entries) fmt::print("{}\n", known_tally_text(t));
    print_fuzz_coverage(stats, universe);
    if (interrupted())
      fmt::print("\ninterrupted by {} after {} generated case(s) of seed {} (repeat with --seed {})\n",
                 interrupt_name(), stats.cases, base_seed, base_seed);
  }
  if (interrupted()) return 128 + interrupted();
  return found || stats.errored || (opt.require_known && !stale.empty()) ? kFailed : kOk;
}

}  // namespace

void add_fuzz_command(CLI::App& app, Context& context) {
  auto opt = std::make_shared<FuzzCommandOptions>();
  CLI::App* fuzz = app.add_subcommand(
      "fuzz",
      "Send generated cases to an engine and compare its answers with the oracle's; shrink the first "
      "disagreement and save it as a scenario file");
  fuzz->add_option("--engine", opt->engine,
                   "The engine under test: a shell command speaking protocol 1 (required unless --with-solver)")
      ->check(engine_command_check());
  fuzz->add_flag("--with-solver", opt->with_solver,
                 "N-version mode: also run every case on the oracle and ask the Z3 model whether the rules allow "
                 "its outcome and, where the outcome is a next state, no other (a disagreement is disputed: a bug "
                 "in rulecheck, shrunk and saved). Without --engine, the engine is this rulecheck's own `serve`, "
                 "so only the oracle and the solver are compared");
  fuzz->add_option("--game", opt->games, "Only this game (repeatable; default: every game the engine plays)")
      ->allow_extra_args(false);
  add_number(*fuzz, "--cases", opt->cases, "Stop after this many generated cases (0: no limit)")->capture_default_str();
  add_number(*fuzz, "--time", opt->seconds, "Stop after this many seconds (default: no limit)", 0.0);
  add_number(*fuzz, "--seed", opt->seed,
                   "The random seed; the same seed gives the same cases (default: a new one, "
                   "printed at the start)");
  fuzz->add_option("--save-dir", opt->save_dir, "Where the smallest disagreeing case is written as a scenario file")
      ->capture_default_str()
      ->check(output_folder_check());
  fuzz->add_option("--format", opt->format, "Standard output: console, or jsonl (a record per finding, then a summary)")
      ->check(CLI::IsMember({"console", "jsonl"}))
      ->capture_default_str();
  fuzz->add_flag("--strict", opt->strict, "Also compare the clause id of illegal answers");
  add_number(*fuzz, "--solver-rlimit", opt->solver_rlimit,
                   "Ask the Z3 solver about each disagreement within this many Z3 steps: an outcome the rules "
                   "allow is counted as an alternative, not a finding (0: do not ask)")
      ->capture_default_str();
  add_number(*fuzz, "--timeout", opt->timeout_ms, "Per-request time limit, in milliseconds", kLeastTimeoutMs,
             kMostTimeoutMs)
      ->capture_default_str();
  add_number(*fuzz, "--window", opt->window, "Requests the engine may have outstanding", std::size_t{1},
             std::size_t{100000})
      ->capture_default_str();
  add_number(*fuzz, "--jobs,-j", opt->jobs,
             "Engine instances fuzzed side by side, each on its own thread with its own seed (derived from "
             "--seed) and an equal share of --cases",
             std::size_t{1}, std::size_t{64})
      ->capture_default_str();
  fuzz->add_option("--shard", opt->shard,
                   "This is part K of N (K/N, from 1/N) of a fuzz run spread over machines: its seed is derived "
                   "from --seed and K, so the parts draw different cases. Without it, GoogleTest's "
                   "GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX are honoured");
  fuzz->add_flag("--any-state", opt->any_state,
                 "Draw any valid state, not only states play can reach (two factions' units sharing a territory "
                 "with no combat pending, ...); the summary says which");
  CLI::Option* default_ruleset = fuzz->add_flag("--default-ruleset", opt->default_ruleset,
                 "Run every case under the default ruleset (default: a share of cases under sampled rulesets, "
                 "as --rulesets says)");
  fuzz->add_option("--rulesets", opt->rulesets,
                   "Which rulesets the sampled share of cases runs under: game, only those a game can have "
                   "(rules/<game>/ruleset.doc.json, \"produced\": Scythe's base and Speed move ranges 1/1/1 and "
                   "2/2/1, 2 or 3 units per Move; every other key, and every Messina key, at its default), or any, "
                   "any ruleset the rules leave open (a rulebook editor's what-ifs, such as a mech range of 2 with a "
                   "character range of 1). docs/rulesets.md, \"The game's rulesets\"")
      ->check(CLI::IsMember({"game", "any"}))
      ->capture_default_str();
  fuzz->add_flag("--keep-going", opt->keep_going,
                 "After a finding, shrink it, save it and go on: findings are grouped by signature, each group "
                 "reported once with its count and its smallest saved case");
  CLI::Option* known_option = fuzz->add_option(
      "--known", opt->known_file,
      "A known-deviations file (docs/known-deviations.md): failures matching an entry are counted as known, not "
      "findings; each entry is reported with its match count, and one that matched nothing as \"not reached in N "
      "cases\" (generated cases do not show an entry gone: only --require-known makes it stale)");
  fuzz->add_flag("--require-known", opt->require_known,
                 "With --known: this run should show every entry, so an entry that matched no case is stale and makes "
                 "the run exit 1 (a run stopped at a finding without --keep-going, or interrupted, calls none stale)")
      ->needs(known_option);
  fuzz->add_option("--kinds", opt->kinds,
                   "Generate only these request kinds, comma-separated: action:TYPE or query:TYPE (action:move,"
                   "query:controller); an unknown kind is refused listing each game's kinds. Drawn cases of other "
                   "kinds are set aside, so one seed with one --kinds repeats")
      ->delimiter(',');
  fuzz->add_option("--keys", opt->keys,
                   "Sample only these ruleset keys, comma-separated, by dotted path as in rules/<game>/ruleset.json "
                   "(popularity_min,move_range.mech); every other key stays at the default. An unknown key is refused "
                   "listing each game's keys. Not with --default-ruleset")
      ->delimiter(',')
      ->excludes(default_ruleset);
  fuzz->footer(
      "Cases follow the engine's declared games and readings; `unsupported` answers are counted apart (the summary "
      "gives their share, and over a third suggests --kinds); an engine that crashes or hangs is restarted and the "
      "run goes on. What is generated, focus, known files: docs/fuzzing-engines.md.\n"
      "Exit status: 0 no disagreement (known deviations are not), 1 a disagreement (saved), a disputed case, an "
      "errored case, or under --require-known a stale known entry, 2 bad usage (an unknown --kinds kind or --keys "
      "key) or a bad --known file, 3 rulecheck could not run, 130/143 stopped by SIGINT/"
      "SIGTERM (the engines are stopped, even while starting; the seed, the cases done and the findings so far are "
      "printed).");
  fuzz->callback([&context, opt] { context.exit_code = fuzz_command(context, *opt); });
}

}  // namespace rulecheck::cli

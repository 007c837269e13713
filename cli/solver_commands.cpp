// `rulecheck prove` and the options of `rulecheck ambiguities` (its command: cli/ambiguities_command.cpp):
// the Z3 layer's proofs of rule invariants and the designer's ambiguity witnesses, per game, under a
// ruleset and readings (the defaults).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/solver_shared.hpp"
#include "cli/strength_print.hpp"
#include "cli/vacuity_print.hpp"
#include "common/atomic_write.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/owned_files.hpp"
#include "games/registry.hpp"
#include "harness/interrupt.hpp"

namespace rulecheck::cli {

// The games asked for (all by default), each with its rules; nothing when one is unknown.
std::vector<const GameRules*> games_asked(const RulesLibrary& library, const std::vector<std::string>& names) {
  std::vector<const GameRules*> out;
  if (names.empty()) {
    for (const auto& [name, g] : library.games()) out.push_back(&g);
    return out;
  }
  for (const auto& name : names) {
    const GameRules* g = library.find(name);
    if (!g) throw InputError("--game", fmt::format("no game \"{}\" (rules/<game>/ for each known game)", name));
    out.push_back(g);
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// A scenario as a file of an output folder: named for its id, '/' written '_'.
OwnedFile scenario_file(const json& scenario) {
  std::string id = scenario.value("id", "finding");
  for (char& c : id)
    if (c == '/') c = '_';
  return {id + ".json", scenario.dump(2) + "\n"};
}

// The exit status of a command a signal stopped: as a shell reports a command its signal ended.
int interrupted_exit() { return 128 + interrupted(); }

namespace {


// One proof record on the console: status and id, the claim, what it covers, the clauses, and (when
// not proved) why; under --strength the misreadings that break it.
void print_proof(const json& r, const std::string& status) {
  fmt::print("{:8} {}\n         {}\n         {}: {}\n         clauses: {}\n", status, r.value("id", ""),
             printable(r.value("claim", "")), r.value("scope", ""), printable(r.value("covers", "")),
             fmt::join(r["clauses"].get<std::vector<std::string>>(), ", "));
  if (status != "proved") fmt::print("         {}\n", printable(r.value("detail", "")));
  print_vacuity(r);
  if (!r.contains("killed_by")) return;
  const auto& killed = r["killed_by"];
  if (killed.empty())
    fmt::print("         HOLLOW: no misreading of its clauses breaks it ({} tried)\n", r["survived"].size());
  else
    fmt::print("         killed by {} of {} misreading(s): {}\n", killed.size(), killed.size() + r["survived"].size(),
               fmt::join(killed.get<std::vector<std::string>>(), "; "));
}

int prove_command(const Context& context, const SolverArgs& args) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the checks in flight stop; what was decided is reported
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  json all = json::array();
  std::size_t proved = 0, refuted = 0, unknown = 0, vacuous = 0, stopped = 0, unbounded = 0, bounded = 0, hollow = 0;
  std::vector<OwnedFile> counterexamples;
  json clause_strength = json::array();  // --strength: per clause of the sections written as one relation
  const auto started = std::chrono::steady_clock::now();
  for (const GameRules* g : games_asked(*library, args.games)) {
    const Game* game = find_game(g->game);
    const auto t = std::chrono::steady_clock::now();
    const json ruleset = g->merged_ruleset(json::object()), readings = g->readings(json::object());
    json records = json::array();
    if (args.strength) {
      json answer = game->prove_strength(ruleset, readings, args.rlimit);
      records = std::move(answer["proofs"]);
      for (auto& c : answer["clauses"]) clause_strength.push_back(std::move(c));
    } else {
      records = game->prove(ruleset, readings, args.rlimit);
    }
    const double seconds = seconds_since(t);
    for (auto& r : records) {
      const std::string status = r.value("status", "unknown");
      (status == "proved"        ? proved
       : status == "refuted"     ? refuted
       : status == "interrupted" ? stopped
       : status == "vacuous"     ? vacuous
                                 : unknown)++;
      const bool is_unbounded = r.value("scope", "") == "unbounded";
      ++(is_unbounded ? unbounded : bounded);
      if (r.value("hollow", false)) ++hollow;
      if (args.format == "console") print_proof(r, status);
      if (!r["counterexample"].is_null()) counterexamples.push_back(scenario_file(r["counterexample"]));
      all.push_back(std::move(r));
    }
    if (args.format == "console") fmt::print("{}: {} proof(s) in {:.3f} s\n\n", g->game, records.size(), seconds);
  }
  const double seconds = seconds_since(started);
  // This run's counterexamples only: the previous run's are removed (common/owned_files.hpp).
  if (!args.output_dir.empty()) replace_owned_files(args.output_dir, ".rulecheck-prove-written", counterexamples);
  if (args.format == "json") {
    json summary{{"proofs", all},       {"proved", proved},       {"refuted", refuted}, {"unknown", unknown},
                 {"vacuous", vacuous},   {"unbounded", unbounded}, {"bounded", bounded}, {"seconds", seconds}};
    if (args.strength) {
      summary["hollow"] = hollow;
      summary["clauses"] = clause_strength;
      summary["strength"] = strength_totals(clause_strength);
    }
    if (interrupted()) {
      summary["interrupted"] = stopped;
      summary["stopped"] = interrupt_name();
    }
    fmt::print("{}\n", summary.dump(2));
  } else {
    if (args.strength) print_clause_strength(clause_strength);
    fmt::print("scopes: {} unbounded (boards of any size), {} bounded (each states its bound){}\n", unbounded, bounded,
               args.strength ? fmt::format("; hollow (no misreading breaks it): {}", hollow) : "");
    fmt::print(
        "{} proved, {} refuted, {} unknown, {} vacuous{} in {:.3f} s{}\n", proved, refuted, unknown, vacuous,
        interrupted() ? fmt::format(", {} interrupted (by {})", stopped, interrupt_name()) : "", seconds,
        refuted && args.output_dir.empty() ? " (--output-dir DIR writes each counterexample as a scenario)" : "");
  }
  if (interrupted()) return interrupted_exit();
  return refuted || unknown || vacuous || hollow ? kFailed : kOk;
}


void add_common(CLI::App* cmd, SolverArgs& args) {
  cmd->add_option("--game", args.games, "Only this game (repeatable; default: every game)");
  cmd->add_option("--format", args.format, "console (readable) or json")
      ->check(CLI::IsMember({"console", "json"}))
      ->capture_default_str();
  add_number(*cmd, "--rlimit", args.rlimit,
                  "Z3's work limit per question (its rlimit: a count of steps, the same on every machine); a "
                  "question that needs more is reported unknown, never passed")
      ->capture_default_str();
}

template <typename F>
void guarded(Context& context, F&& f) {
  try {
    context.exit_code = f();
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    context.exit_code = kBadInput;
  }
}

}  // namespace

void add_solver_commands(CLI::App& app, Context& context) {
  auto prove = std::make_shared<SolverArgs>();
  CLI::App* p = app.add_subcommand(
      "prove",
      "Prove each rule invariant with the Z3 encoding of the rules (tokens conserved, never well fed to dead, "
      "counts never negative, stacking, hostility, popularity bounds, ...). Each proof says what it covers: "
      "\"unbounded\" (boards of any size, every action of its kinds with symbolic parameters) or \"bounded\" "
      "(exactly the boards and actions it names, nothing beyond). Messina's Consumption, Muster (with Re-arm), "
      "stacking, Friendly Area and Location Card pages, its placings of new units and Scythe's movement are each "
      "one relation of constraints tagged by clause, and their proofs are theorems of it whose claims read only "
      "the state before and after; the relations of Consumption, Muster, the Friendly Area page, the placings' "
      "tokens and pieces, the Location Card actions (expose, hide, transfer, end-exploration) and queries and "
      "Scythe's movement are also the ones that judge engines' outcomes (run --with-solver, fuzz --with-solver, "
      "alternative/disputed verdicts), built over the board asked about. The other membership checks (the rest "
      "of stacking: Civilians, Workers, interconversion) and Messina's remaining proofs (states play reaches) still "
      "run on separate encodings "
      "written from the same clauses: docs/solver.md, \"What is proved\". Each proved claim is checked not to be "
      "vacuous, in three parts, each a Z3 check per question: (a) its premises hold on a board play can reach (the "
      "game's reachable invariants), (b) its action is legal there, (c) on some board the action does what the "
      "claim is about; the console says \"non-vacuous: reachable board, guard, antecedent\" or which part failed "
      "(JSON \"vacuity_check\"), and a proof with a failed part is \"vacuous\", never proved. A refuted "
      "invariant gets a counterexample scenario. Exit 1 when any is refuted, unknown (a question over its budget, "
      "or too large to build: the detail says why), vacuous or, under --strength, hollow; 3 when the rules folder cannot be loaded, 130/143 when "
      "SIGINT/SIGTERM stopped it (the proofs decided are reported, the rest \"interrupted\")");
  add_common(p, *prove);
  p->add_flag("--strength", prove->strength,
              "Also measure how much the proofs depend on the clauses: each relation is mutated generically (each "
              "tagged constraint dropped, each integer comparison weakened and strengthened by one, each ruleset "
              "number one off, each reading swapped; mutants equivalent to the text are found by the solver and "
              "not counted) and every theorem asked under each mutant. Per clause (console; JSON \"clauses\" "
              "with \"killed_by\" and \"survived\"): which proofs kill its mutants, which mutants survive, and "
              "how many clauses are protected. A mutant of a constraint that a proof of the question (an unsat "
              "core of the text's question) does not use survives that question with no check made (a proof's JSON "
              "\"survived\" entry says so in its \"why\"). A proof no mutant breaks is reported hollow (exit 1). The proofs not "
              "yet written over a relation are asked under their hand-written catalogues of misreadings");
  p->add_option("--output-dir", prove->output_dir, "Write each counterexample here as a scenario file")
      ->check(output_folder_check());
  p->callback([&context, prove] { guarded(context, [&] { return prove_command(context, *prove); }); });

  auto amb = std::make_shared<SolverArgs>();
  CLI::App* a = app.add_subcommand(
      "ambiguities",
      "For the rulebook's designer: for every interpretation point, the smallest board where its readings give "
      "different outcomes (Z3 Optimize over tokens, units and spaces), with a scenario per reading and a report; "
      "then the literal encoding's search for what nobody declared (steps the words alone leave with two outcomes "
      "or none: new findings, first in the report, each re-finding a declared point or settled in "
      "rules/<game>/dismissed.json), and the contradiction search (sentences that cannot all hold on a board play "
      "can reach). Each point (and each search for new findings) ends one of: a witness; none (the solver proved that no board "
      "of the scope it names separates the readings); unknown (not decided, with why: the work limit reached, a "
      "board too large, the solver's memory, ...). The searches read the ruleset and an encoding written from the "
      "texts as the clause index has them; the rule texts given (--text, else the default folder) are read too: "
      "every number they state (rules/<game>/numbers.json) is checked against the sentences it restates and the "
      "ruleset read, each contradiction named with both sentences (console, JSON \"contradictions\"[*]."
      "\"stated_numbers\", the report), and each clause whose words changed where no stated number reads them "
      "is listed to re-read (RE-READ; JSON \"reread\") with the points, conventions, proofs and scenarios citing it. "
      "Exit 0 when every question was decided and nothing below was found; 1 when a question is unknown (as prove), "
      "a contradiction was found (of the stated numbers, not recorded as known in numbers.json, or by the literal "
      "search), a new finding is open (not settled in dismissed.json), or words of the texts given changed that no "
      "search reads (whether they contradict is not decided); 2 bad input (--text names no folder, --edited not a "
      "ruleset); 3 when the rules folder cannot be loaded; 130/143 when SIGINT/SIGTERM stopped it (what was "
      "decided is reported, the rest \"interrupted\")");
  add_common(a, *amb);
  a->add_option("--text", amb->text,
                "The folder of rule texts whose sentences the report quotes and whose stated numbers and changed "
                "words are checked (default: $RULECHECK_RULE_TEXTS, else ../shared/rules beside the project); "
                "without one each clause is given in our words with its paragraph number and the stated numbers "
                "are reported not checked");
  a->add_option("--edited", amb->edited,
                "An edited ruleset (rules/<game>/ruleset.json, whole or only the keys it changes, as diff --edited): "
                "the searches read its numbers while the rule texts keep stating today's, so each sentence whose "
                "stated number the edit changes is a contradiction against the ruleset read (stacking_map 6 against "
                "the Muster page's 5 and a location's total of 5 + 2), and the literal contradiction search reports "
                "the sentences that can no longer all hold (exit 1)");
  a->add_flag("--no-discovery", amb->no_discovery,
              "Only the declared points, the open-outcome probes and the contradiction search: not the literal "
              "encoding's search for new findings (the slow part), so no point is marked found by the search");
  a->add_flag("--full", amb->full,
              "Also the discovery searches that cost more than CI runs every time: Messina's Muster and Re-arm "
              "searched from the texts' words alone (about 20 s of CPU more), which re-finds the Muster page's "
              "points and conventions without their being named; without it the discovery from the words alone "
              "covers Messina's Consumption and Scythe's Move")
      ->excludes(a->get_option("--no-discovery"));
  a->add_option("--output-dir", amb->output_dir,
                "Write the report (ambiguities.md, ambiguities.html) and one scenario file per reading here")
      ->check(output_folder_check());
  a->callback([&context, amb] { guarded(context, [&] { return ambiguities_command(context, *amb); }); });
}

}  // namespace rulecheck::cli

// `rulecheck run`: the corpus on the oracle and on each engine under test, side by side.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/case_result.hpp"
#include "harness/corpus.hpp"
#include "harness/engine.hpp"
#include "harness/known.hpp"

namespace rulecheck {

struct EngineUnderTest {
  std::string command;
  std::unique_ptr<EngineProcess> process;
  std::string name;                // from its hello; the command when it did not start
  std::string start_error;         // why it did not start, if it did not
  bool bad_hello = false;          // it answered hello, and its answer breaks the protocol (start_error says how)
  std::vector<std::string> notes;  // for the user: banner lines, restarts
  std::vector<std::unique_ptr<EngineProcess>> siblings = {};  // more instances of it, for --jobs
};

// Starts each engine (its hello names it), `jobs` instances of each (--jobs). An engine that does not
// start is kept, with why (and bad_hello when it answered a hello that breaks the protocol); when only
// some of its instances start, the run uses those, with a note.
std::vector<EngineUnderTest> start_engines(const std::vector<std::string>& commands, const EngineOptions& options,
                                           std::size_t jobs = 1);

struct RunSettings {
  bool oracle = true;                                                   // report the oracle's own results
  bool strict = false;                                                  // compare the clause ids of illegal answers
  std::map<std::string, std::map<std::string, std::string>> rule_maps;  // engine name -> its codes -> clause ids
  std::string reproduce_prefix;                                         // "rulecheck run"
  std::string explain_prefix;                                           // "rulecheck explain"
  unsigned solver_rlimit = 0;  // ask the solver about engines' outcomes judged wanting (0: never)
  bool with_solver = false;    // --with-solver: the solver also checks every oracle outcome (needs solver_rlimit > 0)
  bool skip_unreachable = false;  // skip, on every target, the scenarios marked "unreachable"
  bool only_the_games_rulesets = true;  // skip, on every target, scenarios whose ruleset the game does not
                                        // produce (false: --rulesets any; harness/game_rulesets.hpp)
  const KnownDeviations* known = nullptr;  // --known: failures it matches are reported `known`
};

// The targets' names in the order their results come: the oracle, then each engine.
std::vector<std::string> target_names(const RunSettings& settings, const std::vector<EngineUnderTest>& engines);

// Runs every case on every target and calls `record` once per case: the unusable files (errored,
// on every target), the oracle's cases, then each engine's. An engine with several instances (--jobs)
// takes the cases in turn, every instance on its own thread, and its results are recorded in the same
// order as with one. Engines are stopped at the end.
void run_targets(const Corpus& corpus, const RulesLibrary& library, std::vector<EngineUnderTest>& engines,
                 const RunSettings& settings, const std::function<void(const CaseResult&)>& record);

// Reads --rule-map files ({"engine": NAME, "rules": {CODE: CLAUSE_ID}}). Throws InputError, naming both
// files when two name the same engine.
std::map<std::string, std::map<std::string, std::string>> load_rule_maps(const std::vector<std::string>& files);

// A note for each rule map whose engine name no engine's hello gave (its codes would be used for none):
// "--rule-map names the engine \"X\", but ...". None while an engine did not start (its name is unknown).
std::vector<std::string> unused_rule_maps(const RunSettings& settings, const std::vector<EngineUnderTest>& engines);

}  // namespace rulecheck

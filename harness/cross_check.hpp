// Cross-checking an engine under test: every scenario step is sent to the engine (pipelined) with
// the oracle's input state, and the engine's answer is judged against the scenario's expectation
// and against the oracle's outcome (legality, the clause id in strict mode, the post-state by
// canonical comparison, query results exactly).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "harness/bindings.hpp"
#include "harness/case_result.hpp"
#include "harness/engine.hpp"
#include "harness/engine_readings.hpp"
#include "harness/known.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// What a case's game, ruleset and interpretations decide before its steps, for one engine: the
// readings it runs under (the engine's where it lacks the case's) and the rules bound to them. Kept
// across calls like Bindings: generated cases share few combinations.
class PreparedCases {
 public:
  struct Prepared {
    ChosenReadings chosen;
    std::shared_ptr<const Bindings::Entry> binding;  // nullptr: a problem, or the binding threw
  };
  const Prepared& get(const Scenario& s, const GameRules& rules, const EngineReadings& engine, Bindings& bindings);

 private:
  // Found by a hash of the game, ruleset and interpretations, and confirmed by comparing them: no text
  // is written per case to make a key.
  struct Kept {
    std::string game;
    json ruleset, interpretations;
    Prepared prepared;
  };
  std::unordered_multimap<std::size_t, Kept> kept_;
};

struct CrossCheckOptions {
  bool strict = false;                          // compare clause ids, not only legality
  std::map<std::string, std::string> rule_map;  // the engine's rule codes -> our clause ids
  std::string reproduce_prefix;                 // e.g. "rulecheck run" (the case's file is appended)
  std::string explain_prefix;                   // e.g. "rulecheck explain" ("": no explain line)
  std::string engine_command;                   // for the reproduce line
  unsigned solver_rlimit = 0;                   // ask the solver about outcomes judged wanting (0: never)
  bool strict_protocol = false;                 // an answer's shape breaking protocol/schema/answer.schema.json
                                                // (extra fields, two shapes at once) makes the case errored
  bool skip_unreachable = false;                // skip scenarios marked "unreachable" (nothing is sent)
  bool only_the_games_rulesets = false;         // skip scenarios whose ruleset the game does not produce
                                                // (run --rulesets game; harness/game_rulesets.hpp)
  bool compare_on_text = true;                  // an answer that is the oracle's own line byte for byte passes
                                                // unread (harness/answer_text.hpp); false: every answer is read
                                                // and compared field by field (tests/test_fast_compare.cpp)
  const KnownDeviations* known = nullptr;       // --known: failures it matches are reported `known`
  Bindings* bindings = nullptr;                 // bound rules kept across calls (fuzz's batches); nullptr: a
                                                // cache of this call's own
  PreparedCases* prepared = nullptr;            // with `bindings`, for one engine: kept across calls too
  // Called as each case is planned, with its number in this call and the oracle's outcome of its first
  // step: its legality and rule, or its result; a legal next state may be left out (fuzz counts what a
  // generated case reached without running the oracle on it twice).
  std::function<void(std::size_t, const json&)> on_oracle_outcome;
};

// What is wrong with the shape of an answer to apply/query (protocol/schema/answer.schema.json),
// or "" when nothing is.
std::string answer_shape_problem(const json& answer, bool is_query);

// Runs `scenarios` on a started engine and calls `report` once per scenario, in order. Each scenario
// is loaded when the engine's window reaches it and let go once it is reported.
void cross_check(const ScenarioSource& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report);
void cross_check(const std::vector<Scenario>& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report);

// Reads a mapping file {"engine": "<hello name>", "rules": {"<engine code>": "<clause id>"}}.
// Throws InputError naming the file.
std::pair<std::string, std::map<std::string, std::string>> read_rule_map(const std::filesystem::path& file);

// Quotes a string for a POSIX shell command line.
std::string shell_quote(const std::string& s);

}  // namespace rulecheck

// `rulecheck fuzz`: generated cases (properties/generators) sent to an engine in pipelined batches
// and compared with the oracle through the same cross-check as the scenario corpus. Each case runs
// under the ruleset overrides and readings it was drawn with (GeneratedCase::ruleset and
// ::interpretations). A disagreement is shrunk (each smaller candidate is asked of the engine again)
// and the smallest case is written as an ordinary scenario file whose expectation is the oracle's
// outcome; `run` judges that file as fuzz judged the case (the same first difference and signature).
//
// Without keep_going the run stops at the first finding. With it, findings are grouped by their
// signature (harness/signature.hpp): the first of each group is shrunk and saved, later members are
// counted, and one that is smaller than the group's saved case (by the characters of its state and
// request as compact JSON) is saved in its place, as it is, unshrunk.
//
// The same seed gives the same cases: case n is drawn from the n-th split of the seed's random
// stream, at a size that ramps from 0 so that small cases come first.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/case_result.hpp"
#include "harness/example_messages.hpp"
#include "harness/engine.hpp"
#include "harness/engine_readings.hpp"
#include "harness/fuzz_coverage.hpp"
#include "harness/fuzz_focus.hpp"
#include "harness/known.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

namespace generators {
struct GeneratedCase;
}

struct FuzzOptions {
  std::vector<std::string> games;  // empty: every game the engine plays
  std::size_t cases = 10000;       // at most this many generated cases (0: no limit)
  double seconds = 0;              // at most this long (0: no limit)
  std::uint64_t seed = 1;
  bool strict = false;      // compare clause ids of illegal answers too
  std::size_t batch = 256;  // cases per pipelined batch
  std::size_t max_shrink_steps = 400;
  std::filesystem::path save_dir;  // where the smallest failing case is written ("" : not written)
  std::string reproduce_prefix;    // "rulecheck run"
  std::string engine_command;      // for the reproduce line
  unsigned solver_rlimit = 0;      // ask the solver about disagreements (0: never); allowed ones are not findings
  bool with_solver = false;        // --with-solver (N-version): every case is also run on the oracle and each
                                   // outcome checked by the solver both ways (needs solver_rlimit > 0)
  bool any_state = false;          // any valid state, not only those play can reach (--any-state)
  bool sample_ruleset = true;      // a share of cases under sampled rulesets (false: --default-ruleset)
  bool any_ruleset = false;        // sampled among any rulesets the rules leave open (--rulesets any), not
                                   // only those the game produces (harness/game_rulesets.hpp)
  bool keep_going = false;         // after a finding, save it and go on (--keep-going)
  const KnownDeviations* known = nullptr;   // --known: failures it matches are `known`, not findings
  const FeatureUniverse* universe = nullptr;  // what the feature-coverage report counts against
  const FuzzFocus* focus = nullptr;           // --kinds, --keys: the cases drawn outside it are set aside
};

struct FuzzFinding {
  std::size_t case_number = 0;  // the generated case that first disagreed
  std::size_t shrink_steps = 0;
  CaseResult first;            // the disagreement as found
  CaseResult smallest;         // the disagreement after shrinking
  json scenario;               // the smallest case as a scenario file
  std::filesystem::path file;  // where it was written ("" when not)
  std::string save_error;      // why it could not be written there, when it could not
  std::string rerun;           // the command that replays it
};

// The findings that share a signature: how many, and the smallest saved.
struct FindingGroup {
  std::string signature;
  Verdict verdict = Verdict::fail;
  std::size_t count = 0;
  std::uint64_t seed = 0;     // of the part that found the smallest
  std::size_t size = 0;       // the smallest's size: characters of its state and request as compact JSON
  bool shrunk = true;         // false: a later member, smaller than the first one shrunk, saved as it is
  FuzzFinding smallest;
};

struct FuzzStats {
  std::size_t cases = 0, agreed = 0, unsupported = 0, errored = 0, failed = 0;
  std::size_t alternatives = 0;  // outcomes the oracle did not give but the solver finds the rules allow (as the oracle's)
  std::size_t known = 0;         // failures matching a known-deviations entry
  std::size_t disputed = 0;      // steps where the oracle and the solver disagree (a bug in rulecheck)
  SolverSteps solver_steps;      // --with-solver: how the solver judged the oracle's outcomes (case_result.hpp)
  std::size_t sampled_rulesets = 0;  // cases drawn under ruleset overrides (GeneratedCase::ruleset not empty)
  std::size_t other_readings = 0;    // cases drawn under a reading that is not its point's default
  std::map<std::string, std::size_t> kinds;        // "messina consume" -> cases generated
  std::map<std::string, std::size_t> legal_kinds;  // the same, for cases the oracle found legal
  std::map<std::string, std::size_t> clauses;      // clause the oracle's illegal answer named -> cases
  // "scythe action:move" -> cases the engine answered (engine_answered), and -> cases it answered
  // "unsupported": the summary's unsupported share and its --kinds suggestion.
  std::map<std::string, std::size_t> answered_kinds, unsupported_kinds;
  std::size_t set_aside = 0;  // drawn cases outside the focus (--kinds, --keys), not sent
  ExampleMessages errors;                          // the first few errored and skipped messages, each once, counted
  std::vector<FindingGroup> groups;                // findings by signature, in the order found
  FeatureCounts features;                          // what the cases reached (harness/fuzz_coverage.hpp)
  double seconds = 0;
};

// A generated case as fuzz cross-checks it: under the case's ruleset overrides and readings, with no
// expectation of its own (the oracle's outcome stands in for one).
Scenario scenario_of_generated(const generators::GeneratedCase& c, const std::string& id);

// The readings fuzz draws from for `rules`' game: every reading the engine declares of each point it
// declares (a point it does not declare keeps its default): generators::CaseOptions::readings.
json readings_to_draw(const EngineReadings& engine, const GameRules& rules);

// The seed one part of a fuzz run draws from: `base` itself for job 0 of a whole run (one job repeats
// as before), otherwise `base` mixed with the shard (K of N, from 0) and the job, so that every part of
// a sharded or parallel run draws other cases; each part repeats alone with `--seed` its seed.
std::uint64_t fuzz_part_seed(std::uint64_t base, std::size_t shard_index, std::size_t shard_count, std::size_t job);

// Adds one part's statistics into `total` (counts summed, the first few errors kept, the longest time,
// groups of the same signature joined, keeping the smaller saved case).
void add_fuzz_stats(FuzzStats& total, const FuzzStats& part);

// Generates and sends cases until the budget is spent or, without keep_going, a disagreement is found
// (shrunk, saved and reported through `on_finding`; with keep_going, the first of each group is). `progress` is called after each batch. Throws
// InputError when no game can be fuzzed (none asked for that the engine plays and has a generator).
FuzzStats fuzz(EngineProcess& engine, const RulesLibrary& library, const FuzzOptions& options,
               const std::function<void(const FuzzStats&)>& progress,
               const std::function<void(const FuzzFinding&)>& on_finding);

}  // namespace rulecheck

// `rulecheck diff --edited / --readings`: what an edit of a game's numbers (rules/<game>/ruleset.json)
// or of its default readings (rules/<game>/interpretations.json) does to the game. Everything
// rulecheck knows how to judge is judged under both sides, the base and the edited one, and every
// verdict that differs is a change:
//
//   the scenario corpus      a step whose outcome differs (the first in its scenario)
//   a generated sample       cases from a fixed seed whose outcome differs, grouped by what changed,
//                            each group with its smallest case (shrunk while it still changes)
//   the proofs               an invariant that stops or starts holding, with its counterexample
//   the ambiguity search     an interpretation point whose readings stop or start mattering
//   the solver's probes      per step type, the smallest board where the two sides differ
//   the contradiction search sets of sentences whose literal constraints cannot all hold on any board
//                            (the encoding reads the side's numbers; the sentences that restate a
//                            number keep the texts' own), found under one side and not the other
//
// Each change carries a witness: scenario files (one per side) that `rulecheck run` replays under the
// project's own rules, because each carries its side's overrides in "ruleset" and "interpretations".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck::diff {

using json = nlohmann::json;

// One side of the comparison: the game's rulebook data with this side's ruleset and default readings.
struct Side {
  std::string name;  // "base" | "edited"
  GameRules rules;
};

// The two sides of an edit of `game`.
struct Edit {
  std::string game;
  Side base, edited;
};

// Reads the editor's files: `edited_ruleset` (a ruleset file, whole or only the keys it changes, merged
// over `base_ruleset` or the project's), `readings` (an interpretations.json with other defaults, or
// {"readings": {point: reading}}, or {point: reading}); an empty path is "no change". The game comes
// from the files' "game", else `game`. Throws InputError naming the file and the field.
Edit read_edit(const RulesLibrary& library, const std::string& game, const std::string& base_ruleset,
               const std::string& edited_ruleset, const std::string& readings);

// A field of the ruleset or a point's reading that the edit changes.
struct KeyChange {
  std::string key;  // a JSON pointer into the ruleset ("/units/infantry/cost"), or a point id
  json before, after;
};

// A change's witness: one scenario file per side ("base", "edited"), the same state and step, each
// expecting that side's outcome. A side whose rules reject the state has no scenario (null).
struct Witness {
  json base, edited;
};

// A corpus scenario whose outcome changes at `step` (the first step that differs; later steps start
// from different states and are not compared).
struct ScenarioChange {
  std::string id, file, title;
  std::size_t step = 0;
  json before, after;  // the outcomes ({"legal", "rule", "reason", "state"} | {"result"} | {"error"})
  Witness witness;
};

// Generated cases of one kind whose outcome changes in the same way.
struct SampleChange {
  std::string kind;           // "muster"
  std::string before, after;  // "legal", "illegal (messina.muster.stacking)", "answer", "not a state"
  std::size_t cases = 0;
  Witness witness;  // the smallest such case
};

struct ProofChange {
  std::string id, claim;
  std::vector<std::string> clauses;
  std::string before, after;  // proved | refuted | unknown
  json counterexample;        // the side where it is refuted (a scenario, with that side's overrides), or null
};

// A point whose readings differ on some board under one side and on none found under the other.
struct PointChange {
  std::string point;
  bool before = false, after = false;  // whether a witness was found
  std::string title;
  json scenarios;  // the witness's scenarios (one per reading) on the side where it matters
};

// A solver probe (a step type on small boards) whose smallest board where the sides differ.
struct ProbeChange {
  std::string probe, title;
  std::vector<std::string> clauses;
  int size = 0;
  Witness witness;
};

// A set of sentences whose literal constraints cannot all hold, found on one side only (the
// contradiction search over the literal encoding: Game::contradictions).
struct ContradictionChange {
  std::string probe, title;
  std::vector<std::string> clauses;
  bool before = false, after = false;  // found under the base, under the edited rules
  std::string note;                    // why, with the numbers, on the side where it is found
};

// One question the solver was asked for the comparison, and how it ended on each side: a proof
// (proved | refuted | unknown | interrupted), an interpretation point's search (witness | none |
// unknown | interrupted) or a probe, asked of both sides at once (changed | unchanged | unknown |
// interrupted: `base` and `edited` are that one status). `why`: for an undecided side, why; for
// "none" or "unchanged", the scope searched.
struct Question {
  std::string part;  // "proof" | "point" | "probe" | "contradictions"
  std::string id;
  std::string base, edited;
  std::string why;
  bool decided() const { return decided_status(base) && decided_status(edited); }
  static bool decided_status(const std::string& s) { return s != "unknown" && s != "interrupted"; }
};

// A sentence of the rule texts stating a number that the edit changes (rules/<game>/numbers.json): the
// sentence stating an edited key (the edit itself: its words change with it), or one restating or
// deriving it (a location's "7" from the limits 5 and 2): left as written, the texts would
// contradict each other.
struct SentenceChange {
  std::string clause, paraphrase, section;
  int paragraph = 0, nth = 0;  // the clause's paragraph, the number's place in it
  std::string means, says;     // the formula it follows, and the relation in words
  double before = 0, after = 0;
  bool states_a_key = false;
  std::vector<std::string> rests_on;  // the sentences stating the keys it reads
};

struct GameDiff {
  std::string game;
  std::vector<KeyChange> ruleset, readings;  // what the edit changes
  std::vector<SentenceChange> sentences;      // the sentences whose numbers the edit changes
  std::size_t scenarios_compared = 0, steps_compared = 0;
  std::vector<std::string> scenario_errors;  // files that could not be loaded
  std::vector<ScenarioChange> scenarios;
  std::uint64_t seed = 0;
  std::size_t sample_cases = 0;
  std::vector<SampleChange> sample;
  std::size_t proofs_compared = 0;
  std::vector<ProofChange> proofs;
  std::size_t points_compared = 0;
  bool literal_search = false;  // whether the points include the literal search's new findings (--discovery)
  std::vector<PointChange> points;
  std::size_t probes_compared = 0;
  std::vector<ProbeChange> probes;
  std::size_t contradiction_probes = 0;  // the contradiction search's probes (0: the game has no literal encoding)
  std::vector<ContradictionChange> contradictions;
  std::vector<std::string> unknowns;  // what the solver could not decide within its budget
  std::vector<Question> questions;    // every question asked of the solver, on both sides
  // Set when a signal stopped the comparison: "SIGINT during the proofs"; the parts not reached
  // were not compared (their counts stay 0) and a part stopped midway is noted in `unknowns`.
  std::string interrupted;
  double seconds = 0;

  bool changed() const {
    return !scenarios.empty() || !sample.empty() || !proofs.empty() || !points.empty() || !probes.empty() ||
           !contradictions.empty() || !sentences.empty();
  }
  // The questions not decided on some side (unknown or interrupted): the comparison is not complete.
  std::size_t undecided() const {
    std::size_t n = 0;
    for (const auto& q : questions) n += q.decided() ? 0 : 1;
    return n;
  }
};

struct DiffOptions {
  std::vector<std::string> scenario_paths;  // the corpus
  std::size_t sample = 4000;                // generated cases per side's generator
  std::uint64_t seed = 1;
  unsigned rlimit = 50'000'000;  // the solver's budget per question (0: no proofs, points or probes)
  // The literal encoding's search for new findings beside the declared points (diff --discovery): off
  // by default, as it is the slow part of the ambiguity search.
  bool literal_search = false;
};

// The invariants whose status differs between two sides' proof records (Game::prove's, in any
// order), by id; each change carries the counterexample of the side where it is refuted, as the
// solver wrote it. A status "unknown" on either side is also noted in `unknowns`: a budget
// exceeded is never a pass.
std::vector<ProofChange> compare_proofs(const json& before, const json& after, std::vector<std::string>& unknowns);

// Runs everything under both sides. `progress` gets a line per stage.
GameDiff diff_edit(const Edit& edit, const RulesLibrary& library, const DiffOptions& options,
                   const std::function<void(const std::string&)>& progress);


}  // namespace rulecheck::diff

// The one interface a game implements to be run by rulecheck. The harness, the CLI, the reports
// and the engine protocol only ever see this; each game's JSON edge (games/<game>/) implements it
// and games/registry.hpp lists them.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/outcome_check.hpp"

namespace rulecheck {

using json = nlohmann::json;

// What an action does under the rules: legal with the next state (canonical JSON), or illegal
// with the clause id that forbids it and a sentence saying why.
struct ApplyOutcome {
  bool legal = false;
  std::string rule;             // clause id when illegal
  std::string reason;           // why, when illegal
  std::shared_ptr<json> state;  // canonical next state when legal (and asked for as a value)
  std::string state_text;       // the same, as compact JSON text: state->dump()'s bytes (when asked for as text)
};

// The forms of a legal outcome's next state BoundRules::apply_as writes: its JSON value, its JSON
// text (written straight from the game's state where the game can, without building the value), or both.
enum class NextState { value, text, both };

// One decision of the oracle's reasoning about a step (`rulecheck explain`): the clause it applies,
// what it decided in words, and the numbers it used, in the order it used them; `forbids` marks
// the decision that makes an action illegal.
struct ExplainedDecision {
  std::string clause;
  std::string what;
  std::vector<std::pair<std::string, long long>> numbers;
  bool forbids = false;
};

// A step's outcome with the reasoning behind it: an action's outcome (`applied`) or a query's
// answer (`result`), and every decision the oracle took on the way, in order.
struct Explanation {
  ApplyOutcome applied;          // for an action
  std::shared_ptr<json> result;  // for a query
  std::vector<ExplainedDecision> decisions;
};

// One invariant of the states play can reach that a state breaks (oracle/reachable.hpp): the
// invariant's id (rules/<game>/invariants.json), a JSON pointer into the state ("/state/..."), why.
struct StateInvariantBreak {
  std::string invariant;
  std::string pointer;
  std::string why;
};

// One game's rules bound to a ruleset and to the readings of its interpretation points.
// All methods throw InputError on malformed input, its pointer starting with "/state", "/action"
// or "/query".
class BoundRules {
 public:
  virtual ~BoundRules() = default;
  // Validates a state (it must not contradict itself) and returns its canonical form.
  virtual json canonical_state(const json& state) const = 0;
  // The invariants of the states play can reach that a valid `state` breaks (empty: play can reach
  // it, as far as the invariants tell). Throws InputError when the state is not valid.
  virtual std::vector<StateInvariantBreak> reachability_breaks(const json& state) const = 0;
  // Beside the invariants: what a valid `state` breaks as the board the step `action` starts from
  // (Scythe: a Move's start, rules/scythe/move_start.json). Empty when the game has no such
  // condition. Throws InputError when the state or the action is not valid.
  virtual std::vector<StateInvariantBreak> step_start_breaks(const json& /*state*/, const json& /*action*/) const {
    return {};
  }
  virtual ApplyOutcome apply(const json& state, const json& action) const = 0;
  // apply(), with the next state in the forms `wanted` (apply() is apply_as(..., NextState::value)).
  virtual ApplyOutcome apply_as(const json& state, const json& action, NextState wanted) const = 0;
  virtual json query(const json& state, const json& query) const = 0;
  // apply_as() and query() with the state as its JSON text (a serve request's, a scenario's, the
  // previous step's next state): a game that can reads the text straight into its model, and where
  // it cannot (or its reader gives up) the text is parsed and read as apply_as() reads it, so the
  // outcome and every error are apply_as()'s and query()'s (common/game.cpp: parsed, for any game).
  virtual ApplyOutcome apply_text(std::string_view state, const json& action, NextState wanted) const;
  virtual json query_text(std::string_view state, const json& query) const;
  // The same outcome as apply() or query() (`is_query` says which `request` is), with the
  // oracle's reasoning: each decision under its clause id, with its numbers.
  virtual Explanation explain(const json& state, const json& request, bool is_query) const = 0;
  // The Z3 layer's verdict on `claimed`, an outcome someone gives for one step from `state`
  // ({"legal": true, "state": ...}, {"legal": false, "rule": ...} or {"result": ...}): whether the
  // rules allow it under these readings, and if not, the clauses it breaks. `rlimit` bounds the work.
  virtual OutcomeCheck check_outcome(const json& state, const json& request, bool is_query, const json& claimed,
                                     unsigned rlimit) const = 0;
  // The other way round, for an action whose `claimed` outcome is legal with a next state (one the
  // rules allow): allowed when the rules allow no other next state from `state`; forbidden when
  // they also allow another, `why` naming where it differs; not-encoded for any other outcome (an
  // illegal outcome and a query's answer are decided both ways by check_outcome already).
  virtual OutcomeCheck check_only_outcome(const json& state, const json& action, const json& claimed,
                                          unsigned rlimit) const = 0;
};

// A state's JSON text as a value, as a serve request's is parsed (a key given twice keeps the last);
// InputError at "/state" when it is not JSON.
json state_json(std::string_view text);

// Whether the ambiguity search runs the literal encoding's search for new findings (issue 23).
// run: the searches for new findings that CI can afford; full: also the costlier ones (Messina's Muster and
// Re-arm searched from the words alone, about 20 s of CPU: `ambiguities --full`); skip: none of them.
enum class LiteralSearch { run, skip, full };

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;
  // `ruleset`: the full merged ruleset (rules/<game>/ruleset.json plus overrides);
  // `readings`: interpretation point id -> reading, for every point of the game.
  virtual std::unique_ptr<BoundRules> bind(const json& ruleset, const json& readings) const = 0;
  // The Z3 layer's proofs of the game's rule invariants under a ruleset and readings: an array of
  // records {"id", "claim", "clauses", "status": "proved"|"refuted"|"unknown", "detail",
  // "counterexample": a scenario or null} (docs/solver.md).
  virtual json prove(const json& ruleset, const json& readings, unsigned rlimit) const = 0;
  // The same proofs, each proved one also asked under mutants of the clauses it rests on
  // (`prove --strength`): {"proofs": the records, each with "killed_by", "survived" and "hollow";
  // "clauses": per clause or convention of the sections written as one relation, which proofs kill
  // its generic mutants and which mutants survive (games/solver_records.hpp strength_records)}.
  virtual json prove_strength(const json& ruleset, const json& readings, unsigned rlimit) const = 0;
  // The designer's ambiguity search: an array of findings {"point", "kind", "new", "clauses",
  // "size", "title", "note", "scenarios": [{"reading", "scenario"}]} (docs/solver.md). With
  // LiteralSearch::skip, only the declared points and the decided encoding's open-outcome probes:
  // not the literal encoding's search for new findings (diff's default: it is the slow part) nor the
  // discovery from the words alone. `clauses`: the game's clause ids (rules/<game>/clauses.json), the
  // tags whose constraints the discovery keeps; a tag of the relation that is neither one of them, a
  // convention nor an interpretation point is an error (std::logic_error). Unread with skip.
  virtual json ambiguities(const json& ruleset, const json& readings, unsigned rlimit, LiteralSearch literal,
                           const std::set<std::string>& clauses) const = 0;
  // The contradiction search over the game's literal encoding (docs/solver.md): clauses whose literal
  // constraints cannot all hold on any board of its scope. `ruleset`: the numbers the encoding reads;
  // `stated_ruleset`: the ruleset the rule texts state (their sentences that restate a number keep
  // it). A record {"game", "status": "none"|"found"|"unknown"|"interrupted", "scope", "probes",
  // "reason"?, "found": [{"probe", "title", "clauses", "note"}]}, or null for a game with no literal
  // encoding.
  virtual json contradictions(const json& ruleset, const json& stated_ruleset, const json& readings,
                              unsigned rlimit) const = 0;
  // The Z3 layer's smallest witnesses of an edit: for each probe step of the game (every encoded action and
  // query type on small boards), the smallest state where `base` and `edited` (each a full merged ruleset and
  // every point's reading) give different outcomes. An array of records {"game", "probe", "clauses", "size",
  // "title", "note", "status": "changed"|"unchanged"|"unknown", "scenarios": [{"side": "base"|"edited",
  // "scenario": a scenario file}]} (scenarios only for "changed"; docs/solver.md). The scenarios carry
  // "ruleset": {} and "interpretations": {} : the caller fills in each side's overrides.
  virtual json edit_witnesses(const json& base_ruleset, const json& base_readings, const json& edited_ruleset,
                              const json& edited_readings, unsigned rlimit) const = 0;
};

}  // namespace rulecheck

// Running scenarios against a target (the oracle in process, or an engine under test) and judging
// each step's outcome against the scenario's expectation.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/compare.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

using json = nlohmann::json;

enum class Verdict { pass, fail, skipped, errored };
std::string_view verdict_name(Verdict v);

// The result of one scenario (a "case") on one target.
struct CaseResult {
  std::string id;
  std::string file;
  std::string game;
  std::string title;
  std::string target;
  Verdict verdict = Verdict::pass;
  std::vector<std::string> cites;
  int step = -1;              // the step that failed, errored or was skipped
  std::string message;        // one line: what went wrong
  json patch;                 // fail: the first difference as a JSON patch (actual -> expected)
  json expected;              // fail: the expected value at that path
  json actual;                // fail: the actual value at that path
  std::vector<std::string> clauses;  // fail: clauses involved (cited, expected rule, answered rule)
  std::string stderr_text;    // what an engine wrote to stderr while answering this case
  std::string reproduce;      // a command that re-runs this one case on this target
  double millis = 0;
};

// An outcome, as JSON: {"legal": true, "state": {...}} | {"legal": false, "rule": "...",
// "reason": "..."} for an action; {"result": ...} for a query; {"unsupported": "why"}.
class Target {
 public:
  virtual ~Target() = default;
  virtual std::string name() const = 0;
  // Called before a scenario's first step; throws InputError if the scenario cannot be bound.
  virtual void begin_case(const Scenario& scenario, const json& ruleset, const json& readings) = 0;
  virtual json outcome(const json& state, const Step& step) = 0;
};

class OracleTarget final : public Target {
 public:
  std::string name() const override { return "oracle"; }
  void begin_case(const Scenario& scenario, const json& ruleset, const json& readings) override;
  json outcome(const json& state, const Step& step) override;

 private:
  std::unique_ptr<class BoundRules> bound_;
};

// The first way `outcome` falls short of `expect` (DESIGN.md: legal, then rule, then state by
// containment; results exactly; one_of: any alternative). `strict_rule`: compare the clause id of
// an illegal outcome, not only the legality.
std::optional<Difference> judge_step(const json& expect, const json& outcome, bool strict_rule);

// Records a failing step in `r`: the first difference as a patch, the values at its path, the
// clauses involved (cited, the rule `expected` names, the rule `outcome` answered) and one line
// saying so; `against` names what was not met ("" for the scenario's own expectation).
void record_failure(CaseResult& r, const Scenario& s, std::size_t step, const Difference& d, const json& expected,
                    const json& outcome, std::string_view against);

// Runs every step of `scenario` on `target`.
CaseResult run_case(const Scenario& scenario, const GameRules& rules, Target& target);

// A case for a scenario file that could not be loaded.
CaseResult errored_case(const ScenarioError& error, const std::string& target);

}  // namespace rulecheck

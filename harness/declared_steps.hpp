// A step as an engine with declarations (harness/engine_declarations.hpp) is sent it and judged:
//
//   declared_request()  the state and the action it is sent: "unit_ids" added to the state and a
//                       "unit_id" to each unit move (unit_ids), each move's path replaced by its
//                       destination "to" (moves: destination)
//   judge_declared()    what its answer is compared with: for a destination move, the outcome of some
//                       path the rules allow (the oracle searches them); its unit ids checked and dropped;
//                       the places it does not model taken from the outcome compared with
#pragma once

#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "common/game.hpp"
#include "harness/engine_declarations.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// What the declarations `d` decide before a case of `s` is sent: why it is skipped (a number the engine
// hard-codes set otherwise; `group`: the reason the summary counts it under), or "" with `ruleset` the
// merged ruleset (paths are searched in it) and `judged` the scenario without the places the engine does
// not model in its expectations (null when it declares none).
std::string prepare_declared_case(const EngineDeclarations& d, const GameRules& rules, const Scenario& s, json& ruleset,
                                  std::shared_ptr<const Scenario>& judged, std::string& group);

struct DeclaredRequest {
  std::string state;    // the state's JSON text as sent
  std::string request;  // the action's or query's JSON text as sent
  json unit_ids;        // the ids given (null: none)
};

// The state (`state_text`, as the oracle's input) and `step`'s request as sent to an engine declaring `d`.
DeclaredRequest declared_request(const EngineDeclarations& d, const std::string& state_text, const Step& step);

// Whether `step` is a move an engine declaring destination moves receives as destinations.
bool is_destination_step(const EngineDeclarations& d, const Step& step);

struct DeclaredVerdict {
  json answer;          // the engine's answer as compared: its unit ids dropped, not-modelled places from `reference`
  json reference;       // the oracle's outcome it is compared with (the searched path's for a destination move)
  json reference_action;  // the action (paths chosen) whose outcome `reference` is; null: the step's own
  bool expectation = true;  // judge against the scenario's expectation too (false: a destination move, whose
                            // expectation is for the scenario's own path)
  std::string problem;  // its echoed unit ids break what was given: the step fails with this
  std::string note;     // said after a failure (the oracle's verdict depends on the path)
};

// Judges the parts the declarations change of `answer` (an apply's or query's answer) to `step` from
// `state` under `rules` (`ruleset`: the merged ruleset), `oracle` being the oracle's outcome for the step as
// the scenario gives it. `rule_map` translates the engine's rule codes; `strict` compares them.
DeclaredVerdict judge_declared(const EngineDeclarations& d, const json& answer, const json& oracle, const BoundRules& rules,
                               const json& ruleset, const json& state, const Step& step, const json& unit_ids,
                               bool strict, const std::map<std::string, std::string>& rule_map);

}  // namespace rulecheck

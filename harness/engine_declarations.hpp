// What an engine declares in its hello answer besides protocol 1's fields (docs/engine-protocol.md
// "Declarations"): each is optional, and an engine that declares none is judged as protocol 1 says.
//
//   "moves": "destination"       each unit move is sent as its destination ("to"), not its path; the
//                                answer is judged against every path the rules allow (harness/declared_steps.hpp)
//   "not_modelled": [...]        fields of the state the engine does not model: a field name ("held_by")
//                                or a JSON pointer pattern into the state ("/territories/*/held_by");
//                                never compared, named in the coverage line
//   "fixed_ruleset": {k: v}      ruleset numbers the engine hard-codes: the corpus skips a scenario whose
//                                ruleset sets another value, fuzz keeps them at v
//   "unit_ids": true             the state sent carries "unit_ids" (one id per unit on the map) and each
//                                unit move its "unit_id"; the answer may echo them
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

struct GameRules;
class RulesLibrary;

struct EngineDeclarations {
  bool destination_moves = false;
  std::vector<std::string> not_modelled;
  json fixed_ruleset = json::object();
  bool unit_ids = false;

  bool any() const { return destination_moves || !not_modelled.empty() || !fixed_ruleset.empty() || unit_ids; }
  bool operator==(const EngineDeclarations&) const = default;
};

// The declarations of the hello answer `answer` of the engine run by `command`. Throws HelloError naming
// the field when one is malformed ("moves" not "path" or "destination", a pattern that is neither a field
// name nor a pointer, "fixed_ruleset" not an object, "unit_ids" not true or false).
EngineDeclarations read_declarations(const json& answer, const std::string& command);

// What is wrong with the declarations against the games the engine plays: a fixed_ruleset key that none
// of their rulesets has. Empty when nothing is.
std::vector<std::string> declaration_problems(const EngineDeclarations& d, const std::vector<std::string>& games,
                                              const RulesLibrary& library);

// The declarations in words for a coverage line ("not compared: held_by", "moves given as destinations",
// "fixes popularity_loss_per_worker at 1", "unit ids"); empty when none.
std::vector<std::string> declaration_notes(const EngineDeclarations& d);

// Every place in `state` a not_modelled pattern names, as JSON pointers.
std::vector<json::json_pointer> unmodelled_places(const json& state, const std::vector<std::string>& patterns);

// `engine_state` with the value of every not-modelled place taken from `reference` (or removed where
// `reference` has none), so that the engine's state is validated and compared on what it models only.
void take_unmodelled_from(json& engine_state, const json& reference, const std::vector<std::string>& patterns);

// `state` without the not-modelled places (a scenario's expectation: containment then never asks for them).
void drop_unmodelled(json& state, const std::vector<std::string>& patterns);

// Why a scenario of `game` whose merged ruleset is `merged` is skipped for an engine that hard-codes
// `fixed` ("the engine fixes move_range at {...}; the scenario sets {...}"), with `group` the reason
// the summary counts it under ("the engine fixes move_range"); empty when it is not.
std::string fixed_ruleset_skip(const json& fixed, const GameRules& rules, const json& scenario_ruleset,
                               std::string& group);

// fuzz: the ruleset overrides of a generated case with the engine's fixed keys kept at the declared
// value (dropped from what was sampled; an override where the declared value is not the game's default).
void keep_fixed_keys(json& overrides, const json& fixed, const json& game_default);

}  // namespace rulecheck

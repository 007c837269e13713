// Which scenarios exercise each ruleset key (`rulecheck rules coverage`, "ruleset keys").
//
// The keys are the leaves of rules/<game>/ruleset.json, nested ones by dotted path (units.bomber.cost,
// move_range.mech; a list such as ai_backed_units is one key); "game" and "note" are not rules. A
// scenario overrides a key when its "ruleset" gives it a value other than the default. It depends on
// the key when, run again on the oracle with that one key reset to its default, it no longer passes,
// judged as `run` judges an engine by default (legality, the next state, a query's result; not the
// clause id of an illegal answer): an engine that ignores the key (using the default) fails it. A
// starting board that the default ruleset rejects counts too (such an engine answers an error).
//
// A key that no rule of the texts reads (ruleset.doc.json says so, with why, in "read_by_no_rule")
// cannot have such a scenario; for it the claim is checked instead: every scenario of the game is run
// with the key one higher, and one whose verdict changes (clause ids included) shows the claim wrong.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

// One scenario overriding a key.
struct KeyOverride {
  std::string id;    // the scenario's id
  std::string file;  // its file
  json value;        // the value it gives the key
  bool depends = false;
  // With the key at its default: the oracle's verdict ("step 0: at /legal expected true, got false", or
  // the state rejected); or why dependence could not be judged (the scenario does not pass as written).
  std::string how;
};

struct RulesetKeyUse {
  std::string game;
  std::string key;  // dotted path
  json default_value;
  std::vector<KeyOverride> overrides;  // in scenario order
  // Not empty: ruleset.doc.json says no rule of the texts reads this key, and why.
  std::string read_by_no_rule;
  // For such a key: the scenarios run with it one higher (an integer key; 0 otherwise), and those whose
  // verdict changed ("id: message"), which make the claim wrong.
  std::size_t unread_checked = 0;
  std::vector<std::string> read_anyway;

  bool depended_on() const;
  // Why this key is not covered ("" when it is): no scenario depends on it, or it is said to be read
  // by no rule yet a scenario's verdict changes with it.
  std::string gap() const;
};

// Every key of every game's ruleset, by game and key (dotted paths sorted), with the scenarios of `scenarios` that
// override it. Scenarios that can no longer be loaded are left out (loading reports them).
std::vector<RulesetKeyUse> ruleset_key_uses(const ScenarioSource& scenarios, const RulesLibrary& library);

}  // namespace rulecheck

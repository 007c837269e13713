// A change's witness as scenario files: the same state and step under each side of an edit, each
// file carrying its side's numbers and readings as overrides of the project's own, so that
// `rulecheck run` replays it with the project's rules/ and no other file.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/edit_diff.hpp"

namespace rulecheck::diff {

// A state and one step, with the overrides of the case itself (a corpus scenario's own "ruleset"
// and "interpretations"; empty for a generated case).
struct WitnessCase {
  std::string slug;  // the id's tail: "messina/muster/stacking-full/step0"
  std::string title;
  std::vector<std::string> cites;
  json ruleset = json::object(), interpretations = json::object();
  json state;
  bool is_query = false;
  json request;
};

// The overrides that turn `defaults` into `merged`: every field that differs ("game", "note" aside).
json ruleset_overrides(const json& defaults, const json& merged);

// The scenario of `c` under `side`, expecting `outcome` (an oracle outcome); null when the side's
// rules reject the state (`outcome` is {"error": ...}).
json side_scenario(const GameRules& project, const Side& side, const WitnessCase& c, const json& outcome);

// `scenario`, whose "ruleset" and "interpretations" are relative to `side`, made relative to the
// project's rules (the side's own overrides merged under the scenario's).
json with_side(const GameRules& project, const Side& side, json scenario);

}  // namespace rulecheck::diff

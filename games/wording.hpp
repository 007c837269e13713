// A witness in the game's own words, for the designer's report: the step as a sentence ("Red musters
// 1 Civilian at A"), what a legal step changes with each value before and after ("Red's Spare tokens
// 3 -> 2"), a query's answer as a sentence, and the places the step names. Each game writes its
// words beside its adapter (games/<game>/wording.cpp); with_words() adds them to the witness records.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

struct GameWords {
  // `step` is {"action": ...} or {"query": ...}; `state` the board it starts from.
  std::function<std::string(const json& state, const json& step)> step;
  // What changed from `before` to `after` (two states of the game), one line per change.
  std::function<std::vector<std::string>(const json& before, const json& after)> changes;
  // A query's answer as a sentence.
  std::function<std::string(const json& query, const json& result)> answer;
  // The spaces (territories) the step names, in its order, each once.
  std::function<std::vector<std::string>(const json& step)> places;
};

// One value of a state at a path: objects walked member by member, an array of objects that name an
// "owner" keyed by the owner (a Messina Utility), any other array one value.
struct StateLeaf {
  std::vector<std::string> path;  // {"factions", "Red", "population", "spare"}
  json value;
};
std::vector<StateLeaf> state_leaves(const json& state);

// The leaves whose values differ (a missing count reads as 0, a missing list as empty, a missing
// flag as false): {path, before, after}.
struct StateChange {
  std::vector<std::string> path;
  json before, after;
};
std::vector<StateChange> state_changes(const json& before, const json& after);

// A value as a person reads it: numbers and strings as they are, true/false as yes/no, a list
// joined by commas, nothing as "none".
std::string value_words(const json& v);

// Each finding record (Game::ambiguities) with its words: "step_in_words" and "places" on the finding,
// and on each scenario "outcome_in_words" ("allowed", "refused (<clause>)", the answer) and, when
// legal, "changes_in_words" (each change with its before and after values; empty: nothing changes).
json with_words(json records, const GameWords& words);

}  // namespace rulecheck

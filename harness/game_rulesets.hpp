// The rulesets a game produces, and `--rulesets game|any` (docs/rulesets.md, "The game's rulesets").
//
// rules/<game>/ruleset.doc.json's "produced" lists the groups of keys the game sets together and the
// combinations of their values a game can have (Scythe's per-unit ranges: the base game's 1/1/1 and
// Speed's 2/2/1); every key of no group has its default only, the number the rulebook prints. By
// default (`--rulesets game`) `run` skips, on every target, a scenario whose ruleset is not one of
// those, and `fuzz` draws only those; `--rulesets any` runs every scenario and draws any ruleset the
// rules leave open: a rulebook editor's what-ifs (as `diff` does).
#pragma once

#include <string>
#include <string_view>

#include "harness/case_result.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {

enum class RulesetChoice { game, any };

// "game" or "any"; throws InputError("--rulesets", ...) for anything else.
RulesetChoice ruleset_choice(const std::string& text);

// Why a case is skipped under --rulesets game (its skip reason, the same for every such case).
inline constexpr std::string_view kNotTheGamesRuleset = "ruleset not one the game produces (run with --rulesets any)";

// Reads "produced" of rules/<game>/ruleset.doc.json into `g` (nothing when the file or the field is
// absent: every key has its default only). Throws InputError naming the file for a key the ruleset
// does not have or two groups share, a combination of another length than its keys, a group whose
// combinations leave out the defaults, or a combination the game's ruleset reader refuses.
void read_produced_rulesets(GameRules& g, const std::filesystem::path& doc_file);

// "" when `merged` (a complete ruleset of `rules`' game) is one the game produces; otherwise the
// values that are not, with the game's: "move_range 1/2/1 for character/mech/worker (the game's:
// 1/1/1, 2/2/1)", "stacking_map 3 (the game's: 5)".
std::string not_produced(const GameRules& rules, const json& merged);

// Case `s` skipped on `target` under --rulesets game: the message is "<kNotTheGamesRuleset>: <what
// not_produced says>", the skip reason kNotTheGamesRuleset.
CaseResult not_produced_case(const Scenario& s, const std::string& target, const std::string& why);

// For a --rulesets game run: "" when scenario `s` runs, otherwise what not_produced says of its
// ruleset (merged with the game's defaults).
std::string scenario_ruleset_not_produced(const Scenario& s, const GameRules& rules);

}  // namespace rulecheck

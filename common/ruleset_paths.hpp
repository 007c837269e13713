// The dotted keys of a ruleset ("move_range.mech", "units.bomber.cost") and where they stand in it:
// one reading for everything that names a ruleset key (the key tables, the generators' game
// combinations, fuzz's focus and its coverage). Ruleset keys are plain words: no '/' or '~' to escape.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

// "move_range.mech" -> /move_range/mech
nlohmann::json::json_pointer ruleset_key_pointer(const std::string& key);

// The leaf keys of a ruleset by dotted path, less the top-level "game" and "note" (a list is one key);
// `prefix` is the path of `node` ("" for the whole ruleset).
void ruleset_leaf_keys(const nlohmann::json& node, const std::string& prefix, std::vector<std::string>& out);

// The leaf keys of `overrides` whose value differs from `defaults` there (or that `defaults` lacks).
void changed_ruleset_keys(const nlohmann::json& overrides, const nlohmann::json& defaults, const std::string& prefix,
                          std::vector<std::string>& out);

}  // namespace rulecheck

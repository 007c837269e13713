// Messina's ruleset (rules/messina/ruleset.json) and readings (interpretations.json) read at the JSON
// edge, with the same strict fields and pointers as the rest of adapter.cpp (games/messina/rules_read.cpp).
#pragma once

#include "common/json_reader.hpp"
#include "oracle/messina/model.hpp"

namespace rulecheck::messina {

// The numbers of `ruleset` and the readings of `readings` as the oracle's Rules.
Rules read_rules(const JsonReader& ruleset, const JsonReader& readings);

}  // namespace rulecheck::messina

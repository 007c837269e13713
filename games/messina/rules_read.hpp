// Messina's ruleset (rules/messina/ruleset.json) and readings (interpretations.json) read at the JSON
// edge, with the same strict fields and pointers as the rest of adapter.cpp (games/messina/rules_read.cpp).
#pragma once

#include <set>
#include <string>

#include "common/json_reader.hpp"
#include "oracle/messina/model.hpp"
#include "solver/messina/discovery.hpp"

namespace rulecheck::messina {

// The numbers of `ruleset` and the readings of `readings` as the oracle's Rules.
Rules read_rules(const JsonReader& ruleset, const JsonReader& readings);

// What a tag of the solver's relations is, for the discovery search (solver/messina/discovery.hpp): a
// clause when `clauses` (rules/messina/clauses.json's ids) has it, a point when the readings table knows
// it (with its readings), a convention by its namespace; any other tag the search refuses.
solver::messina::SourceIndex discovery_sources(const std::set<std::string>& clauses);

}  // namespace rulecheck::messina

// Scythe's JSON edge (games/scythe/adapter.cpp): the Game the harness runs.
#pragma once

#include <set>
#include <string>

#include "common/game.hpp"
#include "solver/scythe/discovery.hpp"

namespace rulecheck::scythe {

const Game& scythe_game();

// What a tag of the movement relation is, for the discovery search (solver/scythe/discovery.hpp): a clause
// when `clauses` (the ids of rules/scythe/clauses.json) has it, a point when the readings table knows it,
// a convention by its namespace (scythe.convention.*).
solver::scythe::SourceIndex discovery_sources(const std::set<std::string>& clauses);

}  // namespace rulecheck::scythe

// Messina's steps and answers as JSON (games/messina/step_json.cpp): the solver's witnesses (an action or
// a query), query answers both ways, and a unit count as the state format writes it.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "oracle/messina/model.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::messina {

// Units of each kind as the state format writes them: the kinds with a count, by name.
nlohmann::json write_unit_counts(const UnitCounts& counts);
// A query's answer: a list of spaces, a faction or null, or a Boolean.
nlohmann::json write_answer(const QueryAnswer& answer);
// A claimed answer to `query` as the oracle's typed answer; nullopt when it has the wrong shape.
std::optional<QueryAnswer> read_claimed_answer(const Query& query, const nlohmann::json& result);
nlohmann::json write_action(const Action& action);
nlohmann::json write_query(const Query& query);
// {"action": ...} or {"query": ...}
nlohmann::json write_step(const solver::messina::Step& step);

}  // namespace rulecheck::messina

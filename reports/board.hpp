// A state drawn for people: one table per collection of the state (factions, spaces, cards,
// territories), a row per member and a column per field any member has, and the scalars (round,
// phase) as one line. The designer's report and the editor's diff draw their witnesses with it.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace rulecheck {

void write_board_markdown(std::ostream& out, const nlohmann::json& state);
void write_board_html(std::ostream& out, const nlohmann::json& state);

// Text for a Markdown table cell: '|' escaped, newlines as spaces.
std::string markdown_cell(const std::string& text);

}  // namespace rulecheck

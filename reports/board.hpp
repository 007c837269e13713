// A state drawn for people: one table per collection of the state (factions, spaces, cards,
// territories), a row per member and a column per field any member has, and the scalars (round,
// phase) as one line. The designer's report and the editor's diff draw their witnesses with it.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

void write_board_markdown(std::ostream& out, const nlohmann::json& state);
void write_board_html(std::ostream& out, const nlohmann::json& state);
// The same without the tables named in `leave_out` (those a picture beside it draws whole).
void write_board_html(std::ostream& out, const nlohmann::json& state, const std::vector<std::string>& leave_out);

// The map of a state as an inline SVG picture: each space (Messina "spaces") or territory (Scythe
// "territories") a box with what stands there (units by faction, Utilities and their Workers,
// Shields, the Location Card and its units, whose Home it is; a Scythe home base, encounter token,
// structure, who holds it, a pending combat or encounter), a line between adjacent ones, and the
// spaces in `highlight` drawn in a stronger colour. Nothing when the state has no map.
void write_board_svg(std::ostream& out, const nlohmann::json& state, const std::vector<std::string>& highlight);

// Text for a Markdown table cell: '|' escaped, newlines as spaces.
std::string markdown_cell(const std::string& text);

}  // namespace rulecheck

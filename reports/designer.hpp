// The designer's report of `rulecheck ambiguities`: one section per finding (new findings first),
// the clauses in the project's own words, the witness board drawn as tables, and the outcome
// under each reading. Markdown and a self-contained HTML page.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

// `findings`: the records Game::ambiguities returns that are findings, of every game asked;
// `questions`: how each question asked ended ({"game", "point", "new", "status": "witness"|"none"|
// "unknown"|"interrupted", "scope", "reason"}), listed in a table after the findings.
void write_designer_markdown(std::ostream& out, const json& findings, const json& questions,
                             const RulesLibrary& library);
void write_designer_html(std::ostream& out, const json& findings, const json& questions, const RulesLibrary& library);

}  // namespace rulecheck

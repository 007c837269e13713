// The designer's report of `rulecheck ambiguities`: one section per finding (new findings first),
// the clauses in the project's own words, the witness board drawn as tables, and the outcome
// under each reading. Markdown and a self-contained HTML page.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

// `findings`: the records Game::ambiguities returns, of every game asked.
void write_designer_markdown(std::ostream& out, const json& findings, const RulesLibrary& library);
void write_designer_html(std::ostream& out, const json& findings, const RulesLibrary& library);

}  // namespace rulecheck

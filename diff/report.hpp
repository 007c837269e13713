// The editor's report of `rulecheck diff --edited / --readings`: the console summary, JSON, Markdown
// and a self-contained HTML page, and the witness scenarios to write beside them.
#pragma once

#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/edit_diff.hpp"

namespace rulecheck::diff {

json to_json(const GameDiff& d);
// `verbose`: each change on a line of its own (else the counts and the first few).
void write_console(std::ostream& out, const GameDiff& d, bool verbose);
void write_markdown(std::ostream& out, const GameDiff& d, const GameRules& project);
void write_html(std::ostream& out, const GameDiff& d, const GameRules& project);

// Every witness scenario of the report (both sides of each change, the counterexamples, the points'
// readings), each once; the CLI writes each as <dir>/witnesses/<its id, "/" as "_">.json.
std::vector<json> witness_scenarios(const GameDiff& d);

}  // namespace rulecheck::diff

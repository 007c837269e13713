// The designer's report of `rulecheck ambiguities`: one section per finding (new findings first),
// in the rulebook's words: the sentences quoted from the rule texts with file and paragraph (or, without
// the texts, the clause's paraphrase and paragraph number, and how to give the texts), the witness
// board drawn as a picture beside its tables with the spaces that matter marked, the ruleset override
// and readings it depends on, the step in words, and each reading (the default marked) with what it
// takes the text to mean and its outcome in game terms. Markdown and a self-contained HTML page.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck {

// `findings`: the records Game::ambiguities returns that are findings, of every game asked, each
// with the rulebook's words the command adds ("quotes", "default_reading", each scenario's
// "default" and "reading_says"; games/wording.hpp adds "step_in_words", "places" and each
// scenario's "outcome_in_words" and "changes_in_words"); `questions`: how each question asked ended
// ({"game", "point", "new", "status": "witness"|"none"|"unknown"|"interrupted", "scope", "reason"}),
// listed in a table after the findings; `contradictions`: per game with a literal encoding, the
// contradiction search's record ({"game", "status": "none"|"found"|"unknown"|"interrupted", "probes",
// "scope", "reason"?, "found": [{"probe", "title", "clauses", "note", "quotes"}]}), a section of its
// own before that table; `texts`: where the rule texts were found ({"found": true, "folder",
// "origin"} or {"found": false, "why"}).
void write_designer_markdown(std::ostream& out, const json& findings, const json& questions,
                             const json& contradictions, const json& texts);
void write_designer_html(std::ostream& out, const json& findings, const json& questions, const json& contradictions,
                         const json& texts);

}  // namespace rulecheck

// What the designer's report (reports/designer.hpp) shares between its Markdown and its HTML: the
// fields of a record read safely, a finding's outcome and step in words, how each game's
// contradictions ended, and the rule texts quoted with their operative words marked (the number a
// contradiction is about; else the sentence nearest in words to our reading of the clause, a guess
// the report says is one) and a table of the text drawn as a table.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "harness/rules_data.hpp"

namespace rulecheck::designer {

const json& member(const json& object, const char* key);
std::string text_of(const json& object, const char* key);
std::vector<std::string> strings_of(const json& list);
std::string joined(const std::vector<std::string>& items, const char* separator = ", ");

std::string clauses_of(const json& quote, bool as_code = false);  // "a, b" (each `a` for Markdown)
std::string where_of(const json& quote);                          // "messina-cards.txt, paragraph 4"
std::string place_of(const json& quote);                          // "messina-cards.txt ¶4"
std::string outcome_of(const json& scenario_record);              // "allowed: change; change", "refused (clause)"
const json& first_scenario(const json& finding);
std::string step_json(const json& finding);    // the step as the scenario writes it (JSON)
std::string override_of(const json& finding);  // the ruleset override its scenarios carry ("" for none)
std::string override_words(const json& finding);  // the same as "move_range.character 2, ..." ("" for none)
std::string other_readings(const json& finding);  // other points' readings the board depends on ("" for none)
std::string texts_line(const json& texts);

// How one game's contradictions ended, in a sentence: the stated numbers of the texts given, the
// literal search, the words to re-read; never "none" when one of them found something.
std::string contradiction_status(const json& game_record);
std::string stated_heading(const json& stated_contradiction);
std::vector<std::string> reread_lines(const json& reread);
const json& stated_list(const json& game_record);

// The heading of a finding: its question in words, else its title.
std::string question_of(const json& finding);
// Settled findings grouped by the words that settle them (one group per question), in order.
std::vector<std::pair<std::string, std::vector<const json*>>> settled_groups(const json& findings);

// Ranges [from, to) of a quote's words to mark.
using Marks = std::vector<std::pair<std::size_t, std::size_t>>;
// The nth number of the words (from 1), as numbers.json counts them.
Marks number_mark(const std::string& words, int nth);
// The sentence of the words sharing most words with `reading` (at least two), or nothing.
Marks sentence_mark(const std::string& words, const std::string& reading);
std::string marked_sentences(const std::string& words, const Marks& marks);  // only the marked sentences

// A quote in HTML: the words with `marks` in <mark>, a table of the text as a table; `anchor` (an
// id) on the first full quote of a paragraph.
std::string quote_html(const json& quote, const Marks& marks, const std::string& anchor);
std::string quote_markdown(const json& quote, const Marks& marks);

// The marks a quote gets in a finding or a contradiction: a stated number's place when the quote is
// its paragraph, else the words that state its clauses ("operative": their spans, found in the
// texts at run time), else the sentence nearest to the quote's paraphrase.
Marks marks_for(const json& quote, const json& stated_contradiction);

}  // namespace rulecheck::designer

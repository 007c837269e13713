// What the rule texts given to `ambiguities` say, beside the searches (which read the ruleset and
// the encoding written from the texts as the clause index has them, never the words given): per
// game, the stated numbers' contradictions (rulebook/text_contradictions.hpp) and the clauses whose
// words changed with everything citing them, to re-read. On the console, in the JSON (each game's
// "contradictions" record: "stated_numbers", "reread") and in the designer's report.
#pragma once

#include <optional>
#include <string>

#include "harness/rules_data.hpp"
#include "rulebook/text_folder.hpp"

namespace rulecheck {
class Game;
}

namespace rulecheck::cli {

// The texts' record for one game: {"stated_numbers": {"checked", "why_not"?, "read", "agree",
// "contradictions": [...], "no_longer_contradicted": [...]}, "reread": [...]}. `ruleset_read` is the
// ruleset the searches read (the project's or --edited); `proofs` the game's proofs (ids, clauses),
// asked only when some words changed. Without texts: {"stated_numbers": {"checked": false, "why_not"}}.
json texts_record(const GameRules& game, const Game& solver, const std::filesystem::path& rules_dir,
                  const rulebook::TextFolder& texts, const json& ruleset_read);

// The console lines of a game's texts record (before the literal search's own line).
void print_texts_record(const json& contradictions_record);

// Counts over the games' records: open contradictions (not recorded as known), clauses to re-read.
std::size_t open_stated_contradictions(const json& contradictions);
std::size_t clauses_to_reread(const json& contradictions);
std::size_t literal_contradictions(const json& contradictions);

}  // namespace rulecheck::cli

// `rulecheck diff --text EDITED_DIR`: what an edit of the rule texts asks the editor to re-read. The
// clauses whose paragraph changed (as `rulecheck rules check --text` finds them: CHANGED, MOVED,
// VANISHED), each with everything that rests on it and whether it still passes today:
//
//   scenarios  citing it, run on the oracle (pass / fail) and their outcomes put to the solver
//              (allowed / forbidden / not encoded)
//   proofs     whose clauses include it, proved again (proved / refuted / unknown)
//   points     interpretation points listing it
//   code       the solver's constraints, the oracle's code and the properties citing it (file:line)
//
// The code was written from the old words: a passing scenario says the code still does what the
// old text said, so the list is what to re-read, not a verdict on the new text.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/rules_data.hpp"

namespace rulecheck::diff {

struct Reread {
  std::string name;     // a scenario file, a proof id, a point, or file:line
  std::string verdict;  // pass | fail | errored; proved | refuted | unknown; "" for code and points
  std::string detail;   // for a scenario: the solver on its outcomes
};

// A way the project's data could say the new words without a change of code: a ruleset key whose
// clauses include the clause (with the value the new words give it, when a number changed from the
// key's value to another), or an interpretation point listing it (another of its readings). Each
// with the `rulecheck diff` command that shows what it would change.
struct Expression {
  std::string kind;  // "ruleset" | "reading"
  std::string name;  // the key ("stacking_map") or the point
  std::string now;   // the value today, or the default reading
  std::string to;    // the value the new words suggest, or another reading ("" when the words give none)
  std::string file;  // the file to write (JSON) for the command
  std::string command;
};

struct ClauseToReread {
  std::string game, id, drift;  // drift: CHANGED | MOVED | VANISHED
  std::string text_file;
  int paragraph = 0, new_paragraph = 0;
  std::string paraphrase;
  std::string old_text;  // the paragraph's words before the edit, whole ("" when the base texts are not found)
  std::string old_text_missing;  // why there are no old words
  std::string new_text;          // its words now, whole ("" when it vanished)
  std::vector<Reread> scenarios, proofs, points, solver_code, oracle_code, properties;
  std::vector<Expression> expressions;  // empty: the encoding itself must change to follow new words
};

// The numbers an edit of the texts changes (rules/<game>/numbers.json): the ruleset keys the edited
// sentences now state otherwise (the ruleset edit to try with `diff --edited`), and the stated
// numbers that no longer agree with the sentences they restate or derive from.
struct NumbersRead {
  std::string game;
  struct Key {
    std::string key, clause, where;
    double before = 0, after = 0;
  };
  std::vector<Key> keys;
  std::string edit;                          // the keys as a ruleset edit file's JSON ("" when none)
  std::vector<std::string> contradictions;  // each naming both sentences
  std::vector<std::string> known;           // contradictions numbers.json records (with why), each naming both
  std::vector<std::string> not_read;        // numbers of paragraphs whose words changed too
};

struct TextDiff {
  std::filesystem::path texts;
  std::string base_texts;  // where the words before the edit were read ("" when not found: why in the clauses)
  std::size_t clauses_compared = 0;
  std::vector<ClauseToReread> clauses;
  std::vector<std::string> not_clauses;  // not_clauses whose paragraph changed (no rule rests on them)
  std::vector<std::string> problems;     // texts that could not be read, paragraphs nothing names
  std::vector<NumbersRead> numbers;      // per game with a numbers.json
  bool changed() const { return !clauses.empty() || !not_clauses.empty(); }
  bool contradicted() const {  // a stated number the edited texts break (not recorded as known)
    for (const auto& n : numbers)
      if (!n.contradictions.empty()) return true;
    return false;
  }
};

// Compares the clause indexes under `rules_dir` with the texts in `texts` and gathers what rests on
// each drifted clause; `rlimit` bounds the solver (0: no proofs, no solver verdicts).
// `base_texts`: the texts before the edit (the folder rulebook/text_folder.hpp finds), for the old
// words; nullopt, with why in `base_missing`, when there is none.
TextDiff diff_texts(const RulesLibrary& library, const std::filesystem::path& rules_dir,
                    const std::filesystem::path& texts, unsigned rlimit,
                    const std::optional<std::filesystem::path>& base_texts = std::nullopt,
                    const std::string& base_missing = "");

nlohmann::json to_json(const TextDiff& d);
void write_console(std::ostream& out, const TextDiff& d);
void write_markdown(std::ostream& out, const TextDiff& d);
void write_html(std::ostream& out, const TextDiff& d);

}  // namespace rulecheck::diff

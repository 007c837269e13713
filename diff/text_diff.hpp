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

struct ClauseToReread {
  std::string game, id, drift;  // drift: CHANGED | MOVED | VANISHED
  std::string text_file;
  int paragraph = 0, new_paragraph = 0;
  std::string paraphrase, new_text;
  std::vector<Reread> scenarios, proofs, points, solver_code, oracle_code, properties;
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
  std::vector<std::string> not_read;        // numbers of paragraphs whose words changed too
};

struct TextDiff {
  std::filesystem::path texts;
  std::size_t clauses_compared = 0;
  std::vector<ClauseToReread> clauses;
  std::vector<std::string> not_clauses;  // not_clauses whose paragraph changed (no rule rests on them)
  std::vector<std::string> problems;     // texts that could not be read, paragraphs nothing names
  std::vector<NumbersRead> numbers;      // per game with a numbers.json
  bool changed() const { return !clauses.empty() || !not_clauses.empty(); }
};

// Compares the clause indexes under `rules_dir` with the texts in `texts` and gathers what rests on
// each drifted clause; `rlimit` bounds the solver (0: no proofs, no solver verdicts).
TextDiff diff_texts(const RulesLibrary& library, const std::filesystem::path& rules_dir,
                    const std::filesystem::path& texts, unsigned rlimit);

nlohmann::json to_json(const TextDiff& d);
void write_console(std::ostream& out, const TextDiff& d);
void write_markdown(std::ostream& out, const TextDiff& d);

}  // namespace rulecheck::diff

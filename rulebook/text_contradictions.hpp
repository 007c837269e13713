// What a folder of rule texts says against itself and against the ruleset a command reads, the same
// for every command that is given texts (`ambiguities --text/--edited`, `rules check --text`, `diff
// --text`): the stated numbers (rules/<game>/numbers.json) read from those texts, each relation they
// break named with both sentences, and the paragraphs whose words changed where no stated number
// reads them (only a person can tell what they now say: the clauses to re-read, with what cites them).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "rulebook/citations.hpp"
#include "rulebook/index.hpp"
#include "rulebook/project.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::rulebook {

// One stated number that does not hold.
struct StatedContradiction {
  // sentences: the texts contradict themselves (a restated or derived number against the numbers the
  //   other sentences state now); ruleset: a sentence states another value than the ruleset the command
  //   read (a text edit the ruleset does not follow, or a ruleset edit the text does not).
  enum class Between { sentences, ruleset } between = Between::sentences;
  bool known = false;     // recorded in numbers.json with why and which sentence rulecheck follows
  std::string known_why;  // that record
  std::string clause;                 // the sentence whose number breaks the relation
  std::vector<std::string> rests_on;  // the sentences stating the keys its formula reads
  std::string text_file;
  int paragraph = 0, nth = 0;  // where the number stands: paragraph (from 1), its place among the paragraph's numbers
  double stated = 0, expected = 0;
  std::string means;  // the formula
  std::string says;   // the relation in words ("" when numbers.json gives none)
  std::string line;   // the whole of it in one line (rulebook::describe and what it is against)
  std::vector<std::string> clauses() const;  // clause, then rests_on
};

struct TextsNumbers {
  std::string game;
  bool checked = false;         // false: no numbers.json, or its ruleset unreadable (why_not)
  std::string why_not;
  std::size_t read = 0, agree = 0;
  std::vector<StatedContradiction> contradictions;  // the open ones first, then the known
  std::vector<std::string> no_longer_contradicted;  // recorded contradictions the texts no longer have
  std::size_t open() const;                         // contradictions not recorded as known
};

// The stated numbers of `index`'s game read from `text_dir`, against `ruleset` (the ruleset the
// command reads: the project's, or an edit of it).
TextsNumbers contradictions_in_texts(const Project& project, const ClauseIndex& index,
                                     const std::filesystem::path& text_dir, const RulesetNumbers& ruleset);

// A clause whose paragraph's words changed (CHANGED or VANISHED; a MOVED paragraph kept its words)
// where no stated number reads the new words: what cites it, to re-read against the new words.
struct WordsToReread {
  std::string game, clause, drift;  // drift: CHANGED | VANISHED
  std::string text_file;
  int paragraph = 0;
  std::string paraphrase;                // our reading of the old words
  std::vector<std::string> scenarios;    // scenario files citing it
  std::vector<std::string> points;       // interpretation points listing it
  std::vector<std::string> conventions;  // conventions (rules/<game>/conventions.json) listing it
};

// Each clause of `index` whose words changed in `text_dir`, unless the change was to numbers only and
// numbers.json reads that paragraph (its masked fingerprint is still the entries'): then the stated
// numbers above say what changed.
std::vector<WordsToReread> words_to_reread(const Project& project, const ClauseIndex& index,
                                           const std::filesystem::path& text_dir, const Citations& citations,
                                           const StatedNumbers& numbers);

}  // namespace rulecheck::rulebook

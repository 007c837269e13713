// A clause's own words from the rule texts, for the reports that show a designer the sentences a
// finding rests on: the paragraph the clause index names (rules/<game>/clauses.json), read from the
// folder of rule texts (rulebook/text_folder.hpp). Without texts, or when the paragraph is not there,
// the quote says so and the report gives the clause's paraphrase and paragraph number instead. The
// words come from the user's texts at run time; nothing of them is stored in the project: the
// clause's spans (rulebook/spans.hpp) say, by position, which of them state the clause.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rulebook/index.hpp"
#include "rulebook/text.hpp"
#include "rulebook/text_folder.hpp"

namespace rulecheck::rulebook {

struct Quote {
  std::string clause;
  std::string text_file;  // the section's rule text ("" when the index names none)
  int paragraph = 0;      // from 1 (0 when the index names none)
  std::string words;      // the paragraph's lines joined by spaces; "" when not quoted
  std::vector<std::string> lines;  // the paragraph's lines as the text has them (a table's rows)
  // The operative words: each span of the clause (clauses.json "spans") as [from, to) byte offsets in
  // `words`, in order; a span whose words are not there with its hash is left out.
  std::vector<std::pair<std::size_t, std::size_t>> operative;  // a WordMarks
  // Quoted, but its fingerprint is not the index's: the text changed since the index was written.
  bool changed = false;
  std::string why_not;  // not quoted: why ("no rule texts (...)", "messina-cards.txt has 20 paragraphs")
};

using WordMarks = std::vector<std::pair<std::size_t, std::size_t>>;  // [from, to) byte offsets in words

// `marks` and `more` together, in order, those that overlap or touch merged into one.
WordMarks merged_marks(WordMarks marks, const WordMarks& more);

class ClauseQuoter {
 public:
  ClauseQuoter(const Project& project, const TextFolder& texts);

  bool has_texts() const { return texts_.dir.has_value(); }
  const TextFolder& texts() const { return texts_; }
  Quote quote(const std::string& game, const std::string& clause);

 private:
  const std::vector<Paragraph>* paragraphs_of(const std::string& file, std::string& why);

  Project project_;
  TextFolder texts_;
  std::map<std::string, ClauseIndex> indexes_;  // by game, read on first use
  std::map<std::string, std::optional<std::vector<Paragraph>>> files_;
  std::map<std::string, std::string> file_errors_;
};

}  // namespace rulecheck::rulebook

// The clause index against the rule texts: which clauses and not_clauses no longer match the
// paragraph they name, and which paragraphs nothing names.
//
// An entry's paragraph is
//   unchanged  when paragraph N of its text still has its fingerprint;
//   MOVED      when not, but the fingerprint is found at another paragraph number of the same file
//              (the nearest one, if several);
//   CHANGED    when the fingerprint is found nowhere and paragraph N holds words the index does not
//              know (its words changed);
//   VANISHED   when the fingerprint is found nowhere and the file has no paragraph N any more, or
//              paragraph N now holds another entry's paragraph (moved there).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "rulebook/index.hpp"
#include "rulebook/problems.hpp"

namespace rulecheck::rulebook {

enum class Drift { unchanged, changed, moved, vanished };
std::string_view drift_name(Drift drift);  // "CHANGED", "MOVED", "VANISHED" ("unchanged")

struct EntryDrift {
  Drift drift = Drift::unchanged;
  bool is_clause = true;  // else a not_clause
  std::string id;         // the clause id ("" for a not_clause)
  std::string label;      // the id, or "not_clauses[3] (cards paragraph 18)"
  std::string pointer;    // the entry in clauses.json, e.g. "/clauses/3"
  std::string section;
  std::string text_file;
  int paragraph = 0;            // as the index has it
  std::string fingerprint;      // as the index has it
  int new_paragraph = 0;        // where its words are now (0 when they vanished)
  std::string new_fingerprint;  // of paragraph new_paragraph now ("" when vanished)
  std::string new_text;         // a preview of that paragraph
  int paragraphs_in_file = 0;
  bool replaced_by_other = false;  // vanished, and paragraph N now holds another entry's paragraph
};

// A paragraph of a text that no clause or not_clause names (once moved entries are followed).
struct UnnamedParagraph {
  std::string text_file;
  int number = 0;
  std::string fingerprint;
  std::string text;  // a preview
};

struct IndexDrift {
  std::vector<EntryDrift> entries;        // every entry that is not unchanged, in index order
  std::vector<UnnamedParagraph> unnamed;  // in file and paragraph order
  Problems problems;                      // rule texts that could not be read
  std::size_t compared = 0;               // entries compared with their text
};

// Compares `index` with the rule texts in `text_dir` (files named by the index's "sources").
IndexDrift compare_with_texts(const ClauseIndex& index, const std::filesystem::path& text_dir);

}  // namespace rulecheck::rulebook

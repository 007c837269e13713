// The words of a rule text that state a clause, stored as a POSITION, never as words (the project
// copies no sentence of the texts): in rules/<game>/clauses.json each clause's "spans" is a list of
//
//     {"first": 12, "count": 7, "hash": "9f86d081884c7d65"}
//
// the span's first word (from 0) among the words of the clause's paragraph, how many words, and the
// first 16 hex digits of the SHA-256 of those words joined by single spaces. The words of a
// paragraph are its lines (each stripped, rulebook/text.hpp) split at whitespace. The same form
// settles a dismissed finding (rules/<game>/dismissed.json "settled_by", with text_file and
// paragraph). `rulecheck rules span` computes a span from words typed on its command line;
// `rules check` checks each against the texts; the reports quote a clause's words through it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

struct WordSpan {
  int first = 0;     // the first word's place in the paragraph, from 0
  int count = 0;     // how many words, at least 1
  std::string hash;  // 16 lowercase hex digits
};

// The words of a paragraph (its stripped lines split at whitespace), in order.
std::vector<std::string> paragraph_words(const Paragraph& paragraph);
std::vector<std::string> paragraph_words(std::string_view text);

// The hash a span stores: first 16 hex digits of the SHA-256 of `words` joined by single spaces.
std::string span_hash(const std::vector<std::string>& words);

// words[first, first + count), joined by single spaces ("" when out of range).
std::string span_words(const std::vector<std::string>& words, int first, int count);

// Where `typed` (split at whitespace) stands in `words`: its span, or nothing. When it stands there
// more than once, the first place (`places` tells how many).
std::optional<WordSpan> find_span(const std::vector<std::string>& words, const std::string& typed,
                                  int* places = nullptr);

// How a stored span compares with the paragraph: "" when its words are there with its hash; else
// why not (past the paragraph's end; the words there hash otherwise, and where the words with that
// hash are now, if anywhere in the paragraph).
std::string span_mismatch(const std::vector<std::string>& words, const WordSpan& span);

// {"first", "count", "hash"} as JSON text, the form clauses.json stores.
std::string span_json(const WordSpan& span);

// [from, to) character offsets in `text` (a paragraph's words as a report quotes them) of the span's
// words; nothing when the span is not in the text with its hash.
std::optional<std::pair<std::size_t, std::size_t>> span_offsets(std::string_view text, const WordSpan& span);

}  // namespace rulecheck::rulebook

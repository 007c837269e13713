// The rule texts as the clause index sees them: paragraphs and their fingerprints.
//
// A paragraph is a maximal run of consecutive non-blank lines (a line is blank when it is empty or
// whitespace only), numbered from 1 in file order. Its fingerprint is the first 16 hex digits of
// the SHA-256 of its lines, each stripped of surrounding whitespace and joined with single spaces
// (UTF-8). Lines and whitespace are Python's (str.splitlines, str.strip), so the fingerprints in
// rules/<game>/clauses.json, written by the former scripts/check_rules.py, stay valid.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace rulecheck::rulebook {

struct Paragraph {
  int number = 0;                  // from 1
  std::vector<std::string> lines;  // each stripped, none empty
  std::string fingerprint;         // 16 lowercase hex digits
};

// Lowercase hex SHA-256 of the bytes (64 digits).
std::string sha256_hex(std::string_view bytes);

// First 16 hex digits of the SHA-256 of the lines, each stripped, joined with single spaces.
std::string fingerprint(const std::vector<std::string>& lines);

// The paragraphs of a text. Throws InputError (naming `source`) if the text is not UTF-8.
std::vector<Paragraph> split_paragraphs(std::string_view text, const std::string& source);

// The paragraphs of a file. Throws InputError naming the file if it cannot be read.
std::vector<Paragraph> read_paragraphs(const std::filesystem::path& file);

// The paragraph's words on one line, cut to `width` characters with an ellipsis.
std::string preview(const Paragraph& paragraph, std::size_t width = 60);

// Is this a fingerprint as the index writes them (16 lowercase hex digits)?
bool is_fingerprint(std::string_view text);

}  // namespace rulecheck::rulebook

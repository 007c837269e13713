// Reading JSON text strictly: malformed text is reported with line and column, and a key given
// twice in one object is an error (nlohmann/json would silently keep one of them). Reading is linear
// in the text, and what one text may become is bounded (kMaxJsonValues, kMaxJsonNesting).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

// The most values one JSON text may hold (each number, string, key, list and object counts one),
// wherever JSON comes in: a file, an engine's answer, a serve request. It bounds what a parsed text
// takes in memory to some 80-110 MB beyond its text, whatever its shape (docs/hardening.md), far
// above the rules, any scenario of ours or a --known file of 100,000 entries (about 500,000).
inline constexpr std::size_t kMaxJsonValues = 1'000'000;

// Parses `text`; throws InputError whose message names `source` with line:column (malformed
// text, or a NUL byte anywhere: nlohmann/json would take it for the end and ignore the rest) or
// whose pointer names the duplicated key, the level nested too deep, or where the values passed
// kMaxJsonValues.
json parse_json_strict(std::string_view text, const std::string& source);

// Parses `text` without exceptions, as an engine's line or a request is read: a discarded value when it
// is not JSON (a NUL byte included), nests arrays and objects deeper than kMaxJsonNesting
// (common/text.hpp) or holds more than kMaxJsonValues values. `why`, when given, is set to what
// refused a text that holds a NUL byte or too many values (else left as it was).
json parse_json_lenient(std::string_view text, std::string* why = nullptr);

// As parse_json_lenient, for a line an engine wrote: a key given twice in one object, at any depth,
// makes it discarded too (which value counts would be nlohmann/json's choice), and `duplicate` (when
// given) is then set to that key's pointer ("/id", "/state/factions/UE").
json parse_json_line(std::string_view text, std::string* duplicate = nullptr);

// Reads (common/bounded_read.hpp: at most kMaxInputBytes, whatever the kind of file) and parses a file;
// throws InputError naming the file if it cannot be read or is over the cap.
json read_json_file(const std::filesystem::path& file);

}  // namespace rulecheck

// Reading JSON text strictly: malformed text is reported with line and column, and a key given
// twice in one object is an error (nlohmann/json would silently keep one of them).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

// Parses `text`; throws InputError whose message names `source` with line:column (malformed
// text) or whose pointer names the duplicated key.
json parse_json_strict(std::string_view text, const std::string& source);

// Parses `text` without exceptions, as a serve request is read: a discarded value when it is not JSON
// (a NUL byte anywhere included: nlohmann/json would take it for the end of the text and ignore what
// follows) or nests arrays and objects deeper than kMaxJsonNesting (common/text.hpp).
json parse_json_lenient(std::string_view text);

// As parse_json_lenient, for a line an engine wrote: a key given twice in one object, at any depth,
// makes it discarded too (which value counts would be nlohmann/json's choice), and `duplicate` (when
// given) is then set to that key's pointer ("/id", "/state/factions/UE").
json parse_json_line(std::string_view text, std::string* duplicate = nullptr);

// Reads (common/bounded_read.hpp: at most kMaxInputBytes, whatever the kind of file) and parses a file;
// throws InputError naming the file if it cannot be read or is over the cap.
json read_json_file(const std::filesystem::path& file);

}  // namespace rulecheck

// Text from outside (file names, files, an engine's answers and stderr) made safe to report: every
// report is UTF-8 (JSON lines, JUnit XML, Markdown, HTML), so bytes that are not are replaced where
// they are captured, and nesting is bounded before anything walks it recursively.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rulecheck {

// `text` with every byte sequence that is not well-formed UTF-8 replaced by U+FFFD (one per
// ill-formed byte); well-formed text comes back unchanged.
std::string valid_utf8(std::string_view text);
bool is_valid_utf8(std::string_view text);

// Outside text made safe to show on a terminal or in an error message: every control character
// (C0, DEL, and the C1 range U+0080 to U+009F) written as a visible escape, \x1b or \u009b, so a
// name, a reason or a stderr can never move the cursor, clear the screen or cut a message short at
// a NUL. A line break and a tab are kept when `keep_lines` (stderr, multi-line text), else shown as
// \n and \t too. Not UTF-8 is replaced as valid_utf8 does. JSON output keeps the text exact instead.
std::string printable(std::string_view text, bool keep_lines = false);

// Whether `text` matches the shell pattern `pattern` (fnmatch, flags 0), both taken whole: an
// embedded NUL (outside text) does not cut either short. NUL-separated pieces are matched piece by
// piece (a wildcard never spans a NUL); a different number of pieces is no match.
bool glob_match(const std::string& pattern, const std::string& text);

// A file name for a scenario id such that two ids never share one: letters, digits, '-' and '.'
// are kept, '/' becomes '_', and every other byte (an '_' of the id itself included) is written
// %XX; a leading '.' is written %2E. Ids too long for a file name are cut and end with a hash of
// the whole id. `suffix` (".json") is appended.
std::string file_name_for_id(std::string_view id, std::string_view suffix);

// Arrays and objects nested deeper than this are refused wherever JSON comes in (files, engine
// answers, serve requests): the rules never nest more than a few levels, and printing, comparing or
// destroying a value nested tens of thousands deep would overflow the stack.
inline constexpr std::size_t kMaxJsonNesting = 512;

// Whether JSON text opens more than `limit` arrays or objects inside one another (brackets inside
// strings do not count). Linear, without parsing; meant to run before a parse.
bool nested_deeper_than(std::string_view text, std::size_t limit = kMaxJsonNesting);

}  // namespace rulecheck

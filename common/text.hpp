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

// Arrays and objects nested deeper than this are refused wherever JSON comes in (files, engine
// answers, serve requests): the rules never nest more than a few levels, and printing, comparing or
// destroying a value nested tens of thousands deep would overflow the stack.
inline constexpr std::size_t kMaxJsonNesting = 512;

// Whether JSON text opens more than `limit` arrays or objects inside one another (brackets inside
// strings do not count). Linear, without parsing; meant to run before a parse.
bool nested_deeper_than(std::string_view text, std::size_t limit = kMaxJsonNesting);

}  // namespace rulecheck

// Editing values of a JSON text in place: where each value is (by JSON pointer), and replacing
// some of them while every other byte (layout, key order, spacing) stays as it was.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace rulecheck::rulebook {

struct Span {
  std::size_t begin = 0;  // the value's first byte
  std::size_t end = 0;    // one past its last byte
};

// Where every value of `text` is, by JSON pointer ("" is the whole document). Throws InputError
// naming `source` if the text is not JSON.
std::map<std::string, Span> value_spans(std::string_view text, const std::string& source);

// `text` with the values at these pointers replaced by the given JSON texts (e.g. "7" or
// "\"0123456789abcdef\""). Throws InputError if a pointer names no value.
std::string replace_values(std::string_view text, const std::map<std::string, std::string>& replacements,
                           const std::string& source);

}  // namespace rulecheck::rulebook

// The top-level members of a JSON object line as raw text (key -> the value's exact bytes), found by
// following only strings and brackets: `rulecheck serve` recognises a ruleset and readings it has
// bound before by their bytes, without parsing them again (harness/serve.cpp).
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace rulecheck {

using RawMember = std::pair<std::string_view, std::string_view>;  // key (unescaped: none allowed), value text

// Splits `line` into `members` (appended). False when the line is not a plain object of that shape
// (a key with an escape, a missing colon, an unclosed string or bracket, ...): the caller then parses
// the whole line, which says what is wrong.
//
// `known`: value texts an earlier line gave this function (a ruleset, the readings). A value that
// begins with one of them is not scanned through that text: the scan goes on after it in the state a
// scan of it would end in (outside any string, at depth 0, since it was a whole value), so the members
// are exactly those found without `known` (tests/test_request_members.cpp compares the two).
bool split_members(std::string_view line, std::vector<RawMember>& members,
                   const std::vector<std::string_view>& known = {});

}  // namespace rulecheck

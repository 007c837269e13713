// Numbers read from text (options, environment variables), parsed strictly: decimal digits only,
// with a '-' first only where negatives are allowed; no blank, no '+', no base prefix ("0x10"),
// no exponent, nothing after the digits, and within range. "1x", " 5", "-1" for a count, and
// 18446744073709551616 are refused, never read as something else. Every option and environment
// number of rulecheck goes through these (cli/main.cpp checks every numeric option with them).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rulecheck {

// A count: digits only, at most `max`. nullopt for anything else.
std::optional<std::uint64_t> parse_count(std::string_view text, std::uint64_t max = UINT64_MAX);
// An integer: an optional '-' then digits, within [min, max].
std::optional<std::int64_t> parse_integer(std::string_view text, std::int64_t min, std::int64_t max);

// Whether `text` is written as a plain decimal number: digits, '-' first when `negative`, and one
// '.' between digits when `fraction`. (Its range is the reader's to check.)
bool plain_decimal(std::string_view text, bool negative, bool fraction);

}  // namespace rulecheck

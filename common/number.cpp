#include "common/number.hpp"

#include <charconv>

namespace rulecheck {

namespace {

bool digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

bool plain_decimal(std::string_view text, bool negative, bool fraction) {
  if (negative && !text.empty() && text.front() == '-') text.remove_prefix(1);
  const auto dot = text.find('.');
  if (!fraction || dot == std::string_view::npos) return digits(text);
  return digits(text.substr(0, dot)) && digits(text.substr(dot + 1));
}

std::optional<std::uint64_t> parse_count(std::string_view text, std::uint64_t max) {
  if (!digits(text)) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value > max) return std::nullopt;
  return value;
}

std::optional<std::int64_t> parse_integer(std::string_view text, std::int64_t min, std::int64_t max) {
  if (!plain_decimal(text, true, false)) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < min || value > max) return std::nullopt;
  return value;
}

}  // namespace rulecheck

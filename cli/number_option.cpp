#include "cli/number_option.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "common/number.hpp"

namespace rulecheck::cli {

namespace {

// The validator: `fits` says whether the text is a number of the kind within the range; the error
// names the value and the range (CLI11 puts the option's name first).
template <typename Fits>
CLI::Validator strict(Fits fits, std::string kind, std::string range, std::string form, bool narrowed) {
  CLI::Validator v(
      [fits, kind, range, form](std::string& text) -> std::string {
        if (fits(text)) return "";
        return fmt::format("\"{}\" is not {} from {} ({})", text, kind, range, form);
      },
      narrowed ? range : std::string(), kStrictNumber);
  return v;
}

}  // namespace

CLI::Validator count_check(std::uint64_t least, std::uint64_t most, bool narrowed) {
  return strict([least, most](const std::string& text) {
    const auto value = parse_count(text, most);
    return value && *value >= least;
  }, "a count", fmt::format("{} to {}", least, most), "decimal digits only", narrowed);
}

CLI::Validator integer_check(std::int64_t least, std::int64_t most, bool narrowed) {
  return strict([least, most](const std::string& text) { return parse_integer(text, least, most).has_value(); },
                "an integer", fmt::format("{} to {}", least, most), "decimal digits, '-' first", narrowed);
}

CLI::Validator real_check(double least, double most, bool narrowed) {
  return strict([least, most](const std::string& text) {
    if (!plain_decimal(text, least < 0, true)) return false;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size() && std::isfinite(value) && value >= least &&
           value <= most;
  }, "a decimal number", fmt::format("{} to {}", least, most), least < 0 ? "digits, '-' first, one '.'" : "digits, one '.'",
     narrowed);
}

}  // namespace rulecheck::cli

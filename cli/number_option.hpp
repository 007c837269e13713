// Every numeric option of rulecheck is added with add_number(): its text read strictly
// (common/number.hpp: decimal digits, '-' first only where negatives are allowed, no blank, '+',
// base prefix or exponent) and within its range, which is its C++ type's unless narrower bounds
// are given. One validator does both, so that "99999999999999999999999" for a 64-bit count, or
// 4294967296 for a 32-bit one, is refused naming the option, the value and the range (exit 2),
// never clamped to the largest value or reported as "Could not convert". cli/main.cpp checks at
// start-up that every numeric option carries this validator.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>

namespace rulecheck::cli {

// The validator's name, by which main.cpp finds it on every numeric option.
inline constexpr const char* kStrictNumber = "strict-number";

// The checks themselves, by kind: a count (unsigned), an integer (signed), a decimal number.
CLI::Validator count_check(std::uint64_t least, std::uint64_t most, bool narrowed);
CLI::Validator integer_check(std::int64_t least, std::int64_t most, bool narrowed);
CLI::Validator real_check(double least, double most, bool narrowed);

template <typename T>
struct NumberOf {
  using type = T;
};
template <typename T>
struct NumberOf<std::optional<T>> {
  using type = T;
};

// `name` read into `value` (an arithmetic type or an optional of one) within [least, most], bounds of
// the option's own type (never deduced from the bounds given).
template <typename T, typename N = typename NumberOf<T>::type>
CLI::Option* add_number(CLI::App& app, const std::string& name, T& value, const std::string& help,
                        std::type_identity_t<N> least = std::numeric_limits<N>::lowest(),
                        std::type_identity_t<N> most = std::numeric_limits<N>::max()) {
  static_assert(std::is_arithmetic_v<N> && !std::is_same_v<N, bool>, "add_number is for numbers");
  const bool narrowed = least != std::numeric_limits<N>::lowest() || most != std::numeric_limits<N>::max();
  CLI::Option* option = app.add_option(name, value, help);
  if constexpr (std::is_floating_point_v<N>)
    option->check(real_check(static_cast<double>(least), static_cast<double>(most), narrowed));
  else if constexpr (std::is_unsigned_v<N>)
    option->check(count_check(static_cast<std::uint64_t>(least), static_cast<std::uint64_t>(most), narrowed));
  else
    option->check(integer_check(static_cast<std::int64_t>(least), static_cast<std::int64_t>(most), narrowed));
  return option;
}

}  // namespace rulecheck::cli

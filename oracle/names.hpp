// Name tables: each enum of the game model paired with the word the formats use for it. One
// table per enum, read by the oracle's messages and by the game's JSON edge alike.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace rulecheck {

template <typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

template <typename Enum, std::size_t N>
constexpr std::optional<Enum> lookup_name(const NameTable<Enum, N>& table, std::string_view name) {
  for (const auto& [value, text] : table)
    if (text == name) return value;
  return std::nullopt;
}

template <typename Enum, std::size_t N>
constexpr std::string_view name_in(const NameTable<Enum, N>& table, Enum value) {
  for (const auto& [v, text] : table)
    if (v == value) return text;
  return "?";
}

}  // namespace rulecheck

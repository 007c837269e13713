// Strict reading of JSON into typed values, with every error naming the JSON pointer of the field
// and what is allowed there. The parsers of each game's states, actions and queries use it, so the
// C++ parser is the validator (DESIGN.md: no separate C++ JSON Schema validator).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/pointer.hpp"

namespace rulecheck {

using json = nlohmann::json;

// A JSON pointer kept inline (no allocation while reading: a reader is made for every field),
// turned into a string only for an error message. Very deep pointers are cut short with "/...".
class InlinePointer {
 public:
  InlinePointer() = default;
  explicit InlinePointer(std::string_view text) { append_raw(text); }
  InlinePointer child(std::string_view token) const;
  InlinePointer child(std::size_t index) const;
  std::string str() const { return std::string(data_, size_); }

 private:
  void append_raw(std::string_view text);
  static constexpr std::size_t kCapacity = 118;
  char data_[kCapacity];
  std::uint8_t size_ = 0;
  bool cut_ = false;
};

class JsonReader {
 public:
  JsonReader(const json& node, std::string_view at) : node_(&node), at_(at) {}
  JsonReader(const json& node, const InlinePointer& at) : node_(&node), at_(at) {}

  const json& node() const { return *node_; }
  std::string at() const { return at_.str(); }
  [[noreturn]] void fail(const std::string& message) const;

  // Object access. field() requires the key; optional() allows it to be absent (or null).
  JsonReader field(std::string_view key) const;
  std::optional<JsonReader> optional(std::string_view key) const;
  bool has(std::string_view key) const;
  // Rejects keys not in `allowed`, naming the first unknown one and listing the allowed ones.
  const JsonReader& only(std::initializer_list<std::string_view> allowed) const;
  std::vector<std::pair<std::string, JsonReader>> members() const;
  std::vector<JsonReader> elements() const;

  const JsonReader& expect_object() const;
  std::string string() const;
  bool boolean() const;
  int integer(int64_t min = INT32_MIN, int64_t max = INT32_MAX) const;
  // A non-negative count of pieces, tokens or resources: at most kMaxCount, far beyond any board, so
  // that no sum of counts can overflow.
  int count() const { return integer(0, kMaxCount); }
  static constexpr int64_t kMaxCount = 1'000'000;
  std::vector<std::string> strings() const;
  // A string that must be one of `choices` (error lists them).
  std::string one_of(std::initializer_list<std::string_view> choices) const;
  // A name from `table` (pairs of a value and its name, like the oracle's name tables), as its
  // value; the error lists every name allowed.
  template <typename Table>
  auto named(const Table& table) const -> std::decay_t<decltype(std::begin(table)->first)> {
    const std::string name = string();
    std::vector<std::string_view> names;
    for (const auto& [value, text] : table) {
      if (text == name) return value;
      names.push_back(text);
    }
    fail_not_one_of(name, names);
  }

  // Convenience: optional count defaulting to `fallback`.
  int count_or(std::string_view key, int fallback) const;

 private:
  [[noreturn]] void fail_not_one_of(const std::string& name, const std::vector<std::string_view>& names) const;
  static std::string type_name(const json& j);
  const json* node_;
  InlinePointer at_;
};

}  // namespace rulecheck

// Strict reading of JSON into typed values, with every error naming the JSON pointer of the field
// and what is allowed there. The parsers of each game's states, actions and queries use it, so the
// C++ parser is the validator (DESIGN.md: no separate C++ JSON Schema validator).
#pragma once

#include <array>
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

// A reader keeps no JSON pointer while reading (a reader is made for every field, and reading
// must not pay for messages it never writes): it keeps the document it started from, and only an
// error (or at()) finds where in that document its value is and names it. Very deep pointers are
// cut short with "/...".
class JsonReader {
 public:
  // `node` read as the document at `at` (a literal such as "/state", or "": the top).
  JsonReader(const json& node, const char* at) : node_(&node), root_(&node), root_at_(at) {}

  const json& node() const { return *node_; }
  // The JSON pointer of this value (found by walking the document: for messages).
  std::string at() const;
  [[noreturn]] void fail(const std::string& message) const;

  // Object access. field() requires the key; optional() allows it to be absent (or null).
  JsonReader field(std::string_view key) const;
  std::optional<JsonReader> optional(std::string_view key) const;
  bool has(std::string_view key) const;
  // Rejects keys not in `allowed`, naming the first unknown one and listing the allowed ones.
  const JsonReader& only(std::initializer_list<std::string_view> allowed) const;
  // only(allowed) and optional() of each allowed field in one pass over the object: the reader of
  // each field given (absent or null: nullopt), in the order of `allowed`. The same errors as only().
  template <std::size_t N>
  std::array<std::optional<JsonReader>, N> only_fields(const std::string_view (&allowed)[N]) const {
    expect_object();
    std::array<std::optional<JsonReader>, N> out;
    for (auto it = node_->begin(); it != node_->end(); ++it) {
      const std::string& key = it.key();
      std::size_t i = 0;
      while (i < N && allowed[i] != key) ++i;
      if (i == N) fail_unknown_field(key, allowed, N);
      if (!it->is_null()) out[i] = child(*it);
    }
    return out;
  }
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
  [[noreturn]] void fail_unknown_field(const std::string& key, const std::string_view* allowed, std::size_t n) const;
  [[noreturn]] void fail_not_one_of(const std::string& name, const std::vector<std::string_view>& names) const;
  static std::string type_name(const json& j);
  JsonReader child(const json& node) const { return JsonReader(node, *this); }
  JsonReader(const json& node, const JsonReader& parent) : node_(&node), root_(parent.root_), root_at_(parent.root_at_) {}
  const json* node_;
  const json* root_;     // the document this reader's value is part of
  const char* root_at_;  // the pointer of root_
};

}  // namespace rulecheck

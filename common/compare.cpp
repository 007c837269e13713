#include "common/compare.hpp"

#include <algorithm>

#include "common/pointer.hpp"

namespace rulecheck {

namespace {

// What an absent field may be expected to be: 0, false, null, or an empty container (recursively).
bool matches_absent(const json& expected) {
  if (expected.is_null()) return true;
  if (expected.is_number()) return expected == 0;
  if (expected.is_boolean()) return !expected.get<bool>();
  if (expected.is_array()) return expected.empty();
  if (expected.is_object())
    return std::all_of(expected.begin(), expected.end(), [](const json& v) { return matches_absent(v); });
  return false;
}

bool all_strings(const json& list) {
  return std::all_of(list.begin(), list.end(), [](const json& v) { return v.is_string(); });
}

json sorted(json list) {
  std::sort(list.begin(), list.end());
  return list;
}

std::optional<Difference> compare(const json& expected, const json& actual, const std::string& path, bool contained) {
  if (expected.is_object() && actual.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      const std::string here = pointer(path, key);
      auto it = actual.find(key);
      if (it == actual.end()) {
        if (contained && matches_absent(value)) continue;
        // Point at the innermost field that is missing, not at its parent object.
        if (contained && value.is_object()) {
          if (auto d = compare(value, json::object(), here, contained)) return d;
          continue;
        }
        return Difference{here, value, nullptr, Difference::Kind::missing};
      }
      if (auto d = compare(value, *it, here, contained)) return d;
    }
    if (!contained)
      for (const auto& [key, value] : actual.items())
        if (!expected.contains(key))
          return Difference{pointer(path, key), nullptr, value, Difference::Kind::unexpected};
    return std::nullopt;
  }
  if (expected.is_array() && actual.is_array()) {
    if (all_strings(expected) && all_strings(actual)) {
      if (sorted(expected) == sorted(actual)) return std::nullopt;
      return Difference{path, expected, actual, Difference::Kind::changed};
    }
    if (expected.size() != actual.size()) return Difference{path, expected, actual, Difference::Kind::changed};
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (auto d = compare(expected[i], actual[i], pointer(path, std::to_string(i)), contained)) return d;
    return std::nullopt;
  }
  if (contained && actual.is_object() && expected.is_number() && expected == 0 && actual.empty()) return std::nullopt;
  if (expected == actual) return std::nullopt;
  return Difference{path, expected, actual, Difference::Kind::changed};
}

}  // namespace

std::optional<Difference> first_difference(const json& expected, const json& actual, const std::string& path) {
  return compare(expected, actual, path, true);
}

std::optional<Difference> first_difference_exact(const json& expected, const json& actual, const std::string& path) {
  return compare(expected, actual, path, false);
}

json as_patch(const Difference& d) {
  if (d.kind == Difference::Kind::missing)
    return json::array({{{"op", "add"}, {"path", d.path}, {"value", d.expected}}});
  if (d.kind == Difference::Kind::unexpected) return json::array({{{"op", "remove"}, {"path", d.path}}});
  return json::array({{{"op", "replace"}, {"path", d.path}, {"value", d.expected}}});
}

}  // namespace rulecheck

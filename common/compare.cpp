#include "common/compare.hpp"

#include <algorithm>
#include <limits>

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

// `path` with "/" and `token` (escaped as a JSON pointer token) appended; `path` is cut back to its
// length before when the PathToken ends. The walk keeps one path string and writes a field's pointer only
// when it differs.
class PathToken {
 public:
  PathToken(std::string& path, std::string_view token) : path_(path), mark_(path.size()) {
    path_ += '/';
    for (char c : token) {
      if (c == '~')
        path_ += "~0";
      else if (c == '/')
        path_ += "~1";
      else
        path_ += c;
    }
  }
  ~PathToken() { path_.resize(mark_); }
  PathToken(const PathToken&) = delete;
  PathToken& operator=(const PathToken&) = delete;

 private:
  std::string& path_;
  std::size_t mark_;
};

// Walks `expected` against `actual` in document order and adds each difference to `out`, until it
// holds `limit`; returns whether the walk stopped there. first_difference asks for one (it stops at
// the first), all_differences for every one. `path` is the pointer of the values compared.
bool compare(const json& expected, const json& actual, std::string& path, bool contained,
             std::vector<Difference>& out, std::size_t limit) {
  const auto add = [&](Difference d) {
    out.push_back(std::move(d));
    return out.size() >= limit;
  };
  if (expected.is_object() && actual.is_object()) {
    for (auto e = expected.begin(); e != expected.end(); ++e) {
      const json& value = *e;
      const PathToken here(path, e.key());
      auto it = actual.find(e.key());
      if (it == actual.end()) {
        if (contained && matches_absent(value)) continue;
        // Point at the innermost field that is missing, not at its parent object.
        if (contained && value.is_object()) {
          if (compare(value, json::object(), path, contained, out, limit)) return true;
          continue;
        }
        if (add(Difference{path, value, nullptr, Difference::Kind::missing})) return true;
        continue;
      }
      if (compare(value, *it, path, contained, out, limit)) return true;
    }
    if (!contained)
      for (auto a = actual.begin(); a != actual.end(); ++a)
        if (!expected.contains(a.key()) && add(Difference{pointer(path, a.key()), nullptr, *a, Difference::Kind::unexpected}))
          return true;
    return false;
  }
  if (expected.is_array() && actual.is_array()) {
    if (all_strings(expected) && all_strings(actual)) {
      if (expected == actual || sorted(expected) == sorted(actual)) return false;  // equal as given: equal sorted
      return add(Difference{path, expected, actual, Difference::Kind::changed});
    }
    if (expected.size() != actual.size()) return add(Difference{path, expected, actual, Difference::Kind::changed});
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const PathToken here(path, std::to_string(i));
      if (compare(expected[i], actual[i], path, contained, out, limit)) return true;
    }
    return false;
  }
  if (contained && actual.is_object() && expected.is_number() && expected == 0 && actual.empty()) return false;
  if (expected == actual) return false;
  return add(Difference{path, expected, actual, Difference::Kind::changed});
}

std::optional<Difference> first_of(const json& expected, const json& actual, const std::string& path, bool contained) {
  std::vector<Difference> out;
  std::string at = path;
  compare(expected, actual, at, contained, out, 1);
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

}  // namespace

std::optional<Difference> first_difference(const json& expected, const json& actual, const std::string& path) {
  return first_of(expected, actual, path, true);
}

std::optional<Difference> first_difference_exact(const json& expected, const json& actual, const std::string& path) {
  return first_of(expected, actual, path, false);
}

std::vector<Difference> all_differences(const json& expected, const json& actual, const std::string& path,
                                        bool contained) {
  std::vector<Difference> out;
  std::string at = path;
  compare(expected, actual, at, contained, out, std::numeric_limits<std::size_t>::max());
  return out;
}

std::string side_text(const Difference& d, bool expected_side) {
  const bool absent = expected_side ? d.kind == Difference::Kind::unexpected : d.kind == Difference::Kind::missing;
  return absent ? std::string("(absent)") : (expected_side ? d.expected : d.actual).dump();
}

json as_patch(const Difference& d) {
  if (d.kind == Difference::Kind::missing)
    return json::array({{{"op", "add"}, {"path", d.path}, {"value", d.expected}}});
  if (d.kind == Difference::Kind::unexpected) return json::array({{{"op", "remove"}, {"path", d.path}}});
  return json::array({{{"op", "replace"}, {"path", d.path}, {"value", d.expected}}});
}

}  // namespace rulecheck

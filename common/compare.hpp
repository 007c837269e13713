// Comparing an expected outcome with an actual one, and saying where they first differ.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

struct Difference {
  enum class Kind { changed, missing, unexpected };  // value differs / field absent / field extra
  std::string path;                                  // JSON pointer into the outcome
  json expected;
  json actual;
  Kind kind = Kind::changed;
};

// Containment (DESIGN.md, scenario files): every field of `expected` must equal the field of
// `actual`; a count of 0 (or an empty object/list) matches an absent field; lists of strings
// compare as sets; other lists compare element by element. Returns the first difference in
// document order, or nothing when `expected` is contained in `actual`.
std::optional<Difference> first_difference(const json& expected, const json& actual, const std::string& path = "");

// Exact equality (lists of strings as sets): for query results.
std::optional<Difference> first_difference_exact(const json& expected, const json& actual,
                                                 const std::string& path = "");

// Every difference, in document order: each field that differs, each field missing from `actual`
// (innermost) and, when not `contained`, each field `actual` has in excess. `contained` as in
// first_difference, else as in first_difference_exact; the first is the one those return.
std::vector<Difference> all_differences(const json& expected, const json& actual, const std::string& path,
                                        bool contained);

// One side of a difference as reports show it: its JSON text ("null" for a null value), or "(absent)"
// when that side lacks the field (the expected side of an `unexpected` field, the actual side of a
// `missing` one).
std::string side_text(const Difference& d, bool expected_side);

// The difference as an RFC 6902 JSON patch that turns the actual outcome into the expected one.
json as_patch(const Difference& d);

}  // namespace rulecheck

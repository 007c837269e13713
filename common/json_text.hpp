// JSON text written piece by piece, with the bytes nlohmann/json's dump() writes, without building a
// JSON value: the games write a next state this way (games/messina/state_text.cpp, Scythe's adapter),
// as serve's answers and the harness's requests carry states as text. No nlohmann header here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rulecheck {

// Appends `text` as a JSON string, exactly as nlohmann/json's dump() writes it, when it holds only
// printable ASCII (a quote and a backslash are escaped); false, with `out` as it was, otherwise
// (the caller then lets dump() write it).
bool append_json_string(std::string& out, std::string_view text);

// The pieces a writer of one JSON document appends to `out`. Each returns false where a string is
// not printable ASCII (the whole document is then left to dump()).
class JsonTextWriter {
 protected:
  explicit JsonTextWriter(std::string& out) : out_(out) {}

  // The next field's name (after a comma unless it is the first of its object: comma_ empty).
  // Always true, so that it chains with the pieces that may fail.
  bool name(std::string_view field);
  bool key(const std::string& k);
  bool string(const std::string& v) { return append_json_string(out_, v); }
  void number(long n);
  // The strings, sorted, as an array.
  bool sorted_strings(std::vector<std::string> list);

  std::string& out_;
  const char* comma_ = "";  // before the next field of the object being written
};

}  // namespace rulecheck

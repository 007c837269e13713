#include "harness/request_members.hpp"

namespace rulecheck {

namespace {

// The text at `at` begins with one of the `known` values: its length (the longest such), else 0.
std::size_t known_prefix(std::string_view line, std::size_t at, const std::vector<std::string_view>& known) {
  std::size_t longest = 0;
  for (const std::string_view k : known)
    if (k.size() > longest && line.substr(at, k.size()) == k) longest = k.size();
  return longest;
}

}  // namespace

bool split_members(std::string_view line, std::vector<RawMember>& members, const std::vector<std::string_view>& known) {
  std::size_t i = 0;
  auto skip_space = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  };
  auto skip_string = [&] {  // at the opening quote; ends after the closing quote
    for (++i; i < line.size(); ++i) {
      if (line[i] == '\\')
        ++i;
      else if (line[i] == '"')
        return ++i, true;
    }
    return false;
  };
  skip_space();
  if (i >= line.size() || line[i] != '{') return false;
  ++i;
  while (true) {
    skip_space();
    if (i >= line.size() || line[i] != '"') return false;
    const std::size_t key_start = i + 1;
    if (!skip_string()) return false;
    const std::string_view key = line.substr(key_start, i - 1 - key_start);
    if (key.find('\\') != std::string_view::npos) return false;
    skip_space();
    if (i >= line.size() || line[i] != ':') return false;
    ++i;
    skip_space();
    const std::size_t value_start = i;
    i += known_prefix(line, i, known);  // a whole value seen before: the scan resumes after it at depth 0
    int depth = 0;
    for (; i < line.size(); ++i) {
      const char c = line[i];
      if (c == '"') {
        if (!skip_string()) return false;
        --i;
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0) break;
        --depth;
      } else if (c == ',' && depth == 0) {
        break;
      }
    }
    if (i >= line.size()) return false;
    std::size_t value_end = i;
    while (value_end > value_start && (line[value_end - 1] == ' ' || line[value_end - 1] == '\t')) --value_end;
    members.emplace_back(key, line.substr(value_start, value_end - value_start));
    if (line[i] == '}') return true;
    ++i;  // the comma
  }
}

}  // namespace rulecheck

#include "common/json_text.hpp"

#include <algorithm>

namespace rulecheck {

bool append_json_string(std::string& out, std::string_view text) {
  for (const char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return true;
}

bool JsonTextWriter::name(std::string_view field) {
  out_ += comma_;
  comma_ = ",";
  ((out_ += '"') += field) += "\":";
  return true;
}

bool JsonTextWriter::key(const std::string& k) { return append_json_string(out_, k) && (out_ += ':', true); }

void JsonTextWriter::number(long n) { out_ += std::to_string(n); }

bool JsonTextWriter::sorted_strings(std::vector<std::string> list) {
  std::sort(list.begin(), list.end());
  out_ += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out_ += ',';
    if (!string(list[i])) return false;
  }
  out_ += ']';
  return true;
}

}  // namespace rulecheck

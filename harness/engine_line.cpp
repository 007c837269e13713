#include "harness/engine_line.hpp"

#include <fmt/format.h>

#include "common/bounded_read.hpp"
#include "common/json_io.hpp"
#include "common/text.hpp"
#include "harness/subprocess.hpp"

namespace rulecheck {

std::string capped_engine_text(std::string text, std::size_t cap) {
  if (text.size() <= cap) return text;
  std::size_t keep = cap;
  // text[keep] is the first byte dropped: while it continues a character, that character goes too.
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  const std::size_t dropped = text.size() - keep;
  text.resize(keep);
  text += fmt::format("[rulecheck: cut here: {} more byte(s) dropped; at most {} of an engine's text are kept]",
                      dropped, cap % 1024 == 0 ? fmt::format("{} KiB", cap / 1024) : fmt::format("{} bytes", cap));
  text.shrink_to_fit();
  return text;
}

void cap_engine_strings(json& value, std::size_t cap) {
  if (value.is_string()) {
    std::string& s = *value.get_ptr<std::string*>();
    if (s.size() > cap) s = capped_engine_text(std::move(s), cap);
  } else if (value.is_array()) {
    for (json& element : value) cap_engine_strings(element, cap);
  } else if (value.is_object()) {
    bool long_key = false;
    for (auto& [key, member] : value.items()) {
      long_key = long_key || key.size() > cap;
      cap_engine_strings(member, cap);
    }
    if (!long_key) return;
    json rebuilt = json::object();  // keys cannot be changed in place
    for (auto& [key, member] : value.get_ref<json::object_t&>())
      rebuilt[capped_engine_text(key, cap)] = std::move(member);
    value = std::move(rebuilt);
  }
}

EngineLine read_engine_line(std::string_view line, bool cap_strings) {
  EngineLine out;
  std::string duplicate;
  json j = parse_json_line(line, &duplicate);
  if (!j.is_discarded() && j.is_object()) {
    if (cap_strings) cap_engine_strings(j);
    out.object = std::move(j);
    return out;
  }
  if (!duplicate.empty()) {
    out.problem = EngineLine::Problem::duplicate_key;
    out.why = fmt::format("gives the key at {} twice in one object (which of its values counts is not said)",
                          excerpt(duplicate));
    return out;
  }
  out.problem = EngineLine::Problem::not_object;
  if (line.find('\0') != std::string_view::npos)
    out.why = fmt::format("is not a JSON object: it holds a NUL byte at byte {} (JSON text never holds one): {}",
                          line.find('\0') + 1, excerpt(line));
  else if (nested_deeper_than(line))
    out.why = fmt::format("nests arrays and objects more than {} deep", kMaxJsonNesting);
  else
    out.why = "is not a JSON object: " + excerpt(line);
  return out;
}

bool is_blank_line(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace rulecheck

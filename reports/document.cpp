#include "reports/document.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace rulecheck {

namespace {

struct DecodedChar {
  char32_t code;
  std::size_t length;  // in bytes
};

std::size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead < 0xC2) return 0;  // a continuation byte, or the start of an overlong 2-byte form
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  if (lead < 0xF5) return 4;
  return 0;
}

// The character starting at `s[i]`, or nothing if the bytes there are not well-formed UTF-8.
std::optional<DecodedChar> decode_utf8(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  const std::size_t length = utf8_length(lead);
  if (length == 0 || i + length > s.size()) return std::nullopt;
  if (length == 1) return DecodedChar{lead, 1};
  char32_t code = lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) {
    const auto byte = static_cast<unsigned char>(s[i + k]);
    if ((byte & 0xC0u) != 0x80u) return std::nullopt;
    code = (code << 6) | (byte & 0x3Fu);
  }
  static constexpr std::array<char32_t, 5> smallest = {0, 0, 0x80, 0x800, 0x10000};
  const bool overlong = code < smallest[length];
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (overlong || surrogate || code > 0x10FFFF) return std::nullopt;
  return DecodedChar{code, length};
}

// XML 1.0's Char production.
bool allowed_in_xml(char32_t c) {
  if (c < 0x20) return c == '\t' || c == '\n' || c == '\r';
  return c != 0xFFFE && c != 0xFFFF;
}

const char* reference_for(char c, bool attribute) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    case '\r': return "&#13;";
    case '\n': return attribute ? "&#10;" : nullptr;
    case '\t': return attribute ? "&#9;" : nullptr;
    default: return nullptr;
  }
}

std::string escape(std::string_view text, bool attribute) {
  std::string out;
  for (char c : clean_text(text)) {
    const char* reference = reference_for(c, attribute);
    if (reference)
      out += reference;
    else
      out += c;
  }
  return out;
}

}  // namespace

void Tally::add(const CaseResult& r) {
  ++counts[static_cast<std::size_t>(r.verdict)];
  millis += r.millis;
}

std::vector<std::string> DocumentReporter::targets() const {
  std::vector<std::string> names = info_.targets;
  for (const auto& r : cases_)
    if (std::find(names.begin(), names.end(), r.target) == names.end()) names.push_back(r.target);
  return names;
}

std::map<std::string, Tally> DocumentReporter::tally_by_target() const {
  std::map<std::string, Tally> tallies;
  for (const auto& t : targets()) tallies[t];
  for (const auto& r : cases_) tallies[r.target].add(r);
  return tallies;
}

Tally DocumentReporter::tally_all() const {
  Tally all;
  for (const auto& r : cases_) all.add(r);
  return all;
}

bool is_problem(const CaseResult& r) { return r.verdict == Verdict::fail || r.verdict == Verdict::errored; }

std::string clean_text(std::string_view text) {
  static constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto decoded = decode_utf8(text, i);
    if (!decoded) {
      out += replacement;
      ++i;
      continue;
    }
    if (allowed_in_xml(decoded->code)) out += text.substr(i, decoded->length);
    i += decoded->length;
  }
  return out;
}

std::string escape_xml(std::string_view text) { return escape(text, false); }

std::string escape_xml_attribute(std::string_view text) { return escape(text, true); }

std::string shorten(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0u) == 0x80u) --cut;
  return std::string(text.substr(0, cut)) + "\xE2\x80\xA6";  // U+2026
}

std::string seconds_text(double seconds) { return fmt::format("{:.3f}", seconds > 0 ? seconds : 0.0); }

}  // namespace rulecheck

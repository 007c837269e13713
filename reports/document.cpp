#include "reports/document.hpp"

#include <algorithm>
#include <optional>
#include <ostream>
#include <utility>

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

void DocumentReporter::begin(const RunInfo& info) {
  info_ = info;
  targets_ = info.targets;
  for (const auto& t : targets_) tallies_[t];
}

void DocumentReporter::case_done(const CaseResult& r) {
  if (!tallies_.count(r.target)) targets_.push_back(r.target);
  tallies_[r.target].add(r);
  all_.add(r);
  if (is_problem(r)) problems_.push_back(r);
  on_case(r);
}

Spool::Spool(Spool&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      tried_(other.tried_),
      spilled_(other.spilled_),
      memory_(std::move(other.memory_)) {}

Spool::~Spool() {
  if (file_) std::fclose(file_);
}

void Spool::append(std::string_view text) {
  if (!tried_) {
    tried_ = true;
    file_ = std::tmpfile();  // removed by the system when closed
  }
  if (file_ && !spilled_) {
    const std::size_t written = std::fwrite(text.data(), 1, text.size(), file_);
    if (written == text.size()) return;
    text.remove_prefix(written);  // a write failed (a full disk): the rest, and all after it, in memory
    spilled_ = true;
  }
  memory_.append(text);
}

void Spool::copy_to(std::ostream& out) {
  if (file_) {
    std::fflush(file_);
    std::rewind(file_);
    char buffer[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file_)) > 0) out.write(buffer, static_cast<std::streamsize>(n));
    std::fseek(file_, 0, SEEK_END);
  }
  out << memory_;
}

bool is_problem(const CaseResult& r) { return is_problem(r.verdict); }

std::size_t Tally::total() const {
  std::size_t n = 0;
  for (auto c : counts) n += c;
  return n;
}

std::size_t Tally::problems() const {
  std::size_t n = 0;
  for (Verdict v : kAllVerdicts)
    if (is_problem(v)) n += count(v);
  return n;
}

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

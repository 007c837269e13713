#include "rulebook/text.hpp"

#include <openssl/evp.h>

#include <array>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "common/bounded_read.hpp"
#include "common/input_error.hpp"

namespace rulecheck::rulebook {

namespace {

// One UTF-8 encoded character: its code point and how many bytes it takes.
struct Character {
  char32_t code = 0;
  std::size_t size = 0;
};

// The character starting at `at`, or nothing when the bytes there are not valid UTF-8.
std::optional<Character> decode(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return Character{lead, 1};
  std::size_t size = 0;
  char32_t code = 0;
  char32_t smallest = 0;
  if ((lead & 0xE0) == 0xC0)
    size = 2, code = lead & 0x1F, smallest = 0x80;
  else if ((lead & 0xF0) == 0xE0)
    size = 3, code = lead & 0x0F, smallest = 0x800;
  else if ((lead & 0xF8) == 0xF0)
    size = 4, code = lead & 0x07, smallest = 0x10000;
  else
    return std::nullopt;
  if (at + size > text.size()) return std::nullopt;
  for (std::size_t i = 1; i < size; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return std::nullopt;
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return std::nullopt;
  return Character{code, size};
}

// Python's str.splitlines() line boundaries.
bool is_line_break(char32_t c) {
  return c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E || c == 0x85 ||
         c == 0x2028 || c == 0x2029;
}

// Python's str.isspace(): what str.strip() removes.
bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Where the character ending just before `end` starts (the text is valid UTF-8).
std::size_t start_of_previous(std::string_view text, std::size_t end) {
  std::size_t at = end - 1;
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

std::string_view strip(std::string_view line) {
  std::size_t begin = 0;
  while (begin < line.size()) {
    const Character c = *decode(line, begin);
    if (!is_space(c.code)) break;
    begin += c.size;
  }
  std::size_t end = line.size();
  while (end > begin) {
    const std::size_t start = start_of_previous(line, end);
    if (!is_space(decode(line, start)->code)) break;
    end = start;
  }
  return line.substr(begin, end - begin);
}

// The lines of a UTF-8 text as str.splitlines() gives them. Throws InputError at invalid UTF-8.
std::vector<std::string_view> split_lines(std::string_view text, const std::string& source) {
  std::vector<std::string_view> lines;
  std::size_t line_start = 0;
  std::size_t at = 0;
  int line_number = 1;
  while (at < text.size()) {
    const std::optional<Character> c = decode(text, at);
    if (!c)
      throw InputError("", fmt::format("{}: line {} is not valid UTF-8 (byte {}); rule texts must be UTF-8", source,
                                       line_number, at + 1));
    if (!is_line_break(c->code)) {
      at += c->size;
      continue;
    }
    lines.push_back(text.substr(line_start, at - line_start));
    at += c->size;
    if (c->code == U'\r' && at < text.size() && text[at] == '\n') ++at;
    line_start = at;
    ++line_number;
  }
  if (line_start < text.size()) lines.push_back(text.substr(line_start));
  return lines;
}

std::size_t character_count(std::string_view text) {
  std::size_t count = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  return count;
}

// The first `count` characters of a valid UTF-8 text.
std::string_view first_characters(std::string_view text, std::size_t count) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < text.size() && seen < count; ++seen) at += decode(text, at)->size;
  return text.substr(0, at);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) {
    if (!out.empty()) out += ' ';
    out += line;
  }
  return out;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

std::string fingerprint(const std::vector<std::string>& lines) {
  std::vector<std::string> stripped;
  stripped.reserve(lines.size());
  for (const auto& line : lines) stripped.emplace_back(strip(line));
  return sha256_hex(joined(stripped)).substr(0, 16);
}

std::vector<Paragraph> split_paragraphs(std::string_view text, const std::string& source) {
  std::vector<Paragraph> paragraphs;
  Paragraph current;
  const auto close_paragraph = [&] {
    if (current.lines.empty()) return;
    current.number = static_cast<int>(paragraphs.size()) + 1;
    current.fingerprint = fingerprint(current.lines);
    paragraphs.push_back(std::move(current));
    current = Paragraph{};
  };
  for (std::string_view line : split_lines(text, source)) {
    const std::string_view stripped = strip(line);
    if (stripped.empty())
      close_paragraph();
    else
      current.lines.emplace_back(stripped);
  }
  close_paragraph();
  return paragraphs;
}

std::vector<Paragraph> read_paragraphs(const std::filesystem::path& file) {
  return split_paragraphs(read_file_bounded(file), file.string());
}

std::string preview(const Paragraph& paragraph, std::size_t width) {
  const std::string text = joined(paragraph.lines);
  if (character_count(text) <= width) return text;
  return std::string(first_characters(text, width - 1)) + "\u2026";
}

bool is_fingerprint(std::string_view text) {
  if (text.size() != 16) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace rulecheck::rulebook

#include "common/text.hpp"

#include <fnmatch.h>

#include <cstdint>

namespace rulecheck {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s`, or 0 if it is ill-formed
// (overlong forms, surrogates and code points past U+10FFFF included).
std::size_t utf8_sequence(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong three-byte forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // no overlong four-byte forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return n;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string valid_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text.substr(i));
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string printable(std::string_view text, bool keep_lines) {
  const auto needs_escape = [&](unsigned char c) {
    return (c < 0x20 && !(keep_lines && (c == '\n' || c == '\t'))) || c == 0x7F || c == 0xC2;
  };
  bool clean = true;
  for (const char c : text) clean = clean && !needs_escape(static_cast<unsigned char>(c));
  if (clean && is_valid_utf8(text)) return std::string(text);
  const std::string valid = valid_utf8(text);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(valid.size() + 16);
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const auto c = static_cast<unsigned char>(valid[i]);
    if (c == 0xC2 && i + 1 < valid.size() && static_cast<unsigned char>(valid[i + 1]) < 0xA0) {
      const auto c1 = static_cast<unsigned char>(valid[++i]);  // U+0080 to U+009F, the C1 controls
      out += "\\u00";
      out += kHex[c1 >> 4];
      out += kHex[c1 & 0xF];
    } else if (c != 0xC2 && needs_escape(c)) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string file_name_for_id(std::string_view id, std::string_view suffix) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string name;
  for (std::size_t i = 0; i < id.size(); ++i) {
    const auto c = static_cast<unsigned char>(id[i]);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       (c == '.' && i > 0);
    if (plain) {
      name += static_cast<char>(c);
    } else if (c == '/') {
      name += '_';
    } else {
      name += '%';
      name += kHex[c >> 4];
      name += kHex[c & 0xF];
    }
  }
  if (name.empty()) name = "%";  // an empty id still gets a name no other id maps to
  constexpr std::size_t kMostBytes = 200;  // file systems allow 255 bytes; room for the hash and suffix
  if (name.size() > kMostBytes) {
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over the whole id
    for (const char c : id) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char hex[17];
    for (int i = 15; i >= 0; --i, hash >>= 4) hex[i] = kHex[hash & 0xF];
    hex[16] = 0;
    name = name.substr(0, kMostBytes) + "~" + hex;
  }
  return name + std::string(suffix);
}

bool nested_deeper_than(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

bool glob_match(const std::string& pattern, const std::string& text) {
  std::size_t p = 0, t = 0;
  while (true) {
    const std::size_t pe = pattern.find('\0', p), te = text.find('\0', t);
    const std::string piece = pattern.substr(p, pe == std::string::npos ? std::string::npos : pe - p);
    const std::string here = text.substr(t, te == std::string::npos ? std::string::npos : te - t);
    if (fnmatch(piece.c_str(), here.c_str(), 0) != 0) return false;
    if ((pe == std::string::npos) != (te == std::string::npos)) return false;
    if (pe == std::string::npos) return true;
    p = pe + 1;
    t = te + 1;
  }
}

}  // namespace rulecheck

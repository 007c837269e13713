#include "rulebook/json_spans.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/pointer.hpp"

namespace rulecheck::rulebook {

namespace {

// A scanner over JSON text that records the span of every value under its pointer. It reads just
// enough to find where values begin and end; keys are decoded (for the pointers), other strings
// and numbers are only skipped over.
class SpanScanner {
 public:
  SpanScanner(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  std::map<std::string, Span> scan() {
    value("");
    skip_space();
    if (at_ != text_.size()) fail("more text after the JSON value");
    return std::move(spans_);
  }

 private:
  void value(const std::string& pointer_here) {
    skip_space();
    const std::size_t begin = at_;
    if (at_ >= text_.size()) fail("the text ends where a value should be");
    switch (text_[at_]) {
      case '{': object(pointer_here); break;
      case '[': array(pointer_here); break;
      case '"': string(); break;
      default: scalar(); break;
    }
    spans_[pointer_here] = Span{begin, at_};
  }

  void object(const std::string& here) {
    ++at_;  // {
    skip_space();
    if (peek() == '}') return void(++at_);
    while (true) {
      skip_space();
      if (peek() != '"') fail("a key (a string) should be here");
      const std::string key = string();
      skip_space();
      expect(':');
      value(pointer(here, key));
      skip_space();
      if (peek() == ',') {
        ++at_;
        continue;
      }
      expect('}');
      return;
    }
  }

  void array(const std::string& here) {
    ++at_;  // [
    skip_space();
    if (peek() == ']') return void(++at_);
    for (std::size_t i = 0;; ++i) {
      value(pointer(here, std::to_string(i)));
      skip_space();
      if (peek() == ',') {
        ++at_;
        continue;
      }
      expect(']');
      return;
    }
  }

  // A string, decoded (escapes and \u sequences, surrogate pairs included).
  std::string string() {
    ++at_;  // "
    std::string out;
    while (true) {
      if (at_ >= text_.size()) fail("a string is not closed");
      const char c = text_[at_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) fail("a string is not closed");
      const char e = text_[at_++];
      switch (e) {
        case '"':
        case '\\':
        case '/': out += e; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': append_utf8(out, code_point()); break;
        default: fail(fmt::format("unknown escape \\{} in a string", e));
      }
    }
  }

  char32_t code_point() {
    char32_t code = hex4();
    if (code >= 0xD800 && code <= 0xDBFF && text_.substr(at_, 2) == "\\u") {
      at_ += 2;
      const char32_t low = hex4();
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    return code;
  }

  char32_t hex4() {
    if (at_ + 4 > text_.size()) fail("a \\u escape needs four hex digits");
    char32_t code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[at_++];
      const int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
      if (digit < 0) fail("a \\u escape needs four hex digits");
      code = code * 16 + static_cast<char32_t>(digit);
    }
    return code;
  }

  static void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80)
      out += static_cast<char>(c);
    else if (c < 0x800)
      out += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
    else if (c < 0x10000)
      out += {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
              static_cast<char>(0x80 | (c & 0x3F))};
    else
      out += {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
              static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
  }

  // A number, true, false or null: everything up to the next delimiter.
  void scalar() {
    const std::size_t begin = at_;
    while (at_ < text_.size() && std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) ++at_;
    const std::string_view word = text_.substr(begin, at_ - begin);
    const bool number = !word.empty() && (word[0] == '-' || (word[0] >= '0' && word[0] <= '9'));
    if (!number && word != "true" && word != "false" && word != "null")
      fail(fmt::format("\"{}\" is not a JSON value", word));
  }

  void skip_space() {
    while (at_ < text_.size() && std::string_view(" \t\r\n").find(text_[at_]) != std::string_view::npos) ++at_;
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void expect(char c) {
    if (peek() != c) fail(fmt::format("'{}' should be here", c));
    ++at_;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("", fmt::format("{}: not valid JSON at byte {}: {}", source_, at_ + 1, what));
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t at_ = 0;
  std::map<std::string, Span> spans_;
};

}  // namespace

std::map<std::string, Span> value_spans(std::string_view text, const std::string& source) {
  return SpanScanner(text, source).scan();
}

std::string replace_values(std::string_view text, const std::map<std::string, std::string>& replacements,
                           const std::string& source) {
  const std::map<std::string, Span> spans = value_spans(text, source);
  std::vector<std::pair<Span, const std::string*>> edits;
  for (const auto& [at, replacement] : replacements) {
    const auto span = spans.find(at);
    if (span == spans.end()) throw InputError(at, fmt::format("{}: no value at {}", source, at));
    edits.emplace_back(span->second, &replacement);
  }
  std::sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) { return a.first.begin < b.first.begin; });
  std::string out;
  std::size_t copied = 0;
  for (const auto& [span, replacement] : edits) {
    if (span.begin < copied) throw InputError("", fmt::format("{}: two replaced values overlap", source));
    out.append(text.substr(copied, span.begin - copied));
    out += *replacement;
    copied = span.end;
  }
  out.append(text.substr(copied));
  return out;
}

}  // namespace rulecheck::rulebook

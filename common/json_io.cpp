#include "common/json_io.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/pointer.hpp"
#include "common/text.hpp"

namespace rulecheck {

namespace {

// Follows the parser's events to know where it is, so a duplicate key can be named by pointer.
class DuplicateKeyGuard {
 public:
  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open(true); break;
      case json::parse_event_t::array_start: open(false); break;
      default: break;
    }
    if (frames_.size() > kMaxJsonNesting)
      throw InputError(path_to_current(8), fmt::format("arrays and objects are nested more than {} deep here "
                                                      "(rulecheck reads at most {} levels)",
                                                      kMaxJsonNesting, kMaxJsonNesting));
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start: break;
      case json::parse_event_t::key: {
        Frame& f = frames_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second)
          throw InputError(path_to_current(), fmt::format("the key \"{}\" appears twice in the same object", f.key));
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        frames_.pop_back();
        element_done();
        break;
      case json::parse_event_t::value: element_done(); break;
    }
    return true;
  }

 private:
  struct Frame {
    bool object = false;
    std::set<std::string> keys;
    std::string key;
    std::size_t index = 0;
  };
  void open(bool object) {
    Frame f;
    f.object = object;
    frames_.push_back(std::move(f));
  }
  void element_done() {
    if (!frames_.empty() && !frames_.back().object) frames_.back().index++;
  }
  // The pointer to where the parser is; past `most` levels only their number is given.
  std::string path_to_current(std::size_t most = SIZE_MAX) const {
    std::string p;
    for (std::size_t i = 0; i < frames_.size() && i < most; ++i)
      p = pointer(p, frames_[i].object ? frames_[i].key : std::to_string(frames_[i].index));
    if (frames_.size() > most) p += fmt::format("/... ({} levels in all)", frames_.size());
    return p;
  }
  std::vector<Frame> frames_;
};

// A parser for the plain JSON the protocol carries (objects, lists, ASCII strings without escapes,
// integers, true, false, null), building the same value nlohmann/json builds, several times faster.
// Anything else (an escape, a byte outside printable ASCII, a fraction or exponent, a long number,
// a key given twice, nesting past kMaxJsonNesting, any error) gives up: nlohmann/json then parses
// the text and decides, so what is accepted and what it becomes never depend on this parser.
class PlainJson {
 public:
  explicit PlainJson(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool parse(json& out) {
    if (!value(out, 0)) return false;
    space();
    return p_ == end_;
  }

 private:
  void space() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }
  bool string(std::string& out) {  // at the opening quote
    const char* start = ++p_;
    while (p_ < end_ && *p_ != '"') {
      if (*p_ < 0x20 || *p_ > 0x7e || *p_ == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    out.assign(start, p_++);
    return true;
  }
  bool number(json& out) {
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    const char* digits = p_;
    std::uint64_t n = 0;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9') n = n * 10 + static_cast<std::uint64_t>(*p_++ - '0');
    const auto length = p_ - digits;
    if (length == 0 || length > 18 || (length > 1 && *digits == '0')) return false;
    if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
    if (negative)  // nlohmann/json: a minus sign makes a signed integer, none an unsigned one
      out = -static_cast<std::int64_t>(n);
    else
      out = n;
    return true;
  }
  bool value(json& out, std::size_t depth) {
    space();
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': {
        if (++depth > kMaxJsonNesting) return false;
        ++p_;
        out = json::object();
        auto& members = *out.get_ptr<json::object_t*>();
        space();
        if (p_ < end_ && *p_ == '}') return ++p_, true;
        for (std::string key;;) {
          space();
          if (p_ == end_ || *p_ != '"' || !string(key)) return false;
          space();
          if (p_ == end_ || *p_++ != ':') return false;
          const auto [at, added] = members.try_emplace(std::move(key));
          if (!added || !value(at->second, depth)) return false;
          space();
          if (p_ == end_) return false;
          if (*p_ == '}') return ++p_, true;
          if (*p_++ != ',') return false;
        }
      }
      case '[': {
        if (++depth > kMaxJsonNesting) return false;
        ++p_;
        out = json::array();
        auto& elements = *out.get_ptr<json::array_t*>();
        space();
        if (p_ < end_ && *p_ == ']') return ++p_, true;
        for (;;) {
          if (!value(elements.emplace_back(), depth)) return false;
          space();
          if (p_ == end_) return false;
          if (*p_ == ']') return ++p_, true;
          if (*p_++ != ',') return false;
        }
      }
      case '"': {
        std::string s;
        if (!string(s)) return false;
        out = std::move(s);
        return true;
      }
      case 't': out = true; return literal("true");
      case 'f': out = false; return literal("false");
      case 'n': out = nullptr; return literal("null");
      default: return (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) && number(out);
    }
  }

  const char* p_;
  const char* end_;
};

std::string line_and_column(std::string_view text, std::size_t byte) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return fmt::format("line {}, column {}", line, column);
}

// Where the first NUL byte of `text` is, if it holds one. JSON text never does (a NUL in a string is
// written \u0000), and nlohmann/json stops reading at one as at the end of the text.
std::optional<std::size_t> nul_byte(std::string_view text) {
  const void* at = std::memchr(text.data(), '\0', text.size());
  if (!at) return std::nullopt;
  return static_cast<std::size_t>(static_cast<const char*>(at) - text.data());
}

}  // namespace

json parse_json_strict(std::string_view text, const std::string& source) {
  if (const auto at = nul_byte(text))
    throw InputError("", valid_utf8(fmt::format("{}: not valid JSON at {}: a NUL byte (JSON text never holds one)",
                                                source, line_and_column(text, *at + 1))));
  DuplicateKeyGuard guard;
  try {
    return json::parse(text.begin(), text.end(), std::ref(guard));
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    // nlohmann's message starts "[json.exception.parse_error.101] parse error at line L, column C: "
    const auto colon = what.find(": ");
    const std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
    // The detail quotes what was last read, which may be the very bytes that are not UTF-8.
    throw InputError("", valid_utf8(fmt::format("{}: not valid JSON at {}: {}", source,
                                                line_and_column(text, e.byte), detail)));
  } catch (const json::out_of_range& e) {
    // A number beyond a double (1e309, an integer of thousands of digits). nlohmann's message quotes
    // the whole number; name it by its start.
    std::string what = e.what();
    const auto quote = what.find('\'');
    std::string number = quote == std::string::npos ? "" : what.substr(quote + 1);
    if (!number.empty() && number.back() == '\'') number.pop_back();
    if (number.size() > 24) number = number.substr(0, 24) + "... (" + std::to_string(number.size()) + " characters)";
    throw InputError("", valid_utf8(fmt::format("{}: a number too large to represent: {}", source, number)));
  }
}

json parse_json_lenient(std::string_view text) {
  if (json out; PlainJson(text).parse(out)) return out;
  if (nul_byte(text) || nested_deeper_than(text)) return json(json::value_t::discarded);
  return json::parse(text, nullptr, false);
}

json parse_json_line(std::string_view text, std::string* duplicate) {
  if (json out; PlainJson(text).parse(out)) return out;  // it gives up on a key given twice
  if (nul_byte(text) || nested_deeper_than(text)) return json(json::value_t::discarded);
  DuplicateKeyGuard guard;
  try {
    return json::parse(text.begin(), text.end(), std::ref(guard));
  } catch (const InputError& e) {  // a key given twice (the nesting was checked above)
    if (duplicate) *duplicate = e.pointer();
  } catch (const json::exception&) {  // not JSON, or a number beyond a double
  }
  return json(json::value_t::discarded);
}

json read_json_file(const std::filesystem::path& file) {
  return parse_json_strict(read_file_bounded(file), file.string());
}

}  // namespace rulecheck

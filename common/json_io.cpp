#include "common/json_io.hpp"

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/plain_text_reader.hpp"
#include "common/pointer.hpp"
#include "common/text.hpp"

static_assert(rulecheck::kPlainTextValuesAtMost == rulecheck::kMaxJsonValues,
              "common/plain_text_reader.hpp gives up where the JSON path refuses a text");

namespace rulecheck {

namespace {

// Builds the value from nlohmann/json's SAX events in one pass, each event O(1) but a key's (one
// lookup in its object). nlohmann/json's own parser, given a callback, scans the parent again after
// each object ends, which made reading quadratic (a 1 MiB file of `[{},{},...]` took 21 s, 64 MiB
// hours). Stops at the first problem, remembering what and where (a JSON pointer): malformed text, a
// number beyond a double, a key given twice in one object (lenient: the last is kept, as
// nlohmann/json keeps it), nesting past kMaxJsonNesting, more than kMaxJsonValues values.
class DomBuilder {
 public:
  enum class Problem { none, malformed, number_too_large, duplicate_key, too_deep, too_many_values };

  explicit DomBuilder(bool strict) : strict_(strict) {}

  json& value() { return root_; }

  Problem problem() const { return problem_; }
  const std::string& where() const { return where_; }  // a pointer (duplicate key, too deep, too many)
  const std::string& what() const { return what_; }    // nlohmann's message, or the number's text
  std::size_t byte() const { return byte_; }

  bool null() { return place(nullptr) != nullptr; }
  bool boolean(bool v) { return place(v) != nullptr; }
  bool number_integer(json::number_integer_t v) { return place(v) != nullptr; }
  bool number_unsigned(json::number_unsigned_t v) { return place(v) != nullptr; }
  bool number_float(json::number_float_t v, const json::string_t& /*text*/) { return place(v) != nullptr; }
  bool string(json::string_t& v) { return place(std::move(v)) != nullptr; }
  bool binary(json::binary_t& /*v*/) { return stop(Problem::malformed, ""); }  // never in JSON text
  bool start_object(std::size_t /*size*/) { return open(json::value_t::object); }
  bool start_array(std::size_t /*size*/) { return open(json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(json::string_t& k) {
    if (!count()) return false;
    Frame& top = stack_.back();
    auto& members = *top.node->get_ptr<json::object_t*>();
    const auto [at, added] = members.try_emplace(std::move(k));  // k is left as it was when not added
    top.key = &at->first;
    if (!added) {
      if (strict_)
        return stop(Problem::duplicate_key, pointer_here(true),
                    fmt::format("the key \"{}\" appears twice in the same object", at->first));
      at->second = json();
    }
    slot_ = &at->second;
    return true;
  }

  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    byte_ = position;
    if (ex.id == 406) return stop(Problem::number_too_large, "", token);  // a number beyond a double
    return stop(Problem::malformed, "", ex.what());
  }

 private:
  struct Frame {
    json* node;                        // an open array or object
    const std::string* key = nullptr;  // an object's latest key (owned by the object)
  };

  bool stop(Problem p, std::string where, std::string what = "") {
    problem_ = p;
    where_ = std::move(where);
    what_ = std::move(what);
    return false;
  }

  // One more value (or key) held: false, the problem set, past kMaxJsonValues.
  bool count() {
    if (++values_ <= kMaxJsonValues) return true;
    return stop(Problem::too_many_values, pointer_here(true),
                fmt::format("more than {} JSON values (each number, string, key, list and object counts one): "
                            "more than rulecheck reads from one input, which bounds the memory reading it takes; "
                            "reading stopped here",
                            kMaxJsonValues));
  }

  // Puts a value where the parser is: the whole document, the next element of the open array, or the
  // member of the key just read. Its address, or nullptr when refused.
  template <class V>
  json* place(V&& value) {
    if (!count()) return nullptr;
    if (stack_.empty()) {
      root_ = json(std::forward<V>(value));
      return &root_;
    }
    json& top = *stack_.back().node;
    if (top.is_array()) return &top.get_ptr<json::array_t*>()->emplace_back(std::forward<V>(value));
    *slot_ = json(std::forward<V>(value));
    return slot_;
  }

  bool open(json::value_t type) {
    json* node = place(json(type));
    if (!node) return false;
    stack_.push_back({node});
    if (stack_.size() > kMaxJsonNesting)
      return stop(Problem::too_deep, pointer_here(false, 8),
                  fmt::format("arrays and objects are nested more than {} deep here (rulecheck reads at most {} levels)",
                              kMaxJsonNesting, kMaxJsonNesting));
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  // The pointer to where the parser is: to the open value (`into_top` false) or to the member or
  // element being read in it. Past `most` levels only their number is given.
  std::string pointer_here(bool into_top, std::size_t most = SIZE_MAX) const {
    std::string p;
    for (std::size_t i = 0; i < stack_.size() && i < most; ++i) {
      const bool top = i + 1 == stack_.size();
      if (top && !into_top) break;
      const Frame& f = stack_[i];
      if (f.node->is_object()) {
        if (!f.key) break;
        p = pointer(p, *f.key);
      } else {  // an open child is the last element; the top's next element is at size()
        p = pointer(p, std::to_string(f.node->size() - (top ? 0 : 1)));
      }
    }
    if (stack_.size() > most) p += fmt::format("/... ({} levels in all)", stack_.size());
    return p;
  }

  json root_;
  const bool strict_;
  std::vector<Frame> stack_;
  json* slot_ = nullptr;  // the member of the latest key
  std::size_t values_ = 0;
  Problem problem_ = Problem::none;
  std::string where_, what_;
  std::size_t byte_ = 0;
};

// A parser for the plain JSON the protocol carries (objects, lists, ASCII strings without escapes,
// integers, true, false, null), building the same value nlohmann/json builds, several times faster.
// Anything else (an escape, a byte outside printable ASCII, a fraction or exponent, a long number,
// a key given twice, nesting past kMaxJsonNesting, more than kMaxJsonValues values, any error) gives up: nlohmann/json then parses
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
    if (++values_ > kMaxJsonValues) return false;
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
          if (p_ == end_ || *p_ != '"' || ++values_ > kMaxJsonValues || !string(key)) return false;
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
  std::size_t values_ = 0;  // values and keys read, as DomBuilder counts them
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

}  // namespace

json parse_json_strict(std::string_view text, const std::string& source) {
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)  // nlohmann/json would stop there
    throw InputError("", valid_utf8(fmt::format("{}: not valid JSON at {}: a NUL byte, which JSON text never holds "
                                                "(a string writes it \\u0000); the bytes after it would go unread",
                                                source, line_and_column(text, nul + 1))));
  DomBuilder builder(/*strict=*/true);
  if (json::sax_parse(text.begin(), text.end(), &builder)) return std::move(builder.value());
  switch (builder.problem()) {
    case DomBuilder::Problem::malformed: {
      // nlohmann's message starts "[json.exception.parse_error.101] parse error at line L, column C: "
      const std::string& what = builder.what();
      const auto colon = what.find(": ");
      const std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
      // The detail quotes what was last read, which may be the very bytes that are not UTF-8.
      throw InputError("", valid_utf8(fmt::format("{}: not valid JSON at {}: {}", source,
                                                  line_and_column(text, builder.byte()), detail)));
    }
    case DomBuilder::Problem::number_too_large: {  // 1e309, an integer of thousands of digits: named by its start
      std::string number = builder.what();
      if (number.size() > 24) number = number.substr(0, 24) + "... (" + std::to_string(number.size()) + " characters)";
      throw InputError("", valid_utf8(fmt::format("{}: a number too large to represent: {}", source, number)));
    }
    default: throw InputError(builder.where(), builder.what());
  }
}

json parse_json_lenient(std::string_view text, std::string* why) {
  if (json out; PlainJson(text).parse(out)) return out;
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {  // as parse_json_strict
    if (why) *why = fmt::format("a NUL byte at byte {}, which JSON text never holds", nul + 1);
    return json(json::value_t::discarded);
  }
  DomBuilder builder(/*strict=*/false);
  if (json::sax_parse(text.begin(), text.end(), &builder)) return std::move(builder.value());
  if (why && builder.problem() == DomBuilder::Problem::too_many_values)
    *why = fmt::format("at {}: {}", builder.where(), builder.what());
  return json(json::value_t::discarded);
}

json read_json_file(const std::filesystem::path& file) {
  return parse_json_strict(read_file_bounded(file), file.string());
}

}  // namespace rulecheck

namespace rulecheck {

json parse_json_line(std::string_view text, std::string* duplicate) {
  if (json out; PlainJson(text).parse(out)) return out;  // it gives up on a key given twice
  if (text.find('\0') != std::string_view::npos) return json(json::value_t::discarded);  // as parse_json_strict
  DomBuilder builder(/*strict=*/true);  // strict: a key given twice stops it, naming where
  if (json::sax_parse(text.begin(), text.end(), &builder)) return std::move(builder.value());
  if (duplicate && builder.problem() == DomBuilder::Problem::duplicate_key) *duplicate = builder.where();
  return json(json::value_t::discarded);
}

}  // namespace rulecheck

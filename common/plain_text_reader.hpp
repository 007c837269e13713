// Reading the plain JSON the protocol carries straight into a game's model, without building a JSON
// value between (games/<game>/state_from_text.cpp read states with it). Plain JSON is what
// common/json_io.cpp's PlainJson reads: objects, lists, ASCII strings without escapes, integers of at
// most 18 digits, true, false, null.
//
// It never reports an error. Anything it does not take (an escape, a byte outside printable ASCII,
// a fraction, a key given twice, a field the caller does not know, a value of the wrong type, more
// than kPlainTextValuesAtMost values, any malformed text) makes it give up (GiveUp is thrown), and the
// caller reads the text again the way it did before (nlohmann/json and JsonReader), which accepts or
// names the problem and where: what a text is read as, and every error, never depend on this reader.
// No nlohmann header here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulecheck {

// The most values (and keys) a text may hold: kMaxJsonValues (common/json_io.hpp, which checks that
// the two agree). Past it the JSON path refuses the text, so this reader gives up.
inline constexpr std::size_t kPlainTextValuesAtMost = 1'000'000;

class PlainTextReader {
 public:
  // Thrown when the reader gives up; the caller then reads the text with the JSON path.
  struct GiveUp {};
  [[noreturn]] static void give_up() { throw GiveUp{}; }

  explicit PlainTextReader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  // The object at the cursor: `each(key)` is called for every member in the text's order and must
  // read (or skip) its value. Keys are views into the text.
  template <typename Each>
  void members(Each&& each) {
    open('{');
    if (closes('}')) return;
    for (;;) {
      space();
      if (p_ == end_ || *p_ != '"') give_up();
      count_value();
      const std::string_view key = plain_string();
      space();
      if (p_ == end_ || *p_++ != ':') give_up();
      each(key);
      if (!next_or_close('}')) return;
    }
  }

  // The list at the cursor: `each()` is called for every element and must read it.
  template <typename Each>
  void elements(Each&& each) {
    open('[');
    if (closes(']')) return;
    for (;;) {
      each();
      if (!next_or_close(']')) return;
    }
  }

  // The value at the cursor is null: it is read and true is returned; otherwise nothing is read.
  bool null();
  std::string_view string();
  bool boolean();
  // An integer from `min` to `max` (anything else gives up).
  int integer(std::int64_t min, std::int64_t max);
  // Only whitespace is left.
  void end();

 private:
  void space() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  void count_value();
  void open(char bracket);
  bool closes(char bracket);
  bool next_or_close(char bracket);
  std::string_view plain_string();  // at the opening quote

  const char* p_;
  const char* end_;
  std::size_t values_ = 0;  // values and keys read, as common/json_io.cpp counts them
};

// The index of `key` in `fields` (the names an object of the format may have), marked in `seen`;
// gives up on a name not in `fields` or one given twice.
template <std::size_t N>
std::size_t field_index(std::string_view key, const std::string_view (&fields)[N], unsigned& seen) {
  static_assert(N <= 32);
  for (std::size_t i = 0; i < N; ++i)
    if (fields[i] == key) {
      if (seen & (1u << i)) PlainTextReader::give_up();
      seen |= 1u << i;
      return i;
    }
  PlainTextReader::give_up();
}

// A list of strings (the format's lists of ids).
inline std::vector<std::string> strings(PlainTextReader& r) {
  std::vector<std::string> out;
  r.elements([&] { out.emplace_back(r.string()); });
  return out;
}

// Adds `key` to `map`, giving up on a key given twice (nlohmann/json would keep one of them).
template <typename Map>
typename Map::mapped_type& new_entry(Map& map, std::string_view key) {
  const auto [it, added] = map.try_emplace(std::string(key));
  if (!added) PlainTextReader::give_up();
  return it->second;
}

// The whole text read by `read` (a function of the reader giving the value), or nothing when the
// reader gives up anywhere, trailing bytes included.
template <typename T, typename Read>
std::optional<T> read_whole_text(std::string_view text, Read read) {
  try {
    PlainTextReader r(text);
    T value = read(r);
    r.end();
    return value;
  } catch (const PlainTextReader::GiveUp&) {
    return std::nullopt;
  }
}

}  // namespace rulecheck

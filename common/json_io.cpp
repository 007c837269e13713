#include "common/json_io.hpp"

#include <cstdint>
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
  if (nested_deeper_than(text)) return json(json::value_t::discarded);
  return json::parse(text, nullptr, false);
}

json read_json_file(const std::filesystem::path& file) {
  return parse_json_strict(read_file_bounded(file), file.string());
}

}  // namespace rulecheck

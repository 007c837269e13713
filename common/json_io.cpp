#include "common/json_io.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/pointer.hpp"

namespace rulecheck {

namespace {

// Follows the parser's events to know where it is, so a duplicate key can be named by pointer.
class DuplicateKeyGuard {
 public:
  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open(true); break;
      case json::parse_event_t::array_start: open(false); break;
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
  std::string path_to_current() const {
    std::string p;
    for (const auto& f : frames_) p = pointer(p, f.object ? f.key : std::to_string(f.index));
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
    throw InputError("", fmt::format("{}: not valid JSON at {}: {}", source, line_and_column(text, e.byte), detail));
  }
}

json read_json_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("", fmt::format("{}: cannot be read", file.string()));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_json_strict(buffer.str(), file.string());
}

}  // namespace rulecheck

// A line an engine wrote, read the one way every such line is read (its hello answer and every
// answer): parsed as a JSON object with no key given twice, and every string in it capped, so that
// what an engine says can never take more room in rulecheck's memory and reports than its stderr.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rulecheck {

using json = nlohmann::json;

// The most kept of one string an engine gives (a reason, a rule, an error, a key or string of a state,
// a hello's readings), as of its stderr per answer (harness/subprocess.hpp).
inline constexpr std::size_t kMaxEngineText = std::size_t{64} << 10;
// The most kept of the name and version in a hello: the name is the target of every case's result.
inline constexpr std::size_t kMaxEngineName = std::size_t{1} << 10;

// `text` itself when it holds at most `cap` bytes; else its first `cap` bytes or fewer (never cutting a
// UTF-8 character) followed by "[rulecheck: cut here: N more byte(s) dropped; ...]".
std::string capped_engine_text(std::string text, std::size_t cap = kMaxEngineText);

// Caps every string in `value`, object keys included (capped_engine_text).
void cap_engine_strings(json& value, std::size_t cap = kMaxEngineText);

struct EngineLine {
  enum class Problem { none, not_object, duplicate_key };
  std::optional<json> object;  // the line as a JSON object, its strings capped; empty when there is a problem
  Problem problem = Problem::none;
  // Why it is not an answer, to follow "the answer " or "the hello answer ": "is not a JSON object: ...",
  // "nests arrays and objects more than 512 deep", "gives the key at /legal twice in one object (...)".
  std::string why;
};

// Reads one line an engine wrote. A NUL byte anywhere makes the line not JSON (nlohmann/json would
// read up to it and ignore the rest). Without `cap_strings` the caller caps them (read_hello: the name
// and version to a smaller cap, counted from their whole length).
EngineLine read_engine_line(std::string_view line, bool cap_strings = true);

// Whether `line` holds nothing but JSON whitespace (spaces, tabs, carriage returns): a blank line,
// ignored wherever the protocol is read.
bool is_blank_line(std::string_view line);

}  // namespace rulecheck

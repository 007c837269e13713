// libFuzzer: the bytes as the line an engine answers hello with: the line reader every engine line goes
// through (harness/engine_line.hpp), the hello reader (harness/engine_hello.hpp) and engine check's
// audit of what it read. None may crash; a hello is read or refused with a HelloError; every text kept
// is valid UTF-8 and within its cap.
#include <cstdlib>
#include <string>

#include "common/text.hpp"
#include "fuzz/support.hpp"
#include "harness/audits.hpp"
#include "harness/engine_hello.hpp"
#include "harness/engine_line.hpp"

namespace {

// A capped text: at most the cap and the marker saying what was cut, and valid UTF-8.
bool within(const std::string& text, std::size_t cap) {
  return text.size() <= cap + 200 && rulecheck::is_valid_utf8(text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  const EngineLine read = read_engine_line(fuzzing::text_of(data, size), /*cap_strings=*/false);  // as start() reads it
  if (!read.object) {
    if (read.why.empty() || !is_valid_utf8(read.why)) std::abort();
    return 0;
  }
  try {
    const EngineHello hello = read_hello(*read.object, "fuzz-engine");
    if (!within(hello.name, kMaxEngineName) || !within(hello.version, kMaxEngineName)) std::abort();
    for (const std::string& game : hello.games)
      if (!within(game, kMaxEngineText)) std::abort();
    for (const std::string& problem : hello_problems(hello, fuzzing::library()))
      if (!is_valid_utf8(problem)) std::abort();
    if (!hello_change(hello, hello).empty()) std::abort();  // a hello never differs from itself
  } catch (const HelloError& e) {
    if (!is_valid_utf8(e.what())) std::abort();
  }
  return 0;
}

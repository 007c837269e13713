// libFuzzer: the bytes as one line an engine wrote (or a line of a results.jsonl given to `report
// merge`): the answer parser, the excerpt and UTF-8 repair that messages use, and the JSON-lines
// reader. None may crash; what reaches a report must be valid UTF-8.
#include <cstdlib>

#include "common/input_error.hpp"
#include "common/text.hpp"
#include "fuzz/support.hpp"
#include "harness/engine.hpp"
#include "harness/subprocess.hpp"
#include "reports/reporter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  const std::string line(fuzzing::text_of(data, size));
  if (!is_valid_utf8(valid_utf8(line)) || !is_valid_utf8(excerpt(line))) std::abort();
  EngineAnswer answer;
  answer.line = line;
  if (const auto& parsed = answer.answer()) {
    (void)parsed->dump(-1, ' ', false, json::error_handler_t::replace);
    try {
      (void)case_from_jsonl(*parsed);
    } catch (const InputError&) {
    }
  }
  return 0;
}

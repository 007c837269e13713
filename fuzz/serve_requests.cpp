// libFuzzer: the bytes as lines sent to `rulecheck serve` after a hello. Every line must get an
// answer (an error answer for a bad request) and serve must never crash or throw.
#include <sstream>
#include <string>

#include "fuzz/support.hpp"
#include "harness/serve.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  std::istringstream in("{\"op\":\"hello\",\"protocol\":1}\n" + std::string(fuzzing::text_of(data, size)));
  std::ostringstream out;
  (void)serve(in, out, fuzzing::library(), "fuzz");
  return 0;
}

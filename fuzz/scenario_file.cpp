// libFuzzer: the bytes of a scenario file through the loader, the game's state reader and the
// oracle. Bad input must end as an InputError or a ScenarioError (an errored case); anything else
// (a crash, a sanitizer report, another exception) is a finding.
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "fuzz/support.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  json doc;
  try {
    doc = parse_json_strict(fuzzing::text_of(data, size), "fuzz.json");
  } catch (const InputError&) {
    return 0;
  }
  try {
    const Scenario s = scenario_from_json(doc, "fuzz.json", fuzzing::library());
    check_scenario_state(s, fuzzing::library());
    (void)run_on_oracle(s, *fuzzing::library().find(s.game));
  } catch (const ScenarioError&) {
  }
  return 0;
}

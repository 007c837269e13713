// libFuzzer: {"game", "state", "action" | "query"} through each game's readers and the oracle, under
// the default ruleset and readings, as an engine request reaches `serve`. Bad input must end as an
// InputError; anything else is a finding.
#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "fuzz/support.hpp"
#include "games/registry.hpp"
#include "harness/pipeline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rulecheck;
  try {
    const json doc = parse_json_strict(fuzzing::text_of(data, size), "fuzz.json");
    if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_string()) return 0;
    const GameRules* rules = fuzzing::library().find(doc["game"]);
    if (!rules) return 0;
    const auto bound = find_game(rules->game)->bind(rules->merged_ruleset(json::object()), rules->readings(json::object()));
    const bool is_query = doc.contains("query");
    (void)oracle_answer(*bound, "f", is_query, doc.value("state", json::object()),
                        doc.value(is_query ? "query" : "action", json::object()));
  } catch (const InputError&) {
  }
  return 0;
}

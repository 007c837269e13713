// libFuzzer: {"game", "ruleset", "state", "action" | "query"}: the ruleset overrides merged over the
// game's defaults and read by the game's ruleset reader (every key's type and range, the keys checked
// against each other, the stated tops of the numbers that size the solver's and the generators'
// work: GameRules::checked_ruleset), then, when the ruleset is accepted, the step through the oracle
// under it, as a scenario's "ruleset" reaches `run`. Bad input must end as an InputError; anything
// else is a finding.
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
    const json ruleset = rules->checked_ruleset(doc.value("ruleset", json::object()));
    const auto bound = find_game(rules->game)->bind(ruleset, rules->readings(json::object()));
    if (!doc.contains("state")) return 0;
    const bool is_query = doc.contains("query");
    (void)oracle_answer(*bound, "f", is_query, doc["state"], doc.value(is_query ? "query" : "action", json::object()));
  } catch (const InputError&) {
  }
  return 0;
}

// Generated cases: one state and one action or query, built by RapidCheck generators from specs of
// plain shrinkable numbers, so that every value (and every shrink of it) is a valid state the
// game's validator accepts (DESIGN.md: the validator is the filter of last resort, not the
// generator). `rulecheck fuzz` sends them to engines; the properties run them on the oracle.
//
// Sizes follow RapidCheck's size parameter: at small sizes, few spaces, units and tokens, so small
// counterexamples come first. Every action and query type is generated; a share of cases "aim"
// at legality (the state's moment and the action's sites are chosen to fit), the rest are
// illegal in the many ways the clauses allow.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>
#include <nlohmann/json.hpp>

namespace rulecheck::generators {

using json = nlohmann::json;

struct GeneratedCase {
  std::string game;
  // The ruleset overrides this case runs under (keys of rules/<game>/ruleset.json with non-default
  // values, within what the rules allow; empty: the defaults), and the readings it runs under (point
  // id -> reading, only those differing from the point's default, as CaseOptions::default_readings
  // gives it; a drawn point missing there is always named). The state and the request were drawn
  // for these numbers and readings.
  json ruleset = json::object();
  json interpretations = json::object();
  json state;  // a valid state of `game`; reachable in play unless CaseOptions::any_state
  bool is_query = false;
  json request;      // the action, or the query
  std::string kind;  // the action's or query's "type"

  // How RapidCheck prints a counterexample.
  friend void showValue(const GeneratedCase& c, std::ostream& os) {
    os << c.game << " " << c.kind << "\nruleset: " << c.ruleset.dump()
       << "\ninterpretations: " << c.interpretations.dump() << "\nstate: " << c.state.dump() << "\n"
       << (c.is_query ? "query: " : "action: ") << c.request.dump();
  }
};

// Ruleset keys a game sets together, and the combinations of their values a game of it can have
// (rules/<game>/ruleset.doc.json, "produced"; docs/rulesets.md): keys by dotted path
// (move_range.mech), each combination one value per key in the order of `keys`.
struct ProducedGroup {
  std::vector<std::string> keys;
  std::vector<std::vector<json>> combinations;
};

// What a generator draws besides the board and the request.
struct CaseOptions {
  // false: only states play can reach (the game's state invariants, oracle/reachable.hpp);
  // true: any valid state, such as two factions' units sharing a territory with no combat pending
  // (`rulecheck fuzz --any-state`).
  bool any_state = false;
  // true: a share of cases runs under a sampled ruleset (GeneratedCase::ruleset), every key of
  // rules/<game>/ruleset.json drawn within what the rules allow; false: the ruleset given, always.
  bool sample_ruleset = false;
  // With sample_ruleset, set: only the rulesets the game produces are drawn (`rulecheck fuzz`'s
  // default, --rulesets game): a share of cases takes, for one group or for each, a combination of
  // it other than the ruleset given's; every key of no group keeps the ruleset given's value. Unset:
  // any ruleset within what the generator knows the rules allow (--rulesets any; the properties).
  std::optional<std::vector<ProducedGroup>> only_produced;
  // Messina, with sample_ruleset: the tokens of a Civilian and of Infantry are drawn too (0..2), not
  // kept at a Worker's one. The two encodings agree there (conversions and equips between kinds of
  // other token counts are illegal, placements move the tokens the kind takes), but the bundled
  // Python engines do not follow yet, so `rulecheck fuzz` leaves it off.
  bool sample_unit_tokens = false;
  // Point id -> the readings to draw from (an array of names; a point not listed keeps its
  // default). A generator draws one reading of each listed point per case
  // (GeneratedCase::interpretations names those that are not the default).
  json readings = json::object();
  // Point id -> its default reading (rules/<game>/interpretations.json; GameRules::readings({})):
  // the reading in effect at a point not drawn, and the one GeneratedCase::interpretations leaves
  // out. A point missing here and not drawn is one the generator knows nothing about: it draws only
  // states reachable under every reading of it.
  json default_readings = json::object();
};

// `ruleset`: the game's full ruleset (rules/<game>/ruleset.json merged with any overrides); sampled
// rulesets are overrides of it.
rc::Gen<GeneratedCase> messina_cases(const json& ruleset, const CaseOptions& options = {});
rc::Gen<GeneratedCase> scythe_cases(const json& ruleset, const CaseOptions& options = {});

// The generator of `game`'s cases; throws std::invalid_argument for a game with none.
rc::Gen<GeneratedCase> cases_of(const std::string& game, const json& ruleset, const CaseOptions& options = {});

}  // namespace rulecheck::generators

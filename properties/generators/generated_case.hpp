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

#include <string>

#include <rapidcheck.h>
#include <nlohmann/json.hpp>

namespace rulecheck::generators {

using json = nlohmann::json;

struct GeneratedCase {
  std::string game;
  json state;  // a valid state of `game`
  bool is_query = false;
  json request;      // the action, or the query
  std::string kind;  // the action's or query's "type"

  // How RapidCheck prints a counterexample.
  friend void showValue(const GeneratedCase& c, std::ostream& os) {
    os << c.game << " " << c.kind << "\nstate: " << c.state.dump() << "\n"
       << (c.is_query ? "query: " : "action: ") << c.request.dump();
  }
};

// `ruleset`: the game's full ruleset (rules/<game>/ruleset.json merged with any overrides).
rc::Gen<GeneratedCase> messina_cases(const json& ruleset);
rc::Gen<GeneratedCase> scythe_cases(const json& ruleset);

// The generator of `game`'s cases; throws std::invalid_argument for a game with none.
rc::Gen<GeneratedCase> cases_of(const std::string& game, const json& ruleset);

}  // namespace rulecheck::generators

// Properties of the Messina oracle that must hold for every valid state, through the same JSON
// interface engines and scenarios use. Each property is a sentence of the rule text, its clause
// ids named above it:
//   - consumption moves tokens between regions and the Death Zone, never creates or loses one;
//   - population never goes from well fed to dead in one phase (at most the Disaffected present
//     at the start can die);
//   - step 3's choice must name exactly the tokens it moves: of all prefixes of any order of the
//     backed units, exactly one is a legal disband choice;
//   - a full feeding (Food and Water enough for the bill of messina.consumption.cost) kills nobody;
//   - canonical JSON is a fixed point, and zero counts never change it.
// The numbers (the bill, the Consumption rounds, which units take tokens) come from the loaded
// ruleset and default readings (TokenRules in messina_generators.hpp), never from this file.
#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/messina_generators.hpp"

namespace rulecheck::properties {
namespace {

const GameRules& messina_rules() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return *library.find("messina");
}

// The oracle bound to the project's ruleset and default readings.
const BoundRules& messina() {
  static const auto bound = find_game("messina")->bind(messina_rules().merged_ruleset(json::object()),
                                                       messina_rules().readings(json::object()));
  return *bound;
}

// The same ruleset and readings, as the generators and the properties read them.
const TokenRules& token_rules() {
  static const TokenRules rules =
      TokenRules::from(messina_rules().merged_ruleset(json::object()), messina_rules().readings(json::object()));
  return rules;
}

struct Tally {
  int disaffected, spare, located, dead;
  int total() const { return disaffected + spare + located + dead; }
};

Tally tally(const json& state) {
  const json& f = state["factions"]["UE"];
  const json pop = f.value("population", json::object());
  return {pop.value("disaffected", 0), pop.value("spare", 0), pop.value("located", 0), f.value("dead", 0)};
}

json consume(const std::vector<json>& disband) {
  return {{"type", "consume"}, {"faction", "UE"}, {"disband", disband}};
}

// A legal disband choice: the first `length` pieces of an order, the tokens they stand for, and
// the outcome.
struct LegalPrefix {
  std::size_t length = 0;
  int tokens = 0;
  json state;
};

// The legal outcomes among all prefixes of `order` as the disband choice.
std::vector<LegalPrefix> legal_prefixes(const json& state, const std::vector<BackedPiece>& order) {
  std::vector<LegalPrefix> out;
  std::vector<json> choice;
  int tokens = 0;
  for (std::size_t k = 0; k <= order.size(); ++k) {
    if (k > 0) {
      choice.push_back(order[k - 1].choice);
      tokens += order[k - 1].tokens;
    }
    const ApplyOutcome o = messina().apply(state, consume(choice));
    if (o.legal) out.push_back({k, tokens, *o.state});
  }
  return out;
}

// messina.consumption.shortfall.step3, messina.consumption.shortfall.payment,
// messina.population.backing: the choice names exactly the Located tokens step 3 moves. (Every
// backed piece stands for at least one token, so the prefixes' token counts rise strictly and at
// most one can match; one always does while each backed unit takes one token, as the unit table
// says today.)
RC_GTEST_PROP(MessinaConsumption, ExactlyOneDisbandChoiceOfEachOrderIsLegal, (const ConsumptionCase& c)) {
  const json state = c.state(token_rules(), token_rules().consumption_round());
  const auto pieces = c.backed_pieces(token_rules());
  // Any order of the backed pieces: sort them by generated keys.
  const auto keys = *rc::gen::container<std::vector<int>>(pieces.size(), rc::gen::arbitrary<int>());
  std::vector<std::size_t> index(pieces.size());
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
  std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  std::vector<BackedPiece> order;
  for (std::size_t i : index) order.push_back(pieces[i]);
  RC_ASSERT(legal_prefixes(state, order).size() == 1u);
}

// messina.consumption.shortfall.payment, messina.consumption.shortfall.step1,
// messina.consumption.shortfall.step2, messina.consumption.shortfall.step3,
// messina.consumption.shortfall.excess, messina.population.located: tokens only move between the
// regions and the Death Zone, only the Disaffected present at the start can die, Located drops by
// the tokens of the units disbanded, and the outcome is a valid state.
RC_GTEST_PROP(MessinaConsumption, TokensAreConservedAndTheWellFedNeverDie, (const ConsumptionCase& c)) {
  const json state = c.state(token_rules(), token_rules().consumption_round());
  const auto outcomes = legal_prefixes(state, c.backed_pieces(token_rules()));
  RC_ASSERT(!outcomes.empty());
  const Tally before = tally(state), after = tally(outcomes.front().state);
  RC_ASSERT(after.total() == before.total());
  RC_ASSERT(after.dead - before.dead <= before.disaffected);
  RC_ASSERT(after.located == before.located - outcomes.front().tokens);
  // The next state is itself valid: resources never negative, Located backed by what is left.
  RC_ASSERT(messina().canonical_state(outcomes.front().state) == outcomes.front().state);
}

// messina.consumption.cost, messina.consumption.shortfall (none when both resources cover the
// bill), interpretation messina.consumption-bill: a full feeding pays the bill and kills nobody.
RC_GTEST_PROP(MessinaConsumption, AFullFeedingKillsNobodyAndDisbandsNothing, (const ConsumptionCase& c)) {
  const TokenRules& rules = token_rules();
  const json state = c.state(rules, rules.consumption_round());
  const int cost = rules.cost(c.bill_tokens(rules));
  RC_PRE(c.food >= cost && c.water >= cost);
  const ApplyOutcome o = messina().apply(state, consume({}));
  RC_ASSERT(o.legal);
  const Tally after = tally(*o.state);
  RC_ASSERT(after.dead == 0);
  RC_ASSERT(after.located == c.located(rules));
  const json resources = o.state->at("factions").at("UE").value("resources", json::object());
  RC_ASSERT(resources.value("food", 0) == c.food - cost);
}

// messina.consumption.when: no Consumption in the rounds of the other parity (the odd rounds
// under today's ruleset, whence the property's name).
RC_GTEST_PROP(MessinaConsumption, OddRoundsHaveNoConsumption, (const ConsumptionCase& c)) {
  const int round = token_rules().round_without_consumption(*rc::gen::inRange(0, 4));
  const ApplyOutcome o = messina().apply(c.state(token_rules(), round), consume({}));
  RC_ASSERT(!o.legal);
  RC_ASSERT(o.rule == std::string("messina.consumption.when"));
}

// No clause: the JSON edge (docs/formats.md: counts that are zero may be omitted).
RC_GTEST_PROP(MessinaJson, CanonicalFormIsAFixedPointAndIgnoresZeroCounts, (const ConsumptionCase& c)) {
  const json state = c.state(token_rules(), *rc::gen::inRange(1, 12));
  const json canonical = messina().canonical_state(state);
  RC_ASSERT(messina().canonical_state(canonical) == canonical);
  json padded = canonical;
  padded["factions"]["UE"]["dead"] = 0;
  for (auto& [id, space] : padded["spaces"].items()) {
    json& ue = space["units"]["UE"];
    if (!ue.is_object()) ue = json::object();
    ue["bomber"] = ue.value("bomber", 0);
  }
  RC_ASSERT(messina().canonical_state(padded) == canonical);
}

}  // namespace
}  // namespace rulecheck::properties

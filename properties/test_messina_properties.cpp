// Properties of the Messina oracle that must hold for every valid state, through the same JSON
// interface engines and scenarios use. Each property is a sentence of the rule text:
//   - consumption moves tokens between regions and the Death Zone, never creates or loses one;
//   - population never goes from well fed to dead in one phase (at most the Disaffected present
//     at the start can die);
//   - step 3's choice must name exactly the tokens it moves: of all prefixes of any order of the
//     backed units, exactly one is a legal disband choice;
//   - a full feeding (enough food and water for ceil(P/2)) kills nobody;
//   - canonical JSON is a fixed point, and zero counts never change it.
#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/messina_generators.hpp"

namespace rulecheck::properties {
namespace {

const BoundRules& messina() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  static const auto bound = find_game("messina")->bind(library.find("messina")->merged_ruleset(json::object()),
                                                       library.find("messina")->readings(json::object()));
  return *bound;
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

// The legal outcomes among all prefixes of `order` as the disband choice, with their lengths.
std::vector<std::pair<std::size_t, json>> legal_prefixes(const json& state, const std::vector<json>& order) {
  std::vector<std::pair<std::size_t, json>> out;
  for (std::size_t k = 0; k <= order.size(); ++k) {
    const ApplyOutcome o = messina().apply(state, consume({order.begin(), order.begin() + static_cast<long>(k)}));
    if (o.legal) out.emplace_back(k, *o.state);
  }
  return out;
}

RC_GTEST_PROP(MessinaConsumption, ExactlyOneDisbandChoiceOfEachOrderIsLegal, (const ConsumptionCase& c)) {
  const json state = c.state(2);
  const auto pieces = c.backed_pieces();
  // Any order of the backed pieces: sort them by generated keys.
  const auto keys = *rc::gen::container<std::vector<int>>(pieces.size(), rc::gen::arbitrary<int>());
  std::vector<std::size_t> index(pieces.size());
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
  std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  std::vector<json> order;
  for (std::size_t i : index) order.push_back(pieces[i]);
  RC_ASSERT(legal_prefixes(state, order).size() == 1u);
}

RC_GTEST_PROP(MessinaConsumption, TokensAreConservedAndTheWellFedNeverDie, (const ConsumptionCase& c)) {
  const json state = c.state(2);
  const auto outcomes = legal_prefixes(state, c.backed_pieces());
  RC_ASSERT(!outcomes.empty());
  const Tally before = tally(state), after = tally(outcomes.front().second);
  RC_ASSERT(after.total() == before.total());
  RC_ASSERT(after.dead - before.dead <= before.disaffected);
  RC_ASSERT(after.located == before.located - static_cast<int>(outcomes.front().first));
  // The next state is itself valid: resources never negative, Located backed by what is left.
  RC_ASSERT(messina().canonical_state(outcomes.front().second) == outcomes.front().second);
}

RC_GTEST_PROP(MessinaConsumption, AFullFeedingKillsNobodyAndDisbandsNothing, (const ConsumptionCase& c)) {
  const json state = c.state(2);
  const int tokens = c.disaffected + c.spare + c.located();
  const int cost = (tokens + 1) / 2;  // 1 F and 1 W per 2 tokens, odd rounded up
  RC_PRE(c.food >= cost && c.water >= cost);
  const ApplyOutcome o = messina().apply(state, consume({}));
  RC_ASSERT(o.legal);
  const Tally after = tally(*o.state);
  RC_ASSERT(after.dead == 0);
  RC_ASSERT(after.located == c.located());
  const json resources = o.state->at("factions").at("UE").value("resources", json::object());
  RC_ASSERT(resources.value("food", 0) == c.food - cost);
}

RC_GTEST_PROP(MessinaConsumption, OddRoundsHaveNoConsumption, (const ConsumptionCase& c)) {
  const ApplyOutcome o = messina().apply(c.state(*rc::gen::element(1, 3, 5, 7)), consume({}));
  RC_ASSERT(!o.legal);
  RC_ASSERT(o.rule == std::string("messina.consumption.when"));
}

RC_GTEST_PROP(MessinaJson, CanonicalFormIsAFixedPointAndIgnoresZeroCounts, (const ConsumptionCase& c)) {
  const json state = c.state(*rc::gen::inRange(1, 12));
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

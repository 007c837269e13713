// Messina, Consumption Phase: clauses messina.consumption.* (rules/messina/clauses.json) and the
// interpretation points messina.consumption-bill and messina.step3-card-units
// (rules/messina/interpretations.json). Every number comes from the request's ruleset.
//
// The action: {"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "civilian",
// "count": 1}, {"card": "E2", "unit": "infantry"}]}; "disband" is the player's choice of the units
// step 3 of a shortfall takes away (docs/formats.md).
#include <algorithm>
#include <string>
#include <vector>

#include "engine.hpp"

namespace example_engine {

namespace {

// The faction's Population Mat and its Food and Water.
struct Mat {
  Count disaffected = 0, spare = 0, located = 0;
};
struct Larder {
  Count food = 0, water = 0;
};

// How a shortfall is paid (messina.consumption.shortfall.payment): one token moved per unit.
struct ShortfallPayment {
  Count die = 0;                     // step 1: Disaffected -> Death Zone
  Count spare_to_disaffected = 0;    // step 2
  Count located_to_disaffected = 0;  // step 3
};

// messina.consumption.when: only in rounds of the Consumption parity (the even ones).
bool is_consumption_round(const Rules& rules, Count round) {
  return round % 2 == rules.number("round_parity_consumption") % 2;
}

// messina.consumption.when: the phase closes the round, so a state naming another moment of the
// round (an Action, a Mil Ops Phase, a battle, ...) is not it; no phase at all leaves the round
// alone to decide.
bool is_end_of_round(const json& state) {
  auto phase = state.find("phase");
  return phase == state.end() || *phase == "consumption";
}

// messina.consumption.cost, read with interpretation messina.consumption-bill: the tokens fed are
// the whole Population ("all-tokens") or all but the Disaffected ("excluding-disaffected").
Count tokens_on_the_bill(const Rules& rules, const Mat& mat) {
  const bool all = rules.reading("messina.consumption-bill", {"all-tokens", "excluding-disaffected"}) == "all-tokens";
  return (all ? mat.disaffected : 0) + mat.spare + mat.located;
}

// messina.consumption.cost: one Food and one Water per tokens_per_food_and_water tokens, a part
// share costing a whole one (rounded up).
Count consumption_cost(const Rules& rules, Count tokens) {
  const Count per = rules.number("tokens_per_food_and_water");
  if (per < 1) throw BadRequest{"/ruleset/tokens_per_food_and_water: must be 1 or more"};
  return (tokens + per - 1) / per;
}

// messina.consumption.cost / .recovery: the faction pays the whole bill.
bool pays_in_full(Count cost, const Larder& larder) { return larder.food >= cost && larder.water >= cost; }

// messina.consumption.shortfall: the scarcer of Food and Water decides how many tokens are fed.
Count tokens_fed(const Rules& rules, Count tokens, const Larder& larder) {
  const Count per = rules.number("tokens_per_food_and_water");
  return std::min({tokens, larder.food * per, larder.water * per});
}

// messina.consumption.plentiful-spent: in a shortfall each resource is still paid out until it is
// gone or the bill is met.
Count spent(Count have, Count cost) { return std::min(have, cost); }

// messina.consumption.shortfall.step1, .step2, .step3 and .excess: the steps run in order, so
// tokens that steps 2 and 3 make Disaffected cannot die in the same phase; what step 3 cannot pay
// is waived.
ShortfallPayment pay_shortfall(Count shortfall, const Mat& mat, Count located_within_reach) {
  ShortfallPayment pay;
  pay.die = std::min(shortfall, mat.disaffected);  // step 1: Disaffected tokens die
  shortfall -= pay.die;
  pay.spare_to_disaffected = std::min(shortfall, mat.spare);  // step 2: Spare -> Disaffected
  shortfall -= pay.spare_to_disaffected;
  pay.located_to_disaffected = std::min(shortfall, located_within_reach);  // step 3: Located -> Disaffected
  return pay;  // messina.consumption.shortfall.excess: the rest is not paid
}

// messina.consumption.recovery: after paying in full, Disaffected tokens go back to Spare (the
// ruleset's disaffected_recovered_after_full_feeding), if the faction began the phase with any.
// Never after a shortfall.
Count disaffected_recovered(const Rules& rules, Count disaffected_at_start) {
  return std::min(disaffected_at_start, rules.number("disaffected_recovered_after_full_feeding"));
}

// Interpretation messina.step3-card-units: step 3 reaches units on the faction's Location Cards
// (of either facing) too ("map-and-cards"), or only units and Workers on the map ("map-only").
bool step3_reaches_cards(const Rules& rules) {
  return rules.reading("messina.step3-card-units", {"map-and-cards", "map-only"}) == "map-and-cards";
}

// messina.consumption.shortfall.step3: the Located tokens step 3 can move.
Count step3_located_within_reach(const Rules& rules, const json& state, const std::string& faction, const Mat& mat) {
  return step3_reaches_cards(rules) ? mat.located : mat.located - tokens_on_held_cards(rules, state, faction);
}

// messina.consumption.shortfall.step3: the disband choice names backed units that are there, on the
// map (or on a held card when step 3 reaches cards), backed by exactly the tokens step 3 moves.
void disband_for_step3(const Rules& rules, json& state, const std::string& faction, const std::vector<Units>& disband,
                       Count tokens_owed) {
  const char* step3 = "messina.consumption.shortfall.step3";
  const bool ai = is_ai(state, faction);
  Count tokens_named = 0;
  for (const Units& what : disband) {
    require(!what.on_card || step3_reaches_cards(rules), step3, "under map-only, step 3 leaves units on cards alone");
    require(tokens_for(rules, ai, what.unit) > 0, step3, "step 3 disbands only units that tokens back");
    require(take_units(state, faction, what), step3, "step 3 names units the faction does not have there");
    tokens_named += what.count * tokens_for(rules, ai, what.unit);
  }
  require(tokens_named == tokens_owed, step3, "the disband choice must match the tokens step 3 moves");
}

}  // namespace

json consume(const Rules& rules, json state, const json& action) {
  // Who: the faction the action names; its choice for step 3.
  const std::string faction = faction_of(state, action);
  std::vector<Units> disband;
  if (action.contains("disband")) {
    if (!action["disband"].is_array()) throw BadRequest{"/action/disband: expected a list"};
    for (std::size_t i = 0; i < action["disband"].size(); ++i)
      disband.push_back(read_units(rules, state, action["disband"][i], "/action/disband/" + std::to_string(i)));
  }

  // When: messina.consumption.when.
  if (!state.contains("round")) throw BadRequest{"/state/round: missing"};
  const Count round = count_at(state, "round", "/state/round");
  require(is_consumption_round(rules, round), "messina.consumption.when", "not a round with a Consumption Phase");
  require(is_end_of_round(state), "messina.consumption.when", "consumption comes at the end of the round");

  // What it costs: messina.consumption.cost.
  const std::string where = "/state/factions/" + faction;
  const json& f = state["factions"][faction];
  const json& population = object_at(f, "population", where + "/population");
  const json& resources = object_at(f, "resources", where + "/resources");
  Mat mat{count_at(population, "disaffected", where + "/population/disaffected"),
          count_at(population, "spare", where + "/population/spare"),
          count_at(population, "located", where + "/population/located")};
  Larder larder{count_at(resources, "food", where + "/resources/food"),
                count_at(resources, "water", where + "/resources/water")};
  Count dead = count_at(f, "dead", where + "/dead");
  const Count tokens = tokens_on_the_bill(rules, mat);
  const Count cost = consumption_cost(rules, tokens);

  // What changes.
  if (pays_in_full(cost, larder)) {
    require(disband.empty(), "messina.consumption.shortfall.step3", "a faction fed in full disbands nothing");
    larder.food -= cost;
    larder.water -= cost;
    const Count back = disaffected_recovered(rules, mat.disaffected);  // messina.consumption.recovery
    mat.disaffected -= back;
    mat.spare += back;
  } else {
    const Count shortfall = tokens - tokens_fed(rules, tokens, larder);  // messina.consumption.shortfall
    larder.food -= spent(larder.food, cost);                             // messina.consumption.plentiful-spent
    larder.water -= spent(larder.water, cost);
    const ShortfallPayment pay = pay_shortfall(shortfall, mat, step3_located_within_reach(rules, state, faction, mat));
    disband_for_step3(rules, state, faction, disband, pay.located_to_disaffected);
    dead += pay.die;
    mat.disaffected += pay.spare_to_disaffected + pay.located_to_disaffected - pay.die;
    mat.spare -= pay.spare_to_disaffected;
    mat.located -= pay.located_to_disaffected;
  }

  json& out = state["factions"][faction];
  out["population"]["disaffected"] = mat.disaffected;
  out["population"]["spare"] = mat.spare;
  out["population"]["located"] = mat.located;
  out["resources"]["food"] = larder.food;
  out["resources"]["water"] = larder.water;
  out["dead"] = dead;
  make_canonical(state);
  return state;
}

}  // namespace example_engine

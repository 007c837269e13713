// Consumption Phase.
#include <algorithm>

#include <fmt/format.h>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

// messina.consumption.cost: 1 F and 1 W for every tokens_per_food_and_water tokens, a part share
// rounded up.
int consumption_cost(const Ruleset& numbers, int population_tokens) {
  const int per = numbers.tokens_per_food_and_water;
  return (population_tokens + per - 1) / per;
}

namespace {

// messina.consumption.shortfall: the scarcer resource decides how many tokens are fed.
int tokens_fed(const Ruleset& numbers, int population_tokens, int food, int water) {
  const int per = numbers.tokens_per_food_and_water;
  return std::min({population_tokens, food * per, water * per});
}

// interpretation messina.step3-card-units: whether step 3 may take units off Location Cards (face-up
// or face-down alike: the facing is not asked) as well as off the map ("map-and-cards"), or only
// units and Workers on the map ("map-only").
bool step3_reaches_cards(const Rules& rules) {
  return rules.readings.step3_card_units == Readings::Step3CardUnits::map_and_cards;
}

// The Located tokens step 3 can move: all of them, or under "map-only" those not backing units on
// the faction's Location Cards.
int step3_located_within_reach(const Rules& rules, const State& state, const FactionId& faction) {
  const Faction& f = state.factions.at(faction);
  if (step3_reaches_cards(rules)) return f.population.located;
  int on_cards = 0;
  for (const auto& [id, card] : state.cards)
    if (card.holder == faction)
      for (Piece p : kUnitKinds) on_cards += card.units[p] * tokens_for(rules.numbers, f.kind, p);
  return f.population.located - on_cards;
}

// messina.consumption.shortfall.step3: the player's choice of units leaving the map (or a card)
// must name exactly the tokens step 3 moves, each a backed unit that is there.
void disband_for_step3(const Rules& rules, State& next, const Consume& action, int tokens_owed) {
  const FactionKind kind = next.factions.at(action.faction).kind;
  int tokens_named = 0;
  for (const auto& what : action.disband) {
    require(!what.where.on_card || step3_reaches_cards(rules), "messina.consumption.shortfall.step3",
            "under the map-only reading step 3 removes units from the map, not from {}", describe(what.where));
    require(is_backed(rules.numbers, kind, what.piece), "messina.consumption.shortfall.step3",
            "step 3 disbands only units backed by Located tokens; a {} is not", piece_name(what.piece));
    require(remove_pieces(next, action.faction, what), "messina.consumption.shortfall.step3",
            "step 3 names {} {} at {}, but {} has fewer there", what.count, piece_name(what.piece),
            describe(what.where), action.faction);
    tokens_named += what.count * tokens_for(rules.numbers, kind, what.piece);
  }
  require(tokens_named == tokens_owed, "messina.consumption.shortfall.step3",
          "step 3 moves {} Located token(s) to Disaffected, so the disband choice must "
          "name units backed by exactly {}; it names {}",
          tokens_owed, tokens_owed, tokens_named);
}

}  // namespace

State consume(const Rules& rules, const State& state, const Consume& action) {
  const Ruleset& numbers = rules.numbers;
  // Who and when: messina.consumption.when (the end of each round of the Consumption parity). A
  // phase naming another moment of the round (an Action, a Mil Ops Phase, a battle, ...) is not
  // the end of the round.
  require(state.round % 2 == numbers.round_parity_consumption, "messina.consumption.when",
          "consumption happens in {} rounds; this is round {}", round_parity_word(numbers.round_parity_consumption),
          state.round);
  require(state.phase == Phase::unspecified || state.phase == Phase::consumption, "messina.consumption.when",
          "consumption happens at the end of the round (phase \"consumption\"), not at phase \"{}\"",
          phase_name(state.phase));

  State next = state;
  Faction& f = next.factions.at(action.faction);
  Population& pop = f.population;
  // interpretation messina.consumption-bill: the whole Population, or all but the Disaffected.
  const int tokens =
      rules.readings.consumption_bill == Readings::ConsumptionBill::all_tokens ? pop.total() : pop.spare + pop.located;
  const int cost = consumption_cost(numbers, tokens);  // messina.consumption.cost

  if (f.resources.food >= cost && f.resources.water >= cost) {
    require(action.disband.empty(), "messina.consumption.shortfall.step3",
            "a faction that is fully fed disbands nothing");
    f.resources.food -= cost;
    f.resources.water -= cost;
    // messina.consumption.recovery: Disaffected tokens back to Spare (the ruleset's
    // disaffected_recovered_after_full_feeding), if there were any to start with.
    const int recovered = std::min(pop.disaffected, numbers.disaffected_recovered_after_full_feeding);
    pop.disaffected -= recovered;
    pop.spare += recovered;
    return next;
  }

  // messina.consumption.shortfall and messina.consumption.plentiful-spent.
  int shortfall = tokens - tokens_fed(numbers, tokens, f.resources.food, f.resources.water);
  f.resources.food -= std::min(f.resources.food, cost);
  f.resources.water -= std::min(f.resources.water, cost);

  // messina.consumption.shortfall.payment: each token moved pays one unit, in steps 1 to 3.
  // Step 1 runs first, so tokens made Disaffected by steps 2 and 3 can never die in this phase
  // (messina.consumption.shortfall.excess).
  // messina.consumption.shortfall.step1: Disaffected tokens go to the Death Zone.
  const int die = std::min(shortfall, pop.disaffected);
  pop.disaffected -= die;
  f.dead += die;
  shortfall -= die;

  // messina.consumption.shortfall.step2: Spare tokens become Disaffected.
  const int spare_to_disaffected = std::min(shortfall, pop.spare);
  pop.spare -= spare_to_disaffected;
  pop.disaffected += spare_to_disaffected;
  shortfall -= spare_to_disaffected;

  // messina.consumption.shortfall.step3: Located tokens become Disaffected, their units leaving
  // the map (messina.population.disband-on-shortfall).
  const int located_to_disaffected = std::min(shortfall, step3_located_within_reach(rules, state, action.faction));
  disband_for_step3(rules, next, action, located_to_disaffected);
  pop.located -= located_to_disaffected;
  pop.disaffected += located_to_disaffected;
  // Whatever shortfall is left is not paid (messina.consumption.shortfall.excess).
  return next;
}

}  // namespace rulecheck::messina

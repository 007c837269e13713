// Consumption Phase.
#include <algorithm>

#include <fmt/format.h>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

// messina.consumption.cost: one F and one W per tokens_per_food_and_water tokens, a part share
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
// convention messina.convention.step3-player-chooses-units: the Consume action names the units step 3 removes
void disband_for_step3(const Rules& rules, State& next, const Consume& action, int tokens_owed) {
  const FactionKind kind = next.factions.at(action.faction).kind;
  int tokens_named = 0;
  for (const auto& what : action.disband) {
    require(!what.where.on_card || step3_reaches_cards(rules), "messina.consumption.shortfall.step3",
            "under the map-only reading step 3 removes units from the map, not from {}", describe(what.where));
    // convention messina.convention.step3-backed-units-only: an unbacked unit (a Mech) is never named
    require(is_backed(rules.numbers, kind, what.piece), "messina.consumption.shortfall.step3",
            "step 3 disbands only units backed by Located tokens; a {} is not", piece_name(what.piece));
    require(remove_pieces(next, action.faction, what), "messina.consumption.shortfall.step3",
            {{"units named", what.count}}, "step 3 names {} {} at {}, but {} has fewer there", what.count,
            piece_name(what.piece), describe(what.where), action.faction);
    const int tokens = what.count * tokens_for(rules.numbers, kind, what.piece);
    tokens_named += tokens;
    // messina.population.disband-on-shortfall: the units leave, their tokens turn Disaffected.
    explain("messina.population.disband-on-shortfall", {{"units", what.count}, {"tokens", tokens}},
            "{} {} leave {}: {} Located token(s) freed for step 3", what.count, piece_name(what.piece), what.where,
            tokens);
  }
  // convention messina.convention.step3-exact-tokens: the units named back exactly the tokens owed
  require(tokens_named == tokens_owed, "messina.consumption.shortfall.step3",
          {{"tokens step 3 moves", tokens_owed}, {"tokens the disband names", tokens_named}},
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
  require(state.round % 2 == numbers.round_parity_consumption, "messina.consumption.when", {{"round", state.round}},
          "consumption happens in {} rounds; this is round {}", round_parity_word(numbers.round_parity_consumption),
          state.round);
  // convention messina.convention.unnamed-moment: no phase named is taken as the Consumption's moment
  require(state.phase == Phase::unspecified || state.phase == Phase::consumption, "messina.consumption.when",
          "consumption happens at the end of the round (phase \"consumption\"), not at phase \"{}\"",
          phase_name(state.phase));
  explain("messina.consumption.when", {{"round", state.round}},
          "round {} is {}: at its end {} feeds and waters its Population", state.round,
          round_parity_word(numbers.round_parity_consumption), action.faction);

  State next = state;
  Faction& f = next.factions.at(action.faction);
  Population& pop = f.population;
  Resources& larder = f.resources;
  // interpretation messina.consumption-bill: the whole Population, or all but the Disaffected.
  const bool whole_population = rules.readings.consumption_bill == Readings::ConsumptionBill::all_tokens;
  const int tokens = whole_population ? pop.total() : pop.spare + pop.located;
  explain("messina.consumption.cost",
          {{"Disaffected", pop.disaffected}, {"Spare", pop.spare}, {"Located", pop.located}, {"P", tokens}},
          "the bill counts {}: P = {}",
          whole_population ? "every Population token, Disaffected, Spare and Located"
                           : "the Spare and Located tokens (reading excluding-disaffected of messina.consumption-bill)",
          tokens);
  const int cost = consumption_cost(numbers, tokens);  // messina.consumption.cost
  explain("messina.consumption.cost",
          {{"P", tokens}, {"tokens per F and W", numbers.tokens_per_food_and_water}, {"cost", cost}},
          "1 F and 1 W per {} P, a part share rounded up: {} P cost {} F and {} W",
          numbers.tokens_per_food_and_water, tokens, cost, cost);

  if (larder.food >= cost && larder.water >= cost) {
    require(action.disband.empty(), "messina.consumption.shortfall.step3",
            "a faction that is fully fed disbands nothing");
    explain("messina.consumption.cost", {{"food", larder.food}, {"water", larder.water}, {"cost", cost}},
            "{} F and {} W both meet the bill: fully fed, food {} -> {}, water {} -> {}", larder.food, larder.water,
            larder.food, larder.food - cost, larder.water, larder.water - cost);
    larder.food -= cost;
    larder.water -= cost;
    // messina.consumption.recovery: Disaffected tokens back to Spare (the ruleset's
    // disaffected_recovered_after_full_feeding), if there were any to start with.
    const int recovered = std::min(pop.disaffected, numbers.disaffected_recovered_after_full_feeding);
    explain("messina.consumption.recovery", {{"Disaffected at the start", pop.disaffected}, {"recovered", recovered}},
            "fully fed with {} Disaffected token(s) at the start: {} back to Spare", pop.disaffected, recovered);
    pop.disaffected -= recovered;
    pop.spare += recovered;
    return next;
  }

  // messina.consumption.shortfall and messina.consumption.plentiful-spent.
  const int per = numbers.tokens_per_food_and_water;
  const int fed = tokens_fed(numbers, tokens, larder.food, larder.water);
  int shortfall = tokens - fed;
  explain("messina.consumption.shortfall",
          {{"P", tokens}, {"food", larder.food}, {"water", larder.water}, {"fed", fed}, {"shortfall", shortfall}},
          "the scarcer resource decides: {} F feed {} P, {} W water {} P, so {} of {} P are fed: shortfall {}",
          larder.food, larder.food * per, larder.water, larder.water * per, fed, tokens, shortfall);
  const int food_paid = std::min(larder.food, cost);
  const int water_paid = std::min(larder.water, cost);
  explain("messina.consumption.plentiful-spent", {{"food paid", food_paid}, {"water paid", water_paid}},
          "both are still paid towards the bill of {}: food {} -> {}, water {} -> {}", cost, larder.food,
          larder.food - food_paid, larder.water, larder.water - water_paid);
  larder.food -= food_paid;
  larder.water -= water_paid;

  // messina.consumption.shortfall.payment: each token moved pays one unit, in steps 1 to 3.
  // Step 1 runs first, so tokens made Disaffected by steps 2 and 3 can never die in this phase
  // (messina.consumption.shortfall.excess).
  explain("messina.consumption.shortfall.payment", {{"shortfall", shortfall}},
          "the shortfall of {} is paid one token per unit, by steps 1 to 3 in turn", shortfall);
  // messina.consumption.shortfall.step1: Disaffected tokens go to the Death Zone.
  const int die = std::min(shortfall, pop.disaffected);
  explain("messina.consumption.shortfall.step1",
          {{"shortfall", shortfall}, {"Disaffected", pop.disaffected}, {"to the Death Zone", die}},
          "{} Disaffected token(s) to the Death Zone: Disaffected {} -> {}, dead {} -> {}, shortfall left {}", die,
          pop.disaffected, pop.disaffected - die, f.dead, f.dead + die, shortfall - die);
  pop.disaffected -= die;
  f.dead += die;
  shortfall -= die;

  // messina.consumption.shortfall.step2: Spare tokens become Disaffected.
  const int spare_to_disaffected = std::min(shortfall, pop.spare);
  explain("messina.consumption.shortfall.step2",
          {{"shortfall", shortfall}, {"Spare", pop.spare}, {"Spare to Disaffected", spare_to_disaffected}},
          "{} Spare token(s) become Disaffected: Spare {} -> {}, Disaffected {} -> {}, shortfall left {}",
          spare_to_disaffected, pop.spare, pop.spare - spare_to_disaffected, pop.disaffected,
          pop.disaffected + spare_to_disaffected, shortfall - spare_to_disaffected);
  pop.spare -= spare_to_disaffected;
  pop.disaffected += spare_to_disaffected;
  shortfall -= spare_to_disaffected;

  // messina.consumption.shortfall.step3: Located tokens become Disaffected, their units leaving
  // the map (messina.population.disband-on-shortfall).
  const int within_reach = step3_located_within_reach(rules, state, action.faction);
  const int located_to_disaffected = std::min(shortfall, within_reach);
  explain("messina.consumption.shortfall.step3",
          {{"shortfall", shortfall},
           {"Located within reach", within_reach},
           {"Located to Disaffected", located_to_disaffected}},
          "{} Located token(s) become Disaffected, their units leaving the map{}: Located {} -> {}, Disaffected {} -> "
          "{}, shortfall left {}",
          located_to_disaffected,
          step3_reaches_cards(rules) ? "" : " (reading map-only: none backing units on Location Cards)", pop.located,
          pop.located - located_to_disaffected, pop.disaffected, pop.disaffected + located_to_disaffected,
          shortfall - located_to_disaffected);
  disband_for_step3(rules, next, action, located_to_disaffected);
  pop.located -= located_to_disaffected;
  pop.disaffected += located_to_disaffected;
  shortfall -= located_to_disaffected;
  // Whatever shortfall is left is not paid (messina.consumption.shortfall.excess).
  if (shortfall > 0)
    explain("messina.consumption.shortfall.excess", {{"shortfall left", shortfall}},
            "the {} unit(s) of shortfall left after step 3 are waived: no token fed this phase starves", shortfall);
  return next;
}

}  // namespace rulecheck::messina

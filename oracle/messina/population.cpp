// Population Supply and Movement: placing new human units, interconversion, and the rule that
// units never return to Spare.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

// messina.population.backing: every human Worker and military unit on the board has a token
// behind it. Workers always do; for the AI faction only the kinds the ruleset lists
// (ai_backed_units); for the other factions every unit with a population above 0 (so no Mech).
bool is_backed(const Ruleset& numbers, FactionKind kind, Piece piece) {
  if (piece == Piece::worker) return true;
  if (kind == FactionKind::ai) return numbers.ai_backed_units.count(piece) > 0;
  return numbers.unit(piece).population > 0;
}

// messina.population.tokens: a token mans one Worker or one military unit; a unit whose
// population is larger takes that many.
// convention messina.convention.backed-unit-takes-a-token: a backed kind takes at least one token
int tokens_for(const Ruleset& numbers, FactionKind kind, Piece piece) {
  if (!is_backed(numbers, kind, piece)) return 0;
  return piece == Piece::worker ? 1 : std::max(1, numbers.unit(piece).population);
}

// messina.population.located: the Located tokens are those committed to the faction's Workers and
// units, on the map and on the Location Cards it holds.
int backed_tokens(const Ruleset& numbers, const State& state, const FactionId& faction) {
  const FactionKind kind = state.factions.at(faction).kind;
  auto backed_in = [&](const UnitCounts& units) {
    int sum = 0;
    for (Piece p : kUnitKinds) sum += units[p] * tokens_for(numbers, kind, p);
    return sum;
  };
  int tokens = 0;
  for (const auto& [id, space] : state.spaces) {
    if (auto it = space.units.find(faction); it != space.units.end()) tokens += backed_in(it->second);
    tokens += workers_at(state, id, faction);
  }
  for (const auto& [id, card] : state.cards)
    if (card.holder == faction) tokens += backed_in(card.units);
  return tokens;
}

std::string backed_kinds_named(const Ruleset& numbers, FactionKind kind) {
  std::vector<std::string_view> kinds;
  for (Piece piece : kPieces)
    if (is_backed(numbers, kind, piece)) kinds.push_back(pieces_name(piece));
  if (kinds.size() < 2) return fmt::format("{}", fmt::join(kinds, ""));
  return fmt::format("{} and {}", fmt::join(kinds.begin(), kinds.end() - 1, ", "), kinds.back());
}

namespace {

// When: each kind of placement has its moment.
void require_placement_moment(const State& state, const FactionId& faction, PlacementTime when) {
  switch (when) {
    case PlacementTime::industry:  // messina.population.placement.workers
      require(state.phase == Phase::industry, "messina.population.placement.workers",
              "Workers are placed during an Industry Action (phase \"industry\")");
      explain("messina.population.placement.workers", {}, "phase \"industry\": new Workers may enter the map");
      return;
    case PlacementTime::before_orders:  // messina.population.placement.civilians
      require(state.phase == Phase::orders || state.phase == Phase::bonus_military_action,
              "messina.population.placement.civilians",
              "Civilians are placed immediately before orders or a Bonus Military Action "
              "(phase \"orders\" or \"bonus-military-action\")");
      explain("messina.population.placement.civilians", {}, "phase \"{}\": new Civilians may enter the map",
              phase_name(state.phase));
      return;
    case PlacementTime::home_defence:  // messina.population.home-defence
      require(state.phase == Phase::battle && state.battle && is_home_space(state, faction, *state.battle),
              "messina.population.home-defence",
              "home-defence Civilians are placed only while one of {}'s Home Spaces is "
              "under attack (phase \"battle\" at a Home Space)",
              faction);
      explain("messina.population.home-defence", {}, "{}'s Home Space {} is under attack: Civilians may defend it",
              faction, *state.battle);
      return;
  }
}

// What: Workers during Industry, Civilians otherwise.
void require_piece_for_moment(const Placement& placement, PlacementTime when) {
  const Piece piece = placement.what.piece;
  if (when == PlacementTime::industry)
    require(piece == Piece::worker && !placement.what.where.on_card, "messina.population.placement.workers",
            "during Industry, new population appears only as Workers in Utilities");
  else  // messina.population.placement.military: other military units come only from a Muster.
    require(piece == Piece::civilian, "messina.population.placement.civilians",
            "outside Industry and the Muster Phase, new units are Civilians, not {}", piece_name(piece));
}

// The activity a placement is, for the Friendly Area and an ally's consent (messina.friendly.consent).
// interpretation messina.civilian-consent: Civilians placed before orders, a Bonus Military Action
// or in home defence are their own activity ("civilians") or a muster ("muster").
Activity purpose_of(const Rules& rules, PlacementTime when) {
  if (when == PlacementTime::industry) return Activity::workers;
  return rules.readings.civilian_consent == Readings::CivilianConsent::civilians ? Activity::civilians
                                                                                 : Activity::muster;
}

// interpretation messina.worker-utility: the Utilities a faction's new Workers may occupy: its own
// ("own"), or also a Utility of an ally consenting to the placing of Workers ("friendly").
// `owner` is the one the action names (absent: the faction itself).
void require_worker_utility(const Rules& rules, const State& state, const FactionId& faction, const SpaceId& space,
                            const FactionId& owner, const char* clause) {
  require(owns_utility_at(state, space, owner), clause, "Workers occupy a Utility; {} has none in {}", owner, space);
  if (owner == faction) return;
  require(rules.readings.worker_utility == Readings::WorkerUtility::friendly, clause,
          "under the own reading {}'s Workers occupy only {}'s own Utilities, not {}'s", faction, faction, owner);
  require(consents(state, owner, faction, Activity::workers), clause,
          "{} does not consent to {} placing Workers, so its Utility in {} is not friendly to them", owner, faction,
          space);
  explain(clause, {}, "under the friendly reading {}'s Workers go into {}'s Utility in {}, {} consenting to Workers",
          faction, owner, space, owner);
}

// Stacking for Civilians placed outside the Muster Phase (interpretation messina.civilian-stacking).
// convention messina.convention.card-capacity-binds-civilians: a card's limit binds under every reading
void require_civilian_room(const Rules& rules, const State& next, const FactionId& faction, const Where& where) {
  if (where.on_card) {
    const int on_card = next.cards.at(where.space).units.total();
    require(on_card <= rules.numbers.stacking_card, "messina.cards.capacity",
            {{"units on the card", on_card}, {"limit", rules.numbers.stacking_card}},
            "a Location Card holds at most {} units", rules.numbers.stacking_card);
    explain("messina.cards.capacity", {{"units on the card", on_card}, {"limit", rules.numbers.stacking_card}},
            "the Location Card {} now holds {} unit(s); its limit is {}", where.space, on_card,
            rules.numbers.stacking_card);
    return;
  }
  if (rules.readings.civilian_stacking == Readings::CivilianStacking::muster_phase_only) {
    explain("messina.muster.stacking", {},
            "under the muster-phase-only reading no stacking limit binds Civilians placed outside a Muster");
    return;
  }
  const int stacked = stacked_units(rules, next, where.space, faction);
  require(stacked <= rules.numbers.stacking_map, "messina.muster.stacking",
          {{"units", stacked}, {"limit", rules.numbers.stacking_map}},
          "placing these Civilians would put more than {} units in {}", rules.numbers.stacking_map, where.space);
  explain("messina.muster.stacking", {{"units", stacked}, {"limit", rules.numbers.stacking_map}},
          "{} now holds {} unit(s) counted for stacking; the limit is {}", where.space, stacked,
          rules.numbers.stacking_map);
}

}  // namespace

State place_population(const Rules& rules, const State& state, const Place& action) {
  require_placement_moment(state, action.faction, action.when);
  State next = state;
  Population& pop = next.factions.at(action.faction).population;
  for (const auto& placement : action.placements) {
    const Where& where = placement.what.where;
    const int count = placement.what.count;
    require_piece_for_moment(placement, action.when);

    // Where: messina.population.placement.friendly-area (and messina.population.placement.cards).
    // messina.cards.hidden.secret-muster: Civilians go onto a face-down card as onto a face-up one.
    const Activity purpose = purpose_of(rules, action.when);
    if (where.on_card)
      require(next.cards.at(where.space).holder == action.faction, "messina.population.placement.cards",
              "{} does not hold the Location Card {}", action.faction, where.space);
    // interpretation messina.card-in-area: a held card counts in the Friendly Area when its space is
    // ("connected"), or always ("every-held-card").
    const bool every_held_card = where.on_card && rules.readings.card_in_area == Readings::CardInArea::every_held_card;
    if (every_held_card)
      explain("messina.population.placement.cards", {},
              "under the every-held-card reading the Location Card {} {} holds is in its Friendly Area", where.space,
              action.faction);
    const bool in_area = every_held_card || in_friendly_area(rules, state, action.faction, purpose, where.space);
    require(in_area, "messina.population.placement.friendly-area", "{} is not in {}'s Friendly Area for {}",
            describe(where), action.faction, activity_name(purpose));
    if (action.when == PlacementTime::home_defence)
      // convention messina.convention.home-defence-map-only: never onto the attacked space's card
      require(where.space == *state.battle && !where.on_card, "messina.population.home-defence",
              "home-defence Civilians go to the attacked space {}", *state.battle);
    const FactionId utility_owner = placement.utility.value_or(action.faction);
    if (action.when == PlacementTime::industry)
      require_worker_utility(rules, next, action.faction, where.space, utility_owner,
                             "messina.population.placement.workers");

    // Which tokens: Spare (messina.population.spare: off the map, with no duty yet), or
    // Disaffected only in defence of a Home Space.
    int* source = &pop.spare;
    if (placement.from == TokenSource::disaffected) {
      require(action.when == PlacementTime::home_defence, "messina.population.disaffected",
              "Disaffected population works and fights only in defence of a Home Space");
      // interpretation messina.home-defence-spare: under "spare-required" the general rule that a
      // unit is placed only by a faction with Spare population holds in home defence too.
      require(rules.readings.home_defence_spare == Readings::HomeDefenceSpare::either_source ||
                  state.factions.at(action.faction).population.spare > 0,
              "messina.population.placement.spare-required",
              "under the spare-required reading {} needs Spare population to place units, even Disaffected ones "
              "in home defence; it has none",
              action.faction);
      source = &pop.disaffected;
      explain("messina.population.disaffected", {},
              "Disaffected tokens may work and fight in defence of a Home Space, as here");
    }
    // messina.population.tokens: each unit placed takes the tokens its kind takes (one under the
    // default table; a ruleset may give a Civilian another number).
    const int tokens = count * tokens_for(rules.numbers, state.factions.at(action.faction).kind, placement.what.piece);
    const std::string_view source_name = placement.from == TokenSource::spare ? "Spare" : "Disaffected";
    require(*source >= tokens, "messina.population.placement.spare-required", {{"tokens", *source}, {"needed", tokens}},
            "{} has {} {} token(s), {} needed", action.faction, *source, source_name, tokens);

    // What changes: tokens move to Located (messina.population.placement.spare-to-located).
    explain("messina.population.placement.spare-to-located", {{"count", count}, {"tokens", tokens}},
            "{} {} placed at {}: {} {} -> {}, Located {} -> {}", count, piece_name(placement.what.piece), where,
            source_name, *source, *source - tokens, pop.located, pop.located + tokens);
    *source -= tokens;
    pop.located += tokens;
    if (placement.what.piece == Piece::worker) {
      add_workers(next, where.space, action.faction, utility_owner, count);
    } else {
      units_at(next, where, action.faction)[Piece::civilian] += count;
      require_civilian_room(rules, next, action.faction, where);
    }
  }
  return next;
}

// messina.population.interconversion: during Industry, Civilian <-> Worker and Infantry -> Worker,
// within one space (a unit occupies or vacates a Utility there). Population does not change.
State convert_units(const Rules& rules, const State& state, const Convert& action) {
  require(state.phase == Phase::industry, "messina.population.interconversion",
          "Civilians and Workers interconvert only during an Industry Action (phase \"industry\")");
  const bool allowed_pair = (action.from == Piece::civilian && action.to == Piece::worker) ||
                            (action.from == Piece::worker && action.to == Piece::civilian) ||
                            (action.from == Piece::infantry && action.to == Piece::worker);
  require(allowed_pair, "messina.population.interconversion",
          "{} cannot become {}: only Civilian<->Worker and Infantry->Worker", piece_name(action.from),
          piece_name(action.to));
  const FactionKind kind = state.factions.at(action.faction).kind;
  require(is_backed(rules.numbers, kind, action.from), "messina.population.backing",
          "{}'s {} units have no population token to become a Worker", action.faction, piece_name(action.from));
  // The unit only steps onto or off a Utility: no token moves on the mat, so the two kinds must take
  // the same tokens (always so under the default unit table; a ruleset giving a Civilian or Infantry
  // another number than a Worker's one token makes this conversion impossible).
  const int tokens_from = tokens_for(rules.numbers, kind, action.from), tokens_to = tokens_for(rules.numbers, kind, action.to);
  // convention messina.convention.convert-token-mismatch: converting moves no token
  require(tokens_from == tokens_to, "messina.population.interconversion",
          {{"tokens of the unit", tokens_from}, {"tokens of what it becomes", tokens_to}},
          "a {} of {} takes {} token(s) and a {} {}: converting moves no token on the mat, so it cannot be done",
          piece_name(action.from), action.faction, tokens_from, piece_name(action.to), tokens_to);
  const FactionId utility_owner = action.utility.value_or(action.faction);
  if (action.to == Piece::worker)
    require_worker_utility(rules, state, action.faction, action.at, utility_owner,
                           "messina.population.interconversion");

  State next = state;
  const Where here{action.at, false};
  require(remove_pieces(next, action.faction, PieceCount{here, action.from, action.count}),
          "messina.population.interconversion", "{} has fewer than {} {} in {}", action.faction, action.count,
          piece_name(action.from), action.at);
  if (action.to == Piece::worker) {
    add_workers(next, action.at, action.faction, utility_owner, action.count);
  } else {
    units_at(next, here, action.faction)[action.to] += action.count;
  }
  explain("messina.population.interconversion", {{"count", action.count}},
          "{} {} become {} in {} during Industry; the Population mat does not change", action.count,
          piece_name(action.from), piece_name(action.to), action.at);
  return next;
}

// messina.population.no-return: units on the map or a card never go back to Spare.
State release_to_spare(const Rules&, const State&, const Release& action) {
  require(false, "messina.population.no-return", "{}'s units may not leave the map to turn Spare again",
          action.faction);
  return {};
}

}  // namespace rulecheck::messina

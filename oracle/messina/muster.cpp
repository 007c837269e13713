// Muster Phase: building units and shields, equipping Civilians; the Re-arm shield op.
#include <map>
#include <set>

#include <fmt/format.h>

#include "oracle/messina/board.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {

// interpretation messina.stacking-scope: whose units count against a map space's limit when
// `builder` builds there: every faction's ("all-factions"), or only the builder's ("per-faction").
bool in_stacking_scope(const Rules& rules, const FactionId& owner, const FactionId& builder) {
  return rules.readings.stacking_scope == Readings::StackingScope::all_factions || owner == builder;
}

// messina.muster.stacking.workers: Workers in Utilities do not count towards the stacking limit.
bool counts_towards_stacking(Piece piece) { return piece != Piece::worker; }

}  // namespace

// messina.muster.stacking: the pieces in a map space that count against its limit.
int stacked_units(const Rules& rules, const State& state, const SpaceId& space, const FactionId& faction) {
  const Where on_map{space, false};
  int n = 0;
  for (const auto& [owner, info] : state.factions) {
    if (!in_stacking_scope(rules, owner, faction)) continue;
    for (Piece piece : kPieces)
      if (counts_towards_stacking(piece)) n += units_at(state, on_map, owner, piece);
  }
  return n;
}

namespace {

bool is_high_tech(const Ruleset& numbers, Piece piece) {
  return numbers.unit(piece).cost >= numbers.high_tech_min_cost;
}

// messina.muster.high-tech: at a Home Space or at a Utility owned by the builder or a consenting ally.
bool high_tech_site(const State& state, const FactionId& faction, const SpaceId& space) {
  if (is_home_space(state, faction, space)) return true;
  for (const auto& utility : state.spaces.at(space).utilities)
    if (consents(state, utility.owner, faction, Activity::muster)) return true;
  return false;
}

// Where one build may go: the Friendly Area, a held card, the high-tech sites.
void require_build_site(const Rules& rules, const State& state, const FactionId& faction,
                        const PieceCount& build) {
  const Where& where = build.where;
  require(build.piece != Piece::worker, "messina.population.placement.workers",
          "Workers are placed during Industry, not built in a Muster");
  // messina.cards.muster-onto: onto a held card, under the conditions of the map.
  // messina.cards.hidden.secret-muster: a face-down card takes builds just like a face-up one, so
  // its facing is not asked; its space must be in the Friendly Area like any other.
  if (where.on_card)
    require(state.cards.at(where.space).holder == faction, "messina.cards.muster-onto",
            "{} does not hold the Location Card {}", faction, where.space);
  require(in_friendly_area(rules, state, faction, Activity::muster, where.space),
          "messina.muster.friendly-area",
          "{} is not in {}'s Friendly Area for mustering", where.space, faction);
  if (is_high_tech(rules.numbers, build.piece))
    require(high_tech_site(state, faction, where.space), "messina.muster.high-tech",
            "a {} costs {} E, so it is built only at a Home Space or a Utility of {} or "
                        "a consenting ally; {} is neither",
                        piece_name(build.piece), rules.numbers.unit(build.piece).cost, faction,
                        where.space);
}

// messina.muster.stacking and messina.muster.stacking.over-limit: builds never push a map space
// past its limit, and a space already over it (legally, say after Workers left a Utility) keeps its
// units but takes no new builds.
void require_map_room(const Rules& rules, const State& before, const State& after, const FactionId& faction,
                      const SpaceId& space) {
  const int map_limit = rules.numbers.stacking_map;
  const int already = stacked_units(rules, before, space, faction);
  require(already <= map_limit, "messina.muster.stacking.over-limit",
          "{} already holds {} units, over the limit of {}: it keeps them but gets no new builds", space,
          already, map_limit);
  const int now = stacked_units(rules, after, space, faction);
  require(now <= map_limit, "messina.muster.stacking",
          "building here puts {} units in {}; the limit is {}", now, space, map_limit);
}

// messina.muster.stacking and messina.cards.capacity: builds never push a card past its limit.
// messina.cards.seven-per-location: a card is counted apart from its map space, each against its
// own limit, so one location holds the map's and the card's limits together.
void require_card_room(const Rules& rules, const State& after, const SpaceId& card) {
  const int now = after.cards.at(card).units.total();
  require(now <= rules.numbers.stacking_card, "messina.muster.stacking",
          "building here puts {} units on the Location Card {}; the limit is {}", now, card,
          rules.numbers.stacking_card);
}

// A shield op's site and effect; returns its energy cost.
int apply_shield_op(const Rules& rules, State& next, const FactionId& faction, const ShieldOp& op) {
  require(!op.where.on_card, "messina.cards.no-structures",
          "a Location Card never carries a Shield; build it on the map space");
  Space& space = next.spaces.at(op.where.space);
  if (op.op == ShieldOpKind::build) {
    require(!space.shield, "messina.muster.shield.build-upgrade",
            "{} already has a Shield; it can only be upgraded", op.where.space);
    require(in_friendly_area(rules, next, faction, Activity::build, op.where.space),
            "messina.muster.friendly-area",
            "{} is not in {}'s Friendly Area for building", op.where.space, faction);
    // interpretation messina.shield-high-tech: under "shields-too" a Shield whose build cost
    // reaches high_tech_min_cost is placed as a high-tech build (messina.muster.high-tech).
    if (rules.readings.shield_high_tech == Readings::ShieldHighTech::shields_too &&
        rules.numbers.shield_build_cost >= rules.numbers.high_tech_min_cost)
      require(high_tech_site(next, faction, op.where.space), "messina.muster.high-tech",
              "under the shields-too reading a Shield ({} E) is built only at a Home Space or a Utility of {} or a "
              "consenting ally; {} is neither",
              rules.numbers.shield_build_cost, faction, op.where.space);
    space.shield = Shield{faction, 1};
    return rules.numbers.shield_build_cost;
  }
  require(space.shield && space.shield->owner == faction, "messina.muster.shield.build-upgrade",
          "{} has no Shield of {}'s to upgrade", op.where.space, faction);
  require(in_friendly_area(rules, next, faction, Activity::build, op.where.space),
          "messina.muster.friendly-area",
          "{} is not in {}'s Friendly Area for building", op.where.space, faction);
  space.shield->level += 1;
  return rules.numbers.shield_upgrade_cost;
}

// messina.muster.shield.not-both and messina.muster.shield.one-upgrade, within one Muster.
void require_shield_ops_distinct(const Rules& rules, const std::vector<ShieldOp>& ops) {
  std::map<SpaceId, int> builds, upgrades;
  for (const auto& op : ops) (op.op == ShieldOpKind::build ? builds : upgrades)[op.where.space]++;
  for (const auto& [space, n] : upgrades) {
    require(!builds.count(space), "messina.muster.shield.not-both",
            "the Shield in {} cannot be built and upgraded in the same Muster", space);
    require(n <= rules.numbers.shield_upgrades_per_muster, "messina.muster.shield.one-upgrade",
            "the Shield in {} can be upgraded at most {} time(s) per Muster", space,
                        rules.numbers.shield_upgrades_per_muster);
  }
  for (const auto& [space, n] : builds)
    require(n == 1, "messina.muster.shield.build-upgrade",
            "only one Shield can stand in {}", space);
}

// Disbanding alone: the units leave, their tokens become Disaffected.
void disband_units(const Rules& rules, State& next, const FactionId& faction,
                   const std::vector<PieceCount>& disband) {
  const FactionKind kind = next.factions.at(faction).kind;
  Population& pop = next.factions.at(faction).population;
  for (const auto& what : disband) {
    require(remove_pieces(next, faction, what), "messina.population.disband-on-shortfall",
            "{} has fewer than {} {} at {}", faction, what.count, piece_name(what.piece),
                        describe(what.where));
    const int tokens = what.count * tokens_for(rules.numbers, kind, what.piece);
    pop.located -= tokens;
    pop.disaffected += tokens;
  }
}

}  // namespace

State muster(const Rules& rules, const State& state, const Muster& action) {
  const Ruleset& numbers = rules.numbers;
  const FactionId& faction = action.faction;
  // When: messina.muster.when (the Alternating Phase of the rounds of the Muster parity).
  require(state.round % 2 == numbers.round_parity_muster &&
              (state.phase == Phase::unspecified || state.phase == Phase::muster),
          "messina.muster.when",
          "a Muster happens in {} rounds; this is round {}{}", round_parity_word(numbers.round_parity_muster),
          state.round, state.phase == Phase::unspecified ? "" : fmt::format(", phase {}", phase_name(state.phase)));
  // messina.muster.no-build-disband: no building and disbanding in one go.
  require(action.disband.empty() || (action.builds.empty() && action.equip.empty()),
          "messina.muster.no-build-disband",
          "builds and disbands cannot be combined (that would move or convert units)");

  State next = state;
  Faction& f = next.factions.at(faction);
  const FactionKind kind = f.kind;
  int energy = 0;
  int tokens = 0;
  std::set<SpaceId> map_sites, card_sites;

  // messina.population.placement.military: new military units enter the map here, in the Muster
  // Phase (its moment checked above, messina.muster.when).
  for (const auto& build : action.builds) {
    require_build_site(rules, state, faction, build);
    units_at(next, build.where, faction)[build.piece] += build.count;
    (build.where.on_card ? card_sites : map_sites).insert(build.where.space);
    energy += build.count * numbers.unit(build.piece).cost;          // messina.muster.unit-table
    tokens += build.count * tokens_for(numbers, kind, build.piece);  // messina.muster.population
  }
  for (const auto& space : map_sites) require_map_room(rules, state, next, faction, space);
  for (const auto& card : card_sites) require_card_room(rules, next, card);

  for (const auto& eq : action.equip) {
    // messina.muster.equip.ai: the AI faction cannot convert its Civilians.
    require(kind == FactionKind::human, "messina.muster.equip.ai",
            "{} is the AI faction: it may build Infantry but not equip Civilians", faction);
    // messina.muster.equip: Civilians there become Infantry, at the equip cost each.
    UnitCounts& units = units_at(next, eq.where, faction);
    require(units[Piece::civilian] >= eq.count, "messina.muster.equip",
            "{} has {} Civilian(s) at {} to equip, not {}", faction,
                        units[Piece::civilian], describe(eq.where), eq.count);
    // messina.muster.equip.no-other-change: Civilian to Infantry is the one change of type a
    // Muster makes; it has no other conversion, and builds never pair with disbands
    // (messina.muster.no-build-disband).
    units[Piece::civilian] -= eq.count;
    units[Piece::infantry] += eq.count;
    energy += eq.count * numbers.equip_cost;
    // messina.muster.equip.stacking: the number of units stays the same, so equipping is never
    // held against the stacking limits (equipped sites are not among map_sites or card_sites).
  }

  require_shield_ops_distinct(rules, action.shields);
  for (const auto& op : action.shields) energy += apply_shield_op(rules, next, faction, op);

  // What it costs: messina.muster.energy, messina.muster.population.
  require(f.resources.energy >= energy, "messina.muster.energy",
          "this Muster costs {} E; {} has {}", energy, faction, f.resources.energy);
  require(f.population.spare >= tokens, "messina.muster.population",
          "these units need {} Spare token(s); {} has {}", tokens, faction,
                      f.population.spare);
  f.resources.energy -= energy;
  f.population.spare -= tokens;
  f.population.located += tokens;

  disband_units(rules, next, faction, action.disband);
  return next;
}

// messina.muster.shield.rearm: a Re-arm Bonus Military Action allows shield_ops_per_rearm Shield
// builds or upgrades.
State rearm(const Rules& rules, const State& state, const Rearm& action) {
  require(state.phase == Phase::rearm, "messina.muster.shield.rearm",
          "a Re-arm shield op happens during a Re-arm Bonus Military Action (phase \"rearm\")");
  require(static_cast<int>(action.shields.size()) <= rules.numbers.shield_ops_per_rearm, "messina.muster.shield.rearm",
          "a Re-arm allows {} Shield build(s) or upgrade(s); this one has {}", rules.numbers.shield_ops_per_rearm,
          action.shields.size());
  require_shield_ops_distinct(rules, action.shields);
  State next = state;
  int energy = 0;
  for (const auto& op : action.shields) energy += apply_shield_op(rules, next, action.faction, op);
  Faction& f = next.factions.at(action.faction);
  require(f.resources.energy >= energy, "messina.muster.energy",
          "this Re-arm costs {} E; {} has {}", energy, action.faction, f.resources.energy);
  f.resources.energy -= energy;
  return next;
}

}  // namespace rulecheck::messina

// Muster Phase: building units and shields, equipping Civilians; the Re-arm shield op.
#include <map>
#include <set>
#include <tuple>

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

// messina.muster.stacking.workers: Workers inside Utilities are left out of the stacking count.
// convention messina.convention.shield-not-stacked: a Shield never counts toward a space's limit (not in kPieces)
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

// messina.muster.high-tech: at one of the builder's Home Spaces, or at a Utility of the builder or of a consenting ally.
bool high_tech_site(const Rules& rules, const State& state, const FactionId& faction, const SpaceId& space) {
  if (is_home_space(state, faction, space)) {
    explain("messina.muster.high-tech", {}, "{} is a Home Space of {}", space, faction);
    return true;
  }
  // interpretation messina.high-tech-home: "own" counts the builder's Home Spaces only;
  // "consenting-ally" also those of an ally consenting to muster.
  if (rules.readings.high_tech_home == Readings::HighTechHome::consenting_ally)
    for (const auto& [ally, info] : state.factions)
      if (ally != faction && consents(state, ally, faction, Activity::muster) && is_home_space(state, ally, space)) {
        explain("messina.muster.high-tech", {},
                "{} is a Home Space of {}, which consents to {}'s muster (reading consenting-ally)", space, ally,
                faction);
        return true;
      }
  for (const auto& utility : state.spaces.at(space).utilities)
    // convention messina.convention.high-tech-consent-is-muster: the ally's Utility serves with consent to muster
    if (consents(state, utility.owner, faction, Activity::muster)) {
      explain("messina.muster.high-tech", {}, "{} has a Utility of {}'s{}", space, utility.owner,
              utility.owner == faction ? "" : ", which consents to muster");
      return true;
    }
  return false;
}

// interpretation messina.card-in-area: whether a Location Card the faction holds is in its Friendly
// Area only when the card's space is ("connected"), or always ("every-held-card"). The faction's
// holding the card is checked apart.
bool card_in_friendly_area(const Rules& rules, const State& state, const FactionId& faction, Activity purpose,
                           const SpaceId& card) {
  if (rules.readings.card_in_area == Readings::CardInArea::every_held_card) {
    explain("messina.cards.muster-onto", {},
            "under the every-held-card reading the Location Card {} {} holds is in its Friendly Area", card, faction);
    return true;
  }
  return in_friendly_area(rules, state, faction, purpose, card);
}

// Where one build may go: the Friendly Area, a held card, the high-tech sites.
void require_build_site(const Rules& rules, const State& state, const FactionId& faction, const PieceCount& build) {
  const Where& where = build.where;
  require(build.piece != Piece::worker, "messina.population.placement.workers",
          "Workers are placed during Industry, not built in a Muster");
  // messina.cards.muster-onto: onto a held card, under the conditions of the map.
  // messina.cards.hidden.secret-muster: a face-down card takes builds just like a face-up one, so
  // its facing is not asked; its space must be in the Friendly Area like any other.
  if (where.on_card)
    require(state.cards.at(where.space).holder == faction, "messina.cards.muster-onto",
            "{} does not hold the Location Card {}", faction, where.space);
  require(where.on_card ? card_in_friendly_area(rules, state, faction, Activity::muster, where.space)
                        : in_friendly_area(rules, state, faction, Activity::muster, where.space),
          "messina.muster.friendly-area", "{} is not in {}'s Friendly Area for mustering", describe(where), faction);
  if (is_high_tech(rules.numbers, build.piece)) {
    explain("messina.muster.high-tech",
            {{"E cost", rules.numbers.unit(build.piece).cost}, {"high-tech from", rules.numbers.high_tech_min_cost}},
            "a {} costs {} E, so it is high-tech: built only at a Home Space or a Utility of {} or a consenting ally",
            piece_name(build.piece), rules.numbers.unit(build.piece).cost, faction);
    // convention messina.convention.high-tech-onto-card: a card's own map space must be a high-tech site
    require(high_tech_site(rules, state, faction, where.space), "messina.muster.high-tech",
            "a {} costs {} E, so it is built only at a Home Space or a Utility of {} or "
            "a consenting ally; {} is neither",
            piece_name(build.piece), rules.numbers.unit(build.piece).cost, faction, where.space);
  }
}

// messina.muster.stacking and messina.muster.stacking.over-limit: builds never push a map space
// past its limit, and a space already over it (legally, say after Workers left a Utility) keeps its
// units but takes no new builds.
void require_map_room(const Rules& rules, const State& before, const State& after, const FactionId& faction,
                      const SpaceId& space) {
  const int map_limit = rules.numbers.stacking_map;
  const int already = stacked_units(rules, before, space, faction);
  require(already <= map_limit, "messina.muster.stacking.over-limit",
          {{"units before the Muster", already}, {"limit", map_limit}},
          "{} already holds {} units, over the limit of {}: it keeps them but gets no new builds", space, already,
          map_limit);
  const int now = stacked_units(rules, after, space, faction);
  require(now <= map_limit, "messina.muster.stacking",
          {{"units before the Muster", already}, {"units after the builds", now}, {"limit", map_limit}},
          "building here puts {} units in {}; the limit is {}", now, space, map_limit);
  explain("messina.muster.stacking",
          {{"units before the Muster", already}, {"units after the builds", now}, {"limit", map_limit}},
          "the builds take {} from {} to {} unit(s) counted for stacking (Workers in Utilities not counted); the "
          "limit is {}",
          space, already, now, map_limit);
}

// messina.muster.stacking and messina.cards.capacity: builds never push a card past its limit.
// messina.cards.seven-per-location: a card is counted apart from its map space, each against its
// own limit, so one location holds the map's and the card's limits together.
void require_card_room(const Rules& rules, const State& before, const State& after, const FactionId& faction,
                       const SpaceId& card) {
  // interpretation messina.over-limit-card: under "card-too" a map space over its limit takes no
  // new units on its Location Card either (messina.muster.stacking.over-limit).
  if (rules.readings.over_limit_card == Readings::OverLimitCard::card_too) {
    const int on_map = stacked_units(rules, before, card, faction);
    require(on_map <= rules.numbers.stacking_map, "messina.muster.stacking.over-limit",
            "{} already holds {} units, over the limit of {}: under the card-too reading its Location Card "
            "gets no new builds either",
            card, on_map, rules.numbers.stacking_map);
  }
  const int now = after.cards.at(card).units.total();
  require(now <= rules.numbers.stacking_card, "messina.muster.stacking",
          {{"units on the card", now}, {"limit", rules.numbers.stacking_card}},
          "building here puts {} units on the Location Card {}; the limit is {}", now, card,
          rules.numbers.stacking_card);
  explain("messina.muster.stacking", {{"units on the card", now}, {"limit", rules.numbers.stacking_card}},
          "the Location Card {} now holds {} unit(s), counted apart from its map space; its limit is {}", card, now,
          rules.numbers.stacking_card);
}

// interpretation messina.equip-built-civilians: the Civilians a Muster may equip at a place. Under
// "at-start" those the faction had there when the Muster began (one Muster is judged on the board it
// began with, as its builds and its Friendly Area are); under "built-too" the Civilians this Muster
// builds there as well (messina.muster.equip names no moment within the phase).
int civilians_to_equip(const Rules& rules, const State& before, const Muster& action, const FactionId& faction,
                       const Where& where) {
  int civilians = units_at(before, where, faction, Piece::civilian);
  if (rules.readings.equip_built_civilians == Readings::EquipBuiltCivilians::built_too)
    for (const auto& build : action.builds)
      if (build.where == where && build.piece == Piece::civilian) civilians += build.count;
  return civilians;
}

// The moment the Civilians equipped are counted at, in words, for the refusal.
const char* equip_moment(const Rules& rules) {
  return rules.readings.equip_built_civilians == Readings::EquipBuiltCivilians::built_too
             ? "(those there when the Muster began and those it builds there: reading built-too)"
             : "(those there when the Muster began: reading at-start)";
}

// interpretation messina.shield-consent: the activity an ally's consent must name for its presence
// to count when a Shield is built or upgraded: "build" (Shields are built, not mustered) or "muster".
Activity shield_purpose(const Rules& rules) {
  return rules.readings.shield_consent == Readings::ShieldConsent::build ? Activity::build : Activity::muster;
}

// A shield op's site and effect; returns its energy cost. The site is judged on `before`, the state
// before the Muster (or Re-arm): one Muster has one Friendly Area, the one its unit builds use too.
int apply_shield_op(const Rules& rules, const State& before, State& next, const FactionId& faction,
                    const ShieldOp& op) {
  require(!op.where.on_card, "messina.cards.no-structures",
          "a Location Card never carries a Shield; build it on the map space");
  Space& space = next.spaces.at(op.where.space);
  const Activity purpose = shield_purpose(rules);
  if (op.op == ShieldOpKind::build) {
    // interpretation messina.shield-per-space: any Shield in the space ("one-per-space"), or only
    // the builder's own ("one-per-faction"), rules out building another there.
    if (rules.readings.shield_per_space == Readings::ShieldPerSpace::one_per_space)
      require(space.shields.empty(), "messina.muster.shield.build-upgrade",
              "{} already has a Shield ({}'s); one Shield stands in a space", op.where.space,
              space.shields.empty() ? "" : space.shields.front().owner);
    else
      require(!has_shield(space, faction), "messina.muster.shield.build-upgrade",
              "{} already has {}'s Shield; it can only be upgraded", op.where.space, faction);
    require(in_friendly_area(rules, before, faction, purpose, op.where.space), "messina.muster.friendly-area",
            "{} is not in {}'s Friendly Area for {}", op.where.space, faction, activity_name(purpose));
    // interpretation messina.shield-high-tech: under "shields-too" a Shield whose build cost
    // reaches high_tech_min_cost is placed as a high-tech build (messina.muster.high-tech).
    if (rules.readings.shield_high_tech == Readings::ShieldHighTech::shields_too &&
        rules.numbers.shield_build_cost >= rules.numbers.high_tech_min_cost) {
      explain("messina.muster.high-tech",
              {{"E cost", rules.numbers.shield_build_cost}, {"high-tech from", rules.numbers.high_tech_min_cost}},
              "under the shields-too reading a Shield costing {} E is a high-tech build",
              rules.numbers.shield_build_cost);
      require(high_tech_site(rules, before, faction, op.where.space), "messina.muster.high-tech",
              "under the shields-too reading a Shield ({} E) is built only at a Home Space or a Utility of {} or a "
              "consenting ally; {} is neither",
              rules.numbers.shield_build_cost, faction, op.where.space);
    }
    put_shield(space, Shield{faction, 1});
    explain("messina.muster.shield.build-upgrade", {{"E cost", rules.numbers.shield_build_cost}},
            "a Shield of {}'s is built in {} at level 1 for {} E", faction, op.where.space,
            rules.numbers.shield_build_cost);
    return rules.numbers.shield_build_cost;
  }
  // convention messina.convention.upgrade-own-shield: only the faction's own Shield is upgraded
  Shield* own = shield_of(space, faction);
  require(own != nullptr, "messina.muster.shield.build-upgrade", "{} has no Shield of {}'s to upgrade", op.where.space,
          faction);
  // interpretation messina.shield-upgrade-area: an upgrade happens in the Friendly Area as a build does
  // ("friendly-area"), or wherever the faction's own Shield stands ("anywhere").
  if (rules.readings.shield_upgrade_area == Readings::ShieldUpgradeArea::friendly_area)
    require(in_friendly_area(rules, before, faction, purpose, op.where.space), "messina.muster.friendly-area",
            "{} is not in {}'s Friendly Area for {} (an upgrade is placed like a build: reading friendly-area)",
            op.where.space, faction, activity_name(purpose));
  // convention messina.convention.shield-level-unbounded: no highest level
  own->level += 1;
  explain("messina.muster.shield.build-upgrade", {{"level", own->level}, {"E cost", rules.numbers.shield_upgrade_cost}},
          "{}'s Shield in {} goes up from level {} to {} for {} E", faction, op.where.space, own->level - 1, own->level,
          rules.numbers.shield_upgrade_cost);
  return rules.numbers.shield_upgrade_cost;
}

// messina.muster.shield.not-both and messina.muster.shield.one-upgrade, within one Muster.
void require_shield_ops_distinct(const Rules& rules, const std::vector<ShieldOp>& ops) {
  std::map<SpaceId, int> builds, upgrades;
  for (const auto& op : ops) (op.op == ShieldOpKind::build ? builds : upgrades)[op.where.space]++;
  for (const auto& [space, n] : upgrades) {
    require(!builds.count(space), "messina.muster.shield.not-both",
            "the Shield in {} cannot be both built and upgraded in one Muster", space);
    require(n <= rules.numbers.shield_upgrades_per_muster, "messina.muster.shield.one-upgrade",
            "the Shield in {} can be upgraded at most {} time(s) per Muster", space,
            rules.numbers.shield_upgrades_per_muster);
  }
  for (const auto& [space, n] : builds)
    require(n == 1, "messina.muster.shield.build-upgrade", "only one Shield can stand in {}", space);
}

// messina.muster.no-build-disband: builds and disbands are not combined to move or convert units.
// interpretation messina.build-disband: "builds-and-equip" bans any unit build or equip together
// with any disband; "builds-only" bans any unit build with a disband (equipping is the text's own
// conversion, not a build); "move-or-convert" bans only a unit build that, paired with a disband,
// moves a unit (its kind disbanded at another place) or converts one (another kind disbanded at
// the same place). Shield ops are never part of the ban: a Shield is not a unit.
void require_no_build_disband(const Rules& rules, const Muster& action) {
  if (action.disband.empty()) return;
  const auto reading = rules.readings.build_disband;
  if (reading != Readings::BuildDisband::move_or_convert) {
    require(action.builds.empty(), "messina.muster.no-build-disband",
            "a build and a disband may not go together (that could move or convert units)");
    require(reading == Readings::BuildDisband::builds_only || action.equip.empty(), "messina.muster.no-build-disband",
            "under the builds-and-equip reading equipping counts as a build, so it cannot go with a disband");
    explain("messina.muster.no-build-disband", {}, "this Muster disbands units and builds none{}",
            reading == Readings::BuildDisband::builds_only ? " (equipping is allowed beside it: reading builds-only)"
                                                           : " and equips none");
    return;
  }
  for (const auto& built : action.builds)
    for (const auto& gone : action.disband) {
      const bool same_place = built.where == gone.where;
      require(same_place && built.piece == gone.piece, "messina.muster.no-build-disband",
              "building a {} at {} while disbanding a {} at {} would {} a unit", piece_name(built.piece),
              describe(built.where), piece_name(gone.piece), describe(gone.where), same_place ? "convert" : "move");
    }
  explain("messina.muster.no-build-disband", {},
          "under the move-or-convert reading every build matches a disband of its own kind at its own place: "
          "nothing moves or converts");
}

// interpretation messina.disband-built-units: under "at-start" a Muster disbands only units that stood
// there when it began (one Muster is judged on the board it began with, as its builds and its
// equipping are); disband_units then takes them from what stands after the builds and equipping, so
// a unit equipped away cannot be disbanded as well. Under "built-too" only the latter check applies:
// a unit this Muster builds or equips there may be disbanded in it.
void require_disbands_stood_at_start(const Rules& rules, const State& start, const FactionId& faction,
                                     const std::vector<PieceCount>& disband) {
  if (disband.empty() || rules.readings.disband_built_units != Readings::DisbandBuiltUnits::at_start) return;
  std::map<std::tuple<SpaceId, bool, Piece>, int> named;  // per place and kind: the disbands named so far
  for (const auto& what : disband) {
    int& so_far = named[{what.where.space, what.where.on_card, what.piece}];
    so_far += what.count;
    require(units_at(start, what.where, faction, what.piece) >= so_far, "messina.population.disband-on-shortfall",
            {{"units named", so_far}},
            "{} had fewer than {} {} at {} when the Muster began (a Muster disbands only units that stood there "
            "then: reading at-start)",
            faction, so_far, piece_name(what.piece), describe(what.where));
  }
}

// Disbanding alone: the units leave, their tokens become Disaffected.
// convention messina.convention.muster-disbands: a Muster may disband units voluntarily, tokens to Disaffected
void disband_units(const Rules& rules, State& next, const FactionId& faction, const std::vector<PieceCount>& disband) {
  const FactionKind kind = next.factions.at(faction).kind;
  Population& pop = next.factions.at(faction).population;
  for (const auto& what : disband) {
    require(remove_pieces(next, faction, what), "messina.population.disband-on-shortfall",
            {{"units named", what.count}}, "{} has fewer than {} {} at {}", faction, what.count, piece_name(what.piece),
            describe(what.where));
    const int tokens = what.count * tokens_for(rules.numbers, kind, what.piece);
    explain("messina.population.disband-on-shortfall", {{"units", what.count}, {"tokens", tokens}},
            "{} {} disbanded at {}: Located {} -> {}, Disaffected {} -> {}", what.count, piece_name(what.piece),
            what.where, pop.located, pop.located - tokens, pop.disaffected, pop.disaffected + tokens);
    pop.located -= tokens;
    pop.disaffected += tokens;
  }
}

}  // namespace

State muster(const Rules& rules, const State& state, const Muster& action) {
  const Ruleset& numbers = rules.numbers;
  const FactionId& faction = action.faction;
  // When: messina.muster.when (the Alternating Phase of the rounds of the Muster parity).
  // convention messina.convention.unnamed-moment: no phase named is taken as the Muster's moment
  require(state.round % 2 == numbers.round_parity_muster &&
              (state.phase == Phase::unspecified || state.phase == Phase::muster),
          "messina.muster.when", {{"round", state.round}}, "a Muster happens in {} rounds; this is round {}{}",
          round_parity_word(numbers.round_parity_muster), state.round,
          state.phase == Phase::unspecified ? "" : fmt::format(", phase {}", phase_name(state.phase)));
  explain("messina.muster.when", {{"round", state.round}}, "round {} is {}: its Alternating Phase is a Muster",
          state.round, round_parity_word(numbers.round_parity_muster));
  require_no_build_disband(rules, action);

  // messina.muster.builds-only: the next state is this one with only what the builds, equips, Shield
  // ops and disbands below change; nothing else on the board moves.
  State next = state;
  Faction& f = next.factions.at(faction);
  const FactionKind kind = f.kind;
  int energy = 0;
  int tokens = 0;
  std::set<SpaceId> map_sites, card_sites;

  // messina.population.placement.military: new military units enter the map here, in the Muster
  // Phase (its moment checked above, messina.muster.when).
  for (const auto& build : action.builds) {
    // convention messina.convention.muster-judged-on-start: sites judged on `state`, before the Muster
    require_build_site(rules, state, faction, build);
    units_at(next, build.where, faction)[build.piece] += build.count;
    (build.where.on_card ? card_sites : map_sites).insert(build.where.space);
    const int unit_cost = numbers.unit(build.piece).cost;            // messina.muster.unit-table
    const int unit_tokens = tokens_for(numbers, kind, build.piece);  // messina.muster.population
    explain("messina.muster.unit-table", {{"count", build.count}, {"E each", unit_cost}, {"tokens each", unit_tokens}},
            "{} {} built at {}: {} E and {} Spare token(s)", build.count, piece_name(build.piece), build.where,
            build.count * unit_cost, build.count * unit_tokens);
    energy += build.count * unit_cost;
    tokens += build.count * unit_tokens;
  }
  for (const auto& space : map_sites) require_map_room(rules, state, next, faction, space);
  for (const auto& card : card_sites) require_card_room(rules, state, next, faction, card);

  std::map<std::pair<SpaceId, bool>, int> equipped;  // per site: Civilians equipped so far
  for (const auto& eq : action.equip) {
    // messina.muster.equip.ai: the AI faction cannot convert its Civilians.
    require(kind == FactionKind::human, "messina.muster.equip.ai",
            "{} is the AI faction: it may build Infantry but not equip Civilians", faction);
    // messina.muster.equip.stacking: equipping changes a unit's kind, not the number of units, and
    // moves no token on the mat: Civilians and Infantry must take the same tokens (always so under the
    // default unit table).
    const int civilian_tokens = tokens_for(numbers, kind, Piece::civilian);
    const int infantry_tokens = tokens_for(numbers, kind, Piece::infantry);
    // convention messina.convention.equip-token-mismatch: equipping moves no token, so the two kinds must take the same
    require(civilian_tokens == infantry_tokens, "messina.muster.equip",
            {{"tokens of a Civilian", civilian_tokens}, {"tokens of an Infantry", infantry_tokens}},
            "under this ruleset a Civilian takes {} token(s) and an Infantry {}: equipping moves no token, so it "
            "cannot be done",
            civilian_tokens, infantry_tokens);
    // messina.muster.equip: the faction's own Civilians there become Infantry, at the equip cost
    // each. A Location Card carries its holder's units only, so on another faction's card there is
    // nothing of the equipping faction's to equip.
    if (eq.where.on_card) {
      const FactionId& holder = next.cards.at(eq.where.space).holder;
      require(holder == faction, "messina.muster.equip",
              "the units on the Location Card {} are {}'s, not {}'s: {} has no Civilians there to equip",
              eq.where.space, holder, faction, faction);
    }
    // convention messina.convention.equip-anywhere: no Friendly Area condition on equipping
    const int had = civilians_to_equip(rules, state, action, faction, eq.where);
    int& already = equipped[{eq.where.space, eq.where.on_card}];
    require(had - already >= eq.count, "messina.muster.equip",
            {{"Civilians to equip", had}, {"already equipped", already}, {"to equip", eq.count}},
            "{} has {} Civilian(s) at {} to equip {} ({} already equipped), not {} more", faction, had,
            describe(eq.where), equip_moment(rules), already, eq.count);
    already += eq.count;
    UnitCounts& units = units_at(next, eq.where, faction);
    // messina.muster.equip.no-other-change: Civilian to Infantry is the one change of type a
    // Muster makes; it has no other conversion, and builds never pair with disbands
    // (messina.muster.no-build-disband).
    units[Piece::civilian] -= eq.count;
    units[Piece::infantry] += eq.count;
    energy += eq.count * numbers.equip_cost;
    explain("messina.muster.equip", {{"count", eq.count}, {"E each", numbers.equip_cost}},
            "{} Civilian(s) at {} equipped as Infantry for {} E; the number of units there is unchanged, so no "
            "stacking limit is checked (messina.muster.equip.stacking)",
            eq.count, eq.where, eq.count * numbers.equip_cost);
    // messina.muster.equip.stacking: the number of units stays the same, so equipping is never
    // held against the stacking limits (equipped sites are not among map_sites or card_sites).
  }

  require_shield_ops_distinct(rules, action.shields);
  for (const auto& op : action.shields) energy += apply_shield_op(rules, state, next, faction, op);

  // What it costs: messina.muster.energy, messina.muster.population.
  require(f.resources.energy >= energy, "messina.muster.energy", {{"E cost", energy}, {"E held", f.resources.energy}},
          "this Muster costs {} E; {} has {}", energy, faction, f.resources.energy);
  require(f.population.spare >= tokens, "messina.muster.population",
          {{"tokens needed", tokens}, {"Spare", f.population.spare}}, "these units need {} Spare token(s); {} has {}",
          tokens, faction, f.population.spare);
  explain("messina.muster.energy", {{"E cost", energy}, {"E held", f.resources.energy}},
          "this Muster costs {} E in all: energy {} -> {}", energy, f.resources.energy, f.resources.energy - energy);
  explain("messina.muster.population", {{"tokens needed", tokens}, {"Spare", f.population.spare}},
          "the units built take {} Spare token(s): Spare {} -> {}, Located {} -> {}", tokens, f.population.spare,
          f.population.spare - tokens, f.population.located, f.population.located + tokens);
  f.resources.energy -= energy;
  f.population.spare -= tokens;
  f.population.located += tokens;

  require_disbands_stood_at_start(rules, state, faction, action.disband);
  disband_units(rules, next, faction, action.disband);
  return next;
}

// messina.muster.shield.rearm: a Re-arm (a Bonus Military Action) allows shield_ops_per_rearm Shield
// builds or upgrades.
// convention messina.convention.rearm-after-muster-apart: a Re-arm is judged alone, no Muster recorded
State rearm(const Rules& rules, const State& state, const Rearm& action) {
  // convention messina.convention.rearm-any-round: no round parity is asked of a Re-arm
  require(state.phase == Phase::rearm, "messina.muster.shield.rearm",
          "a Re-arm shield op happens during a Re-arm, a Bonus Military Action (phase \"rearm\")");
  require(static_cast<int>(action.shields.size()) <= rules.numbers.shield_ops_per_rearm, "messina.muster.shield.rearm",
          {{"Shield ops", action.shields.size()}, {"allowed", rules.numbers.shield_ops_per_rearm}},
          "a Re-arm allows {} Shield build(s) or upgrade(s); this one has {}", rules.numbers.shield_ops_per_rearm,
          action.shields.size());
  explain("messina.muster.shield.rearm",
          {{"Shield ops", action.shields.size()}, {"allowed", rules.numbers.shield_ops_per_rearm}},
          "phase \"rearm\": a Re-arm allows {} Shield build(s) or upgrade(s); this one has {}",
          rules.numbers.shield_ops_per_rearm, action.shields.size());
  // convention messina.convention.rearm-takes-muster-limits: the Muster's not-both and upgrade cap bind a Re-arm's ops
  require_shield_ops_distinct(rules, action.shields);
  State next = state;
  int energy = 0;
  for (const auto& op : action.shields) energy += apply_shield_op(rules, state, next, action.faction, op);
  Faction& f = next.factions.at(action.faction);
  require(f.resources.energy >= energy, "messina.muster.energy", {{"E cost", energy}, {"E held", f.resources.energy}},
          "this Re-arm costs {} E; {} has {}", energy, action.faction, f.resources.energy);
  explain("messina.muster.energy", {{"E cost", energy}, {"E held", f.resources.energy}},
          "this Re-arm costs {} E: energy {} -> {}", energy, f.resources.energy, f.resources.energy - energy);
  f.resources.energy -= energy;
  return next;
}

}  // namespace rulecheck::messina

// Messina's ruleset and readings at the JSON edge (rules_read.hpp).
#include "games/messina/rules_read.hpp"

#include "games/adapter.hpp"
#include "games/messina/state_read.hpp"

namespace rulecheck::messina {

namespace {

// The readings of rules/messina/interpretations.json.
using R = Readings;
constexpr NameTable<R::CardHostility, 2> kCardHostility = {
    {{R::CardHostility::exposed_only, "exposed-only"}, {R::CardHostility::held, "held"}}};
constexpr NameTable<R::AreaExtent, 2> kAreaExtent = {
    {{R::AreaExtent::friendly_component, "friendly-component"}, {R::AreaExtent::with_frontier, "with-frontier"}}};
constexpr NameTable<R::HomeAnchor, 2> kHomeAnchor = {
    {{R::HomeAnchor::always, "always"}, {R::HomeAnchor::if_friendly, "if-friendly"}}};
constexpr NameTable<R::CivilianStacking, 2> kCivilianStacking = {
    {{R::CivilianStacking::applies, "applies"}, {R::CivilianStacking::muster_phase_only, "muster-phase-only"}}};
constexpr NameTable<R::StackingScope, 2> kStackingScope = {
    {{R::StackingScope::all_factions, "all-factions"}, {R::StackingScope::per_faction, "per-faction"}}};
constexpr NameTable<R::HostileWorkers, 2> kHostileWorkers = {
    {{R::HostileWorkers::units_include_workers, "units-include-workers"},
     {R::HostileWorkers::military_units_only, "military-units-only"}}};
constexpr NameTable<R::ShieldHighTech, 2> kShieldHighTech = {
    {{R::ShieldHighTech::units_only, "units-only"}, {R::ShieldHighTech::shields_too, "shields-too"}}};
constexpr NameTable<R::ConsumptionBill, 2> kConsumptionBill = {
    {{R::ConsumptionBill::all_tokens, "all-tokens"},
     {R::ConsumptionBill::excluding_disaffected, "excluding-disaffected"}}};
constexpr NameTable<R::HandLimitDiscard, 3> kHandLimitDiscard = {
    {{R::HandLimitDiscard::exactly_excess, "exactly-excess"},
     {R::HandLimitDiscard::more_when_over, "more-when-over"},
     {R::HandLimitDiscard::any_number, "any-number"}}};
constexpr NameTable<R::DiscardEmptying, 2> kDiscardEmptying = {
    {{R::DiscardEmptying::stacking_binds, "stacking-binds"},
     {R::DiscardEmptying::overrides_stacking, "overrides-stacking"}}};
constexpr NameTable<R::Step3CardUnits, 2> kStep3CardUnits = {
    {{R::Step3CardUnits::map_and_cards, "map-and-cards"}, {R::Step3CardUnits::map_only, "map-only"}}};
constexpr NameTable<R::TieBreakAlly, 2> kTieBreakAlly = {
    {{R::TieBreakAlly::holder_only, "holder-only"}, {R::TieBreakAlly::military_ally, "military-ally"}}};
constexpr NameTable<R::ActionMoments, 2> kActionMoments = {
    {{R::ActionMoments::outside_mil_ops, "outside-mil-ops"}, {R::ActionMoments::unplaced, "unplaced"}}};
constexpr NameTable<R::BuildDisband, 3> kBuildDisband = {{{R::BuildDisband::builds_and_equip, "builds-and-equip"},
                                                          {R::BuildDisband::builds_only, "builds-only"},
                                                          {R::BuildDisband::move_or_convert, "move-or-convert"}}};
constexpr NameTable<R::EquipBuiltCivilians, 2> kEquipBuiltCivilians = {
    {{R::EquipBuiltCivilians::at_start, "at-start"}, {R::EquipBuiltCivilians::built_too, "built-too"}}};
constexpr NameTable<R::DisbandBuiltUnits, 2> kDisbandBuiltUnits = {
    {{R::DisbandBuiltUnits::at_start, "at-start"}, {R::DisbandBuiltUnits::built_too, "built-too"}}};
constexpr NameTable<R::OverLimitCard, 2> kOverLimitCard = {
    {{R::OverLimitCard::map_only, "map-only"}, {R::OverLimitCard::card_too, "card-too"}}};
constexpr NameTable<R::ShieldConsent, 2> kShieldConsent = {
    {{R::ShieldConsent::build, "build"}, {R::ShieldConsent::muster, "muster"}}};
constexpr NameTable<R::CivilianConsent, 2> kCivilianConsent = {
    {{R::CivilianConsent::civilians, "civilians"}, {R::CivilianConsent::muster, "muster"}}};
constexpr NameTable<R::CardInArea, 2> kCardInArea = {
    {{R::CardInArea::connected, "connected"}, {R::CardInArea::every_held_card, "every-held-card"}}};
constexpr NameTable<R::HighTechHome, 2> kHighTechHome = {
    {{R::HighTechHome::own, "own"}, {R::HighTechHome::consenting_ally, "consenting-ally"}}};
constexpr NameTable<R::WorkerUtility, 2> kWorkerUtility = {
    {{R::WorkerUtility::own, "own"}, {R::WorkerUtility::friendly, "friendly"}}};
constexpr NameTable<R::ShieldPerSpace, 2> kShieldPerSpace = {
    {{R::ShieldPerSpace::one_per_space, "one-per-space"}, {R::ShieldPerSpace::one_per_faction, "one-per-faction"}}};
constexpr NameTable<R::ShieldUpgradeArea, 2> kShieldUpgradeArea = {
    {{R::ShieldUpgradeArea::friendly_area, "friendly-area"}, {R::ShieldUpgradeArea::anywhere, "anywhere"}}};
constexpr NameTable<R::HomeDefenceSpare, 2> kHomeDefenceSpare = {
    {{R::HomeDefenceSpare::either_source, "either-source"}, {R::HomeDefenceSpare::spare_required, "spare-required"}}};

const ReadingsTable<Readings>& readings_table() {
  static const ReadingsTable<Readings> table =
      ReadingsTable<Readings>()
          .point("messina.card-hostility", &R::card_hostility, kCardHostility)
          .point("messina.friendly-area-extent", &R::area_extent, kAreaExtent)
          .point("messina.home-space-anchor", &R::home_anchor, kHomeAnchor)
          .point("messina.civilian-stacking", &R::civilian_stacking, kCivilianStacking)
          .point("messina.stacking-scope", &R::stacking_scope, kStackingScope)
          .point("messina.hostile-workers", &R::hostile_workers, kHostileWorkers)
          .point("messina.shield-high-tech", &R::shield_high_tech, kShieldHighTech)
          .point("messina.consumption-bill", &R::consumption_bill, kConsumptionBill)
          .point("messina.hand-limit-discard", &R::hand_limit_discard, kHandLimitDiscard)
          .point("messina.discard-emptying", &R::discard_emptying, kDiscardEmptying)
          .point("messina.step3-card-units", &R::step3_card_units, kStep3CardUnits)
          .point("messina.tie-break-ally", &R::tie_break_ally, kTieBreakAlly)
          .point("messina.action-moments", &R::action_moments, kActionMoments)
          .point("messina.build-disband", &R::build_disband, kBuildDisband)
          .point("messina.equip-built-civilians", &R::equip_built_civilians, kEquipBuiltCivilians)
          .point("messina.disband-built-units", &R::disband_built_units, kDisbandBuiltUnits)
          .point("messina.over-limit-card", &R::over_limit_card, kOverLimitCard)
          .point("messina.shield-consent", &R::shield_consent, kShieldConsent)
          .point("messina.civilian-consent", &R::civilian_consent, kCivilianConsent)
          .point("messina.card-in-area", &R::card_in_area, kCardInArea)
          .point("messina.high-tech-home", &R::high_tech_home, kHighTechHome)
          .point("messina.worker-utility", &R::worker_utility, kWorkerUtility)
          .point("messina.shield-per-space", &R::shield_per_space, kShieldPerSpace)
          .point("messina.shield-upgrade-area", &R::shield_upgrade_area, kShieldUpgradeArea)
          .point("messina.home-defence-spare", &R::home_defence_spare, kHomeDefenceSpare);
  return table;
}

Ruleset read_ruleset(const JsonReader& r) {
  r.only({"game", "note", "round_parity_muster", "round_parity_consumption", "tokens_per_food_and_water",
          "disaffected_recovered_after_full_feeding", "stacking_map", "stacking_card", "hand_limit",
          "high_tech_min_cost", "equip_cost", "shield_build_cost", "shield_upgrade_cost", "shield_upgrades_per_muster",
          "shield_ops_per_rearm", "shield_strength_first_level", "ai_backed_units", "units", "starship_strength"});
  Ruleset n;
  n.round_parity_muster = r.field("round_parity_muster").integer(0, 1);
  n.round_parity_consumption = r.field("round_parity_consumption").integer(0, 1);
  n.tokens_per_food_and_water = r.field("tokens_per_food_and_water").integer(1);
  n.disaffected_recovered_after_full_feeding = r.field("disaffected_recovered_after_full_feeding").count();
  n.stacking_map = r.field("stacking_map").count();
  n.stacking_card = r.field("stacking_card").count();
  n.hand_limit = r.field("hand_limit").count();
  n.high_tech_min_cost = r.field("high_tech_min_cost").count();
  n.equip_cost = r.field("equip_cost").count();
  n.shield_build_cost = r.field("shield_build_cost").count();
  n.shield_upgrade_cost = r.field("shield_upgrade_cost").count();
  n.shield_upgrades_per_muster = r.field("shield_upgrades_per_muster").count();
  n.shield_ops_per_rearm = r.field("shield_ops_per_rearm").count();
  n.shield_strength_first_level = r.field("shield_strength_first_level").count();
  n.starship_strength = r.field("starship_strength").count();
  for (const auto& u : r.field("ai_backed_units").elements()) n.ai_backed_units.insert(u.named(kUnitNames));
  const JsonReader units = r.field("units");
  units.only({"civilian", "infantry", "bomber", "fighter", "mech"});
  for (Piece p : kUnitKinds) {
    const JsonReader u = units.field(piece_name(p));
    u.only({"cost", "strength", "population"});
    n.units[p] = UnitSpec{u.field("cost").count(), u.field("strength").count(), u.field("population").count()};
  }
  return n;
}

}  // namespace

Rules read_rules(const JsonReader& ruleset, const JsonReader& readings) {
  return Rules{read_ruleset(ruleset), readings_table().read(readings)};
}

// What a tag of the relation is, for the discovery search: a clause when `clauses` (the ids of
// rules/messina/clauses.json) has it, a point when the readings table knows it (interpretations.json's
// points, each with its readings), a convention by its namespace (messina.convention.*, the ids of
// conventions.json: `rules check` holds the two together); anything else the search refuses.
solver::messina::SourceIndex discovery_sources(const std::set<std::string>& clauses) {
  return solver::source_index<Rules>(readings_table(), clauses, "messina.convention.");
}

}  // namespace rulecheck::messina

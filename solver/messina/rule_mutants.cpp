// The rule mutants every Messina section is asked under (section_theorems.hpp): each number of the
// ruleset (rules/messina/ruleset.json) one higher and one lower, and at each interpretation point
// (rules/messina/interpretations.json) each other reading in place of the one the question reads. A
// mutant whose relation is the text's, constraint for constraint, is not asked (solver/theorems.hpp).
#include <fmt/format.h>

#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;
using Mutants = std::vector<RuleMutant<ms::Rules>>;

void number(Mutants& out, const char* key, int ms::Ruleset::*field, int lowest) {
  for (int delta : {+1, -1})
    out.push_back({key, delta > 0 ? "read one higher" : "read one lower",
                   [field, delta, lowest](const ms::Rules& r) {
                     ms::Rules m = r;
                     m.numbers.*field = std::max(lowest, m.numbers.*field + delta);
                     return m;
                   }});
}

// A round parity read as the other one.
void parity(Mutants& out, const char* key, int ms::Ruleset::*field) {
  out.push_back({key, "read as the other parity", [field](const ms::Rules& r) {
                   ms::Rules m = r;
                   m.numbers.*field = 1 - m.numbers.*field;
                   return m;
                 }});
}

void unit_number(Mutants& out, ms::Piece p, const char* what, int ms::UnitSpec::*field) {
  const std::string key = fmt::format("units.{}.{}", ms::piece_name(p), what);
  for (int delta : {+1, -1})
    out.push_back({key, delta > 0 ? "read one higher" : "read one lower", [p, field, delta](const ms::Rules& r) {
                     ms::Rules m = r;
                     int& v = m.numbers.units[p].*field;
                     v = std::max(0, v + delta);
                     return m;
                   }});
}

// Each other reading of the point, `shift` places on in its list of readings.
template <typename E>
void readings(Mutants& out, const char* point, E R::*field, std::vector<E> values) {
  for (std::size_t shift = 1; shift < values.size(); ++shift)
    out.push_back({point, values.size() == 2 ? "the other reading" : fmt::format("the reading {} on", shift),
                   [field, values, shift](const ms::Rules& r) {
                     ms::Rules m = r;
                     std::size_t at = 0;
                     while (at < values.size() && values[at] != m.readings.*field) ++at;
                     m.readings.*field = values[(at + shift) % values.size()];
                     return m;
                   }});
}

}  // namespace

std::vector<RuleMutant<ms::Rules>> rule_mutants(const ms::Rules& rules) {
  Mutants out;
  parity(out, "round_parity_muster", &ms::Ruleset::round_parity_muster);
  parity(out, "round_parity_consumption", &ms::Ruleset::round_parity_consumption);
  number(out, "tokens_per_food_and_water", &ms::Ruleset::tokens_per_food_and_water, 1);
  number(out, "disaffected_recovered_after_full_feeding", &ms::Ruleset::disaffected_recovered_after_full_feeding, 0);
  number(out, "stacking_map", &ms::Ruleset::stacking_map, 0);
  number(out, "stacking_card", &ms::Ruleset::stacking_card, 0);
  number(out, "hand_limit", &ms::Ruleset::hand_limit, 0);
  number(out, "high_tech_min_cost", &ms::Ruleset::high_tech_min_cost, 0);
  number(out, "equip_cost", &ms::Ruleset::equip_cost, 0);
  number(out, "shield_build_cost", &ms::Ruleset::shield_build_cost, 0);
  number(out, "shield_upgrade_cost", &ms::Ruleset::shield_upgrade_cost, 0);
  number(out, "shield_upgrades_per_muster", &ms::Ruleset::shield_upgrades_per_muster, 0);
  number(out, "shield_ops_per_rearm", &ms::Ruleset::shield_ops_per_rearm, 0);
  number(out, "shield_strength_first_level", &ms::Ruleset::shield_strength_first_level, 0);
  number(out, "starship_strength", &ms::Ruleset::starship_strength, 0);
  for (const auto& [piece, spec] : rules.numbers.units) {
    (void)spec;
    unit_number(out, piece, "cost", &ms::UnitSpec::cost);
    unit_number(out, piece, "strength", &ms::UnitSpec::strength);
    unit_number(out, piece, "population", &ms::UnitSpec::population);
  }
  readings(out, "messina.card-hostility", &R::card_hostility, {R::CardHostility::exposed_only, R::CardHostility::held});
  readings(out, "messina.friendly-area-extent", &R::area_extent,
           {R::AreaExtent::friendly_component, R::AreaExtent::with_frontier});
  readings(out, "messina.home-space-anchor", &R::home_anchor, {R::HomeAnchor::always, R::HomeAnchor::if_friendly});
  readings(out, "messina.civilian-stacking", &R::civilian_stacking,
           {R::CivilianStacking::applies, R::CivilianStacking::muster_phase_only});
  readings(out, "messina.stacking-scope", &R::stacking_scope,
           {R::StackingScope::all_factions, R::StackingScope::per_faction});
  readings(out, "messina.hostile-workers", &R::hostile_workers,
           {R::HostileWorkers::units_include_workers, R::HostileWorkers::military_units_only});
  readings(out, "messina.shield-high-tech", &R::shield_high_tech,
           {R::ShieldHighTech::units_only, R::ShieldHighTech::shields_too});
  readings(out, "messina.consumption-bill", &R::consumption_bill,
           {R::ConsumptionBill::all_tokens, R::ConsumptionBill::excluding_disaffected});
  readings(out, "messina.hand-limit-discard", &R::hand_limit_discard,
           {R::HandLimitDiscard::exactly_excess, R::HandLimitDiscard::more_when_over, R::HandLimitDiscard::any_number});
  readings(out, "messina.discard-emptying", &R::discard_emptying,
           {R::DiscardEmptying::stacking_binds, R::DiscardEmptying::overrides_stacking});
  readings(out, "messina.step3-card-units", &R::step3_card_units,
           {R::Step3CardUnits::map_and_cards, R::Step3CardUnits::map_only});
  readings(out, "messina.tie-break-ally", &R::tie_break_ally, {R::TieBreakAlly::holder_only, R::TieBreakAlly::military_ally});
  readings(out, "messina.action-moments", &R::action_moments,
           {R::ActionMoments::outside_mil_ops, R::ActionMoments::unplaced});
  readings(out, "messina.build-disband", &R::build_disband,
           {R::BuildDisband::builds_and_equip, R::BuildDisband::builds_only, R::BuildDisband::move_or_convert});
  readings(out, "messina.equip-built-civilians", &R::equip_built_civilians,
           {R::EquipBuiltCivilians::at_start, R::EquipBuiltCivilians::built_too});
  readings(out, "messina.disband-built-units", &R::disband_built_units,
           {R::DisbandBuiltUnits::at_start, R::DisbandBuiltUnits::built_too});
  readings(out, "messina.over-limit-card", &R::over_limit_card, {R::OverLimitCard::map_only, R::OverLimitCard::card_too});
  readings(out, "messina.shield-consent", &R::shield_consent, {R::ShieldConsent::build, R::ShieldConsent::muster});
  readings(out, "messina.civilian-consent", &R::civilian_consent,
           {R::CivilianConsent::civilians, R::CivilianConsent::muster});
  readings(out, "messina.card-in-area", &R::card_in_area, {R::CardInArea::connected, R::CardInArea::every_held_card});
  readings(out, "messina.high-tech-home", &R::high_tech_home, {R::HighTechHome::own, R::HighTechHome::consenting_ally});
  readings(out, "messina.worker-utility", &R::worker_utility, {R::WorkerUtility::own, R::WorkerUtility::friendly});
  readings(out, "messina.shield-per-space", &R::shield_per_space,
           {R::ShieldPerSpace::one_per_space, R::ShieldPerSpace::one_per_faction});
  readings(out, "messina.shield-upgrade-area", &R::shield_upgrade_area,
           {R::ShieldUpgradeArea::friendly_area, R::ShieldUpgradeArea::anywhere});
  readings(out, "messina.home-defence-spare", &R::home_defence_spare,
           {R::HomeDefenceSpare::either_source, R::HomeDefenceSpare::spare_required});
  return out;
}

}  // namespace rulecheck::solver::messina

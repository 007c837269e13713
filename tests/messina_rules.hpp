// For the solver's tests: Messina's typed rules (ms::Rules) read from the project's
// rules/messina/ruleset.json, with the default readings, as the encodings take them.
#pragma once

#include "oracle/messina/model.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {

inline messina::Rules messina_typed_rules() {
  namespace ms = rulecheck::messina;
  const json r = library().find("messina")->merged_ruleset(json::object());
  ms::Rules rules;
  ms::Ruleset& n = rules.numbers;
  n.round_parity_muster = r.at("round_parity_muster");
  n.round_parity_consumption = r.at("round_parity_consumption");
  n.tokens_per_food_and_water = r.at("tokens_per_food_and_water");
  n.disaffected_recovered_after_full_feeding = r.at("disaffected_recovered_after_full_feeding");
  n.stacking_map = r.at("stacking_map");
  n.stacking_card = r.at("stacking_card");
  n.hand_limit = r.at("hand_limit");
  n.high_tech_min_cost = r.at("high_tech_min_cost");
  n.equip_cost = r.at("equip_cost");
  n.shield_build_cost = r.at("shield_build_cost");
  n.shield_upgrade_cost = r.at("shield_upgrade_cost");
  n.shield_upgrades_per_muster = r.at("shield_upgrades_per_muster");
  n.shield_ops_per_rearm = r.at("shield_ops_per_rearm");
  n.shield_strength_first_level = r.at("shield_strength_first_level");
  n.starship_strength = r.at("starship_strength");
  for (const auto& u : r.at("ai_backed_units")) {
    for (ms::Piece p : ms::kUnitKinds)
      if (ms::piece_name(p) == u.get<std::string>()) n.ai_backed_units.insert(p);
  }
  for (ms::Piece p : ms::kUnitKinds) {
    const json& u = r.at("units").at(std::string(ms::piece_name(p)));
    n.units[p] = ms::UnitSpec{u.at("cost"), u.at("strength"), u.at("population")};
  }
  return rules;
}

}  // namespace rulecheck::testing

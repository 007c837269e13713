// The Muster page's interpretation points (muster.cpp encodes the page): for each, the smallest board
// where its readings give different outcomes of a Muster (search.hpp).
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "solver/messina/muster_relation.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;

constexpr const char* kHighTech = "messina.muster.high-tech";
constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kOverLimit = "messina.muster.stacking.over-limit";
constexpr const char* kEquip = "messina.muster.equip";
constexpr const char* kNoOtherChange = "messina.muster.equip.no-other-change";
constexpr const char* kNoBuildDisband = "messina.muster.no-build-disband";
constexpr const char* kShieldOp = "messina.muster.shield.build-upgrade";
constexpr const char* kShieldNotBoth = "messina.muster.shield.not-both";
constexpr const char* kMusterOnto = "messina.cards.muster-onto";
constexpr const char* kArea = "messina.muster.friendly-area";

// The unit a high-tech witness builds: the Fighter, as the text's own example of a 3E unit, while it is
// high tech; under other numbers the cheapest unit kind that is (the Fighter if none is, when no
// build can separate the readings).
Piece high_tech_unit(const ms::Ruleset& numbers) {
  if (is_high_tech(numbers, Piece::fighter)) return Piece::fighter;
  std::optional<Piece> cheapest;
  for (Piece p : ms::kUnitKinds)
    if (is_high_tech(numbers, p) && (!cheapest || numbers.unit(p).cost < numbers.unit(*cheapest).cost)) cheapest = p;
  return cheapest.value_or(Piece::fighter);
}

ms::Action muster_of(std::vector<ms::PieceCount> builds, std::vector<ms::Equip> equip = {},
                     std::vector<ms::ShieldOp> shields = {}, std::vector<ms::PieceCount> disband = {}) {
  return ms::Muster{"Red", std::move(builds), std::move(equip), std::move(shields), std::move(disband)};
}

std::vector<Shape> shapes(int spaces_from, int spaces_to, bool two) {
  std::vector<Shape> out;
  for (int n = spaces_from; n <= spaces_to; ++n) out.push_back(small_shape(n, two));
  return out;
}

}  // namespace

std::vector<MessinaWitness> muster_witnesses(const ms::Rules& rules, const Budget& budget) {
  using R = ms::Readings;
  const ms::Where a{"A", false}, card_a{"A", true};
  std::vector<WitnessSpec> specs;

  specs.push_back(
      {"messina.stacking-scope",
       {kStacking},
       "whether other factions' units count against the builder's stacking limit",
       "Red builds one Infantry at its Home Space A, where other factions' units already fill the limit of 5 with "
       "Red's own: counted over every faction the sixth unit is too many, counted over Red's units alone it fits.",
       {reading_of(rules, "all-factions", [](R& r) { r.stacking_scope = R::StackingScope::all_factions; }),
        reading_of(rules, "per-faction", [](R& r) { r.stacking_scope = R::StackingScope::per_faction; })},
       shapes(1, 2, true),
       [a](const Shape&) {
         return Step{muster_of({{a, Piece::infantry, 1}})};
       },
       {}});
  specs.push_back(
      {"messina.shield-high-tech",
       {kHighTech, kShieldOp, "messina.muster.unit-table"},
       "whether a 3E Shield must stand at a Home Space or Utility like a high-tech unit",
       "Red builds a Shield (3E, the high-tech threshold) in a friendly space that is neither a Home Space of Red's "
       "or of a consenting ally nor has a Utility: allowed if the high-tech rule binds units only, refused if it "
       "binds every build of 3E or more.",
       {reading_of(rules, "units-only", [](R& r) { r.shield_high_tech = R::ShieldHighTech::units_only; }),
        reading_of(rules, "shields-too", [](R& r) { r.shield_high_tech = R::ShieldHighTech::shields_too; })},
       shapes(1, 3, true),
       [a](const Shape&) {
         return Step{muster_of({}, {}, {{a, ms::ShieldOpKind::build}})};
       },
       {}});
  specs.push_back(
      {"messina.build-disband",
       {kNoBuildDisband, kEquip, kNoOtherChange},
       "whether equipping a Civilian may go together with a disband in one Muster",
       "Red equips one Civilian at A (1E) and disbands another Civilian there: banned when equipping counts as a "
       "build, allowed when only unit builds (or only moves and conversions) are banned beside a disband.",
       {reading_of(rules, "builds-and-equip", [](R& r) { r.build_disband = R::BuildDisband::builds_and_equip; }),
        reading_of(rules, "builds-only", [](R& r) { r.build_disband = R::BuildDisband::builds_only; }),
        reading_of(rules, "move-or-convert", [](R& r) { r.build_disband = R::BuildDisband::move_or_convert; })},
       shapes(1, 2, false),
       [a](const Shape&) {
         return Step{muster_of({}, {{a, 1}}, {}, {{a, Piece::civilian, 1}})};
       },
       {}});
  specs.push_back(
      {"messina.equip-built-civilians",
       {kEquip, "messina.muster.unit-table", "messina.muster.population"},
       "whether a Muster may equip a Civilian it builds itself",
       "Red builds one Civilian at A, where it has no Civilian yet, and equips one Civilian there (1E) in the same "
       "Muster: counted at the start there is nothing to equip, counted with the builds the new Civilian becomes "
       "Infantry.",
       {reading_of(rules, "at-start", [](R& r) { r.equip_built_civilians = R::EquipBuiltCivilians::at_start; }),
        reading_of(rules, "built-too", [](R& r) { r.equip_built_civilians = R::EquipBuiltCivilians::built_too; })},
       shapes(1, 2, false),
       [a](const Shape&) {
         return Step{muster_of({{a, Piece::civilian, 1}}, {{a, 1}})};
       },
       {}});
  specs.push_back(
      {"messina.disband-built-units",
       {kNoBuildDisband, "messina.population.disband-on-shortfall"},
       "whether a Muster may disband a unit it builds itself",
       "Under messina.build-disband = move-or-convert, Red builds one Civilian at A, where it has no Civilian yet, "
       "and disbands one Civilian there in the same Muster: counted at the start there is nothing to disband; "
       "counted after the builds the new Civilian goes, and its Spare token ends Disaffected.",
       {reading_of(rules, "at-start",
                   [](R& r) {
                     r.build_disband = R::BuildDisband::move_or_convert;
                     r.disband_built_units = R::DisbandBuiltUnits::at_start;
                   }),
        reading_of(rules, "built-too",
                   [](R& r) {
                     r.build_disband = R::BuildDisband::move_or_convert;
                     r.disband_built_units = R::DisbandBuiltUnits::built_too;
                   })},
       shapes(1, 2, false),
       [a](const Shape&) {
         return Step{muster_of({{a, Piece::civilian, 1}}, {}, {}, {{a, Piece::civilian, 1}})};
       },
       {}});
  specs.back().other_readings = {{"messina.build-disband", "move-or-convert"}};
  specs.push_back(
      {"messina.shield-upgrade-area",
       {kShieldOp, kArea},
       "whether a faction may upgrade its own Shield outside its Friendly Area",
       "Red upgrades its own Shield at a space that is not in its Friendly Area (cut off from its Home Space, or "
       "hostile): refused if an upgrade is placed like a build, allowed if only building is bound to the area.",
       {reading_of(rules, "friendly-area", [](R& r) { r.shield_upgrade_area = R::ShieldUpgradeArea::friendly_area; }),
        reading_of(rules, "anywhere", [](R& r) { r.shield_upgrade_area = R::ShieldUpgradeArea::anywhere; })},
       shapes(1, 3, false),
       [a](const Shape&) {
         return Step{muster_of({}, {}, {{a, ms::ShieldOpKind::upgrade}})};
       },
       {}});
  specs.push_back(
      {"messina.over-limit-card",
       {kOverLimit, "messina.cards.seven-per-location", kMusterOnto},
       "whether a map space over its stacking limit still lets its Location Card take a build",
       "A holds 6 units (over the limit of 5, legally) and Red holds A's card with room for 2: a Civilian built onto "
       "the card fits the card's own limit, but the card-too reading closes the whole location.",
       {reading_of(rules, "map-only", [](R& r) { r.over_limit_card = R::OverLimitCard::map_only; }),
        reading_of(rules, "card-too", [](R& r) { r.over_limit_card = R::OverLimitCard::card_too; })},
       shapes(1, 2, false),
       [card_a](const Shape&) {
         return Step{muster_of({{card_a, Piece::civilian, 1}})};
       },
       {}});
  specs.push_back(
      {"messina.shield-consent",
       {"messina.friendly.consent", kArea, kShieldOp},
       "whether an ally's consent to muster (not to build) makes a space friendly for a Shield",
       "Red builds a Shield at a space friendly only through Blue, who consents to Red's mustering but not to its "
       "building (or the other way round): the readings disagree on which consent counts for a Shield.",
       {reading_of(rules, "build", [](R& r) { r.shield_consent = R::ShieldConsent::build; }),
        reading_of(rules, "muster", [](R& r) { r.shield_consent = R::ShieldConsent::muster; })},
       shapes(1, 3, true),
       [a](const Shape&) {
         return Step{muster_of({}, {}, {{a, ms::ShieldOpKind::build}})};
       },
       {}});
  const Piece high_tech = high_tech_unit(rules.numbers);
  specs.push_back(
      {"messina.high-tech-home",
       {kHighTech},
       "whether a consenting ally's Home Space serves as a site for high-tech units",
       fmt::format("Red builds a {} ({}E, at or over the high-tech threshold of {}E) at Blue's Home Space, friendly "
                   "to Red through Blue's consent to muster, with no Utility there and not Red's home: only the "
                   "consenting-ally reading accepts the ally's home.",
                   ms::piece_name(high_tech), rules.numbers.unit(high_tech).cost, rules.numbers.high_tech_min_cost),
       {reading_of(rules, "own", [](R& r) { r.high_tech_home = R::HighTechHome::own; }),
        reading_of(rules, "consenting-ally", [](R& r) { r.high_tech_home = R::HighTechHome::consenting_ally; })},
       shapes(1, 3, true),
       [a, high_tech](const Shape&) {
         return Step{muster_of({{a, high_tech, 1}})};
       },
       {}});
  specs.push_back(
      {"messina.shield-per-space",
       {kShieldOp, kShieldNotBoth},
       "whether a faction may build its own Shield where another faction's Shield stands",
       "Red builds a Shield (3E) at its Home Space A where Blue's level-1 Shield already stands: one Shield per space "
       "refuses it, one per faction allows Red's own beside Blue's.",
       {reading_of(rules, "one-per-space", [](R& r) { r.shield_per_space = R::ShieldPerSpace::one_per_space; }),
        reading_of(rules, "one-per-faction", [](R& r) { r.shield_per_space = R::ShieldPerSpace::one_per_faction; })},
       shapes(1, 2, true),
       [a](const Shape&) {
         return Step{muster_of({}, {}, {{a, ms::ShieldOpKind::build}})};
       },
       {}});

  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina

// The Messina game state, the ruleset numbers and the chosen readings, as plain typed values.
// JSON lives at the edge (games/messina/adapter.cpp); nothing here knows about it.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/names.hpp"

namespace rulecheck::messina {

using FactionId = std::string;
using SpaceId = std::string;  // a map grid space; a Location Card is named by its space

// The pieces a faction has on the board. Units are counted per space (and per card); workers
// live inside utilities and are never a map unit.
enum class Piece { civilian, infantry, bomber, fighter, mech, worker };
inline constexpr std::array<Piece, 5> kUnitKinds = {Piece::civilian, Piece::infantry, Piece::bomber, Piece::fighter,
                                                    Piece::mech};
inline constexpr std::array<Piece, 6> kPieces = {Piece::civilian, Piece::infantry, Piece::bomber,
                                                 Piece::fighter,  Piece::mech,     Piece::worker};
inline constexpr NameTable<Piece, 6> kPieceNames = {{{Piece::civilian, "civilian"},
                                                     {Piece::infantry, "infantry"},
                                                     {Piece::bomber, "bomber"},
                                                     {Piece::fighter, "fighter"},
                                                     {Piece::mech, "mech"},
                                                     {Piece::worker, "worker"}}};
inline constexpr NameTable<Piece, 5> kUnitNames = {{{Piece::civilian, "civilian"},
                                                    {Piece::infantry, "infantry"},
                                                    {Piece::bomber, "bomber"},
                                                    {Piece::fighter, "fighter"},
                                                    {Piece::mech, "mech"}}};
inline std::string_view piece_name(Piece piece) { return name_in(kPieceNames, piece); }
// How messages name several pieces of a kind ("Infantry" is its own plural).
inline constexpr NameTable<Piece, 6> kPiecePluralNames = {{{Piece::civilian, "Civilians"},
                                                           {Piece::infantry, "Infantry"},
                                                           {Piece::bomber, "Bombers"},
                                                           {Piece::fighter, "Fighters"},
                                                           {Piece::mech, "Mechs"},
                                                           {Piece::worker, "Workers"}}};
inline std::string_view pieces_name(Piece piece) { return name_in(kPiecePluralNames, piece); }

struct UnitCounts {
  std::array<int, kUnitKinds.size()> count{};
  int& operator[](Piece p) { return count[static_cast<std::size_t>(p)]; }
  int operator[](Piece p) const { return count[static_cast<std::size_t>(p)]; }
  int total() const;
  bool empty() const { return total() == 0; }
  bool operator==(const UnitCounts&) const = default;
};

struct Population {
  int disaffected = 0;
  int spare = 0;
  int located = 0;
  int total() const { return disaffected + spare + located; }
  bool operator==(const Population&) const = default;
};

struct Resources {
  int food = 0;
  int water = 0;
  int energy = 0;
  bool operator==(const Resources&) const = default;
};

// Activities that a consent is specific to (messina.friendly.consent).
// convention messina.convention.consent-activities: the five activities a consent may name
enum class Activity { muster, build, workers, civilians, military };
inline constexpr NameTable<Activity, 5> kActivityNames = {{{Activity::muster, "muster"},
                                                           {Activity::build, "build"},
                                                           {Activity::workers, "workers"},
                                                           {Activity::civilians, "civilians"},
                                                           {Activity::military, "military"}}};
inline std::string_view activity_name(Activity a) { return name_in(kActivityNames, a); }

enum class FactionKind { human, ai };
inline constexpr NameTable<FactionKind, 2> kFactionKindNames = {
    {{FactionKind::human, "human"}, {FactionKind::ai, "ai"}}};

struct Faction {
  FactionKind kind = FactionKind::human;
  std::vector<SpaceId> home;
  Population population;
  int dead = 0;
  Resources resources;
  // consents this faction gives: ally -> activities the ally may count this faction's presence for
  std::map<FactionId, std::set<Activity>> consents;
  bool operator==(const Faction&) const = default;
};

struct Utility {
  FactionId owner;
  int workers = 0;                       // the owner's Workers in it
  std::map<FactionId, int> guests = {};  // other factions' Workers in it (interpretation messina.worker-utility)
  bool operator==(const Utility&) const = default;
};

struct Shield {
  FactionId owner;
  int level = 1;
  bool operator==(const Shield&) const = default;
};

struct Space {
  std::vector<SpaceId> adjacent;
  std::map<FactionId, UnitCounts> units;
  std::vector<Utility> utilities;
  std::vector<Shield> shields;  // at most one per owner, sorted by owner (interpretation messina.shield-per-space)
  bool operator==(const Space&) const = default;
};

// convention messina.convention.card-carries-holders-units: `units` are the holder's
struct LocationCard {
  FactionId holder;
  bool exposed = false;  // messina.cards.initial-facing: face-up or face-down, as received, until turned
  UnitCounts units;
  bool operator==(const LocationCard&) const = default;
};

// The moment within a round, where a rule depends on it. docs/formats.md ("Moments of a round")
// orders them and says where each falls relative to the Mil Ops Phase (is_between_mil_ops below).
enum class Phase {
  unspecified,
  muster,
  consumption,
  industry,
  orders,
  bonus_military_action,
  battle,
  between_mil_ops,
  mil_ops,
  exploration_end,
  rearm
};
// The moments a state may name ("phase" absent: unspecified).
inline constexpr NameTable<Phase, 10> kPhaseNames = {{{Phase::muster, "muster"},
                                                      {Phase::consumption, "consumption"},
                                                      {Phase::industry, "industry"},
                                                      {Phase::orders, "orders"},
                                                      {Phase::bonus_military_action, "bonus-military-action"},
                                                      {Phase::battle, "battle"},
                                                      {Phase::between_mil_ops, "between-mil-ops"},
                                                      {Phase::mil_ops, "mil-ops"},
                                                      {Phase::exploration_end, "exploration-end"},
                                                      {Phase::rearm, "rearm"}}};
inline std::string_view phase_name(Phase p) { return p == Phase::unspecified ? "" : name_in(kPhaseNames, p); }

struct State {
  int round = 1;
  Phase phase = Phase::unspecified;
  std::optional<SpaceId> battle;
  std::map<FactionId, Faction> factions;
  std::map<SpaceId, Space> spaces;
  std::map<SpaceId, LocationCard> cards;
  bool operator==(const State&) const = default;
};

// ---- the ruleset: every number the texts give (rules/messina/ruleset.json) ----

struct UnitSpec {
  int cost = 0;  // energy to build
  int strength = 0;
  int population = 0;  // tokens a human faction's unit takes
};

// The values come from rules/messina/ruleset.json (merged with a scenario's overrides); no
// number is repeated here.
struct Ruleset {
  int round_parity_muster = 0;
  int round_parity_consumption = 0;
  int tokens_per_food_and_water = 0;
  int disaffected_recovered_after_full_feeding = 0;
  int stacking_map = 0;
  int stacking_card = 0;
  int hand_limit = 0;
  int high_tech_min_cost = 0;
  int equip_cost = 0;
  int shield_build_cost = 0;
  int shield_upgrade_cost = 0;
  int shield_upgrades_per_muster = 0;
  int shield_ops_per_rearm = 0;
  int shield_strength_first_level = 0;
  std::set<Piece> ai_backed_units;
  std::map<Piece, UnitSpec> units;
  int starship_strength = 0;

  const UnitSpec& unit(Piece p) const;
};

// How messages name a round parity of the ruleset (the round number modulo 2): "even" or "odd".
inline std::string_view round_parity_word(int parity) { return parity == 0 ? "even" : "odd"; }

// ---- the readings chosen at each interpretation point (rules/messina/interpretations.json) ----

struct Readings {
  enum class CardHostility { exposed_only, held } card_hostility = CardHostility::exposed_only;
  enum class AreaExtent { friendly_component, with_frontier } area_extent = AreaExtent::friendly_component;
  enum class HomeAnchor { always, if_friendly } home_anchor = HomeAnchor::always;
  enum class CivilianStacking { applies, muster_phase_only } civilian_stacking = CivilianStacking::applies;
  enum class StackingScope { all_factions, per_faction } stacking_scope = StackingScope::all_factions;
  enum class HostileWorkers {
    units_include_workers,
    military_units_only
  } hostile_workers = HostileWorkers::units_include_workers;
  enum class ShieldHighTech { units_only, shields_too } shield_high_tech = ShieldHighTech::units_only;
  enum class ConsumptionBill { all_tokens, excluding_disaffected } consumption_bill = ConsumptionBill::all_tokens;
  enum class HandLimitDiscard {
    exactly_excess,
    more_when_over,
    any_number
  } hand_limit_discard = HandLimitDiscard::exactly_excess;
  enum class DiscardEmptying { stacking_binds, overrides_stacking } discard_emptying = DiscardEmptying::stacking_binds;
  enum class Step3CardUnits { map_and_cards, map_only } step3_card_units = Step3CardUnits::map_and_cards;
  enum class TieBreakAlly { holder_only, military_ally } tie_break_ally = TieBreakAlly::holder_only;
  // Muster and the moments of a round (issue 9):
  enum class ActionMoments { outside_mil_ops, unplaced } action_moments = ActionMoments::outside_mil_ops;
  enum class BuildDisband {
    builds_and_equip,
    builds_only,
    move_or_convert
  } build_disband = BuildDisband::builds_and_equip;
  enum class EquipBuiltCivilians { at_start, built_too } equip_built_civilians = EquipBuiltCivilians::at_start;
  enum class DisbandBuiltUnits { at_start, built_too } disband_built_units = DisbandBuiltUnits::at_start;
  enum class OverLimitCard { map_only, card_too } over_limit_card = OverLimitCard::map_only;
  enum class ShieldConsent { build, muster } shield_consent = ShieldConsent::build;
  enum class CivilianConsent { civilians, muster } civilian_consent = CivilianConsent::civilians;
  enum class CardInArea { connected, every_held_card } card_in_area = CardInArea::connected;
  enum class HighTechHome { own, consenting_ally } high_tech_home = HighTechHome::own;
  enum class WorkerUtility { own, friendly } worker_utility = WorkerUtility::own;
  enum class ShieldPerSpace { one_per_space, one_per_faction } shield_per_space = ShieldPerSpace::one_per_space;
  enum class ShieldUpgradeArea { friendly_area, anywhere } shield_upgrade_area = ShieldUpgradeArea::friendly_area;
  enum class HomeDefenceSpare { either_source, spare_required } home_defence_spare = HomeDefenceSpare::either_source;
};

struct Rules {
  Ruleset numbers;
  Readings readings;
};

// Whether a moment falls between Mil Ops Phases (messina.cards.hide binds turning a card face-down
// to those moments). Outside every Mil Ops Phase: the Alternating Phase (Muster or Consumption, the
// end of the round) and a Bonus Military Action (a Re-arm included), which the population page
// sets beside the Military Operations Phase as a separate occasion. Inside one: the Mil Ops Phase
// itself and the moment just before orders are submitted (the summary table puts that Civilian
// muster during the Military Operations Phase). A battle is never such a moment: the exposure
// principles rule out hiding mid-battle (messina.cards.expose.principles). An
// unspecified moment proves nothing.
// convention messina.convention.bma-between-mil-ops: a BMA, a Muster, a Consumption are between them
inline bool is_between_mil_ops(const Readings& readings, Phase phase) {
  switch (phase) {
    case Phase::muster:
    case Phase::consumption:
    case Phase::bonus_military_action:
    case Phase::rearm:
    case Phase::between_mil_ops: return true;
    // interpretation messina.action-moments: the texts never place an Action (Industry,
    // Exploration) relative to the Mil Ops Phase.
    case Phase::industry:
    case Phase::exploration_end: return readings.action_moments == Readings::ActionMoments::outside_mil_ops;
    case Phase::orders:
    case Phase::mil_ops:
    case Phase::battle:
    // convention messina.convention.unnamed-moment: a board naming no moment is never between Mil Ops Phases
    case Phase::unspecified: return false;
  }
  return false;
}

}  // namespace rulecheck::messina

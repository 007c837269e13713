// The ambiguity witnesses of the Friendly Area page and of the placings of new units (search.hpp):
// for each declared point, a board and a step on which its readings give different verdicts.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using Piece = ms::Piece;
using R = ms::Readings;

constexpr const char* kArea = "messina.friendly.area";
constexpr const char* kHostile = "messina.friendly.hostile";
constexpr const char* kCardHostility = "messina.cards.exposed.hostility";
constexpr const char* kWorkers = "messina.population.placement.workers";
constexpr const char* kCivilians = "messina.population.placement.civilians";
constexpr const char* kHomeDefence = "messina.population.home-defence";
constexpr const char* kInArea = "messina.population.placement.friendly-area";
constexpr const char* kOnCards = "messina.population.placement.cards";
constexpr const char* kSpare = "messina.population.placement.spare-required";
constexpr const char* kDisaffected = "messina.population.disaffected";
constexpr const char* kStacking = "messina.muster.stacking";

ms::Where at(const char* s) { return ms::Where{s, false}; }
ms::Where card(const char* s) { return ms::Where{s, true}; }

std::vector<Shape> shapes(int from, int to, bool two, ms::FactionKind second = ms::FactionKind::human) {
  std::vector<Shape> out;
  for (int n = from; n <= to; ++n) out.push_back(small_shape(n, two, second));
  return out;
}

ms::Place place_one(ms::PlacementTime when, ms::Where where, Piece piece, ms::TokenSource from = ms::TokenSource::spare,
                    std::optional<ms::FactionId> utility = {}) {
  return ms::Place{"Red", when, {{{where, piece, 1}, from, std::move(utility)}}};
}

}  // namespace

std::vector<MessinaWitness> friendly_witnesses(const ms::Rules& rules, const Budget& budget) {
  using T = ms::PlacementTime;
  std::vector<WitnessSpec> specs;
  specs.push_back(
      {"messina.card-hostility",
       {kHostile, kCardHostility},
       "whether a face-down card an opposing faction holds makes its space hostile",
       "Blue holds A's Location Card face-down and has nothing else at A: hostile to Red only when holding is "
       "enough, not when the card must be face-up.",
       {reading_of(rules, "exposed-only", [](R& r) { r.card_hostility = R::CardHostility::exposed_only; }),
        reading_of(rules, "held", [](R& r) { r.card_hostility = R::CardHostility::held; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Query{ms::HostileQuery{"Red", "A"}}};
       },
       {}});
  specs.push_back(
      {"messina.friendly-area-extent",
       {kArea, "messina.friendly.empty"},
       "whether the Friendly Area stops at the friendly spaces or takes one more step",
       "Red's Home Space is next to an empty space: the friendly-component reading leaves the empty space out, the "
       "frontier reading adds it.",
       {reading_of(rules, "friendly-component", [](R& r) { r.area_extent = R::AreaExtent::friendly_component; }),
        reading_of(rules, "with-frontier", [](R& r) { r.area_extent = R::AreaExtent::with_frontier; })},
       shapes(1, 3, false),
       [](const Shape&) {
         return Step{ms::Query{ms::FriendlyAreaQuery{"Red", ms::Activity::muster}}};
       },
       {}});
  specs.push_back(
      {"messina.home-space-anchor",
       {kArea, "messina.friendly.empty"},
       "whether an empty Home Space is in the Friendly Area",
       "Red has nothing at its only Home Space: it is in the Area when homes always anchor, out of it when a home "
       "must itself be friendly.",
       {reading_of(rules, "always", [](R& r) { r.home_anchor = R::HomeAnchor::always; }),
        reading_of(rules, "if-friendly", [](R& r) { r.home_anchor = R::HomeAnchor::if_friendly; })},
       shapes(1, 2, false),
       [](const Shape&) {
         return Step{ms::Query{ms::FriendlyAreaQuery{"Red", ms::Activity::muster}}};
       },
       {}});
  specs.push_back(
      {"messina.hostile-workers",
       {kHostile, "messina.friendly.empty-structures"},
       "whether an opposing faction's Workers in its Utility make a space hostile",
       "Blue has one Worker in its Utility at A and nothing else there: hostile to Red if Workers are units, not if "
       "only military units count.",
       {reading_of(rules, "units-include-workers",
                   [](R& r) { r.hostile_workers = R::HostileWorkers::units_include_workers; }),
        reading_of(rules, "military-units-only",
                   [](R& r) { r.hostile_workers = R::HostileWorkers::military_units_only; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Query{ms::HostileQuery{"Red", "A"}}};
       },
       {}});
  specs.push_back(
      {"messina.civilian-consent",
       {"messina.friendly.consent", kCivilians, kInArea},
       "which consent of an ally makes a space friendly for Civilians placed before orders",
       "Red places one Civilian before orders at A, friendly only through Blue's presence, and Blue consents to Red's "
       "mustering but not to its placing Civilians (or the other way round): the readings ask for different consents.",
       {reading_of(rules, "civilians", [](R& r) { r.civilian_consent = R::CivilianConsent::civilians; }),
        reading_of(rules, "muster", [](R& r) { r.civilian_consent = R::CivilianConsent::muster; })},
       shapes(2, 3, true),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, at("A"), Piece::civilian)}}; },
       {}});
  specs.push_back(
      {"messina.card-in-area",
       {"messina.cards.friendly-area", kInArea, kOnCards},
       "whether a held card away from the Friendly Area takes a placed Civilian",
       "Red holds A's card but A is outside Red's Friendly Area (no chain of friendly spaces joins it to Red's Home "
       "Space): one Civilian placed onto the card before orders is refused when the card must be connected, allowed "
       "when every held card counts.",
       {reading_of(rules, "connected", [](R& r) { r.card_in_area = R::CardInArea::connected; }),
        reading_of(rules, "every-held-card", [](R& r) { r.card_in_area = R::CardInArea::every_held_card; })},
       shapes(2, 3, false),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, card("A"), Piece::civilian)}}; },
       {}});
  specs.push_back(
      {"messina.worker-utility",
       {kWorkers, "messina.friendly.consent"},
       "whether new Workers may occupy a consenting ally's Utility",
       "In an Industry Action Red places one Worker from Spare into Blue's Utility at A, Blue consenting to Red's "
       "placing of Workers: refused under own, allowed (as a guest) under friendly.",
       {reading_of(rules, "own", [](R& r) { r.worker_utility = R::WorkerUtility::own; }),
        reading_of(rules, "friendly", [](R& r) { r.worker_utility = R::WorkerUtility::friendly; })},
       shapes(1, 2, true),
       [](const Shape&) {
         return Step{ms::Action{place_one(T::industry, at("A"), Piece::worker, ms::TokenSource::spare, "Blue")}};
       },
       {}});
  specs.push_back(
      {"messina.home-defence-spare",
       {kHomeDefence, kSpare, kDisaffected},
       "whether home defence from Disaffected tokens needs Spare population too",
       "A battle is fought at Red's Home Space A; Red has 0 Spare and 1 Disaffected token and places one Civilian "
       "from it: allowed when either source will do, refused when Spare is still required.",
       {reading_of(rules, "either-source", [](R& r) { r.home_defence_spare = R::HomeDefenceSpare::either_source; }),
        reading_of(rules, "spare-required", [](R& r) { r.home_defence_spare = R::HomeDefenceSpare::spare_required; })},
       shapes(1, 2, false),
       [](const Shape&) {
         return Step{ms::Action{place_one(T::home_defence, at("A"), Piece::civilian, ms::TokenSource::disaffected)}};
       },
       {}});
  specs.push_back(
      {"messina.civilian-stacking",
       {kStacking, kCivilians},
       "whether Civilians placed before orders obey the stacking limit",
       "A already holds 5 units (the map limit) and Red places one more Civilian there before orders: refused when "
       "the limit applies, allowed (6 units) when it binds only the Muster Phase.",
       {reading_of(rules, "applies", [](R& r) { r.civilian_stacking = R::CivilianStacking::applies; }),
        reading_of(rules, "muster-phase-only",
                   [](R& r) { r.civilian_stacking = R::CivilianStacking::muster_phase_only; })},
       shapes(1, 2, false),
       [](const Shape&) { return Step{ms::Action{place_one(T::before_orders, at("A"), Piece::civilian)}}; },
       {}});

  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina

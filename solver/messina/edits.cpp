// The smallest witnesses of an edit of Messina's ruleset numbers or readings: for each probe step
// (every encoded action and query, on boards of 1 to 3 spaces and 1 or 2 factions), the smallest
// state where the base rules and the edited rules give different outcomes (search.hpp's
// search_witness with the two sides as its choices).
//
// The probes together read every ruleset key the encoding reads: the round parities (consume,
// muster), tokens_per_food_and_water and disaffected_recovered_after_full_feeding (consume),
// stacking_map (builds on a space, transfer, placement), stacking_card (builds and placement on a
// card), hand_limit (end-exploration, on a shape of one card more than the smaller limit),
// high_tech_min_cost and each unit's cost and population (a build of each unit kind, by a human and
// by an AI faction: ai_backed_units), equip_cost (equip), the Shield costs and
// shield_upgrades_per_muster (Shield builds and upgrades), shield_ops_per_rearm (a Re-arm of two
// ops). Not read by the encoding (no battle is encoded): each unit's strength,
// shield_strength_first_level, starship_strength.
#include <algorithm>

#include <fmt/format.h>

#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;

// One probe: a step of the game tried on small shapes.
struct Probe {
  std::string name;
  std::vector<std::string> clauses;
  std::string title;  // the step in words
  std::vector<Shape> shapes;
  Step step;
};

ms::Where space(const char* id) { return ms::Where{id, false}; }
ms::Where card(const char* id) { return ms::Where{id, true}; }

ms::Action red_muster(std::vector<ms::PieceCount> builds, std::vector<ms::Equip> equip = {},
                      std::vector<ms::ShieldOp> shields = {}) {
  return ms::Muster{"Red", std::move(builds), std::move(equip), std::move(shields), {}};
}
ms::Action red_places(ms::PlacementTime when, ms::Where where, Piece piece) {
  return ms::Place{"Red", when, {{{where, piece, 1}, ms::TokenSource::spare, std::nullopt}}};
}

Shape one_ai_space() {
  Shape s;
  s.factions.push_back({"Red", ms::FactionKind::ai});
  s.spaces.push_back("A");
  return s;
}

// The Exploration's hand: one card more than the smaller of the two limits (a card per space),
// kept to 8 spaces.
Shape hand_shape(const ms::Rules& base, const ms::Rules& edited) {
  const int cards = std::clamp(std::min(base.numbers.hand_limit, edited.numbers.hand_limit) + 1, 1, 8);
  return small_shape(cards, false);
}

void add_builds(std::vector<Probe>& out) {
  // Two factions on two spaces: the readings that count other factions (stacking scope, consents,
  // another faction's Shield) part only there.
  const Shape one = small_shape(1, false), two = small_shape(2, true);
  for (Piece k : ms::kUnitKinds) {
    const std::string kind(ms::piece_name(k));
    out.push_back({"muster.build-" + kind,
                   {"messina.muster.when", "messina.muster.stacking", "messina.muster.high-tech",
                    "messina.muster.energy", "messina.muster.population", "messina.muster.unit-table"},
                   "Red musters one " + kind + " at A",
                   {one, one_ai_space(), two},
                   Step{red_muster({{space("A"), k, 1}})}});
  }
  out.push_back({"muster.build-on-card",
                 {"messina.cards.muster-onto", "messina.cards.capacity", "messina.muster.stacking"},
                 "Red musters one infantry onto its Location Card A",
                 {one, two},
                 Step{red_muster({{card("A"), Piece::infantry, 1}})}});
  out.push_back({"muster.equip",
                 {"messina.muster.equip", "messina.muster.energy"},
                 "Red equips one Civilian at A",
                 {one},
                 Step{red_muster({}, {{space("A"), 1}})}});
  out.push_back({"muster.shield-build",
                 {"messina.muster.shield.build-upgrade", "messina.muster.energy"},
                 "Red builds a Shield at A in a Muster",
                 {one, two},
                 Step{red_muster({}, {}, {{space("A"), ms::ShieldOpKind::build}})}});
  out.push_back({"muster.shield-upgrade",
                 {"messina.muster.shield.build-upgrade", "messina.muster.energy"},
                 "Red upgrades its Shield at A in a Muster",
                 {one},
                 Step{red_muster({}, {}, {{space("A"), ms::ShieldOpKind::upgrade}})}});
  out.push_back({"muster.shield-two-upgrades",
                 {"messina.muster.shield.one-upgrade", "messina.muster.energy"},
                 "Red upgrades its Shield at A twice in one Muster",
                 {one},
                 Step{red_muster({}, {},
                                 {{space("A"), ms::ShieldOpKind::upgrade}, {space("A"), ms::ShieldOpKind::upgrade}})}});
  out.push_back({"rearm.shield-build",
                 {"messina.muster.shield.rearm", "messina.muster.energy"},
                 "Red builds a Shield at A in a Re-arm",
                 {one},
                 Step{ms::Action{ms::Rearm{"Red", {{space("A"), ms::ShieldOpKind::build}}}}}});
  out.push_back({"rearm.two-shield-ops",
                 {"messina.muster.shield.rearm"},
                 "Red builds Shields at A and at B in one Re-arm",
                 {two},
                 Step{ms::Action{ms::Rearm{
                     "Red", {{space("A"), ms::ShieldOpKind::build}, {space("B"), ms::ShieldOpKind::build}}}}}});
}

void add_consumption(std::vector<Probe>& out) {
  const Shape one = small_shape(1, false);
  const std::vector<std::string> clauses = {"messina.consumption.when", "messina.consumption.cost",
                                            "messina.consumption.shortfall", "messina.consumption.recovery"};
  out.push_back({"consume", clauses, "Red consumes, disbanding nothing", {one}, Step{ms::Action{ms::Consume{"Red", {}}}}});
  out.push_back({"consume.disband-on-map",
                 clauses,
                 "Red consumes, disbanding one Civilian at A in step 3",
                 {one},
                 Step{ms::Action{ms::Consume{"Red", {{space("A"), Piece::civilian, 1}}}}}});
  out.push_back({"consume.disband-on-card",
                 clauses,
                 "Red consumes, disbanding one Civilian on its card A in step 3",
                 {one},
                 Step{ms::Action{ms::Consume{"Red", {{card("A"), Piece::civilian, 1}}}}}});
}

void add_population(std::vector<Probe>& out) {
  using T = ms::PlacementTime;
  const Shape one = small_shape(1, false);
  out.push_back({"place.industry-worker",
                 {"messina.population.placement.workers", "messina.population.placement.spare-to-located"},
                 "Red places one Worker at A in an Industry Action",
                 {one},
                 Step{ms::Action{red_places(T::industry, space("A"), Piece::worker)}}});
  out.push_back({"place.before-orders-civilian",
                 {"messina.population.placement.civilians", "messina.muster.stacking"},
                 "Red places one Civilian at A before orders",
                 {one},
                 Step{ms::Action{red_places(T::before_orders, space("A"), Piece::civilian)}}});
  out.push_back({"place.before-orders-card",
                 {"messina.population.placement.cards", "messina.cards.capacity"},
                 "Red places one Civilian onto its card A before orders",
                 {one},
                 Step{ms::Action{red_places(T::before_orders, card("A"), Piece::civilian)}}});
  out.push_back({"place.home-defence",
                 {"messina.population.home-defence"},
                 "Red places one Civilian at A in home defence",
                 {one},
                 Step{ms::Action{red_places(T::home_defence, space("A"), Piece::civilian)}}});
  out.push_back({"convert.civilian-to-worker",
                 {"messina.population.interconversion"},
                 "Red turns one Civilian at A into a Worker",
                 {one},
                 Step{ms::Action{ms::Convert{"Red", "A", Piece::civilian, Piece::worker, 1, std::nullopt}}}});
  out.push_back({"convert.worker-to-civilian",
                 {"messina.population.interconversion", "messina.muster.stacking"},
                 "Red turns one Worker at A into a Civilian",
                 {one},
                 Step{ms::Action{ms::Convert{"Red", "A", Piece::worker, Piece::civilian, 1, std::nullopt}}}});
  out.push_back({"release.civilian",
                 {"messina.population.no-return"},
                 "Red releases one Civilian at A",
                 {one},
                 Step{ms::Action{ms::Release{"Red", {space("A"), Piece::civilian, 1}}}}});
}

void add_cards(std::vector<Probe>& out, const ms::Rules& base, const ms::Rules& edited) {
  const Shape one = small_shape(1, false);
  ms::UnitCounts infantry;
  infantry[Piece::infantry] = 1;
  out.push_back({"expose", {"messina.cards.expose-any-time"}, "Red turns its card A face-up", {one},
                 Step{ms::Action{ms::Expose{"Red", "A"}}}});
  out.push_back({"hide", {"messina.cards.hide"}, "Red turns its card A face-down", {one},
                 Step{ms::Action{ms::Hide{"Red", "A"}}}});
  out.push_back({"transfer",
                 {"messina.cards.transfer", "messina.muster.stacking"},
                 "Red moves one Infantry from its card A down to A",
                 {one},
                 Step{ms::Action{ms::Transfer{"Red", "A", infantry}}}});
  const Shape hand = hand_shape(base, edited);
  out.push_back({"end-exploration.keep-all",
                 {"messina.cards.hand-limit"},
                 fmt::format("Red ends an Exploration holding up to {} cards and discards none", hand.spaces.size()),
                 {hand},
                 Step{ms::Action{ms::EndExploration{"Red", {}, {}}}}});
  out.push_back({"end-exploration.discard-one",
                 {"messina.cards.hand-limit", "messina.cards.discard-empty"},
                 fmt::format("Red ends an Exploration holding up to {} cards and discards card A", hand.spaces.size()),
                 {hand},
                 Step{ms::Action{ms::EndExploration{"Red", {}, {"A"}}}}});
}

void add_queries(std::vector<Probe>& out) {
  const Shape two = small_shape(2, true);
  out.push_back({"query.friendly-area",
                 {"messina.friendly.area"},
                 "Red's Friendly Area for mustering",
                 {small_shape(2, false), two},
                 Step{ms::Query{ms::FriendlyAreaQuery{"Red", ms::Activity::muster}}}});
  out.push_back({"query.hostile", {"messina.friendly.hostile"}, "whether A is hostile to Red", {two},
                 Step{ms::Query{ms::HostileQuery{"Red", "A"}}}});
  out.push_back({"query.must-expose",
                 {"messina.cards.must-expose"},
                 "whether Red must expose its card A in a battle",
                 {two},
                 Step{ms::Query{ms::MustExposeQuery{"Red", "A", ms::ExposureSituation::battle}}}});
  out.push_back({"query.tie-break",
                 {"messina.cards.exposed.tie-break"},
                 "who wins a tie between Red and Blue at A",
                 {small_shape(1, true)},
                 Step{ms::Query{ms::TieBreakQuery{"A", {"Red", "Blue"}}}}});
  out.push_back({"query.bombable", {"messina.cards.hidden.invisible"}, "whether card A can be bombed",
                 {small_shape(1, true)}, Step{ms::Query{ms::BombableQuery{"A"}}}});
  out.push_back({"query.support-cut",
                 {"messina.cards.hidden.support"},
                 "whether a missile cuts the support of card A",
                 {small_shape(1, true)},
                 Step{ms::Query{ms::SupportCutQuery{"A", ms::SupportCutter::missile}}}});
}

std::vector<Probe> probes(const ms::Rules& base, const ms::Rules& edited) {
  std::vector<Probe> out;
  add_consumption(out);
  add_builds(out);
  add_population(out);
  add_cards(out, base, edited);
  add_queries(out);
  return out;
}

std::string shapes_tried(const std::vector<Shape>& shapes) {
  std::string out;
  for (const auto& s : shapes)
    out += fmt::format("{}{} space{}, {} faction{}", out.empty() ? "" : "; ", s.spaces.size(),
                       s.spaces.size() == 1 ? "" : "s", s.factions.size(), s.factions.size() == 1 ? "" : "s");
  return out;
}

MessinaEditWitness edit_witness(const Probe& probe, const ms::Rules& base, const ms::Rules& edited,
                                const Budget& budget) {
  const WitnessSpec spec{probe.name, probe.clauses, probe.title, "", {{"base", base}, {"edited", edited}},
                         probe.shapes, [&probe](const Shape&) { return probe.step; }, nullptr, true};
  WitnessSearch found = search_witness(spec, budget);
  MessinaEditWitness w;
  w.probe = probe.name;
  w.clauses = probe.clauses;
  w.title = probe.title;
  w.note = "shapes tried: " + shapes_tried(probe.shapes);
  w.status = found.status == SearchStatus::found  ? EditStatus::changed
             : found.status == SearchStatus::none ? EditStatus::unchanged
             : is_interrupted(found.reason)       ? EditStatus::interrupted
                                                  : EditStatus::unknown;
  if (w.status == EditStatus::unknown && !found.reason.empty()) w.note += "; unknown: " + found.reason;
  if (found.witness) {
    w.size = found.witness->size;
    w.example = std::move(found.witness->example);
    w.outcomes = std::move(found.witness->outcomes);
  }
  return w;
}

}  // namespace

std::vector<MessinaEditWitness> edit_witnesses(const ms::Rules& base, const ms::Rules& edited, const Budget& budget) {
  std::vector<MessinaEditWitness> out;
  for (const Probe& probe : probes(base, edited)) out.push_back(edit_witness(probe, base, edited, budget));
  return out;
}

}  // namespace rulecheck::solver::messina

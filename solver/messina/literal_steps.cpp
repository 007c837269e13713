// The literal encoding's steps (literal.hpp): the step kinds the searches ask about, and the relation of
// each, a Muster's or a Re-arm's literal constraints (literal_units.cpp, literal_shields.cpp) put
// together under the frame; and the declared points the literal steps meet.
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "solver/messina/literal_frame.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

template <typename E>
PointReadings point(std::string id, std::vector<std::string> names, E ms::Readings::*field) {
  return {std::move(id), std::move(names), [field](ms::Readings& r, int i) { r.*field = static_cast<E>(i); }};
}

}  // namespace

// The declared points the literal steps meet, readings in ms::Readings' order (0: the default).
const std::vector<PointReadings>& literal_points() {
  using R = ms::Readings;
  static const std::vector<PointReadings> points{
      // the Shield sentences
      point("messina.shield-consent", {"build", "muster"}, &R::shield_consent),
      point("messina.shield-per-space", {"one-per-space", "one-per-faction"}, &R::shield_per_space),
      point("messina.shield-high-tech", {"units-only", "shields-too"}, &R::shield_high_tech),
      point("messina.high-tech-home", {"own", "consenting-ally"}, &R::high_tech_home),
      point("messina.shield-upgrade-area", {"friendly-area", "anywhere"}, &R::shield_upgrade_area),
      // the unit steps
      point("messina.stacking-scope", {"all-factions", "per-faction"}, &R::stacking_scope),
      point("messina.over-limit-card", {"map-only", "card-too"}, &R::over_limit_card),
      point("messina.card-in-area", {"connected", "every-held-card"}, &R::card_in_area),
      point("messina.equip-built-civilians", {"at-start", "built-too"}, &R::equip_built_civilians),
      point("messina.build-disband", {"builds-and-equip", "builds-only", "move-or-convert"}, &R::build_disband),
      point("messina.disband-built-units", {"at-start", "built-too"}, &R::disband_built_units),
      // the Location Card page's steps
      point("messina.hand-limit-discard", {"exactly-excess", "more-when-over", "any-number"}, &R::hand_limit_discard),
      point("messina.discard-emptying", {"stacking-binds", "overrides-stacking"}, &R::discard_emptying),
      // lit3c: the Consumption steps and hiding a card
      point("messina.consumption-bill", {"all-tokens", "excluding-disaffected"}, &R::consumption_bill),
      point("messina.step3-card-units", {"map-and-cards", "map-only"}, &R::step3_card_units),
      point("messina.action-moments", {"outside-mil-ops", "unplaced"}, &R::action_moments),
      // the population placements (literal_placement.cpp)
      point("messina.worker-utility", {"own", "friendly"}, &R::worker_utility),
      point("messina.civilian-stacking", {"applies", "muster-phase-only"}, &R::civilian_stacking),
      point("messina.civilian-consent", {"civilians", "muster"}, &R::civilian_consent),
      point("messina.home-defence-spare", {"either-source", "spare-required"}, &R::home_defence_spare),
      // the Friendly Area as the placements use it (literal_friendly.cpp)
      point("messina.home-space-anchor", {"always", "if-friendly"}, &R::home_anchor),
      point("messina.friendly-area-extent", {"friendly-component", "with-frontier"}, &R::area_extent),
      // the query kinds (literal_queries.cpp)
      point("messina.hostile-workers", {"units-include-workers", "military-units-only"}, &R::hostile_workers),
      point("messina.card-hostility", {"exposed-only", "held"}, &R::card_hostility),
      point("messina.tie-break-ally", {"holder-only", "military-ally"}, &R::tie_break_ally)};
  return points;
}

const PointReadings* point_named(const std::string& id) {
  for (const auto& p : literal_points())
    if (p.point == id) return &p;
  return nullptr;
}


namespace {

LiteralStep finish(const SymBoard& pre, int f, LiteralStep step, int energy) {
  // messina.muster.energy: the builder pays what the ops cost from the Energy it holds.
  step.conditions.push_back({kEnergy, pre.factions[f].energy >= energy});
  step.post.factions[f].energy = pre.factions[f].energy - energy;
  z3::expr ok = pre.ctx().bool_val(true);
  for (const auto& c : step.conditions) ok = ok && c.formula;
  step.ok = ok;
  return step;
}

LiteralStep literal_muster(const SymBoard& pre, const ms::Muster& a, const std::map<ms::SpaceId, Earlier>& earlier,
                           Freedoms& v, const ms::Rules& rules, const Stated& stated) {
  const int f = pre.faction_index(a.faction);
  LiteralStep step{pre.ctx().bool_val(true), pre, {}};
  // messina.muster.when: the Alternating Phase of a round of the Muster parity.
  step.conditions.push_back({kWhen, z3::mod(pre.round, 2) == rules.numbers.round_parity_muster &&
                                        (pre.phase == static_cast<int>(ms::Phase::unspecified) ||
                                         pre.phase == static_cast<int>(ms::Phase::muster))});
  int energy = 0;
  unit_ops(pre, f, a, v, rules, stated, step, energy);
  shield_ops(pre, f, a.shields, false, earlier, v, rules, step, energy);
  return finish(pre, f, std::move(step), energy);
}

LiteralStep literal_rearm(const SymBoard& pre, const ms::Rearm& a, const std::map<ms::SpaceId, Earlier>& earlier,
                          Freedoms& v, const ms::Rules& rules) {
  const int f = pre.faction_index(a.faction);
  LiteralStep step{pre.ctx().bool_val(true), pre, {}};
  // messina.muster.shield.rearm: in a Re-arm (a Bonus Military Action), one Shield build or upgrade.
  step.conditions.push_back({kRearm, pre.phase == static_cast<int>(ms::Phase::rearm)});
  step.conditions.push_back(
      {kRearm, pre.ctx().bool_val(static_cast<int>(a.shields.size()) <= rules.numbers.shield_ops_per_rearm)});
  int energy = 0;
  shield_ops(pre, f, a.shields, true, earlier, v, rules, step, energy);
  return finish(pre, f, std::move(step), energy);
}

std::map<ms::SpaceId, Earlier> earlier_of(const ms::Muster& m) {
  std::map<ms::SpaceId, Earlier> out;
  for (const auto& op : m.shields) {
    Earlier& e = out[op.where.space];
    e.built = e.built || op.op == ms::ShieldOpKind::build;
    e.upgrades += op.op == ms::ShieldOpKind::upgrade ? 1 : 0;
  }
  return out;
}

LiteralStep literal_card_step(const SymBoard& pre, const ms::Action& a, Freedoms& v, const ms::Rules& rules) {
  LiteralStep step{pre.ctx().bool_val(true), pre, {}};
  if (const auto* t = std::get_if<ms::Transfer>(&a))
    transfer_op(pre, pre.faction_index(t->faction), *t, v, rules, step);
  else if (const auto* e = std::get_if<ms::EndExploration>(&a))
    end_exploration_ops(pre, pre.faction_index(e->faction), *e, v, rules, step);
  else if (const auto* c = std::get_if<ms::Consume>(&a))
    consume_op(pre, pre.faction_index(c->faction), *c, v, rules, step);
  else if (const auto* h = std::get_if<ms::Hide>(&a))
    hide_op(pre, pre.faction_index(h->faction), *h, v, step);
  else if (const auto* p = std::get_if<ms::Place>(&a))
    place_op(pre, pre.faction_index(p->faction), *p, v, rules, step);
  z3::expr ok = pre.ctx().bool_val(true);
  for (const auto& c : step.conditions) ok = ok && c.formula;
  step.ok = ok;
  return step;
}

}  // namespace

ms::Action action_of(const Kind& k) {
  if (k.other) return *k.other;
  return k.rearm ? ms::Action{*k.rearm} : ms::Action{*k.muster};
}

std::vector<Kind> kinds() {
  const ms::Where a{"A", false};
  const ms::ShieldOp build{a, ms::ShieldOpKind::build}, upgrade{a, ms::ShieldOpKind::upgrade};
  auto muster = [](ms::ShieldOp op) { return ms::Muster{"Red", {}, {}, {op}, {}}; };
  auto rearm = [](ms::ShieldOp op) { return ms::Rearm{"Red", {op}}; };
  const ms::Where card_a{"A", true};
  auto units = [](std::vector<ms::PieceCount> builds, std::vector<ms::Equip> equip,
                  std::vector<ms::PieceCount> disband) {
    return ms::Muster{"Red", std::move(builds), std::move(equip), {}, std::move(disband)};
  };
  ms::UnitCounts one_infantry;
  one_infantry[ms::Piece::infantry] = 1;
  const ms::Transfer from_card_a{"Red", "A", one_infantry};
  const ms::TokenSource spare = ms::TokenSource::spare;
  auto place = [&a](ms::PlacementTime when, ms::Piece piece, ms::TokenSource from, std::optional<ms::FactionId> utility) {
    return ms::Place{"Red", when, {ms::Placement{{a, piece, 1}, from, std::move(utility)}}};
  };
  return {
      // the Location Card page's steps
      {"transfer", "Red moves an Infantry from the Location Card of A onto A", std::nullopt, std::nullopt, false,
       ms::Action{from_card_a}},
      {"discard", "Red discards the Location Card of A at the end of an Exploration Action", std::nullopt,
       std::nullopt, false, ms::Action{ms::EndExploration{"Red", {}, {"A"}}}},
      {"empty-and-discard",
       "Red moves an Infantry from the Location Card of A onto A and discards the card at the end of an Exploration "
       "Action",
       std::nullopt, std::nullopt, false, ms::Action{ms::EndExploration{"Red", {from_card_a}, {"A"}}},
       // a hand within its limit (2 spaces hold 2 cards at most) discards a card only under any-number
       {{"messina.hand-limit-discard", 2}}},
      // the population placements (literal_placement.cpp)
      {"place-worker-in-ally-utility", "Red places a Worker from Spare in Blue's Utility at A in an Industry Action",
       std::nullopt, std::nullopt, false, ms::Action{place(ms::PlacementTime::industry, ms::Piece::worker, spare, "Blue")}},
      {"place-civilian-before-orders", "Red places a Civilian from Spare at A right before its orders", std::nullopt,
       std::nullopt, false, ms::Action{place(ms::PlacementTime::before_orders, ms::Piece::civilian, spare, {})}},
      {"place-civilian-in-home-defence",
       "Red places a Civilian from its Disaffected tokens at A, its Home Space under attack", std::nullopt,
       std::nullopt, false,
       ms::Action{place(ms::PlacementTime::home_defence, ms::Piece::civilian, ms::TokenSource::disaffected, {})}},
      // the unit steps of a Muster
      {"muster-build-civilian", "Red builds a Civilian at A in a Muster", units({{a, ms::Piece::civilian, 1}}, {}, {}),
       std::nullopt},
      {"muster-build-fighter", "Red builds a Fighter (high tech) at A in a Muster",
       units({{a, ms::Piece::fighter, 1}}, {}, {}), std::nullopt},
      {"muster-build-onto-card", "Red builds an Infantry onto the Location Card of A in a Muster",
       units({{card_a, ms::Piece::infantry, 1}}, {}, {}), std::nullopt},
      {"muster-build-civilian-onto-card", "Red builds a Civilian onto the Location Card of A in a Muster",
       units({{card_a, ms::Piece::civilian, 1}}, {}, {}), std::nullopt},
      {"muster-equip", "Red equips a Civilian at A in a Muster", units({}, {{a, 1}}, {}), std::nullopt},
      {"muster-build-and-equip", "Red builds a Civilian at A and equips a Civilian at A in one Muster",
       units({{a, ms::Piece::civilian, 1}}, {{a, 1}}, {}), std::nullopt},
      {"muster-equip-and-disband", "Red equips a Civilian at A and disbands an Infantry at A in one Muster",
       units({}, {{a, 1}}, {{a, ms::Piece::infantry, 1}}), std::nullopt},
      // the Shield sentences
      {"muster-shield-build", "Red builds a Shield at A in a Muster", muster(build), std::nullopt},
      {"muster-shield-upgrade", "Red upgrades a Shield at A in a Muster", muster(upgrade), std::nullopt},
      {"rearm-build", "Red builds a Shield at A in a Re-arm (a Bonus Military Action)", std::nullopt, rearm(build)},
      {"rearm-upgrade", "Red upgrades a Shield at A in a Re-arm (a Bonus Military Action)", std::nullopt, rearm(upgrade)},
      {"muster-upgrade-then-rearm-upgrade",
       "Red upgrades its Shield at A in a Muster, then again in a Re-arm (a Bonus Military Action) after it",
       muster(upgrade), rearm(upgrade), true},
      {"muster-build-then-rearm-upgrade",
       "Red builds a Shield at A in a Muster, then upgrades it in a Re-arm (a Bonus Military Action) after it",
       muster(build), rearm(upgrade)},
      // lit3c: the Consumption steps, hiding a card, and disbanding a unit built in the same Muster
      {"consume", "Red's Consumption, step 3 naming no unit", std::nullopt, std::nullopt, false,
       ms::Action{ms::Consume{"Red", {}}}},
      {"consume-card-unit", "Red's Consumption, step 3 naming a Civilian on the Location Card of A", std::nullopt,
       std::nullopt, false, ms::Action{ms::Consume{"Red", {{card_a, ms::Piece::civilian, 1}}}}},
      {"hide", "Red turns the Location Card of A face-down", std::nullopt, std::nullopt, false,
       ms::Action{ms::Hide{"Red", "A"}}},
      // a build beside a disband of its own kind and place is allowed only under move-or-convert
      {"muster-build-and-disband", "Red builds a Civilian at A and disbands a Civilian at A in one Muster",
       units({{a, ms::Piece::civilian, 1}}, {}, {{a, ms::Piece::civilian, 1}}), std::nullopt, false, std::nullopt,
       {{"messina.build-disband", 2}}},
  };
}

const Kind* kind_named(const std::string& name) {
  static const std::vector<Kind> all = kinds();
  for (const auto& k : all)
    if (k.name == name) return &k;
  return nullptr;
}

CopyOf relation(const Kind& k, const SymBoard& pre, const std::string& copy, const ms::Rules& rules,
                bool replaying_last_only, const Stated& stated) {
  z3::context& ctx = pre.ctx();
  Freedoms v(ctx, copy);
  if (k.other) {
    LiteralStep step = literal_card_step(pre, *k.other, v, rules);
    return CopyOf{std::move(v), std::nullopt, std::nullopt, std::move(step)};
  }
  if (k.muster && k.rearm && !replaying_last_only) {
    LiteralStep m = literal_muster(pre, *k.muster, {}, v, rules, stated);
    SymBoard mid = m.post;
    mid.phase = ctx.int_val(static_cast<int>(ms::Phase::rearm));  // the same round, at the Re-arm
    LiteralStep r = literal_rearm(mid, *k.rearm, earlier_of(*k.muster), v, rules);
    return CopyOf{std::move(v), std::move(m), mid, std::move(r)};
  }
  if (k.rearm) {
    // replaying a two-step kind from its Re-arm's board: the Muster's part is history
    const auto earlier = k.muster ? earlier_of(*k.muster) : std::map<ms::SpaceId, Earlier>{};
    LiteralStep r = literal_rearm(pre, *k.rearm, earlier, v, rules);
    return CopyOf{std::move(v), std::nullopt, std::nullopt, std::move(r)};
  }
  LiteralStep m = literal_muster(pre, *k.muster, {}, v, rules, stated);
  return CopyOf{std::move(v), std::nullopt, std::nullopt, std::move(m)};
}


// Two spaces at least: each of the two factions has a Home Space of its own (messina.reachable.own-home-spaces).
std::vector<Shape> literal_shapes() { return {small_shape(2, true)}; }

}  // namespace rulecheck::solver::messina::literal

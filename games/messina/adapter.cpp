// Messina at the JSON edge: states, actions, queries, the ruleset and the readings in; canonical
// JSON out. This file is the validator of docs/formats.md (strict fields, types, pointers in
// every error) and the Game that registers Messina with the harness.
#include "games/messina/adapter.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/json_io.hpp"
#include "games/adapter.hpp"
#include "games/solver_records.hpp"
#include "games/messina/state_from_text.hpp"
#include "games/messina/state_read.hpp"
#include "games/messina/state_text.hpp"
#include "games/messina/wording.hpp"
#include "oracle/messina/oracle.hpp"
#include "solver/messina/discovery.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::messina {

namespace {

// ---------------------------------------------------------------- name tables of the formats

constexpr NameTable<PlacementTime, 3> kPlacementTimeNames = {{{PlacementTime::industry, "industry"},
                                                              {PlacementTime::before_orders, "before-orders"},
                                                              {PlacementTime::home_defence, "home-defence"}}};
constexpr NameTable<TokenSource, 2> kTokenSourceNames = {
    {{TokenSource::spare, "spare"}, {TokenSource::disaffected, "disaffected"}}};
constexpr NameTable<ShieldOpKind, 2> kShieldOpNames = {
    {{ShieldOpKind::build, "build"}, {ShieldOpKind::upgrade, "upgrade"}}};
constexpr NameTable<ExposureSituation, 10> kExposureSituationNames = {
    {{ExposureSituation::utility_build, "utility-build"},
     {ExposureSituation::muster_on_map, "muster-on-map"},
     {ExposureSituation::muster_onto_card, "muster-onto-card"},
     {ExposureSituation::connect, "connect"},
     {ExposureSituation::obstruction, "obstruction"},
     {ExposureSituation::march, "march"},
     {ExposureSituation::demolition, "demolition"},
     {ExposureSituation::military_effect, "military-effect"},
     {ExposureSituation::battle, "battle"},
     {ExposureSituation::no_response, "no-response"}}};
constexpr NameTable<SupportCutter, 4> kSupportCutterNames = {{{SupportCutter::missile, "missile"},
                                                              {SupportCutter::bomb, "bomb"},
                                                              {SupportCutter::march, "march"},
                                                              {SupportCutter::support, "support"}}};

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

// ---------------------------------------------------------------- writing a state (canonical)

json write_unit_counts(const UnitCounts& counts) {
  json j = json::object();
  for (Piece p : kUnitKinds)
    if (counts[p] != 0) j[std::string(piece_name(p))] = counts[p];
  return j;
}

// `key` whole: an id with an embedded NUL (outside text) is kept exact, never cut there.
void put_count(json& j, const std::string& key, int value) {
  if (value != 0) j[key] = value;
}

json write_faction(const Faction& f) {
  json fj = json::object();
  fj["kind"] = name_in(kFactionKindNames, f.kind);
  fj["home"] = f.home;
  json pop = json::object();
  put_count(pop, "disaffected", f.population.disaffected);
  put_count(pop, "spare", f.population.spare);
  put_count(pop, "located", f.population.located);
  if (!pop.empty()) fj["population"] = std::move(pop);
  put_count(fj, "dead", f.dead);
  json res = json::object();
  put_count(res, "food", f.resources.food);
  put_count(res, "water", f.resources.water);
  put_count(res, "energy", f.resources.energy);
  if (!res.empty()) fj["resources"] = std::move(res);
  json consents = json::object();
  for (const auto& [ally, acts] : f.consents) {
    if (acts.empty()) continue;
    std::vector<std::string> names;
    for (Activity a : acts) names.emplace_back(activity_name(a));
    std::sort(names.begin(), names.end());
    consents[ally] = std::move(names);
  }
  if (!consents.empty()) fj["consents"] = std::move(consents);
  return fj;
}

json write_space(const Space& sp) {
  json sj = json::object();
  std::vector<std::string> adjacent = sp.adjacent;
  std::sort(adjacent.begin(), adjacent.end());
  if (!adjacent.empty()) sj["adjacent"] = std::move(adjacent);
  json units = json::object();
  for (const auto& [owner, counts] : sp.units)
    if (!counts.empty()) units[owner] = write_unit_counts(counts);
  if (!units.empty()) sj["units"] = std::move(units);
  if (!sp.utilities.empty()) {
    json list = json::array();
    for (const auto& u : sp.utilities) {
      json uj = {{"owner", u.owner}};
      put_count(uj, "workers", u.workers);
      json guests = json::object();
      for (const auto& [guest, n] : u.guests) put_count(guests, guest, n);
      if (!guests.empty()) uj["guests"] = std::move(guests);
      list.push_back(std::move(uj));
    }
    sj["utilities"] = std::move(list);
  }
  auto shield_json = [](const Shield& sh) { return json{{"owner", sh.owner}, {"level", sh.level}}; };
  if (sp.shields.size() == 1) sj["shield"] = shield_json(sp.shields.front());
  if (sp.shields.size() > 1) {
    json list = json::array();
    for (const auto& sh : sp.shields) list.push_back(shield_json(sh));
    sj["shields"] = std::move(list);
  }
  return sj;
}

json write_state(const State& s) {
  json j = json::object();
  j["round"] = s.round;
  if (s.phase != Phase::unspecified) j["phase"] = std::string(phase_name(s.phase));
  if (s.battle) j["battle"] = *s.battle;
  json& factions = j["factions"] = json::object();
  for (const auto& [id, f] : s.factions) factions[id] = write_faction(f);
  json& spaces = j["spaces"] = json::object();
  for (const auto& [id, sp] : s.spaces) spaces[id] = write_space(sp);
  if (!s.cards.empty()) {
    json& cards = j["cards"] = json::object();
    for (const auto& [id, c] : s.cards) {
      json cj = {{"holder", c.holder}, {"exposed", c.exposed}};
      if (!c.units.empty()) cj["units"] = write_unit_counts(c.units);
      cards[id] = std::move(cj);
    }
  }
  return j;
}


// ---------------------------------------------------------------- names actions and queries use

// Names in actions must refer to what the state declares; otherwise the action is malformed.
struct Refs {
  const State& state;
  FactionId faction(const JsonReader& r) const { return declared_id(r, state.factions, "faction", "/factions"); }
  SpaceId space(const JsonReader& r) const { return declared_id(r, state.spaces, "space", "/spaces"); }
  SpaceId card(const JsonReader& r) const { return declared_id(r, state.cards, "Location Card", "/cards"); }
  Where where(const JsonReader& r) const {
    const bool at = r.has("at"), on_card = r.has("card");
    if (at == on_card) r.fail("give exactly one of \"at\" (a map space) or \"card\" (a Location Card)");
    return on_card ? Where{card(r.field("card")), true} : Where{space(r.field("at")), false};
  }
  static int count(const JsonReader& r) {
    auto c = r.optional("count");
    return c ? c->integer(1) : 1;
  }
  PieceCount piece_count(const JsonReader& r, bool allow_worker) const {
    r.only({"at", "card", "unit", "count"});
    return PieceCount{where(r), unit_kind(r.field("unit"), allow_worker), count(r)};
  }
  std::vector<PieceCount> piece_counts(const JsonReader& r, const char* key, bool allow_worker) const {
    std::vector<PieceCount> out;
    if (auto list = r.optional(key))
      for (const auto& e : list->elements()) out.push_back(piece_count(e, allow_worker));
    return out;
  }
  ShieldOp shield_op(const JsonReader& r) const {
    r.only({"at", "card", "op"});
    return ShieldOp{where(r), r.field("op").named(kShieldOpNames)};
  }
  static Piece unit_kind(const JsonReader& r, bool allow_worker) {
    return allow_worker ? r.named(kPieceNames) : r.named(kUnitNames);
  }
};

// ---------------------------------------------------------------- actions: one reader each

Action read_consume(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "disband"});
  return Consume{refs.faction(r.field("faction")), refs.piece_counts(r, "disband", true)};
}

Action read_place(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "when", "placements"});
  Place p;
  p.faction = refs.faction(r.field("faction"));
  p.when = r.field("when").named(kPlacementTimeNames);
  for (const auto& e : r.field("placements").elements()) {
    e.only({"at", "card", "unit", "count", "from", "utility"});
    Placement pl;
    pl.what = PieceCount{refs.where(e), Refs::unit_kind(e.field("unit"), true), Refs::count(e)};
    if (auto from = e.optional("from")) pl.from = from->named(kTokenSourceNames);
    if (auto u = e.optional("utility")) {
      if (pl.what.piece != Piece::worker)
        u->fail("\"utility\" names the Utility a Worker occupies; this placement is not a Worker");
      pl.utility = refs.faction(*u);
    }
    p.placements.push_back(pl);
  }
  return p;
}

Action read_convert(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at", "from", "to", "count", "utility"});
  Convert c{refs.faction(r.field("faction")),
            refs.space(r.field("at")),
            Refs::unit_kind(r.field("from"), true),
            Refs::unit_kind(r.field("to"), true),
            Refs::count(r),
            std::nullopt};
  if (auto u = r.optional("utility")) {
    if (c.to != Piece::worker)
      u->fail("\"utility\" names the Utility a new Worker occupies; this conversion makes no Worker");
    c.utility = refs.faction(*u);
  }
  return c;
}

Action read_release(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at", "card", "unit", "count"});
  return Release{refs.faction(r.field("faction")),
                 PieceCount{refs.where(r), Refs::unit_kind(r.field("unit"), true), Refs::count(r)}};
}

Action read_muster(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "builds", "equip", "shields", "disband"});
  Muster m;
  m.faction = refs.faction(r.field("faction"));
  m.builds = refs.piece_counts(r, "builds", true);
  if (auto eq = r.optional("equip"))
    for (const auto& e : eq->elements()) {
      e.only({"at", "card", "count"});
      m.equip.push_back(Equip{refs.where(e), Refs::count(e)});
    }
  if (auto sh = r.optional("shields"))
    for (const auto& e : sh->elements()) m.shields.push_back(refs.shield_op(e));
  m.disband = refs.piece_counts(r, "disband", true);
  return m;
}

Action read_rearm(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "shield"});
  Rearm a{refs.faction(r.field("faction")), {}};
  const JsonReader shield = r.field("shield");
  if (shield.node().is_array())
    for (const auto& e : shield.elements()) a.shields.push_back(refs.shield_op(e));
  else
    a.shields.push_back(refs.shield_op(shield));
  return a;
}

Action read_expose(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card"});
  return Expose{refs.faction(r.field("faction")), refs.card(r.field("card"))};
}

Action read_hide(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card"});
  return Hide{refs.faction(r.field("faction")), refs.card(r.field("card"))};
}

Transfer read_transfer_of(const JsonReader& r, const Refs& refs, const FactionId& faction) {
  return Transfer{faction, refs.card(r.field("card")), read_unit_counts(r.field("units"))};
}

Action read_transfer(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card", "units"});
  return read_transfer_of(r, refs, refs.faction(r.field("faction")));
}

Action read_end_exploration(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "discard", "transfers"});
  EndExploration e;
  e.faction = refs.faction(r.field("faction"));
  if (auto d = r.optional("discard"))
    for (const auto& c : d->elements()) e.discard.push_back(refs.card(c));
  if (auto ts = r.optional("transfers"))
    for (const auto& t : ts->elements()) {
      t.only({"card", "units"});
      e.transfers.push_back(read_transfer_of(t, refs, e.faction));
    }
  return e;
}

using ActionReader = Action (*)(const JsonReader&, const Refs&);
constexpr NameTable<ActionReader, 10> kActionReaders = {{{&read_consume, "consume"},
                                                         {&read_place, "place"},
                                                         {&read_convert, "convert"},
                                                         {&read_release, "release"},
                                                         {&read_muster, "muster"},
                                                         {&read_rearm, "rearm"},
                                                         {&read_expose, "expose"},
                                                         {&read_hide, "hide"},
                                                         {&read_transfer, "transfer"},
                                                         {&read_end_exploration, "end-exploration"}}};

// ---------------------------------------------------------------- queries: one reader each

Query read_friendly_area(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "purpose"});
  return FriendlyAreaQuery{refs.faction(r.field("faction")), r.field("purpose").named(kActivityNames)};
}

Query read_hostile(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at"});
  return HostileQuery{refs.faction(r.field("faction")), refs.space(r.field("at"))};
}

Query read_must_expose(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card", "situation"});
  return MustExposeQuery{refs.faction(r.field("faction")), refs.card(r.field("card")),
                         r.field("situation").named(kExposureSituationNames)};
}

Query read_tie_break(const JsonReader& r, const Refs& refs) {
  r.only({"type", "at", "sides"});
  TieBreakQuery q{refs.space(r.field("at")), {}};
  for (const auto& s : r.field("sides").elements()) {
    FactionId side = refs.faction(s);
    if (std::find(q.sides.begin(), q.sides.end(), side) != q.sides.end())
      s.fail(fmt::format("the side \"{}\" is named twice: a battle's sides are distinct factions", side));
    q.sides.push_back(std::move(side));
  }
  return q;
}

Query read_bombable(const JsonReader& r, const Refs& refs) {
  r.only({"type", "card"});
  return BombableQuery{refs.card(r.field("card"))};
}

Query read_support_cut(const JsonReader& r, const Refs& refs) {
  r.only({"type", "card", "by"});
  return SupportCutQuery{refs.card(r.field("card")), r.field("by").named(kSupportCutterNames)};
}

using QueryReader = Query (*)(const JsonReader&, const Refs&);
constexpr NameTable<QueryReader, 6> kQueryReaders = {{{&read_friendly_area, "friendly-area"},
                                                      {&read_hostile, "hostile"},
                                                      {&read_must_expose, "must-expose"},
                                                      {&read_tie_break, "tie-break"},
                                                      {&read_bombable, "bombable"},
                                                      {&read_support_cut, "support-cut"}}};

json write_answer(const QueryAnswer& answer) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::optional<FactionId>>)
          return v ? json(*v) : json(nullptr);
        else
          return json(v);
      },
      answer);
}

// ---------------------------------------------------------------- steps as JSON (the solver's witnesses)

json write_where(const Where& w) { return w.on_card ? json{{"card", w.space}} : json{{"at", w.space}}; }

json write_piece_count(const PieceCount& pc) {
  json j = write_where(pc.where);
  j["unit"] = piece_name(pc.piece);
  j["count"] = pc.count;
  return j;
}

json write_piece_counts(const std::vector<PieceCount>& list) {
  json out = json::array();
  for (const auto& pc : list) out.push_back(write_piece_count(pc));
  return out;
}

json write_shield_op(const ShieldOp& op) {
  json j = write_where(op.where);
  j["op"] = name_in(kShieldOpNames, op.op);
  return j;
}

json write_transfer_of(const Transfer& t) { return json{{"card", t.card}, {"units", write_unit_counts(t.units)}}; }

json write_action(const Action& action) {
  return std::visit(
      [](const auto& a) -> json {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, Consume>) {
          json j = {{"type", "consume"}, {"faction", a.faction}};
          if (!a.disband.empty()) j["disband"] = write_piece_counts(a.disband);
          return j;
        } else if constexpr (std::is_same_v<T, Place>) {
          json list = json::array();
          for (const auto& pl : a.placements) {
            json e = write_piece_count(pl.what);
            e["from"] = name_in(kTokenSourceNames, pl.from);
            if (pl.utility) e["utility"] = *pl.utility;
            list.push_back(std::move(e));
          }
          return {{"type", "place"},
                  {"faction", a.faction},
                  {"when", name_in(kPlacementTimeNames, a.when)},
                  {"placements", list}};
        } else if constexpr (std::is_same_v<T, Convert>) {
          json j = {{"type", "convert"},          {"faction", a.faction},   {"at", a.at},
                    {"from", piece_name(a.from)}, {"to", piece_name(a.to)}, {"count", a.count}};
          if (a.utility) j["utility"] = *a.utility;
          return j;
        } else if constexpr (std::is_same_v<T, Release>) {
          json j = write_piece_count(a.what);
          j["type"] = "release";
          j["faction"] = a.faction;
          return j;
        } else if constexpr (std::is_same_v<T, Muster>) {
          json j = {{"type", "muster"}, {"faction", a.faction}};
          if (!a.builds.empty()) j["builds"] = write_piece_counts(a.builds);
          if (!a.equip.empty()) {
            j["equip"] = json::array();
            for (const auto& e : a.equip) {
              json w = write_where(e.where);
              w["count"] = e.count;
              j["equip"].push_back(w);
            }
          }
          if (!a.shields.empty()) {
            j["shields"] = json::array();
            for (const auto& op : a.shields) j["shields"].push_back(write_shield_op(op));
          }
          if (!a.disband.empty()) j["disband"] = write_piece_counts(a.disband);
          return j;
        } else if constexpr (std::is_same_v<T, Rearm>) {
          json ops = json::array();
          for (const auto& op : a.shields) ops.push_back(write_shield_op(op));
          return {{"type", "rearm"}, {"faction", a.faction}, {"shield", ops}};
        } else if constexpr (std::is_same_v<T, Expose>) {
          return {{"type", "expose"}, {"faction", a.faction}, {"card", a.card}};
        } else if constexpr (std::is_same_v<T, Hide>) {
          return {{"type", "hide"}, {"faction", a.faction}, {"card", a.card}};
        } else if constexpr (std::is_same_v<T, Transfer>) {
          json j = write_transfer_of(a);
          j["type"] = "transfer";
          j["faction"] = a.faction;
          return j;
        } else {
          json j = {{"type", "end-exploration"}, {"faction", a.faction}};
          if (!a.discard.empty()) j["discard"] = a.discard;
          if (!a.transfers.empty()) {
            j["transfers"] = json::array();
            for (const auto& t : a.transfers) j["transfers"].push_back(write_transfer_of(t));
          }
          return j;
        }
      },
      action);
}

json write_query(const Query& query) {
  return std::visit(
      [](const auto& q) -> json {
        using T = std::decay_t<decltype(q)>;
        if constexpr (std::is_same_v<T, FriendlyAreaQuery>)
          return {{"type", "friendly-area"}, {"faction", q.faction}, {"purpose", activity_name(q.purpose)}};
        else if constexpr (std::is_same_v<T, HostileQuery>)
          return {{"type", "hostile"}, {"faction", q.faction}, {"at", q.at}};
        else if constexpr (std::is_same_v<T, MustExposeQuery>)
          return {{"type", "must-expose"},
                  {"faction", q.faction},
                  {"card", q.card},
                  {"situation", name_in(kExposureSituationNames, q.situation)}};
        else if constexpr (std::is_same_v<T, TieBreakQuery>)
          return {{"type", "tie-break"}, {"at", q.at}, {"sides", q.sides}};
        else if constexpr (std::is_same_v<T, BombableQuery>)
          return {{"type", "bombable"}, {"card", q.card}};
        else
          return {{"type", "support-cut"}, {"card", q.card}, {"by", name_in(kSupportCutterNames, q.by)}};
      },
      query);
}

json write_step(const solver::messina::Step& step) {
  if (const auto* a = std::get_if<Action>(&step)) return json{{"action", write_action(*a)}};
  return json{{"query", write_query(std::get<Query>(step))}};
}

// A claimed answer to `query` as the oracle's typed answer; nullopt when it has the wrong shape.
std::optional<QueryAnswer> read_claimed_answer(const Query& query, const json& result) {
  if (std::holds_alternative<FriendlyAreaQuery>(query)) {
    if (!result.is_array()) return std::nullopt;
    std::vector<SpaceId> spaces;
    for (const auto& e : result) {
      if (!e.is_string()) return std::nullopt;
      spaces.push_back(e.get<std::string>());
    }
    return spaces;
  }
  if (std::holds_alternative<TieBreakQuery>(query)) {
    if (result.is_null()) return std::optional<FactionId>{};
    if (!result.is_string()) return std::nullopt;
    return std::optional<FactionId>{result.get<std::string>()};
  }
  if (!result.is_boolean()) return std::nullopt;
  return result.get<bool>();
}

// ---------------------------------------------------------------- the ruleset

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

// ---------------------------------------------------------------- the edge the adapter binds

// What a tag of the relation is, for the discovery search: a point when the readings table knows it
// (interpretations.json's points, each with its readings), a convention by its namespace
// (messina.convention.*), else a clause of the texts.
solver::messina::SourceIndex source_index() {
  solver::messina::SourceIndex index;
  index.readings = [](const std::string& tag, const Rules& base) {
    std::vector<std::pair<std::string, Rules>> out;
    for (const auto& name : readings_table().names(tag)) {
      Rules r = base;
      r.readings = readings_table().with(base.readings, tag, name);
      out.emplace_back(name, std::move(r));
    }
    return out;
  };
  index.is_clause = [](const std::string& tag) {
    return tag.rfind("messina.convention.", 0) != 0 && readings_table().names(tag).empty();
  };
  return index;
}

struct MessinaEdge {
  static constexpr std::string_view kName = "messina";
  using State = messina::State;
  using Action = messina::Action;
  using Rules = messina::Rules;

  static Rules bind(const JsonReader& ruleset, const JsonReader& readings) {
    return Rules{read_ruleset(ruleset), readings_table().read(readings)};
  }
  static State read_state(const JsonReader& r) { return messina::read_state(r); }
  static std::optional<State> read_state_text(std::string_view text) { return messina::read_state_text(text); }
  static void validate(const Rules& rules, const State& s) { messina::validate(rules.numbers, s); }
  static InvariantBreaks reachability_breaks(const Rules& rules, const State& s) {
    return messina::reachability_breaks(rules, s);
  }
  static json write_state(const State& s) { return messina::write_state(s); }
  static bool write_state_text(const State& s, std::string& out) { return messina::write_state_text(s, out); }
  static Action read_action(const JsonReader& r, const State& s) {
    r.expect_object();
    return r.field("type").named(kActionReaders)(r, Refs{s});
  }
  static State apply(const Rules& rules, const State& s, const Action& a) { return messina::apply(rules, s, a); }
  static json query(const Rules& rules, const State& s, const JsonReader& r) {
    r.expect_object();
    return write_answer(answer(rules, s, read_query(r, s)));
  }
  static Query read_query(const JsonReader& r, const State& s) {
    r.expect_object();
    return r.field("type").named(kQueryReaders)(r, Refs{s});
  }
  static OutcomeCheck check_action(const Rules& rules, const State& s, const Action& a,
                                   const std::optional<State>& after, const std::string& claimed_rule,
                                   unsigned rlimit) {
    return solver::messina::check_action(rules, s, a, after, claimed_rule, solver::Budget{rlimit});
  }
  static OutcomeCheck check_only_next_state(const Rules& rules, const State& s, const Action& a, const State& after,
                                            unsigned rlimit) {
    return solver::messina::check_only_next_state(rules, s, a, after, solver::Budget{rlimit});
  }
  static OutcomeCheck check_query(const Rules& rules, const State& s, const JsonReader& r, const json& claimed,
                                  unsigned rlimit) {
    const Query q = read_query(r, s);
    const auto answer = read_claimed_answer(q, claimed);
    if (!answer) return OutcomeCheck{Membership::forbidden, {}, "the claimed result has the wrong type for this query"};
    return solver::messina::check_query(rules, s, q, *answer, solver::Budget{rlimit});
  }
  static json prove(const Rules& rules, unsigned rlimit) {
    return proof_records("messina", solver::messina::prove(rules, solver::Budget{rlimit}), write_state, write_step);
  }
  static json prove_strength(const Rules& rules, unsigned rlimit) {
    return strength_records("messina", solver::messina::prove_with_strength(rules, solver::Budget{rlimit}),
                            write_state, write_step);
  }
  static json ambiguities(const Rules& rules, unsigned rlimit, bool literal_search) {
    auto found = solver::messina::ambiguities(rules, solver::Budget{rlimit}, literal_search);
    if (literal_search) {  // the discovery from the words alone (solver/messina/discovery.hpp)
      for (auto& w : solver::messina::discover_consumption(rules, source_index(), solver::Budget{rlimit}))
        found.push_back(std::move(w));
      solver::fold_refindings(found);
    }
    return with_words(witness_records("messina", found, write_state, write_step, write_answer), messina_words());
  }
  static json contradictions(const Rules& encoded, const Rules& stated, unsigned rlimit) {
    const auto c = solver::messina::contradictions(encoded, stated.numbers, solver::Budget{rlimit});
    json found = json::array();
    for (const auto& x : c.found)
      found.push_back({{"probe", x.probe}, {"title", x.title}, {"clauses", x.clauses}, {"note", x.note}});
    json out{{"game", "messina"}, {"status", c.status}, {"scope", c.scope}, {"probes", c.probes}, {"found", found}};
    if (!c.why.empty()) out["reason"] = c.why;
    return out;
  }
  static json edit_witnesses(const Rules& base, const Rules& edited, unsigned rlimit) {
    return edit_records("messina", solver::messina::edit_witnesses(base, edited, solver::Budget{rlimit}), write_state,
                        write_step, write_answer);
  }
};

}  // namespace

const Game& messina_game() {
  static const GameOf<MessinaEdge> game;
  return game;
}

}  // namespace rulecheck::messina

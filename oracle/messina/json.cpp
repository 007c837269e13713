// Messina at the edge: JSON states, actions and queries in; canonical JSON out. This file is the
// validator of docs/formats.md (strict fields, types, pointers in every error) and the Game that
// registers Messina with the harness.
#include <fmt/format.h>

#include "harness/game.hpp"
#include "harness/json_reader.hpp"
#include "oracle/messina/oracle.hpp"

namespace rulecheck::messina {

namespace {

// ---------------------------------------------------------------- reading a state

Piece read_unit_kind(const JsonReader& r, bool allow_worker) {
  const std::string name = allow_worker
      ? r.one_of({"civilian", "infantry", "bomber", "fighter", "mech", "worker"})
      : r.one_of({"civilian", "infantry", "bomber", "fighter", "mech"});
  return *piece_from_name(name);
}

UnitCounts read_unit_counts(const JsonReader& r) {
  r.only({"civilian", "infantry", "bomber", "fighter", "mech"});
  UnitCounts counts;
  for (Piece p : kUnitKinds) counts[p] = r.count_or(piece_name(p), 0);
  return counts;
}

Activity read_activity(const JsonReader& r) {
  return *activity_from_name(r.one_of({"muster", "build", "workers", "civilians", "military"}));
}

Faction read_faction(const JsonReader& r) {
  r.only({"kind", "home", "population", "dead", "resources", "consents"});
  Faction f;
  f.kind = r.field("kind").choice<FactionKind>({{"human", FactionKind::human}, {"ai", FactionKind::ai}});
  f.home = r.field("home").strings();
  if (auto p = r.optional("population")) {
    p->only({"disaffected", "spare", "located"});
    f.population = {p->count_or("disaffected", 0), p->count_or("spare", 0), p->count_or("located", 0)};
  }
  f.dead = r.count_or("dead", 0);
  if (auto res = r.optional("resources")) {
    res->only({"food", "water", "energy"});
    f.resources = {res->count_or("food", 0), res->count_or("water", 0), res->count_or("energy", 0)};
  }
  if (auto c = r.optional("consents"))
    for (const auto& [ally, list] : c->members())
      for (const auto& a : list.elements()) f.consents[ally].insert(read_activity(a));
  return f;
}

Space read_space(const JsonReader& r) {
  r.only({"adjacent", "units", "utilities", "shield"});
  Space s;
  if (auto adj = r.optional("adjacent")) s.adjacent = adj->strings();
  if (auto u = r.optional("units"))
    for (const auto& [owner, counts] : u->members()) s.units[owner] = read_unit_counts(counts);
  if (auto u = r.optional("utilities"))
    for (const auto& e : u->elements()) {
      e.only({"owner", "workers"});
      s.utilities.push_back({e.field("owner").string(), e.count_or("workers", 0)});
    }
  if (auto sh = r.optional("shield")) {
    sh->only({"owner", "level"});
    s.shield = Shield{sh->field("owner").string(), sh->optional("level") ? sh->field("level").integer(1) : 1};
  }
  return s;
}

State read_state(const JsonReader& r) {
  r.expect_object().only({"round", "phase", "battle", "factions", "spaces", "cards"});
  State s;
  s.round = r.field("round").integer(1);
  if (auto p = r.optional("phase"))
    s.phase = *phase_from_name(p->one_of({"muster", "consumption", "industry", "orders",
                                          "bonus-military-action", "battle", "between-mil-ops",
                                          "mil-ops", "exploration-end", "rearm"}));
  if (auto b = r.optional("battle")) s.battle = b->string();
  for (const auto& [id, f] : r.field("factions").members()) s.factions[id] = read_faction(f);
  for (const auto& [id, sp] : r.field("spaces").members()) s.spaces[id] = read_space(sp);
  if (auto c = r.optional("cards"))
    for (const auto& [id, card] : c->members()) {
      card.only({"holder", "exposed", "units"});
      LocationCard lc;
      lc.holder = card.field("holder").string();
      lc.exposed = card.optional("exposed") ? card.field("exposed").boolean() : false;
      if (auto u = card.optional("units")) lc.units = read_unit_counts(*u);
      s.cards[id] = lc;
    }
  return s;
}

// ---------------------------------------------------------------- writing a state (canonical)

json write_unit_counts(const UnitCounts& counts) {
  json j = json::object();
  for (Piece p : kUnitKinds)
    if (counts[p] != 0) j[std::string(piece_name(p))] = counts[p];
  return j;
}

void put_count(json& j, const char* key, int value) {
  if (value != 0) j[key] = value;
}

json write_state(const State& s) {
  json j = json::object();
  j["round"] = s.round;
  if (s.phase != Phase::unspecified) j["phase"] = std::string(phase_name(s.phase));
  if (s.battle) j["battle"] = *s.battle;
  json& factions = j["factions"] = json::object();
  for (const auto& [id, f] : s.factions) {
    json fj = json::object();
    fj["kind"] = f.kind == FactionKind::ai ? "ai" : "human";
    fj["home"] = f.home;
    json pop = json::object();
    put_count(pop, "disaffected", f.population.disaffected);
    put_count(pop, "spare", f.population.spare);
    put_count(pop, "located", f.population.located);
    if (!pop.empty()) fj["population"] = pop;
    put_count(fj, "dead", f.dead);
    json res = json::object();
    put_count(res, "food", f.resources.food);
    put_count(res, "water", f.resources.water);
    put_count(res, "energy", f.resources.energy);
    if (!res.empty()) fj["resources"] = res;
    json consents = json::object();
    for (const auto& [ally, acts] : f.consents) {
      if (acts.empty()) continue;
      std::vector<std::string> names;
      for (Activity a : acts) names.emplace_back(activity_name(a));
      std::sort(names.begin(), names.end());
      consents[ally] = names;
    }
    if (!consents.empty()) fj["consents"] = consents;
    factions[id] = fj;
  }
  json& spaces = j["spaces"] = json::object();
  for (const auto& [id, sp] : s.spaces) {
    json sj = json::object();
    std::vector<std::string> adjacent = sp.adjacent;
    std::sort(adjacent.begin(), adjacent.end());
    if (!adjacent.empty()) sj["adjacent"] = adjacent;
    json units = json::object();
    for (const auto& [owner, counts] : sp.units)
      if (!counts.empty()) units[owner] = write_unit_counts(counts);
    if (!units.empty()) sj["units"] = units;
    if (!sp.utilities.empty()) {
      json list = json::array();
      for (const auto& u : sp.utilities) {
        json uj = {{"owner", u.owner}};
        put_count(uj, "workers", u.workers);
        list.push_back(uj);
      }
      sj["utilities"] = list;
    }
    if (sp.shield) sj["shield"] = {{"owner", sp.shield->owner}, {"level", sp.shield->level}};
    spaces[id] = sj;
  }
  if (!s.cards.empty()) {
    json& cards = j["cards"] = json::object();
    for (const auto& [id, c] : s.cards) {
      json cj = {{"holder", c.holder}, {"exposed", c.exposed}};
      if (!c.units.empty()) cj["units"] = write_unit_counts(c.units);
      cards[id] = cj;
    }
  }
  return j;
}

// ---------------------------------------------------------------- actions and queries

// Names in actions must refer to what the state declares; otherwise the action is malformed.
struct Refs {
  const State& state;
  FactionId faction(const JsonReader& r) const {
    std::string id = r.string();
    if (!state.factions.count(id))
      r.fail(fmt::format("unknown faction \"{}\": the state declares no such faction", id));
    return id;
  }
  SpaceId space(const JsonReader& r) const {
    std::string id = r.string();
    if (!state.spaces.count(id))
      r.fail(fmt::format("unknown space \"{}\": the state declares no such space", id));
    return id;
  }
  SpaceId card(const JsonReader& r) const {
    std::string id = r.string();
    if (!state.cards.count(id))
      r.fail(fmt::format("no Location Card \"{}\" is in play in this state (see /cards)", id));
    return id;
  }
  Where where(const JsonReader& r) const {
    const bool at = r.has("at"), on_card = r.has("card");
    if (at == on_card) r.fail("give exactly one of \"at\" (a map space) or \"card\" (a Location Card)");
    return on_card ? Where{card(r.field("card")), true} : Where{space(r.field("at")), false};
  }
  int count(const JsonReader& r) const {
    auto c = r.optional("count");
    return c ? c->integer(1) : 1;
  }
  PieceCount piece_count(const JsonReader& r, bool allow_worker) const {
    r.only({"at", "card", "unit", "count"});
    return PieceCount{where(r), read_unit_kind(r.field("unit"), allow_worker), count(r)};
  }
  std::vector<PieceCount> piece_counts(const JsonReader& r, const char* key, bool allow_worker) const {
    std::vector<PieceCount> out;
    if (auto list = r.optional(key))
      for (const auto& e : list->elements()) out.push_back(piece_count(e, allow_worker));
    return out;
  }
  ShieldOp shield_op(const JsonReader& r) const {
    r.only({"at", "card", "op"});
    return ShieldOp{where(r), r.field("op").choice<ShieldOpKind>(
                                  {{"build", ShieldOpKind::build}, {"upgrade", ShieldOpKind::upgrade}})};
  }
};

Action read_action(const JsonReader& r, const State& state) {
  r.expect_object();
  const Refs refs{state};
  const std::string type = r.field("type").one_of({"consume", "place", "convert", "release", "muster",
                                                   "rearm", "expose", "hide", "transfer",
                                                   "end-exploration"});
  if (type == "consume") {
    r.only({"type", "faction", "disband"});
    return Consume{refs.faction(r.field("faction")), refs.piece_counts(r, "disband", true)};
  }
  if (type == "place") {
    r.only({"type", "faction", "when", "placements"});
    Place p;
    p.faction = refs.faction(r.field("faction"));
    p.when = r.field("when").choice<PlacementTime>({{"industry", PlacementTime::industry},
                                                    {"before-orders", PlacementTime::before_orders},
                                                    {"home-defence", PlacementTime::home_defence}});
    for (const auto& e : r.field("placements").elements()) {
      e.only({"at", "card", "unit", "count", "from"});
      Placement pl;
      pl.what = PieceCount{refs.where(e), read_unit_kind(e.field("unit"), true), refs.count(e)};
      if (auto from = e.optional("from"))
        pl.from = from->choice<TokenSource>({{"spare", TokenSource::spare}, {"disaffected", TokenSource::disaffected}});
      p.placements.push_back(pl);
    }
    return p;
  }
  if (type == "convert") {
    r.only({"type", "faction", "at", "from", "to", "count"});
    return Convert{refs.faction(r.field("faction")), refs.space(r.field("at")),
                   read_unit_kind(r.field("from"), true), read_unit_kind(r.field("to"), true),
                   refs.count(r)};
  }
  if (type == "release") {
    r.only({"type", "faction", "at", "card", "unit", "count"});
    return Release{refs.faction(r.field("faction")),
                   PieceCount{refs.where(r), read_unit_kind(r.field("unit"), true), refs.count(r)}};
  }
  if (type == "muster") {
    r.only({"type", "faction", "builds", "equip", "shields", "disband"});
    Muster m;
    m.faction = refs.faction(r.field("faction"));
    m.builds = refs.piece_counts(r, "builds", true);
    if (auto eq = r.optional("equip"))
      for (const auto& e : eq->elements()) {
        e.only({"at", "card", "count"});
        m.equip.push_back(Equip{refs.where(e), refs.count(e)});
      }
    if (auto sh = r.optional("shields"))
      for (const auto& e : sh->elements()) m.shields.push_back(refs.shield_op(e));
    m.disband = refs.piece_counts(r, "disband", true);
    return m;
  }
  if (type == "rearm") {
    r.only({"type", "faction", "shield"});
    return Rearm{refs.faction(r.field("faction")), refs.shield_op(r.field("shield"))};
  }
  if (type == "expose" || type == "hide") {
    r.only({"type", "faction", "card"});
    FactionId f = refs.faction(r.field("faction"));
    SpaceId c = refs.card(r.field("card"));
    if (type == "expose") return Expose{f, c};
    return Hide{f, c};
  }
  auto read_transfer = [&](const JsonReader& t, const FactionId& f) {
    return Transfer{f, refs.card(t.field("card")), read_unit_counts(t.field("units"))};
  };
  if (type == "transfer") {
    r.only({"type", "faction", "card", "units"});
    return read_transfer(r, refs.faction(r.field("faction")));
  }
  r.only({"type", "faction", "discard", "transfers"});
  EndExploration e;
  e.faction = refs.faction(r.field("faction"));
  if (auto d = r.optional("discard"))
    for (const auto& c : d->elements()) e.discard.push_back(refs.card(c));
  if (auto ts = r.optional("transfers"))
    for (const auto& t : ts->elements()) {
      t.only({"card", "units"});
      e.transfers.push_back(read_transfer(t, e.faction));
    }
  return e;
}

Query read_query(const JsonReader& r, const State& state) {
  r.expect_object();
  const Refs refs{state};
  const std::string type = r.field("type").one_of(
      {"friendly-area", "hostile", "must-expose", "tie-break", "bombable", "support-cut"});
  if (type == "friendly-area") {
    r.only({"type", "faction", "purpose"});
    return FriendlyAreaQuery{refs.faction(r.field("faction")), read_activity(r.field("purpose"))};
  }
  if (type == "hostile") {
    r.only({"type", "faction", "at"});
    return HostileQuery{refs.faction(r.field("faction")), refs.space(r.field("at"))};
  }
  if (type == "must-expose") {
    r.only({"type", "faction", "card", "situation"});
    const auto situation = r.field("situation").choice<ExposureSituation>({
        {"utility-build", ExposureSituation::utility_build},
        {"muster-on-map", ExposureSituation::muster_on_map},
        {"muster-onto-card", ExposureSituation::muster_onto_card},
        {"connect", ExposureSituation::connect},
        {"obstruction", ExposureSituation::obstruction},
        {"march", ExposureSituation::march},
        {"demolition", ExposureSituation::demolition},
        {"military-effect", ExposureSituation::military_effect},
        {"battle", ExposureSituation::battle},
        {"no-response", ExposureSituation::no_response}});
    return MustExposeQuery{refs.faction(r.field("faction")), refs.card(r.field("card")), situation};
  }
  if (type == "tie-break") {
    r.only({"type", "at", "sides"});
    TieBreakQuery q{refs.space(r.field("at")), {}};
    for (const auto& s : r.field("sides").elements()) q.sides.push_back(refs.faction(s));
    return q;
  }
  if (type == "bombable") {
    r.only({"type", "card"});
    return BombableQuery{refs.card(r.field("card"))};
  }
  r.only({"type", "card", "by"});
  return SupportCutQuery{refs.card(r.field("card")),
                         r.field("by").choice<SupportCutter>({{"missile", SupportCutter::missile},
                                                              {"bomb", SupportCutter::bomb},
                                                              {"march", SupportCutter::march},
                                                              {"support", SupportCutter::support}})};
}

json write_answer(const QueryAnswer& answer) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::optional<FactionId>>) return v ? json(*v) : json(nullptr);
        else return json(v);
      },
      answer);
}

// ---------------------------------------------------------------- ruleset and readings

Ruleset read_ruleset(const JsonReader& r) {
  r.only({"game", "note", "round_parity_muster", "round_parity_consumption", "tokens_per_food_and_water",
          "disaffected_recovered_after_full_feeding", "stacking_map", "stacking_card", "hand_limit",
          "high_tech_min_cost", "equip_cost", "shield_build_cost", "shield_upgrade_cost",
          "shield_upgrades_per_muster", "shield_ops_per_rearm", "shield_strength_first_level",
          "ai_backed_units", "units", "starship_strength"});
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
  n.ai_backed_units.clear();
  for (const auto& u : r.field("ai_backed_units").elements()) n.ai_backed_units.insert(read_unit_kind(u, false));
  const JsonReader units = r.field("units");
  units.only({"civilian", "infantry", "bomber", "fighter", "mech"});
  for (Piece p : kUnitKinds) {
    const JsonReader u = units.field(piece_name(p));
    u.only({"cost", "strength", "population"});
    n.units[p] = UnitSpec{u.field("cost").count(), u.field("strength").count(), u.field("population").count()};
  }
  return n;
}

Readings read_readings(const JsonReader& r) {
  using R = Readings;
  Readings out;
  for (const auto& [point, reading] : r.members()) {
    if (point == "messina.card-hostility")
      out.card_hostility = reading.choice<R::CardHostility>(
          {{"exposed-only", R::CardHostility::exposed_only}, {"held", R::CardHostility::held}});
    else if (point == "messina.friendly-area-extent")
      out.area_extent = reading.choice<R::AreaExtent>(
          {{"friendly-component", R::AreaExtent::friendly_component}, {"with-frontier", R::AreaExtent::with_frontier}});
    else if (point == "messina.home-space-anchor")
      out.home_anchor = reading.choice<R::HomeAnchor>(
          {{"always", R::HomeAnchor::always}, {"if-friendly", R::HomeAnchor::if_friendly}});
    else if (point == "messina.civilian-stacking")
      out.civilian_stacking = reading.choice<R::CivilianStacking>(
          {{"applies", R::CivilianStacking::applies}, {"muster-phase-only", R::CivilianStacking::muster_phase_only}});
    else if (point == "messina.stacking-scope")
      out.stacking_scope = reading.choice<R::StackingScope>(
          {{"all-factions", R::StackingScope::all_factions}, {"per-faction", R::StackingScope::per_faction}});
    else if (point == "messina.hostile-workers")
      out.hostile_workers = reading.choice<R::HostileWorkers>(
          {{"units-include-workers", R::HostileWorkers::units_include_workers}, {"military-units-only", R::HostileWorkers::military_units_only}});
    else if (point == "messina.consumption-bill")
      out.consumption_bill = reading.choice<R::ConsumptionBill>(
          {{"all-tokens", R::ConsumptionBill::all_tokens}, {"excluding-disaffected", R::ConsumptionBill::excluding_disaffected}});
    else if (point == "messina.shield-high-tech")
      out.shield_high_tech = reading.choice<R::ShieldHighTech>(
          {{"units-only", R::ShieldHighTech::units_only}, {"shields-too", R::ShieldHighTech::shields_too}});
    else
      reading.fail(fmt::format("the oracle does not know the interpretation point \"{}\"", point));
  }
  return out;
}

// ---------------------------------------------------------------- the Game

class MessinaRules final : public BoundRules {
 public:
  explicit MessinaRules(Rules rules) : rules_(std::move(rules)) {}

  State parse_state(const json& state) const {
    State s = read_state(JsonReader(state, "/state"));
    try {
      validate(rules_.numbers, s);
    } catch (const InputError& e) {
      throw InputError("/state" + e.pointer(), e.what());
    }
    return s;
  }

  json canonical_state(const json& state) const override { return write_state(parse_state(state)); }
  // Pointers in errors start with "/state", "/action" or "/query".

  ApplyOutcome apply(const json& state, const json& action) const override {
    const State s = parse_state(state);
    const Action a = read_action(JsonReader(action, "/action"), s);
    try {
      State next = messina::apply(rules_, s, a);
      return ApplyOutcome{true, "", "", std::make_shared<json>(write_state(next))};
    } catch (const RuleViolation& v) {
      return ApplyOutcome{false, v.clause(), v.what(), nullptr};
    }
  }

  json query(const json& state, const json& query) const override {
    const State s = parse_state(state);
    return write_answer(answer(rules_, s, read_query(JsonReader(query, "/query"), s)));
  }

 private:
  Rules rules_;
};

class MessinaGame final : public Game {
 public:
  std::string name() const override { return "messina"; }
  std::unique_ptr<BoundRules> bind(const json& ruleset, const json& readings) const override {
    return std::make_unique<MessinaRules>(
        Rules{read_ruleset(JsonReader(ruleset, "")), read_readings(JsonReader(readings, ""))});
  }
};

}  // namespace

const Game& messina_game() {
  static const MessinaGame game;
  return game;
}

}  // namespace rulecheck::messina

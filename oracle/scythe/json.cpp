// Scythe at the edge: JSON in, canonical JSON out, and the Game that registers Scythe.
#include <fmt/format.h>

#include "harness/game.hpp"
#include "harness/json_reader.hpp"
#include "oracle/scythe/oracle.hpp"

namespace rulecheck::scythe {

namespace {

UnitCounts read_units(const JsonReader& r) {
  r.only({"character", "mech", "worker"});
  UnitCounts u;
  for (Unit k : kUnits) u[k] = r.count_or(unit_name(k), 0);
  return u;
}

State read_state(const JsonReader& r) {
  r.expect_object().only({"factions", "territories", "pending"});
  State s;
  for (const auto& [id, f] : r.field("factions").members()) {
    f.only({"popularity", "home_base"});
    s.factions[id] = Faction{f.count_or("popularity", 0), f.field("home_base").string()};
  }
  for (const auto& [id, t] : r.field("territories").members()) {
    t.only({"adjacent", "home_base", "terrain", "units", "structure", "encounter", "resources", "held_by"});
    Territory terr;
    if (auto adj = t.optional("adjacent")) terr.adjacent = adj->strings();
    if (auto h = t.optional("home_base")) terr.home_base = h->string();
    if (auto tr = t.optional("terrain"))
      terr.terrain = tr->one_of({"farm", "forest", "mountain", "tundra", "village", "lake", "factory", "home-base"});
    if (auto u = t.optional("units"))
      for (const auto& [owner, counts] : u->members()) terr.units[owner] = read_units(counts);
    if (auto st = t.optional("structure")) {
      st->only({"owner", "kind"});
      terr.structure = Structure{st->field("owner").string(),
                                 st->field("kind").one_of({"mill", "mine", "armory", "monument"})};
    }
    if (auto e = t.optional("encounter")) terr.encounter = e->boolean();
    if (auto res = t.optional("resources")) {
      res->only({"food", "wood", "metal", "oil"});
      for (const auto& [kind, n] : res->members())
        if (int c = n.count(); c > 0) terr.resources[kind] = c;
    }
    if (auto h = t.optional("held_by")) terr.held_by = h->string();
    s.territories[id] = terr;
  }
  if (auto p = r.optional("pending")) {
    p->only({"combats", "encounters"});
    if (auto c = p->optional("combats")) s.pending_combats = c->strings();
    if (auto e = p->optional("encounters")) s.pending_encounters = e->strings();
  }
  return s;
}

json write_state(const State& s) {
  json j = json::object();
  json& factions = j["factions"] = json::object();
  for (const auto& [id, f] : s.factions) {
    json fj = {{"home_base", f.home_base}};
    if (f.popularity != 0) fj["popularity"] = f.popularity;
    factions[id] = fj;
  }
  json& territories = j["territories"] = json::object();
  for (const auto& [id, t] : s.territories) {
    json tj = json::object();
    std::vector<std::string> adjacent = t.adjacent;
    std::sort(adjacent.begin(), adjacent.end());
    if (!adjacent.empty()) tj["adjacent"] = adjacent;
    if (t.home_base) tj["home_base"] = *t.home_base;
    if (!t.terrain.empty()) tj["terrain"] = t.terrain;
    json units = json::object();
    for (const auto& [owner, counts] : t.units) {
      json cj = json::object();
      for (Unit k : kUnits)
        if (counts[k] != 0) cj[std::string(unit_name(k))] = counts[k];
      if (!cj.empty()) units[owner] = cj;
    }
    if (!units.empty()) tj["units"] = units;
    if (t.structure) tj["structure"] = {{"owner", t.structure->owner}, {"kind", t.structure->kind}};
    if (t.encounter) tj["encounter"] = true;
    if (!t.resources.empty()) tj["resources"] = t.resources;
    if (t.held_by) tj["held_by"] = *t.held_by;
    territories[id] = tj;
  }
  json pending = json::object();
  std::vector<std::string> combats = s.pending_combats, encounters = s.pending_encounters;
  std::sort(combats.begin(), combats.end());
  std::sort(encounters.begin(), encounters.end());
  if (!combats.empty()) pending["combats"] = combats;
  if (!encounters.empty()) pending["encounters"] = encounters;
  if (!pending.empty()) j["pending"] = pending;
  return j;
}

struct Refs {
  const State& state;
  FactionId faction(const JsonReader& r) const {
    std::string id = r.string();
    if (!state.factions.count(id)) r.fail(fmt::format("unknown faction \"{}\": the state declares no such faction", id));
    return id;
  }
  TerritoryId territory(const JsonReader& r) const {
    std::string id = r.string();
    if (!state.territories.count(id))
      r.fail(fmt::format("unknown territory \"{}\": the state declares no such territory", id));
    return id;
  }
};

Move read_move(const JsonReader& r, const State& s) {
  r.expect_object().only({"type", "faction", "moves"});
  r.field("type").one_of({"move"});
  const Refs refs{s};
  Move m;
  m.faction = refs.faction(r.field("faction"));
  for (const auto& e : r.field("moves").elements()) {
    e.only({"unit", "from", "path", "carry"});
    UnitMove um;
    um.unit = *unit_from_name(e.field("unit").one_of({"character", "mech", "worker"}));
    um.from = refs.territory(e.field("from"));
    for (const auto& p : e.field("path").elements()) um.path.push_back(refs.territory(p));
    if (auto c = e.optional("carry")) {
      c->only({"worker"});
      um.carried_workers = c->count_or("worker", 0);
    }
    m.moves.push_back(um);
  }
  return m;
}

class ScytheRules final : public BoundRules {
 public:
  explicit ScytheRules(Rules rules) : rules_(std::move(rules)) {}

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

  ApplyOutcome apply(const json& state, const json& action) const override {
    const State s = parse_state(state);
    const Move m = read_move(JsonReader(action, "/action"), s);
    try {
      return ApplyOutcome{true, "", "", std::make_shared<json>(write_state(move(rules_, s, m)))};
    } catch (const RuleViolation& v) {
      return ApplyOutcome{false, v.clause(), v.what(), nullptr};
    }
  }

  json query(const json& state, const json& query) const override {
    const State s = parse_state(state);
    const JsonReader r(query, "/query");
    const Refs refs{s};
    const std::string type = r.expect_object().field("type").one_of({"controller", "mill-produces", "structure-bonus"});
    if (type == "controller") {
      r.only({"type", "at"});
      auto who = controller(s, refs.territory(r.field("at")));
      return who ? json(*who) : json(nullptr);
    }
    if (type == "mill-produces") {
      r.only({"type", "at"});
      return mill_produces(s, MillProducesQuery{refs.territory(r.field("at"))});
    }
    r.only({"type", "at", "faction"});
    return gets_structure_bonus(s, StructureBonusQuery{refs.territory(r.field("at")), refs.faction(r.field("faction"))});
  }

 private:
  Rules rules_;
};

Ruleset read_ruleset(const JsonReader& r) {
  r.only({"game", "note", "popularity_min", "popularity_max", "popularity_loss_per_worker", "move_range"});
  Ruleset n;
  n.popularity_min = r.field("popularity_min").count();
  n.popularity_max = r.field("popularity_max").count();
  n.popularity_loss_per_worker = r.field("popularity_loss_per_worker").count();
  const JsonReader range = r.field("move_range");
  range.only({"character", "mech", "worker"});
  for (Unit u : kUnits) n.move_range[u] = range.field(unit_name(u)).count();
  return n;
}

Readings read_readings(const JsonReader& r) {
  using R = Readings;
  Readings out;
  for (const auto& [point, reading] : r.members()) {
    if (point == "scythe.vacated-workers")
      out.vacated_workers = reading.choice<R::VacatedWorkers>(
          {{"any-unit", R::VacatedWorkers::any_unit}, {"no-workers", R::VacatedWorkers::no_workers}});
    else if (point == "scythe.stop-path")
      out.stop_path = reading.choice<R::StopPath>(
          {{"must-end", R::StopPath::must_end}, {"truncate", R::StopPath::truncate}});
    else
      reading.fail(fmt::format("the oracle does not know the interpretation point \"{}\"", point));
  }
  return out;
}

class ScytheGame final : public Game {
 public:
  std::string name() const override { return "scythe"; }
  std::unique_ptr<BoundRules> bind(const json& ruleset, const json& readings) const override {
    return std::make_unique<ScytheRules>(Rules{read_ruleset(JsonReader(ruleset, "")), read_readings(JsonReader(readings, ""))});
  }
};

}  // namespace

const Game& scythe_game() {
  static const ScytheGame game;
  return game;
}

}  // namespace rulecheck::scythe

#include "harness/rules_data.hpp"
#include "harness/game_rulesets.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/game.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "games/registry.hpp"

namespace rulecheck {

namespace {

void merge_into(json& base, const json& overrides, const std::string& at) {
  for (const auto& [key, value] : overrides.items()) {
    const std::string here = pointer(at, key);
    if (!base.contains(key)) throw InputError(here, fmt::format("the ruleset has no number \"{}\"", key));
    if (base[key].is_object()) {
      if (!value.is_object()) throw InputError(here, "expected an object, as in the ruleset");
      merge_into(base[key], value, here);
    } else {
      if (value.type() != base[key].type() && !(value.is_number_integer() && base[key].is_number_integer()))
        throw InputError(here, fmt::format("expected a value like the ruleset's {}", base[key].dump()));
      base[key] = value;
    }
  }
}

// rules/<game>/invariants.json: {"invariants": [{"id", "clauses", "says"}, ...]} (or the bare array),
// each clause an id of the game's index. A game without the file has no invariants written down.
void read_invariants(GameRules& g, const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return;
  const json doc = read_json_file(file);
  try {
    const JsonReader r(doc, "");
    const JsonReader list = doc.is_array() ? r : r.expect_object().field("invariants");
    for (const auto& i : list.elements()) {
      i.expect_object().only({"id", "clauses", "says"});
      StateInvariant inv{i.field("id").string(), {}, i.field("says").string()};
      for (const auto& c : i.field("clauses").elements()) {
        std::string id = c.string();
        if (!g.has_clause(id)) c.fail(fmt::format("\"{}\" is not a clause id of rules/{}/clauses.json", id, g.game));
        inv.clauses.push_back(std::move(id));
      }
      if (g.invariant(inv.id)) i.field("id").fail(fmt::format("the invariant \"{}\" is listed twice", inv.id));
      g.invariants.push_back(std::move(inv));
    }
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", file.string(), e.what()));
  }
}

GameRules load_game(const std::filesystem::path& dir, const std::string& game) {
  GameRules g;
  g.game = game;
  const auto clauses_file = dir / "clauses.json";
  const json clauses = read_json_file(clauses_file);
  try {
    for (const auto& c : JsonReader(clauses, "").field("clauses").elements()) {
      Clause clause{c.field("id").string(), c.field("section").string(), c.field("paraphrase").string(),
                    c.field("scope").string()};
      g.clauses[clause.id] = clause;
    }
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", clauses_file.string(), e.what()));
  }
  g.ruleset = read_json_file(dir / "ruleset.json");
  const auto interp_file = dir / "interpretations.json";
  const json interps = read_json_file(interp_file);
  try {
    for (const auto& p : JsonReader(interps, "").field("points").elements()) {
      InterpretationPoint point{p.field("id").string(), {}, p.field("default").string(), {}, {}};
      for (const auto& [reading, text] : p.field("readings").members()) {
        point.readings.push_back(reading);
        point.reading_says[reading] = text.string();
      }
      if (auto q = p.optional("question")) point.question = q->string();
      if (point.readings.empty()) p.field("readings").fail("an interpretation point needs at least one reading");
      if (std::find(point.readings.begin(), point.readings.end(), point.default_reading) == point.readings.end())
        p.field("default").fail(fmt::format("the default reading \"{}\" is not one of the point's readings ({})",
                                            point.default_reading, fmt::join(point.readings, ", ")));
      if (g.point(point.id)) p.field("id").fail(fmt::format("the point \"{}\" is listed twice", point.id));
      g.points.push_back(point);
    }
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", interp_file.string(), e.what()));
  }
  read_invariants(g, dir / "invariants.json");
  read_produced_rulesets(g, dir / "ruleset.doc.json");
  return g;
}

}  // namespace

std::set<std::string> GameRules::clause_ids() const {
  std::set<std::string> out;
  for (const auto& [id, clause] : clauses) out.insert(id);
  return out;
}

const InterpretationPoint* GameRules::point(const std::string& id) const {
  for (const auto& p : points)
    if (p.id == id) return &p;
  return nullptr;
}

const StateInvariant* GameRules::invariant(const std::string& id) const {
  for (const auto& i : invariants)
    if (i.id == id) return &i;
  return nullptr;
}

json GameRules::merged_ruleset(const json& overrides) const {
  json merged = ruleset;
  if (!overrides.is_null()) {
    if (!overrides.is_object()) throw InputError("", "the ruleset overrides must be an object");
    merge_into(merged, overrides, "");
  }
  return merged;
}

json GameRules::checked_ruleset(const json& overrides) const {
  json merged = merged_ruleset(overrides);
  if (const Game* g = find_game(game)) (void)g->bind(merged, readings(json::object()));
  return merged;
}

json GameRules::readings(const json& chosen) const {
  json out = json::object();
  for (const auto& p : points) out[p.id] = p.default_reading;
  if (chosen.is_null()) return out;
  if (!chosen.is_object()) throw InputError("", "interpretations must be an object: point id -> reading");
  for (const auto& [id, reading] : chosen.items()) {
    const InterpretationPoint* p = point(id);
    if (!p) throw InputError(pointer("", id), fmt::format("unknown interpretation point \"{}\" for {}", id, game));
    if (!reading.is_string() ||
        std::find(p->readings.begin(), p->readings.end(), reading.get<std::string>()) == p->readings.end()) {
      throw InputError(pointer("", id), fmt::format("unknown reading {} of {}; its readings are: {}", reading.dump(),
                                                    id, fmt::join(p->readings, ", ")));
    }
    out[id] = reading;
  }
  return out;
}

RulesLibrary::RulesLibrary(const std::filesystem::path& rules_dir) : dir_(rules_dir) {
  for (const Game* game : all_games()) {
    const auto dir = rules_dir / game->name();
    if (!std::filesystem::exists(dir / "clauses.json"))
      throw InputError("",
                       fmt::format("{}: missing; every game needs its clause index", (dir / "clauses.json").string()));
    GameRules& g = games_[game->name()] = load_game(dir, game->name());
    // The default numbers and readings must make the game's rules: a fault here is the rules
    // folder's, said once naming its files, never blamed on every scenario.
    try {
      (void)game->bind(g.merged_ruleset(json::object()), g.readings(json::object()));
    } catch (const InputError& e) {
      throw InputError(e.pointer(), fmt::format("{} and {} do not make the rules of {}: {}",
                                                (dir / "ruleset.json").string(), (dir / "interpretations.json").string(),
                                                game->name(), e.what()));
    }
  }
}

const GameRules* RulesLibrary::find(const std::string& game) const {
  auto it = games_.find(game);
  return it == games_.end() ? nullptr : &it->second;
}

}  // namespace rulecheck

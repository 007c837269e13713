// `rulecheck diff`, reading the edit: the base and edited rulesets and the readings chosen, each file
// checked and named in its errors.
#include <string>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "diff/edit_diff.hpp"

namespace rulecheck::diff {

namespace {

json read_named(const std::string& file) {
  try {
    return read_json_file(file);
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", file, e.what()));
  }
}

// The game a file names, checked against the one already chosen.
void take_game(std::string& game, const json& file_json, const std::string& file) {
  if (!file_json.is_object()) throw InputError("", fmt::format("{}: expected a JSON object", file));
  if (!file_json.contains("game")) return;
  const std::string named = file_json["game"].is_string() ? file_json["game"].get<std::string>() : "";
  if (!game.empty() && named != game)
    throw InputError("/game", fmt::format("{}: is for game \"{}\", not \"{}\"", file, named, game));
  game = named;
}

json ruleset_from(const GameRules& over, const std::string& file, const json& content) {
  try {
    return over.checked_ruleset(content);
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", file, e.what()));
  }
}

// An interpretations.json (each point's "default"), {"readings": {...}} or {point: reading}.
json chosen_readings(const json& content) {
  json chosen = json::object();
  if (content.contains("points") && content["points"].is_array()) {
    for (const auto& p : content["points"])
      if (p.is_object() && p.contains("id") && p.contains("default")) chosen[p["id"].get<std::string>()] = p["default"];
    return chosen;
  }
  const json& source = content.contains("readings") ? content["readings"] : content;
  if (!source.is_object()) throw InputError("/readings", "expected an object: point id -> reading");
  for (const auto& [k, v] : source.items())
    if (k != "game" && k != "note") chosen[k] = v;
  return chosen;
}

void set_default_readings(GameRules& rules, const json& readings) {
  for (auto& p : rules.points) p.default_reading = readings.at(p.id).get<std::string>();
}

}  // namespace

Edit read_edit(const RulesLibrary& library, const std::string& game_asked, const std::string& base_ruleset,
               const std::string& edited_ruleset, const std::string& readings) {
  std::string game = game_asked;
  json base_json = json::object(), edited_json = json::object(), readings_json = json::object();
  if (!base_ruleset.empty()) take_game(game, base_json = read_named(base_ruleset), base_ruleset);
  if (!edited_ruleset.empty()) take_game(game, edited_json = read_named(edited_ruleset), edited_ruleset);
  if (!readings.empty()) take_game(game, readings_json = read_named(readings), readings);
  if (game.empty())
    throw InputError("", "which game? the files name none (no \"game\" field): give --game");
  const GameRules* project = library.find(game);
  if (!project) throw InputError("", fmt::format("unknown game \"{}\"", game));

  Edit e{game, {"base", *project}, {"edited", *project}};
  e.base.rules.ruleset = ruleset_from(*project, base_ruleset, base_json);
  e.edited.rules.ruleset = ruleset_from(e.base.rules, edited_ruleset, edited_json);
  json chosen;
  try {
    chosen = project->readings(chosen_readings(readings_json));
  } catch (const InputError& err) {
    throw InputError(err.pointer(), fmt::format("{}: {}", readings, err.what()));
  }
  set_default_readings(e.edited.rules, chosen);
  return e;
}

}  // namespace rulecheck::diff

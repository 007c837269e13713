#include "harness/engine_hello.hpp"

#include <fmt/format.h>

#include "harness/engine_line.hpp"
#include "harness/subprocess.hpp"

namespace rulecheck {

namespace {

// "a number", "a string", ... for a message.
std::string kind_of(const json& v) {
  switch (v.type()) {
    case json::value_t::string: return "a string";
    case json::value_t::array: return "a list";
    case json::value_t::object: return "an object";
    case json::value_t::boolean: return "true or false";
    case json::value_t::null: return "null";
    default: return "a number";
  }
}

std::string shown(const json& v) { return excerpt(v.dump(-1, ' ', false, json::error_handler_t::replace)); }

[[noreturn]] void wrong(const std::string& command, const std::string& field, const json& value,
                        const std::string& wanted) {
  throw HelloError(fmt::format("the engine '{}' answered hello with {} {} ({}), but {} is {} "
                               "(docs/engine-protocol.md; `rulecheck engine check` checks a hello)",
                               command, field, shown(value), kind_of(value), field, wanted));
}

[[noreturn]] void missing(const std::string& command, const std::string& field, const std::string& what) {
  throw HelloError(fmt::format("the engine '{}' answered hello without a \"{}\" ({}) (docs/engine-protocol.md)",
                               command, field, what));
}

std::vector<std::string> read_games(const json& games, const std::string& command) {
  if (!games.is_array()) wrong(command, "\"games\"", games, "a list of the games it plays ([\"messina\"])");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (!games[i].is_string()) wrong(command, fmt::format("\"games\"[{}]", i), games[i], "a game's name, a string");
    out.push_back(capped_engine_text(games[i].get<std::string>()));
  }
  return out;
}

void check_interpretations(const json& declared, const std::string& command) {
  if (!declared.is_object())
    wrong(command, "\"interpretations\"", declared, "an object: point id -> reading, or list of readings");
  for (const auto& [point, entry] : declared.items()) {
    const std::string field = fmt::format("\"interpretations\".\"{}\"", excerpt(point));
    if (entry.is_string()) continue;
    if (!entry.is_array()) wrong(command, field, entry, "a reading (a string) or a list of readings");
    for (const json& reading : entry)
      if (!reading.is_string()) wrong(command, field, entry, "a reading (a string) or a list of readings (strings)");
  }
}

}  // namespace

EngineHello read_hello(const json& answer, const std::string& command) {
  EngineHello hello;
  if (!answer.contains("name")) missing(command, "name", "a string naming the engine in reports");
  if (!answer["name"].is_string()) wrong(command, "\"name\"", answer["name"], "a string naming the engine");
  hello.name = capped_engine_text(answer["name"].get<std::string>(), kMaxEngineName);
  if (hello.name.empty()) wrong(command, "\"name\"", answer["name"], "a name that is not empty");
  if (answer.contains("protocol") && answer["protocol"] != 1)
    throw HelloError(fmt::format("the engine '{}' answered hello for protocol {}; rulecheck speaks protocol 1",
                                 command, shown(answer["protocol"])));
  if (answer.contains("version")) {
    if (!answer["version"].is_string()) wrong(command, "\"version\"", answer["version"], "a string (free text)");
    hello.version = capped_engine_text(answer["version"].get<std::string>(), kMaxEngineName);
  }
  if (!answer.contains("games")) missing(command, "games", "the list of the games it plays");
  hello.games = read_games(answer["games"], command);
  if (answer.contains("interpretations")) {
    check_interpretations(answer["interpretations"], command);
    hello.interpretations = answer["interpretations"];
    cap_engine_strings(hello.interpretations);
  }
  hello.declared = read_declarations(answer, command);
  return hello;
}

std::string hello_change(const EngineHello& before, const EngineHello& after) {
  const auto text = [](const auto& v) { return shown(json(v)); };
  if (before.name != after.name) return fmt::format("its \"name\" was {}, now {}", text(before.name), text(after.name));
  if (before.version != after.version)
    return fmt::format("its \"version\" was {}, now {}", text(before.version), text(after.version));
  if (before.games != after.games)
    return fmt::format("its \"games\" were {}, now {}", text(before.games), text(after.games));
  if (before.interpretations != after.interpretations)
    return fmt::format("its \"interpretations\" were {}, now {}", shown(before.interpretations),
                       shown(after.interpretations));
  if (!(before.declared == after.declared)) return "its declarations (moves, not_modelled, fixed_ruleset, unit_ids) changed";
  return "";
}

}  // namespace rulecheck

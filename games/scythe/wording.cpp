#include "games/scythe/wording.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace rulecheck::scythe {

namespace {

// A member of an object, or null when it has none (iterating null visits nothing).
const json& member(const json& object, const char* key) {
  static const json none;
  const auto it = object.find(key);
  return it == object.end() ? none : *it;
}

std::string plural_of(const std::string& unit) { return unit == "character" ? "characters" : unit + "s"; }

std::string move_words(const json& a) {
  const std::string who = a.value("faction", "?");
  std::vector<std::string> parts;
  for (const auto& m : member(a, "moves")) {
    std::string s = fmt::format("its {} {}", m.value("unit", "unit"), m.value("from", "?"));
    for (const auto& t : member(m, "path")) s += " -> " + t.get<std::string>();
    const json& carry = member(m, "carry");
    const int riders = carry.is_object() ? carry.value("worker", 0) : 0;
    if (riders) s += fmt::format(" carrying {} worker{}", riders, riders == 1 ? "" : "s");
    parts.push_back(s);
  }
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : i + 1 == parts.size() ? ", then " : ", ") + parts[i];
  return fmt::format("{} moves {}", who, out.empty() ? "nothing" : out);
}

std::string change_words(const StateChange& c) {
  const auto& p = c.path;
  const std::string values = value_words(c.before) + " -> " + value_words(c.after);
  if (p.size() == 3 && p[0] == "factions" && p[2] == "popularity") return fmt::format("{}'s popularity {}", p[1], values);
  if (p.size() == 5 && p[0] == "territories" && p[2] == "units")
    return fmt::format("{}'s {} on {}: {}", p[3], plural_of(p[4]), p[1], values);
  if (p.size() == 3 && p[0] == "territories" && p[2] == "held_by")
    return fmt::format("who keeps control of {} while factions share it: {}", p[1], values);
  if (p.size() == 3 && p[0] == "territories" && p[2] == "encounter")
    return fmt::format("encounter token on {}: {}", p[1], values);
  if (p.size() == 2 && p[0] == "pending") return fmt::format("{} waiting: {}", p[1], values);
  std::string at;
  for (const auto& x : p) at += "/" + x;
  return fmt::format("{}: {}", at, values);
}

std::vector<std::string> changes_words(const json& before, const json& after) {
  std::vector<std::string> out;
  for (const auto& c : state_changes(before, after)) out.push_back(change_words(c));
  return out;
}

std::vector<std::string> step_places(const json& step) {
  std::vector<std::string> out;
  auto add = [&](const json& v) {
    if (v.is_string() && std::find(out.begin(), out.end(), v.get<std::string>()) == out.end())
      out.push_back(v.get<std::string>());
  };
  const json& a = step.contains("action") ? step.at("action") : step.at("query");
  for (const auto& m : member(a, "moves")) {
    if (m.contains("from")) add(m["from"]);
    for (const auto& t : member(m, "path")) add(t);
  }
  return out;
}

}  // namespace

const GameWords& scythe_words() {
  static const GameWords words{
      [](const json&, const json& step) { return step.contains("action") ? move_words(step.at("action")) : step.dump(); },
      changes_words,
      [](const json&, const json& result) { return value_words(result); },
      step_places};
  return words;
}

}  // namespace rulecheck::scythe

#include "games/messina/wording.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace rulecheck::messina {

namespace {

// A member of an object, or null when it has none (iterating null visits nothing).
const json& member(const json& object, const char* key) {
  static const json none;
  const auto it = object.find(key);
  return it == object.end() ? none : *it;
}

// "1 Civilian", "2 Civilians", "1 Infantry", "2 Infantry".
std::string units_of(int n, const std::string& unit) {
  static const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> names = {
      {"civilian", {"Civilian", "Civilians"}}, {"infantry", {"Infantry", "Infantry"}},
      {"bomber", {"Bomber", "Bombers"}},       {"fighter", {"Fighter", "Fighters"}},
      {"mech", {"Mech", "Mechs"}},             {"worker", {"Worker", "Workers"}}};
  for (const auto& [id, forms] : names)
    if (id == unit) return fmt::format("{} {}", n, n == 1 ? forms.first : forms.second);
  return fmt::format("{} {}", n, unit);
}

std::string plural_of(const std::string& unit) {
  const std::string one = units_of(2, unit);
  return one.substr(one.find(' ') + 1);
}

// "at A" or "on card A".
std::string where_words(const json& e) {
  if (e.contains("card")) return "on card " + e.at("card").get<std::string>();
  return "at " + e.value("at", std::string("?"));
}

std::string counted(const json& e) { return units_of(e.value("count", 1), e.value("unit", std::string("unit"))); }

std::string list_words(const std::vector<std::string>& parts) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

std::string when_words(const std::string& when) {
  if (when == "industry") return " in an Industry Action";
  if (when == "before-orders") return " before orders";
  if (when == "home-defence") return " in Home defence";
  return when.empty() ? "" : " (" + when + ")";
}

std::string transfers_words(const json& transfers) {
  std::vector<std::string> parts;
  for (const auto& t : transfers) {
    std::vector<std::string> units;
    for (const auto& [u, n] : member(t, "units").items()) units.push_back(units_of(n.get<int>(), u));
    parts.push_back(fmt::format("{} from card {} down to the map", list_words(units), t.value("card", "?")));
  }
  return list_words(parts);
}

std::string action_words(const json& a) {
  const std::string type = a.value("type", ""), who = a.value("faction", "");
  if (type == "consume") {
    std::vector<std::string> gone;
    for (const auto& d : member(a, "disband")) gone.push_back(counted(d) + " " + where_words(d));
    return gone.empty() ? who + " pays its Consumption"
                        : fmt::format("{} pays its Consumption, disbanding {}", who, list_words(gone));
  }
  if (type == "muster") {
    std::vector<std::string> parts;
    for (const auto& b : member(a, "builds")) parts.push_back("builds " + counted(b) + " " + where_words(b));
    for (const auto& e : member(a, "equip"))
      parts.push_back(fmt::format("equips {} {}", units_of(e.value("count", 1), "civilian"), where_words(e)));
    for (const auto& s : member(a, "shields"))
      parts.push_back((s.value("op", "") == "upgrade" ? "upgrades its Shield " : "builds a Shield ") + where_words(s));
    for (const auto& d : member(a, "disband")) parts.push_back("disbands " + counted(d) + " " + where_words(d));
    return fmt::format("{} musters: {}", who, parts.empty() ? "nothing" : list_words(parts));
  }
  if (type == "place") {
    std::vector<std::string> parts;
    for (const auto& p : member(a, "placements")) {
      std::string s = counted(p) + " " + where_words(p);
      if (p.contains("utility")) s += " in " + p["utility"].get<std::string>() + "'s Utility";
      s += " from " + std::string(p.value("from", "spare") == "disaffected" ? "Disaffected" : "Spare");
      parts.push_back(s);
    }
    return fmt::format("{} places {}{}", who, list_words(parts), when_words(a.value("when", "")));
  }
  if (type == "expose") return fmt::format("{} turns card {} face-up", who, a.value("card", "?"));
  if (type == "hide") return fmt::format("{} turns card {} face-down", who, a.value("card", "?"));
  if (type == "transfer") return fmt::format("{} moves {}", who, transfers_words(json::array({a})));
  if (type == "end-exploration") {
    std::vector<std::string> parts;
    if (a.contains("transfers")) parts.push_back("moves " + transfers_words(a["transfers"]));
    std::vector<std::string> cards;
    for (const auto& c : member(a, "discard")) cards.push_back(c.get<std::string>());
    parts.push_back(cards.empty() ? "discards no card" : "discards card " + list_words(cards));
    return fmt::format("At the end of an Exploration {} {}", who, list_words(parts));
  }
  if (type == "convert")
    return fmt::format("{} converts {} at {} into {}", who, units_of(a.value("count", 1), a.value("from", "")),
                       a.value("at", "?"), plural_of(a.value("to", "")));
  if (type == "release") return fmt::format("{} releases {} {}", who, counted(a), where_words(a));
  if (type == "rearm") {
    std::vector<std::string> parts;
    for (const auto& s : member(a, "shield"))
      parts.push_back((s.value("op", "") == "upgrade" ? "upgrades its Shield " : "builds a Shield ") + where_words(s));
    return fmt::format("In a Re-arm {} {}", who, list_words(parts));
  }
  return a.dump();
}

std::string query_words(const json& q) {
  const std::string type = q.value("type", "");
  if (type == "friendly-area")
    return fmt::format("Which spaces are in {}'s Friendly Area for {}?", q.value("faction", "?"), q.value("purpose", "?"));
  if (type == "hostile") return fmt::format("Is {} hostile to {}?", q.value("at", "?"), q.value("faction", "?"));
  if (type == "tie-break") {
    std::vector<std::string> sides;
    for (const auto& s : member(q, "sides")) sides.push_back(s.get<std::string>());
    return fmt::format("Who wins the tie between {} at {}?", list_words(sides), q.value("at", "?"));
  }
  if (type == "must-expose")
    return fmt::format("Must {} expose card {} ({})?", q.value("faction", "?"), q.value("card", "?"),
                       q.value("situation", "?"));
  if (type == "bombable") return fmt::format("May card {}'s location be bombed?", q.value("card", "?"));
  if (type == "support-cut") return fmt::format("Is card {}'s support cut by {}?", q.value("card", "?"), q.value("by", "?"));
  return q.dump();
}

std::string answer_words(const json& q, const json& result) {
  const std::string type = q.value("type", "");
  if (type == "friendly-area")
    return fmt::format("{}'s Friendly Area: {}", q.value("faction", "?"), value_words(result));
  if (type == "hostile")
    return fmt::format("{} is {}hostile to {}", q.value("at", "?"), result == json(true) ? "" : "not ",
                       q.value("faction", "?"));
  if (type == "tie-break") return result.is_null() ? "nobody wins the tie" : value_words(result) + " wins the tie";
  if (result.is_boolean()) return result.get<bool>() ? "yes" : "no";
  return value_words(result);
}

const std::vector<std::pair<std::string, std::string>> kMatFields = {
    {"spare", "Spare tokens"}, {"disaffected", "Disaffected tokens"}, {"located", "Located tokens"}};
const std::vector<std::pair<std::string, std::string>> kResources = {
    {"food", "Food"}, {"water", "Water"}, {"energy", "Energy"}};

std::string label_of(const std::vector<std::pair<std::string, std::string>>& table, const std::string& key) {
  for (const auto& [k, v] : table)
    if (k == key) return v;
  return key;
}

std::string change_words(const StateChange& c) {
  const auto& p = c.path;
  const std::string from = value_words(c.before), to = value_words(c.after);
  const std::string values = from + " -> " + to;
  if (p.size() == 2 && p[0] == "factions" && p.size() == 2) return fmt::format("{}: {}", p[1], values);
  if (p.size() >= 3 && p[0] == "factions") {
    const std::string& f = p[1];
    if (p[2] == "dead" && c.after.is_number() && c.before.is_number()) {
      const int n = c.after.get<int>() - c.before.get<int>();
      if (n > 0)
        return fmt::format("{} token{} of {}'s go{} to the Death Zone (dead {})", n, n == 1 ? "" : "s", f,
                           n == 1 ? "es" : "", values);
      return fmt::format("{}'s dead tokens {}", f, values);
    }
    if (p[2] == "population" && p.size() == 4) return fmt::format("{}'s {} {}", f, label_of(kMatFields, p[3]), values);
    if (p[2] == "resources" && p.size() == 4) return fmt::format("{}'s {} {}", f, label_of(kResources, p[3]), values);
    if (p[2] == "consents" && p.size() == 4) return fmt::format("{}'s consents to {}: {}", f, p[3], values);
    if (p[2] == "home") return fmt::format("{}'s Home Spaces: {}", f, values);
  }
  if (p.size() >= 3 && p[0] == "spaces") {
    const std::string& s = p[1];
    if (p[2] == "units" && p.size() == 5) return fmt::format("{}'s {} at {}: {}", p[3], plural_of(p[4]), s, values);
    if (p[2] == "utilities" && p.size() == 4) return fmt::format("{}'s Utility at {}: {}", p[3], s, values);
    if (p[2] == "utilities" && p.size() == 5 && p[4] == "workers")
      return fmt::format("Workers in {}'s Utility at {}: {}", p[3], s, values);
    if (p[2] == "utilities" && p.size() == 6 && p[4] == "guests")
      return fmt::format("{}'s Workers in {}'s Utility at {}: {}", p[5], p[3], s, values);
    if (p[2] == "shields" && p.size() == 5 && p[4] == "level")
      return fmt::format("{}'s Shield level at {}: {}", p[3], s, values);
  }
  if (p.size() >= 3 && p[0] == "cards") {
    const std::string& k = p[1];
    if (p[2] == "units" && p.size() == 4) return fmt::format("{} on card {}: {}", plural_of(p[3]), k, values);
    if (p[2] == "exposed")
      return fmt::format("card {} turns face-{} ", k, c.after == json(true) ? "up" : "down") + "(exposed " + values + ")";
    if (p[2] == "holder")
      return c.after.is_null() ? fmt::format("card {} is discarded (holder {} -> nobody)", k, from)
                               : fmt::format("card {}'s holder: {}", k, values);
  }
  std::string at;
  for (const auto& x : p) at += "/" + x;
  return fmt::format("{}: {}", at, values);
}

// A state with every Shield written as "shields": {owner: {"level": n}} (a state writes one Shield
// per space as "shield": {owner, level}, several as "shields": [{owner, level}, ...]).
json shields_by_owner(json state) {
  if (!state.contains("spaces")) return state;
  for (auto& [id, space] : state["spaces"].items()) {
    json listed = space.contains("shields") ? space["shields"] : json::array();
    if (space.contains("shield")) listed.push_back(space["shield"]);
    space.erase("shield");
    space.erase("shields");
    for (const auto& one : listed)
      if (one.is_object() && one.contains("owner"))
        space["shields"][one["owner"].get<std::string>()] = {{"level", one.value("level", 0)}};
  }
  return state;
}

std::vector<std::string> changes_words(const json& before, const json& after) {
  std::vector<std::string> out;
  for (const auto& c : state_changes(shields_by_owner(before), shields_by_owner(after))) out.push_back(change_words(c));
  return out;
}

void add_place(std::vector<std::string>& out, const json& v) {
  if (!v.is_string()) return;
  const std::string s = v.get<std::string>();
  if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
}

std::vector<std::string> step_places(const json& step) {
  std::vector<std::string> out;
  const json& a = step.contains("action") ? step.at("action") : step.at("query");
  for (const char* key : {"at", "card"})
    if (a.contains(key)) add_place(out, a[key]);
  for (const char* list : {"builds", "equip", "shields", "disband", "placements", "transfers", "shield"})
    for (const auto& e : member(a, list))
      for (const char* key : {"at", "card"})
        if (e.contains(key)) add_place(out, e[key]);
  for (const auto& c : member(a, "discard")) add_place(out, c);
  return out;
}

}  // namespace

const GameWords& messina_words() {
  static const GameWords words{
      [](const json&, const json& step) {
        return step.contains("action") ? action_words(step.at("action")) : query_words(step.at("query"));
      },
      changes_words, answer_words, step_places};
  return words;
}

}  // namespace rulecheck::messina

// Reading and changing a Messina state (docs/formats.md, "Messina state"): counts, which units
// population tokens back, taking units off the map or a card, and the canonical form of a state.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

#include "engine.hpp"

namespace example_engine {

namespace {
const json kEmptyObject = json::object();
}  // namespace

// ---- the request's numbers and readings ----

Rules::Rules(const json& ruleset, const json& interpretations) : ruleset_(ruleset), interpretations_(interpretations) {
  if (!ruleset_.is_object()) throw BadRequest{"/ruleset: expected an object"};
  if (!interpretations_.is_object()) throw BadRequest{"/interpretations: expected an object"};
}

Count Rules::number(const std::string& key) const {
  if (!ruleset_.contains(key)) throw BadRequest{"/ruleset/" + key + ": missing"};
  return count_at(ruleset_, key, "/ruleset/" + key);
}

const json& Rules::table(const std::string& key) const {
  auto it = ruleset_.find(key);
  if (it == ruleset_.end() || !(it->is_object() || it->is_array()))
    throw BadRequest{"/ruleset/" + key + ": expected an object or a list"};
  return *it;
}

std::string Rules::reading(const std::string& point, std::initializer_list<const char*> implemented) const {
  auto it = interpretations_.find(point);
  if (it == interpretations_.end()) return *implemented.begin();
  if (it->is_string())
    for (const char* r : implemented)
      if (it->get_ref<const std::string&>() == r) return r;
  throw Unsupported{"reading " + it->dump() + " of interpretation point " + point};
}

// ---- fields ----

Count count_at(const json& object, const std::string& key, const std::string& where) {
  auto it = object.find(key);
  if (it == object.end()) return 0;  // counts that are zero may be left out
  bool ok = false;
  if (it->is_number_unsigned())
    ok = it->get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxCount);
  else if (it->is_number_integer())
    ok = it->get<std::int64_t>() >= 0 && it->get<std::int64_t>() <= kMaxCount;
  if (!ok) throw BadRequest{where + ": must be an integer from 0 to " + std::to_string(kMaxCount)};
  return it->get<Count>();
}

const json& object_at(const json& object, const std::string& key, const std::string& where) {
  auto it = object.find(key);
  if (it == object.end()) return kEmptyObject;
  if (!it->is_object()) throw BadRequest{where + ": expected an object"};
  return *it;
}

const std::string& string_at(const json& object, const std::string& key, const std::string& where) {
  auto it = object.find(key);
  if (it == object.end() || !it->is_string()) throw BadRequest{where + ": expected a string"};
  return it->get_ref<const std::string&>();
}

std::string faction_of(const json& state, const json& action) {
  const std::string& faction = string_at(action, "faction", "/action/faction");
  if (!object_at(state, "factions", "/state/factions").contains(faction))
    throw BadRequest{"/action/faction: unknown faction \"" + faction + "\""};
  return faction;
}

bool is_ai(const json& state, const std::string& faction) {
  const json& f = object_at(object_at(state, "factions", "/state/factions"), faction, "/state/factions/" + faction);
  return f.value("kind", "human") == "ai";
}

// ---- population tokens behind units ----

// messina.population.backing: a Worker always has a token behind it; the AI faction backs only
// the unit kinds the ruleset lists (ai_backed_units); any other faction backs every unit whose
// population is above 0 (so never a Mech).
bool is_backed(const Rules& rules, bool ai, const std::string& unit) {
  if (unit == "worker") return true;
  if (ai) {
    const json& backed = rules.table("ai_backed_units");
    return std::find(backed.begin(), backed.end(), json(unit)) != backed.end();
  }
  return count_at(object_at(rules.table("units"), unit, "/ruleset/units/" + unit), "population",
                  "/ruleset/units/" + unit + "/population") > 0;
}

// messina.population.tokens: one token per Worker or backed unit, or the unit's population when
// that is larger.
Count tokens_for(const Rules& rules, bool ai, const std::string& unit) {
  if (!is_backed(rules, ai, unit)) return 0;
  if (unit == "worker") return 1;
  const Count population = count_at(object_at(rules.table("units"), unit, "/ruleset/units/" + unit), "population",
                                    "/ruleset/units/" + unit + "/population");
  return std::max<Count>(1, population);
}

Count tokens_on_held_cards(const Rules& rules, const json& state, const std::string& faction) {
  const bool ai = is_ai(state, faction);
  Count tokens = 0;
  for (const auto& [id, card] : object_at(state, "cards", "/state/cards").items()) {
    if (!card.is_object() || card.value("holder", "") != faction) continue;
    const std::string where = "/state/cards/" + id + "/units";
    const json& units = object_at(card, "units", where);
    for (const auto& [unit, n] : units.items())
      tokens += count_at(units, unit, where + "/" + unit) * tokens_for(rules, ai, unit);
  }
  return tokens;
}

// ---- units at a place ----

Units read_units(const Rules& rules, const json& state, const json& entry, const std::string& where) {
  if (!entry.is_object()) throw BadRequest{where + ": expected an object"};
  Units u;
  if (entry.contains("at") == entry.contains("card")) throw BadRequest{where + ": name exactly one of at or card"};
  u.on_card = entry.contains("card");
  const std::string key = u.on_card ? "card" : "at";
  u.place = string_at(entry, key, where + "/" + key);
  const json& places = object_at(state, u.on_card ? "cards" : "spaces", u.on_card ? "/state/cards" : "/state/spaces");
  if (!places.contains(u.place)) throw BadRequest{where + "/" + key + ": unknown " + key + " \"" + u.place + "\""};
  u.unit = string_at(entry, "unit", where + "/unit");
  if (u.unit != "worker" && !rules.table("units").contains(u.unit))
    throw BadRequest{where + "/unit: unknown unit \"" + u.unit + "\""};
  if (entry.contains("count")) {
    u.count = count_at(entry, "count", where + "/count");
    if (u.count < 1) throw BadRequest{where + "/count: must be 1 or more"};
  }
  return u;
}

bool take_units(json& state, const std::string& faction, const Units& what) {
  if (what.on_card) {  // the units on a Location Card are its holder's, and are never Workers
    json& card = state["cards"][what.place];
    if (what.unit == "worker" || card.value("holder", "") != faction) return false;
    const std::string where = "/state/cards/" + what.place + "/units";
    const Count there = count_at(object_at(card, "units", where), what.unit, where + "/" + what.unit);
    if (there < what.count) return false;
    card["units"][what.unit] = there - what.count;
    return true;
  }
  json& space = state["spaces"][what.place];
  if (what.unit != "worker") {
    const std::string where = "/state/spaces/" + what.place + "/units";
    const json& units = object_at(object_at(space, "units", where), faction, where + "/" + faction);
    const Count there = count_at(units, what.unit, where + "/" + faction + "/" + what.unit);
    if (there < what.count) return false;
    space["units"][faction][what.unit] = there - what.count;
    return true;
  }
  // Workers live in Utilities: the faction's own ("workers"), or another's as guests ("guests").
  auto utilities = space.find("utilities");
  if (utilities == space.end() || !utilities->is_array()) return false;
  const auto slot = [&](json& utility, bool own) -> json* {  // the faction's Worker count in it, if any
    if (!utility.is_object() || (own && utility.value("owner", "") != faction)) return nullptr;
    json* counts = &utility;
    if (!own) {
      auto guests = utility.find("guests");
      if (guests == utility.end() || !guests->is_object()) return nullptr;
      counts = &*guests;
    }
    auto n = counts->find(own ? std::string("workers") : faction);
    return n != counts->end() && n->is_number_integer() ? &*n : nullptr;
  };
  Count there = 0;
  for (bool own : {true, false})
    for (json& utility : *utilities)
      if (json* n = slot(utility, own)) there += n->get<Count>();
  if (there < what.count) return false;
  Count left = what.count;
  for (bool own : {true, false})
    for (json& utility : *utilities)
      if (json* n = slot(utility, own)) {
        const Count taken = std::min(left, n->get<Count>());
        *n = n->get<Count>() - taken;
        left -= taken;
      }
  return true;
}

// ---- canonical form ----

namespace {

bool is_empty_value(const json& v) {
  return (v.is_number_integer() && v.get<Count>() == 0) || ((v.is_object() || v.is_array()) && v.empty());
}

void prune(json& v) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end();) {
      prune(*it);
      it = is_empty_value(*it) ? v.erase(it) : std::next(it);
    }
  } else if (v.is_array()) {
    for (json& item : v) prune(item);  // list items stay (a Utility emptied of Workers is still there)
  }
}

}  // namespace

void make_canonical(json& state) {
  for (auto it = state.begin(); it != state.end();) {
    const bool keeps_members = it.key() == "spaces" || it.key() == "factions" || it.key() == "cards";
    if (keeps_members && it->is_object())
      for (json& member : *it) prune(member);
    else
      prune(*it);
    it = is_empty_value(*it) ? state.erase(it) : std::next(it);
  }
}

}  // namespace example_engine

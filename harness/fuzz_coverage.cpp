#include "harness/fuzz_coverage.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/ruleset_paths.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/pointer.hpp"

namespace rulecheck {

const std::map<std::string, std::vector<std::string>>& require_clauses() {
  // Each clause named by a require() check of oracle/<game>/ (directly, or through the helpers that
  // pass their caller's clause on: scythe's stop_here, messina's require_worker_utility).
  static const std::map<std::string, std::vector<std::string>> clauses = {
      {"messina",
       {"messina.cards.capacity",
        "messina.cards.discard-empty",
        "messina.cards.hand-limit",
        "messina.cards.hide",
        "messina.cards.holding",
        "messina.cards.muster-onto",
        "messina.cards.no-structures",
        "messina.cards.transfer",
        "messina.consumption.shortfall.step3",
        "messina.consumption.when",
        "messina.muster.energy",
        "messina.muster.equip",
        "messina.muster.equip.ai",
        "messina.muster.friendly-area",
        "messina.muster.high-tech",
        "messina.muster.no-build-disband",
        "messina.muster.population",
        "messina.muster.shield.build-upgrade",
        "messina.muster.shield.not-both",
        "messina.muster.shield.one-upgrade",
        "messina.muster.shield.rearm",
        "messina.muster.stacking",
        "messina.muster.stacking.over-limit",
        "messina.muster.when",
        "messina.population.backing",
        "messina.population.disaffected",
        "messina.population.disband-on-shortfall",
        "messina.population.home-defence",
        "messina.population.interconversion",
        "messina.population.no-return",
        "messina.population.placement.cards",
        "messina.population.placement.civilians",
        "messina.population.placement.friendly-area",
        "messina.population.placement.spare-required",
        "messina.population.placement.workers"}},
      {"scythe",
       {"scythe.move.combat-stop", "scythe.move.encounter-stop", "scythe.move.home-base", "scythe.move.mech-carry",
        "scythe.move.once-per-action", "scythe.move.path", "scythe.move.range", "scythe.move.unit-present",
        "scythe.move.units-per-action", "scythe.move.worker-blocked-by-combat-units",
        "scythe.move.worker-blocked-by-workers", "scythe.move.workers-stop"}},
  };
  return clauses;
}

namespace {

void add_counts(std::map<std::string, std::size_t>& to, const std::map<std::string, std::size_t>& from) {
  for (const auto& [k, n] : from) to[k] += n;
}

// "#/$defs/name" -> the definition, or nullptr.
const json* resolve(const json& schema, const std::string& ref) {
  const std::string prefix = "#/$defs/";
  if (ref.rfind(prefix, 0) != 0) return nullptr;
  const auto& defs = schema.find("$defs");
  if (defs == schema.end()) return nullptr;
  const auto it = defs->find(ref.substr(prefix.size()));
  return it == defs->end() ? nullptr : &*it;
}

std::vector<std::string> enum_of(const json& def) {
  std::vector<std::string> out;
  const auto props = def.find("properties");
  if (props == def.end()) return out;
  const auto type = props->find("type");
  if (type == props->end() || !type->contains("enum")) return out;
  for (const auto& v : (*type)["enum"])
    if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}

}  // namespace

void FeatureCounts::add(const FeatureCounts& other) {
  add_counts(ruleset_keys, other.ruleset_keys);
  add_counts(readings, other.readings);
  add_counts(types, other.types);
  add_counts(forbidding, other.forbidding);
  add_counts(unknown_fields, other.unknown_fields);
  if (fields.size() < other.fields.size()) fields.resize(other.fields.size());
  for (std::size_t i = 0; i < other.fields.size(); ++i) fields[i] += other.fields[i];
}

int FeatureUniverse::node(const std::string& name) {
  nodes_.push_back(Node{name, {}, -1});
  return static_cast<int>(nodes_.size() - 1);
}

// Adds what `def` allows under node `at`: its properties as named children, its additionalProperties,
// patternProperties and items as the "*" child; $ref, allOf, anyOf, oneOf, then and else add to the
// same node.
void FeatureUniverse::walk_schema(const json& schema, const json& def, int at, int depth) {
  if (!def.is_object() || depth > 40) return;
  auto child = [&](const std::string& key) {
    for (const auto& [k, n] : nodes_[static_cast<std::size_t>(at)].children)
      if (k == key) return n;
    const int n = node(nodes_[static_cast<std::size_t>(at)].name + "/" + pointer_token(key));
    nodes_[static_cast<std::size_t>(at)].children.emplace_back(key, n);
    return n;
  };
  auto any = [&] {
    if (nodes_[static_cast<std::size_t>(at)].any < 0) {
      const int n = node(nodes_[static_cast<std::size_t>(at)].name + "/*");
      nodes_[static_cast<std::size_t>(at)].any = n;
    }
    return nodes_[static_cast<std::size_t>(at)].any;
  };
  if (const auto ref = def.find("$ref"); ref != def.end() && ref->is_string())
    if (const json* target = resolve(schema, ref->get<std::string>())) walk_schema(schema, *target, at, depth + 1);
  if (const auto props = def.find("properties"); props != def.end() && props->is_object())
    for (const auto& [key, sub] : props->items()) walk_schema(schema, sub, child(key), depth + 1);
  if (const auto extra = def.find("additionalProperties"); extra != def.end() && extra->is_object())
    walk_schema(schema, *extra, any(), depth + 1);
  if (const auto pattern = def.find("patternProperties"); pattern != def.end() && pattern->is_object())
    for (const auto& [key, sub] : pattern->items()) walk_schema(schema, sub, any(), depth + 1);
  if (const auto items = def.find("items"); items != def.end() && items->is_object())
    walk_schema(schema, *items, any(), depth + 1);
  for (const char* key : {"allOf", "anyOf", "oneOf"})
    if (const auto list = def.find(key); list != def.end() && list->is_array())
      for (const auto& sub : *list) walk_schema(schema, sub, at, depth + 1);
  for (const char* key : {"then", "else"})
    if (const auto sub = def.find(key); sub != def.end()) walk_schema(schema, *sub, at, depth + 1);
}

FeatureUniverse::FeatureUniverse(const RulesLibrary& library, const std::vector<std::string>& games,
                                 const std::filesystem::path& schema_file)
    : library_(library), games_(games) {
  json schema;
  if (!std::filesystem::exists(schema_file)) {
    fields_unavailable_ = fmt::format("no scenario schema at {} (it is read from the clone: scenarios/schema/ next to "
                                      "the rules folder)",
                                      schema_file.string());
    return;
  }
  try {
    schema = read_json_file(schema_file);
  } catch (const InputError& e) {
    fields_unavailable_ = fmt::format("the scenario schema could not be read: {}", e.what());
    return;
  }
  for (const auto& game : games_) {
    const json* state = resolve(schema, "#/$defs/" + game + "-state");
    if (!state) {
      fields_unavailable_ = fmt::format("{} has no $defs/{}-state", schema_file.string(), game);
      return;
    }
    const int root = node(game + " /state");
    roots_[game + " state"] = root;
    walk_schema(schema, *state, root, 0);
    for (const char* kind : {"action", "query"}) {
      const json* def = resolve(schema, fmt::format("#/$defs/{}-{}", game, kind));
      if (!def) continue;
      for (const auto& type : enum_of(*def)) {
        types_[game].push_back(fmt::format("{} {}", kind, type));
        const json* typed = resolve(schema, fmt::format("#/$defs/{}-{}-{}", game, kind, type));
        const int at = node(fmt::format("{} {} /{}", game, type, kind));
        roots_[fmt::format("{} {} {}", game, kind, type)] = at;
        walk_schema(schema, typed ? *typed : *def, at, 0);
      }
    }
  }
}

int FeatureUniverse::root_of(const std::string& key) const {
  const auto it = roots_.find(key);
  return it == roots_.end() ? -1 : it->second;
}

void FeatureUniverse::count_json(FeatureCounts& into, const json& value, int at, const std::string& where) const {
  const Node& n = nodes_[static_cast<std::size_t>(at)];
  auto enter = [&](int next, const json& sub, const std::string& key) {
    if (next < 0) {  // a field the schema does not have: the generator's bug, listed apart
      ++into.unknown_fields[where + "/" + pointer_token(key)];
      return;
    }
    ++into.fields[static_cast<std::size_t>(next)];
    if (sub.is_structured()) count_json(into, sub, next, nodes_[static_cast<std::size_t>(next)].name);
  };
  if (value.is_object()) {
    for (const auto& [key, sub] : value.items()) {
      int next = n.any;
      for (const auto& [k, c] : n.children)
        if (k == key) {
          next = c;
          break;
        }
      enter(next, sub, key);
    }
  } else if (value.is_array()) {
    for (const auto& sub : value) enter(n.any, sub, "*");
  }
}

void FeatureUniverse::count(FeatureCounts& into, const std::string& game, const std::string& type, bool is_query,
                            const json& ruleset, const json& interpretations, const json& state, const json& request,
                            bool legal, const std::string& rule) const {
  const GameRules* rules = library_.find(game);
  if (!rules) return;
  std::vector<std::string> changed;
  changed_ruleset_keys(ruleset, rules->ruleset, "", changed);
  for (const auto& key : changed) ++into.ruleset_keys[game + " " + key];
  for (const auto& point : rules->points) {
    const auto it = interpretations.is_object() ? interpretations.find(point.id) : interpretations.end();
    const std::string reading =
        interpretations.is_object() && it != interpretations.end() && it->is_string() ? it->get<std::string>()
                                                                                       : point.default_reading;
    ++into.readings[point.id + "=" + reading];
  }
  const std::string kind = fmt::format("{} {} {}", game, is_query ? "query" : "action", type);
  ++into.types[kind + (is_query ? " answered" : legal ? " legal" : " illegal")];
  if (!is_query && !legal && !rule.empty()) ++into.forbidding[rule];
  if (!fields_available()) return;
  if (into.fields.size() < nodes_.size()) into.fields.resize(nodes_.size());
  if (const int root = root_of(game + " state"); root >= 0) count_json(into, state, root, nodes_[static_cast<std::size_t>(root)].name);
  if (const int root = root_of(kind); root >= 0) count_json(into, request, root, nodes_[static_cast<std::size_t>(root)].name);
}

void FeatureUniverse::draw_only_the_games_rulesets() {
  for (const auto& game : games_) {
    const GameRules* rules = library_.find(game);
    if (!rules) continue;
    std::vector<std::string> leaves;
    ruleset_leaf_keys(rules->ruleset, "", leaves);
    for (const auto& key : leaves) {
      std::string pointer = "/" + key;
      std::replace(pointer.begin(), pointer.end(), '.', '/');
      const json& default_value = rules->ruleset.at(json::json_pointer(pointer));
      bool varies = false;  // some combination the game produces gives it another value than its default
      for (const auto& group : rules->produced)
        for (std::size_t k = 0; k < group.keys.size(); ++k)
          for (const auto& c : group.combinations)
            varies = varies || (group.keys[k] == key && c[k] != default_value);
      if (!varies)
        not_drawn_[fmt::format("ruleset key with a non-default value: {} {}", game, key)] =
            "the game produces only its default (rules/" + game +
            "/ruleset.doc.json, \"produced\"), and this run draws only the game's rulesets: --rulesets any draws it";
    }
  }
}

const std::map<std::string, std::string>& not_reachable_by_the_rules() {
  static const std::map<std::string, std::string> items = {
      {"type: messina action release legal",
       "messina.population.no-return: units on the map or a card never go back to Spare, so no release is legal"},
      {"ruleset key with a non-default value: messina units.civilian.population",
       "the rules fix it at 1 token: a Civilian and a Worker (1 token) interconvert and a Civilian is equipped as "
       "Infantry with no token moving on the mat (messina.population.interconversion, messina.muster.equip)"},
      {"ruleset key with a non-default value: messina units.infantry.population",
       "the rules fix it at 1 token: Infantry turns into a Worker (1 token) and a Civilian is equipped as Infantry "
       "with no token moving on the mat (messina.population.interconversion, messina.muster.equip)"},
  };
  return items;
}

json FeatureUniverse::report(const FeatureCounts& counts) const {
  json out = json::object();
  json unreached = json::array(), not_reachable = json::array();
  // An item no case can reach by the rules' own sentences is listed apart, with why; any other is unreached.
  auto missing = [&](std::string item) {
    if (const auto why = not_reachable_by_the_rules().find(item); why != not_reachable_by_the_rules().end())
      not_reachable.push_back({{"item", item}, {"why", why->second}});
    else if (const auto not_drawn = not_drawn_.find(item); not_drawn != not_drawn_.end())
      not_reachable.push_back({{"item", item}, {"why", not_drawn->second}});
    else
      unreached.push_back(std::move(item));
  };
  auto section = [&](const char* name, const std::vector<std::string>& universe,
                     const std::map<std::string, std::size_t>& seen, const std::string& label) {
    json s = json::object();
    for (const auto& item : universe) {
      const auto it = seen.find(item);
      const std::size_t n = it == seen.end() ? 0 : it->second;
      s[item] = n;
      if (n == 0) missing(fmt::format("{}: {}", label, item));
    }
    for (const auto& [item, n] : seen)  // reached though not in the universe (kept, never hidden)
      if (!s.contains(item)) s[item] = n;
    out[name] = s;
  };
  std::vector<std::string> keys, readings, types, clauses;
  for (const auto& game : games_) {
    const GameRules* rules = library_.find(game);
    if (!rules) continue;
    std::vector<std::string> leaves;
    ruleset_leaf_keys(rules->ruleset, "", leaves);
    for (const auto& k : leaves) keys.push_back(game + " " + k);
    for (const auto& point : rules->points)
      for (const auto& r : point.readings) readings.push_back(point.id + "=" + r);
    if (const auto t = types_.find(game); t != types_.end())
      for (const auto& type : t->second) {
        if (type.rfind("query ", 0) == 0) {
          types.push_back(fmt::format("{} {} answered", game, type));
        } else {
          types.push_back(fmt::format("{} {} legal", game, type));
          types.push_back(fmt::format("{} {} illegal", game, type));
        }
      }
    if (const auto c = require_clauses().find(game); c != require_clauses().end())
      clauses.insert(clauses.end(), c->second.begin(), c->second.end());
  }
  section("ruleset_keys", keys, counts.ruleset_keys, "ruleset key with a non-default value");
  section("readings", readings, counts.readings, "reading");
  section("types", types, counts.types, "type");
  section("require_clauses", clauses, counts.forbidding, "require clause");
  if (fields_available()) {
    json fields = json::object();
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (std::any_of(roots_.begin(), roots_.end(), [&](const auto& r) { return r.second == static_cast<int>(i); }))
        continue;  // the state or the request itself is always there
      const std::size_t n = i < counts.fields.size() ? counts.fields[i] : 0;
      fields[nodes_[i].name] = n;
      if (n == 0) missing(fmt::format("format field: {}", nodes_[i].name));
    }
    out["fields"] = fields;
    out["fields_unavailable"] = nullptr;
  } else {
    out["fields"] = nullptr;
    out["fields_unavailable"] = fields_unavailable_;
  }
  out["unknown_fields"] = counts.unknown_fields;
  out["unreached"] = unreached;
  out["not_reachable"] = not_reachable;
  return out;
}

}  // namespace rulecheck

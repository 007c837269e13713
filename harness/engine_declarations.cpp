#include "harness/engine_declarations.hpp"

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "harness/engine_hello.hpp"
#include "harness/engine_line.hpp"
#include "harness/subprocess.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck {

namespace {

std::string shown(const json& v) { return excerpt(v.dump(-1, ' ', false, json::error_handler_t::replace)); }

[[noreturn]] void malformed(const std::string& command, const std::string& field, const json& value,
                            const std::string& wanted) {
  throw HelloError(fmt::format("the engine '{}' answered hello with {} {}, but {} is {} "
                               "(docs/engine-protocol.md \"Declarations\")",
                               command, field, shown(value), field, wanted));
}

// A not_modelled entry: a field name (no '/'), or a JSON pointer into the state whose segments may be "*".
bool is_pattern(const std::string& p) {
  if (p.empty()) return false;
  if (p[0] != '/') return p.find('/') == std::string::npos;
  return p.size() > 1 && p.find("//") == std::string::npos && p.back() != '/';
}

std::vector<std::string> segments(const std::string& pointer) {
  std::vector<std::string> out;
  std::size_t at = 1;
  while (at <= pointer.size()) {
    const std::size_t next = pointer.find('/', at);
    out.push_back(pointer.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) break;
    at = next + 1;
  }
  return out;
}

// Every key named `name` at any depth of `v`.
void find_field(const json& v, const std::string& name, json::json_pointer here, std::vector<json::json_pointer>& out) {
  if (v.is_object()) {
    for (const auto& [key, child] : v.items()) {
      if (key == name) out.push_back(here / key);
      else find_field(child, name, here / key, out);
    }
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) find_field(v[i], name, here / i, out);
  }
}

// Every place of `v` the pointer segments from `k` on match ("*": any key of an object).
void find_pointer(const json& v, const std::vector<std::string>& segs, std::size_t k, json::json_pointer here,
                  std::vector<json::json_pointer>& out) {
  if (k == segs.size()) return out.push_back(here);
  if (!v.is_object()) return;
  if (segs[k] == "*") {
    for (const auto& [key, child] : v.items()) find_pointer(child, segs, k + 1, here / key, out);
  } else if (v.contains(segs[k])) {
    find_pointer(v[segs[k]], segs, k + 1, here / segs[k], out);
  }
}

void erase_at(json& v, const json::json_pointer& p) {
  if (!v.contains(p)) return;
  v[p.parent_pointer()].erase(p.back());
}

}  // namespace

EngineDeclarations read_declarations(const json& answer, const std::string& command) {
  EngineDeclarations d;
  if (answer.contains("moves")) {
    const json& m = answer["moves"];
    if (m != "path" && m != "destination")
      malformed(command, "\"moves\"", m, "\"path\" (the default) or \"destination\" (each unit move sent as where it ends)");
    d.destination_moves = m == "destination";
  }
  if (answer.contains("not_modelled")) {
    const json& n = answer["not_modelled"];
    if (!n.is_array()) malformed(command, "\"not_modelled\"", n, "a list of field names or JSON pointer patterns");
    for (std::size_t i = 0; i < n.size(); ++i) {
      if (!n[i].is_string() || !is_pattern(n[i].get<std::string>()))
        malformed(command, fmt::format("\"not_modelled\"[{}]", i), n[i],
                  "a field name (\"held_by\") or a JSON pointer pattern into the state (\"/territories/*/held_by\")");
      d.not_modelled.push_back(capped_engine_text(n[i].get<std::string>()));
    }
  }
  if (answer.contains("fixed_ruleset")) {
    const json& f = answer["fixed_ruleset"];
    if (!f.is_object() || f.empty())
      malformed(command, "\"fixed_ruleset\"", f, "an object: ruleset key -> the value the engine hard-codes");
    d.fixed_ruleset = f;
  }
  if (answer.contains("unit_ids")) {
    if (!answer["unit_ids"].is_boolean()) malformed(command, "\"unit_ids\"", answer["unit_ids"], "true or false");
    d.unit_ids = answer["unit_ids"].get<bool>();
  }
  return d;
}

std::vector<std::string> declaration_problems(const EngineDeclarations& d, const std::vector<std::string>& games,
                                              const RulesLibrary& library) {
  std::vector<std::string> problems;
  for (const auto& [key, value] : d.fixed_ruleset.items()) {
    bool known = false;
    for (const auto& game : games) {
      const GameRules* rules = library.find(game);
      if (!rules || key == "game" || key == "note" || !rules->merged_ruleset(json::object()).contains(key)) continue;
      known = true;
      try {  // a value the game's ruleset cannot have (a string for a number, a range it refuses)
        rules->checked_ruleset(json{{key, value}});
      } catch (const InputError& e) {
        problems.push_back(fmt::format("hello: \"fixed_ruleset\" gives {} {}, which {}'s ruleset cannot have: {}",
                                       excerpt(key), shown(value), game, e.what()));
      }
    }
    if (!known)
      problems.push_back(fmt::format("hello: \"fixed_ruleset\" names \"{}\", a key of no ruleset of the games it "
                                     "plays (rules/<game>/ruleset.json; docs/engine-protocol.md \"Declarations\")",
                                     excerpt(key)));
  }
  return problems;
}

std::vector<std::string> declaration_notes(const EngineDeclarations& d) {
  std::vector<std::string> notes;
  if (d.destination_moves) notes.push_back("moves given as destinations");
  if (!d.not_modelled.empty()) {
    std::string names;
    for (const auto& n : d.not_modelled) names += (names.empty() ? "" : ", ") + n;
    notes.push_back("not compared: " + names);
  }
  for (const auto& [key, value] : d.fixed_ruleset.items())
    notes.push_back(fmt::format("fixes {} at {}", key, shown(value)));
  if (d.unit_ids) notes.push_back("unit ids");
  return notes;
}

std::vector<json::json_pointer> unmodelled_places(const json& state, const std::vector<std::string>& patterns) {
  std::vector<json::json_pointer> out;
  for (const auto& p : patterns) {
    if (p[0] == '/') find_pointer(state, segments(p), 0, json::json_pointer(), out);
    else find_field(state, p, json::json_pointer(), out);
  }
  return out;
}

void take_unmodelled_from(json& engine_state, const json& reference, const std::vector<std::string>& patterns) {
  for (const auto& p : unmodelled_places(engine_state, patterns)) erase_at(engine_state, p);
  if (!reference.is_object()) return;
  for (const auto& p : unmodelled_places(reference, patterns))
    if (engine_state.contains(p.parent_pointer()) && engine_state[p.parent_pointer()].is_object())
      engine_state[p] = reference[p];
}

void drop_unmodelled(json& state, const std::vector<std::string>& patterns) {
  for (const auto& p : unmodelled_places(state, patterns)) erase_at(state, p);
}

std::string fixed_ruleset_skip(const json& fixed, const GameRules& rules, const json& scenario_ruleset,
                               std::string& group) {
  if (fixed.empty()) return "";
  const json merged = rules.merged_ruleset(scenario_ruleset);
  for (const auto& [key, value] : fixed.items()) {
    if (!merged.contains(key) || merged[key] == value) continue;
    group = fmt::format("the engine fixes {}", key);
    const bool overridden = scenario_ruleset.is_object() && scenario_ruleset.contains(key);
    return fmt::format("the engine fixes {} at {}; {} {}", key, shown(value),
                       overridden ? "the scenario sets" : "the game's default is", shown(merged[key]));
  }
  return "";
}

void keep_fixed_keys(json& overrides, const json& fixed, const json& game_default) {
  for (const auto& [key, value] : fixed.items()) {
    if (!game_default.contains(key)) continue;  // a key of another game's ruleset
    if (game_default[key] == value) overrides.erase(key);
    else overrides[key] = value;
  }
}

}  // namespace rulecheck

#include "harness/ruleset_keys.hpp"

#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "common/ruleset_paths.hpp"
#include "common/json_io.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

namespace {

// The leaves of a ruleset (or of a scenario's overrides) by dotted path; an object is not a leaf.
void leaves(const json& node, const std::string& prefix, std::vector<std::pair<std::string, json>>& out) {
  for (const auto& [name, value] : node.items()) {
    const std::string key = prefix.empty() ? name : prefix + "." + name;
    if (prefix.empty() && (name == "game" || name == "note")) continue;  // not rules
    if (value.is_object())
      leaves(value, key, out);
    else
      out.emplace_back(key, value);
  }
}

// `overrides` without `key`, and without the objects that removing it leaves empty.
json without(json overrides, const std::string& key) {
  json::json_pointer at = ruleset_key_pointer(key);
  while (!at.empty()) {
    const std::string last = at.back();
    at.pop_back();
    json& parent = overrides.at(at);
    parent.erase(last);
    if (!parent.empty()) break;
  }
  return overrides;
}

// What ruleset.doc.json says no rule reads: key -> why ({} when the file is absent).
std::map<std::string, std::string> unread_keys(const RulesLibrary& library, const std::string& game) {
  std::map<std::string, std::string> unread;
  const auto file = library.dir() / game / "ruleset.doc.json";
  if (!std::filesystem::exists(file)) return unread;
  const json doc = read_json_file(file);
  if (!doc.contains("keys") || !doc["keys"].is_object()) return unread;
  for (const auto& [key, entry] : doc["keys"].items())
    if (entry.is_object() && entry.contains("read_by_no_rule") && entry["read_by_no_rule"].is_string())
      unread[key] = entry["read_by_no_rule"].get<std::string>();
  return unread;
}

// The oracle's verdict on `s` with `overrides` in place of its ruleset: "" when it passes, else what
// went otherwise ("step 0: at /legal expected true, got false"; "errored: ..." when the oracle could not
// take the scenario, e.g. a starting board the ruleset rejects). `strict_rule`: an illegal outcome's
// clause id counts too (the scenario as written); without it only what `run` checks of an engine by
// default does (legality, the next state, a query's result).
std::string verdict_with(const Scenario& s, const GameRules& rules, json overrides, bool strict_rule) {
  Scenario variant = s;
  variant.ruleset = std::move(overrides);
  const CaseResult r = run_on_oracle(variant, rules, strict_rule);
  if (r.verdict == Verdict::pass) return "";
  if (r.verdict == Verdict::fail) return r.message;
  return fmt::format("{}: {}", verdict_name(r.verdict), r.message);
}

}  // namespace

bool RulesetKeyUse::depended_on() const {
  for (const auto& o : overrides)
    if (o.depends) return true;
  return false;
}

std::string RulesetKeyUse::gap() const {
  if (!read_by_no_rule.empty()) {
    if (!read_anyway.empty())
      return fmt::format("said to be read by no rule, yet {} scenario(s) change verdict with it, e.g. {}",
                         read_anyway.size(), read_anyway.front());
    if (depended_on()) return "said to be read by no rule, yet a scenario depends on it";
    return "";
  }
  if (depended_on()) return "";
  return overrides.empty() ? "no scenario overrides it"
                           : "no scenario overriding it depends on it (each still passes with the default)";
}

std::vector<RulesetKeyUse> ruleset_key_uses(const ScenarioSource& scenarios, const RulesLibrary& library) {
  std::vector<RulesetKeyUse> uses;
  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (game, key) -> uses
  for (const auto& [game, rules] : library.games()) {
    const auto unread = unread_keys(library, game);
    std::vector<std::pair<std::string, json>> keys;
    leaves(rules.ruleset, "", keys);
    for (auto& [key, value] : keys) {
      index[{game, key}] = uses.size();
      RulesetKeyUse use{game, key, std::move(value), {}, "", 0, {}};
      if (auto it = unread.find(key); it != unread.end()) use.read_by_no_rule = it->second;
      uses.push_back(std::move(use));
    }
  }
  for (std::size_t i = 0; i < scenarios.size(); ++i) {
    std::shared_ptr<const Scenario> loaded;
    try {
      loaded = scenarios.get(i);
    } catch (const ScenarioError&) {
      continue;  // loading reports it
    }
    const Scenario& s = *loaded;
    const GameRules& rules = *library.find(s.game);
    std::optional<std::string> as_written;  // the verdict with its own ruleset, when first needed
    const auto passes = [&] {
      if (!as_written) as_written = verdict_with(s, rules, s.ruleset, true);
      return as_written->empty();
    };
    std::vector<std::pair<std::string, json>> overridden;
    if (s.ruleset.is_object()) leaves(s.ruleset, "", overridden);
    for (const auto& [key, value] : overridden) {
      auto it = index.find({s.game, key});
      if (it == index.end()) continue;  // the loader rejects unknown keys; "game" and "note" are not rules
      RulesetKeyUse& use = uses[it->second];
      if (value == use.default_value) continue;
      KeyOverride o{s.id.empty() ? s.file.string() : s.id, s.file.string(), value, false, ""};
      if (!passes()) {
        o.how = "not judged: the scenario does not pass on the oracle as written (" + *as_written + ")";
      } else {
        o.how = verdict_with(s, rules, without(s.ruleset, key), false);
        o.depends = !o.how.empty();
        if (!o.depends) o.how = "passes with the default too";
      }
      use.overrides.push_back(std::move(o));
    }
    // A key said to be read by no rule: one higher must change no verdict.
    for (auto& use : uses) {
      if (use.game != s.game || use.read_by_no_rule.empty() || !use.default_value.is_number_integer()) continue;
      if (!passes()) continue;
      const json merged = rules.merged_ruleset(s.ruleset);
      json overrides = s.ruleset.is_object() ? s.ruleset : json::object();
      overrides[ruleset_key_pointer(use.key)] = merged.at(ruleset_key_pointer(use.key)).get<long long>() + 1;
      ++use.unread_checked;
      if (std::string changed = verdict_with(s, rules, std::move(overrides), true); !changed.empty())
        use.read_anyway.push_back(fmt::format("{}: {}", s.id.empty() ? s.file.string() : s.id, changed));
    }
  }
  return uses;
}

}  // namespace rulecheck

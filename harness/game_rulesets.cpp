#include "harness/game_rulesets.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/ruleset_paths.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

namespace {

std::vector<json> values_in(const ProducedRulesets& group, const json& ruleset) {
  std::vector<json> values;
  for (const auto& key : group.keys) values.push_back(ruleset.at(ruleset_key_pointer(key)));
  return values;
}

// A combination as the reader sees it: "2/2/1" (or the single value, "3").
std::string shown(const std::vector<json>& values) {
  std::vector<std::string> parts;
  for (const auto& v : values) parts.push_back(v.dump());
  return fmt::format("{}", fmt::join(parts, "/"));
}

// The group's keys as one name: "move_range ... for character/mech/worker" when they share a parent.
std::string group_name(const ProducedRulesets& group, const std::string& values) {
  if (group.keys.size() == 1) return fmt::format("{} {}", group.keys.front(), values);
  const auto dot = group.keys.front().rfind('.');
  const std::string parent = dot == std::string::npos ? "" : group.keys.front().substr(0, dot);
  std::vector<std::string> leaves;
  for (const auto& k : group.keys) {
    if (parent.empty() || k.rfind(parent + ".", 0) != 0) return fmt::format("{} {}", fmt::join(group.keys, "/"), values);
    leaves.push_back(k.substr(parent.size() + 1));
  }
  return fmt::format("{} {} for {}", parent, values, fmt::join(leaves, "/"));
}

}  // namespace

RulesetChoice ruleset_choice(const std::string& text) {
  if (text == "game") return RulesetChoice::game;
  if (text == "any") return RulesetChoice::any;
  throw InputError("--rulesets", fmt::format("\"{}\" is neither \"game\" (only the rulesets the game produces, the "
                                             "default) nor \"any\" (every ruleset the rules leave open)",
                                             text));
}

void read_produced_rulesets(GameRules& g, const std::filesystem::path& doc_file) {
  if (!std::filesystem::exists(doc_file)) return;
  const json doc = read_json_file(doc_file);
  try {
    const JsonReader top(doc, "");
    const auto list = top.optional("produced");
    if (!list) return;
    std::vector<std::string> leaves;
    ruleset_leaf_keys(g.ruleset, "", leaves);
    std::set<std::string> taken;
    for (const auto& entry : list->elements()) {
      entry.expect_object().only({"keys", "combinations", "why", "clauses", "convention"});
      ProducedRulesets group;
      group.why = entry.field("why").string();
      for (const auto& k : entry.field("keys").elements()) {
        std::string key = k.string();
        if (std::find(leaves.begin(), leaves.end(), key) == leaves.end())
          k.fail(fmt::format("\"{}\" is not a key of rules/{}/ruleset.json", key, g.game));
        if (!taken.insert(key).second) k.fail(fmt::format("\"{}\" is in two groups", key));
        group.keys.push_back(std::move(key));
      }
      for (const auto& c : entry.field("clauses").elements())
        if (!g.has_clause(c.string()))
          c.fail(fmt::format("\"{}\" is not a clause id of rules/{}/clauses.json", c.string(), g.game));
      for (const auto& c : entry.field("combinations").elements()) {
        if (!c.node().is_array() || c.node().size() != group.keys.size())
          c.fail(fmt::format("a combination gives one value per key: {} here", group.keys.size()));
        json overrides = json::object();
        for (std::size_t k = 0; k < group.keys.size(); ++k) overrides[ruleset_key_pointer(group.keys[k])] = c.node()[k];
        try {
          (void)g.checked_ruleset(overrides);
        } catch (const InputError& e) {
          c.fail(fmt::format("the game's ruleset reader refuses it: {}", e.what()));
        }
        group.combinations.push_back(c.node().get<std::vector<json>>());
      }
      const auto defaults = values_in(group, g.ruleset);
      if (std::find(group.combinations.begin(), group.combinations.end(), defaults) == group.combinations.end())
        entry.field("combinations").fail(fmt::format("the defaults {} are not among the combinations", shown(defaults)));
      g.produced.push_back(std::move(group));
    }
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", doc_file.string(), e.what()));
  }
}

std::string not_produced(const GameRules& rules, const json& merged) {
  std::vector<std::string> off;
  std::set<std::string> grouped;
  for (const auto& group : rules.produced) {
    grouped.insert(group.keys.begin(), group.keys.end());
    const auto values = values_in(group, merged);
    if (std::find(group.combinations.begin(), group.combinations.end(), values) != group.combinations.end()) continue;
    std::vector<std::string> theirs;
    for (const auto& c : group.combinations) theirs.push_back(shown(c));
    off.push_back(fmt::format("{} (the game's: {})", group_name(group, shown(values)), fmt::join(theirs, ", ")));
  }
  std::vector<std::string> leaves;
  ruleset_leaf_keys(rules.ruleset, "", leaves);
  for (const auto& key : leaves) {
    if (grouped.count(key)) continue;
    const auto at = ruleset_key_pointer(key);
    if (merged.at(at) != rules.ruleset.at(at))
      off.push_back(fmt::format("{} {} (the game's: {})", key, merged.at(at).dump(), rules.ruleset.at(at).dump()));
  }
  return fmt::format("{}", fmt::join(off, "; "));
}

std::string scenario_ruleset_not_produced(const Scenario& s, const GameRules& rules) {
  if (!s.ruleset.is_object() || s.ruleset.empty()) return "";
  return not_produced(rules, rules.merged_ruleset(s.ruleset));
}

CaseResult not_produced_case(const Scenario& s, const std::string& target, const std::string& why) {
  CaseResult r = case_header(s, target);
  r.verdict = Verdict::skipped;
  r.message = fmt::format("{}: {}", kNotTheGamesRuleset, why);
  r.skip_reason = std::string(kNotTheGamesRuleset);
  return r;
}

}  // namespace rulecheck

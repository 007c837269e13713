#include "properties/generators/produced.hpp"

#include <string>

namespace rulecheck::generators {

namespace {

// "move_range.mech" -> /move_range/mech (ruleset keys are plain words). common/ruleset_paths.hpp reads them
// so for the harness; the generators include nothing of the project (tests/test_layering.py), so theirs is here.
json::json_pointer pointer_of(const std::string& key) {
  std::string p = "/" + key;
  for (char& c : p)
    if (c == '.') c = '/';
  return json::json_pointer(p);
}

// The group's values in `ruleset` (null for a key it does not have).
std::vector<json> values_in(const ProducedGroup& group, const json& ruleset) {
  std::vector<json> values;
  for (const auto& key : group.keys) {
    const auto at = pointer_of(key);
    values.push_back(ruleset.contains(at) ? ruleset.at(at) : json());
  }
  return values;
}

}  // namespace

rc::Gen<std::vector<int>> produced_picks(std::size_t groups) {
  if (groups == 0) return rc::gen::just(std::vector<int>{});
  auto one = rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, groups), [groups](std::size_t i) {
    return rc::gen::map(rc::gen::inRange(1, 32), [groups, i](int pick) {
      std::vector<int> picks(groups, 0);
      picks[i] = pick;
      return picks;
    });
  });
  return rc::gen::weightedOneOf<std::vector<int>>(
      {{4, rc::gen::just(std::vector<int>(groups, 0))},
       {1, one},
       {1, rc::gen::container<std::vector<int>>(groups, rc::gen::inRange(1, 32))}});
}

json produced_overrides(const std::vector<ProducedGroup>& groups, const std::vector<int>& picks, const json& given) {
  json out = json::object();
  for (std::size_t g = 0; g < groups.size() && g < picks.size(); ++g) {
    if (picks[g] <= 0) continue;
    const std::vector<json> was = values_in(groups[g], given);
    std::vector<const std::vector<json>*> others;
    for (const auto& c : groups[g].combinations)
      if (c != was) others.push_back(&c);
    if (others.empty()) continue;
    const std::vector<json>& chosen = *others[static_cast<std::size_t>(picks[g] - 1) % others.size()];
    for (std::size_t k = 0; k < groups[g].keys.size() && k < chosen.size(); ++k)
      if (chosen[k] != was[k]) out[pointer_of(groups[g].keys[k])] = chosen[k];
  }
  return out;
}

std::vector<json> produced_variants(const std::vector<ProducedGroup>& groups, const json& given) {
  std::vector<json> out{given};
  for (const auto& group : groups)
    for (const auto& c : group.combinations) {
      json v = given;
      for (std::size_t k = 0; k < group.keys.size() && k < c.size(); ++k) v[pointer_of(group.keys[k])] = c[k];
      out.push_back(std::move(v));
    }
  return out;
}

}  // namespace rulecheck::generators

#include "common/ruleset_paths.hpp"

namespace rulecheck {

using json = nlohmann::json;

json::json_pointer ruleset_key_pointer(const std::string& key) {
  std::string p = "/" + key;
  for (char& c : p)
    if (c == '.') c = '/';
  return json::json_pointer(p);
}

void ruleset_leaf_keys(const json& node, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& [name, value] : node.items()) {
    if (prefix.empty() && (name == "game" || name == "note")) continue;
    const std::string key = prefix.empty() ? name : prefix + "." + name;
    if (value.is_object())
      ruleset_leaf_keys(value, key, out);
    else
      out.push_back(key);
  }
}

void changed_ruleset_keys(const json& overrides, const json& defaults, const std::string& prefix,
                          std::vector<std::string>& out) {
  if (!overrides.is_object()) return;
  for (const auto& [name, value] : overrides.items()) {
    const std::string key = prefix.empty() ? name : prefix + "." + name;
    const json* base = defaults.is_object() && defaults.contains(name) ? &defaults[name] : nullptr;
    if (value.is_object())
      changed_ruleset_keys(value, base ? *base : json(), key, out);
    else if (!base || *base != value)
      out.push_back(key);
  }
}

}  // namespace rulecheck

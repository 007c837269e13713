#include "games/wording.hpp"

#include <algorithm>
#include <map>

namespace rulecheck {

namespace {

void walk(const json& v, std::vector<std::string>& path, std::vector<StateLeaf>& out) {
  if (v.is_object()) {
    for (const auto& [k, x] : v.items()) {
      path.push_back(k);
      walk(x, path, out);
      path.pop_back();
    }
    return;
  }
  bool owned = v.is_array() && !v.empty();
  for (const auto& x : v.is_array() ? v : json::array()) owned = owned && x.is_object() && x.contains("owner");
  if (owned) {
    for (const auto& x : v) {
      path.push_back(x.at("owner").get<std::string>());
      json rest = x;
      rest.erase("owner");
      out.push_back({path, true});  // that it stands there (a Utility), then what it holds
      walk(rest, path, out);
      path.pop_back();
    }
    return;
  }
  out.push_back({path, v});
}

// The value a state that omits a leaf means by it, read from the other side's value.
json omitted_like(const json& other) {
  if (other.is_number()) return 0;
  if (other.is_array()) return json::array();
  if (other.is_boolean()) return false;
  return nullptr;
}

}  // namespace

std::vector<StateLeaf> state_leaves(const json& state) {
  std::vector<StateLeaf> out;
  std::vector<std::string> path;
  walk(state, path, out);
  return out;
}

std::vector<StateChange> state_changes(const json& before, const json& after) {
  std::map<std::vector<std::string>, std::pair<json, json>> both;
  std::vector<std::vector<std::string>> order;
  for (const auto& l : state_leaves(before)) {
    order.push_back(l.path);
    both[l.path].first = l.value;
  }
  for (const auto& l : state_leaves(after)) {
    if (!both.count(l.path)) order.push_back(l.path);
    both[l.path].second = l.value;
  }
  std::vector<StateChange> out;
  for (const auto& path : order) {
    auto [b, a] = both.at(path);
    if (b.is_null()) b = omitted_like(a);
    if (a.is_null()) a = omitted_like(b);
    if (a != b) out.push_back({path, b, a});
  }
  return out;
}

std::string value_words(const json& v) {
  if (v.is_null()) return "none";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_array()) {
    if (v.empty()) return "none";
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + value_words(x);
    return out;
  }
  return v.dump();
}

json with_words(json records, const GameWords& words) {
  for (auto& r : records) {
    if (!r.contains("scenarios") || r["scenarios"].empty()) continue;
    const json& first = r["scenarios"][0]["scenario"];
    const json& step0 = first["steps"][0];
    json step = step0.contains("action") ? json{{"action", step0["action"]}} : json{{"query", step0["query"]}};
    r["step_in_words"] = words.step(first["state"], step);
    r["places"] = words.places(step);
    // A query's places: those in some reading's answer (a list of spaces) but not in every one.
    std::vector<json> lists;
    for (const auto& s : r["scenarios"]) {
      const json& expect = s["scenario"]["steps"][0]["expect"];
      if (expect.contains("result") && expect["result"].is_array()) lists.push_back(expect["result"]);
    }
    for (const auto& l : lists)
      for (const auto& place : l) {
        bool everywhere = true;
        for (const auto& other : lists) everywhere = everywhere && std::find(other.begin(), other.end(), place) != other.end();
        if (!everywhere && std::find(r["places"].begin(), r["places"].end(), place) == r["places"].end())
          r["places"].push_back(place);
      }
    for (auto& s : r["scenarios"]) {
      const json& sc = s["scenario"];
      const json& expect = sc["steps"][0]["expect"];
      if (expect.contains("result")) {
        s["outcome_in_words"] = words.answer(step["query"], expect["result"]);
      } else if (expect.value("legal", false)) {
        s["outcome_in_words"] = "allowed";
        const json after = expect.value("state", json::object());
        s["changes_in_words"] = words.changes(sc["state"], after);
        // The places whose contents the step changes matter too.
        for (const auto& c : state_changes(sc["state"], after))
          if (c.path.size() > 1 && (c.path[0] == "spaces" || c.path[0] == "cards" || c.path[0] == "territories") &&
              std::find(r["places"].begin(), r["places"].end(), json(c.path[1])) == r["places"].end())
            r["places"].push_back(c.path[1]);
      } else {
        const std::string rule = expect.value("rule", std::string());
        s["outcome_in_words"] = rule.empty() ? "refused" : "refused (" + rule + ")";
      }
    }
  }
  return records;
}

}  // namespace rulecheck

#include "harness/declared_steps.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/compare.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

namespace {

// The most path combinations one destination action is judged on (each runs the oracle once).
constexpr std::size_t kMostPathCombinations = 512;

bool is_move_action(const Step& step) {
  return !step.is_query && step.request.is_object() && step.request.value("type", "") == "move" &&
         step.request.contains("moves") && step.request["moves"].is_array();
}

// One id per unit on the map ("red-mech-1"), numbered per faction and kind in the order of the places.
json unit_ids_of(const json& state) {
  json ids = json::object();
  std::map<std::string, int> numbered;
  for (const char* places : {"territories", "spaces"}) {
    if (!state.is_object() || !state.contains(places) || !state[places].is_object()) continue;
    for (const auto& [place, p] : state[places].items()) {
      if (!p.is_object() || !p.contains("units") || !p["units"].is_object()) continue;
      for (const auto& [faction, kinds] : p["units"].items()) {
        if (!kinds.is_object()) continue;
        for (const auto& [kind, count] : kinds.items())
          for (int k = 0; count.is_number_integer() && k < count.get<int>(); ++k)
            ids[place][faction][kind].push_back(fmt::format("{}-{}-{}", faction, kind, ++numbered[faction + " " + kind]));
      }
    }
  }
  return ids;
}

// A move's destination: the end of its path (its start for an empty path: a move to where it stands).
json destination_of(const json& move) {
  if (move.contains("path") && move["path"].is_array() && !move["path"].empty()) return move["path"].back();
  return move.value("from", json(nullptr));
}

// Each unit move names the unit that moves: of the ids of its kind standing at its start (the ids follow
// the earlier moves of the action to their destinations, riders with their mech), the first that has not
// moved yet, else the first. Riders are the first workers there that have not moved, and do not count
// as moved (whether riding is a move is a reading: the engine judges that, not the naming).
void name_moving_units(json& action, const json& ids) {
  const std::string faction = action.value("faction", "");
  std::map<std::string, std::vector<std::string>> at;  // "place kind" -> ids there, in order
  for (const auto& [place, factions] : ids.items())
    if (factions.contains(faction))
      for (const auto& [kind, list] : factions[faction].items())
        for (const auto& id : list) at[place + " " + kind].push_back(id.get<std::string>());
  std::set<std::string> moved;
  auto take = [&](const std::string& from, const std::string& kind, bool prefer_unmoved) {
    auto& here = at[from + " " + kind];
    auto it = std::find_if(here.begin(), here.end(), [&](const std::string& id) { return !moved.count(id); });
    if (it == here.end() && !prefer_unmoved) it = here.begin();
    if (it == here.end()) return std::string();
    std::string id = *it;
    here.erase(it);
    return id;
  };
  for (json& m : action["moves"]) {
    if (!m.is_object() || !m.value("from", json()).is_string() || !m.value("unit", json()).is_string()) continue;
    const std::string from = m["from"], unit = m["unit"];
    const json dest = destination_of(m);
    const std::string to = dest.is_string() ? dest.get<std::string>() : from;
    const std::string id = take(from, unit, false);
    if (id.empty()) continue;
    m["unit_id"] = id;
    const int riders = m.contains("carry") && m["carry"].is_object() && m["carry"].value("worker", json()).is_number_integer()
                           ? m["carry"]["worker"].get<int>() : 0;
    for (int k = 0; k < riders; ++k)
      if (std::string rider = take(from, "worker", true); !rider.empty()) at[to + " worker"].push_back(rider);
    at[to + " " + unit].push_back(id);
    moved.insert(id);
  }
}

void to_destinations(json& action) {
  for (json& m : action["moves"]) {
    if (!m.is_object()) continue;
    m["to"] = destination_of(m);
    m.erase("path");
  }
}

// The paths of 1..range steps from `from` to `to` visiting no territory twice (but the start, as the
// destination of a unit that goes and comes back).
void simple_paths(const json& territories, const std::string& at, const std::string& to, int range,
                  std::vector<std::string>& path, std::vector<json>& out) {
  if (static_cast<int>(path.size()) >= range) return;
  if (!territories.contains(at) || !territories[at].contains("adjacent")) return;
  for (const auto& next : territories[at]["adjacent"]) {
    if (!next.is_string()) continue;
    const std::string n = next.get<std::string>();
    if (n != to && std::find(path.begin(), path.end(), n) != path.end()) continue;  // back to its start: the end
    path.push_back(n);
    if (n == to) out.push_back(path);
    else simple_paths(territories, n, to, range, path, out);
    path.pop_back();
  }
}

int range_of(const json& ruleset, const std::string& unit) {
  if (!ruleset.contains("move_range")) return 1;
  const json& r = ruleset["move_range"];
  if (r.is_number_integer()) return r.get<int>();
  return r.is_object() && r.contains(unit) && r[unit].is_number_integer() ? r[unit].get<int>() : 1;
}

// Every path one move may take to its destination: the scenario's own first, then the simple ones of
// up to one step past the unit's range (those are refused by the range: a destination just out of reach
// is refused for its range, whatever path the scenario wrote).
std::vector<json> paths_to(const json& move, const json& state, const json& ruleset) {
  std::vector<json> out;
  if (move.contains("path")) out.push_back(move["path"]);
  const json dest = destination_of(move);
  if (!dest.is_string() || !move.value("from", json()).is_string() || !state.contains("territories")) return out;
  std::vector<std::string> path{move["from"].get<std::string>()};
  std::vector<json> found;
  simple_paths(state["territories"], path[0], dest.get<std::string>(), range_of(ruleset, move.value("unit", "")) + 2,
               path, found);
  for (json& p : found) {
    p.erase(p.begin());  // the start is not a step
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
  }
  return out;
}

// What the oracle says of each path combination of a destination action.
struct PathSearch {
  std::vector<json> legal_states;   // distinct
  std::vector<json> legal_actions;  // the first path combination giving each
  std::set<std::string> illegal_rules;
  std::size_t combinations = 0, legal = 0, total = 0;
};

PathSearch search_paths(const BoundRules& rules, const json& ruleset, const json& state, const json& action) {
  PathSearch search;
  std::vector<std::vector<json>> options;
  for (const json& m : action["moves"]) options.push_back(m.is_object() ? paths_to(m, state, ruleset) : std::vector<json>{});
  std::size_t total = 1;
  for (const auto& o : options) total = o.empty() ? total : std::min<std::size_t>(total * o.size(), SIZE_MAX / 64);
  search.total = total;
  std::vector<std::size_t> pick(options.size(), 0);
  for (std::size_t n = 0; n < std::min(total, kMostPathCombinations); ++n) {
    json variant = action;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (!options[i].empty()) variant["moves"][i]["path"] = options[i][pick[i]];
    for (std::size_t i = 0; i < options.size(); ++i) {  // the next combination
      if (options[i].empty()) continue;
      if (++pick[i] < options[i].size()) break;
      pick[i] = 0;
    }
    ++search.combinations;
    json outcome;
    try {
      outcome = oracle_answer(rules, "", false, state, variant).outcome;
    } catch (const std::exception&) {
      continue;  // a path the game cannot read is no path
    }
    if (!outcome.value("legal", false)) {
      search.illegal_rules.insert(outcome.value("rule", ""));
      continue;
    }
    ++search.legal;
    if (std::find(search.legal_states.begin(), search.legal_states.end(), outcome["state"]) == search.legal_states.end()) {
      search.legal_states.push_back(std::move(outcome["state"]));
      search.legal_actions.push_back(std::move(variant));
    }
  }
  return search;
}

std::string destinations_text(const json& action) {
  std::string out;
  for (const json& m : action["moves"])
    if (m.is_object())
      out += fmt::format("{}{} {} to {}", out.empty() ? "" : ", ", m.value("unit", "?"),
                       m.value("from", "?"), destination_of(m).is_string() ? destination_of(m).get<std::string>() : "?");
  return out;
}

// The engine's answer to a legal outcome, as compared: its state with the not-modelled places of `reference`.
json as_compared(const EngineDeclarations& d, json answer, const json& reference) {
  if (answer.contains("state") && answer["state"].is_object() && !d.not_modelled.empty())
    take_unmodelled_from(answer["state"], reference.is_object() ? reference.value("state", json()) : json(), d.not_modelled);
  return answer;
}

// The engine's legal state equals `candidate` on what it models (canonical, as rulecheck compares states).
bool same_state(const EngineDeclarations& d, const BoundRules& rules, const json& engine_state, const json& candidate) {
  json mine = engine_state;
  take_unmodelled_from(mine, candidate, d.not_modelled);
  try {
    return !first_difference_exact(candidate, rules.canonical_state(mine), "/state");
  } catch (const std::exception&) {
    return false;
  }
}

// The unit ids the answer echoes: each id rulecheck gave names the same faction and kind, at most once;
// ids it did not give are ignored. Returns what is wrong, or "".
std::string echoed_ids_problem(const json& echoed, const json& given) {
  std::map<std::string, std::string> unit_of;  // id -> "faction kind"
  for (const auto& [place, factions] : given.items())
    for (const auto& [faction, kinds] : factions.items())
      for (const auto& [kind, list] : kinds.items())
        for (const auto& id : list) unit_of[id.get<std::string>()] = faction + " " + kind;
  if (!echoed.is_object()) return "\"unit_ids\" is an object: place -> faction -> kind -> ids";
  std::set<std::string> seen;
  for (const auto& [place, factions] : echoed.items()) {
    if (!factions.is_object()) return fmt::format("unit_ids/{} is an object: faction -> kind -> ids", place);
    for (const auto& [faction, kinds] : factions.items()) {
      if (!kinds.is_object()) return fmt::format("unit_ids/{}/{} is an object: kind -> ids", place, faction);
      for (const auto& [kind, list] : kinds.items()) {
        if (!list.is_array()) return fmt::format("unit_ids/{}/{}/{} is a list of ids", place, faction, kind);
        for (const auto& id : list) {
          if (!id.is_string()) return fmt::format("unit_ids/{}/{}/{} holds {}, not an id (a string)", place, faction, kind, id.dump());
          const auto it = unit_of.find(id.get<std::string>());
          if (it == unit_of.end()) continue;  // the engine's own spelling: never compared
          if (it->second != faction + " " + kind)
            return fmt::format("the unit id \"{}\" was given to a {}, and the answer echoes it as a {} {} at {}",
                               it->first, it->second, faction, kind, place);
          if (!seen.insert(it->first).second) return fmt::format("the answer echoes the unit id \"{}\" twice", it->first);
        }
      }
    }
  }
  return "";
}

}  // namespace

std::string prepare_declared_case(const EngineDeclarations& d, const GameRules& rules, const Scenario& s, json& ruleset,
                                  std::shared_ptr<const Scenario>& judged, std::string& group) {
  if (std::string why = fixed_ruleset_skip(d.fixed_ruleset, rules, s.ruleset, group); !why.empty()) return why;
  ruleset = rules.merged_ruleset(s.ruleset);
  if (d.not_modelled.empty()) return "";
  auto stripped = std::make_shared<Scenario>(s);
  for (Step& step : stripped->steps) {
    if (step.expect.contains("state")) drop_unmodelled(step.expect["state"], d.not_modelled);
    if (step.expect.contains("one_of"))
      for (json& alternative : step.expect["one_of"])
        if (alternative.contains("state")) drop_unmodelled(alternative["state"], d.not_modelled);
  }
  judged = std::move(stripped);
  return "";
}

bool is_destination_step(const EngineDeclarations& d, const Step& step) { return d.destination_moves && is_move_action(step); }

DeclaredRequest declared_request(const EngineDeclarations& d, const std::string& state_text, const Step& step) {
  DeclaredRequest r{state_text, step.request_text.empty() ? step.request.dump() : step.request_text, nullptr};
  if (d.unit_ids) {
    json state = json::parse(state_text);
    r.unit_ids = unit_ids_of(state);
    state["unit_ids"] = r.unit_ids;
    r.state = state.dump();
  }
  if (!is_move_action(step) || !(d.unit_ids || d.destination_moves)) return r;
  json action = step.request;
  if (d.unit_ids) name_moving_units(action, r.unit_ids);
  if (d.destination_moves) to_destinations(action);
  r.request = action.dump();
  return r;
}

DeclaredVerdict judge_declared(const EngineDeclarations& d, const json& answer, const json& oracle, const BoundRules& rules,
                               const json& ruleset, const json& state, const Step& step, const json& unit_ids,
                               bool strict, const std::map<std::string, std::string>& rule_map) {
  DeclaredVerdict v{answer, oracle, nullptr, true, "", ""};
  if (d.unit_ids && answer.contains("state") && answer["state"].is_object() && answer["state"].contains("unit_ids")) {
    v.problem = echoed_ids_problem(answer["state"]["unit_ids"], unit_ids);
    v.answer["state"].erase("unit_ids");
  }
  const bool engine_legal = answer.value("legal", false) == true && v.answer.contains("state") && v.answer["state"].is_object();
  if (is_destination_step(d, step)) {
    v.expectation = false;
    const PathSearch search = search_paths(rules, ruleset, state, step.request);
    if (!search.legal_states.empty()) {
      std::size_t chosen = 0;
      if (engine_legal)
        for (std::size_t k = 0; k < search.legal_states.size(); ++k)
          if (same_state(d, rules, v.answer["state"], search.legal_states[k])) chosen = k;
      v.reference = {{"legal", true}, {"state", search.legal_states[chosen]}};
      v.reference_action = search.legal_actions[chosen];
    } else if (!engine_legal && strict && answer.contains("rule") && answer["rule"].is_string()) {
      std::string rule = answer["rule"];
      if (auto it = rule_map.find(rule); it != rule_map.end()) rule = it->second;
      if (search.illegal_rules.count(rule)) v.reference["rule"] = rule;  // the refusal of some path
      std::string rules_text;
      for (const auto& r : search.illegal_rules) rules_text += (rules_text.empty() ? "" : ", ") + r;
      v.note = fmt::format(" (moves given as destinations ({}): each of the {} path combination(s) searched is refused, "
                           "by {}; any of these clauses is accepted)",
                           destinations_text(step.request), search.combinations, rules_text);
    }
    const bool depends = search.legal > 0 && (search.legal < search.combinations || search.legal_states.size() > 1);
    if (depends || search.combinations < search.total)
      v.note = fmt::format(
          " ({}moves given as destinations ({}): {} of {} path combination(s) searched are legal{}{}; the answer is "
          "judged against some legal path, docs/engine-protocol.md \"Destination-only moves\")",
          depends ? "the oracle's verdict depends on the path: " : "", destinations_text(step.request), search.legal,
          search.combinations,
          search.legal_states.size() > 1 ? fmt::format(", giving {} different next states", search.legal_states.size()) : "",
          search.combinations < search.total ? fmt::format(" (the first {} of {})", search.combinations, search.total) : "");
  }
  if (engine_legal) v.answer = as_compared(d, v.answer, v.reference);
  return v;
}

}  // namespace rulecheck

// What every game's JSON edge shares: the Game/BoundRules implementation around a game's typed
// oracle, the check that a name in an action refers to something the state declares, and the
// table that reads the chosen readings of the interpretation points.
//
// A game supplies an Edge:
//
//   struct Edge {
//     static constexpr std::string_view kName;               // "messina"
//     using State, Action, Rules;                            // the oracle's types
//     static Rules bind(const JsonReader& ruleset, const JsonReader& readings);
//     static State read_state(const JsonReader&);             // structure and types only
//     static void validate(const Rules&, const State&);       // throws InvalidState
//     static json write_state(const State&);                  // canonical JSON
//     static Action read_action(const JsonReader&, const State&);
//     static State apply(const Rules&, const State&, const Action&);  // throws RuleViolation
//     static json query(const Rules&, const State&, const JsonReader&);
//   };
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "common/game.hpp"
#include "common/json_reader.hpp"
#include "oracle/rule_violation.hpp"

namespace rulecheck {

// An id an action or query names, which the state must declare (`declared` is keyed by id):
// `what` is "faction", "space", ... and `where` the state's field holding them ("/factions").
template <typename Map>
std::string declared_id(const JsonReader& r, const Map& declared, std::string_view what, std::string_view where) {
  std::string id = r.string();
  if (!declared.count(id))
    r.fail(fmt::format("unknown {} \"{}\": the state declares no such {} (see {})", what, id, what, where));
  return id;
}

// Reads {"<point id>": "<reading>", ...} into a game's Readings struct: each point is one line,
// `point("messina.card-hostility", &Readings::card_hostility, kCardHostilityNames)`.
template <typename Readings>
class ReadingsTable {
 public:
  template <typename Enum, typename Table>
  ReadingsTable& point(std::string_view id, Enum Readings::*field, const Table& names) {
    setters_.emplace(std::string(id),
                     [field, &names](Readings& out, const JsonReader& r) { out.*field = r.named(names); });
    return *this;
  }

  Readings read(const JsonReader& chosen) const {
    Readings out;
    for (const auto& [point, reading] : chosen.members()) {
      const auto it = setters_.find(point);
      if (it == setters_.end())
        reading.fail(fmt::format("the oracle does not know the interpretation point \"{}\"", point));
      it->second(out, reading);
    }
    return out;
  }

 private:
  std::map<std::string, std::function<void(Readings&, const JsonReader&)>, std::less<>> setters_;
};

// A game's rules bound to one ruleset and one choice of readings.
template <typename Edge>
class BoundGame final : public BoundRules {
 public:
  explicit BoundGame(typename Edge::Rules rules) : rules_(std::move(rules)) {}

  typename Edge::State parse_state(const json& state) const {
    typename Edge::State s = Edge::read_state(JsonReader(state, "/state"));
    try {
      Edge::validate(rules_, s);
    } catch (const InvalidState& e) {
      throw InputError(pointer_from("/state", e.field()), e.what());
    }
    return s;
  }

  json canonical_state(const json& state) const override { return Edge::write_state(parse_state(state)); }

  ApplyOutcome apply(const json& state, const json& action) const override {
    const auto s = parse_state(state);
    const auto a = Edge::read_action(JsonReader(action, "/action"), s);
    try {
      return ApplyOutcome{true, "", "", std::make_shared<json>(Edge::write_state(Edge::apply(rules_, s, a)))};
    } catch (const RuleViolation& v) {
      return ApplyOutcome{false, v.clause(), v.what(), nullptr};
    }
  }

  json query(const json& state, const json& query) const override {
    const auto s = parse_state(state);
    return Edge::query(rules_, s, JsonReader(query, "/query"));
  }

 private:
  typename Edge::Rules rules_;
};

template <typename Edge>
class GameOf final : public Game {
 public:
  std::string name() const override { return std::string(Edge::kName); }
  std::unique_ptr<BoundRules> bind(const json& ruleset, const json& readings) const override {
    return std::make_unique<BoundGame<Edge>>(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")));
  }
};

}  // namespace rulecheck

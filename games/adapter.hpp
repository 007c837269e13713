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
//     static std::optional<State> read_state_text(std::string_view);  // optional: the same state from
//                                                                    // its text; nullopt: read_state decides
//     static void validate(const Rules&, const State&);       // throws InvalidState
//     static InvariantBreaks reachability_breaks(const Rules&, const State&);  // oracle/reachable.hpp
//     static json write_state(const State&);                  // canonical JSON
//     static Action read_action(const JsonReader&, const State&);
//     static State apply(const Rules&, const State&, const Action&);  // throws RuleViolation
//     static json query(const Rules&, const State&, const JsonReader&);
//     // The Z3 layer (solver/<game>/solver.hpp) behind the JSON:
//     static OutcomeCheck check_action(const Rules&, const State& before, const Action&,
//                                      const std::optional<State>& after, const std::string& claimed_rule,
//                                      unsigned rlimit);        // after: nullopt when claimed illegal
//     static OutcomeCheck check_only_next_state(const Rules&, const State& before, const Action&,
//                                               const State& after, unsigned rlimit);  // no other next state
//     static OutcomeCheck check_query(const Rules&, const State&, const JsonReader& query,
//                                     const json& claimed_result, unsigned rlimit);
//     static json prove(const Rules&, unsigned rlimit);
//     static json prove_strength(const Rules&, unsigned rlimit);
//     static json ambiguities(const Rules&, unsigned rlimit, LiteralSearch literal,
//                             const std::set<std::string>& clause_ids);  // Game::ambiguities' clauses
//     static json contradictions(const Rules& encoded, const Rules& stated, unsigned rlimit);  // optional
//     static json edit_witnesses(const Rules& base, const Rules& edited, unsigned rlimit);
//   };
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common/game.hpp"
#include "common/json_reader.hpp"
#include "oracle/reachable.hpp"
#include "oracle/rule_violation.hpp"
#include "oracle/trace.hpp"

namespace rulecheck {

// The largest board a state may describe (map spaces or territories): far beyond either game's,
// refused with a clear error before anything walks it.
inline constexpr std::size_t kMaxSpaces = 1000;

// The largest board the solver checks an outcome on (check_outcome): it encodes the concrete board,
// so its work and memory grow with it (a 1,000-space board took 82 s and 369 MB, 467 MB with 200
// neighbours a space). A larger board's outcome is not asked about (not_encoded, saying why).
inline constexpr std::size_t kMaxSolverBoard = 200;

// The spaces (Messina) or territories (Scythe) a state's JSON describes.
inline std::size_t board_size(const json& state) {
  for (const char* key : {"spaces", "territories"})
    if (const auto it = state.find(key); it != state.end() && it->is_object()) return it->size();
  return 0;
}

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
    auto& listed = names_[std::string(id)];
    for (const auto& [value, name] : names) listed.push_back(std::string(name));
    return *this;
  }

  // A point's reading names (empty: not a point), and `base` with the point at `reading`.
  std::vector<std::string> names(const std::string& id) const {
    const auto it = names_.find(id);
    return it == names_.end() ? std::vector<std::string>{} : it->second;
  }
  Readings with(Readings base, const std::string& id, const std::string& reading) const {
    setters_.at(id)(base, JsonReader(nlohmann::json(reading), ""));
    return base;
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
  std::map<std::string, std::vector<std::string>, std::less<>> names_;
};

// A game's rules bound to one ruleset and one choice of readings.
template <typename Edge>
class BoundGame final : public BoundRules {
 public:
  explicit BoundGame(typename Edge::Rules rules) : rules_(std::move(rules)) {}

  typename Edge::State parse_state(const json& state) const {
    return validated(Edge::read_state(JsonReader(state, "/state")));
  }

  // The state a JSON text holds: read straight from the text where the game can
  // (Edge::read_state_text), else (and wherever that reader gives up) parsed and read as
  // parse_state() reads it, which names what is wrong and where.
  typename Edge::State parse_state_text(std::string_view text) const {
    if constexpr (requires { Edge::read_state_text(text); })
      if (auto s = Edge::read_state_text(text)) return validated(std::move(*s));
    return parse_state(state_json(text));
  }

  json canonical_state(const json& state) const override { return Edge::write_state(parse_state(state)); }

  std::vector<StateInvariantBreak> reachability_breaks(const json& state) const override {
    std::vector<StateInvariantBreak> out;
    for (auto& b : Edge::reachability_breaks(rules_, parse_state(state)))
      out.push_back(StateInvariantBreak{std::move(b.invariant), pointer_from("/state", b.field), std::move(b.why)});
    return out;
  }

  std::vector<StateInvariantBreak> step_start_breaks(const json& state, const json& action) const override {
    std::vector<StateInvariantBreak> out;
    if constexpr (requires(const typename Edge::Rules& r, const typename Edge::State& st,
                           const typename Edge::Action& a) { Edge::step_start_breaks(r, st, a); }) {
      const auto s = parse_state(state);
      const auto a = Edge::read_action(JsonReader(action, "/action"), s);
      for (auto& b : Edge::step_start_breaks(rules_, s, a))
        out.push_back(StateInvariantBreak{std::move(b.invariant), pointer_from("/state", b.field), std::move(b.why)});
    }
    return out;
  }

  ApplyOutcome apply(const json& state, const json& action) const override {
    return apply_as(state, action, NextState::value);
  }

  ApplyOutcome apply_as(const json& state, const json& action, NextState wanted) const override {
    return apply_to(parse_state(state), action, wanted);
  }

  ApplyOutcome apply_text(std::string_view state, const json& action, NextState wanted) const override {
    return apply_to(parse_state_text(state), action, wanted);
  }

  json query(const json& state, const json& query) const override {
    const auto s = parse_state(state);
    return Edge::query(rules_, s, JsonReader(query, "/query"));
  }

  json query_text(std::string_view state, const json& query) const override {
    const auto s = parse_state_text(state);
    return Edge::query(rules_, s, JsonReader(query, "/query"));
  }

 private:
  // The outcome of `action` from the valid state `s`: the next state in the forms `wanted`.
  ApplyOutcome apply_to(const typename Edge::State& s, const json& action, NextState wanted) const {
    const auto a = Edge::read_action(JsonReader(action, "/action"), s);
    typename Edge::State next;
    try {
      next = Edge::apply(rules_, s, a);
    } catch (const RuleViolation& v) {
      return ApplyOutcome{false, v.clause(), v.what(), nullptr, ""};
    }
    ApplyOutcome out{true, "", "", nullptr, ""};
    if (wanted != NextState::text) out.state = std::make_shared<json>(Edge::write_state(next));
    if (wanted != NextState::value) out.state_text = state_text(next, out.state.get());
    return out;
  }

  // `s` once the game's validator accepts it (its InvalidState becomes an InputError under "/state").
  typename Edge::State validated(typename Edge::State s) const {
    try {
      Edge::validate(rules_, s);
    } catch (const InvalidState& e) {
      throw InputError(pointer_from("/state", e.field()), e.what());
    }
    return s;
  }

 public:
  // The rules run as apply() and query() run them, recording their decisions (oracle/trace.hpp).
  // Reading and validating the input is not reasoning: only the rules run while recording.
  Explanation explain(const json& state, const json& request, bool is_query) const override {
    Explanation out;
    Trace trace;
    const auto s = parse_state(state);
    if (is_query) {
      const JsonReader r(request, "/query");
      TraceScope recording(&trace);
      out.result = std::make_shared<json>(Edge::query(rules_, s, r));
    } else {
      const auto a = Edge::read_action(JsonReader(request, "/action"), s);
      try {
        TraceScope recording(&trace);
        out.applied = ApplyOutcome{true, "", "", std::make_shared<json>(Edge::write_state(Edge::apply(rules_, s, a))), ""};
      } catch (const RuleViolation& v) {
        out.applied = ApplyOutcome{false, v.clause(), v.what(), nullptr, ""};
        // Every require() records the rule it finds broken; this only guards a check written otherwise.
        if (trace.decisions.empty() || !trace.decisions.back().forbids) trace.add(v.clause(), {}, v.what(), true);
      }
    }
    for (auto& d : trace.decisions)
      out.decisions.push_back(
          ExplainedDecision{std::move(d.clause), std::move(d.what), std::move(d.numbers), d.forbids});
    return out;
  }

  OutcomeCheck check_outcome(const json& state, const json& request, bool is_query, const json& claimed,
                             unsigned rlimit) const override {
    if (const std::size_t spaces = board_size(state); spaces > kMaxSolverBoard)
      return OutcomeCheck{Membership::not_encoded, {},
                          fmt::format("the board has {} spaces; the solver checks outcomes on boards of at most {}",
                                      spaces, kMaxSolverBoard)};
    const auto s = parse_state(state);
    if (is_query) {
      if (!claimed.is_object() || !claimed.contains("result"))
        return OutcomeCheck{Membership::forbidden, {}, "the claimed answer has no \"result\""};
      return Edge::check_query(rules_, s, JsonReader(request, "/query"), claimed.at("result"), rlimit);
    }
    const auto a = Edge::read_action(JsonReader(request, "/action"), s);
    const auto legal = claimed.is_object() ? claimed.find("legal") : claimed.end();
    if (legal == claimed.end() || !legal->is_boolean())
      return OutcomeCheck{Membership::forbidden, {}, "the claimed outcome has no boolean \"legal\""};
    if (!legal->template get<bool>()) {
      const auto rule = claimed.find("rule");
      const std::string named = rule != claimed.end() && rule->is_string() ? rule->template get<std::string>() : "";
      return Edge::check_action(rules_, s, a, std::nullopt, named, rlimit);
    }
    const auto next = claimed.find("state");
    if (next == claimed.end())
      return OutcomeCheck{Membership::forbidden, {}, "the claimed outcome is legal but gives no \"state\""};
    std::optional<typename Edge::State> after;
    try {
      after = parse_state(*next);
    } catch (const InputError& e) {
      return OutcomeCheck{
          Membership::forbidden, {}, fmt::format("the claimed next state is not a state: {}", e.what())};
    }
    return Edge::check_action(rules_, s, a, after, "", rlimit);
  }

  OutcomeCheck check_only_outcome(const json& state, const json& action, const json& claimed,
                                  unsigned rlimit) const override {
    const auto s = parse_state(state);
    const auto a = Edge::read_action(JsonReader(action, "/action"), s);
    const auto next = claimed.is_object() ? claimed.find("state") : claimed.end();
    if (next == claimed.end() || !claimed.value("legal", false))
      return OutcomeCheck{Membership::not_encoded, {}, "only a legal outcome with a next state is asked"};
    return Edge::check_only_next_state(rules_, s, a, parse_state(*next), rlimit);
  }

  const typename Edge::Rules& rules() const { return rules_; }

 private:
  // `next` as compact JSON text: written straight from the state by a game that can
  // (Edge::write_state_text, false when it leaves a state to dump()), else `value` (or the value
  // written now) dumped.
  static std::string state_text(const typename Edge::State& next, const json* value) {
    std::string text;
    if constexpr (requires { Edge::write_state_text(next, text); })
      if (Edge::write_state_text(next, text)) return text;
    return value ? value->dump() : Edge::write_state(next).dump();
  }

  typename Edge::Rules rules_;
};

template <typename Edge>
class GameOf final : public Game {
 public:
  std::string name() const override { return std::string(Edge::kName); }
  std::unique_ptr<BoundRules> bind(const json& ruleset, const json& readings) const override {
    return std::make_unique<BoundGame<Edge>>(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")));
  }
  json prove(const json& ruleset, const json& readings, unsigned rlimit) const override {
    return Edge::prove(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")), rlimit);
  }
  json prove_strength(const json& ruleset, const json& readings, unsigned rlimit) const override {
    return Edge::prove_strength(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")), rlimit);
  }
  json ambiguities(const json& ruleset, const json& readings, unsigned rlimit, LiteralSearch literal,
                   const std::set<std::string>& clauses) const override {
    return Edge::ambiguities(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")), rlimit, literal,
                             clauses);
  }
  json contradictions(const json& ruleset, const json& stated_ruleset, const json& readings,
                      unsigned rlimit) const override {
    if constexpr (requires(const typename Edge::Rules& r) { Edge::contradictions(r, r, rlimit); })
      return Edge::contradictions(Edge::bind(JsonReader(ruleset, ""), JsonReader(readings, "")),
                                  Edge::bind(JsonReader(stated_ruleset, ""), JsonReader(readings, "")), rlimit);
    else
      return nullptr;  // no literal encoding for this game
  }
  json edit_witnesses(const json& base_ruleset, const json& base_readings, const json& edited_ruleset,
                      const json& edited_readings, unsigned rlimit) const override {
    return Edge::edit_witnesses(Edge::bind(JsonReader(base_ruleset, ""), JsonReader(base_readings, "")),
                                Edge::bind(JsonReader(edited_ruleset, ""), JsonReader(edited_readings, "")), rlimit);
  }
};

}  // namespace rulecheck

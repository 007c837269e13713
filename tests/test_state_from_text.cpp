// A state read from its text straight into the game's model (games/<game>/state_from_text.cpp, what
// `rulecheck serve` and the cross-check's oracle run read) is exactly the model read_state reads
// from the parsed JSON value, or the text reader gives up and the JSON path decides: on every state
// of the corpus (and every next state its steps reach), on generated states, and on malformed ones
// (truncated, wrong types, unknown fields, keys given twice, other spellings of the same value, the
// hardening tests' limits). End to end, BoundRules::apply_text gives apply_as()'s outcome and its
// very error (pointer and message).
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "common/number.hpp"
#include "common/json_io.hpp"
#include "common/pointer.hpp"
#include "games/messina/state_from_text.hpp"
#include "games/messina/state_read.hpp"
#include "games/scythe/state_from_text.hpp"
#include "games/scythe/state_read.hpp"
#include "harness/fuzz.hpp"
#include "harness/scenario.hpp"
#include "properties/generators/generated_case.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::library;

struct Sample {
  std::string game;
  json state;
  json action;  // a step's action (null: the case's step was a query)
};

// Every corpus scenario's state and every next state its actions reach on the oracle, then 60
// generated cases per game (rulesets and readings sampled as fuzz samples them).
const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = [] {
    std::vector<Sample> out;
    for (const auto& f : find_scenario_files({std::string(RULECHECK_SOURCE_DIR) + "/scenarios"})) {
      const Scenario s = load_scenario(f, library());
      const auto rules = testing::bind_game(s.game, s.ruleset, s.interpretations);
      json state = s.state;
      for (const Step& step : s.steps) {
        out.push_back({s.game, state, step.is_query ? json() : step.request});
        if (step.is_query) continue;
        try {
          const ApplyOutcome next = rules->apply(state, step.request);
          if (next.legal) state = *next.state;
        } catch (const InputError&) {  // a scenario about a malformed step: its state is sampled already
        }
      }
      out.push_back({s.game, state, nullptr});
    }
    for (const std::string game : {"messina", "scythe"}) {
      const GameRules& rules = *library().find(game);
      const generators::CaseOptions options = testing::sampling_rulesets_and_readings(rules);
      const auto gen = generators::cases_of(game, rules.merged_ruleset(json::object()), options);
      rc::Random random(37);
      for (int n = 0; n < 60; ++n) {
        const auto c = gen(random.split(), (n * 7) % 101).value();
        out.push_back({game, c.state, c.is_query ? json() : c.request});
      }
    }
    return out;
  }();
  return all;
}

// What each reader made of a text: the model's equality, and whether each read it.
struct Readings {
  bool text_read = false;  // the text reader gave a state
  bool json_read = false;  // the JSON path gave a state
  bool same = false;       // both did, and the states are equal
  std::string json_error;  // the JSON path's error ("" when it read the state)
};

template <typename State>
Readings compare(const std::optional<State>& from_text, const std::function<State(const json&)>& read_json,
                 const std::string& text) {
  Readings r;
  r.text_read = from_text.has_value();
  const json value = parse_json_lenient(text);  // as BoundRules::apply_text's fallback parses it
  std::optional<State> from_json;
  if (value.is_discarded()) {
    r.json_error = "not JSON";
  } else {
    try {
      from_json = read_json(value);
    } catch (const InputError& e) {
      r.json_error = e.pointer() + ": " + e.what();
    }
  }
  r.json_read = from_json.has_value();
  r.same = from_text && from_json && *from_text == *from_json;
  return r;
}

Readings readings_of(const std::string& game, const std::string& text) {
  if (game == "messina")
    return compare<messina::State>(messina::read_state_text(text),
                                   [](const json& v) { return messina::read_state(JsonReader(v, "/state")); }, text);
  return compare<scythe::State>(scythe::read_state_text(text),
                                [](const json& v) { return scythe::read_state(JsonReader(v, "/state")); }, text);
}

// The property: whenever the text reader reads a state, the JSON path reads the same one.
void expect_never_differs(const std::string& game, const std::string& text) {
  const Readings r = readings_of(game, text);
  if (r.text_read) {
    EXPECT_TRUE(r.json_read) << game << ": the text reader read what the JSON path refuses (" << r.json_error
                             << "): " << text.substr(0, 300);
    EXPECT_TRUE(r.same) << game << ": the two readers made different states of " << text.substr(0, 300);
  }
}

// apply_text and apply_as from the same text: the same outcome, or the same error at the same place.
std::string outcome_line(const std::function<ApplyOutcome()>& run) {
  try {
    const ApplyOutcome o = run();
    return o.legal ? "legal " + o.state_text : "illegal " + o.rule + " " + o.reason;
  } catch (const InputError& e) {
    return "error at " + e.pointer() + ": " + e.what();
  }
}

void expect_same_outcome(const BoundRules& rules, const std::string& text, const json& action) {
  const std::string from_text = outcome_line([&] { return rules.apply_text(text, action, NextState::text); });
  const std::string from_json = outcome_line([&] { return rules.apply_as(state_json(text), action, NextState::text); });
  EXPECT_EQ(from_text, from_json) << text.substr(0, 300);
}

// Would fail without the text readers (nullopt everywhere) or with one that gave up on a field of the
// format the corpus or the generators use (a null, "battle", "held_by", a Shield list, ...), or that
// read any of them otherwise than read_state: each state as written compact and indented.
TEST(StateFromText, EveryCorpusAndGeneratedStateIsReadAsTheJsonPathReadsIt) {
  std::size_t n = 0;
  for (const Sample& s : samples())
    for (const std::string& text : {s.state.dump(), s.state.dump(2)}) {
      const Readings r = readings_of(s.game, text);
      EXPECT_TRUE(r.text_read) << s.game << ": the text reader gave up on " << text.substr(0, 300);
      EXPECT_TRUE(r.same) << s.game << ": " << r.json_error << " " << text.substr(0, 300);
      ++n;
    }
  EXPECT_GT(n, 1000u);
}

// Would fail if the text reader's outcome differed in any way from the JSON path's (the validation
// after reading included): every sample's action from the text as serve receives it.
TEST(StateFromText, ApplyFromTextGivesApplyAsOutcome) {
  for (const Sample& s : samples()) {
    if (s.action.is_null()) continue;
    const auto rules = testing::bind(s.game);
    expect_same_outcome(*rules, s.state.dump(), s.action);
  }
}

// Compact JSON text with one object changed: `target` written with `extra` (a member's text, such as
// "\"kind\":\"ai\"") before its own members. nlohmann/json's dump() order otherwise.
void dump_with(const json& j, const json* target, const std::string& extra, std::string& out) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    if (&j == target) out += extra, first = false;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!first) out += ',';
      first = false;
      out += json(it.key()).dump() + ':';
      dump_with(*it, target, extra, out);
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (i) out += ',';
      dump_with(j[i], target, extra, out);
    }
    out += ']';
  } else {
    out += j.dump();
  }
}

// Every node of `j` with its JSON pointer, `j` itself first.
void every_node(const json& j, const std::string& at, std::vector<std::pair<const json*, std::string>>& out) {
  out.emplace_back(&j, at);
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) every_node(*it, at + "/" + pointer_token(it.key()), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) every_node(j[i], at + "/" + std::to_string(i), out);
}

// The mutants of one state's text: each value replaced by another type or an out-of-range number,
// each object given an unknown field and each of its keys given twice (the same value, and another),
// truncations, and the same value spelt otherwise (escapes, 1.0, -0, spaces).
std::vector<std::string> mutants(const json& state) {
  std::vector<std::string> out;
  static const std::vector<json> kReplacements = {nullptr, "x", 1.5, -1, 1000001, 2147483648LL, json::array(),
                                                  json::object(), true, 0};
  std::vector<std::pair<const json*, std::string>> nodes;
  every_node(state, "", nodes);
  for (const auto& [node, at] : nodes) {
    if (node != &state)
      for (const json& replacement : kReplacements) {
        json copy = state;
        copy[json::json_pointer(at)] = replacement;
        out.push_back(copy.dump());
      }
    if (!node->is_object()) continue;
    std::string unknown;
    dump_with(state, node, R"("zzz":1)", unknown);
    out.push_back(std::move(unknown));
    for (auto it = node->begin(); it != node->end(); ++it)
      for (const std::string& value : {it->dump(), std::string("null"), std::string("7")}) {
        std::string twice;
        dump_with(state, node, json(it.key()).dump() + ':' + value, twice);
        out.push_back(std::move(twice));
      }
  }
  const std::string text = state.dump();
  for (std::size_t k = 0; k < 12; ++k) out.push_back(text.substr(0, text.size() * k / 12));
  out.push_back(text + " x");
  out.push_back(text + "\n\t ");
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {":1,", ":1.0,"}, {":1}", ":1e0}"}, {":0", ":-0"}, {":1", ":01"}, {"\"", "\"\\u0041"},
           {",", " , "}, {":", " :\n"}, {"\"red\"", "\"r\\u00e9d\""}, {"\"UE\"", "\"U\xc3\xa9\""},
           {"\"UE\"", "\"U\xff\""}, {"\"red\"", "\"re\\\"d\""}, {"true", "tru"}, {"[", "[ "}}) {
    std::string changed = text;
    if (const auto at = changed.find(from); at != std::string::npos) {
      changed.replace(at, from.size(), to);
      out.push_back(std::move(changed));
    }
  }
  return out;
}

// A state of each game with every field of its format given (read_state takes them; the validator
// need not): the mutants of these reach every field, whatever the corpus's first states hold. An ally
// whose consent list is empty, a Utility's guests, one Shield and a list of them, a card's units,
// a null read as absent; Scythe's structure, resources, held_by, encounter and pending lists.
const std::vector<Sample>& every_field() {
  static const std::vector<Sample> all = {
      {"messina", json::parse(R"({"round": 2, "phase": "muster", "battle": "D1",
        "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"disaffected": 1, "spare": 2, "located": 3},
                            "dead": 1, "resources": {"food": 1, "water": 2, "energy": 3},
                            "consents": {"AI": ["muster", "build"], "XX": []}},
                     "AI": {"kind": "ai", "home": ["E2"], "population": null, "consents": null}},
        "spaces": {"D1": {"adjacent": ["E2"], "units": {"UE": {"civilian": 1, "infantry": 2, "bomber": 0, "fighter": 1, "mech": null}},
                          "utilities": [{"owner": "UE", "workers": 2, "guests": {"AI": 1}}, {"owner": "AI"}],
                          "shield": {"owner": "UE", "level": 2}},
                   "E2": {"adjacent": ["D1"], "units": {"AI": {}}, "shields": [{"owner": "UE"}, {"owner": "AI", "level": null}]}},
        "cards": {"E2": {"holder": "UE", "exposed": true, "units": {"infantry": 1}}, "F3": {"holder": "AI", "units": null}}})"),
       json{{"type", "hide"}, {"faction", "UE"}, {"card", "E2"}}},
      {"scythe", json::parse(R"({"factions": {"red": {"popularity": 3, "home_base": "HB-red"}, "blue": {"home_base": "HB-blue", "popularity": null}},
        "territories": {"HB-red": {"home_base": "red", "terrain": "home-base", "adjacent": ["T1"]},
                        "T1": {"adjacent": ["HB-red", "T2"], "terrain": "village", "units": {"red": {"character": 1, "mech": 2, "worker": 0}, "blue": {"worker": null}},
                               "structure": {"owner": "red", "kind": "mill"}, "encounter": true,
                               "resources": {"food": 2, "wood": 0, "metal": 1, "oil": 3}, "held_by": "red"},
                        "T2": {"adjacent": ["T1"], "home_base": null, "units": {"blue": {}}}},
        "pending": {"combats": ["T1"], "encounters": ["T2", "T1"]}})"),
       json{{"type", "move"}, {"faction", "red"}, {"moves", {{{"unit", "mech"}, {"from", "T1"}, {"path", {"T2"}}}}}}}};
  return all;
}

// Would fail if the text reader read any field of the format otherwise than read_state (such as an
// empty consent list making an entry, which read_state does not make).
TEST(StateFromText, EveryFieldOfTheFormatIsReadAsTheJsonPathReadsIt) {
  for (const Sample& s : every_field()) {
    const Readings r = readings_of(s.game, s.state.dump());
    EXPECT_TRUE(r.text_read && r.same) << s.game << ": " << r.json_error;
    for (const std::string& text : mutants(s.state)) expect_never_differs(s.game, text);
  }
}

// Would fail if the text reader took a malformed or refused text for a state (or read a mutant
// otherwise than the JSON path does): a key given twice, an unknown field, a count out of range, a
// wrong type, a truncated text. And each mutant's outcome through apply_text is apply_as()'s, its
// error at the same pointer with the same message.
// How many states of each game the mutant test mutates: 25 (thousands of mutants, a few seconds), or
// RULECHECK_STATE_MUTANT_STATES (the sanitizer run's preset asks 8: the same reader, a third of the time).
std::size_t mutated_states_per_game() {
  const char* n = std::getenv("RULECHECK_STATE_MUTANT_STATES");
  if (!n) return 25;
  const auto states = parse_count(n, 1000);
  if (!states || *states == 0) throw std::invalid_argument(std::string("RULECHECK_STATE_MUTANT_STATES=") + n);
  return static_cast<std::size_t>(*states);
}

TEST(StateFromText, MutantsAreReadAsTheJsonPathReadsThemOrLeftToIt) {
  const std::size_t states = mutated_states_per_game();
  std::size_t mutated = 0, read_by_text = 0;
  std::size_t per_game[2] = {0, 0};
  for (const Sample& s : samples()) {
    std::size_t& budget = per_game[s.game == "scythe"];
    if (budget >= states) continue;  // the first `states` states of each game
    ++budget;
    const auto rules = testing::bind(s.game);
    for (const std::string& text : mutants(s.state)) {
      expect_never_differs(s.game, text);
      if (!s.action.is_null()) expect_same_outcome(*rules, text, s.action);
      read_by_text += readings_of(s.game, text).text_read;
      ++mutated;
    }
  }
  EXPECT_GT(mutated, 200 * states);  // 25 states a game gave over 5,000 mutants
  EXPECT_GT(read_by_text, 0u);  // some mutants are states still (a count changed to 0, spaces added)
}

// The limits the hardening tests hold a state to: more than 1,000 spaces or territories (read_state
// refuses the board), more than kMaxJsonValues values in the text (the JSON path refuses the text).
// Would fail if the text reader read past either.
TEST(StateFromText, BoardsAndTextsPastTheLimitsAreLeftToTheJsonPath) {
  json messina = json::parse(R"({"round": 1, "factions": {}, "spaces": {}})");
  json scythe = json::parse(R"({"factions": {}, "territories": {}})");
  for (int i = 0; i < 1001; ++i) {
    messina["spaces"][fmt::format("S{}", i)] = json::object();
    scythe["territories"][fmt::format("T{}", i)] = json::object();
  }
  EXPECT_FALSE(messina::read_state_text(messina.dump()));
  EXPECT_FALSE(scythe::read_state_text(scythe.dump()));
  expect_same_outcome(*testing::bind("messina"), messina.dump(), json{{"type", "hide"}, {"faction", "UE"}, {"card", "X"}});
  messina["spaces"].erase("S0");
  EXPECT_TRUE(messina::read_state_text(messina.dump()));  // 1,000: read

  // {"round":1,"factions":{},"spaces":{"A":{"adjacent":[...]}}}: 11 values and keys besides the list's
  // strings, so 999,989 strings make 1,000,000 values (read) and one more 1,000,001 (refused).
  const auto text_with = [](std::size_t strings) {
    std::string text = R"({"round":1,"factions":{},"spaces":{"A":{"adjacent":[)";
    for (std::size_t i = 0; i < strings; ++i) text += i ? ",\"A\"" : "\"A\"";
    return text + "]}}}";
  };
  const std::string at_limit = text_with(kMaxJsonValues - 11), past = text_with(kMaxJsonValues - 10);
  EXPECT_TRUE(messina::read_state_text(at_limit));
  EXPECT_FALSE(parse_json_lenient(at_limit).is_discarded());
  EXPECT_FALSE(messina::read_state_text(past));
  EXPECT_TRUE(parse_json_lenient(past).is_discarded());
}

}  // namespace
}  // namespace rulecheck

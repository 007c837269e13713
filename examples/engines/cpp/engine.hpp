// An example engine under test for rulecheck, in C++20 with nlohmann/json: a skeleton to start a
// compiled engine from. It speaks the engine protocol, version 1 (docs/engine-protocol.md), and
// implements one rulebook section, Messina's Consumption Phase; every other game, action and query
// is answered "unsupported", so rulecheck counts those cases as skipped.
//
//   protocol.cpp     the JSON-lines loop: hello, one answer per request in request order, bye
//   board.cpp        reading and changing a Messina state: counts, backed units, canonical form
//   consumption.cpp  Messina, Consumption Phase (clauses messina.consumption.*)
//
// Adding a section of your own (Muster, say): write muster.cpp like consumption.cpp (one small
// function per rule decision, each citing its clause id from rules/messina/clauses.json), declare
// its action below, list it in kMessinaActions at the top of protocol.cpp, add it to
// CMakeLists.txt, and declare in kReadings (protocol.cpp) the readings of the interpretation
// points it implements.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

namespace example_engine {

using json = nlohmann::json;
using Count = std::int64_t;

// The outcomes other than a legal action, thrown by the rules and answered by protocol.cpp.
struct Illegal {  // {"legal": false, "rule": <clause id>, "reason": <for people>}
  std::string rule;
  std::string reason;
};
struct BadRequest {  // {"error": ...}: a malformed request or a state this engine cannot read
  std::string what;
};
struct Unsupported {  // {"unsupported": ...}: counted as skipped, never as a failure
  std::string what;
};

// The action breaks the clause `rule` unless `ok`.
inline void require(bool ok, const char* rule, const char* reason) {
  if (!ok) throw Illegal{rule, reason};
}

// What a request carries besides its state and action: the ruleset (every number comes from
// here, never from the code) and the reading of each interpretation point.
class Rules {
 public:
  Rules(const json& ruleset, const json& interpretations);

  // An integer of the ruleset, e.g. number("tokens_per_food_and_water").
  Count number(const std::string& key) const;
  // An object or a list of the ruleset, e.g. table("units").
  const json& table(const std::string& key) const;
  // The request's reading of an interpretation point, one of `implemented` (the first one is
  // used when the request names none); another reading is "unsupported".
  std::string reading(const std::string& point, std::initializer_list<const char*> implemented) const;

 private:
  const json& ruleset_;
  const json& interpretations_;
};

// ---- board.cpp: reading and changing a Messina state ----

// The largest count this engine reads (rulecheck's oracle counts in int).
inline constexpr Count kMaxCount = 2147483647;

// A count of `object` (0 when left out), a non-negative integer; else BadRequest naming `where`.
Count count_at(const json& object, const std::string& key, const std::string& where);
// A member object of `object` (an empty one when left out); else BadRequest naming `where`.
const json& object_at(const json& object, const std::string& key, const std::string& where);
// A member string of `object`; else BadRequest naming `where`.
const std::string& string_at(const json& object, const std::string& key, const std::string& where);

// The faction the action names (it must be in the state), and whether it is the AI faction.
std::string faction_of(const json& state, const json& action);
bool is_ai(const json& state, const std::string& faction);

// messina.population.backing / messina.population.tokens: the tokens one unit of this kind takes
// from its faction (0 for a unit no token backs).
Count tokens_for(const Rules& rules, bool ai, const std::string& unit);
// The tokens backing the faction's units on the Location Cards it holds.
Count tokens_on_held_cards(const Rules& rules, const json& state, const std::string& faction);

// Some units of one kind at one place: a map space ("at") or a Location Card ("card"), as in the
// "disband" list of an action (docs/formats.md). Read with its JSON pointer for error messages.
struct Units {
  bool on_card = false;
  std::string place;
  std::string unit;
  Count count = 1;
};
Units read_units(const Rules& rules, const json& state, const json& entry, const std::string& where);
// Takes the units off the map or the card; false (nothing changed) when the faction has fewer
// there. Workers leave the faction's own Utilities first, then those it is a guest in.
bool take_units(json& state, const std::string& faction, const Units& what);

// The state in canonical form: zero counts, empty objects and empty lists left out (keys are
// sorted by nlohmann::json itself). A space, faction or card is kept even when it is empty.
void make_canonical(json& state);

// ---- the sections: one function per action, (Rules, the request's state, action) -> new state ----

json consume(const Rules& rules, json state, const json& action);  // consumption.cpp

}  // namespace example_engine

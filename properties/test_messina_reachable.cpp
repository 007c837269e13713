// States play can reach, and how far generated Messina cases reach (issue 20), through the same
// JSON interface engines use:
//   - every generated state is reachable (rules/messina/invariants.json) under the ruleset and the
//     readings it was drawn for, and every legal action from it leads to a reachable state (an
//     invariant some legal action breaks would not be one: the list or the oracle would be wrong);
//   - `any_state` keeps the wider states, some of them unreachable;
//   - over a few thousand cases, every ruleset key is drawn with a value other than its default,
//     every reading of every point occurs, and the fields the formats offer are reached (a
//     `shields` list, guest Workers, equip counts above 1, transfers and occupied discards at the
//     end of an Exploration, each kind of step-3 choice), with a good share of every action type
//     legal.
// Each case is judged by the oracle bound to its own ruleset and readings.
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/number.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"

namespace rulecheck::properties {
namespace {

using generators::CaseOptions;
using generators::GeneratedCase;

const GameRules& messina_rules() {
  static const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return *library.find("messina");
}

// Every reading of every interpretation point, and each point's default.
CaseOptions options(bool any_state) {
  CaseOptions o;
  o.any_state = any_state;
  o.sample_ruleset = true;
  for (const InterpretationPoint& p : messina_rules().points) {
    o.readings[p.id] = p.readings;
    o.default_readings[p.id] = p.default_reading;
  }
  return o;
}

const rc::Gen<GeneratedCase>& sampled_cases() {
  static const rc::Gen<GeneratedCase> gen =
      generators::messina_cases(messina_rules().merged_ruleset(json::object()), options(false));
  return gen;
}

// The oracle bound to a case's ruleset and readings (one binding per distinct pair, kept).
const BoundRules& rules_of(const GeneratedCase& c) {
  static std::map<std::string, std::unique_ptr<BoundRules>> bound;
  const std::string key = c.ruleset.dump() + " " + c.interpretations.dump();
  auto it = bound.find(key);
  if (it == bound.end())
    it = bound
             .emplace(key, find_game("messina")->bind(messina_rules().merged_ruleset(c.ruleset),
                                                      messina_rules().readings(c.interpretations)))
             .first;
  return *it->second;
}

std::string show(const GeneratedCase& c) {
  return "ruleset: " + c.ruleset.dump() + "\ninterpretations: " + c.interpretations.dump() +
         "\nstate: " + c.state.dump() + "\n" + (c.is_query ? "query: " : "action: ") + c.request.dump();
}

std::string named(const std::vector<StateInvariantBreak>& breaks) {
  std::string out;
  for (const auto& b : breaks) out += "\n  " + b.invariant + " at " + b.pointer + ": " + b.why;
  return out;
}

int dead(const json& state, const std::string& faction) { return state.at("factions").at(faction).value("dead", 0); }

// rules/messina/invariants.json (and the readings of messina.shield-per-space and
// messina.worker-utility, the ruleset's round parities): a generated state breaks no invariant, and
// neither does the outcome of any legal action from it, under the case's ruleset and readings.
// messina.consumption.shortfall.step1: the Death Zone never gives tokens back.
RC_GTEST_PROP(MessinaReachable, EveryLegalActionFromAReachableGeneratedStateLeadsToAReachableState, ()) {
  const GeneratedCase c = *sampled_cases();
  const BoundRules& rules = rules_of(c);
  const auto before = rules.reachability_breaks(c.state);
  if (!before.empty()) RC_FAIL("the generated state is not reachable:" + named(before) + "\n" + show(c));
  RC_PRE(!c.is_query);
  const ApplyOutcome o = rules.apply(c.state, c.request);
  RC_CLASSIFY(o.legal, "legal " + c.kind);
  if (!o.legal) return;
  const auto after = rules.reachability_breaks(*o.state);
  if (!after.empty())
    RC_FAIL("a legal " + c.kind + " leads to a state play cannot reach:" + named(after) + "\n" + show(c) +
            "\nnext: " + o.state->dump());
  for (const auto& [f, info] : c.state.at("factions").items()) RC_ASSERT(dead(*o.state, f) >= dead(c.state, f));
}

// ---------------------------------------------------------------- over a batch of cases

// A count from the environment, read strictly (common/number.hpp): junk is an error, never a number.
long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v) return fallback;
  const auto n = rulecheck::parse_count(v, LONG_MAX);
  if (!n) throw std::invalid_argument(std::string(name) + "=" + v + " is not a count");
  return static_cast<long>(*n);
}

std::vector<GeneratedCase> batch(const rc::Gen<GeneratedCase>& gen, long n, std::uint64_t seed) {
  std::vector<GeneratedCase> out;
  rc::Random random(seed);
  for (long i = 0; i < n; ++i)
    out.push_back(gen(random.split(), static_cast<int>(i % (rc::kNominalSize + 1))).value());
  return out;
}

// The key paths of a ruleset override: "stacking_map", "units.bomber.cost", "ai_backed_units".
void keys_of(const json& overrides, const std::string& prefix, std::set<std::string>& out) {
  for (const auto& [key, value] : overrides.items()) {
    if (value.is_object())
      keys_of(value, prefix + key + ".", out);
    else
      out.insert(prefix + key);
  }
}

std::set<std::string> every_key(const json& ruleset) {
  std::set<std::string> out;
  json numbers = ruleset;
  numbers.erase("game");
  numbers.erase("note");
  keys_of(numbers, "", out);
  return out;
}

int units_in(const json& where) {
  int n = 0;
  if (where.contains("units"))
    for (const auto& [unit, count] : where.at("units").items()) n += count.get<int>();
  return n;
}

// Workers of `faction` in its own Utilities at a space.
int own_workers(const json& state, const std::string& space, const std::string& faction) {
  int n = 0;
  for (const json& u : state.at("spaces").at(space).value("utilities", json::array()))
    if (u.at("owner") == faction) n += u.value("workers", 0);
  return n;
}

// The fields of the formats and the choices of the rules a case reaches.
std::set<std::string> features(const GeneratedCase& c, bool legal) {
  std::set<std::string> out;
  const json& s = c.state;
  for (const auto& [id, sp] : s.at("spaces").items()) {
    if (sp.contains("shields")) out.insert("state: a shields list");
    for (const json& u : sp.value("utilities", json::array()))
      if (u.contains("guests")) out.insert("state: guest Workers");
  }
  const json& a = c.request;
  if (c.kind == "muster") {
    for (const json& e : a.value("equip", json::array()))
      if (e.value("count", 1) > 1) out.insert(std::string("muster: equip count above 1") + (legal ? " (legal)" : ""));
    if (a.contains("shields") && legal) out.insert("muster: shield ops (legal)");
    for (const json& e : a.value("equip", json::array()))
      if (e.contains("card") && legal) out.insert("muster: equip on a held card (legal)");
    for (const json& op : a.value("shields", json::array()))
      if (op.contains("card")) out.insert("muster: a Shield op naming a card");
  }
  if (c.kind == "rearm") {
    const json& shield = a.at("shield");
    if (shield.is_array() && legal) out.insert("rearm: shield ops as a list (legal)");
    for (const json& op : shield.is_array() ? shield : json::array({shield}))
      if (op.contains("card"))
        out.insert(std::string("rearm: a Shield op naming a card") + (shield.is_array() ? " in a list" : ""));
  }
  if ((c.kind == "place" || c.kind == "convert") && legal) {
    bool guest = a.contains("utility");
    for (const json& p : a.value("placements", json::array())) guest = guest || p.contains("utility");
    if (guest) out.insert(c.kind + ": Workers into another faction's Utility (legal)");
  }
  if (c.kind == "end-exploration") {
    if (a.contains("transfers")) out.insert(std::string("end-exploration: transfers") + (legal ? " (legal)" : ""));
    for (const json& card : a.value("discard", json::array()))
      if (units_in(s.at("cards").at(card.get<std::string>())) > 0)
        out.insert(std::string("end-exploration: an occupied card discarded") + (legal ? " (legal)" : ""));
  }
  if (c.kind == "consume" && legal) {
    const std::string f = a.at("faction");
    for (const json& d : a.value("disband", json::array())) {
      const std::string unit = d.at("unit");
      if (d.contains("card")) {
        const bool up = s.at("cards").at(d.at("card").get<std::string>()).value("exposed", false);
        out.insert(std::string("step 3: a unit on a face-") + (up ? "up" : "down") + " card");
      } else if (unit == "worker") {
        const bool guest = own_workers(s, d.at("at"), f) < d.value("count", 1);
        out.insert(guest ? "step 3: guest Workers" : "step 3: Workers in own Utility");
      } else {
        out.insert("step 3: " + unit + " on the map" + (s.at("factions").at(f).at("kind") == "ai" ? " (AI)" : ""));
      }
    }
  }
  return out;
}

struct Tally {
  long cases = 0, legal = 0;
  std::map<std::string, long> refused;  // clause -> cases
};

// The keys of ruleset.json the rules leave no other value: a Civilian and a Worker interconvert,
// Infantry becomes a Worker (messina.population.interconversion) and a Civilian is equipped as
// Infantry (messina.muster.equip), none of it moving a token on the mat, and a Worker takes one
// token; so a Civilian and Infantry take one each. (Drawn otherwise, the oracle's next state after
// such a conversion would not be valid: its Located tokens would not match what they back.)
const std::set<std::string> kFixedByTheRules = {"units.civilian.population", "units.infantry.population"};

// Every feature the issue found missing, which a batch must reach.
const std::vector<std::string> kWantedFeatures = {
    "state: a shields list",
    "state: guest Workers",
    "muster: equip count above 1 (legal)",
    "muster: shield ops (legal)",
    "place: Workers into another faction's Utility (legal)",
    "convert: Workers into another faction's Utility (legal)",
    "end-exploration: transfers (legal)",
    "end-exploration: an occupied card discarded (legal)",
    "step 3: civilian on the map",
    "step 3: infantry on the map",
    "step 3: bomber on the map",
    "step 3: fighter on the map",
    "step 3: civilian on the map (AI)",
    "step 3: Workers in own Utility",
    "step 3: guest Workers",
    "step 3: a unit on a face-up card",
    "step 3: a unit on a face-down card",
    "muster: equip on a held card (legal)",
    "muster: a Shield op naming a card",
    "rearm: shield ops as a list (legal)",
    "rearm: a Shield op naming a card",
    "rearm: a Shield op naming a card in a list",
};

// Every clause a require() of the oracle refuses with that aimed near misses must reach (a batch
// must be refused with each somewhere).
const std::vector<std::string> kWantedRefusals = {
    "messina.cards.discard-empty",        "messina.cards.no-structures",
    "messina.muster.no-build-disband",    "messina.muster.population",
    "messina.population.disaffected",     "messina.population.placement.cards",
    "messina.population.placement.spare-required",
};

void print_shares(const std::map<std::string, Tally>& by_kind) {
  std::cout << fmt::format("{:<16} {:>7} {:>7} {:>7}\n", "type", "cases", "legal", "share");
  for (const auto& [kind, t] : by_kind) {
    std::cout << fmt::format("{:<16} {:>7} {:>7} {:>6.1f}%   refused by:", kind, t.cases, t.legal,
                             t.cases ? 100.0 * static_cast<double>(t.legal) / static_cast<double>(t.cases) : 0.0);
    for (const auto& [clause, count] : t.refused) std::cout << " " << clause << " " << count;
    std::cout << "\n";
  }
}

// A batch of 5,000 cases (RULECHECK_COVERAGE_CASES) drawn with every reading of every point and a
// sampled ruleset: each reachable and each legal outcome reachable; every key of ruleset.json drawn
// with another value than its default; every reading in effect somewhere; every wanted feature
// reached; every wanted refusal met; and at least a fifth of each action type legal (release never is:
// messina.population.no-return).
TEST(MessinaGeneratedCoverage, EveryRulesetKeyReadingAndFieldIsReachedAndEachActionTypeIsOftenLegal) {
  // 8,000 cases: the rarest wanted refusal (messina.cards.discard-empty: an occupied card discarded
  // unemptied) comes about once in 2,500 cases.
  const long n = env_number("RULECHECK_COVERAGE_CASES", 8000);
  std::map<std::string, Tally> by_kind;
  std::map<std::string, long> keys_drawn, readings_seen, reached;
  long sampled = 0, broken = 0;
  for (const GeneratedCase& c : batch(sampled_cases(), n, 20261125)) {
    const BoundRules& rules = rules_of(c);
    const auto breaks = rules.reachability_breaks(c.state);
    if (!breaks.empty() && ++broken <= 3) ADD_FAILURE() << "unreachable:" << named(breaks) << "\n" << show(c);
    std::set<std::string> keys;
    keys_of(c.ruleset, "", keys);
    sampled += keys.empty() ? 0 : 1;
    for (const auto& k : keys) ++keys_drawn[k];
    const json readings = messina_rules().readings(c.interpretations);
    for (const auto& [point, reading] : readings.items()) ++readings_seen[point + " = " + reading.get<std::string>()];
    bool legal = false;
    if (!c.is_query) {
      const ApplyOutcome o = rules.apply(c.state, c.request);
      legal = o.legal;
      ++by_kind[c.kind].cases;
      by_kind[c.kind].legal += legal ? 1 : 0;
      if (!legal) ++by_kind[c.kind].refused[o.rule];
      if (legal) {
        const auto after = rules.reachability_breaks(*o.state);
        if (!after.empty() && ++broken <= 3)
          ADD_FAILURE() << "a legal " << c.kind << " leads out of reach:" << named(after) << "\n" << show(c);
      }
    }
    for (const auto& f : features(c, legal)) ++reached[f];
  }
  EXPECT_EQ(broken, 0);
  std::cout << fmt::format("{} cases, {} under a sampled ruleset\n", n, sampled);
  print_shares(by_kind);
  for (const auto& [f, count] : reached) std::cout << fmt::format("  {:<60} {:>6}\n", f, count);

  EXPECT_GT(sampled, n / 5);
  EXPECT_LT(sampled, n / 2);
  for (const std::string& key : every_key(messina_rules().ruleset))
    if (!kFixedByTheRules.count(key)) {
      EXPECT_GT(keys_drawn[key], 0) << "the ruleset key " << key << " is never drawn with another value";
    }
  for (const InterpretationPoint& p : messina_rules().points)
    for (const std::string& r : p.readings)
      EXPECT_GT(readings_seen[p.id + " = " + r], 0) << "the reading " << r << " of " << p.id << " never occurs";
  for (const std::string& f : kWantedFeatures) EXPECT_GT(reached[f], 0) << "never reached: " << f;
  std::map<std::string, long> refused;
  for (const auto& [kind, t] : by_kind)
    for (const auto& [clause, count] : t.refused) refused[clause] += count;
  for (const std::string& clause : kWantedRefusals)
    EXPECT_GT(refused[clause], 0) << "no case is refused with " << clause;
  for (const auto& [kind, t] : by_kind)
    if (kind != "release") {
      EXPECT_GE(5 * t.legal, t.cases) << kind << ": fewer than a fifth legal";
    }
}

// The figure: the share of generated states play cannot reach, with `any_state` (today's
// wider states: expected to hold some) and by default (none), over 10,000 cases each
// (RULECHECK_REACHABLE_CASES), every state judged under its own ruleset and readings.
TEST(MessinaReachable, NoGeneratedStateBreaksAnInvariantUnlessAnyStateIsAsked) {
  const long n = env_number("RULECHECK_REACHABLE_CASES", 10000);
  for (const bool any_state : {true, false}) {
    const auto gen = generators::messina_cases(messina_rules().merged_ruleset(json::object()), options(any_state));
    long unreachable = 0;
    std::map<std::string, long> by_invariant;
    for (const GeneratedCase& c : batch(gen, n, 20261126)) {
      const auto breaks = rules_of(c).reachability_breaks(c.state);
      unreachable += breaks.empty() ? 0 : 1;
      std::set<std::string> ids;
      for (const auto& b : breaks) ids.insert(b.invariant);
      for (const auto& id : ids) ++by_invariant[id];
    }
    std::cout << fmt::format("any_state {}: {} of {} generated states unreachable\n", any_state, unreachable, n);
    for (const auto& [id, count] : by_invariant) std::cout << fmt::format("  {:<48} {:>6}\n", id, count);
    if (any_state) {
      EXPECT_GT(unreachable, 0) << "any_state should keep the wider states";
    } else {
      EXPECT_EQ(unreachable, 0);
    }
  }
}

}  // namespace
}  // namespace rulecheck::properties

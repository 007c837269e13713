// Reachability of Scythe's generated cases (properties/generators/scythe.cpp): every action and query
// type, and every clause the oracle's require() calls cite, is an answer of some generated case; with
// longer ranges every stop clause is; sampled rulesets and readings reach every key, every reading and
// longer paths. (The properties themselves: test_scythe_properties.cpp.)
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"
#include "properties/next_state_text.hpp"
#include "properties/scythe_props.hpp"

namespace rulecheck::properties {
namespace {

using namespace scythe_props;

// ---- Reachability ----

std::string read_source(const std::string& relative) {
  std::ifstream in(std::filesystem::path(RULECHECK_SOURCE_DIR) / relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The clause ids a call of `function` cites as a literal in oracle/scythe/movement.cpp.
std::set<std::string> clauses_cited_by(const std::string& function) {
  const std::string source = read_source("oracle/scythe/movement.cpp");
  const std::regex call("\\b" + function + "\\s*\\([^;]*?\"(scythe\\.[a-z0-9.-]+)\"");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), call); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1].str());
  return out;
}

struct Reach {
  std::map<std::string, int> kinds;
  int legal = 0, illegal = 0;                      // under the default readings
  std::map<std::string, int> clauses;              // the answers under the default readings
  std::map<std::string, int> clauses_any_reading;  // cases some reading answers with the clause
};

// `n` cases from a fixed seed, the sizes cycling through 0..100 as RapidCheck's do, through the
// oracle under each of `bindings` (the default readings first).
Reach reach(const std::vector<Binding>& bindings, const rc::Gen<GeneratedCase>& gen, int n) {
  Reach r;
  rc::Random random(20240610);
  for (int i = 0; i < n; ++i) {
    const GeneratedCase c = gen(random.split(), i % (rc::kNominalSize + 1)).value();
    ++r.kinds[c.kind];
    if (c.is_query) {
      for (const Binding& b : bindings) b.rules->query(c.state, c.request);
      continue;
    }
    std::set<std::string> answers;
    for (const Binding& b : bindings) {
      const ApplyOutcome o = b.rules->apply(c.state, c.request);
      if (&b == &bindings.front()) {
        ++(o.legal ? r.legal : r.illegal);
        if (!o.legal) ++r.clauses[o.rule];
      }
      if (!o.legal) answers.insert(o.rule);
    }
    for (const std::string& clause : answers) ++r.clauses_any_reading[clause];
  }
  return r;
}

void print(const Reach& r) {
  for (const auto& [kind, n] : r.kinds) std::cout << "  " << kind << ": " << n << " cases\n";
  std::cout << "  moves under the default readings: " << r.legal << " legal, " << r.illegal << " illegal\n";
  std::cout << "  illegal answers per clause (default readings / cases answered so under some reading):\n";
  for (const auto& [clause, n] : r.clauses_any_reading) {
    const auto d = r.clauses.find(clause);
    std::cout << "    " << clause << ": " << (d == r.clauses.end() ? 0 : d->second) << " / " << n << "\n";
  }
}

TEST(ScytheGenerators, EveryTypeIsGeneratedAndEveryRequiredClauseIsAnAnswer) {
  const Reach r = reach(every_reading(), cases(), 3000);
  print(r);
  for (const char* kind : {"move", "controller", "mill-produces", "structure-bonus"})
    EXPECT_GT(r.kinds.count(kind) ? r.kinds.at(kind) : 0, 0) << kind;
  const int moves = r.legal + r.illegal;
  EXPECT_GE(r.legal * 5, moves) << "fewer than 20% of the moves are legal";
  EXPECT_GE(r.illegal * 5, moves) << "fewer than 20% of the moves are illegal";
  const std::set<std::string> required = clauses_cited_by("require");
  EXPECT_FALSE(required.empty()) << "no clause id found in oracle/scythe/movement.cpp's require() calls";
  for (const std::string& clause : required) {
    EXPECT_TRUE(scythe_rules().has_clause(clause)) << clause;
    EXPECT_TRUE(r.clauses_any_reading.count(clause)) << clause << " is never the answer of an illegal case";
  }
}

// scythe.move.mech-abilities: with a move_range above 1 (a mech ability, as a ruleset override),
// paths that go on past a stop are generated, and under the default reading of scythe.stop-path
// each stop's clause answers some of them.
TEST(ScytheGenerators, WithLongerRangesEveryStopClauseIsAnAnswer) {
  const json longer = scythe_rules().merged_ruleset({{"move_range", {{"character", 2}, {"mech", 2}, {"worker", 2}}}});
  std::vector<Binding> bindings;
  for (const Binding& b : every_reading())
    bindings.push_back({b.readings, find_game("scythe")->bind(longer, b.readings)});
  const Reach r = reach(bindings, generators::scythe_cases(longer), 3000);
  print(r);
  std::set<std::string> expected = clauses_cited_by("stop_here");
  const std::set<std::string> required = clauses_cited_by("require");
  expected.insert(required.begin(), required.end());
  EXPECT_FALSE(clauses_cited_by("stop_here").empty());
  for (const std::string& clause : expected)
    EXPECT_TRUE(r.clauses_any_reading.count(clause)) << clause << " is never the answer of an illegal case";
}

// Generated cases reach as far as the rules go (issue 20): over 5,000 reachable cases, every key of
// rules/scythe/ruleset.json takes a value other than the default (move_range per unit kind), each
// within what the game allows (the case's ruleset binds and its state is valid under it); every
// reading of every point is drawn, and a case names only readings other than the default; paths
// of 2 and 3 steps occur, legal ones among them; at least 40% of the moves are legal under the
// case's ruleset and readings; every clause the oracle's require() calls cite is the answer of
// some illegal move.
TEST(ScytheGenerators, SampledRulesetsAndReadingsReachEveryKeyEveryReadingAndLongerPaths) {
  std::map<std::string, int> keys;  // "move_range.mech" -> cases with a value other than the default
  for (const auto& [key, value] : ruleset().items()) {
    if (key == "game" || key == "note") continue;
    if (value.is_object())
      for (const auto& [sub, v] : value.items()) keys[key + "." + sub] = 0;
    else
      keys[key] = 0;
  }
  std::map<std::string, std::map<std::string, int>> readings;
  for (const InterpretationPoint& p : scythe_rules().points)
    for (const std::string& r : p.readings) readings[p.id][r] = 0;
  std::map<std::size_t, int> paths, legal_paths;
  std::map<std::string, int> answers;
  int moves = 0, legal = 0;
  rc::Random random(20240613);
  for (int i = 0; i < 5000; ++i) {
    const GeneratedCase c = reachable_cases()(random.split(), i % (rc::kNominalSize + 1)).value();
    for (const auto& [key, value] : c.ruleset.items()) {
      if (value.is_object())
        for (const auto& [sub, v] : value.items()) ++keys.at(key + "." + sub);
      else
        ++keys.at(key);
    }
    for (const InterpretationPoint& p : scythe_rules().points) {
      ASSERT_NE(c.interpretations.value(p.id, ""), p.default_reading) << "a case names the default reading of " << p.id;
      ++readings[p.id].at(c.interpretations.value(p.id, p.default_reading));
    }
    const BoundRules& rules = bound_for(c);
    ASSERT_NO_THROW(rules.canonical_state(c.state)) << "ruleset " << c.ruleset.dump() << ", state " << c.state.dump();
    if (c.is_query) continue;
    ++moves;
    const ApplyOutcome o = rules.apply(c.state, c.request);
    legal += o.legal ? 1 : 0;
    if (!o.legal) ++answers[o.rule];
    for (const json& m : c.request.at("moves")) {
      ++paths[m.at("path").size()];
      if (o.legal) ++legal_paths[m.at("path").size()];
    }
  }
  std::cout << "  ruleset keys drawn other than the default (cases):";
  for (const auto& [key, n] : keys) std::cout << " " << key << " " << n << ";";
  std::cout << "\n  readings drawn (cases):";
  for (const auto& [point, by_reading] : readings)
    for (const auto& [reading, n] : by_reading) std::cout << " " << point << "=" << reading << " " << n << ";";
  std::cout << "\n  unit moves by path length (all / in legal moves):";
  for (const auto& [length, n] : paths) std::cout << " " << length << ": " << n << " / " << legal_paths[length] << ";";
  std::cout << "\n  moves: " << moves << ", legal under the case's ruleset and readings: " << legal << "\n";
  for (const auto& [key, n] : keys) EXPECT_GT(n, 0) << key << " never takes a value other than the default";
  for (const auto& [point, by_reading] : readings)
    for (const auto& [reading, n] : by_reading) EXPECT_GT(n, 0) << point << "=" << reading << " is never drawn";
  for (std::size_t length : {2u, 3u}) {
    EXPECT_GT(paths[length], 0) << "no path of " << length << " steps";
    EXPECT_GT(legal_paths[length], 0) << "no legal move with a path of " << length << " steps";
  }
  EXPECT_GE(legal * 10, moves * 4) << "fewer than 40% of the moves are legal";
  for (const std::string& clause : clauses_cited_by("require"))
    EXPECT_TRUE(answers.count(clause)) << clause << " is never the answer of an illegal move from a reachable state";
}

}  // namespace
}  // namespace rulecheck::properties

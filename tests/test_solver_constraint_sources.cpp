// Every constraint of the sections' relations names its source (issue 33, item 1): each tag on a
// constraint the theorems ask (solver/messina's Consumption, stacking and Friendly Area relations,
// solver/scythe's movement relation) is a clause id of the game's index (rules/<game>/clauses.json),
// a convention listed in rules/<game>/conventions.json, or a declared interpretation point of
// rules/<game>/interpretations.json (a constraint whose value is that point's reading, tagged apart for
// the discovery search). Would fail with a constraint tagged by an id none lists (a typo, a clause
// renamed, a convention made in the relation but not listed).
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/json_io.hpp"
#include "solver/messina/section_theorems.hpp"
#include "solver/scythe/unbounded.hpp"
#include "tests/messina_rules.hpp"
#include "tests/scythe_rules.hpp"

namespace rulecheck::solver {
namespace {

// The ids a constraint of `game` may name: its clauses, its listed conventions, its declared points.
std::set<std::string> known_sources(const std::string& game) {
  const std::filesystem::path rules = std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules" / game;
  std::set<std::string> ids;
  const nlohmann::json clauses = read_json_file(rules / "clauses.json");
  const nlohmann::json conventions = read_json_file(rules / "conventions.json");
  const nlohmann::json points = read_json_file(rules / "interpretations.json");
  for (const auto& c : clauses["clauses"]) ids.insert(c["id"].get<std::string>());
  for (const auto& c : conventions["conventions"]) ids.insert(c["id"].get<std::string>());
  for (const auto& p : points["points"]) ids.insert(p["id"].get<std::string>());
  return ids;
}

// Every tag on the relations (and their twins) the theorems ask, as the text reads.
template <class Rules>
std::set<std::string> tags_of(const std::vector<Theorem<Rules>>& theorems, const Rules& rules) {
  z3::context ctx;
  const RuleEdit<Rules> as_is = [](const Rules& r) { return r; };
  std::set<std::string> tags;
  for (const auto& t : theorems)
    for (const auto& ask : t.asks(ctx, rules, as_is)) {
      for (const auto& n : ask.relation) tags.insert(n.clause);
      for (const auto& n : ask.twin) tags.insert(n.clause);
    }
  return tags;
}

void expect_known(const std::set<std::string>& tags, const std::string& game) {
  ASSERT_FALSE(tags.empty());
  const std::set<std::string> known = known_sources(game);
  for (const auto& tag : tags)
    EXPECT_TRUE(known.count(tag)) << tag << " tags a constraint but is neither a clause of rules/" << game
                                  << "/clauses.json nor a convention of rules/" << game
                                  << "/conventions.json nor a point of rules/" << game << "/interpretations.json";
}

TEST(ConstraintSources, EveryMessinaSectionConstraintNamesAClauseOrAListedConvention) {
  expect_known(tags_of(messina::section_theorems(testing::messina_typed_rules()), testing::messina_typed_rules()), "messina");
}

TEST(ConstraintSources, EveryScytheMovementConstraintNamesAClauseOrAListedConvention) {
  const auto rules = testing::scythe_base_rules();
  expect_known(tags_of(scythe::movement_theorems(rules), rules), "scythe");
}

}  // namespace
}  // namespace rulecheck::solver

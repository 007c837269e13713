// Scythe's discovery search (solver/scythe/literal.hpp): it re-finds each declared point of
// rules/scythe/interpretations.json on a board play can reach, whose two outcomes the oracle gives
// under the point's readings (switched here apart from the solver); no new finding is left open; the
// declared points' records say found_by_search; a starved search says unknown, never none.
#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "oracle/scythe/oracle.hpp"
#include "tests/scythe_readings.hpp"
#include "solver/scythe/literal.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {
namespace {

using json = nlohmann::json;

// The base game's numbers (rules/scythe/ruleset.json): range 1 for every unit, units_per_move 2.
sy::Rules base_rules() {
  sy::Rules r;
  r.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return r;
}

const std::vector<ScytheWitness>& discovered() {
  static const std::vector<ScytheWitness> found = discover(base_rules(), Budget{});
  return found;
}

json declared_points() {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/rules/scythe/interpretations.json");
  return json::parse(in)["points"];
}


bool legal_in_oracle(const sy::Rules& rules, const sy::State& s, const sy::Move& m) {
  try {
    sy::move(rules, s, m);
    return true;
  } catch (const RuleViolation&) {
    return false;
  }
}

TEST(SolverScytheLiteral, ReFindsEachDeclaredPointOnABoardPlayCanReach) {
  const auto& found = discovered();
  for (const auto& p : declared_points()) {
    const std::string id = p["id"];
    const auto it =
        std::find_if(found.begin(), found.end(), [&](const ScytheWitness& w) { return w.refinds == id; });
    ASSERT_NE(it, found.end()) << "the literal search did not re-find " << id;
    const ScytheWitness& w = *it;
    EXPECT_TRUE(w.found_by_search) << id;
    EXPECT_FALSE(w.is_new) << id;
    EXPECT_EQ(w.kind, "undecided") << id;
    EXPECT_FALSE(w.signature.empty()) << id;
    EXPECT_TRUE(sy::reachability_breaks(w.example.state).empty()) << id << ": the board is not one play can reach";
    // The finding's two outcomes are the point's two readings, and the oracle gives them on its board.
    ASSERT_EQ(w.outcomes.size(), 2u) << id;
    std::vector<std::string> names;
    for (const auto& [name, words] : p["readings"].items()) names.push_back(name);
    for (const auto& o : w.outcomes) {
      ASSERT_NE(std::find(names.begin(), names.end(), o.reading), names.end()) << id << ": reading " << o.reading;
      sy::Rules r = base_rules();
      if (!w.ruleset_override.empty()) {
        const json over = json::parse(w.ruleset_override);
        for (sy::Unit u : sy::kUnits)
          r.numbers.move_range[u] = over["move_range"].value(std::string(sy::unit_name(u)), 1);
      }
      r.readings = rulecheck::testing::scythe_readings_for(id, o.reading);
      EXPECT_EQ(legal_in_oracle(r, w.example.state, w.example.step), o.legal) << id << " under " << o.reading;
    }
    EXPECT_NE(w.outcomes[0].reading, w.outcomes[1].reading) << id;
  }
}

// The step kinds where each point's question can arise at all, worked out from the moves: only a mech
// vacates a territory before a worker enters it; only a range of 2 gives a path past a stop; only the
// ride-then-walk kind carries a worker; only three workers exceed units_per_move 2 (a rider is not
// counted); a worker must move by itself for the blocking sentences to reach it.
TEST(SolverScytheLiteral, EachPointIsReFoundOnlyWhereItsQuestionArises) {
  const std::map<std::string, std::set<std::string>> where = {
      {"scythe.vacated-workers", {"mech-then-worker"}},
      {"scythe.stop-path", {"character-two-steps", "mech-two-steps"}},
      {"scythe.carried-workers", {"ride-then-walk"}},
      {"scythe.units-per-move", {"three-workers"}},
      {"scythe.worker-blocking", {"worker-in", "worker-out", "mech-then-worker", "ride-then-walk", "three-workers"}},
  };
  for (const auto& w : discovered()) {
    if (w.refinds.empty()) continue;
    const std::string kind = w.signature.substr(0, w.signature.find('|'));
    RecordProperty(w.refinds + "." + kind, w.signature);
    ASSERT_TRUE(where.count(w.refinds)) << w.refinds;
    EXPECT_TRUE(where.at(w.refinds).count(kind)) << w.refinds << " re-found on " << kind;
  }
}

// Today every finding is one of the declared points: the search's own records (one per step kind)
// say it found no further board, with the scope searched.
TEST(SolverScytheLiteral, LeavesNoNewFindingOpen) {
  int kinds = 0;
  for (const auto& w : discovered()) {
    if (!w.is_new) continue;
    EXPECT_EQ(w.kind, "none") << w.point << ": " << w.title << " (" << w.note << ")";
    EXPECT_FALSE(w.scope.empty()) << w.point;
    ++kinds;
  }
  EXPECT_EQ(kinds, static_cast<int>(literal_step_kinds().size()));
}

TEST(SolverScytheLiteral, AmbiguitiesMarkEachDeclaredPointFoundBySearch) {
  const auto records = ambiguities(base_rules(), Budget{});
  for (const auto& p : declared_points()) {
    const auto it = std::find_if(records.begin(), records.end(),
                                 [&](const ScytheWitness& w) { return w.point == p["id"].get<std::string>(); });
    ASSERT_NE(it, records.end()) << p["id"];
    EXPECT_TRUE(it->found_by_search) << p["id"];
  }
  for (const auto& w : records) EXPECT_TRUE(w.refinds.empty()) << w.point << " should have been folded into its point";
}

TEST(SolverScytheLiteral, AStarvedSearchIsUnknownNeverNone) {
  const auto records = discover(base_rules(), Budget{1});
  ASSERT_EQ(records.size(), literal_step_kinds().size());
  for (const auto& w : records) {
    EXPECT_EQ(w.kind, "unknown") << w.point;
    EXPECT_FALSE(w.note.empty()) << w.point;
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

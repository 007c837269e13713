// Issue 33 item 2: discovery from the words alone, on the Consumption relation
// (solver/messina/discovery.hpp). The index the search is given here is production's, read from the
// rule data: a tag is kept when it is a clause id of rules/messina/clauses.json, a point's readings are
// the readings table's (games/messina/rules_read.cpp), and any other tag is refused.
//   - The search finds a convention of Consumption that nothing names to it, with a witness on a board
//     play can reach; re-tagged as a clause (kept), the same convention is no longer reported: what the
//     search reports, it earned from the relation's tags alone.
//   - With one clause-tagged sentence left out of the relation, two outcomes nothing left out separates
//     appear: a new finding, reported open.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/messina/rules_read.hpp"

#include "solver/messina/discovery.hpp"
#include "tests/test_solver_discovery_support.hpp"
#include "tests/messina_rules.hpp"
#include "tests/support.hpp"

namespace rulecheck::solver::messina {
namespace {

const std::string kWorkers = "messina.convention.step3-workers-own-utility-first";

// Would fail without the discovery (no record names a convention) or with the workers' choice still
// written inside a clause-tagged constraint (nothing to leave out, so nothing separates the outcomes).
TEST(SolverDiscovery, FindsAConsumptionConventionNobodyNamedOnAReachableBoard) {
  const ms::Rules rules = testing::messina_typed_rules();
  const std::vector<MessinaWitness> records = discover_consumption(rules, index_from_rule_data(), kBudget);
  expect_decided(records);
  const std::set<std::string> found = conventions_found(records);
  EXPECT_TRUE(found.count(kWorkers)) << "found: " << found.size();
  for (const auto& w : records) {
    if (w.convention.empty()) continue;
    EXPECT_TRUE(w.is_new && w.kind == "undecided") << w.point;
    ASSERT_EQ(w.outcomes.size(), 2u) << w.point;
    EXPECT_TRUE(reachable(w.example.state, rules)) << w.point;
    // The oracle makes the convention's choice: its outcome is the one the convention allows.
    EXPECT_EQ(w.today, "as-decided") << w.point;
  }
  // No pair that nothing separates on the relation as written.
  for (const auto& w : records) EXPECT_NE(w.point, "messina.discovery.consume.open") << w.note;
}

// What "earned" means: the same search, told that the convention's tag is a clause (so its constraint
// is kept), no longer reports it. Would fail if the search reported conventions from a list of its own.
TEST(SolverDiscovery, AConventionKeptAsIfAClauseIsNoLongerFound) {
  const ms::Rules rules = testing::messina_typed_rules();
  const std::vector<MessinaWitness> records =
      discover_consumption(rules, index_from_rule_data({kWorkers}), kBudget);
  expect_decided(records);
  EXPECT_FALSE(conventions_found(records).count(kWorkers));
}

// Step 1's sentence left out (dead tokens then bounded only from above by the waived excess): a dying
// token and none are two outcomes no convention or point separates. Would fail if a pair nothing
// separates were dismissed, or counted against some source.
TEST(SolverDiscovery, ASentenceLeftOutMakesANewFinding) {
  const ms::Rules rules = testing::messina_typed_rules();
  SourceIndex index = index_from_rule_data();
  index.omitted = {"messina.consumption.shortfall.step1"};
  const std::vector<MessinaWitness> records = discover_consumption(rules, index, kBudget);
  bool open = false;
  for (const auto& w : records)
    if (w.point == "messina.discovery.consume.open") {
      open = true;
      EXPECT_TRUE(w.is_new && w.found_by_search && w.convention.empty());
      EXPECT_TRUE(reachable(w.example.state, rules));
    }
  EXPECT_TRUE(open);
}

// A tag that is neither a clause id, a convention nor a point is refused, by name: here a real clause
// of the Consumption relation (step 1's) missing from the clause ids the index is given. Would fail if an
// unknown tag were counted as a clause (kept) or as a source (searched) without a word.
TEST(SolverDiscovery, ATagThatIsNoClauseConventionOrPointIsAnError) {
  const ms::Rules rules = testing::messina_typed_rules();
  std::set<std::string> clauses = testing::library().find("messina")->clause_ids();
  ASSERT_EQ(clauses.erase("messina.consumption.shortfall.step1"), 1u);
  try {
    discover_consumption(rules, rulecheck::messina::discovery_sources(clauses), kBudget);
    ADD_FAILURE() << "no error for a tag that is no clause, convention or point";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"messina.consumption.shortfall.step1\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace rulecheck::solver::messina

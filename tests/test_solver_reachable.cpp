// The Messina encoding's proofs that every legal action keeps the states play can reach
// (solver/messina/reachable.cpp, rules/messina/invariants.json).
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/messina/reachable.hpp"
#include "solver/messina/solver.hpp"
#include "tests/messina_rules.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;
using solver::Budget;
using solver::ProofStatus;

std::vector<sm::MessinaProof> reachable_proofs(const ms::Rules& rules) {
  return sm::prove_reachable_kept(rules, Budget{});
}

// Every invariant of rules/messina/invariants.json is either proved kept, with the clauses the file
// gives it, over a scope that says it is bounded, or listed as kept by construction (no action of
// the encoding writes what it reads: a proof of it would be hollow), never both.
TEST(SolverReachable, EveryMessinaInvariantOfTheRuleDataIsProvedKeptWithItsClausesAndItsScope) {
  std::map<std::string, std::vector<std::string>> listed;
  for (const StateInvariant& inv : library().find("messina")->invariants) listed[inv.id] = inv.clauses;
  ASSERT_FALSE(listed.empty());
  std::map<std::string, std::vector<std::string>> proved;
  for (const auto& p : reachable_proofs(messina_typed_rules())) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_FALSE(p.scope.unbounded) << p.id;
    EXPECT_NE(p.scope.covers.find("boards of 3 spaces"), std::string::npos) << p.scope.covers;
    proved[p.id] = p.clauses;
  }
  for (const auto& [id, why] : sm::reachable_by_construction()) {
    EXPECT_EQ(proved.count(id), 0u) << id << " is both proved and kept by construction";
    EXPECT_FALSE(why.empty()) << id;
    ASSERT_EQ(listed.count(id), 1u) << id;
    proved[id] = listed[id];
  }
  EXPECT_EQ(proved, listed);
}

// Not vacuous, and the refusals it rests on are the text's: under the own reading of
// messina.worker-utility a Worker placed or converted into another faction's Utility is never
// legal (messina.population.placement.workers, messina.population.interconversion), while under
// the friendly reading both can be; a Shield built where one stands is refused under one-per-space.
TEST(SolverReachable, WorkersEnterAnotherFactionsUtilityOnlyUnderTheFriendlyReading) {
  ms::Rules own = messina_typed_rules();
  const auto proofs = reachable_proofs(own);
  ASSERT_FALSE(proofs.empty());
  const std::string& detail = proofs.front().vacuity;
  EXPECT_NE(detail.find("Red places a Worker in Blue's Utility at A (Industry) (Blue human)"), std::string::npos)
      << detail;
  EXPECT_NE(detail.find("Red converts a Civilian at A to a Worker in Blue's Utility (Blue human)"), std::string::npos)
      << detail;
  EXPECT_EQ(detail.find("Red places a Worker in its Utility at A (Industry) (Blue human)"), std::string::npos)
      << detail;

  ms::Rules friendly = own;
  friendly.readings.worker_utility = ms::Readings::WorkerUtility::friendly;
  friendly.readings.shield_per_space = ms::Readings::ShieldPerSpace::one_per_faction;
  for (const auto& p : reachable_proofs(friendly)) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_EQ(p.vacuity.find("in Blue's Utility at A (Industry) (Blue human)"), std::string::npos) << p.vacuity;
  }
}

}  // namespace
}  // namespace rulecheck::testing

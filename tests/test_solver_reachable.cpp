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

// Every invariant of rules/messina/invariants.json is proved kept, with the clauses the file gives
// it, and its claim says that it is bounded.
TEST(SolverReachable, EveryMessinaInvariantOfTheRuleDataIsProvedKeptWithItsClausesAndItsScope) {
  std::map<std::string, std::vector<std::string>> listed;
  for (const StateInvariant& inv : library().find("messina")->invariants) listed[inv.id] = inv.clauses;
  ASSERT_FALSE(listed.empty());
  std::map<std::string, std::vector<std::string>> proved;
  for (const auto& p : reachable_proofs(messina_typed_rules())) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_NE(p.claim.find("bounded:"), std::string::npos) << p.claim;
    proved[p.id] = p.clauses;
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
  const std::string& detail = proofs.front().detail;
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
    EXPECT_EQ(p.detail.find("in Blue's Utility at A (Industry) (Blue human)"), std::string::npos) << p.detail;
  }
}

}  // namespace
}  // namespace rulecheck::testing

// Issue 33 item 2: discovery from the words alone, on the Consumption relation
// (solver/messina/discovery.hpp). The index the search is given here is read from the rule data:
// a tag is kept when it is a clause id of rules/messina/clauses.json, and a point's readings are
// interpretations.json's (set on ms::Readings for the two points the Consumption relation tags).
//   - The search finds a convention of Consumption that nothing names to it, with a witness on a board
//     play can reach; re-tagged as a clause (kept), the same convention is no longer reported: what the
//     search reports, it earned from the relation's tags alone.
//   - With one clause-tagged sentence left out of the relation, two outcomes nothing left out separates
//     appear: a new finding, reported open.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <z3++.h>

#include "solver/messina/board.hpp"
#include "solver/messina/discovery.hpp"
#include "solver/messina/reachable.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

using R = ms::Readings;

std::set<std::string> clause_ids() {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/rules/messina/clauses.json");
  const nlohmann::json doc = nlohmann::json::parse(in);
  std::set<std::string> out;
  for (const auto& c : doc.at("clauses")) out.insert(c.at("id").get<std::string>());
  return out;
}

SourceIndex index_from_rule_data(std::set<std::string> also_clauses = {}) {
  SourceIndex index;
  std::set<std::string> clauses = clause_ids();
  clauses.insert(also_clauses.begin(), also_clauses.end());
  index.is_clause = [clauses](const std::string& tag) { return clauses.count(tag) > 0; };
  index.readings = [](const std::string& tag, const ms::Rules& base) {
    std::vector<std::pair<std::string, ms::Rules>> out;
    auto with = [&](const char* name, auto set) {
      ms::Rules r = base;
      set(r.readings);
      out.emplace_back(name, r);
    };
    if (tag == "messina.consumption-bill") {
      with("all-tokens", [](R& r) { r.consumption_bill = R::ConsumptionBill::all_tokens; });
      with("excluding-disaffected", [](R& r) { r.consumption_bill = R::ConsumptionBill::excluding_disaffected; });
    } else if (tag == "messina.step3-card-units") {
      with("map-and-cards", [](R& r) { r.step3_card_units = R::Step3CardUnits::map_and_cards; });
      with("map-only", [](R& r) { r.step3_card_units = R::Step3CardUnits::map_only; });
    }
    return out;
  };
  return index;
}

const Budget kBudget{50'000'000};

std::set<std::string> conventions_found(const std::vector<MessinaWitness>& records) {
  std::set<std::string> out;
  for (const auto& w : records)
    if (!w.convention.empty() && w.found_by_search) out.insert(w.convention);
  return out;
}

// The search's end says it ran to the end (not out of budget).
void expect_decided(const std::vector<MessinaWitness>& records) {
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.back().kind, "none") << records.back().note;
}

// The witness's board satisfies what play can reach (rules/messina/invariants.json, reachable.hpp).
bool reachable(const ms::State& s, const ms::Rules& rules) {
  z3::context ctx;
  z3::solver solver(ctx);
  const SymBoard b = pinned_board(ctx, s);
  for (const auto& c : well_formed(b, rules.numbers)) solver.add(c.formula);
  solver.add(reachable_board(b, rules));
  return solver.check() == z3::sat;
}

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

}  // namespace
}  // namespace rulecheck::solver::messina

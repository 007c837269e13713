// For the discovery search's tests (test_solver_discovery.cpp, test_solver_muster_discovery.cpp): the
// index production uses, read from the project's rule data, and what the records are checked for.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <z3++.h>

#include "games/messina/rules_read.hpp"
#include "solver/messina/board.hpp"
#include "solver/messina/discovery.hpp"
#include "solver/messina/reachable.hpp"
#include "tests/support.hpp"

namespace rulecheck::solver::messina {

// The index production uses (games/messina/rules_read.hpp), over the clause ids of the project's
// rules/messina/clauses.json, with `also_clauses` counted as clauses too.
inline SourceIndex index_from_rule_data(std::set<std::string> also_clauses = {}) {
  std::set<std::string> clauses = testing::library().find("messina")->clause_ids();
  clauses.insert(also_clauses.begin(), also_clauses.end());
  return rulecheck::messina::discovery_sources(clauses);
}

inline const Budget kBudget{50'000'000};

inline std::set<std::string> conventions_found(const std::vector<MessinaWitness>& records) {
  std::set<std::string> out;
  for (const auto& w : records)
    if (!w.convention.empty() && w.found_by_search) out.insert(w.convention);
  return out;
}

// The search's end says it ran to the end (not out of budget).
inline void expect_decided(const std::vector<MessinaWitness>& records) {
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.back().kind, "none") << records.back().note;
}

// The witness's board satisfies what play can reach (rules/messina/invariants.json, reachable.hpp).
inline bool reachable(const ms::State& s, const ms::Rules& rules) {
  z3::context ctx;
  z3::solver solver(ctx);
  const SymBoard b = pinned_board(ctx, s);
  for (const auto& c : well_formed(b, rules.numbers)) solver.add(c.formula);
  solver.add(reachable_board(b, rules));
  return solver.check() == z3::sat;
}

}  // namespace rulecheck::solver::messina

// Issue 33 item 2 for Scythe: discovery from the words alone over the movement relation
// (solver/scythe/discovery.hpp), with production's index of the tags read from the rule data (a tag is
// kept when it is a clause id of rules/scythe/clauses.json; a point's readings are the readings table's,
// games/scythe/adapter.cpp; any other tag is refused).
//   - The search finds a convention of the Move that nothing names to it, on a board play can reach from
//     which red's Move starts; re-tagged as a clause (kept), it is no longer reported.
//   - With one clause-tagged sentence left out of the relation, two outcomes nothing left out separates
//     appear: a new finding, reported open.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <z3++.h>

#include "games/scythe/adapter.hpp"
#include "solver/scythe/board.hpp"
#include "solver/scythe/discovery.hpp"
#include "solver/scythe/reachable.hpp"
#include "tests/support.hpp"

namespace rulecheck::solver::scythe {
namespace {

const std::string kOnce = "scythe.convention.unit-moves-once";
const Budget kBudget{};

// The base game's numbers (rules/scythe/ruleset.json): range 1 for every unit, units_per_move 2.
sy::Rules base_rules() {
  sy::Rules r;
  r.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return r;
}

SourceIndex index_from_rule_data(std::set<std::string> also_clauses = {}) {
  std::set<std::string> clauses = testing::library().find("scythe")->clause_ids();
  clauses.insert(also_clauses.begin(), also_clauses.end());
  return rulecheck::scythe::discovery_sources(clauses);
}

std::set<std::string> conventions_found(const std::vector<ScytheWitness>& records) {
  std::set<std::string> out;
  for (const auto& w : records)
    if (!w.convention.empty() && w.found_by_search) out.insert(w.convention);
  return out;
}

// The witness's board is a state of the format play can reach, from which red's Move starts.
bool reachable_for_red(const sy::State& s, const sy::Rules& rules) {
  z3::context ctx;
  z3::solver solver(ctx);
  const Board b = board_of(s);
  const Position p = position_of(ctx, b, s);
  for (const auto& v : valid_position(ctx, rules, b, p)) solver.add(v);
  solver.add(reachable_position(ctx, b, p));
  solver.add(move_start_position(ctx, b, p, b.faction_index.at("red")));
  return solver.check() == z3::sat;
}

// Red's mech T1 -> T2 and back T2 -> T1 in one action. By hand: with one red mech on T1 and nothing else,
// every clause-tagged sentence allows the second move (the mech is on T2 when it starts, T1 is adjacent,
// no stop or block on the way); only the convention that a unit moves once per action refuses it. So the
// two outcomes are "refused" (as decided, what the oracle gives) and "the mech back on T1".
// Would fail without the search, or with once-per-action still tagged as a clause (nothing left out).
TEST(SolverScytheDiscovery, FindsTheUnitMovesOnceConventionNobodyNamedOnAReachableBoard) {
  const sy::Rules rules = base_rules();
  const auto records = discover_moves(rules, index_from_rule_data(), kBudget, {"mech-there-and-back"});
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.back().kind, "none") << records.back().note;
  EXPECT_TRUE(conventions_found(records).count(kOnce));
  for (const auto& w : records) {
    if (w.convention != kOnce) continue;
    ASSERT_EQ(w.outcomes.size(), 2u);
    EXPECT_FALSE(w.outcomes[0].legal);  // as decided: refused
    EXPECT_TRUE(w.outcomes[1].legal);   // otherwise: the mech moves back
    EXPECT_EQ(w.today, "as-decided");
    EXPECT_TRUE(reachable_for_red(w.example.state, rules));
  }
}

// The same search, told that the convention's tag is a clause (kept), no longer reports it. Would fail if
// the search reported conventions from a list of its own.
TEST(SolverScytheDiscovery, AConventionKeptAsIfAClauseIsNoLongerFound) {
  const auto records =
      discover_moves(base_rules(), index_from_rule_data({kOnce}), kBudget, {"mech-there-and-back"});
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.back().kind, "none") << records.back().note;
  EXPECT_FALSE(conventions_found(records).count(kOnce));
}

// The floor sentence (scythe.move.popularity-floor) left out: red's character sends a blue worker home
// from red's popularity 0; 0 - 1 is below the minimum 0, and no kept sentence then says what red's
// popularity becomes, so 0 and 1 (any value of the format) are two outcomes nothing left out separates.
// Would fail if a pair nothing separates were dismissed or counted against some source.
TEST(SolverScytheDiscovery, ASentenceLeftOutMakesANewFinding) {
  const sy::Rules rules = base_rules();
  SourceIndex index = index_from_rule_data();
  index.omitted = {"scythe.move.popularity-floor"};
  const auto records = discover_moves(rules, index, kBudget, {"character-one-step"});
  bool open = false;
  for (const auto& w : records)
    if (w.point == "scythe.discovery.character-one-step.open") {
      open = true;
      EXPECT_TRUE(w.is_new && w.found_by_search && w.convention.empty());
      EXPECT_TRUE(reachable_for_red(w.example.state, rules));
      ASSERT_EQ(w.outcomes.size(), 2u);
      ASSERT_TRUE(w.outcomes[0].legal && w.outcomes[1].legal);
      EXPECT_NE(w.outcomes[0].next->factions.at("red").popularity, w.outcomes[1].next->factions.at("red").popularity);
    }
  EXPECT_TRUE(open);
}

// A tag that is neither a clause id, a convention nor a point is refused by name: here scythe.move.path,
// taken out of the clause ids the index is given. Would fail if an unknown tag were kept or searched.
TEST(SolverScytheDiscovery, ATagThatIsNoClauseConventionOrPointIsAnError) {
  std::set<std::string> clauses = testing::library().find("scythe")->clause_ids();
  ASSERT_EQ(clauses.erase("scythe.move.path"), 1u);
  try {
    discover_moves(base_rules(), rulecheck::scythe::discovery_sources(clauses), kBudget, {"mech-there-and-back"});
    ADD_FAILURE() << "no error for a tag that is no clause, convention or point";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"scythe.move.path\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

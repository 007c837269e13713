// Scythe's abstraction checked (issue 32 item 5): the movement theorems are proved over "the mover, two
// named opponents and the rest" on territories of an uninterpreted sort; the same relation on small
// concrete maps of 3 and 4 factions (solver/scythe/concrete.hpp: every territory one of the map's,
// adjacency and home bases the map's, the rest none or exactly one faction) must give the same answers:
//   - each theorem holds on two maps (3 and 4 factions): the map's facts only add premises, so this
//     cannot fail while the abstract proof holds; it is asked as the concrete model's own answer, and
//     the next check is what shows the facts hold together;
//   - each question has a model on one of them where the action does what the claim is about (item 6,
//     in part: the premises, the relation's guard and, for the stop theorems, the claim's antecedent
//     hold on a position of a game of 3 or 4 factions on a concrete map, not only over the open sorts;
//     for the reachable theorems a position that keeps the invariants of rules/scythe/invariants.json;
//     that play reaches it from a game's start is not checked);
//   - each generic mutant of the protected clauses that the abstract question kills is killed on some
//     map: the kill is a game's position, not an artefact of the abstraction (a holder absent from a
//     shared territory, a count the rest's sums allow but no faction has).
// Would fail: without concrete.cpp's map facts holding together (vacuity on no map), or with an
// abstract kill no concrete board reproduces (a mutant listed with the theorem that killed it).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/scythe/concrete.hpp"
#include "solver/scythe/unbounded.hpp"
#include "tests/scythe_rules.hpp"

namespace rulecheck::solver::scythe {
namespace {

sy::Rules base_rules() { return rulecheck::testing::scythe_base_rules(); }

bool has_model(z3::context& ctx, const Ask& a) {
  z3::solver s(ctx);
  s.add(a.premises);
  s.add(all_of(ctx, a.relation));
  if (a.exercised) s.add(*a.exercised);
  return s.check() == z3::sat;
}

TEST(SolverScytheConcrete, EveryTheoremHoldsOnSmallMapsOfThreeAndFourFactionsAndIsExercisedThere) {
  const sy::Rules rules = base_rules();
  for (const Theorem<sy::Rules>& t : movement_theorems(rules)) {
    z3::context ctx;
    const std::vector<Ask> asks = t.asks(ctx, rules, nullptr);
    std::vector<bool> exercised(asks.size(), false);
    // Two of the four maps (3 factions on the triangle, 4 on the line): the run stays short, and each
    // question is still asked of a game of 3 and one of 4 factions.
    const std::vector<SmallMap> maps = small_maps();
    for (const SmallMap& map : {maps[1], maps[2]}) {
      const std::vector<Ask> here = on_map(ctx, rules, asks, map);
      EXPECT_EQ(ask_questions(ctx, here, Budget{}, false).status, ProofStatus::proved) << t.id << " on " << map.name;
      for (std::size_t i = 0; i < here.size(); ++i)
        if (!exercised[i] && has_model(ctx, here[i])) exercised[i] = true;
    }
    for (std::size_t i = 0; i < asks.size(); ++i)
      EXPECT_TRUE(exercised[i]) << t.id << ": " << asks[i].name << " has no model on either map where "
                                << t.exercised_words;
  }
}

// The clauses issue 32 names, with the theorems that protect them (test_solver_scythe_theorems.cpp).
// Every mutant of theirs the abstract questions kill is killed on some small map too.
TEST(SolverScytheConcrete, EachAbstractKillOfTheProtectedClausesIsAKillOnSomeSmallMap) {
  const sy::Rules rules = base_rules();
  const std::vector<std::pair<std::string, std::string>> protections = {
      {"scythe.move.stops-at-combat-units", "scythe.move.combat-stop"},
      {"scythe.move.stops-at-workers", "scythe.move.workers-stop"},
      {"scythe.move.worker-not-into-combat-units", "scythe.move.worker-blocked-by-combat-units"},
      {"scythe.move.worker-not-out-of-combat-units", "scythe.move.worker-blocked-by-combat-units"},
      {"scythe.move.counts-stay-counts", "scythe.move.mech-carry"},
      {"scythe.move.units-conserved", "scythe.move.mech-carry"},
  };
  for (const Theorem<sy::Rules>& t : movement_theorems(rules)) {
    for (const auto& [id, clause] : protections) {
      if (t.id != id) continue;
      z3::context ctx;
      const std::vector<Ask> asks = t.asks(ctx, rules, nullptr);
      std::vector<std::vector<Ask>> maps;
      for (const SmallMap& map : small_maps()) maps.push_back(on_map(ctx, rules, asks, map));
      int abstract_kills = 0;
      for (const FormulaMutation& m : section_mutations(asks)) {
        if (m.source != clause || ask_mutant(ctx, asks, m, Budget{}) != MutantVerdict::killed) continue;
        ++abstract_kills;
        bool concrete = false;
        for (const std::vector<Ask>& here : maps)
          if (!concrete && ask_mutant(ctx, here, m, Budget{}) == MutantVerdict::killed) concrete = true;
        EXPECT_TRUE(concrete) << id << ": " << mutation_name(m) << " is killed over the open sorts only";
      }
      EXPECT_GT(abstract_kills, 0) << id << " kills no mutant of " << clause;
    }
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

// Issue 32 item 1 for the Friendly Area page and the placings: one relation, written once, asked over
// one board (membership: friendly_board.cpp, population.cpp) and over any board (`prove`:
// friendly_theorems.cpp, population_theorems.cpp).
//   - The relation built over any board (uninterpreted sorts, the area least through ranks), with the
//     sorts closed to exactly the spaces and factions of a free 3-space, 2-faction board and every field
//     pinned to that board's, gives the same hostile spaces and the same Friendly Area as the relation
//     built over that board (known indices, the reach unrolled): for every such board, under each
//     reading of the points that change the area.
//   - The population theorems hold over the relation, and a misreading of one of its constraints
//     refutes them.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "solver/messina/friendly_board.hpp"
#include "solver/messina/population_relation.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/section_theorems.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

using R = ms::Readings;

// The open relation's sorts closed to the board's spaces and factions (distinct, nothing else), and the
// open fields equal to the board's, the faction asked about Red (index 0).
z3::expr pinned_to(const FriendlyBoard& o, const SymBoard& b, const std::vector<z3::expr>& space,
                   const std::vector<z3::expr>& faction) {
  z3::context& c = o.c;
  z3::expr_vector facts(c);
  const z3::expr x = c.constant("closed_s", o.space), g = c.constant("closed_g", o.faction);
  z3::expr_vector ss(c), fs(c);
  for (const auto& s : space) ss.push_back(s);
  for (const auto& f : faction) fs.push_back(f);
  facts.push_back(z3::distinct(ss));
  facts.push_back(z3::distinct(fs));
  z3::expr any_space = c.bool_val(false), any_faction = c.bool_val(false);
  for (const auto& s : space) any_space = any_space || x == s;
  for (const auto& f : faction) any_faction = any_faction || g == f;
  facts.push_back(z3::forall(x, any_space));
  facts.push_back(z3::forall(g, any_faction));
  facts.push_back(o.f == faction[0]);
  for (std::size_t i = 0; i < faction.size(); ++i) {
    const SymFaction& sf = b.factions[i];
    for (std::size_t k = 0; k < faction.size(); ++k)
      for (Purpose p : {Purpose::muster, Purpose::military})
        facts.push_back(o.consents(p)(faction[i], faction[k]) == sf.consents[k][static_cast<std::size_t>(p)]);
    for (std::size_t j = 0; j < space.size(); ++j) {
      const SymSpace& sp = b.spaces[j];
      z3::expr units = sp.units[i][0], workers = sp.workers[i];
      for (std::size_t k = 1; k < kKinds; ++k) units = units + sp.units[i][k];
      for (std::size_t owner = 0; owner < faction.size(); ++owner)
        if (owner != i) workers = workers + sp.guests[owner][i];
      facts.push_back(o.units(faction[i], space[j]) == units);
      facts.push_back(o.workers(faction[i], space[j]) == workers);
      facts.push_back(o.utility(faction[i], space[j]) == sp.utility[i]);
      facts.push_back(o.shield(faction[i], space[j]) == (sp.shield[i] > 0));
      facts.push_back(o.holds(faction[i], space[j]) == (sp.card_holder == static_cast<int>(i)));
      facts.push_back(o.home(faction[i], space[j]) == sf.home[j]);
    }
  }
  for (std::size_t j = 0; j < space.size(); ++j) {
    facts.push_back(o.exposed(space[j]) == b.spaces[j].card_exposed);
    for (std::size_t t = 0; t < space.size(); ++t) facts.push_back(o.adj(space[t], space[j]) == b.spaces[j].adjacent[t]);
  }
  return z3::mk_and(facts);
}

// Whether some free board of 3 spaces and 2 factions has the two builds of the relation disagree on a
// hostile space or on the Friendly Area for `p`, under readings `r`.
z3::check_result disagreement(Purpose p, const R& r) {
  z3::context c;
  ms::Rules rules = rulecheck::testing::messina_typed_rules();
  rules.readings = r;
  const SymBoard b = free_board(c, small_shape(3, true), "b/");
  const FriendlyPage one = page_of(b, 0, {p}, rules);
  const FriendlyBoard o(c);
  Constraints open;
  const FriendlyPage any = friendly_page(o.sorts(), o.fields(), r, {p}, open);
  std::vector<z3::expr> space, faction;
  for (int j = 0; j < 3; ++j) space.push_back(c.constant(("space_" + std::to_string(j)).c_str(), o.space));
  for (int i = 0; i < 2; ++i) faction.push_back(c.constant(("faction_" + std::to_string(i)).c_str(), o.faction));
  z3::solver s(c);
  z3::params params(c);
  params.set("rlimit", 200'000'000u);
  s.set(params);
  for (const Named& n : well_formed(b, rules.numbers)) s.add(n.formula);
  for (const Named& n : open) s.add(n.formula);
  s.add(pinned_to(o, b, space, faction));
  z3::expr differ = c.bool_val(false);
  for (int j = 0; j < 3; ++j) {
    const Where at_one{c.int_val(j), j}, at_any{space[static_cast<std::size_t>(j)], -1};
    differ = differ || one.hostile(at_one) != any.hostile(at_any) || one.area(p)(at_one) != any.area(p)(at_any);
  }
  s.add(differ);
  return s.check();
}

// Fails with sat (and the board in the message) if the unrolled reach over one board and the least
// area through ranks over any board were not the same area, or the two hostilities differed; unknown
// if Z3 could not decide within the budget.
TEST(FriendlyOneRelation, TheOpenRelationPinnedToABoardAgreesWithTheOneBoardRelation) {
  for (auto extent : {R::AreaExtent::friendly_component, R::AreaExtent::with_frontier})
    for (auto anchor : {R::HomeAnchor::always, R::HomeAnchor::if_friendly}) {
      R r;
      r.area_extent = extent, r.home_anchor = anchor;
      EXPECT_EQ(disagreement(Purpose::muster, r), z3::unsat)
          << "muster, extent " << static_cast<int>(extent) << ", anchor " << static_cast<int>(anchor);
    }
  for (auto workers : {R::HostileWorkers::units_include_workers, R::HostileWorkers::military_units_only})
    for (auto card : {R::CardHostility::exposed_only, R::CardHostility::held}) {
      R r;
      r.hostile_workers = workers, r.card_hostility = card;
      EXPECT_EQ(disagreement(Purpose::military, r), z3::unsat)
          << "military, hostile-workers " << static_cast<int>(workers) << ", card " << static_cast<int>(card);
    }
}

// ---------------------------------------------------------------- population theorems

MessinaTheorem population_theorem(const std::string& id) {
  for (auto& t : population_theorems())
    if (t.id == id) return t;
  ADD_FAILURE() << "no theorem " << id;
  return {};
}

ProofStatus asked_with(const std::string& id, const std::function<Constraints(Constraints)>& edit) {
  z3::context ctx;
  const MessinaTheorem t = population_theorem(id);
  const Decided d = ask_questions(ctx, t.asks(ctx, rulecheck::testing::messina_typed_rules(), nullptr), Budget{}, /*check_vacuity=*/true,
                                  edit ? RelationEdit([&](const Constraints& r) { return edit(r); }) : nullptr);
  return d.status;
}

// The relation's constraints tagged `clause` replaced by true (dropped).
std::function<Constraints(Constraints)> dropping(const std::string& clause, int ordinal) {
  return [clause, ordinal](Constraints r) {
    int seen = 0;
    for (Named& n : r)
      if (n.clause == clause && seen++ == ordinal) n.formula = n.formula.ctx().bool_val(true);
    return r;
  };
}

TEST(PopulationTheorems, EachIsProvedAndNotVacuous) {
  // Fails with refuted if the relation did not give the claim, unknown ("vacuous") if no question has a
  // board where a token is placed.
  for (const auto& t : population_theorems()) EXPECT_EQ(asked_with(t.id, nullptr), ProofStatus::proved) << t.id;
}

TEST(PopulationTheorems, AMisreadingOfOneConstraintRefutesThem) {
  // The Located tokens not raised by the tokens placed (the third spare-to-located constraint dropped):
  // the units placed stand for tokens nobody moved.
  EXPECT_EQ(asked_with("messina.population.placement-located-backs-units",
                       dropping("messina.population.placement.spare-to-located", 2)),
            ProofStatus::refuted);
  // No check of the Spare tokens (the first spare-required constraint dropped): Spare goes negative.
  EXPECT_EQ(asked_with("messina.population.placement-spare-not-negative",
                       dropping("messina.population.placement.spare-required", 0)),
            ProofStatus::refuted);
  // The AI's Infantry, backed by no token, converted to a Worker (backing dropped): the Worker needs a
  // token no one moved to Located.
  EXPECT_EQ(asked_with("messina.population.placement-located-backs-units", dropping("messina.population.backing", 0)),
            ProofStatus::refuted);
}

}  // namespace
}  // namespace rulecheck::solver::messina

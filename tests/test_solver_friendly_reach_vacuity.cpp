// Issue 32 item 6, the Friendly Area: the friendly theorems are not only non-vacuous on some board
// (their own `exercised`), but on a board play can reach where reach from a Home Space matters: the
// space the claim is about is neither a Home Space of the faction nor next to one, so it is in the
// area (or gets the units) only through a space between (two steps or more from every Home Space).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "solver/messina/friendly_relation.hpp"
#include "solver/messina/section_theorems.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

const ms::Rules& rules() {
  static const ms::Rules r = rulecheck::testing::messina_typed_rules();
  return r;
}

const MessinaTheorem& named(const std::vector<MessinaTheorem>& all, const std::string& id) {
  for (const auto& t : all)
    if (t.id == id) return t;
  ADD_FAILURE() << id;
  return all.front();
}

// A space of the board `b` names two steps or more from every Home Space of the faction asked about.
z3::expr far_from_home(const FriendlyBoard& b, const z3::expr& x) {
  const z3::expr h = b.c.constant("some_home", b.space);
  return !b.home(b.f, x) && z3::forall(h, z3::implies(b.home(b.f, h), !b.adj(h, x)));
}

// Every question of theorem `id` has a model of its premises, the reachable invariants, the relation
// and `far(b, x)` for some space x two steps or more from home. Fails (unsat) if the relation's area
// only ever held Home Spaces and their neighbours (an area not reached through spaces between), or
// if the invariants left no such board.
void reached_two_steps_away(const std::string& id, const std::function<z3::expr(const FriendlyBoard&, const z3::expr&)>& far) {
  z3::context c;
  const auto all = friendly_theorems();
  const std::vector<Ask> asks = named(all, id).asks(c, rules(), nullptr);
  ASSERT_FALSE(asks.empty());
  const FriendlyBoard b(c);  // the same symbols as the questions' (one context, the same names)
  const z3::expr x = c.constant("two_steps_away", b.space);
  for (const Ask& a : asks) {
    ASSERT_TRUE(a.reachable) << a.name;
    z3::solver s(c);
    z3::params p(c);
    p.set("rlimit", 50'000'000u);
    s.set(p);
    s.add(a.premises);
    s.add(*a.reachable);
    for (const Named& n : a.relation) s.add(n.formula);
    s.add(far_from_home(b, x) && far(b, x));
    EXPECT_EQ(s.check(), z3::sat) << id << ": " << a.name;
  }
}

TEST(FriendlyReachVacuity, TheMilitaryAreaHoldsASpaceTwoStepsFromHomeOnAReachableBoard) {
  reached_two_steps_away("messina.friendly.military-area-reached-avoiding-hostile",
                         [](const FriendlyBoard& b, const z3::expr& x) { return b.area_military(x); });
}

TEST(FriendlyReachVacuity, APlacingAddsUnitsTwoStepsFromHomeOnAReachableBoard) {
  reached_two_steps_away("messina.friendly.placing-only-where-reached", [](const FriendlyBoard& b, const z3::expr& x) {
    return b.units_after(b.f, x) > b.units(b.f, x);
  });
}

}  // namespace
}  // namespace rulecheck::solver::messina

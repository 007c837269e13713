// The Consumption Phase's theorems (solver/messina/consumption_theorems.cpp) over its one relation
// (consumption_relation.cpp): proved as the text reads, and refuted by misreadings nobody wrote them
// for (the three the design's first constraint names, written here by hand into the relation), and
// measured by the generic mutants.
#include <gtest/gtest.h>

#include <algorithm>

#include "solver/messina/section_theorems.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

const ms::Rules& rules() {
  static const ms::Rules r = rulecheck::testing::messina_typed_rules();
  return r;
}

const MessinaTheorem& named(const std::vector<MessinaTheorem>& all, const std::string& id) {
  const auto it = std::find_if(all.begin(), all.end(), [&](const MessinaTheorem& t) { return t.id == id; });
  EXPECT_NE(it, all.end()) << id;
  return *it;
}

// The theorem's questions with the Death Zone's effect (its two constraints, tagged
// messina.consumption.shortfall.step1 and .excess) replaced by `misread(ctx)`, the defined quantities named
// as the relation names them over any board.
Decided asked_with_death_zone(const MessinaTheorem& t, const std::function<z3::expr(z3::context&)>& misread) {
  z3::context c;
  std::vector<Ask> asks = t.asks(c, rules(), nullptr);
  const z3::expr dead_after = c.int_const("dead_after");
  for (Ask& a : asks)
    for (Named& n : a.relation) {
      const bool death_zone =
          n.formula.is_app() && n.formula.num_args() == 2 && z3::eq(n.formula.arg(0), dead_after);
      if (n.clause == "messina.consumption.shortfall.excess") n.formula = misread(c);
      else if (n.clause == "messina.consumption.shortfall.step1" && death_zone) n.formula = c.bool_val(true);
    }
  return ask_questions(c, asks, Budget{}, /*check_vacuity=*/false);
}

TEST(ConsumptionTheorems, EveryTheoremIsProvedAndNotVacuous) {
  const auto all = consumption_theorems();
  ASSERT_GE(all.size(), 5u);
  for (const auto& p : theorem_records<ms::State, std::variant<ms::Action, ms::Query>>(all, rules(), Budget{})) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_FALSE(p.vacuity.empty()) << p.id;
  }
}

// Step 1 read as coming last: the Disaffected die after steps 2 and 3 turned tokens, so a faction with 0
// Disaffected, 1 Spare and a shortfall of 1 loses that token: dead grows by 1 > 0 Disaffected.
TEST(ConsumptionTheorems, NeverWellFedToDeadFailsWhenStepOneKillsTheJustDisaffected) {
  const auto all = consumption_theorems();
  const Decided d = asked_with_death_zone(named(all, "messina.consumption.never-well-fed-to-dead"), [](z3::context& c) {
    const z3::expr shortfall = c.int_const("shortfall"), d0 = c.int_const("disaffected");
    const z3::expr turned = c.int_const("spare_paid") + c.int_const("located_paid");
    const z3::expr pool = d0 + turned;
    return c.int_const("dead_after") == c.int_const("dead") + z3::ite(shortfall <= pool, shortfall, pool);
  });
  EXPECT_EQ(d.status, ProofStatus::refuted) << d.detail;
}

// The units step 3 takes off read as dying: each Located token paid in step 3 goes to the Death Zone.
TEST(ConsumptionTheorems, NeverWellFedToDeadFailsWhenStepThreeUnitsDie) {
  const auto all = consumption_theorems();
  const Decided d = asked_with_death_zone(named(all, "messina.consumption.never-well-fed-to-dead"), [](z3::context& c) {
    return c.int_const("dead_after") == c.int_const("dead") + c.int_const("died") + c.int_const("located_paid");
  });
  EXPECT_EQ(d.status, ProofStatus::refuted) << d.detail;
}

// What step 3 leaves unpaid read as paid by killing the tokens steps 2 and 3 turned: with 0 Disaffected,
// 1 Spare, no Located and a shortfall of 2, step 2 turns 1, 1 is left and kills it.
TEST(ConsumptionTheorems, NeverWellFedToDeadFailsWhenTheLeftoverIsPaidByKilling) {
  const auto all = consumption_theorems();
  const Decided d = asked_with_death_zone(named(all, "messina.consumption.never-well-fed-to-dead"), [](z3::context& c) {
    const z3::expr left = c.int_const("left_after_step2") - c.int_const("located_paid");
    const z3::expr turned = c.int_const("spare_paid") + c.int_const("located_paid");
    return c.int_const("dead_after") ==
           c.int_const("dead") + c.int_const("died") + z3::ite(left <= turned, left, turned);
  });
  EXPECT_EQ(d.status, ProofStatus::refuted) << d.detail;
}

// Conservation catches the units of step 3 read as dying too: their tokens reach the Death Zone while
// the Disaffected effect still gains them (a token counted twice: the total grows by the tokens step 3
// paid).
TEST(ConsumptionTheorems, TokensConservedFailsWhenStepThreeUnitsAlsoDie) {
  const auto all = consumption_theorems();
  const Decided d = asked_with_death_zone(named(all, "messina.consumption.tokens-conserved"), [](z3::context& c) {
    return c.int_const("dead_after") == c.int_const("dead") + c.int_const("died") + c.int_const("located_paid");
  });
  EXPECT_EQ(d.status, ProofStatus::refuted) << d.detail;
}

// Strength: the generic mutants (none written for these theorems) over Consumption's clauses. Which
// mutants die is not asserted; that the figures add up and that the clause the first constraint rests
// on is protected (the Death Zone's effect, dropped, lets any number die) is.
TEST(ConsumptionTheorems, GenericMutantsProtectTheDeathZonesClause) {
  const auto all = consumption_theorems();
  std::vector<MessinaTheorem> one{named(all, "messina.consumption.never-well-fed-to-dead")};
  auto records = theorem_records<ms::State, std::variant<ms::Action, ms::Query>>(one, rules(), Budget{});
  const auto sources = section_strength<ms::State, std::variant<ms::Action, ms::Query>>(one, rules(), {}, records, Budget{});
  const auto excess = std::find_if(sources.begin(), sources.end(),
                                   [](const SourceStrength& s) { return s.source == "messina.consumption.shortfall.excess"; });
  ASSERT_NE(excess, sources.end());
  EXPECT_FALSE(excess->killed_by.empty());
  for (const auto& s : sources)
    EXPECT_EQ(static_cast<std::size_t>(s.mutants), s.killed.size() + s.survived.size() + s.undecided.size()) << s.source;
  EXPECT_TRUE(records[0].strength_checked);
}

}  // namespace
}  // namespace rulecheck::solver::messina

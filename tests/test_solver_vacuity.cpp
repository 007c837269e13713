// The three parts of a proof's vacuity check (solver/vacuity.hpp, issue 32 item 6), on Messina's
// Consumption theorems: a premise no board play can reach makes the proof vacuous by part (a) (and
// so (b)), an antecedent no board has makes it vacuous by part (c); as the text reads, none fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <variant>

#include "solver/messina/section_theorems.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

using Record = Proof<ms::State, std::variant<ms::Action, ms::Query>>;

const ms::Rules& rules() {
  static const ms::Rules r = rulecheck::testing::messina_typed_rules();
  return r;
}

MessinaTheorem consumption(const std::string& id) {
  for (auto& t : section_theorems(rules()))
    if (t.id == id) return t;
  ADD_FAILURE() << id;
  return {};
}

// `t` with each question changed by `change` (the symbols named as consumption_theorems.cpp names them).
MessinaTheorem changed(MessinaTheorem t, const std::function<void(z3::context&, Ask&)>& change) {
  const auto asks = t.asks;
  t.asks = [asks, change](z3::context& c, const ms::Rules& r, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out = asks(c, r, edit);
    for (Ask& a : out) change(c, a);
    return out;
  };
  return t;
}

Record record_of(const MessinaTheorem& t) {
  return theorem_records<ms::State, std::variant<ms::Action, ms::Query>>({t}, rules(), Budget{}).front();
}

constexpr const char* kId = "messina.consumption.never-well-fed-to-dead";

TEST(Vacuity, AsTheTextReadsEveryPartHolds) {
  const Record p = record_of(consumption(kId));
  ASSERT_EQ(p.status, ProofStatus::proved) << p.detail;
  ASSERT_TRUE(p.vacuity_report);
  for (const VacuityPart* part : {&p.vacuity_report->reachable_board, &p.vacuity_report->guard,
                                  &p.vacuity_report->antecedent}) {
    EXPECT_TRUE(part->checked && part->holds) << part->says << ": " << part->failed;
    EXPECT_EQ(part->satisfiable, 8) << part->says;  // 2 faction kinds x 2 bills x 2 step-3 readings
  }
  EXPECT_NE(p.vacuity_report->reachable_board.witness.find("Space"), std::string::npos);
}

// A Location Card with one unit more than the card limit before the Consumption: the state format's
// premises allow it, no board play can reach has it (messina.cards.capacity, kept by
// messina.stacking.card-limit). The claim still holds there (a premise more), so without part (a) the
// record would be proved; with it, vacuous by (a) and (b), (c) still holding.
TEST(Vacuity, APremiseNoReachableBoardHasIsVacuousByPartA) {
  const MessinaTheorem t = changed(consumption(kId), [](z3::context& c, Ask& a) {
    const z3::sort space = c.uninterpreted_sort("Space");
    const z3::func_decl card =
        c.function(("units_card_" + std::string(ms::piece_name(ms::kUnitKinds[0]))).c_str(), space, c.int_sort());
    a.premises = a.premises && card(c.constant("crowded", space)) == rules().numbers.stacking_card + 1;
  });
  const Record p = record_of(t);
  EXPECT_EQ(p.status, ProofStatus::vacuous) << p.detail;  // proved, without part (a)
  ASSERT_TRUE(p.vacuity_report);
  EXPECT_FALSE(p.vacuity_report->reachable_board.holds);
  EXPECT_EQ(p.vacuity_report->reachable_board.satisfiable, 0);
  EXPECT_FALSE(p.vacuity_report->guard.holds);
  EXPECT_TRUE(p.vacuity_report->antecedent.holds);
  EXPECT_NE(p.detail.find("(a) reachable board"), std::string::npos) << p.detail;
}

// The round 0, which no game reaches (rounds start at 1), has the Consumption parity under the default
// (even) ruleset, so the guard alone would allow it: part (a) catches it.
TEST(Vacuity, ARoundBeforeTheFirstIsVacuousByPartA) {
  ASSERT_EQ(rules().numbers.round_parity_consumption, 0);
  const MessinaTheorem t =
      changed(consumption(kId), [](z3::context& c, Ask& a) { a.premises = a.premises && c.int_const("round") == 0; });
  const Record p = record_of(t);
  EXPECT_EQ(p.status, ProofStatus::vacuous) << p.detail;
  ASSERT_TRUE(p.vacuity_report);
  EXPECT_EQ(p.vacuity_report->failed_parts(), (std::vector<std::string>{"reachable board", "guard"}));
}

// An antecedent no board has: the faction's Disaffected below 0 before (the premises say every count
// is at least 0). Parts (a) and (b) hold; the record is vacuous by (c) alone.
TEST(Vacuity, AnUnsatisfiableAntecedentIsVacuousByPartC) {
  const MessinaTheorem t = changed(consumption(kId), [](z3::context& c, Ask& a) {
    a.exercised = c.int_const("disaffected") < 0;
  });
  const Record p = record_of(t);
  EXPECT_EQ(p.status, ProofStatus::vacuous) << p.detail;
  ASSERT_TRUE(p.vacuity_report);
  EXPECT_EQ(p.vacuity_report->failed_parts(), std::vector<std::string>{"antecedent"});
  EXPECT_NE(p.detail.find("(c) antecedent"), std::string::npos) << p.detail;
}

// A question with no reachable-board invariant written is not proved non-vacuous: unknown, with why.
TEST(Vacuity, AQuestionWithNoReachableInvariantIsNotProved) {
  const MessinaTheorem t = changed(consumption(kId), [](z3::context&, Ask& a) { a.reachable = std::nullopt; });
  const Record p = record_of(t);
  EXPECT_EQ(p.status, ProofStatus::unknown) << p.detail;
  EXPECT_NE(p.detail.find("not fully checked"), std::string::npos) << p.detail;
}

}  // namespace
}  // namespace rulecheck::solver::messina

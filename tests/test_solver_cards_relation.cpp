// The Location Card relation (solver/messina/cards_relation.cpp) and its theorems (cards_theorems.cpp):
// proved and not vacuous over any board, refuted by a misreading of one constraint or of the ruleset,
// claims that read no symbol of the action or of the relation, and the card clauses protected by the
// generic mutants of `prove --strength` (section_strength) (issue 32 items 1, 3 and 4).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "solver/messina/section_theorems.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

using Step = std::variant<ms::Action, ms::Query>;

const ms::Rules& rules() {
  static const ms::Rules r = rulecheck::testing::messina_typed_rules();
  return r;
}

MessinaTheorem cards_theorem(const std::string& id) {
  for (auto& t : cards_theorems(rules()))
    if (t.id == id) return t;
  ADD_FAILURE() << "no theorem " << id;
  return {};
}

// The relation's `ordinal`-th constraint tagged `clause` replaced by true (dropped).
RelationEdit dropping(const std::string& clause, int ordinal) {
  return [clause, ordinal](const Constraints& in) {
    Constraints r = in;
    int seen = 0;
    for (Named& n : r)
      if (n.clause == clause && seen++ == ordinal) n.formula = n.formula.ctx().bool_val(true);
    return r;
  };
}

ProofStatus asked(const std::string& id, const RelationEdit& edit, const RuleEdit<ms::Rules>& rule_edit = nullptr) {
  z3::context ctx;
  const MessinaTheorem t = cards_theorem(id);
  return ask_questions(ctx, t.asks(ctx, rules(), rule_edit), Budget{}, /*check_vacuity=*/true, edit).status;
}

TEST(CardsTheorems, EachIsProvedNotVacuousAndAmongTheSectionTheorems) {
  // Fails with refuted if the relation did not give a claim, unknown ("vacuous") if no question had a
  // board where a unit is transferred or a hand two over the limit discards; before the relation, the two
  // ids were proved by the proof-only encoding (unbounded_cards.cpp) and not among the section theorems.
  auto records = theorem_records<ms::State, Step>(cards_theorems(rules()), rules(), Budget{});
  ASSERT_EQ(records.size(), 2u);
  for (const auto& p : records) {
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
    EXPECT_NE(p.vacuity.find("have a model of their premises"), std::string::npos) << p.id << ": " << p.vacuity;
  }
  std::set<std::string> ids;
  for (const auto& t : section_theorems(rules())) ids.insert(t.id);
  EXPECT_TRUE(ids.count("messina.cards.transfer-conserves"));
  EXPECT_TRUE(ids.count("messina.cards.hand-limit-kept"));
}

TEST(CardsTheorems, AMisreadingOfOneConstraintOrNumberRefutesThem) {
  // A transfer's Civilians taken off the card and never put on the map (in a transfer's relation the
  // messina.cards.transfer constraints are: face-up, within the card, the map limit, the facing kept,
  // then per kind the map's gain and the card's loss; the fifth is the Civilians' map gain; in an end of
  // Exploration's, whose facing is the hand limit's, the Civilians' card loss: the card keeps them too).
  EXPECT_EQ(asked("messina.cards.transfer-conserves", dropping("messina.cards.transfer", 4)), ProofStatus::refuted);
  // The discards not what the hand limit asks (the second messina.cards.hand-limit constraint: the first is
  // the moment): any hand may keep every card.
  EXPECT_EQ(asked("messina.cards.hand-limit-kept", dropping("messina.cards.hand-limit", 1)), ProofStatus::refuted);
  // A discarded card still held (the hand's effect dropped): the hand after is the hand before.
  EXPECT_EQ(asked("messina.cards.hand-limit-kept", dropping("messina.cards.hand-limit", 3)), ProofStatus::refuted);
  // The relation read with a hand limit one higher than the claim's: a hand of limit + 1 is kept.
  const RuleEdit<ms::Rules> one_higher = [](const ms::Rules& r) {
    ms::Rules m = r;
    m.numbers.hand_limit += 1;
    return m;
  };
  EXPECT_EQ(asked("messina.cards.hand-limit-kept", nullptr, one_higher), ProofStatus::refuted);
  // And as the text reads, both proved (the questions above are the same questions).
  EXPECT_EQ(asked("messina.cards.hand-limit-kept", nullptr), ProofStatus::proved);
  EXPECT_EQ(asked("messina.cards.transfer-conserves", nullptr), ProofStatus::proved);
}

// The names of the uninterpreted constants and functions `e` applies.
void symbols_of(const z3::expr& e, std::set<std::string>& out) {
  if (e.is_quantifier()) {
    symbols_of(e.body(), out);
    return;
  }
  if (!e.is_app()) return;
  const z3::func_decl d = e.decl();
  if (d.decl_kind() == Z3_OP_UNINTERPRETED) out.insert(d.name().str());
  for (unsigned i = 0; i < e.num_args(); ++i) symbols_of(e.arg(i), out);
}

TEST(CardsTheorems, ClaimsReadOnlyTheStateBeforeAndAfter) {
  // Issue 32 item 3: no claim reads the action's choices or a quantity the relation defines. Fails if a
  // claim were stated over the relation's own counts (the proof-only encoding's hand claim read its
  // `discards`) or the cards the action names.
  const std::set<std::string> not_state = {"named", "discarded", "counted", "total_hand", "total_discards"};
  for (const auto& t : cards_theorems(rules())) {
    z3::context ctx;
    for (const Ask& a : t.asks(ctx, rules(), nullptr)) {
      std::set<std::string> read;
      symbols_of(a.claim, read);
      EXPECT_FALSE(read.empty()) << t.id << ": " << a.name;
      for (const std::string& s : read) {
        EXPECT_EQ(not_state.count(s), 0u) << t.id << ", " << a.name << " reads " << s;
        EXPECT_NE(s.rfind("moved_", 0), 0u) << t.id << ", " << a.name << " reads " << s;
      }
    }
  }
}

TEST(CardsTheorems, GenericMutantsProtectTheCardClauses) {
  // `prove --strength` mutates the relation's constraints: each clause below has a mutant some card
  // theorem kills. Fails (no such source, or killed_by empty) if the card theorems were not asked of the
  // relation's constraints (the proof-only encoding had only its hand-written misreadings).
  const std::vector<MessinaTheorem> theorems = cards_theorems(rules());
  auto records = theorem_records<ms::State, Step>(theorems, rules(), Budget{});
  const auto sources = section_strength<ms::State, Step>(theorems, rules(), {}, records, Budget{});
  for (const char* clause : {"messina.cards.transfer", "messina.cards.hand-limit", "messina.cards.holding"}) {
    const auto s = std::find_if(sources.begin(), sources.end(), [&](const SourceStrength& x) { return x.source == clause; });
    ASSERT_NE(s, sources.end()) << clause;
    EXPECT_FALSE(s->killed_by.empty()) << clause;
  }
  for (const auto& s : sources)
    EXPECT_EQ(static_cast<std::size_t>(s.mutants), s.killed.size() + s.survived.size() + s.undecided.size()) << s.source;
}

}  // namespace
}  // namespace rulecheck::solver::messina

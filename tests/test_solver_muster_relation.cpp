// Muster's one relation (solver/messina/muster_relation.cpp): the membership checks of `muster` and
// `rearm` (muster.cpp, over the board asked about) and the theorems (muster_theorems.cpp and the
// stacking theorems' Muster, over any board) build the same constraints; its theorems are proved, not
// vacuously, and a generic mutant of the clauses they rest on breaks them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

// solver/theorems.hpp's section_strength builds a SourceStrength from its source alone, which
// -Wmissing-field-initializers reports where it is instantiated; silenced around the include.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "solver/messina/section_theorems.hpp"
#pragma GCC diagnostic pop
#include "solver/messina/board.hpp"
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/sections.hpp"
#include "tests/messina_rules.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;
using solver::Budget;
using solver::Constraints;
using solver::ProofStatus;

constexpr unsigned kRlimit = 50'000'000;

std::vector<std::string> clauses_of(const Constraints& cs) {
  std::vector<std::string> out;
  for (const auto& c : cs) out.push_back(c.clause);
  return out;
}

const sm::MessinaTheorem& theorem(const std::vector<sm::MessinaTheorem>& all, const std::string& id) {
  for (const auto& t : all)
    if (t.id == id) return t;
  throw std::runtime_error("no theorem " + id);
}

// A board where Red (human, home A) musters: 2 Civilians at A, 3 E, 2 Spare.
ms::State red_at_a() {
  ms::State s;
  s.round = 1;
  s.phase = ms::Phase::muster;
  ms::Faction red;
  red.kind = ms::FactionKind::human;
  red.home = {"A"};
  red.population = {0, 2, 2};
  red.resources.energy = 3;
  s.factions["Red"] = red;
  s.spaces["A"].units["Red"][ms::Piece::civilian] = 2;
  s.spaces["A"].adjacent = {"B"};
  s.spaces["B"].adjacent = {"A"};
  return s;
}

// What judges engines is what is proved: the guard the membership check of a Muster asks over one board
// (encode_muster) is, constraint by constraint, the guard the theorems ask over any board (the
// relation built over open spaces), tagged by the same clauses in the same order. It fails with two
// lists that differ if the membership check is written apart from the relation again (the encoding
// before issue 32 gave one constraint per build and per Shield op, in the action's order).
TEST(SolverMusterRelation, MembershipAndTheoremsAskTheSameGuard) {
  const ms::Rules rules = messina_typed_rules();
  z3::context ctx;
  const ms::State before = red_at_a();
  const sm::SymBoard b = sm::pinned_board(ctx, before), a = sm::pinned_board(ctx, before);
  ms::Muster act{"Red", {{{"A", false}, ms::Piece::infantry, 1}}, {{{"A", false}, 1}}, {}, {}};
  const auto one_board = sm::encode_muster(b, act, a, rules);
  ASSERT_TRUE(one_board.has_value());
  z3::context open_ctx;
  const auto asks = theorem(sm::muster_theorems(), "messina.muster.energy-never-negative").asks(open_ctx, rules, nullptr);
  ASSERT_FALSE(asks.empty());  // its first question: a human faction's Muster
  std::vector<std::string> any_board_guard;
  for (const auto& n : asks.front().relation) {
    any_board_guard.push_back(n.clause);
    if (n.clause == "messina.muster.population") break;  // the guard ends with the Spare check
  }
  std::vector<std::string> membership_guard = clauses_of(one_board->legal);
  EXPECT_EQ(membership_guard, any_board_guard);
  EXPECT_EQ(membership_guard.front(), "messina.muster.when");
}

// The theorems of Muster's supplies, over any board, proved and not vacuous (each question's premises,
// relation and what the claim is about have a model). Fails with "no theorem" while they were the
// proof-only encoding's (unbounded_muster.cpp, retired).
TEST(SolverMusterRelation, TheSupplyTheoremsAreProvedOverAnyBoard) {
  const auto all = sm::muster_theorems();
  const auto records = solver::theorem_records<ms::State, sm::Step>(all, messina_typed_rules(), Budget{});
  ASSERT_EQ(records.size(), 3u);
  for (const auto& r : records) {
    EXPECT_EQ(r.status, ProofStatus::proved) << r.id << ": " << r.detail;
    EXPECT_TRUE(r.scope.unbounded) << r.id;
    EXPECT_NE(r.vacuity.find("have a model of their premises"), std::string::npos) << r.id << ": " << r.vacuity;
  }
}

// Dropping every constraint of one clause from the relation: the theorem that rests on it is refuted.
ProofStatus without(const sm::MessinaTheorem& t, const std::string& clause) {
  z3::context ctx;
  const auto asks = t.asks(ctx, messina_typed_rules(), nullptr);
  return solver::ask_questions(ctx, asks, Budget{}, false, [clause](const Constraints& relation) {
           Constraints out;
           for (const auto& n : relation)
             if (n.clause != clause) out.push_back(n);
           return out;
         }).status;
}

// Energy paid without the check (a Muster that costs more than the faction has leaves it below 0), the
// builds' tokens not taken from Spare, the disbands' tokens lost: each breaks its theorem.
TEST(SolverMusterRelation, EachSupplyTheoremFailsWithoutItsClause) {
  const auto all = sm::muster_theorems();
  EXPECT_EQ(without(theorem(all, "messina.muster.energy-never-negative"), "messina.muster.energy"),
            ProofStatus::refuted);
  EXPECT_EQ(without(theorem(all, "messina.muster.tokens-conserved"), "messina.muster.population"),
            ProofStatus::refuted);
  EXPECT_EQ(without(theorem(all, "messina.muster.located-backed"), "messina.population.disband-on-shortfall"),
            ProofStatus::refuted);
}

// The map count is read after the builds and before the disbands, in the membership check as in the
// oracle (oracle/messina/muster.cpp, require_map_room) and in the stacking theorems (the same relation):
// under messina.build-disband move-or-convert, Red with 5 Infantry at its home A disbands one and builds
// one there: 5 + 1 = 6 > 5, refused by messina.muster.stacking (a relation reading 5 + 1 - 1 = 5 would
// allow the build, and this fails with "forbidden").
TEST(SolverMusterRelation, ADisbandMakesNoRoomForABuildInTheSameMuster) {
  const auto rules = bind_game("messina", json::object(), {{"messina.build-disband", "move-or-convert"}});
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Red": {"kind": "human", "home": ["A"], "population": {"spare": 1, "located": 5},
                         "resources": {"energy": 1}}},
    "spaces": {"A": {"adjacent": [], "units": {"Red": {"infantry": 5}}}}})");
  const json action = json::parse(R"({"type": "muster", "faction": "Red",
    "builds": [{"at": "A", "unit": "infantry"}], "disband": [{"at": "A", "unit": "infantry"}]})");
  const ApplyOutcome o = rules->apply(state, action);
  ASSERT_FALSE(o.legal);
  EXPECT_EQ(o.rule, "messina.muster.stacking");
  const auto c = rules->check_outcome(state, action, false, {{"legal", false}, {"rule", o.rule}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << c.why;
}

}  // namespace
}  // namespace rulecheck::testing

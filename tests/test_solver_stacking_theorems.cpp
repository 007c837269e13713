// Stacking's relation and theorems (solver/messina/stacking_relation.cpp, stacking_theorems.cpp):
// proved over boards of any size and not vacuously; refuted under misreadings of single constraints
// (each replaced by the misreading, the claim left as it is); and the clauses the design rests on
// protected by some generic mutant killed (nothing requires every mutant to die).
#include <algorithm>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

// solver/theorems.hpp's section_strength builds a SourceStrength from its source alone
// (`out.push_back({id})`), which -Wmissing-field-initializers reports where it is instantiated (here);
// silenced around the include until the shared header names the field it sets.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "solver/messina/section_theorems.hpp"
#include "solver/messina/stacking_relation.hpp"
#pragma GCC diagnostic pop
#include "tests/messina_rules.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;
namespace st = rulecheck::solver::messina::stacking;
using solver::Ask;
using solver::Budget;
using solver::Constraints;
using solver::ProofStatus;

const sm::MessinaTheorem& theorem(const std::vector<sm::MessinaTheorem>& all, const std::string& id) {
  for (const auto& t : all)
    if (t.id == id) return t;
  throw std::runtime_error("no theorem " + id);
}

TEST(SolverStackingTheorems, ProvedOverBoardsOfAnySizeAndNotVacuously) {
  const auto all = sm::stacking_theorems();
  const auto records = solver::theorem_records<ms::State, sm::Step>(all, messina_typed_rules(), Budget{});
  ASSERT_EQ(records.size(), all.size());
  for (const auto& r : records) {
    EXPECT_EQ(r.status, ProofStatus::proved) << r.id << ": " << r.detail;
    EXPECT_FALSE(r.vacuity.empty()) << r.id;
  }
}

// The limits come from the ruleset: with a map limit of 6 and a card limit of 5 both theorems still
// hold (the relation and the claims read the same numbers).
TEST(SolverStackingTheorems, TheClaimsReadTheRulesetsLimits) {
  ms::Rules rules = messina_typed_rules();
  rules.numbers.stacking_map = 6;
  rules.numbers.stacking_card = 5;
  for (const auto& r : solver::theorem_records<ms::State, sm::Step>(sm::stacking_theorems(), rules, Budget{}))
    EXPECT_EQ(r.status, ProofStatus::proved) << r.id << ": " << r.detail;
}

// The stacking relation's transfers and end of an Exploration are the Location Card relation
// (cards_relation.cpp), the one that judges engines' `transfer` and `end-exploration`: its constraints
// carry the clauses only that relation writes (a card acted on is one the actor holds; the end of an
// Exploration's moment and discards), which the stacking relation's own encoding never had.
TEST(SolverStackingTheorems, TheTransfersAndTheEndOfAnExplorationAreTheLocationCardRelation) {
  z3::context ctx;
  const st::StackVars v(ctx);
  const Constraints relation = st::stacking_relation(v, messina_typed_rules());
  auto tagged = [&](const std::string& clause) {
    return std::count_if(relation.begin(), relation.end(), [&](const auto& n) { return n.clause == clause; });
  };
  EXPECT_GT(tagged("messina.cards.holding"), 0);
  EXPECT_GT(tagged("messina.cards.hand-limit"), 0);
}

// Asks `t` with each question's relation passed through `edit`; the status.
ProofStatus asked_with(const sm::MessinaTheorem& t, const solver::RelationEdit& edit) {
  z3::context ctx;
  return solver::ask_questions(ctx, t.asks(ctx, messina_typed_rules(), nullptr), Budget{}, false, edit).status;
}
// Asks `t` with each question's relation built from rules `edit` makes (the claim as the text reads).
ProofStatus asked_under(const sm::MessinaTheorem& t, const solver::RuleEdit<ms::Rules>& edit) {
  z3::context ctx;
  return solver::ask_questions(ctx, t.asks(ctx, messina_typed_rules(), edit), Budget{}, false).status;
}

bool mentions(const solver::Named& n, const char* name) {
  return n.formula.to_string().find(name) != std::string::npos;
}

// Every constraint of `clause` for which `which` holds replaced by `by` (null: dropped).
solver::RelationEdit replace(const std::string& clause, std::function<bool(const solver::Named&)> which,
                             std::function<z3::expr(const st::StackVars&)> by) {
  return [=](const Constraints& relation) {
    Constraints out;
    for (const auto& n : relation) {
      if (n.clause != clause || !which(n)) {
        out.push_back(n);
        continue;
      }
      if (by) out.push_back({n.clause, by(st::StackVars(n.formula.ctx()))});
    }
    return out;
  };
}

// Misreadings of single clauses, each a plausible wrong reading: the theorem it breaks is refuted
// (with the constraint as the text reads, both are proved: the test above).
TEST(SolverStackingTheorems, TheMapLimitFailsUnderMisreadingsOfItsClauses) {
  const auto all = sm::stacking_theorems();
  const auto& map = theorem(all, "messina.stacking.map-limit");
  const int limit = messina_typed_rules().numbers.stacking_map;
  // The Muster's limit checked against the count before the builds, not with them (5 before, 3 built: 8).
  EXPECT_EQ(asked_with(map, replace("messina.muster.stacking",
                                    [](const auto& n) { return mentions(n, "built_map") && !mentions(n, "built_card"); },
                                    [limit](const st::StackVars& v) {
                                      z3::expr built = v.built_map[0](v.s);
                                      for (std::size_t k = 1; k < v.built_map.size(); ++k) built = built + v.built_map[k](v.s);
                                      return z3::implies(v.kind(st::ActionKind::muster),
                                                         z3::forall(v.s, z3::implies(built > 0, v.counted(v.s) <= limit)));
                                    })),
            ProofStatus::refuted);
  // The limit counted over the builder's units only under all-factions (5 of another faction's, 5 built).
  EXPECT_EQ(asked_with(map, replace("messina.muster.stacking.workers", [](const auto&) { return true; },
                                    [](const st::StackVars& v) {
                                      return z3::forall(v.s, v.counted(v.s) == v.before.units(v.actor, v.s));
                                    })),
            ProofStatus::refuted);
  // Transfers from a card ignore the stacking limit (the map at 5, a card's 2 moved: 7).
  EXPECT_EQ(asked_with(map, replace("messina.cards.transfer", [](const auto& n) { return mentions(n, "stacking_count"); },
                                    nullptr)),
            ProofStatus::refuted);
  // Civilians placed outside the Muster ignore the limit under the applies reading.
  EXPECT_EQ(asked_with(map, replace("messina.muster.stacking", [](const auto& n) { return mentions(n, "placed_map"); },
                                    nullptr)),
            ProofStatus::refuted);
  // The map limit read one higher (issue 32: raising it to 6 in the encoding left every proof passing).
  EXPECT_EQ(asked_under(map,
                        [](const ms::Rules& r) {
                          ms::Rules m = r;
                          ++m.numbers.stacking_map;
                          return m;
                        }),
            ProofStatus::refuted);
  // A discarded card emptied past the limit under stacking-binds (its units on a full space).
  EXPECT_EQ(asked_under(map,
                        [](const ms::Rules& r) {
                          ms::Rules m = r;
                          m.readings.discard_emptying = ms::Readings::DiscardEmptying::overrides_stacking;
                          return m;
                        }),
            ProofStatus::refuted);
}

TEST(SolverStackingTheorems, TheCardLimitFailsUnderMisreadingsOfItsClauses) {
  const auto all = sm::stacking_theorems();
  const auto& card = theorem(all, "messina.stacking.card-limit");
  // The card limit read one higher (2 on a card, 1 built: 3).
  EXPECT_EQ(asked_under(card,
                        [](const ms::Rules& r) {
                          ms::Rules m = r;
                          ++m.numbers.stacking_card;
                          return m;
                        }),
            ProofStatus::refuted);
  // Civilians placed onto a card ignore its capacity.
  EXPECT_EQ(asked_with(card, replace("messina.cards.capacity", [](const auto&) { return true; }, nullptr)),
            ProofStatus::refuted);
  // A Muster's builds onto a card ignore its limit (2 on it, 1 built: 3).
  EXPECT_EQ(asked_with(card, replace("messina.muster.stacking", [](const auto& n) { return mentions(n, "built_card"); },
                                     nullptr)),
            ProofStatus::refuted);
}

// Under over-limit-card card-too a location whose map space is over its limit takes no new units on
// its card; read as map-only (the relation's only), a space of 6 takes 2 on its card: 8 > max(6, 7).
TEST(SolverStackingTheorems, TheLocationLimitFailsWhenCardTooIsReadAsMapOnly) {
  const auto all = sm::stacking_theorems();
  EXPECT_EQ(asked_under(theorem(all, "messina.stacking.location-limit"),
                        [](const ms::Rules& r) {
                          ms::Rules m = r;
                          m.readings.over_limit_card = ms::Readings::OverLimitCard::map_only;
                          return m;
                        }),
            ProofStatus::refuted);
}

// A space over the limit takes no new builds (messina.muster.stacking.over-limit). The Muster's relation
// is the one that judges engines (muster_relation.cpp), which reads the map count after the builds and
// before the disbands, as the oracle does: there the map's over-limit rule follows from the map limit
// (a count already over it plus a build is over it too), so dropping it breaks nothing. Its card part
// does not: under over-limit-card card-too, without it a space of 6 takes a Civilian onto its card and
// the Muster property is refuted (it fails with "proved" if the card part is not its own constraint or
// is not read); the map limit alone does not see it.
TEST(SolverStackingTheorems, TheOverLimitPropertyFailsWithoutTheOverLimitRuleOnCards) {
  const auto all = sm::stacking_theorems();
  const auto on_cards = [](const auto& n) { return mentions(n, "built_card"); };
  const auto on_map = [](const auto& n) { return !mentions(n, "built_card"); };
  const auto& over = theorem(all, "messina.stacking.muster-over-limit-takes-no-builds");
  EXPECT_EQ(asked_with(over, replace("messina.muster.stacking.over-limit", on_cards, nullptr)), ProofStatus::refuted);
  EXPECT_EQ(asked_with(over, replace("messina.muster.stacking.over-limit", on_map, nullptr)), ProofStatus::proved);
  EXPECT_EQ(asked_with(theorem(all, "messina.stacking.map-limit"),
                       replace("messina.muster.stacking.over-limit", on_cards, nullptr)),
            ProofStatus::proved);
}

// The clauses the stacking design rests on: the limits, what they count, the over-limit rule, the
// effects of every action that adds units, the card rules.
constexpr const char* kDesignClauses[] = {
    "messina.muster.stacking",        "messina.muster.stacking.workers", "messina.muster.stacking.over-limit",
    "messina.muster.builds-only",     "messina.cards.capacity",          "messina.cards.muster-onto",
    "messina.cards.transfer",         "messina.cards.discard-empty",     "messina.population.placement.civilians",
    "messina.population.home-defence", "messina.population.interconversion"};

// Each clause the design rests on is protected: some constraint of it, dropped from the relation,
// lets some theorem be refuted (the generic mutants of solver/mutation.hpp, the drops only: the full
// run below asks every mutant). Fails when a clause's constraints play no part in any claim (a claim
// restating a guard, or one the relation asserts, leaves the other clauses unprotected).
TEST(SolverStackingTheorems, EachClauseTheDesignRestsOnIsProtectedByADrop) {
  const ms::Rules rules = messina_typed_rules();
  const auto all = sm::stacking_theorems();
  for (const char* clause : kDesignClauses) {
    bool killed = false;
    for (const auto& t : all) {
      z3::context ctx;
      const std::vector<Ask> asks = t.asks(ctx, rules, nullptr);
      for (const auto& m : solver::section_mutations(asks)) {
        if (m.source != clause || m.kind != solver::FormulaMutation::Kind::dropped) continue;
        if (solver::ask_mutant(ctx, asks, m, Budget{}) == solver::MutantVerdict::killed) {
          killed = true;
          break;
        }
      }
      if (killed) break;
    }
    EXPECT_TRUE(killed) << clause << ": no constraint of it, dropped, breaks a theorem";
  }
}

// prove --strength for the section, without rule mutants (the lead's rule_mutants.cpp): every generic
// mutant asked of every theorem (section_strength), with the figures printed. It takes minutes (522
// mutants; 2026-11-28 at load 10: 6.5 to 7.3 min wall, 2.7 min of CPU for three theorems), so it is not in the default run: run it
// with --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_EveryGenericMutant*'. The clauses
// the design rests on are checked protected; not every mutant dies (a stricter guard, such as one
// counting Workers, breaks no safety claim) and nothing asks that.
TEST(SolverStackingTheorems, DISABLED_EveryGenericMutantAskedOfEveryTheorem) {
  const ms::Rules rules = messina_typed_rules();
  const auto all = sm::stacking_theorems();
  auto proofs = solver::theorem_records<ms::State, sm::Step>(all, rules, Budget{});
  const auto strength = solver::section_strength<ms::State, sm::Step>(all, rules, {}, proofs, Budget{});
  int mutants = 0, equivalent = 0, survived = 0, undecided = 0, protected_clauses = 0;
  for (const auto& s : strength) {
    mutants += s.mutants, equivalent += s.equivalent;
    survived += static_cast<int>(s.survived.size()), undecided += static_cast<int>(s.undecided.size());
    protected_clauses += s.killed_by.empty() ? 0 : 1;
    std::cout << "  " << s.source << ": " << s.mutants << " mutants, "
              << s.mutants - static_cast<int>(s.survived.size() + s.undecided.size()) << " killed, " << s.survived.size()
              << " survived, " << s.undecided.size() << " undecided; killed by";
    for (const auto& id : s.killed_by) std::cout << " " << id;
    std::cout << "\n";
    for (const auto& m : s.survived) std::cout << "  survived " << s.source << ": " << m << "\n";
  }
  std::cout << "stacking strength: " << mutants << " mutants, " << mutants - survived - undecided << " killed, "
            << survived << " survived, " << undecided << " undecided, " << equivalent << " equivalent; "
            << protected_clauses << " of " << strength.size() << " clauses protected\n";
  for (const char* clause : kDesignClauses) {
    const auto it = std::find_if(strength.begin(), strength.end(), [&](const auto& s) { return s.source == clause; });
    ASSERT_NE(it, strength.end()) << clause;
    EXPECT_FALSE(it->killed_by.empty()) << clause << " is unprotected";
  }
}

}  // namespace
}  // namespace rulecheck::testing

// The Location Card actions' membership encoding (solver/messina/cards.cpp) over one free board of a small
// shape, cross-checked against what the theorems prove of the Location Card relation over any board
// (cards_theorems.cpp, and stacking_theorems.cpp whose transfers and end of an Exploration are that
// relation). What this checks that no theorem does: cards.cpp's part over a board of named spaces (the
// action's transfers gathered per card, the units the map limit reads under messina.stacking-scope, and
// the frame, every component the relation leaves open staying) keeps each invariant on every board of
// the shape for the fixed actions named. These were `prove_bounded`'s card proofs; no command runs them.
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::solver::messina {
namespace {

constexpr const char* kExpose = "messina.cards.expose-any-time";
constexpr const char* kHide = "messina.cards.hide";
constexpr const char* kTransfer = "messina.cards.transfer";
constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";

z3::expr card_total(const SymSpace& sp) {
  z3::expr t = sp.card_units[0].ctx().int_val(0);
  for (const auto& u : sp.card_units) t = t + u;
  return t;
}

using Invariant = std::function<z3::expr(const SymBoard& before, const SymBoard& after, const ms::Rules& rules)>;

// Over a free board of `shape`, every one of `steps`, legal, keeps `invariant`.
MessinaProof prove_over(std::string id, std::string claim, std::vector<std::string> clauses, const Shape& shape,
                        const std::vector<ms::Action>& steps, const Invariant& invariant, const ms::Rules& rules,
                        const Budget& budget) {
  return prove_over_steps(
      {std::move(id), std::move(claim), std::move(clauses)}, shape, fixed_actions(steps, rules),
      [&](const SymBoard& before, const SymBoard& after) { return invariant(before, after, rules); }, rules, budget);
}

ms::UnitCounts units_of(ms::Piece p, int n) {
  ms::UnitCounts u;
  u[p] = n;
  return u;
}

z3::expr held_by(const SymBoard& b, int f) {
  std::vector<z3::expr> held;
  for (const auto& sp : b.spaces) held.push_back(z3::ite(sp.card_holder == f, b.ctx().int_val(1), b.ctx().int_val(0)));
  return sum(b.ctx(), held);
}

z3::expr own_map(const SymBoard& b, int space, int f) {
  return sum(b.ctx(), {b.spaces[space].units[f].begin(), b.spaces[space].units[f].end()});
}

std::vector<MessinaProof> bounded_cards_proofs(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> out;
  const Shape two = small_shape(2, true);
  const Shape hand = small_shape(rules.numbers.hand_limit + 2, false);
  const ms::UnitCounts one_inf = units_of(ms::Piece::infantry, 1);

  out.push_back(prove_over(
      "messina.cards.capacity-kept",
      "Over 2 spaces and 2 factions: after a legal expose, hide, transfer or end of Exploration every card holds at "
      "most the card stacking limit.",
      {"messina.cards.capacity", kExpose, kHide, kTransfer, kHandLimit}, two,
      {ms::Expose{"Red", "A"}, ms::Hide{"Red", "A"}, ms::Transfer{"Red", "A", one_inf},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (const auto& sp : after.spaces) ok.push_back(card_total(sp) <= r.numbers.stacking_card);
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hand-limit-kept",
      "Over hand_limit + 2 spaces and 1 faction: after a legal end of Exploration discarding one or two cards, the "
      "holder holds at most the hand limit.",
      {kHandLimit}, hand,
      {ms::EndExploration{"Red", {}, {"A"}}, ms::EndExploration{"Red", {}, {"A", "B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return held_by(after, 0) <= r.numbers.hand_limit;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hidden-empty",
      "Over 2 spaces and 2 factions: after a legal hide the card is face-down with no units on it.", {kHide}, two,
      {ms::Hide{"Red", "A"}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules&) {
        return !after.spaces[0].card_exposed && card_total(after.spaces[0]) == 0;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-conserves",
      "Over 2 spaces and 2 factions: a legal transfer keeps, kind by kind, the holder's units on the card plus on "
      "its map space, and Located still equals the units it backs.",
      {kTransfer, "messina.population.backing"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::mech, 2)}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (std::size_t k = 0; k < kKinds; ++k)
          ok.push_back(after.spaces[0].card_units[k] + after.spaces[0].units[0][k] ==
                       before.spaces[0].card_units[k] + before.spaces[0].units[0][k]);
        ok.push_back(after.factions[0].located == backed_tokens(after, 0, r.numbers));
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-stacking",
      "Over 2 spaces and 2 factions: after a legal transfer the holder has at most the map limit of units on the "
      "map space, and at most map limit + card limit at the location.",
      {kTransfer, "messina.cards.seven-per-location"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::civilian, 2)}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return own_map(after, 0, 0) <= r.numbers.stacking_map &&
               own_map(after, 0, 0) + card_total(after.spaces[0]) <= r.numbers.stacking_map + r.numbers.stacking_card;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.discard-transfer-stacking",
      "Over hand_limit + 2 spaces and 1 faction: a legal end of Exploration leaves a map space a transfer fed within "
      "the map limit, except (messina.discard-emptying = overrides-stacking) for a card discarded in it, which adds "
      "at most the card limit.",
      {kTransfer, kDiscardEmpty, kHandLimit}, hand,
      {ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        const bool overrides = r.readings.discard_emptying == ms::Readings::DiscardEmptying::overrides_stacking;
        const z3::expr within = own_map(after, 0, 0) <= r.numbers.stacking_map;
        if (!overrides) return within;
        // Only card A's discard may waive the limit: B's was discarded while A was kept.
        return within || (after.spaces[0].card_holder == -1 &&
                          own_map(after, 0, 0) <= own_map(before, 0, 0) + r.numbers.stacking_card);
      },
      rules, budget));
  return out;
}


// Every claim holds of the membership encoding on its shape, under the default readings and under
// messina.discard-emptying overrides-stacking (the reading the discard claim has a case for).
TEST(SolverCardsBounded, TheMembershipEncodingKeepsTheTheoremsInvariantsOnSmallBoards) {
  ms::Rules rules = rulecheck::testing::messina_typed_rules();
  for (auto d : {ms::Readings::DiscardEmptying::stacking_binds, ms::Readings::DiscardEmptying::overrides_stacking}) {
    rules.readings.discard_emptying = d;
    const auto proofs = bounded_cards_proofs(rules, Budget{});
    EXPECT_EQ(proofs.size(), 6u);
    for (const auto& p : proofs) {
      EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
      EXPECT_FALSE(p.scope.unbounded) << p.id;
    }
  }
}

// The cross-check can fail: with the map limit read one lower by the claim than by the rules (a transfer
// of 2 Civilians onto a map space of 4, legal at the limit of 6, gives 6 > 5), transfer-stacking is refuted.
TEST(SolverCardsBounded, AClaimStricterThanTheRulesIsRefuted) {
  const ms::Rules rules = rulecheck::testing::messina_typed_rules();
  ms::Rules looser = rules;
  ++looser.numbers.stacking_map;
  const auto p = prove_over_steps({"planted.transfer-stacking", "the map limit one lower than the rules'", {kTransfer}},
                                  small_shape(2, true),
                                  fixed_actions({ms::Transfer{"Red", "A", units_of(ms::Piece::civilian, 2)}}, looser),
                                  [&rules](const SymBoard&, const SymBoard& after) {
                                    return own_map(after, 0, 0) <= rules.numbers.stacking_map;
                                  },
                                  looser, Budget{});
  EXPECT_EQ(p.status, ProofStatus::refuted) << p.detail;
}

}  // namespace
}  // namespace rulecheck::solver::messina

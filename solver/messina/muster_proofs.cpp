// Muster's bounded proofs (prove_bounded): the Muster and Re-arm relation over one free board of two
// spaces (muster_board.cpp builds it), asked of four fixed actions with every count free.
#include <string>
#include <vector>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using ms::Piece;

constexpr const char* kStacking = "messina.muster.stacking";
constexpr const char* kOverLimit = "messina.muster.stacking.over-limit";
constexpr const char* kEnergy = "messina.muster.energy";
constexpr const char* kPopulation = "messina.muster.population";
constexpr const char* kDisband = "messina.population.disband-on-shortfall";

z3::expr kinds_total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// messina.muster.stacking with messina.stacking-scope: every faction's units on the map, or `builder`'s.
z3::expr stacked_on_map(const SymBoard& b, int s, int builder, const ms::Rules& rules) {
  z3::expr n = b.ctx().int_val(0);
  for (std::size_t f = 0; f < b.factions.size(); ++f)
    if (rules.readings.stacking_scope == ms::Readings::StackingScope::all_factions || static_cast<int>(f) == builder)
      n = n + kinds_total(b.spaces[s].units[f]);
  return n;
}

// The actions each proof covers (on small_shape(2, true, ai): Red human, Blue the AI).
std::vector<ms::Action> proof_actions() {
  auto at = [](const char* s) { return ms::Where{s, false}; };
  auto card = [](const char* s) { return ms::Where{s, true}; };
  ms::Muster builds{"Red",
                    {{at("A"), Piece::infantry, 2}, {card("A"), Piece::civilian, 1}, {at("B"), Piece::fighter, 1}},
                    {{at("A"), 1}},
                    {{at("B"), ms::ShieldOpKind::build}},
                    {}};
  ms::Muster disbands{"Red",
                      {},
                      {},
                      {{at("A"), ms::ShieldOpKind::upgrade}},
                      {{at("A"), Piece::civilian, 1}, {at("B"), Piece::worker, 1}, {card("A"), Piece::infantry, 1}}};
  ms::Muster ai{
      "Blue", {{at("A"), Piece::civilian, 1}, {card("B"), Piece::infantry, 1}, {at("B"), Piece::mech, 1}}, {}, {}, {}};
  ms::Rearm rearm{"Red", {{at("A"), ms::ShieldOpKind::build}}};
  return {builds, disbands, ai, rearm};
}

std::string proof_step_names() {
  return "Red builds 2 Infantry at A, a Civilian onto card A, a Fighter at B, equips 1 at A and builds a Shield at "
         "B; Red upgrades A's Shield and disbands a Civilian at A, a Worker at B and an Infantry from card A; the AI "
         "Blue builds a Civilian at A, an Infantry onto card B and a Mech at B; Red re-arms a Shield at A";
}

}  // namespace


std::vector<MessinaProof> muster_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::string over = " (over 2 spaces, Red human and Blue the AI, every count free: " + proof_step_names() + ")";
  const int map_limit = rules.numbers.stacking_map, card_limit = rules.numbers.stacking_card;
  const Shape shape = small_shape(2, true, ms::FactionKind::ai);
  const std::vector<ProofStep> steps = fixed_actions(proof_actions(), rules);
  auto prove_invariant = [&](std::string id, std::string claim, std::vector<std::string> clauses,
                             const StepInvariant& invariant) {
    return prove_over_steps({std::move(id), std::move(claim), std::move(clauses)}, shape, steps, invariant, rules,
                            budget);
  };
  std::vector<MessinaProof> out;
  // Whoever acts, no space ends over the limit (counted for that faction) unless it was over before
  // and the faction added nothing there.
  out.push_back(prove_invariant(
      "messina.muster.stacking-kept",
      "no legal Muster or Re-arm leaves a map space over the stacking limit unless it was already over, and then "
      "the builder has no more units there than before" +
          over,
      {kStacking, kOverLimit, "messina.muster.stacking.workers", "messina.muster.equip.stacking"},
      [&](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          return for_every_space(b, [&](int s) {
            return stacked_on_map(a, s, f, rules) <= map_limit ||
                   (stacked_on_map(b, s, f, rules) > map_limit &&
                    kinds_total(a.spaces[s].units[f]) <= kinds_total(b.spaces[s].units[f]));
          });
        });
      }));
  out.push_back(prove_invariant("messina.muster.energy-never-negative",
                                "no legal Muster or Re-arm leaves a faction with negative Energy" + over,
                                {kEnergy, "messina.muster.unit-table"}, [](const SymBoard&, const SymBoard& a) {
                                  return for_every_faction(a, [&](int f) { return a.factions[f].energy >= 0; });
                                }));
  out.push_back(prove_invariant(
      "messina.muster.tokens-conserved",
      "a legal Muster or Re-arm leaves each faction's Spare + Located + Disaffected + dead unchanged" + over,
      {kPopulation, kDisband, "messina.population.tokens"}, [](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          const SymFaction &x = b.factions[f], &y = a.factions[f];
          return x.spare + x.located + x.disaffected + x.dead == y.spare + y.located + y.disaffected + y.dead;
        });
      }));
  out.push_back(prove_invariant(
      "messina.muster.located-backed",
      "after a legal Muster or Re-arm, each faction's Located tokens still equal the tokens its units and Workers "
      "need" +
          over,
      {kPopulation, "messina.population.located", "messina.population.backing"},
      [&](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].located == backed_tokens(a, f, rules.numbers); });
      }));
  out.push_back(
      prove_invariant("messina.muster.card-capacity",
                      "no legal Muster or Re-arm leaves a Location Card holding more units than its limit" + over,
                      {kStacking, "messina.cards.capacity", "messina.cards.seven-per-location"},
                      [&](const SymBoard& b, const SymBoard& a) {
                        return for_every_space(b, [&](int s) { return kinds_total(a.spaces[s].card_units) <= card_limit; });
                      }));
  return out;
}

}  // namespace rulecheck::solver::messina

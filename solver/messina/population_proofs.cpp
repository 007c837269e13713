// The bounded proofs of the placings of new units (population.cpp's encoding, on 2 spaces).
#include <string>
#include <vector>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using Piece = ms::Piece;
constexpr const char* kToLocated = "messina.population.placement.spare-to-located";
constexpr const char* kInterconversion = "messina.population.interconversion";
constexpr const char* kBacking = "messina.population.backing";
constexpr const char* kSpare = "messina.population.placement.spare-required";

ms::Where at(const char* s) { return ms::Where{s, false}; }
ms::Where card(const char* s) { return ms::Where{s, true}; }

// The placements each action proof covers, on small_shape(2, true): Red and Blue, spaces A and B.
std::vector<ms::Action> proof_actions() {
  using T = ms::PlacementTime;
  ms::Place workers{"Red",
                    T::industry,
                    {{{at("A"), Piece::worker, 2}, ms::TokenSource::spare, std::nullopt},
                     {{at("B"), Piece::worker, 1}, ms::TokenSource::spare, "Blue"}}};
  ms::Place civilians{"Red",
                      T::before_orders,
                      {{{at("A"), Piece::civilian, 2}, ms::TokenSource::spare, std::nullopt},
                       {{card("B"), Piece::civilian, 1}, ms::TokenSource::spare, std::nullopt}}};
  ms::Place defence{"Red",
                    T::home_defence,
                    {{{at("A"), Piece::civilian, 1}, ms::TokenSource::disaffected, std::nullopt},
                     {{at("A"), Piece::civilian, 1}, ms::TokenSource::spare, std::nullopt}}};
  ms::Convert to_worker{"Red", "A", Piece::civilian, Piece::worker, 2, "Blue"};
  ms::Convert from_worker{"Red", "A", Piece::worker, Piece::civilian, 2, std::nullopt};
  ms::Convert infantry{"Red", "B", Piece::infantry, Piece::worker, 1, std::nullopt};
  return {workers, civilians, defence, to_worker, from_worker, infantry};
}

const char* proof_steps() {
  return "Red places 2 Workers at A and 1 in Blue's Utility at B; 2 Civilians at A and 1 onto card B before orders; "
         "1 Disaffected and 1 Spare Civilian at A in home defence; converts 2 Civilians at A to Workers in Blue's "
         "Utility, 2 Workers at A to Civilians, 1 Infantry at B to a Worker";
}

}  // namespace

std::vector<MessinaProof> friendly_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::vector<ProofStep> steps = fixed_actions(proof_actions(), rules);
  auto prove_step_invariant = [&](std::string id, std::string claim, std::vector<std::string> clauses,
                                  const StepInvariant& invariant) {
    return prove_over_steps({std::move(id), std::move(claim), std::move(clauses)}, small_shape(2, true), steps,
                            invariant, rules, budget);
  };
  std::vector<MessinaProof> out;
  const std::string over =
      std::string(" (over 2 spaces A, B and factions Red, Blue, every count free: ") + proof_steps() + ")";

  // Hostility, the mixed-space rule and the Friendly Area's extent are theorems of the page's relation,
  // with misreadings that break each claim, in friendly_theorems.cpp (the claims about the queries
  // here, on 2-3 spaces, were true of the encoding whatever its clauses said: hollow).
  out.push_back(prove_step_invariant(
      "messina.population.placement-keeps-token-total",
      "a legal placement or conversion never changes a faction's Disaffected + Spare + Located tokens" + over,
      {kToLocated, kInterconversion, "messina.population.tokens"}, [](const SymBoard& b, const SymBoard& a) {
        return for_every_faction(b, [&](int f) {
          const auto &x = b.factions[f], &y = a.factions[f];
          return x.disaffected + x.spare + x.located == y.disaffected + y.spare + y.located;
        });
      }));
  out.push_back(prove_step_invariant(
      "messina.population.placement-spare-not-negative",
      "after a legal placement or conversion no faction has negative Spare or Disaffected tokens" + over,
      {kSpare, kToLocated}, [](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].spare >= 0 && a.factions[f].disaffected >= 0; });
      }));
  out.push_back(prove_step_invariant(
      "messina.population.placement-located-backs-units",
      "after a legal placement or conversion each faction's Located tokens still equal the tokens its units and "
      "Workers need" +
          over,
      {"messina.population.located", kBacking, kToLocated, kInterconversion},
      [&rules](const SymBoard&, const SymBoard& a) {
        return for_every_faction(a, [&](int f) { return a.factions[f].located == backed_tokens(a, f, rules.numbers); });
      }));
  return out;
}

}  // namespace rulecheck::solver::messina

// Two of the states play can reach (rules/messina/invariants.json) that actions write, kept by every
// action that writes them, for boards of any size (unbounded.hpp): spaces and factions are
// uninterpreted sorts, the Shield levels and the Workers in each faction's Utility functions over them,
// and the action's ops at any number of spaces. One-step induction: a state that keeps the invariant,
// the action's conditions (muster.cpp's shield_op_conditions, population.cpp's worker_utility_ok) and its
// effect, and the invariant broken after is unsatisfiable.
//
// Each holds under one reading of its point and says nothing under the other (which allows what it
// forbids): messina.reachable.one-shield-per-space under one-per-space of messina.shield-per-space,
// messina.reachable.workers-in-own-utilities under own of messina.worker-utility. The actions that only
// lower a count (Consumption's step 3, disbands, conversions from a Worker) cannot break either and are
// not asked; the bounded cross-check (reachable.cpp) still runs every action of the encoding on 3 spaces.
#include <fmt/format.h>

#include "solver/messina/reachable_facts.hpp"
#include "solver/messina/unbounded.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kOwnShieldOnly = "a new Shield barred only by the builder's own (as one-per-faction reads)";
constexpr const char* kUpgradeCreates = "an upgrade may raise a Shield the builder does not have";
constexpr const char* kConversionAnyUtility =
    "a conversion to a Worker may enter another faction's Utility (own read for placements only)";
constexpr const char* kConsentWaives = "a Worker may enter another faction's Utility with its consent, whatever the reading";

std::vector<Question> shield_questions(z3::context& c, const ms::Rules& rules, const std::string& mis) {
  std::vector<Question> qs;
  for (bool rearm : {false, true}) {
    const z3::sort space = c.uninterpreted_sort("Space"), faction = c.uninterpreted_sort("Faction");
    const z3::func_decl shield = c.function("shield", faction, space, c.int_sort()),
                        after = c.function("shield_after", faction, space, c.int_sort()),
                        built = c.function("shield_built", space, c.int_sort()),
                        upgraded = c.function("shield_upgraded", space, c.int_sort());
    const z3::expr f = c.constant("actor", faction), g = c.constant("g", faction), h = c.constant("h", faction),
                   s = c.constant("s", space);
    auto one_per_space = [&](const z3::func_decl& level) {
      return z3::forall(g, h, s, z3::implies(level(g, s) > 0 && level(h, s) > 0, g == h));
    };
    const int upgrades = rearm ? rules.numbers.shield_ops_per_rearm : rules.numbers.shield_upgrades_per_muster;
    // messina.muster.shield.build-upgrade (and .rearm): a new Shield where none stands (under
    // one-per-space, whoever's), an upgrade of the builder's own; messina.muster.shield.not-both.
    const z3::expr standing = mis == kOwnShieldOnly ? shield(f, s) > 0 : z3::exists(g, shield(g, s) > 0);
    z3::expr legal = built(s) >= 0 && built(s) <= 1 && upgraded(s) >= 0 && upgraded(s) <= upgrades &&
                     z3::implies(built(s) > 0, !standing && upgraded(s) == 0);
    if (mis != kUpgradeCreates) legal = legal && z3::implies(upgraded(s) > 0, shield(f, s) > 0);
    const z3::expr effect = z3::forall(
        g, s, after(g, s) == z3::ite(g == f, z3::ite(built(s) > 0, c.int_val(1), shield(g, s) + upgraded(s)),
                                     shield(g, s)));
    const z3::expr before = z3::forall(g, s, shield(g, s) >= 0) && one_per_space(shield);
    const z3::expr x = c.constant("somewhere", space);
    qs.push_back({rearm ? "a Re-arm's Shield ops (shield-per-space one-per-space)"
                        : "a Muster's Shield ops (shield-per-space one-per-space)",
                  before && z3::forall(s, legal) && effect, one_per_space(after), built(x) > 0, before});
  }
  return qs;
}

std::vector<Question> worker_questions(z3::context& c, const ms::Rules&, const std::string& mis) {
  std::vector<Question> qs;
  for (bool converting : {false, true}) {
    const z3::sort space = c.uninterpreted_sort("Space"), faction = c.uninterpreted_sort("Faction");
    // guests(o, g, s): g's Workers in o's Utility at s; entering(o, s): the actor's Workers the action
    // puts in o's Utility at s (placed, or made by conversion).
    const z3::func_decl guests = c.function("workers_in", faction, faction, space, c.int_sort()),
                        after = c.function("workers_in_after", faction, faction, space, c.int_sort()),
                        entering = c.function("workers_entering", faction, space, c.int_sort()),
                        consents = c.function("consents_workers", faction, faction, c.bool_sort());
    const z3::expr f = c.constant("actor", faction), o = c.constant("o", faction), g = c.constant("g", faction),
                   s = c.constant("s", space);
    auto own_only = [&](const z3::func_decl& w) { return z3::forall(o, g, s, z3::implies(o != g, w(o, g, s) == 0)); };
    // messina.population.placement.workers, .interconversion under own (friendly.cpp's
    // worker_utility_ok): into the faction's own Utility only.
    const bool waived = (converting && mis == kConversionAnyUtility);
    z3::expr legal = entering(o, s) >= 0;
    if (!waived)
      legal = legal && z3::implies(o != f && entering(o, s) > 0, mis == kConsentWaives ? consents(o, f) : c.bool_val(false));
    const z3::expr effect =
        z3::forall(o, g, s, after(o, g, s) == z3::ite(g == f, guests(o, g, s) + entering(o, s), guests(o, g, s)));
    const z3::expr before = z3::forall(o, g, s, guests(o, g, s) >= 0) && own_only(guests);
    const z3::expr x = c.constant("somewhere", space), y = c.constant("someone", faction);
    qs.push_back({converting ? "conversions to Workers (worker-utility own)" : "Workers placed (worker-utility own)",
                  before && z3::forall(o, s, legal) && effect, own_only(after), entering(y, x) > 0, before});
  }
  return qs;
}

}  // namespace

std::vector<UnboundedProof> unbounded_reachable(const ms::Rules& rules) {
  std::vector<UnboundedProof> out;
  UnboundedProof shields;
  shields.id = "messina.reachable.one-shield-per-space";
  shields.claim =
      "under one-per-space of messina.shield-per-space, no legal Muster or Re-arm leaves two factions with a Shield "
      "in one space when no space had two before";
  shields.covers =
      "boards of any size: any number of spaces and factions (uninterpreted sorts), any Shield levels, a Muster's or "
      "a Re-arm's Shield builds and upgrades at any spaces by any faction, under one-per-space (one-per-faction "
      "allows two Shields in a space: nothing is claimed)";
  shields.clauses = {"messina.muster.shield.build-upgrade", "messina.muster.shield.rearm"};
  shields.misreadings = {kOwnShieldOnly, kUpgradeCreates};
  shields.ask = [&rules](z3::context& c, const std::string& mis) { return shield_questions(c, rules, mis); };
  shields.exercised_words = "a Shield is built";
  shields.questions_words = "actions";
  shields.reachable_invariants = {kFormatCounts, "messina.reachable.one-shield-per-space"};
  out.push_back(std::move(shields));

  UnboundedProof workers;
  workers.id = "messina.reachable.workers-in-own-utilities";
  workers.claim =
      "under own of messina.worker-utility, no legal placement of Workers or conversion to Workers puts a Worker in "
      "another faction's Utility when none was";
  workers.covers =
      "boards of any size: any number of spaces and factions (uninterpreted sorts), any Workers in any Utility, any "
      "number of Workers placed or converted at any spaces by any faction, into any faction's Utility, under own "
      "(friendly allows guests: nothing is claimed); removals only lower counts and are not asked";
  workers.clauses = {"messina.population.placement.workers", "messina.population.interconversion"};
  workers.misreadings = {kConversionAnyUtility, kConsentWaives};
  workers.ask = [&rules](z3::context& c, const std::string& mis) { return worker_questions(c, rules, mis); };
  workers.exercised_words = "a Worker enters a Utility";
  workers.questions_words = "actions";
  workers.reachable_invariants = {kFormatCounts, "messina.reachable.workers-in-own-utilities"};
  out.push_back(std::move(workers));
  return out;
}

}  // namespace rulecheck::solver::messina

// The literal encoding's discovery search (solver/messina/literal.hpp): the Shield upgraded in a Muster
// and again in a Re-arm of the same round is found, each finding's witness is a board play can reach
// and its two outcomes differ and replay on the literal relation, and a starved search says unknown.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "oracle/messina/oracle.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/solver.hpp"
#include "tests/messina_rules.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;

const std::vector<sm::MessinaWitness>& discovered() {
  static const std::vector<sm::MessinaWitness> found = sm::discover(messina_typed_rules(), solver::Budget{});
  return found;
}

std::string kind_of(const sm::MessinaWitness& w) { return w.signature.substr(0, w.signature.find('|')); }

// What the literal steps can change: every faction's Energy, Food, Water, tokens and dead, every
// Shield's level, the units on the map and on the cards, and each card's facing.
std::string changeable(const ms::State& s) {
  std::string out;
  auto counts = [](const ms::UnitCounts& u) {
    std::string c;
    for (int n : u.count) c += std::to_string(n) + ",";
    return c;
  };
  for (const auto& [id, f] : s.factions)
    out += id + ":" + std::to_string(f.resources.energy) + "/" + std::to_string(f.population.spare) + "/" +
           std::to_string(f.population.located) + "/" + std::to_string(f.population.disaffected) + "/" +
           std::to_string(f.dead) + "/" + std::to_string(f.resources.food) + "/" +
           std::to_string(f.resources.water) + ";";
  for (const auto& [id, sp] : s.spaces) {
    for (const auto& sh : sp.shields) out += id + "/" + sh.owner + ":" + std::to_string(sh.level) + ";";
    for (const auto& [owner, u] : sp.units) out += id + "/" + owner + ":" + counts(u) + ";";
  }
  for (const auto& [id, card] : s.cards)
    out += "card " + id + "/" + card.holder + (card.exposed ? " up:" : " down:") + counts(card.units) + ";";
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The missed place of the independent review: a Muster upgraded Red's Shield at A; a Re-arm upgrades
// it again. The Muster page caps upgrades at one per Muster Phase and says a Re-arm does not stop an
// upgrade in a *later* Muster Phase; the words alone leave open whether the cap reaches the Re-arm:
// one outcome refuses the second upgrade (one-upgrade), the other raises the level once more and takes
// 3E. (No words decide it: convention messina.convention.rearm-after-muster-apart, rules/messina/conventions.json.)
TEST(SolverLiteral, FindsTheShieldUpgradedInAMusterAndAgainInAReArmOfTheSameRound) {
  const auto& found = discovered();
  const auto it = std::find_if(found.begin(), found.end(), [](const sm::MessinaWitness& w) {
    return w.kind == "undecided" && kind_of(w) == "muster-upgrade-then-rearm-upgrade";
  });
  ASSERT_NE(it, found.end()) << "the literal search did not find the Shield double upgrade";
  const sm::MessinaWitness& w = *it;
  EXPECT_TRUE(w.is_new);
  EXPECT_TRUE(w.found_by_search);
  EXPECT_TRUE(has(w.clauses, "messina.muster.shield.one-upgrade"));
  ASSERT_EQ(w.outcomes.size(), 2u);
  const auto& allowed = w.outcomes[0].legal ? w.outcomes[0] : w.outcomes[1];
  const auto& refused = w.outcomes[0].legal ? w.outcomes[1] : w.outcomes[0];
  ASSERT_TRUE(allowed.legal);
  ASSERT_FALSE(refused.legal);
  EXPECT_EQ(refused.rule, "messina.muster.shield.one-upgrade");
  // The board is the one at the Re-arm: Red's Shield at A already stands (raised in the Muster).
  const ms::State& s = w.example.state;
  EXPECT_EQ(s.phase, ms::Phase::rearm);
  const auto& shields = s.spaces.at("A").shields;
  const auto red = std::find_if(shields.begin(), shields.end(), [](const ms::Shield& x) { return x.owner == "Red"; });
  ASSERT_NE(red, shields.end());
  // Level 2 at least (1 when built, +1 in the Muster); the allowed outcome adds one more and 3E goes.
  EXPECT_GE(red->level, 2);
  const auto& after = allowed.next->spaces.at("A").shields;
  const auto red_after = std::find_if(after.begin(), after.end(), [](const ms::Shield& x) { return x.owner == "Red"; });
  ASSERT_NE(red_after, after.end());
  EXPECT_EQ(red_after->level, red->level + 1);
  EXPECT_EQ(allowed.next->factions.at("Red").resources.energy,
            s.factions.at("Red").resources.energy - messina_typed_rules().numbers.shield_upgrade_cost);
  // The oracle allows it (a Re-arm is judged alone: convention messina.convention.rearm-after-muster-apart).
  EXPECT_EQ(w.today, allowed.reading);
}

// Every finding: a board play can reach (for the two-step kinds, the board at the Re-arm, after a
// legal Muster), two outcomes that really differ, each allowed by the literal relation on replay,
// and a stable signature naming its step kind.
TEST(SolverLiteral, EveryFindingIsReachableAndItsTwoOutcomesDifferOnReplay) {
  const auto rules = messina_typed_rules();
  int findings = 0;
  for (const auto& w : discovered()) {
    if (w.kind != "undecided") continue;
    ++findings;
    SCOPED_TRACE(w.point);
    EXPECT_TRUE(w.found_by_search);
    EXPECT_TRUE(ms::reachability_breaks(rules, w.example.state).empty());
    ASSERT_EQ(w.outcomes.size(), 2u);
    const auto& a = w.outcomes[0];
    const auto& b = w.outcomes[1];
    EXPECT_TRUE(a.legal != b.legal || changeable(*a.next) != changeable(*b.next));
    const auto& action = std::get<ms::Action>(w.example.step);
    for (const auto& o : w.outcomes) {
      std::string why;
      EXPECT_TRUE(sm::literal_allows(rules, kind_of(w), w.example.state, action,
                                     o.legal ? o.next : std::optional<ms::State>{}, solver::Budget{}, &why))
          << o.reading << " " << why;
    }
    EXPECT_TRUE(has(sm::literal_step_kinds(), kind_of(w)));
  }
  EXPECT_GE(findings, 4);
}

// The brief's own check on the unit steps: the two declared points about them that were first noticed
// by hand, equipping a Civilian built in the same Muster (messina.equip-built-civilians) and where a
// Shield may be upgraded (messina.shield-upgrade-area), are re-found by the search, not made again:
// the witness's two outcomes are the oracle's under the point's two readings.
TEST(SolverLiteral, ReFindsTheDeclaredPointsOnEquippingBuiltCiviliansAndTheShieldUpgradeArea) {
  for (const std::string point :
       {"messina.equip-built-civilians", "messina.shield-upgrade-area", "messina.build-disband",
        "messina.over-limit-card", "messina.stacking-scope", "messina.hand-limit-discard", "messina.discard-emptying"}) {
    SCOPED_TRACE(point);
    const auto& found = discovered();
    const std::string id = point;  // a structured binding is not captured by clang 14's lambdas
    const auto it = std::find_if(found.begin(), found.end(), [&](const sm::MessinaWitness& w) { return w.refinds == id; });
    ASSERT_NE(it, found.end()) << "the literal search did not re-find " << point;
    EXPECT_FALSE(it->is_new);
    EXPECT_TRUE(it->found_by_search);
  }
  // Equipping a Civilian built in the same Muster: on the witness, the Muster builds a Civilian and
  // equips one where Red has none to start with, so at-start refuses it and built-too allows it.
  const auto& found = discovered();
  const auto it = std::find_if(found.begin(), found.end(),
                               [](const sm::MessinaWitness& w) { return w.refinds == "messina.equip-built-civilians"; });
  ASSERT_NE(it, found.end());
  EXPECT_EQ(kind_of(*it), "muster-build-and-equip");
  const auto& units = it->example.state.spaces.at("A").units;
  const auto red = units.find("Red");
  EXPECT_EQ(red == units.end() ? 0 : red->second[ms::Piece::civilian], 0);
  ASSERT_EQ(it->outcomes.size(), 2u);
  EXPECT_NE(it->outcomes[0].legal, it->outcomes[1].legal);
  const auto& refused = it->outcomes[0].legal ? it->outcomes[1] : it->outcomes[0];
  EXPECT_EQ(refused.rule, "messina.muster.equip");
}

// The population placements (literal_placement.cpp): each of the page's four declared points is
// re-found by the search from its own placement, and each witness shows the case the point is about,
// worked out from the rule text: Blue's Utility at A with Blue consenting to Red's Workers (own refuses
// the Worker, friendly allows it); Red with no Spare population and a Disaffected token (either-source
// allows the Civilian, spare-required refuses it); A already holding the map's stacking limit of units,
// so one Civilian more breaks it (applies refuses, muster-phase-only allows). The placements' Friendly
// Area is the literal one (literal_friendly.cpp): its two points are re-found from a placement too.
TEST(SolverLiteral, ReFindsThePopulationPlacementPoints) {
  const auto rules = messina_typed_rules();
  const std::vector<std::pair<std::string, std::string>> expected{
      {"messina.worker-utility", "place-worker-in-ally-utility"},
      {"messina.civilian-stacking", "place-civilian-before-orders"},
      {"messina.civilian-consent", "place-civilian-before-orders"},
      {"messina.home-defence-spare", "place-civilian-in-home-defence"},
      {"messina.home-space-anchor", ""},
      {"messina.friendly-area-extent", ""}};
  for (const auto& [point, kind] : expected) {
    SCOPED_TRACE(point);
    const auto& found = discovered();
    const std::string id = point;  // a structured binding is not captured by clang 14's lambdas
    const auto it = std::find_if(found.begin(), found.end(), [&](const sm::MessinaWitness& w) { return w.refinds == id; });
    ASSERT_NE(it, found.end()) << "the literal search did not re-find " << point;
    EXPECT_FALSE(it->is_new);
    EXPECT_TRUE(it->found_by_search);
    if (!kind.empty()) {
      EXPECT_EQ(kind_of(*it), kind);
    }
    EXPECT_EQ(kind_of(*it).rfind("place-", 0), 0u) << kind_of(*it);
    ASSERT_EQ(it->outcomes.size(), 2u);
    EXPECT_NE(it->outcomes[0].legal, it->outcomes[1].legal);  // each of the six parts allowed from refused
    const ms::State& s = it->example.state;
    if (point == "messina.worker-utility") {
      const auto& utilities = s.spaces.at("A").utilities;
      EXPECT_TRUE(std::any_of(utilities.begin(), utilities.end(), [](const ms::Utility& u) { return u.owner == "Blue"; }));
      const auto& blue = s.factions.at("Blue").consents;
      EXPECT_TRUE(blue.count("Red") && blue.at("Red").count(ms::Activity::workers));
    } else if (point == "messina.home-defence-spare") {
      EXPECT_EQ(s.factions.at("Red").population.spare, 0);
      EXPECT_GE(s.factions.at("Red").population.disaffected, 1);
    } else if (point == "messina.home-space-anchor" || point == "messina.friendly-area-extent") {
      // Both readings agree on a space Red has units at (friendly, so reached or a start). The anchor
      // parts on A as Red's Home Space with nothing friendly there; the extent on A outside Red's
      // homes, not friendly itself, next to the reach.
      const auto& homes = s.factions.at("Red").home;
      EXPECT_EQ(std::count(homes.begin(), homes.end(), "A") == 1, point == "messina.home-space-anchor");
      const auto& units = s.spaces.at("A").units;
      int red_at_a = 0;
      if (const auto red = units.find("Red"); red != units.end())
        for (int n : red->second.count) red_at_a += n;
      EXPECT_EQ(red_at_a, 0);
    } else if (point == "messina.civilian-stacking") {
      int at_a = 0;
      for (const auto& [owner, u] : s.spaces.at("A").units)
        for (int n : u.count) at_a += n;
      EXPECT_GE(at_a, rules.numbers.stacking_map);
    }
  }
}

// The Consumption steps, hiding a card, and a disband beside a build (lit3c): each declared point is
// re-found on a witness whose board holds what the point's question needs, worked out from the texts:
// - consumption-bill: only a faction holding a Disaffected token has a bill that depends on counting it;
// - step3-card-units: only a unit on a card Red holds can be out of step 3's reach;
// - action-moments: only at an Action's moment (Industry, the end of an Exploration) does the reading
//   matter, every other moment being named in or out by the texts;
// - disband-built-units: with no Civilian of Red's at A to start with, at-start refuses the disband of
//   the Civilian the Muster builds there and built-too allows it (build-disband held at move-or-convert,
//   the only reading under which a build stands beside a disband).
TEST(SolverLiteral, ReFindsTheConsumptionPointsHidingDuringAnActionAndDisbandingBuiltUnits) {
  const auto& found = discovered();
  auto refinding = [&](const std::string& point) {
    return std::find_if(found.begin(), found.end(), [&](const sm::MessinaWitness& w) { return w.refinds == point; });
  };
  for (const std::string point : {"messina.consumption-bill", "messina.step3-card-units", "messina.action-moments",
                                  "messina.disband-built-units"}) {
    SCOPED_TRACE(point);
    const auto it = refinding(point);
    ASSERT_NE(it, found.end()) << "the literal search did not re-find " << point;
    EXPECT_FALSE(it->is_new);
    EXPECT_TRUE(it->found_by_search);
    const ms::State& s = it->example.state;
    ASSERT_EQ(it->outcomes.size(), 2u);
    if (point == "messina.consumption-bill") {
      EXPECT_TRUE(std::holds_alternative<ms::Consume>(std::get<ms::Action>(it->example.step)));
      EXPECT_GE(s.factions.at("Red").population.disaffected, 1);
    } else if (point == "messina.step3-card-units") {
      bool unit_on_red_card = false;
      for (const auto& [id, card] : s.cards)
        unit_on_red_card = unit_on_red_card || (card.holder == "Red" && card.units.total() > 0);
      EXPECT_TRUE(unit_on_red_card);
      EXPECT_NE(it->outcomes[0].legal, it->outcomes[1].legal);
    } else if (point == "messina.action-moments") {
      EXPECT_EQ(kind_of(*it), "hide");
      EXPECT_TRUE(s.phase == ms::Phase::industry || s.phase == ms::Phase::exploration_end);
      EXPECT_NE(it->outcomes[0].legal, it->outcomes[1].legal);
    } else {
      EXPECT_EQ(kind_of(*it), "muster-build-and-disband");
      const auto& units = s.spaces.at("A").units;
      const auto red = units.find("Red");
      EXPECT_EQ(red == units.end() ? 0 : red->second[ms::Piece::civilian], 0);
      EXPECT_NE(it->outcomes[0].legal, it->outcomes[1].legal);
      const auto& refused = it->outcomes[0].legal ? it->outcomes[1] : it->outcomes[0];
      EXPECT_EQ(refused.rule, "messina.population.disband-on-shortfall");
    }
  }
}

// The unit and card steps' new findings, each where the words are silent: a Civilian onto a card (the
// card's capacity sentence counts Military Units), equipping outside the Friendly Area (the area
// sentence speaks of new units built), and emptying a face-down card for its discard (the discard
// sentence does not say the move is a transfer, made face-up). rules/messina/dismissed.json settles
// the first and the last, convention messina.convention.equip-anywhere decides the second; the
// oracle's outcome today is the refused one for the last, the allowed one for the others.
TEST(SolverLiteral, FindsTheUnitStepsSilences) {
  const auto rules = messina_typed_rules();
  for (const std::string kind : {"muster-build-civilian-onto-card", "muster-equip", "empty-and-discard"}) {
    SCOPED_TRACE(kind);
    const auto& found = discovered();
    const auto it = std::find_if(found.begin(), found.end(), [&](const sm::MessinaWitness& w) {
      return w.kind == "undecided" && w.is_new && kind_of(w) == kind;
    });
    ASSERT_NE(it, found.end());
    ASSERT_EQ(it->outcomes.size(), 2u);
    const auto& allowed = it->outcomes[0].legal ? it->outcomes[0] : it->outcomes[1];
    const auto& refused = it->outcomes[0].legal ? it->outcomes[1] : it->outcomes[0];
    ASSERT_TRUE(allowed.legal);
    ASSERT_FALSE(refused.legal);
    EXPECT_EQ(refused.rule, kind == "muster-equip"        ? "messina.muster.friendly-area"
                            : kind == "empty-and-discard" ? "messina.cards.transfer"
                                                          : "messina.cards.capacity");
    const auto& action = std::get<ms::Action>(it->example.step);
    if (kind == "empty-and-discard") {
      EXPECT_EQ(it->today, refused.reading);
      EXPECT_THROW(ms::apply(rules, it->example.state, action), RuleViolation);
      continue;
    }
    EXPECT_EQ(it->today, allowed.reading);
    // The allowed outcome is the oracle's, board for board.
    EXPECT_EQ(changeable(ms::apply(rules, it->example.state, action)), changeable(*allowed.next));
  }
}

// The literal relation is not a copy of the oracle: on a board where the oracle refuses an upgrade
// (A is outside Red's Friendly Area), the literal relation allows both outcomes.
TEST(SolverLiteral, ARefusedOutcomeAndAnAllowedOneBothReplayWhereTheWordsAreSilent) {
  const auto rules = messina_typed_rules();
  const auto& found = discovered();
  const auto it = std::find_if(found.begin(), found.end(), [](const sm::MessinaWitness& w) {
    return w.point.find("upgrade-in-area") != std::string::npos;
  });
  ASSERT_NE(it, found.end());
  const auto& action = std::get<ms::Action>(it->example.step);
  EXPECT_THROW(ms::apply(rules, it->example.state, action), RuleViolation);
  EXPECT_TRUE(sm::literal_allows(rules, kind_of(*it), it->example.state, action, std::nullopt, solver::Budget{}));
}

// The contradiction search: none on today's numbers; with the map's limit at 6 while the texts still
// state 5 (so a location's total of 5 + 2 = 7), a location filled to 6 and 2 holds 8: the Muster page's
// limits and the Location Card page's total cannot all hold, and no smaller set of clauses is named.
TEST(SolverLiteral, TheContradictionSearchFindsNoneTodayAndTheLocationTotalUnderAMapLimitOf6) {
  const auto rules = messina_typed_rules();
  const auto today = sm::contradictions(rules, rules.numbers, solver::Budget{});
  EXPECT_EQ(today.status, "none") << today.why;
  EXPECT_TRUE(today.found.empty());
  // one probe per step kind, the filled location, and one per query kind (literal_queries.cpp)
  EXPECT_EQ(today.probes,
            static_cast<int>(sm::literal_step_kinds().size()) + 1 + static_cast<int>(sm::literal_query_kinds().size()));

  auto edited = rules;
  edited.numbers.stacking_map = rules.numbers.stacking_map + 1;
  const auto six = sm::contradictions(edited, rules.numbers, solver::Budget{});
  ASSERT_EQ(six.status, "found") << six.why;
  ASSERT_EQ(six.found.size(), 1u);
  EXPECT_EQ(six.found[0].probe, "fill-location");
  EXPECT_EQ(six.found[0].clauses, (std::vector<std::string>{"messina.cards.capacity", "messina.cards.seven-per-location",
                                                            "messina.muster.stacking"}));
  // Edited texts that state the new total too (the stated ruleset edited alike): nothing contradicts.
  EXPECT_EQ(sm::contradictions(edited, edited.numbers, solver::Budget{}).status, "none");
}

TEST(SolverLiteral, AStarvedSearchIsUnknownNeverNone) {
  const auto records = sm::discover(messina_typed_rules(), solver::Budget{1});
  ASSERT_FALSE(records.empty());
  for (const auto& w : records) {
    EXPECT_EQ(w.kind, "unknown") << w.point;
    EXPECT_FALSE(w.note.empty());
  }
  const auto c = sm::contradictions(messina_typed_rules(), messina_typed_rules().numbers, solver::Budget{1});
  EXPECT_EQ(c.status, "unknown");
  EXPECT_NE(c.why.find("rlimit 1"), std::string::npos) << c.why;
}

}  // namespace
}  // namespace rulecheck::testing

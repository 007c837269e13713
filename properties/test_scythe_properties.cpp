// Properties of the Scythe movement oracle over generated cases (properties/generators/scythe.cpp),
// through the same JSON interface engines and scenarios use. Each property is a sentence of the
// rule text, its clause ids (rules/scythe/clauses.json) named above it:
//   - every generated state is valid, and canonical JSON is a fixed point;
//   - a legal move leaves a valid state;
//   - popularity stays within the ruleset's bounds, and drops only for workers forced out;
//   - no unit enters a home base: only a base's own workers, retreating, arrive there;
//   - a worker moving by itself never ends alone with an opponent's mech or character (and, under
//     the "presence" reading of scythe.worker-blocking, never enters, crosses or leaves a
//     territory holding them);
//   - retreating workers reach their own home base, and no worker is lost or made;
//   - an illegal answer names a clause of the index;
//   - the oracle is deterministic, and total under every reading of every interpretation point.
// The properties about moves are checked under every combination of readings
// (rules/scythe/interpretations.json), over any valid state (CaseOptions::any_state), as they hold
// for every state the validator accepts. Over the states play can reach (the generator's default,
// rules/scythe/invariants.json), under sampled rulesets and readings:
//   - every generated state keeps every invariant, and every legal move leads to a state that
//     keeps them too (so the list of invariants is closed under the oracle's moves);
//   - every ruleset key takes a value other than the default, every reading of every point is
//     drawn, paths of 2 and 3 steps occur (legal ones too), and a good share of moves is legal.
// Reachability tests (every action and query type, every clause the oracle's require() calls cite,
// is generated) are test_scythe_coverage.cpp.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"
#include "properties/next_state_text.hpp"
#include "properties/scythe_props.hpp"

namespace rulecheck::properties {
namespace {

using namespace scythe_props;

// ---- Reading states ----

int count(const json& state, const std::string& territory, const std::string& faction, const std::string& unit) {
  const json& t = state.at("territories").at(territory);
  const auto units = t.find("units");
  if (units == t.end()) return 0;
  const auto of = units->find(faction);
  return of == units->end() ? 0 : of->value(unit, 0);
}

int combat_units(const json& state, const std::string& territory, const std::string& faction) {
  return count(state, territory, faction, "character") + count(state, territory, faction, "mech");
}

bool opponent_combat_units(const json& state, const std::string& territory, const std::string& mover) {
  for (const auto& [faction, f] : state.at("factions").items())
    if (faction != mover && combat_units(state, territory, faction) > 0) return true;
  return false;
}

std::vector<std::string> factions_of(const json& state) {
  std::vector<std::string> out;
  for (const auto& [faction, f] : state.at("factions").items()) out.push_back(faction);
  return out;
}

std::string home_base(const json& state, const std::string& faction) {
  return state.at("factions").at(faction).at("home_base").get<std::string>();
}

int popularity(const json& state, const std::string& faction) {
  return state.at("factions").at(faction).value("popularity", 0);
}

// The outcome of a generated move under each combination of readings, the legal ones only.
struct LegalOutcome {
  const Binding* binding;
  json before, after;  // canonical states
};

std::vector<LegalOutcome> legal_outcomes(const GeneratedCase& c) {
  std::vector<LegalOutcome> out;
  const json before = scythe().canonical_state(c.state);
  for (const Binding& b : every_reading()) {
    const ApplyOutcome o = b.rules->apply(c.state, c.request);
    if (o.legal) out.push_back({&b, before, *o.state});
  }
  return out;
}

// Forced-out workers of each faction: what its home base gained (no other way in; see the
// home-base property).
int retreated(const LegalOutcome& o, const std::string& faction) {
  const std::string home = home_base(o.before, faction);
  return count(o.after, home, faction, "worker") - count(o.before, home, faction, "worker");
}

// ---- Properties ----

// No clause: the JSON edge. A legal move's next state, written as text straight from the oracle's
// state (serve's answer, the harness's next request), is exactly the text of its JSON value dumped,
// under every combination of readings; and asking for both forms gives the same two.
RC_GTEST_PROP(ScytheGenerated, TheNextStatesTextIsItsJsonDumped, ()) {
  const GeneratedCase c = *rc::gen::oneOf(cases(), reachable_cases());
  RC_PRE(!c.is_query);
  for (const Binding& b : every_reading()) {
    check_next_state_text(*b.rules, c.state, c.request);
  }
}

// No clause: the validator's checks (docs/formats.md, "Scythe state") and the JSON edge. Every
// generated state is valid, its action or query reads, and canonical JSON is a fixed point.
RC_GTEST_PROP(ScytheGenerated, EveryStateIsValidAndCanonicalJsonIsAFixedPoint, ()) {
  const GeneratedCase c = *cases();
  RC_ASSERT(c.game == "scythe");
  RC_ASSERT(c.request.at("type").get<std::string>() == c.kind);
  const json canonical = scythe().canonical_state(c.state);
  RC_ASSERT(scythe().canonical_state(canonical) == canonical);
  if (c.is_query) {
    scythe().query(c.state, c.request);
  } else {
    const ApplyOutcome o = scythe().apply(c.state, c.request);
    RC_CLASSIFY(o.legal, "legal move");
    RC_CLASSIFY(!o.legal, "illegal move");
  }
}

// scythe.move.combat-temporary-control and scythe.move.combat-pending (who keeps control of a
// shared territory, "held_by", while their combat waits), and
// every scythe.move.* clause that changes the board: a legal move's outcome, under every reading,
// is itself a valid state, in canonical form.
RC_GTEST_PROP(ScytheMove, ALegalMoveLeavesAValidState, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  for (const LegalOutcome& o : legal_outcomes(c)) RC_ASSERT(scythe().canonical_state(o.after) == o.after);
}

// scythe.move.popularity-loss, scythe.move.popularity-floor (ruleset popularity_min,
// popularity_max, popularity_loss_per_worker): after every legal move each faction's popularity
// is within the bounds; only the mover's changes, by the loss per worker it forced out, never
// below the minimum.
RC_GTEST_PROP(ScytheMove, PopularityStaysWithinItsBounds, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  const int low = ruleset().at("popularity_min").get<int>(), high = ruleset().at("popularity_max").get<int>();
  const int loss = ruleset().at("popularity_loss_per_worker").get<int>();
  const std::string mover = c.request.at("faction").get<std::string>();
  for (const LegalOutcome& o : legal_outcomes(c)) {
    int forced_out = 0;
    for (const std::string& f : factions_of(o.before))
      if (f != mover) forced_out += retreated(o, f);
    for (const std::string& f : factions_of(o.before)) {
      const int after = popularity(o.after, f), before = popularity(o.before, f);
      RC_ASSERT(after >= low);
      RC_ASSERT(after <= high);
      RC_ASSERT(after == (f == mover ? std::max(low, before - loss * forced_out) : before));
    }
  }
}

// scythe.move.home-base (scythe.move.workers-retreat brings the only arrivals): after a legal move,
// every faction's units in each home base are at most those before, except the base's own
// faction's workers, which only forced-out workers add to.
RC_GTEST_PROP(ScytheMove, NoUnitEverEntersAHomeBase, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  const std::string mover = c.request.at("faction").get<std::string>();
  for (const LegalOutcome& o : legal_outcomes(c)) {
    for (const std::string& owner : factions_of(o.before)) {
      const std::string home = home_base(o.before, owner);
      for (const std::string& f : factions_of(o.before))
        for (const char* unit : {"character", "mech", "worker"}) {
          const int before = count(o.before, home, f, unit), after = count(o.after, home, f, unit);
          const bool retreat_target = f == owner && f != mover && std::string(unit) == "worker";
          RC_ASSERT((retreat_target ? after >= before : after <= before));
        }
    }
  }
}

// scythe.move.worker-blocked-by-combat-units, interpretation scythe.worker-blocking: a worker that
// moved by itself in a legal move never ends alone (without its faction's character or mech) with
// an opponent's mech or character in the territory it moved into. Under the "presence" reading,
// more: it never left, crossed or entered a territory holding an opponent's character or mech.
// Under "control" (the default), a territory the mover itself held ("held_by") before the action
// does not block its workers, though an opponent's character or mech stands there: there the
// worker may end alone with them (a finding, recorded by that interpretation point).
RC_GTEST_PROP(ScytheMove, AWorkerNeverEndsAloneWithOpponentCombatUnits, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  const std::string mover = c.request.at("faction").get<std::string>();
  for (const LegalOutcome& o : legal_outcomes(c)) {
    const bool by_presence = o.binding->readings.value("scythe.worker-blocking", "presence") == "presence";
    for (const json& m : c.request.at("moves")) {
      if (m.at("unit") != "worker") continue;
      const std::string end = m.at("path").back().get<std::string>();
      const json& before = o.before.at("territories").at(end);
      const bool mover_held = before.value("held_by", "") == mover;
      if (by_presence || !mover_held)
        RC_ASSERT(!(combat_units(o.after, end, mover) == 0 && opponent_combat_units(o.after, end, mover)));
      if (!by_presence) continue;
      RC_ASSERT(!opponent_combat_units(o.before, m.at("from").get<std::string>(), mover));
      for (const json& step : m.at("path")) RC_ASSERT(!opponent_combat_units(o.before, step.get<std::string>(), mover));
    }
  }
}

// The case behind the "control" exception above: red holds T1, where its worker stands with
// blue's mech; red's other worker joins them by itself. Legal under "control" (red controls T1),
// illegal under "presence".
TEST(ScytheWorkerBlocking, UnderControlAWorkerMayJoinAnOpponentsMechOnATerritoryItsFactionHolds) {
  const json state = json::parse(R"({
    "factions": {"red": {"home_base": "HB-red"}, "blue": {"home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["T1"], "home_base": "red"},
      "HB-blue": {"adjacent": ["T2"], "home_base": "blue"},
      "T1": {"adjacent": ["HB-red", "T2"], "units": {"red": {"worker": 1}, "blue": {"mech": 1}}, "held_by": "red"},
      "T2": {"adjacent": ["HB-blue", "T1"], "units": {"red": {"worker": 1}}}
    }})");
  const json action = {
      {"type", "move"}, {"faction", "red"}, {"moves", {{{"unit", "worker"}, {"from", "T2"}, {"path", {"T1"}}}}}};
  const auto under = [&](const char* reading) {
    return find_game("scythe")
        ->bind(ruleset(), scythe_rules().readings({{"scythe.worker-blocking", reading}}))
        ->apply(state, action);
  };
  const ApplyOutcome control = under("control"), presence = under("presence");
  ASSERT_TRUE(control.legal) << control.reason;
  EXPECT_EQ(count(*control.state, "T1", "red", "worker"), 2);
  EXPECT_EQ(count(*control.state, "T1", "blue", "mech"), 1);
  EXPECT_FALSE(presence.legal);
  EXPECT_EQ(presence.rule, "scythe.move.worker-blocked-by-combat-units");
}

// scythe.move.workers-retreat, scythe.move.workers-stop: after a legal move each faction's worker
// total is unchanged; the mover's workers leave only territories its moves start from; an
// opponent's workers leave only to their own home base, which gains exactly the workers they
// lost elsewhere.
RC_GTEST_PROP(ScytheMove, RetreatingWorkersReachTheirOwnHomeBase, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  const std::string mover = c.request.at("faction").get<std::string>();
  std::set<std::string> starts;
  for (const json& m : c.request.at("moves")) starts.insert(m.at("from").get<std::string>());
  for (const LegalOutcome& o : legal_outcomes(c)) {
    for (const std::string& f : factions_of(o.before)) {
      const std::string home = home_base(o.before, f);
      int total_before = 0, total_after = 0, lost_elsewhere = 0;
      for (const auto& [t, territory] : o.before.at("territories").items()) {
        const int before = count(o.before, t, f, "worker"), after = count(o.after, t, f, "worker");
        total_before += before;
        total_after += after;
        if (f == mover) {
          if (!starts.count(t)) RC_ASSERT(after >= before);
        } else if (t != home) {
          RC_ASSERT(after <= before);
          lost_elsewhere += before - after;
        }
      }
      RC_ASSERT(total_after == total_before);
      if (f != mover)
        RC_ASSERT(count(o.after, home, f, "worker") - count(o.before, home, f, "worker") == lost_elsewhere);
    }
  }
}

// Every clause of rules/scythe/clauses.json may be the answer; none outside it: an illegal answer
// names a clause id of the index, with a reason.
RC_GTEST_PROP(ScytheMove, AnIllegalAnswerNamesAClauseOfTheIndex, ()) {
  const GeneratedCase c = *cases();
  RC_PRE(!c.is_query);
  for (const Binding& b : every_reading()) {
    const ApplyOutcome o = b.rules->apply(c.state, c.request);
    if (o.legal) continue;
    RC_ASSERT(scythe_rules().has_clause(o.rule));
    RC_ASSERT(!o.reason.empty());
  }
}

// Interpretation points scythe.vacated-workers and scythe.stop-path (every reading), and
// scythe.move.* throughout: the same case gives the same answer twice, and no reading throws
// anything but answers legal, illegal with a clause, or a query's result.
RC_GTEST_PROP(ScytheOracle, IsDeterministicAndTotalUnderEveryReading, ()) {
  const GeneratedCase c = *cases();
  for (const Binding& b : every_reading()) {
    try {
      if (c.is_query) {
        const json first = b.rules->query(c.state, c.request);
        RC_ASSERT(b.rules->query(c.state, c.request) == first);
        if (c.kind == "controller")
          RC_ASSERT((first.is_null() || c.state.at("factions").contains(first.get<std::string>())));
        else
          RC_ASSERT(first.is_boolean());
      } else {
        const ApplyOutcome first = b.rules->apply(c.state, c.request), second = b.rules->apply(c.state, c.request);
        RC_ASSERT(first.legal == second.legal);
        RC_ASSERT(first.rule == second.rule);
        RC_ASSERT(first.reason == second.reason);
        if (first.legal) RC_ASSERT(*first.state == *second.state);
      }
    } catch (const std::exception& e) {
      RC_FAIL(std::string("under readings ") + b.readings.dump() + " the oracle threw: " + e.what());
    }
  }
}

// ---- States play can reach ----

// rules/scythe/invariants.json (each invariant's clauses there): a generated state keeps every
// invariant, and a legal move from it, under the case's sampled ruleset and drawn readings, leads
// to a state that keeps them all.
RC_GTEST_PROP(ScytheReachable, ALegalMoveFromAReachableStateLeadsToAReachableState, ()) {
  const GeneratedCase c = *reachable_cases();
  const BoundRules& rules = bound_for(c);
  const auto before = rules.reachability_breaks(c.state);
  RC_ASSERT(before.empty());
  RC_PRE(!c.is_query);
  const ApplyOutcome o = rules.apply(c.state, c.request);
  RC_CLASSIFY(o.legal, "legal move");
  if (!o.legal) return;
  const auto after = rules.reachability_breaks(*o.state);
  if (!after.empty()) RC_FAIL("the move leads to a state play cannot reach:" + breaks_text(after));
}

// rules/scythe/move_start.json: a generated Move starts from a board its mover may move from, no
// combat or encounter of another faction still waiting (the generator fights a board's combats and
// resolves its encounters before a Move: properties/generators/scythe.cpp).
RC_GTEST_PROP(ScytheReachable, AGeneratedMoveStartsFromABoardItsMoverMayMoveFrom, ()) {
  const GeneratedCase c = *reachable_cases();
  RC_PRE(!c.is_query);
  const auto breaks = bound_for(c).step_start_breaks(c.state, c.request);
  if (!breaks.empty()) RC_FAIL("the generated Move starts from a board its mover may not move from:" + breaks_text(breaks));
}

// The same over 5,000 cases from a fixed seed, each move under its case's ruleset and under every
// combination of readings, not only the one drawn.
TEST(ScytheReachable, EveryLegalMoveUnderEveryReadingKeepsEveryInvariant) {
  rc::Random random(20240611);
  int legal = 0, checked = 0;
  for (int i = 0; i < 5000; ++i) {
    const GeneratedCase c = reachable_cases()(random.split(), i % (rc::kNominalSize + 1)).value();
    const auto before = bound_for(c).reachability_breaks(c.state);
    ASSERT_TRUE(before.empty()) << "generated case " << i << " starts from a state play cannot reach:"
                                << breaks_text(before) << "\nstate: " << c.state.dump();
    if (c.is_query) continue;
    ++checked;
    const json merged = scythe_rules().merged_ruleset(c.ruleset);
    for (const Binding& b : every_reading()) {
      std::unique_ptr<BoundRules> own;  // the case's ruleset, when it is not the default
      if (!c.ruleset.empty()) own = find_game("scythe")->bind(merged, b.readings);
      const BoundRules& rules = own ? *own : *b.rules;
      const ApplyOutcome o = rules.apply(c.state, c.request);
      if (!o.legal) continue;
      ++legal;
      const auto after = rules.reachability_breaks(*o.state);
      ASSERT_TRUE(after.empty()) << "under readings " << b.readings.dump() << " and ruleset " << c.ruleset.dump()
                                 << ", the move " << c.request.dump() << " from " << c.state.dump()
                                 << " leads to a state play cannot reach:" << breaks_text(after);
    }
  }
  std::cout << "  " << checked << " moves, " << legal << " legal outcomes over every reading, all reachable\n";
  EXPECT_GT(legal, checked);  // the check is not vacuous
}

// The default generator draws only reachable states; any_state draws the wider ones too (each
// invariant broken somewhere), so that the two options differ as documented.
TEST(ScytheReachable, TheDefaultGeneratorKeepsEveryInvariantAndAnyStateDoesNot) {
  generators::CaseOptions any;
  any.any_state = true;
  const auto reachable = generators::scythe_cases(ruleset()), wide = generators::scythe_cases(ruleset(), any);
  rc::Random random(20240612);
  int broken_reachable = 0, broken_wide = 0;
  std::map<std::string, int> per_invariant;
  for (int i = 0; i < 10000; ++i) {
    const int size = i % (rc::kNominalSize + 1);
    rc::Random r = random.split();
    const GeneratedCase a = reachable(r, size).value(), b = wide(r, size).value();
    broken_reachable += scythe().reachability_breaks(a.state).empty() ? 0 : 1;
    const auto breaks = scythe().reachability_breaks(b.state);
    broken_wide += breaks.empty() ? 0 : 1;
    std::set<std::string> ids;
    for (const auto& x : breaks) ids.insert(x.invariant);
    for (const auto& id : ids) ++per_invariant[id];
    for (const GeneratedCase* c : {&a, &b})
      for (const auto& [id, t] : c->state.at("territories").items()) ASSERT_NE(t.value("terrain", ""), "lake") << id;
  }
  std::cout << "  of 10,000 states, " << broken_reachable << " by default and " << broken_wide
            << " with any_state break an invariant\n";
  for (const auto& [id, n] : per_invariant) std::cout << "    " << id << ": " << n << "\n";
  EXPECT_EQ(broken_reachable, 0);
  EXPECT_GT(broken_wide, 0);
}

}  // namespace
}  // namespace rulecheck::properties

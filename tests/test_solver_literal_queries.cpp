// The literal encoding's query kinds (solver/messina/literal_queries.cpp): the hostility query re-finds
// messina.hostile-workers and messina.card-hostility, the tie-break query messina.tie-break-ally, each on
// a board play can reach where the oracle answers differently under the point's two readings (worked out
// below from the rule texts), each finding's answers replay on the literal relation, each query kind
// ends none once its points are held, its contradiction probe finds none, and a starved search says
// unknown.
#include <algorithm>
#include <optional>
#include <string>
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
using R = ms::Readings;

const std::vector<sm::MessinaWitness>& discovered() {
  static const std::vector<sm::MessinaWitness> found = sm::discover_queries(messina_typed_rules(), solver::Budget{});
  return found;
}

std::string kind_of(const sm::MessinaWitness& w) { return w.signature.substr(0, w.signature.find('|')); }

const sm::MessinaWitness* refinding(const std::string& point) {
  const auto& found = discovered();
  const auto it =
      std::find_if(found.begin(), found.end(), [&](const sm::MessinaWitness& w) { return w.refinds == point; });
  return it == found.end() ? nullptr : &*it;
}

ms::QueryAnswer oracle_answer(const ms::Rules& rules, const sm::MessinaWitness& w) {
  return ms::answer(rules, w.example.state, std::get<ms::Query>(w.example.step));
}

bool gives_military_consent(const ms::State& s, const ms::FactionId& giver, const ms::FactionId& to) {
  const auto& c = s.factions.at(giver).consents;
  const auto it = c.find(to);
  return it != c.end() && it->second.count(ms::Activity::military) > 0;
}

int map_units(const ms::Space& sp, const ms::FactionId& owner) {
  const auto it = sp.units.find(owner);
  return it == sp.units.end() ? 0 : it->second.total();
}

int workers_of(const ms::Space& sp, const ms::FactionId& f) {
  int n = 0;
  for (const auto& u : sp.utilities) {
    if (u.owner == f) n += u.workers;
    if (const auto g = u.guests.find(f); g != u.guests.end()) n += g->second;
  }
  return n;
}

// Every finding: a board play can reach (the invariants of rules/messina/invariants.json), two different
// answers, and each answer one the literal relation allows on that board.
void expect_sound(const sm::MessinaWitness& w) {
  const auto rules = messina_typed_rules();
  EXPECT_NO_THROW(ms::validate(rules.numbers, w.example.state));
  EXPECT_TRUE(ms::reachability_breaks(rules, w.example.state).empty());
  ASSERT_EQ(w.outcomes.size(), 2u);
  ASSERT_TRUE(w.outcomes[0].answer && w.outcomes[1].answer);
  EXPECT_NE(*w.outcomes[0].answer, *w.outcomes[1].answer);
  for (const auto& o : w.outcomes) {
    std::string why;
    EXPECT_TRUE(sm::literal_query_allows(kind_of(w), w.example.state, *o.answer, solver::Budget{}, &why)) << why;
  }
  EXPECT_TRUE(w.found_by_search);
  EXPECT_FALSE(w.is_new);
}

// The two answers the witness shows are the two the oracle gives under the point's readings.
void expect_answers(const sm::MessinaWitness& w, const ms::QueryAnswer& a, const ms::QueryAnswer& b) {
  EXPECT_TRUE((*w.outcomes[0].answer == a && *w.outcomes[1].answer == b) ||
              (*w.outcomes[0].answer == b && *w.outcomes[1].answer == a));
}

// messina.hostile-workers. The population page makes a space hostile for military purposes when
// unfriendly Units are in it or an opposing faction holds its card, and says empty Utilities and Shields
// do not suffice; it is silent on a Utility with Workers in it. On the witness Blue gives Red no military
// consent (so Blue is opposing for this activity), has Workers at A and no Units on A's map space, and
// holds no face-up card at A: nothing else makes A hostile. Workers counted as Units: hostile (true);
// only military units counting: not hostile (false).
TEST(SolverLiteralQueries, ReFindsHostileWorkersOnAnOccupiedUtility) {
  const sm::MessinaWitness* w = refinding("messina.hostile-workers");
  ASSERT_NE(w, nullptr) << "the query search did not re-find messina.hostile-workers";
  EXPECT_EQ(kind_of(*w), "hostile");
  expect_sound(*w);
  const ms::State& s = w->example.state;
  const ms::Space& a = s.spaces.at("A");
  EXPECT_FALSE(gives_military_consent(s, "Blue", "Red"));
  EXPECT_GE(workers_of(a, "Blue"), 1);
  EXPECT_EQ(map_units(a, "Blue"), 0);
  const auto card = s.cards.find("A");
  EXPECT_TRUE(card == s.cards.end() || card->second.holder != "Blue" || !card->second.exposed);

  auto rules = messina_typed_rules();
  rules.readings.hostile_workers = R::HostileWorkers::units_include_workers;
  const ms::QueryAnswer counted = oracle_answer(rules, *w);
  rules.readings.hostile_workers = R::HostileWorkers::military_units_only;
  const ms::QueryAnswer not_counted = oracle_answer(rules, *w);
  EXPECT_EQ(counted, ms::QueryAnswer{true});
  EXPECT_EQ(not_counted, ms::QueryAnswer{false});
  expect_answers(*w, counted, not_counted);
}

// messina.card-hostility. The population page names a card held by an opposing faction as making its
// space hostile, with no word on its facing; the Location Card page lists hostility among the advantages
// that start once a card is face-up. On the witness Blue (no military consent to Red) holds A's card
// face-down and has neither Units nor Workers at A. Held is enough: hostile (true); face-up only: not
// hostile (false).
TEST(SolverLiteralQueries, ReFindsCardHostilityOnAFaceDownCard) {
  const sm::MessinaWitness* w = refinding("messina.card-hostility");
  ASSERT_NE(w, nullptr) << "the query search did not re-find messina.card-hostility";
  EXPECT_EQ(kind_of(*w), "hostile");
  expect_sound(*w);
  const ms::State& s = w->example.state;
  const ms::Space& a = s.spaces.at("A");
  EXPECT_FALSE(gives_military_consent(s, "Blue", "Red"));
  ASSERT_TRUE(s.cards.count("A"));
  EXPECT_EQ(s.cards.at("A").holder, "Blue");
  EXPECT_FALSE(s.cards.at("A").exposed);
  EXPECT_EQ(map_units(a, "Blue"), 0);
  EXPECT_EQ(workers_of(a, "Blue"), 0);

  auto rules = messina_typed_rules();
  rules.readings.card_hostility = R::CardHostility::held;
  const ms::QueryAnswer held = oracle_answer(rules, *w);
  rules.readings.card_hostility = R::CardHostility::exposed_only;
  const ms::QueryAnswer exposed_only = oracle_answer(rules, *w);
  EXPECT_EQ(held, ms::QueryAnswer{true});
  EXPECT_EQ(exposed_only, ms::QueryAnswer{false});
  expect_answers(*w, held, exposed_only);
}

// messina.tie-break-ally. The Location Card page gives a tie to the card (for the side holding it) and
// says nothing of a holder that is no side. On the witness Red and Blue tie at A, A's card is held by
// Green, and Green gives military consent to exactly one of Red and Blue. Holder-only: no side holds the
// card, so nobody; military-ally: the one side Green consents to.
TEST(SolverLiteralQueries, ReFindsTieBreakAllyOnACardHeldByAThirdFaction) {
  const sm::MessinaWitness* w = refinding("messina.tie-break-ally");
  ASSERT_NE(w, nullptr) << "the query search did not re-find messina.tie-break-ally";
  EXPECT_EQ(kind_of(*w), "tie-break");
  expect_sound(*w);
  const ms::State& s = w->example.state;
  ASSERT_TRUE(s.cards.count("A"));
  EXPECT_EQ(s.cards.at("A").holder, "Green");
  const bool to_red = gives_military_consent(s, "Green", "Red");
  const bool to_blue = gives_military_consent(s, "Green", "Blue");
  ASSERT_NE(to_red, to_blue) << "Green consents military to exactly one side";
  const ms::FactionId ally = to_red ? "Red" : "Blue";

  auto rules = messina_typed_rules();
  rules.readings.tie_break_ally = R::TieBreakAlly::holder_only;
  const ms::QueryAnswer holder_only = oracle_answer(rules, *w);
  rules.readings.tie_break_ally = R::TieBreakAlly::military_ally;
  const ms::QueryAnswer military_ally = oracle_answer(rules, *w);
  EXPECT_EQ(holder_only, ms::QueryAnswer{std::optional<ms::FactionId>{}});
  EXPECT_EQ(military_ally, ms::QueryAnswer{std::optional<ms::FactionId>{ally}});
  expect_answers(*w, holder_only, military_ally);
}

// With its points held at their defaults, each query kind has no board with two answers: it ends none,
// and nothing new is found (the tally's exactness rests on it).
TEST(SolverLiteralQueries, EachQueryKindEndsNoneOnceItsPointsAreHeld) {
  const auto& found = discovered();
  for (const auto& kind : sm::literal_query_kinds()) {
    SCOPED_TRACE(kind);
    const auto it = std::find_if(found.begin(), found.end(),
                                 [&](const sm::MessinaWitness& w) { return w.point == "messina.literal." + kind; });
    ASSERT_NE(it, found.end());
    EXPECT_EQ(it->kind, "none") << it->note;
    EXPECT_FALSE(it->scope.empty());
  }
  for (const auto& w : found)
    if (w.kind == "undecided") {
      EXPECT_FALSE(w.refinds.empty()) << w.signature;  // every finding a declared point
    }
  EXPECT_EQ(found.size(), 3u + sm::literal_query_kinds().size());
}

// The query kinds' contradiction probes: on today's texts each query's constraints hold together on some
// board (one probe per kind among the search's probes, none found).
TEST(SolverLiteralQueries, TheQueryProbesFindNoContradiction) {
  const auto rules = messina_typed_rules();
  sm::ContradictionSearch c;
  sm::query_contradictions(rules, solver::Budget{}, c);
  EXPECT_EQ(c.probes, static_cast<int>(sm::literal_query_kinds().size()));
  EXPECT_TRUE(c.found.empty());
  EXPECT_TRUE(c.why.empty()) << c.why;
}

TEST(SolverLiteralQueries, AStarvedQuerySearchIsUnknownNeverNone) {
  const auto records = sm::discover_queries(messina_typed_rules(), solver::Budget{1});
  ASSERT_EQ(records.size(), sm::literal_query_kinds().size());
  for (const auto& w : records) {
    EXPECT_EQ(w.kind, "unknown") << w.point;
    EXPECT_FALSE(w.note.empty());
  }
  sm::ContradictionSearch c;
  sm::query_contradictions(messina_typed_rules(), solver::Budget{1}, c);
  EXPECT_FALSE(c.why.empty());
}

}  // namespace
}  // namespace rulecheck::testing

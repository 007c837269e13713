// Scythe's discovery search (solver/scythe/literal.hpp): it re-finds each declared point of
// rules/scythe/interpretations.json on a board play can reach, whose two outcomes the oracle gives
// under the point's readings (switched here apart from the solver); each new finding (a silence of the
// words the relation frees) is checked on the oracle; the declared points' records say found_by_search;
// a starved search says unknown, never none.
#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "oracle/scythe/oracle.hpp"
#include "tests/scythe_readings.hpp"
#include "solver/scythe/literal.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {
namespace {

using json = nlohmann::json;

// The base game's numbers (rules/scythe/ruleset.json): range 1 for every unit, units_per_move 2.
sy::Rules base_rules() {
  sy::Rules r;
  r.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return r;
}

const std::vector<ScytheWitness>& discovered() {
  static const std::vector<ScytheWitness> found = discover(base_rules(), Budget{});
  return found;
}

json declared_points() {
  std::ifstream in(std::string(RULECHECK_SOURCE_DIR) + "/rules/scythe/interpretations.json");
  return json::parse(in)["points"];
}


bool legal_in_oracle(const sy::Rules& rules, const sy::State& s, const sy::Move& m) {
  try {
    sy::move(rules, s, m);
    return true;
  } catch (const RuleViolation&) {
    return false;
  }
}

// scythe.worker-blocking's readings part only where a faction moves while it holds a territory an
// opponent's character or mech came into, a combat waiting there: in play that combat is fought
// before the holder's turn (rules/scythe/move_start.json), so no board a Move starts from raises it.
const char* const kPlayCannotRaise = "scythe.worker-blocking";

TEST(SolverScytheLiteral, ReFindsEachDeclaredPointOnABoardPlayCanReach) {
  const auto& found = discovered();
  for (const auto& p : declared_points()) {
    const std::string id = p["id"];
    const auto it =
        std::find_if(found.begin(), found.end(), [&](const ScytheWitness& w) { return w.refinds == id; });
    if (id == kPlayCannotRaise) {
      EXPECT_EQ(it, found.end()) << id << " re-found on a board a Move starts from";
      continue;
    }
    ASSERT_NE(it, found.end()) << "the literal search did not re-find " << id;
    const ScytheWitness& w = *it;
    EXPECT_TRUE(w.found_by_search) << id;
    EXPECT_FALSE(w.is_new) << id;
    EXPECT_EQ(w.kind, "undecided") << id;
    EXPECT_FALSE(w.signature.empty()) << id;
    EXPECT_TRUE(sy::reachability_breaks(w.example.state).empty()) << id << ": the board is not one play can reach";
    EXPECT_TRUE(sy::move_start_breaks(w.example.state, w.example.step.faction).empty())
        << id << ": another faction's combat or encounter waits as the Move starts";
    // The finding's two outcomes are the point's two readings, and the oracle gives them on its board.
    ASSERT_EQ(w.outcomes.size(), 2u) << id;
    std::vector<std::string> names;
    for (const auto& [name, words] : p["readings"].items()) names.push_back(name);
    for (const auto& o : w.outcomes) {
      ASSERT_NE(std::find(names.begin(), names.end(), o.reading), names.end()) << id << ": reading " << o.reading;
      sy::Rules r = base_rules();
      if (!w.ruleset_override.empty()) {
        const json over = json::parse(w.ruleset_override);
        for (sy::Unit u : sy::kUnits)
          r.numbers.move_range[u] = over["move_range"].value(std::string(sy::unit_name(u)), 1);
      }
      r.readings = rulecheck::testing::scythe_readings_for(id, o.reading);
      EXPECT_EQ(legal_in_oracle(r, w.example.state, w.example.step), o.legal) << id << " under " << o.reading;
    }
    EXPECT_NE(w.outcomes[0].reading, w.outcomes[1].reading) << id;
  }
}

// The step kinds where each point's question can arise at all, worked out from the moves: only a mech
// vacates a territory before a worker enters it; only a range of 2 gives a path past a stop; only the
// ride-then-walk kind carries a worker; only three workers exceed units_per_move 2 (a rider is not
// counted); a worker must move by itself for the blocking sentences to reach it, and their readings
// part only on a board no Move starts from.
TEST(SolverScytheLiteral, EachPointIsReFoundOnlyWhereItsQuestionArises) {
  const std::map<std::string, std::set<std::string>> where = {
      {"scythe.vacated-workers", {"mech-then-worker"}},
      {"scythe.stop-path", {"character-two-steps", "mech-two-steps"}},
      {"scythe.carried-workers", {"ride-then-walk"}},
      {"scythe.units-per-move", {"three-workers"}},
      {"scythe.worker-blocking", {}},  // on no kind: play cannot raise it (kPlayCannotRaise)
  };
  for (const auto& w : discovered()) {
    if (w.refinds.empty()) continue;
    const std::string kind = w.signature.substr(0, w.signature.find('|'));
    RecordProperty(w.refinds + "." + kind, w.signature);
    ASSERT_TRUE(where.count(w.refinds)) << w.refinds;
    EXPECT_TRUE(where.at(w.refinds).count(kind)) << w.refinds << " re-found on " << kind;
  }
}

// The units on a territory, zero counts left out (the oracle and the solver's boards both omit them).
std::map<std::string, std::array<int, 3>> units_on(const sy::State& s, const std::string& t) {
  std::map<std::string, std::array<int, 3>> out;
  for (const auto& [f, u] : s.territories.at(t).units)
    if (u.total() > 0) out[f] = u.count;
  return out;
}

bool same_units(const sy::State& a, const sy::State& b) {
  for (const auto& [id, t] : a.territories)
    if (units_on(a, id) != units_on(b, id)) return false;
  for (const auto& [id, f] : a.factions)
    if (f.popularity != b.factions.at(id).popularity) return false;
  return true;
}

sy::Rules rules_of(const ScytheWitness& w) {
  sy::Rules r = base_rules();
  if (!w.ruleset_override.empty()) {
    const json over = json::parse(w.ruleset_override);
    for (sy::Unit u : sy::kUnits) r.numbers.move_range[u] = over["move_range"].value(std::string(sy::unit_name(u)), 1);
  }
  for (const auto& [point, reading] : w.other_readings) {
    const sy::Readings one = rulecheck::testing::scythe_readings_for(point, reading);
    if (point == "scythe.stop-path") r.readings.stop_path = one.stop_path;
    if (point == "scythe.carried-workers") r.readings.carried_workers = one.carried_workers;
    if (point == "scythe.vacated-workers") r.readings.vacated_workers = one.vacated_workers;
    if (point == "scythe.units-per-move") r.readings.units_per_move = one.units_per_move;
    if (point == "scythe.worker-blocking") r.readings.worker_blocking = one.worker_blocking;
  }
  return r;
}

std::vector<const ScytheWitness*> new_findings() {
  std::vector<const ScytheWitness*> out;
  for (const auto& w : discovered())
    if (w.is_new && w.kind == "undecided") out.push_back(&w);
  return out;
}

const ScytheWitness& finding(const std::string& point) {
  for (const auto* w : new_findings())
    if (w->point == point) return *w;
  ADD_FAILURE() << "no new finding " << point;
  static const ScytheWitness none;
  return none;
}

// The silences the relation frees (literal_relation.hpp) and where each can part two copies, worked
// out from the moves: a retreat needs a character or mech entering land blue's workers hold alone,
// which every kind moving one can meet (the character's two steps only when the path may stop at
// the encounter token of T2: stop-path read as truncate); a unit moving again needs a unit that comes
// back to where it started (the mech there and back; the worker carried and walking back when the
// carrying counts as its move). No kind where only workers walk meets either. The mech there and
// back meets the retreat on no board its Move can start from (rules/scythe/move_start.json): its
// search ends none.
TEST(SolverScytheLiteral, NewFindingsAreTheFreedSilencesWhereTheyCanArise) {
  std::set<std::string> signatures;
  for (const auto* w : new_findings()) signatures.insert(w->signature);
  const std::string home = "|scythe.move.home-base|legality", once = "|scythe.move.once-per-action|legality";
  EXPECT_EQ(signatures, (std::set<std::string>{
                            "character-one-step" + home, "mech-then-worker" + home, "ride-then-walk" + home,
                            "ride-then-walk" + once, "character-two-steps" + home, "mech-two-steps" + home,
                            "mech-there-and-back" + once}));
}

// Every new finding: a board play can reach, two outcomes (one legal, one refused), and the oracle,
// under the readings the board needs, gives the outcome of the copy that keeps the decided values.
TEST(SolverScytheLiteral, EachNewFindingIsCheckedOnTheOracle) {
  ASSERT_FALSE(new_findings().empty());
  for (const auto* w : new_findings()) {
    EXPECT_TRUE(sy::reachability_breaks(w->example.state).empty()) << w->point;
    EXPECT_TRUE(sy::move_start_breaks(w->example.state, w->example.step.faction).empty()) << w->point;
    ASSERT_EQ(w->outcomes.size(), 2u) << w->point;
    EXPECT_NE(w->outcomes[0].legal, w->outcomes[1].legal) << w->point;
    ASSERT_FALSE(w->today.empty()) << w->point << ": " << w->note;
    const auto& named = w->outcomes[0].reading == w->today ? w->outcomes[0] : w->outcomes[1];
    const sy::Rules r = rules_of(*w);
    EXPECT_EQ(legal_in_oracle(r, w->example.state, w->example.step), named.legal) << w->point;
    if (named.legal) {
      EXPECT_TRUE(same_units(sy::move(r, w->example.state, w->example.step), *named.next)) << w->point;
    }
  }
}

// The character's single step: its fewest units are red's character on T1 and 1 blue worker alone on T2
// (2 units). The oracle moves the character in and sends the worker to HB-blue: red's popularity
// 5 - 1 = 4, and the encounter token on T2 waits. The other copy, reading the home-base ban as reaching
// the retreat, refuses it on scythe.move.home-base.
TEST(SolverScytheLiteral, ARetreatHomeAgainstTheHomeBaseBanOnTheCharactersStep) {
  const ScytheWitness& w = finding("scythe.literal.character-one-step.home-ban-meets-retreat");
  const sy::State& s = w.example.state;
  using U = std::array<int, 3>;  // character, mech, worker
  EXPECT_EQ(units_on(s, "T1"), (std::map<std::string, U>{{"red", {1, 0, 0}}}));
  EXPECT_EQ(units_on(s, "T2"), (std::map<std::string, U>{{"blue", {0, 0, 1}}}));
  EXPECT_TRUE(units_on(s, "HB-red").empty() && units_on(s, "HB-blue").empty());
  const sy::State after = sy::move(base_rules(), s, w.example.step);
  EXPECT_EQ(units_on(after, "T2"), (std::map<std::string, U>{{"red", {1, 0, 0}}}));
  EXPECT_EQ(units_on(after, "HB-blue"), (std::map<std::string, U>{{"blue", {0, 0, 1}}}));
  EXPECT_EQ(after.factions.at("red").popularity, 4);
  EXPECT_EQ(after.pending_encounters, std::vector<std::string>{"T2"});
  EXPECT_EQ(w.today, "retreat-goes-home");
  for (const auto& o : w.outcomes) {
    if (!o.legal) {
      EXPECT_EQ(o.rule, "scythe.move.home-base");
    }
  }
}

// The mech there and back: its fewest units are red's mech alone on T1 (1 unit). The oracle refuses
// the second move (no unmoved mech on T2: scythe.move.once-per-action); the copy letting a unit move
// again brings the mech back to T1, the board as before.
TEST(SolverScytheLiteral, AUnitMovingAgainIsTheMechThereAndBack) {
  const ScytheWitness& w = finding("scythe.literal.mech-there-and-back.unit-moves-again");
  const sy::State& s = w.example.state;
  using U = std::array<int, 3>;
  EXPECT_EQ(units_on(s, "T1"), (std::map<std::string, U>{{"red", {0, 1, 0}}}));
  EXPECT_TRUE(units_on(s, "T2").empty() && units_on(s, "HB-red").empty() && units_on(s, "HB-blue").empty());
  EXPECT_FALSE(legal_in_oracle(base_rules(), s, w.example.step));
  EXPECT_EQ(w.today, "once");
  for (const auto& o : w.outcomes) {
    if (o.legal) {
      EXPECT_TRUE(same_units(*o.next, s)) << "the mech is back on T1";
    }
  }
}

// Each step kind's search ends with a record saying it found no further board (or why not).
TEST(SolverScytheLiteral, EveryStepKindEndsWithItsScope) {
  int kinds = 0;
  for (const auto& w : discovered()) {
    if (!w.is_new || w.kind == "undecided") continue;
    EXPECT_EQ(w.kind, "none") << w.point << ": " << w.title << " (" << w.note << ")";
    EXPECT_FALSE(w.scope.empty()) << w.point;
    ++kinds;
  }
  EXPECT_EQ(kinds, static_cast<int>(literal_step_kinds().size()));
}

TEST(SolverScytheLiteral, AmbiguitiesMarkEachDeclaredPointFoundBySearch) {
  const auto records = ambiguities(base_rules(), Budget{});
  for (const auto& p : declared_points()) {
    const auto it = std::find_if(records.begin(), records.end(),
                                 [&](const ScytheWitness& w) { return w.point == p["id"].get<std::string>(); });
    ASSERT_NE(it, records.end()) << p["id"];
    if (p["id"] == kPlayCannotRaise) {  // a question play cannot raise: none, and not re-found
      EXPECT_EQ(it->kind, "none") << p["id"];
      EXPECT_FALSE(it->found_by_search) << p["id"];
      continue;
    }
    EXPECT_TRUE(it->found_by_search) << p["id"];
  }
  for (const auto& w : records) EXPECT_TRUE(w.refinds.empty()) << w.point << " should have been folded into its point";
}

TEST(SolverScytheLiteral, AStarvedSearchIsUnknownNeverNone) {
  const auto records = discover(base_rules(), Budget{1});
  ASSERT_EQ(records.size(), literal_step_kinds().size());
  for (const auto& w : records) {
    EXPECT_EQ(w.kind, "unknown") << w.point;
    EXPECT_FALSE(w.note.empty()) << w.point;
  }
}

}  // namespace
}  // namespace rulecheck::solver::scythe

// The Z3 layer's smallest witnesses of a ruleset or readings edit (Game::edit_witnesses,
// solver/*/edits.cpp): for the example edits, the probe the rule text says must change
// does, and its witness replayed through the oracle under each side gives the two outcomes the
// witness states, which differ. An edit that changes nothing changes no probe.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "games/registry.hpp"
#include "support.hpp"

namespace rulecheck::testing {
namespace {

constexpr unsigned kRlimit = 50'000'000;  // the CLI's default for the solver's searches

struct Side {
  json ruleset_overrides = json::object();
  json readings = json::object();
};

struct Edit {
  std::string game;
  Side base, edited;
};

json merged(const Edit& e, const Side& s) { return library().find(e.game)->merged_ruleset(s.ruleset_overrides); }
json readings(const Edit& e, const Side& s) { return library().find(e.game)->readings(s.readings); }

json edit_witnesses(const Edit& e) {
  const auto start = std::chrono::steady_clock::now();
  json out = find_game(e.game)->edit_witnesses(merged(e, e.base), readings(e, e.base), merged(e, e.edited),
                                               readings(e, e.edited), kRlimit);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::cout << e.game << " edit " << e.edited.ruleset_overrides.dump() << e.edited.readings.dump() << ": "
            << out.size() << " probes in " << took.count() << " s; changed:";
  for (const auto& r : out)
    if (r.at("status") != "unchanged") std::cout << " " << r.at("probe").get<std::string>() << " (" << r.at("status").get<std::string>() << ")";
  std::cout << "\n";
  return out;
}

const json* record_of(const json& records, const std::string& probe) {
  for (const auto& r : records)
    if (r.at("probe") == probe) return &r;
  return nullptr;
}

// The witness's scenario of one side ("base" or "edited").
const json& scenario_of(const json& record, const std::string& side) {
  for (const auto& s : record.at("scenarios"))
    if (s.at("side") == side) return s.at("scenario");
  throw std::runtime_error("no scenario for side " + side);
}

// The oracle's outcome of the scenario's one step under one side's rules, written as an
// expectation ({"legal", "state"} or {"legal", "rule"} or {"result"}).
json oracle_outcome(const Edit& e, const Side& side, const json& scenario) {
  const auto rules = find_game(e.game)->bind(merged(e, side), readings(e, side));
  const json& step = scenario.at("steps").at(0);
  if (step.contains("query")) return {{"result", rules->query(scenario.at("state"), step.at("query"))}};
  const ApplyOutcome o = rules->apply(scenario.at("state"), step.at("action"));
  if (o.legal) return {{"legal", true}, {"state", *o.state}};
  return {{"legal", false}, {"rule", o.rule}};
}

// The record's witness replayed through the oracle on both sides: each side's outcome is the one
// its scenario expects (the legality, and the next state when legal; the answer of a query), and
// the two differ. Returns the oracle's outcomes {base, edited}.
std::pair<json, json> replay(const Edit& e, const json& record) {
  std::pair<json, json> got;
  for (const auto& [side, name, out] :
       {std::tuple{&e.base, "base", &got.first}, std::tuple{&e.edited, "edited", &got.second}}) {
    const json& sc = scenario_of(record, name);
    const json expect = sc.at("steps").at(0).at("expect");
    *out = oracle_outcome(e, *side, sc);
    SCOPED_TRACE(record.at("probe").get<std::string>() + " " + name + ": " + sc.dump());
    if (expect.contains("result")) {
      EXPECT_EQ(out->at("result"), expect.at("result"));
    } else {
      EXPECT_EQ(out->at("legal"), expect.at("legal")) << out->dump();
      if (expect.at("legal") == true && out->at("legal") == true) {
        const auto rules = find_game(e.game)->bind(merged(e, *side), readings(e, *side));
        EXPECT_EQ(out->at("state"), rules->canonical_state(expect.at("state")));
      }
    }
  }
  EXPECT_NE(got.first, got.second) << record.dump();
  return got;
}

const json& changed(const json& records, const std::string& probe) {
  const json* r = record_of(records, probe);
  if (!r) throw std::runtime_error("no probe " + probe);
  EXPECT_EQ(r->at("status"), "changed") << r->dump();
  std::cout << probe << ": " << r->at("title").get<std::string>() << "\n";
  return *r;
}

int count_at(const json& state, const std::string& pointer) {
  const json::json_pointer p(pointer);
  return state.contains(p) ? state.at(p).get<int>() : 0;
}

// Messina: the non-Worker units at a space (every faction) or on a card.
int units_at(const json& state, const std::string& space) {
  int n = 0;
  if (!state.at("spaces").at(space).contains("units")) return 0;
  for (const auto& [faction, units] : state.at("spaces").at(space).at("units").items())
    for (const auto& [kind, count] : units.items())
      if (kind != "worker") n += count.get<int>();
  return n;
}
int units_on_card(const json& state, const std::string& card) {
  int n = 0;
  const json::json_pointer p("/cards/" + card + "/units");
  if (state.contains(p))
    for (const auto& [kind, count] : state.at(p).items()) n += count.get<int>();
  return n;
}

// ---- Messina stacking_map 5 -> 6 ----
// The muster page's limit of 5 units per map space (messina.muster.stacking): one unit built onto
// a space already holding 5 makes 6, over 5 but within 6. So the smallest witness of a build has
// exactly 5 units at A before (n + 1 > 5 and n + 1 <= 6 gives n = 5), refused under 5 by the
// stacking clause and allowed under 6.
TEST(SolverEdits, StackingMapFiveToSixChangesABuildOntoAFullSpace) {
  const Edit e{"messina", {}, {json{{"stacking_map", 6}}, json::object()}};
  const json records = edit_witnesses(e);
  for (const char* probe : {"muster.build-infantry", "muster.build-civilian"}) {
    const json& r = changed(records, probe);
    const auto [base, edited] = replay(e, r);
    EXPECT_EQ(base.at("legal"), false);
    EXPECT_EQ(base.value("rule", ""), "messina.muster.stacking");
    EXPECT_EQ(edited.at("legal"), true);
    EXPECT_EQ(units_at(scenario_of(r, "base").at("state"), "A"), 5) << probe;
  }
}

// ---- Messina stacking_card 2 -> 3 ----
// 2 units per Location Card (the muster page's stacking limits): a third unit built onto a held
// card makes 3, over 2 but within 3; the witness's card holds exactly 2 before.
TEST(SolverEdits, StackingCardTwoToThreeChangesAThirdUnitOnAHeldCard) {
  const Edit e{"messina", {}, {json{{"stacking_card", 3}}, json::object()}};
  const json records = edit_witnesses(e);
  const json& r = changed(records, "muster.build-on-card");
  const auto [base, edited] = replay(e, r);
  EXPECT_EQ(base.at("legal"), false);
  EXPECT_EQ(edited.at("legal"), true);
  const json& state = scenario_of(r, "base").at("state");
  EXPECT_EQ(units_on_card(state, "A"), 2);
  EXPECT_EQ(state.at("/cards/A/holder"_json_pointer), "Red");
}

// ---- Messina tokens_per_food_and_water 2 -> 1 ----
// The consumption page's bill: 1 F and 1 W per 2 tokens, an odd count rounded up (7 tokens: 4 F
// and 4 W). Per 1 token the bill is the token count. By hand: Red with 4 Spare tokens and 5 F,
// 5 W pays ceil(4 / 2) = 2 of each under 2 (3 F, 3 W left) and 4 of each under 1 (1 F, 1 W left).
TEST(SolverEdits, TokensPerFoodAndWaterTwoToOneChangesTheConsumptionBill) {
  const Edit e{"messina", {}, {json{{"tokens_per_food_and_water", 1}}, json::object()}};
  const json state = {{"round", 2},
                      {"phase", "consumption"},
                      {"factions",
                       {{"Red",
                         {{"kind", "human"},
                          {"home", {"A"}},
                          {"population", {{"disaffected", 0}, {"spare", 4}, {"located", 0}}},
                          {"resources", {{"food", 5}, {"water", 5}, {"energy", 0}}}}}}},
                      {"spaces", {{"A", {{"adjacent", json::array()}}}}}};
  const json consume = {{"type", "consume"}, {"faction", "Red"}, {"disband", json::array()}};
  for (const auto& [side, left] : {std::pair{&e.base, 3}, std::pair{&e.edited, 1}}) {
    const ApplyOutcome o = find_game("messina")->bind(merged(e, *side), readings(e, *side))->apply(state, consume);
    ASSERT_TRUE(o.legal) << o.reason;
    EXPECT_EQ(count_at(*o.state, "/factions/Red/resources/food"), left);
    EXPECT_EQ(count_at(*o.state, "/factions/Red/resources/water"), left);
  }
  const json records = edit_witnesses(e);
  const json& r = changed(records, "consume");
  replay(e, r);
  // The witness holds at least 2 tokens: 1 token is billed 1 F and 1 W either way (ceil(1/2) = 1).
  const json& before = scenario_of(r, "base").at("state");
  const int tokens = count_at(before, "/factions/Red/population/disaffected") +
                     count_at(before, "/factions/Red/population/spare") +
                     count_at(before, "/factions/Red/population/located");
  EXPECT_GE(tokens, 2) << before.dump();
}

// ---- Messina hand_limit 5 -> 4 ----
// The cards page: at the end of an Exploration a player keeps at most hand_limit cards and
// discards the excess (messina.cards.hand-limit; default reading exactly-excess). Holding h cards
// and discarding none is legal while h <= limit: it parts 5 from 4 only at h = 5 (5 <= 5, 5 > 4).
TEST(SolverEdits, HandLimitFiveToFourChangesKeepingFiveCards) {
  const Edit e{"messina", {}, {json{{"hand_limit", 4}}, json::object()}};
  const json records = edit_witnesses(e);
  const json& r = changed(records, "end-exploration.keep-all");
  const auto [base, edited] = replay(e, r);
  EXPECT_EQ(base.at("legal"), true);
  EXPECT_EQ(edited.at("legal"), false);
  EXPECT_EQ(edited.value("rule", ""), "messina.cards.hand-limit");
  int held = 0;
  for (const auto& [id, c] : scenario_of(r, "base").at("state").at("cards").items()) held += c.at("holder") == "Red";
  EXPECT_EQ(held, 5);
  // Discarding one of 5: the excess under 4 (5 - 4 = 1), no excess under 5.
  const json& one = changed(records, "end-exploration.discard-one");
  const auto [b1, e1] = replay(e, one);
  EXPECT_EQ(b1.at("legal"), false);
  EXPECT_EQ(e1.at("legal"), true);
}

// ---- Scythe popularity_loss_per_worker 1 -> 2 ----
// The movement text: a character or mech moving onto a territory held by an opponent's workers
// alone sends each of them home, and the mover loses 1 popularity per worker (not below the
// minimum). Edited to 2 per worker: with p popularity and n workers sent home, red ends at
// max(p - n, 0) under base and max(p - 2n, 0) under edited; these differ first at n = 1, p = 2
// (1 vs 0): the witness minimises units, then popularity.
TEST(SolverEdits, PopularityLossPerWorkerOneToTwoChangesAMechSendingAWorkerHome) {
  const Edit e{"scythe", {}, {json{{"popularity_loss_per_worker", 2}}, json::object()}};
  const json records = edit_witnesses(e);
  const json& r = changed(records, "move.mech-enters");
  const auto [base, edited] = replay(e, r);
  const json& before = scenario_of(r, "base").at("state");
  const int p = before.at("/factions/red/popularity"_json_pointer).get<int>();
  const int n = count_at(before, "/territories/T2/units/blue/worker");
  EXPECT_GE(n, 1);
  EXPECT_EQ(count_at(base.at("state"), "/factions/red/popularity"), std::max(p - n, 0));
  EXPECT_EQ(count_at(edited.at("state"), "/factions/red/popularity"), std::max(p - 2 * n, 0));
  EXPECT_EQ(n, 1);
  EXPECT_EQ(p, 2);
}

// ---- every ruleset key the encodings read has a probe that sees its edit ----
// Each row: an edit of one key and a probe that must change, reasoned from the texts:
// - round parities: a Muster happens in odd rounds (1) and Consumption in even ones (0); swapped,
//   the round that allowed the step refuses it.
// - recovery after full feeding 1 -> 2: a fully fed faction with 2 Disaffected tokens recovers 2.
// - high_tech_min_cost 3 -> 4: a Bomber (3E) is high-tech under 3 (a Home Space or Utility needed),
//   not under 4.
// - equip 1E -> 2E, Shield build 3E -> 4E, upgrade 3E -> 2E: a faction with exactly the old cost
//   in Energy can pay one side and not the other (or keeps a different Energy).
// - one upgrade per Shield per Muster -> 2: two upgrades of one Shield.
// - one Shield op per Re-arm -> 2: two Shield builds in one Re-arm.
// - ai_backed_units + infantry: an AI's Infantry takes a token (0 before).
// - a Mech's population 0 -> 1, a Fighter's cost 3 -> 2: a human's build of that unit.
// - Scythe popularity_min 0 -> 1: the loss stops at 1 instead of 0; move_range of a worker 1 -> 2:
//   a path of two territories; units_per_move 2 -> 3 under the ruleset-cap reading: three workers.
TEST(SolverEdits, EveryRulesetKeyTheEncodingReadsHasAProbeThatSeesItsEdit) {
  const json cap = {{"scythe.units-per-move", "ruleset-cap"}};
  const std::vector<std::pair<Edit, std::string>> rows = {
      {{"messina", {}, {json{{"round_parity_muster", 0}}, {}}}, "muster.build-infantry"},
      {{"messina", {}, {json{{"round_parity_consumption", 1}}, {}}}, "consume"},
      {{"messina", {}, {json{{"disaffected_recovered_after_full_feeding", 2}}, {}}}, "consume"},
      {{"messina", {}, {json{{"high_tech_min_cost", 4}}, {}}}, "muster.build-bomber"},
      {{"messina", {}, {json{{"equip_cost", 2}}, {}}}, "muster.equip"},
      {{"messina", {}, {json{{"shield_build_cost", 4}}, {}}}, "muster.shield-build"},
      {{"messina", {}, {json{{"shield_upgrade_cost", 2}}, {}}}, "muster.shield-upgrade"},
      {{"messina", {}, {json{{"shield_upgrades_per_muster", 2}}, {}}}, "muster.shield-two-upgrades"},
      {{"messina", {}, {json{{"shield_ops_per_rearm", 2}}, {}}}, "rearm.two-shield-ops"},
      {{"messina", {}, {json{{"ai_backed_units", {"civilian", "infantry"}}}, {}}}, "muster.build-infantry"},
      {{"messina", {}, {json{{"units", {{"mech", {{"population", 1}}}}}}, {}}}, "muster.build-mech"},
      {{"messina", {}, {json{{"units", {{"fighter", {{"cost", 2}}}}}}, {}}}, "muster.build-fighter"},
      {{"scythe", {}, {json{{"popularity_min", 1}}, {}}}, "move.mech-enters"},
      {{"scythe", {}, {json{{"move_range", {{"worker", 2}}}}, {}}}, "move.range-two-worker"},
      {{"scythe", {json::object(), cap}, {json{{"units_per_move", 3}}, cap}}, "move.three-workers"},
  };
  for (const auto& [e, probe] : rows) {
    SCOPED_TRACE(e.edited.ruleset_overrides.dump());
    const json records = edit_witnesses(e);
    replay(e, changed(records, probe));
  }
}

// ---- edits that change nothing ----
TEST(SolverEdits, TheSameRulesetTwiceChangesNoProbe) {
  for (const std::string game : {"messina", "scythe"}) {
    const json records = edit_witnesses(Edit{game, {}, {}});
    EXPECT_FALSE(records.empty());
    for (const auto& r : records) EXPECT_EQ(r.at("status"), "unchanged") << r.dump();
  }
}

TEST(SolverEdits, AKeyChangedToItsOwnValueChangesNoProbe) {
  for (const auto& e : {Edit{"messina", {}, {json{{"stacking_map", 5}}, json::object()}},
                        Edit{"scythe", {}, {json{{"popularity_loss_per_worker", 1}}, json::object()}}}) {
    const json records = edit_witnesses(e);
    for (const auto& r : records) EXPECT_EQ(r.at("status"), "unchanged") << r.dump();
  }
}

// ---- a readings edit finds what the point's ambiguity witness finds ----
// messina.stacking-scope: all-factions counts every faction's units against the limit, per-faction
// only the builder's. The point's ambiguity witness is an Infantry build at A; the edit from one
// reading to the other changes the muster.build-infantry probe, and both witnesses part the sides
// the same way (refused under all-factions, allowed under per-faction).
TEST(SolverEdits, AReadingsEditChangesTheProbeTheAmbiguityWitnessOfItsPointChanges) {
  const Edit e{"messina",
               {json::object(), json{{"messina.stacking-scope", "all-factions"}}},
               {json::object(), json{{"messina.stacking-scope", "per-faction"}}}};
  const json ambiguities =
      find_game("messina")->ambiguities(merged(e, e.base), readings(e, e.base), kRlimit, LiteralSearch::skip, {});
  const json* point = nullptr;
  for (const auto& w : ambiguities)
    if (w.at("point") == "messina.stacking-scope") point = &w;
  ASSERT_NE(point, nullptr);
  json ambiguity_legal = json::object();
  for (const auto& s : point->at("scenarios"))
    ambiguity_legal[s.at("reading").get<std::string>()] = s.at("/scenario/steps/0/expect/legal"_json_pointer);
  EXPECT_EQ(point->at("/scenarios/0/scenario/steps/0/action/type"_json_pointer), "muster");

  const json records = edit_witnesses(e);
  const json& r = changed(records, "muster.build-infantry");
  const auto [base, edited] = replay(e, r);
  EXPECT_EQ(base.at("legal"), ambiguity_legal.at("all-factions"));
  EXPECT_EQ(edited.at("legal"), ambiguity_legal.at("per-faction"));
}

}  // namespace
}  // namespace rulecheck::testing

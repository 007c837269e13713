// The Z3 encoding of the Friendly Area, hostility and population placement (solver/messina/friendly_board.cpp, population.cpp):
// verdicts worked out by hand from the rule text, the bundled bug engine's wrong answer, agreement
// with the oracle over the section's scenarios and generated cases, the proofs and the witnesses.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "oracle/messina/oracle.hpp"
#include "oracle/rule_violation.hpp"
#include "properties/generators/generated_case.hpp"
#include "solver/messina/sections.hpp"
#include "solver/messina/solver.hpp"
#include "support.hpp"

namespace rulecheck::solver::messina {
namespace {

using json = nlohmann::json;
using rulecheck::testing::bind;
using rulecheck::testing::library;

constexpr unsigned kRlimit = 5'000'000;

json legal(const json& state) { return {{"legal", true}, {"state", state}}; }
json illegal(const std::string& rule) { return {{"legal", false}, {"rule", rule}}; }
json result(const json& r) { return {{"result", r}}; }

bool names(const OutcomeCheck& c, const std::string& clause) {
  return std::find(c.clauses.begin(), c.clauses.end(), clause) != c.clauses.end();
}
std::string why(const OutcomeCheck& c) {
  std::string s;
  for (const auto& x : c.clauses) s += x + " ";
  return s + "(" + c.why + ")";
}

// UE's Home Space D1 holds its own Utility with 1 Worker; D2 next to it is empty.
json industry_board() {
  return json::parse(R"({"round": 1, "phase": "industry",
    "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"disaffected": 0, "spare": 2, "located": 1},
                        "dead": 0, "resources": {"food": 0, "water": 0, "energy": 0}}},
    "spaces": {"D1": {"adjacent": ["D2"], "utilities": [{"owner": "UE", "workers": 1}]},
               "D2": {"adjacent": ["D1"]}}})");
}

TEST(SolverFriendlyPlace, AWorkerFromSpareMovesOneTokenToLocated) {
  // One Worker into UE's own Utility at its Home Space in an Industry Action: Spare 2 - 1 = 1,
  // Located 1 + 1 = 2, the Utility's Workers 1 + 1 = 2.
  const json action = json::parse(R"({"type": "place", "faction": "UE", "when": "industry",
                                       "placements": [{"at": "D1", "unit": "worker"}]})");
  json after = industry_board();
  after["factions"]["UE"]["population"] = {{"disaffected", 0}, {"spare", 1}, {"located", 2}};
  after["spaces"]["D1"]["utilities"][0]["workers"] = 2;
  const auto rules = bind("messina");
  EXPECT_EQ(rules->check_outcome(industry_board(), action, false, legal(after), kRlimit).membership,
            Membership::allowed);
  // The same Worker with Spare left at 2 (3 tokens from 3: a token out of nowhere) is forbidden.
  after["factions"]["UE"]["population"]["spare"] = 2;
  const auto c = rules->check_outcome(industry_board(), action, false, legal(after), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_TRUE(names(c, "messina.population.placement.spare-to-located")) << why(c);
}

TEST(SolverFriendlyPlace, ACivilianInAnEmptySpaceOutsideTheAreaIsRefused) {
  // D2 is empty and no home: not friendly, so not in UE's Area; before orders nothing goes there.
  json before = industry_board();
  before["phase"] = "orders";
  const json action = json::parse(R"({"type": "place", "faction": "UE", "when": "before-orders",
                                       "placements": [{"at": "D2", "unit": "civilian"}]})");
  json after = before;
  after["factions"]["UE"]["population"] = {{"disaffected", 0}, {"spare", 1}, {"located", 2}};
  after["spaces"]["D2"]["units"] = {{"UE", {{"civilian", 1}}}};
  const auto rules = bind("messina");
  const auto c = rules->check_outcome(before, action, false, legal(after), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.population.placement.friendly-area"}) << why(c);
  EXPECT_EQ(rules->check_outcome(before, action, false, illegal("messina.population.placement.friendly-area"), kRlimit)
                .membership,
            Membership::allowed);
}

TEST(SolverFriendlyPlace, HomeDefenceFromDisaffectedDependsOnTheSpareReading) {
  // A battle at UE's home D1, UE has 0 Spare, 1 Disaffected: either-source lets the Disaffected token
  // become a Civilian (Disaffected 1 - 1 = 0, Located 1 + 1 = 2); spare-required refuses it.
  json before = industry_board();
  before["phase"] = "battle";
  before["battle"] = "D1";
  before["factions"]["UE"]["population"] = {{"disaffected", 1}, {"spare", 0}, {"located", 1}};
  const json action = json::parse(R"({"type": "place", "faction": "UE", "when": "home-defence",
                                       "placements": [{"at": "D1", "unit": "civilian", "from": "disaffected"}]})");
  json after = before;
  after["factions"]["UE"]["population"] = {{"disaffected", 0}, {"spare", 0}, {"located", 2}};
  after["spaces"]["D1"]["units"] = {{"UE", {{"civilian", 1}}}};
  EXPECT_EQ(bind("messina")->check_outcome(before, action, false, legal(after), kRlimit).membership,
            Membership::allowed);
  const auto strict =
      rulecheck::testing::bind_game("messina", json::object(), {{"messina.home-defence-spare", "spare-required"}});
  const auto c = strict->check_outcome(before, action, false, legal(after), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_TRUE(names(c, "messina.population.placement.spare-required")) << why(c);
}

TEST(SolverFriendlyConvert, ACivilianBecomesAWorkerWithTheSameTokens) {
  // Industry: UE's Civilian at D1 enters its Utility: Civilian 1 -> 0, Workers 0 -> 1, Located stays 1.
  json before = industry_board();
  before["spaces"]["D1"]["utilities"][0]["workers"] = 0;
  before["spaces"]["D1"]["units"] = {{"UE", {{"civilian", 1}}}};
  const json action = json::parse(R"({"type": "convert", "faction": "UE", "at": "D1", "from": "civilian",
                                       "to": "worker"})");
  json after = before;
  after["spaces"]["D1"]["units"] = {{"UE", {{"civilian", 0}}}};
  after["spaces"]["D1"]["utilities"][0]["workers"] = 1;
  const auto rules = bind("messina");
  EXPECT_EQ(rules->check_outcome(before, action, false, legal(after), kRlimit).membership, Membership::allowed);
  // Keeping the Civilian too and taking a Spare token for the Worker: forbidden (population does not change).
  after["spaces"]["D1"]["units"] = {{"UE", {{"civilian", 1}}}};
  after["factions"]["UE"]["population"] = {{"disaffected", 0}, {"spare", 1}, {"located", 2}};
  const auto c = rules->check_outcome(before, action, false, legal(after), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_TRUE(names(c, "messina.population.interconversion")) << why(c);
}

TEST(SolverFriendlyRelease, AUnitNeverReturnsToSpare) {
  json before = industry_board();
  before["spaces"]["D1"]["units"] = {{"UE", {{"civilian", 1}}}};
  before["factions"]["UE"]["population"]["located"] = 2;
  json after = industry_board();  // the Civilian gone, its token Spare again: 3 Spare, 1 Located
  after["factions"]["UE"]["population"]["spare"] = 3;
  const json action = json::parse(R"({"type": "release", "faction": "UE", "at": "D1", "unit": "civilian"})");
  const auto rules = bind("messina");
  const auto c = rules->check_outcome(before, action, false, legal(after), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.population.no-return"}) << why(c);
  EXPECT_EQ(rules->check_outcome(before, action, false, illegal("messina.population.no-return"), kRlimit).membership,
            Membership::allowed);
}

// H1 (UE's home, empty) - A (a UE Civilian) - B (empty) - C (a UE Civilian).
json chain_board() {
  return json::parse(R"({"round": 1,
    "factions": {"UE": {"kind": "human", "home": ["H1"], "population": {"disaffected": 0, "spare": 0, "located": 2},
                        "dead": 0, "resources": {"food": 0, "water": 0, "energy": 0}}},
    "spaces": {"H1": {"adjacent": ["A"]}, "A": {"adjacent": ["H1", "B"], "units": {"UE": {"civilian": 1}}},
               "B": {"adjacent": ["A", "C"]}, "C": {"adjacent": ["B"], "units": {"UE": {"civilian": 1}}}}})");
}

TEST(SolverFriendlyArea, TheAreaStopsAtAnEmptySpaceUnderEachReading) {
  const json q = {{"type", "friendly-area"}, {"faction", "UE"}, {"purpose", "muster"}};
  const auto rules = bind("messina");
  // Default: H1 anchors (always), A is friendly and next to it, B empty breaks the chain: {H1, A}.
  EXPECT_EQ(rules->check_outcome(chain_board(), q, true, result({"A", "H1"}), kRlimit).membership, Membership::allowed);
  const auto c = rules->check_outcome(chain_board(), q, true, result({"A", "C", "H1"}), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.friendly.area"});
  // With the frontier: B (next to A) joins: {H1, A, B}; C still out.
  EXPECT_EQ(
      rulecheck::testing::bind_game("messina", json::object(), {{"messina.friendly-area-extent", "with-frontier"}})
          ->check_outcome(chain_board(), q, true, result({"A", "B", "H1"}), kRlimit)
          .membership,
      Membership::allowed);
  // If-friendly anchor: H1 is empty, so nothing starts the reach: {}.
  EXPECT_EQ(rulecheck::testing::bind_game("messina", json::object(), {{"messina.home-space-anchor", "if-friendly"}})
                ->check_outcome(chain_board(), q, true, result(json::array()), kRlimit)
                .membership,
            Membership::allowed);
}

json scenario(const std::string& path) {
  std::ifstream in(std::filesystem::path(RULECHECK_SOURCE_DIR) / path);
  return json::parse(in);
}

TEST(SolverFriendlyHostile, TheHiddenCardBugEnginesAnswerIsForbidden) {
  // bug_hidden_card_hostile.py answers "hostile" for any opposing card, facing ignored. Here SF holds
  // A1's card face-down and has no units there: exposed-only says not hostile, so "true" is wrong.
  const json s = scenario("scenarios/messina/friendly-area/hidden-opposing-card-exposed-only.json");
  const json q = {{"type", "hostile"}, {"faction", "UE"}, {"at", "A1"}};
  const auto c = bind("messina")->check_outcome(s["state"], q, true, result(true), kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden);
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.cards.exposed.hostility"}) << why(c);
  EXPECT_EQ(bind("messina")->check_outcome(s["state"], q, true, result(false), kRlimit).membership,
            Membership::allowed);
  // Under "held" the same card makes A1 hostile.
  EXPECT_EQ(rulecheck::testing::bind_game("messina", json::object(), {{"messina.card-hostility", "held"}})
                ->check_outcome(s["state"], q, true, result(true), kRlimit)
                .membership,
            Membership::allowed);
}

// ---------------------------------------------------------------- agreement with the oracle

const std::set<std::string> kMine = {"place", "convert", "release", "friendly-area", "hostile"};

struct Tally {
  int checked = 0, disagreements = 0, not_encoded = 0;
  std::vector<std::string> first;
};

void check_step(const BoundRules& rules, const json& state, const json& request, bool is_query, Tally& t,
                json* next_state) {
  json claimed;
  if (is_query) {
    claimed = result(rules.query(state, request));
  } else {
    const ApplyOutcome o = rules.apply(state, request);
    claimed = o.legal ? legal(*o.state) : illegal(o.rule);
    if (o.legal && next_state) *next_state = *o.state;
  }
  if (!kMine.count(request.value("type", ""))) return;
  const OutcomeCheck v = rules.check_outcome(state, request, is_query, claimed, kRlimit);
  ++t.checked;
  if (v.membership == Membership::not_encoded) ++t.not_encoded;
  if (v.membership == Membership::allowed) return;
  ++t.disagreements;
  if (t.first.size() < 5)
    t.first.push_back("state: " + state.dump() + "\nrequest: " + request.dump() + "\noracle: " + claimed.dump() +
                      "\nsolver: " + why(v));
}

void report(const Tally& t, const std::string& what) {
  std::cout << "  " << what << ": " << t.checked << " checked, " << t.disagreements << " disagreements, "
            << t.not_encoded << " not encoded\n";
  EXPECT_EQ(t.disagreements, 0);
  for (const auto& d : t.first) ADD_FAILURE() << d;
}

TEST(SolverFriendlyAgreement, TheSectionsScenariosAgreeWithTheOracle) {
  Tally t;
  for (const char* dir : {"scenarios/messina/friendly-area", "scenarios/messina/population"}) {
    for (const auto& file : std::filesystem::directory_iterator(std::filesystem::path(RULECHECK_SOURCE_DIR) / dir)) {
      std::ifstream in(file.path());
      const json sc = json::parse(in);
      const auto rules = rulecheck::testing::bind_game("messina", sc.value("ruleset", json::object()),
                                                       sc.value("interpretations", json::object()));
      json state = sc["state"];
      for (const auto& step : sc["steps"]) {
        const bool is_query = step.contains("query");
        json next = state;
        check_step(*rules, state, is_query ? step["query"] : step["action"], is_query, t, &next);
        state = next;
      }
    }
  }
  report(t, "scenario steps");
  EXPECT_GT(t.checked, 40);
}

void agree_generated(const json& readings, std::uint64_t seed, int n) {
  const GameRules& game = *library().find("messina");
  const json ruleset = game.merged_ruleset(json::object());
  const auto rules = find_game("messina")->bind(ruleset, game.readings(readings));
  const auto gen = generators::messina_cases(ruleset);
  rc::Random random(seed);
  Tally t;
  for (int i = 0; i < n; ++i) {
    const generators::GeneratedCase c = gen(random.split(), i % (rc::kNominalSize + 1)).value();
    if (!kMine.count(c.kind)) continue;
    check_step(*rules, c.state, c.request, c.is_query, t, nullptr);
  }
  report(t, "generated cases " + readings.dump());
  EXPECT_EQ(t.not_encoded, 0);
  EXPECT_GT(t.checked, 50);
}

TEST(SolverFriendlyAgreement, GeneratedCasesUnderTheDefaultReadings) {
  agree_generated(json::object(), 20261123, 3000);
}

TEST(SolverFriendlyAgreement, GeneratedCasesUnderTheOtherReadings) {
  agree_generated({{"messina.card-hostility", "held"},
                   {"messina.friendly-area-extent", "with-frontier"},
                   {"messina.home-space-anchor", "if-friendly"},
                   {"messina.hostile-workers", "military-units-only"},
                   {"messina.civilian-consent", "muster"},
                   {"messina.card-in-area", "every-held-card"},
                   {"messina.worker-utility", "friendly"},
                   {"messina.home-defence-spare", "spare-required"},
                   {"messina.civilian-stacking", "muster-phase-only"},
                   {"messina.stacking-scope", "per-faction"}},
                  4242, 3000);
}

// ---------------------------------------------------------------- proofs and witnesses

// The typed rules, read from rules/messina/ruleset.json (every number from there).
ms::Rules default_rules() {
  const json j = library().find("messina")->merged_ruleset(json::object());
  ms::Ruleset n;
  n.round_parity_muster = j["round_parity_muster"];
  n.round_parity_consumption = j["round_parity_consumption"];
  n.tokens_per_food_and_water = j["tokens_per_food_and_water"];
  n.disaffected_recovered_after_full_feeding = j["disaffected_recovered_after_full_feeding"];
  n.stacking_map = j["stacking_map"];
  n.stacking_card = j["stacking_card"];
  n.hand_limit = j["hand_limit"];
  n.high_tech_min_cost = j["high_tech_min_cost"];
  n.equip_cost = j["equip_cost"];
  n.shield_build_cost = j["shield_build_cost"];
  n.shield_upgrade_cost = j["shield_upgrade_cost"];
  n.shield_upgrades_per_muster = j["shield_upgrades_per_muster"];
  n.shield_ops_per_rearm = j["shield_ops_per_rearm"];
  n.shield_strength_first_level = j["shield_strength_first_level"];
  n.starship_strength = j["starship_strength"];
  for (ms::Piece p : ms::kUnitKinds) {
    const json& u = j["units"][std::string(ms::piece_name(p))];
    n.units[p] = ms::UnitSpec{u["cost"], u["strength"], u["population"]};
  }
  for (const auto& name : j["ai_backed_units"])
    for (ms::Piece p : ms::kUnitKinds)
      if (ms::piece_name(p) == name.get<std::string>()) n.ai_backed_units.insert(p);
  return ms::Rules{n, {}};
}

const std::set<std::string> kMyPoints = {
    "messina.card-hostility",  "messina.friendly-area-extent", "messina.home-space-anchor",
    "messina.hostile-workers", "messina.civilian-consent",     "messina.card-in-area",
    "messina.worker-utility",  "messina.home-defence-spare",   "messina.civilian-stacking"};

// The Readings one reading of one of this section's points selects (the rest at their defaults).
ms::Readings readings_for(const std::string& point, const std::string& name) {
  using R = ms::Readings;
  R r;
  if (point == "messina.card-hostility")
    r.card_hostility = name == "held" ? R::CardHostility::held : R::CardHostility::exposed_only;
  if (point == "messina.friendly-area-extent")
    r.area_extent = name == "with-frontier" ? R::AreaExtent::with_frontier : R::AreaExtent::friendly_component;
  if (point == "messina.home-space-anchor")
    r.home_anchor = name == "if-friendly" ? R::HomeAnchor::if_friendly : R::HomeAnchor::always;
  if (point == "messina.hostile-workers")
    r.hostile_workers = name == "military-units-only" ? R::HostileWorkers::military_units_only
                                                      : R::HostileWorkers::units_include_workers;
  if (point == "messina.civilian-consent")
    r.civilian_consent = name == "muster" ? R::CivilianConsent::muster : R::CivilianConsent::civilians;
  if (point == "messina.card-in-area")
    r.card_in_area = name == "every-held-card" ? R::CardInArea::every_held_card : R::CardInArea::connected;
  if (point == "messina.worker-utility")
    r.worker_utility = name == "friendly" ? R::WorkerUtility::friendly : R::WorkerUtility::own;
  if (point == "messina.home-defence-spare")
    r.home_defence_spare =
        name == "spare-required" ? R::HomeDefenceSpare::spare_required : R::HomeDefenceSpare::either_source;
  if (point == "messina.civilian-stacking")
    r.civilian_stacking =
        name == "muster-phase-only" ? R::CivilianStacking::muster_phase_only : R::CivilianStacking::applies;
  return r;
}

TEST(SolverFriendlyProofs, EveryProofIsProved) {
  const auto proofs = friendly_proofs(default_rules(), Budget{50'000'000});
  // The placement proofs (the query claims on 2-3 spaces are theorems of friendly_relation.cpp now: hollow here).
  EXPECT_EQ(proofs.size(), 3u);
  for (const auto& p : proofs) {
    std::cout << "  " << p.id << ": " << proof_status_name(p.status) << "\n";
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
  }
}

TEST(SolverFriendlyWitnesses, EachPointHasAWitnessTheOracleSeparates) {
  const ms::Rules base = default_rules();
  const auto witnesses = friendly_witnesses(base, Budget{50'000'000});
  std::set<std::string> found;
  for (const auto& w : witnesses) {
    found.insert(w.point);
    std::cout << "  " << w.point << ": size " << w.size << "\n";
    ms::validate(base.numbers, w.example.state);
    std::vector<std::string> oracle_outcomes;
    for (const auto& o : w.outcomes) {
      const ms::Rules rules{base.numbers, readings_for(w.point, o.reading)};
      if (const auto* q = std::get_if<ms::Query>(&w.example.step)) {
        const ms::QueryAnswer a = ms::answer(rules, w.example.state, *q);
        ASSERT_TRUE(o.answer.has_value());
        EXPECT_TRUE(a == *o.answer) << w.point << " " << o.reading;
        EXPECT_EQ(check_query(rules, w.example.state, *q, a, Budget{kRlimit}).membership, Membership::allowed);
        oracle_outcomes.push_back(std::to_string(a.index()) + (a == *w.outcomes[0].answer ? "same" : "other"));
        continue;
      }
      const auto& action = std::get<ms::Action>(w.example.step);
      try {
        const ms::State next = ms::apply(rules, w.example.state, action);
        EXPECT_TRUE(o.legal) << w.point << " " << o.reading << ": the oracle allows it";
        EXPECT_EQ(check_action(rules, w.example.state, action, next, "", Budget{kRlimit}).membership,
                  Membership::allowed)
            << w.point << " " << o.reading;
        oracle_outcomes.push_back("legal");
      } catch (const RuleViolation& v) {
        EXPECT_FALSE(o.legal) << w.point << " " << o.reading << ": the oracle refuses it by " << v.clause();
        oracle_outcomes.push_back("illegal");
      }
    }
    ASSERT_EQ(oracle_outcomes.size(), 2u);
    EXPECT_NE(oracle_outcomes[0], oracle_outcomes[1]) << w.point << ": the oracle gives one outcome";
  }
  EXPECT_EQ(found, kMyPoints);
}

}  // namespace
}  // namespace rulecheck::solver::messina

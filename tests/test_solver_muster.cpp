// The Muster Phase encoding (solver/messina/muster.cpp): hand-worked verdicts, the bundled bug
// engines' wrong answers, and agreement with the oracle over scenarios/messina/muster/.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <gtest/gtest.h>

#include "oracle/messina/oracle.hpp"
#include "solver/messina/outcome_search.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"
#include "solver/messina/solver.hpp"
#include "tests/support.hpp"
#include "tests/messina_rules.hpp"

namespace rulecheck::testing {
namespace {

constexpr unsigned kRlimit = 50'000'000;

bool names(const OutcomeCheck& c, const std::string& clause) {
  return std::find(c.clauses.begin(), c.clauses.end(), clause) != c.clauses.end();
}

// bug_ai_equip.py: the AI equips its Civilian. State: Blue (AI) with 1 Civilian at its home A,
// 1 E. The engine's outcome: the Civilian becomes Infantry (0 Civilians, 1 Infantry) and Energy
// 1 - 1 = 0; the AI's Infantry needs no token, so Located 1 -> 0 and Spare 0 -> 1 at best. Any such
// outcome is forbidden by messina.muster.equip.ai.
TEST(SolverMuster, BugAiEquipIsForbiddenByTheAiClause) {
  const auto rules = bind("messina");
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Blue": {"kind": "ai", "home": ["A"], "population": {"located": 1}, "resources": {"energy": 1}}},
    "spaces": {"A": {"adjacent": [], "units": {"Blue": {"civilian": 1}}}}})");
  const json action = json::parse(R"({"type": "muster", "faction": "Blue", "equip": [{"at": "A", "count": 1}]})");
  json wrong = state;
  wrong["spaces"]["A"]["units"]["Blue"] = {{"infantry", 1}};
  wrong["factions"]["Blue"]["resources"]["energy"] = 0;
  wrong["factions"]["Blue"]["population"] = {{"located", 0}, {"spare", 1}};
  const auto c = rules->check_outcome(state, action, false, {{"legal", true}, {"state", wrong}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_TRUE(names(c, "messina.muster.equip.ai")) << c.why;
  // The right answer (illegal) is allowed.
  const auto ok =
      rules->check_outcome(state, action, false, {{"legal", false}, {"rule", "messina.muster.equip.ai"}}, kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
}

// Issue 21: under the override ai_backed_units ["civilian", "mech"] the solver forbade the oracle's AI
// Mech muster (it counted a Mech's population, 0, the oracle at least 1). The texts: every unit a
// faction backs must be backed by Population tokens (messina.population.backing), a token is what
// one unit takes (messina.population.tokens); a backed unit with no token behind it would not be
// backed. So a Mech the AI backs takes one token, as the oracle counts.
// Blue (AI) at its home A: 1 Civilian (Located 1), Spare 1, 5 E; builds a Mech at A (5 E, high-tech:
// at its Home Space). After: Energy 5 - 5 = 0, Spare 1 - 1 = 0, Located 1 + 1 = 2.
TEST(SolverMuster, AMechTheAiBacksTakesASpareTokenAndTheTwoEncodingsAgree) {
  const auto rules = bind_game("messina", {{"ai_backed_units", {"civilian", "mech"}}});
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Blue": {"kind": "ai", "home": ["A"], "population": {"spare": 1, "located": 1},
                          "resources": {"energy": 5}}},
    "spaces": {"A": {"adjacent": [], "units": {"Blue": {"civilian": 1}}}}})");
  const json action = json::parse(R"({"type": "muster", "faction": "Blue", "builds": [{"at": "A", "unit": "mech"}]})");
  const ApplyOutcome o = rules->apply(state, action);
  ASSERT_TRUE(o.legal) << o.reason;
  EXPECT_EQ((*o.state)["factions"]["Blue"]["population"], json({{"located", 2}}));
  EXPECT_EQ((*o.state)["factions"]["Blue"].value("resources", json::object()).value("energy", 0), 0);
  const auto c = rules->check_outcome(state, action, false, {{"legal", true}, {"state", *o.state}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << c.why << " [" << ::testing::PrintToString(c.clauses) << "]";
  // The Mech built for no token (Spare kept) is forbidden: its Located no longer backs its units.
  json free_mech = *o.state;
  free_mech["factions"]["Blue"]["population"] = {{"spare", 1}, {"located", 1}};
  const auto f = rules->check_outcome(state, action, false, {{"legal", true}, {"state", free_mech}}, kRlimit);
  EXPECT_EQ(f.membership, Membership::forbidden) << f.why;
  // With no Spare token the AI cannot build the Mech it backs.
  json no_spare = state;
  no_spare["factions"]["Blue"]["population"] = {{"located", 1}};
  const ApplyOutcome refused = rules->apply(no_spare, action);
  ASSERT_FALSE(refused.legal);
  EXPECT_EQ(refused.rule, "messina.muster.population");
  const auto r = rules->check_outcome(no_spare, action, false, {{"legal", false}, {"rule", refused.rule}}, kRlimit);
  EXPECT_EQ(r.membership, Membership::allowed) << r.why;
}

// Issue 21: a Muster outcome that changes what no Muster touches (here another faction's Food) was
// blamed on messina.muster.friendly-area, the encoding's catch-all. It breaks the Muster's frame: a
// Muster builds (paragraph 2), and nothing else on the board changes (messina.muster.builds-only).
// Red (human) at its home A: Spare 1, 1 E, builds 1 Infantry there (Energy 1 - 1 = 0, Spare 0,
// Located 1). Blue, elsewhere (B), has 4 Food; the claimed outcome has Blue's Food at 0.
TEST(SolverMuster, AMusterChangingWhatNoMusterTouchesBreaksTheFrameNotTheFriendlyArea) {
  const auto rules = bind("messina");
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Red": {"kind": "human", "home": ["A"], "population": {"spare": 1}, "resources": {"energy": 1}},
                 "Blue": {"kind": "human", "home": ["B"], "resources": {"food": 4}}},
    "spaces": {"A": {"adjacent": ["B"]}, "B": {"adjacent": ["A"]}}})");
  const json action =
      json::parse(R"({"type": "muster", "faction": "Red", "builds": [{"at": "A", "unit": "infantry"}]})");
  const ApplyOutcome o = rules->apply(state, action);
  ASSERT_TRUE(o.legal) << o.reason;
  const auto ok = rules->check_outcome(state, action, false, {{"legal", true}, {"state", *o.state}}, kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
  json wrong = *o.state;
  wrong["factions"]["Blue"]["resources"]["food"] = 0;
  const auto c = rules->check_outcome(state, action, false, {{"legal", true}, {"state", wrong}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_EQ(c.clauses, std::vector<std::string>{"messina.muster.builds-only"}) << c.why;
  // The builder's own Water, which no Muster touches either.
  json thirsty = *o.state;
  thirsty["factions"]["Red"]["resources"]["water"] = 3;
  const auto w = rules->check_outcome(state, action, false, {{"legal", true}, {"state", thirsty}}, kRlimit);
  EXPECT_EQ(w.membership, Membership::forbidden) << w.why;
  EXPECT_EQ(w.clauses, std::vector<std::string>{"messina.muster.builds-only"}) << w.why;
  // A change the Muster does make, wrongly counted, still names its own clause: Energy 1 left.
  json unpaid = *o.state;
  unpaid["factions"]["Red"]["resources"]["energy"] = 1;
  const auto e = rules->check_outcome(state, action, false, {{"legal", true}, {"state", unpaid}}, kRlimit);
  EXPECT_EQ(e.membership, Membership::forbidden) << e.why;
  EXPECT_TRUE(names(e, "messina.muster.energy")) << e.why;
}

// bug_workers_stack.py: Workers counted towards stacking. Red has 3 Civilians and 2 Workers (in its
// Utility) at home A and builds 2 Infantry: 3 + 2 = 5 <= 5 units (Workers left out), legal; the
// engine counts 3 + 2 + 2 = 7 and refuses, citing messina.muster.stacking. Energy 2 - 2*1 = 0,
// Spare 2 - 2 = 0, Located 5 + 2 = 7.
TEST(SolverMuster, BugWorkersStackRefusalIsForbidden) {
  const auto rules = bind("messina");
  const json state = json::parse(R"({"round": 1, "phase": "muster",
    "factions": {"Red": {"kind": "human", "home": ["A"], "population": {"spare": 2, "located": 5},
                         "resources": {"energy": 2}}},
    "spaces": {"A": {"adjacent": [], "units": {"Red": {"civilian": 3}},
                     "utilities": [{"owner": "Red", "workers": 2}]}}})");
  const json action =
      json::parse(R"({"type": "muster", "faction": "Red", "builds": [{"at": "A", "unit": "infantry", "count": 2}]})");
  const auto c =
      rules->check_outcome(state, action, false, {{"legal", false}, {"rule", "messina.muster.stacking"}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_TRUE(names(c, "messina.muster.stacking")) << c.why;
  json right = state;
  right["spaces"]["A"]["units"]["Red"]["infantry"] = 2;
  right["factions"]["Red"]["resources"]["energy"] = 0;
  right["factions"]["Red"]["population"] = {{"spare", 0}, {"located", 7}};
  const auto ok = rules->check_outcome(state, action, false, {{"legal", true}, {"state", right}}, kRlimit);
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
}

// Every step of every muster scenario: the oracle's outcome is allowed by the solver.
TEST(SolverMuster, AgreesWithTheOracleOnTheMusterScenarios) {
  int checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios/messina/muster")) {
    std::ifstream in(entry.path());
    const json sc = json::parse(in);
    const auto rules =
        bind_game("messina", sc.value("ruleset", json::object()), sc.value("interpretations", json::object()));
    json state = rules->canonical_state(sc.at("state"));
    for (const json& step : sc.at("steps")) {
      if (!step.contains("action")) continue;
      const ApplyOutcome o = rules->apply(state, step.at("action"));
      const json claimed =
          o.legal ? json{{"legal", true}, {"state", *o.state}} : json{{"legal", false}, {"rule", o.rule}};
      const auto c = rules->check_outcome(state, step.at("action"), false, claimed, kRlimit);
      EXPECT_EQ(c.membership, Membership::allowed) << entry.path() << ": " << c.why;
      ++checked;
      if (o.legal) state = *o.state;
    }
  }
  EXPECT_GT(checked, 70);
}

namespace ms = rulecheck::messina;
namespace sm = rulecheck::solver::messina;

ms::Rules typed_rules() { return rulecheck::testing::messina_typed_rules(); }

TEST(SolverMuster, EveryProofIsProved) {
  const auto proofs = sm::muster_proofs(typed_rules(), solver::Budget{});
  EXPECT_EQ(proofs.size(), 5u);
  for (const auto& p : proofs) {
    std::cout << p.id << ": " << solver::proof_status_name(p.status) << "\n";
    EXPECT_EQ(p.status, solver::ProofStatus::proved) << p.id << ": " << p.detail;
  }
}

// The typed readings with one Muster point set to `reading` (the names of interpretations.json).
ms::Readings with_reading(ms::Readings r, const std::string& point, const std::string& reading) {
  using R = ms::Readings;
  if (point == "messina.stacking-scope")
    r.stacking_scope = reading == "per-faction" ? R::StackingScope::per_faction : R::StackingScope::all_factions;
  else if (point == "messina.shield-high-tech")
    r.shield_high_tech = reading == "shields-too" ? R::ShieldHighTech::shields_too : R::ShieldHighTech::units_only;
  else if (point == "messina.build-disband")
    r.build_disband = reading == "builds-only"       ? R::BuildDisband::builds_only
                      : reading == "move-or-convert" ? R::BuildDisband::move_or_convert
                                                     : R::BuildDisband::builds_and_equip;
  else if (point == "messina.equip-built-civilians")
    r.equip_built_civilians =
        reading == "built-too" ? R::EquipBuiltCivilians::built_too : R::EquipBuiltCivilians::at_start;
  else if (point == "messina.disband-built-units") {
    // The witness's note: the pairing stands only under messina.build-disband = move-or-convert.
    r.build_disband = R::BuildDisband::move_or_convert;
    r.disband_built_units =
        reading == "built-too" ? R::DisbandBuiltUnits::built_too : R::DisbandBuiltUnits::at_start;
  } else if (point == "messina.shield-upgrade-area")
    r.shield_upgrade_area =
        reading == "anywhere" ? R::ShieldUpgradeArea::anywhere : R::ShieldUpgradeArea::friendly_area;
  else if (point == "messina.over-limit-card")
    r.over_limit_card = reading == "card-too" ? R::OverLimitCard::card_too : R::OverLimitCard::map_only;
  else if (point == "messina.shield-consent")
    r.shield_consent = reading == "muster" ? R::ShieldConsent::muster : R::ShieldConsent::build;
  else if (point == "messina.high-tech-home")
    r.high_tech_home = reading == "consenting-ally" ? R::HighTechHome::consenting_ally : R::HighTechHome::own;
  else if (point == "messina.shield-per-space")
    r.shield_per_space =
        reading == "one-per-faction" ? R::ShieldPerSpace::one_per_faction : R::ShieldPerSpace::one_per_space;
  else
    ADD_FAILURE() << "a Muster witness for a point this test does not know: " << point;
  return r;
}

// Two typed states equal in every component the Muster changes or reads (population, dead,
// resources, units on the map and on cards, Utilities' Workers, Shields).
bool same_state(const ms::State& a, const ms::State& b) {
  if (a.factions.size() != b.factions.size() || a.spaces.size() != b.spaces.size() || a.cards.size() != b.cards.size())
    return false;
  for (const auto& [id, fa] : a.factions) {
    if (!b.factions.count(id)) return false;
    const ms::Faction& fb = b.factions.at(id);
    if (fa.population.disaffected != fb.population.disaffected || fa.population.spare != fb.population.spare ||
        fa.population.located != fb.population.located || fa.dead != fb.dead ||
        fa.resources.food != fb.resources.food || fa.resources.water != fb.resources.water ||
        fa.resources.energy != fb.resources.energy)
      return false;
  }
  auto units_of = [](const std::map<ms::FactionId, ms::UnitCounts>& m, const ms::FactionId& f) {
    const auto it = m.find(f);
    return it == m.end() ? ms::UnitCounts{}.count : it->second.count;
  };
  for (const auto& [id, sa] : a.spaces) {
    if (!b.spaces.count(id)) return false;
    const ms::Space& sb = b.spaces.at(id);
    for (const auto& [f, _] : a.factions)
      if (units_of(sa.units, f) != units_of(sb.units, f)) return false;
    if (sa.utilities.size() != sb.utilities.size() || sa.shields.size() != sb.shields.size()) return false;
    for (std::size_t i = 0; i < sa.utilities.size(); ++i)
      if (sa.utilities[i].owner != sb.utilities[i].owner || sa.utilities[i].workers != sb.utilities[i].workers ||
          sa.utilities[i].guests != sb.utilities[i].guests)
        return false;
    // Shields compared as a set (owner, level): the order a list keeps them in means nothing.
    auto shields_of = [](const ms::Space& sp) {
      std::set<std::pair<ms::FactionId, int>> out;
      for (const auto& sh : sp.shields) out.insert({sh.owner, sh.level});
      return out;
    };
    if (shields_of(sa) != shields_of(sb)) return false;
  }
  for (const auto& [id, ca] : a.cards) {
    if (!b.cards.count(id)) return false;
    const ms::LocationCard& cb = b.cards.at(id);
    if (ca.holder != cb.holder || ca.exposed != cb.exposed || ca.units.count != cb.units.count) return false;
  }
  return true;
}

// A typed state in a line, for a failure message.
std::string describe(const ms::State& s) {
  std::string out;
  for (const auto& [id, f] : s.factions)
    out += id + ": D" + std::to_string(f.population.disaffected) + " S" + std::to_string(f.population.spare) + " L" +
           std::to_string(f.population.located) + " dead " + std::to_string(f.dead) + " E" +
           std::to_string(f.resources.energy) + "; ";
  for (const auto& [id, sp] : s.spaces) {
    out += id + " {";
    for (const auto& [f, u] : sp.units) {
      out += f + ":";
      for (int c : u.count) out += " " + std::to_string(c);
      out += ", ";
    }
    for (const auto& u : sp.utilities) out += "utility " + u.owner + " w" + std::to_string(u.workers) + ", ";
    for (const auto& sh : sp.shields) out += "shield " + sh.owner + " L" + std::to_string(sh.level) + ", ";
    out += "} ";
  }
  for (const auto& [id, c] : s.cards) {
    out += "card " + id + " " + c.holder + (c.exposed ? " up" : " down") + ":";
    for (int n : c.units.count) out += " " + std::to_string(n);
    out += "; ";
  }
  return out;
}

// bug_ai_backs_military.py: the AI's Infantry take a Spare token each, as a human faction's would.
// State: Blue (AI) with 1 Civilian at its home A (Located 1), Spare 1, 1 E; it builds 1 Infantry.
// Right: the AI backs only Civilians, so Spare 1 and Located 1 stay; Energy 1 - 1 = 0; A holds
// 1 Civilian + 1 Infantry = 2 <= 5. The bug: Spare 1 - 1 = 0 and Located 1 + 1 = 2, which no longer
// equals the 1 Civilian it backs. (The JSON edge refuses such a state before the solver sees it, so
// the typed solver judges it.)
TEST(SolverMuster, BugAiBacksMilitaryIsForbiddenByThePopulationClause) {
  const ms::Rules rules = typed_rules();
  ms::State before;
  before.round = 1;
  before.phase = ms::Phase::muster;
  ms::Faction blue;
  blue.kind = ms::FactionKind::ai;
  blue.home = {"A"};
  blue.population = {0, 1, 1};
  blue.resources.energy = 1;
  before.factions["Blue"] = blue;
  before.spaces["A"].units["Blue"][ms::Piece::civilian] = 1;
  ms::Muster act;
  act.faction = "Blue";
  act.builds = {ms::PieceCount{{"A", false}, ms::Piece::infantry, 1}};

  ms::State right = before;
  right.spaces["A"].units["Blue"][ms::Piece::infantry] = 1;
  right.factions["Blue"].resources.energy = 0;
  ms::State wrong = right;
  wrong.factions["Blue"].population = {0, 0, 2};

  // The oracle agrees with the hand-worked right outcome.
  EXPECT_TRUE(same_state(ms::apply(rules, before, act), right)) << describe(ms::apply(rules, before, act));
  const auto ok = sm::check_action(rules, before, act, right, "", solver::Budget{kRlimit});
  EXPECT_EQ(ok.membership, Membership::allowed) << ok.why;
  const auto c = sm::check_action(rules, before, act, wrong, "", solver::Budget{kRlimit});
  EXPECT_EQ(c.membership, Membership::forbidden) << c.why;
  EXPECT_TRUE(names(c, "messina.muster.population")) << c.why;
  for (const auto& clause : c.clauses) std::cout << "bug_ai_backs_military: breaks " << clause << "\n";
}

// Each witness, replayed through the oracle under each reading, gives the solver's outcome for that
// reading (legality, the next state when legal), and the readings' outcomes differ.
TEST(SolverMuster, EveryWitnessSeparatesItsReadingsInTheOracle) {
  const ms::Rules base = typed_rules();
  const auto witnesses = sm::muster_witnesses(base, solver::Budget{});
  EXPECT_EQ(witnesses.size(), 10u);
  for (const auto& w : witnesses) {
    std::cout << w.point << " size " << w.size << "\n";
    EXPECT_EQ(w.ruleset_override, "") << w.point;
    std::set<std::string> outcomes;
    std::vector<ms::State> nexts;
    for (const auto& o : w.outcomes) {
      SCOPED_TRACE(w.point + " " + o.reading);
      ASSERT_FALSE(o.is_query);
      ms::Rules under = base;
      under.readings = with_reading(base.readings, w.point, o.reading);
      bool legal = true;
      std::optional<ms::State> next;
      try {
        next = ms::apply(under, w.example.state, std::get<ms::Action>(w.example.step));
      } catch (const RuleViolation&) {
        legal = false;
      }
      EXPECT_EQ(legal, o.legal);
      if (legal && o.legal) {
        ASSERT_TRUE(o.next.has_value());
        EXPECT_TRUE(same_state(*next, *o.next)) << "the solver's next state differs from the oracle's:\n"
                                                << describe(*next) << "\n"
                                                << describe(*o.next);
        std::size_t k = 0;
        while (k < nexts.size() && !same_state(nexts[k], *next)) ++k;
        if (k == nexts.size()) nexts.push_back(*next);
        outcomes.insert("legal, next state " + std::to_string(k));
      } else {
        outcomes.insert("illegal");
      }
    }
    EXPECT_GT(outcomes.size(), 1u) << w.point;
  }
}

// ---- the search for new findings (undecided steps, dead ends): solver/messina/outcome_search.hpp ----

// Every encoded action, probed on its small shape, has one outcome (its effect decides every
// component) and that outcome is a well-formed state: no undecided step and no dead end. (A
// finding here would be real news for the designer, or a bug in an encoding: either way this
// test must say so.)
TEST(SolverFindings, TheEncodedActionsLeaveNothingUndecidedAndHaveNoDeadEnd) {
  const ms::Rules rules = typed_rules();
  const auto probes = sm::action_probes(rules);
  EXPECT_EQ(probes.size(), 15u);
  const auto found = sm::open_outcomes(probes, rules, solver::Budget{});
  for (const auto& w : found) ADD_FAILURE() << w.point << ": " << w.note;
  EXPECT_TRUE(found.empty());
}

// A step planted through the board API: always legal, and its effect leaves Red's Food to
// nobody (the component is skipped, nothing else speaks of it).
sm::Probe food_left_open() {
  sm::Probe p;
  p.name = "planted-open-food";
  p.shape = sm::small_shape(1, false);
  p.title = "a planted step";
  p.step = [](const sm::SymBoard&) {
    return sm::StepOnBoard{{},
                           [](const sm::SymBoard& before, const sm::SymBoard& after) {
                             sm::Encoded e;
                             e.effect = sm::effect(after, before, {}, "messina.population.tokens",
                                                   {"/factions/Red/resources/food"});
                             return std::optional<sm::Encoded>(e);
                           },
                           [](const z3::model&) { return sm::Step{ms::Action{ms::Hide{"Red", "A"}}}; }};
  };
  return p;
}

// A step planted through the board API: always legal, and its effect takes one Food from Red
// (tagged messina.consumption.cost) whether Red has any or not.
sm::Probe food_taken_blindly() {
  sm::Probe p;
  p.name = "planted-negative-food";
  p.shape = sm::small_shape(1, false);
  p.title = "a planted step";
  p.step = [](const sm::SymBoard&) {
    return sm::StepOnBoard{{},
                           [](const sm::SymBoard& before, const sm::SymBoard& after) {
                             sm::SymBoard next = before;
                             next.factions[0].food = before.factions[0].food - 1;
                             sm::Encoded e;
                             e.effect = sm::effect(after, next,
                                                   {{"/factions/Red/resources/food", "messina.consumption.cost"}},
                                                   "messina.population.tokens");
                             return std::optional<sm::Encoded>(e);
                           },
                           [](const z3::model&) { return sm::Step{ms::Action{ms::Hide{"Red", "A"}}}; }};
  };
  return p;
}

TEST(SolverFindings, APlantedComponentNoEffectDecidesIsFoundUndecided) {
  const ms::Rules rules = typed_rules();
  const auto w = sm::undecided_witness(food_left_open(), rules, solver::Budget{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->point, "messina.undecided.planted-open-food");
  EXPECT_EQ(w->kind, "undecided");
  EXPECT_TRUE(w->is_new);
  // The planted step needs nothing on the board: the smallest board is the empty one (round 1,
  // every count 0), size 0.
  EXPECT_EQ(w->size, 0);
  EXPECT_NE(w->note.find("/factions/Red/resources/food"), std::string::npos) << w->note;
  ASSERT_EQ(w->outcomes.size(), 2u);
  ASSERT_TRUE(w->outcomes[0].next && w->outcomes[1].next);
  // Only Food is left open, so the two outcomes differ in Red's Food; everything else of the empty
  // board stays as it was (Water, Energy and the mat 0).
  const ms::Faction &a = w->outcomes[0].next->factions.at("Red"), &b = w->outcomes[1].next->factions.at("Red");
  EXPECT_NE(a.resources.food, b.resources.food);
  for (const ms::Faction* f : {&a, &b}) {
    EXPECT_EQ(f->resources.water, 0);
    EXPECT_EQ(f->resources.energy, 0);
    EXPECT_EQ(f->population.spare + f->population.located + f->population.disaffected + f->dead, 0);
  }
  // The dead-end search is asked only where the effect decides the outcome; open_outcomes reports
  // the undecided finding alone.
  const auto both = sm::open_outcomes({food_left_open()}, rules, solver::Budget{});
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].kind, "undecided");
}

TEST(SolverFindings, APlantedEffectThatBreaksTheFormatIsFoundADeadEndNamingItsClause) {
  const ms::Rules rules = typed_rules();
  EXPECT_FALSE(sm::undecided_witness(food_taken_blindly(), rules, solver::Budget{}).has_value());
  const auto w = sm::dead_end_witness(food_taken_blindly(), rules, solver::Budget{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->point, "messina.dead-end.planted-negative-food");
  EXPECT_EQ(w->kind, "dead-end");
  EXPECT_TRUE(w->is_new);
  // Food 0 - 1 = -1 breaks "no count is negative"; any Food above 0 leaves a valid state, so the
  // witness has Food 0 (and, being smallest, nothing else): size 0.
  EXPECT_EQ(w->example.state.factions.at("Red").resources.food, 0);
  EXPECT_EQ(w->size, 0);
  // The unsat core of "effect and a well-formed outcome" on that board is the Food effect alone.
  EXPECT_EQ(w->clauses, std::vector<std::string>{"messina.consumption.cost"});
}

}  // namespace
}  // namespace rulecheck::testing

// The two encodings of the Messina rules side by side: the reference oracle (oracle/messina/) and
// the Z3 encoding (solver/messina/), written independently from the same rule texts. Where they
// agree on many cases, that is evidence both are right; every disagreement is a bug in one of them.
//
//   - SolverAgreement.GeneratedCases: cases drawn by `rulecheck::messina_cases` (every action and
//     query type), each under the default readings and again with every interpretation point at a
//     non-default reading. The oracle's outcome must be allowed, and the opposite claim forbidden.
//     RULECHECK_AGREEMENT_CASES sets the number of cases (default 3,000).
//   - SolverAgreement.ConsumptionExhaustive: every Consumption of one human faction over a box of
//     Disaffected, Spare, Located, Food and Water (a slice by default; RULECHECK_EXHAUSTIVE=1: the
//     whole box, about 225,000 states), the oracle's outcome checked against arithmetic worked from
//     the text and allowed by the solver.
//   - SolverAgreementFixed: the disagreements found this way, kept as cases.
#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "common/number.hpp"
#include "oracle/messina/oracle.hpp"
#include "properties/generators/generated_case.hpp"
#include "solver/messina/solver.hpp"
#include "tests/messina_rules.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

namespace ms = rulecheck::messina;
using generators::GeneratedCase;
using Clock = std::chrono::steady_clock;

constexpr unsigned kRlimit = 50'000'000;

// A count from the environment, read strictly (common/number.hpp): junk is an error, never a number.
long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  const auto n = rulecheck::parse_count(v, LONG_MAX);
  if (!n) throw std::invalid_argument(std::string(name) + "=" + v + " is not a count");
  return static_cast<long>(*n);
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// ---------------------------------------------------------------- readings

// The readings JSON with every point at reading number `index` of its list (the last one when it
// has fewer): index 0 is every default, 1 every first alternative, 2 the third reading of the
// three-way points (the others at their first alternative).
json readings_numbered(std::size_t index) {
  const GameRules& rules = *library().find("messina");
  json chosen = json::object();
  for (const InterpretationPoint& p : rules.points) {
    if (index == 0) continue;
    chosen[p.id] = p.readings.at(std::min(index, p.readings.size() - 1));
  }
  return rules.readings(chosen);
}

// ---------------------------------------------------------------- one case, both encodings

// Per action or query type: how the solver judged the oracle's outcomes.
struct Tally {
  int checked = 0;
  int legal = 0;  // actions the oracle found legal (or queries answered true/non-empty)
  int not_encoded = 0;
  int unknown = 0;
  int disagreements = 0;  // the oracle's outcome forbidden, the opposite claim allowed, or another next state
  int both_ways = 0;      // legal next states asked whether they are the only one the relation allows
};

struct Disagreement {
  std::string kind;
  std::string readings;
  json state, request, oracle, claim;
  OutcomeCheck verdict;
  bool opposite = false;  // the opposite claim was allowed (rather than the oracle's forbidden)
  bool another = false;   // the relation allows the oracle's next state and another one too
};

// The claim that contradicts the oracle's answer to a query, or null where there is none.
json opposite_answer(const json& state, const json& request, const json& answer) {
  if (answer.is_boolean()) return !answer.get<bool>();
  if (answer.is_array()) {  // the Friendly Area: one space fewer, or one more
    json other = answer;
    if (!other.empty()) {
      other.erase(other.size() - 1);
      return other;
    }
    other.push_back(state.at("spaces").begin().key());
    return other;
  }
  // The tie-break winner: nobody instead of the winner, or the first side instead of nobody.
  if (!answer.is_null()) return nullptr;
  return request.at("sides").at(0);
}

class Agreement {
 public:
  void check(const BoundRules& rules, const std::string& readings_name, const GeneratedCase& c) {
    Tally& t = tallies_[c.kind];
    ++t.checked;
    const json state = rules.canonical_state(c.state);
    json outcome, opposite;
    if (c.is_query) {
      const json answer = rules.query(state, c.request);
      outcome = {{"result", answer}};
      const json other = opposite_answer(state, c.request, answer);
      if (!(answer.is_null() && other.is_null())) opposite = {{"result", other}};
      if (answer == true || (answer.is_array() && !answer.empty()) || answer.is_string()) ++t.legal;
    } else {
      const ApplyOutcome o = rules.apply(state, c.request);
      if (o.legal) {
        ++t.legal;
        outcome = {{"legal", true}, {"state", *o.state}};
        opposite = {{"legal", false}, {"rule", ""}};
      } else {
        outcome = {{"legal", false}, {"rule", o.rule}};
        opposite = {{"legal", true}, {"state", state}};
      }
    }
    const OutcomeCheck verdict = rules.check_outcome(state, c.request, c.is_query, outcome, kRlimit);
    if (!judged(t, verdict)) return;
    if (verdict.membership != Membership::allowed) {
      note(t, {c.kind, readings_name, state, c.request, outcome, outcome, verdict, false});
      return;
    }
    if (outcome.contains("state")) {
      // Both ways: the oracle's next state must be the only one the relation allows.
      const OutcomeCheck only = rules.check_only_outcome(state, c.request, outcome, kRlimit);
      ++t.both_ways;
      if (only.membership == Membership::forbidden)
        note(t, {c.kind, readings_name, state, c.request, outcome, outcome, only, false, true});
      else if (!judged(t, only))
        return;
    }
    if (opposite.is_null()) return;
    const OutcomeCheck against = rules.check_outcome(state, c.request, c.is_query, opposite, kRlimit);
    if (!judged(t, against)) return;
    if (against.membership != Membership::forbidden)
      note(t, {c.kind, readings_name, state, c.request, outcome, opposite, against, true});
  }

  const std::map<std::string, Tally>& tallies() const { return tallies_; }
  const std::vector<Disagreement>& disagreements() const { return disagreements_; }

 private:
  // Counts a verdict that is neither allowed nor forbidden; false when it ends the case.
  static bool judged(Tally& t, const OutcomeCheck& v) {
    if (v.membership == Membership::not_encoded) ++t.not_encoded;
    if (v.membership == Membership::unknown) ++t.unknown;
    return v.membership == Membership::allowed || v.membership == Membership::forbidden;
  }
  void note(Tally& t, Disagreement d) {
    ++t.disagreements;
    if (disagreements_.size() < 20) disagreements_.push_back(std::move(d));
  }

  std::map<std::string, Tally> tallies_;
  std::vector<Disagreement> disagreements_;
};

void print(const Disagreement& d) {
  std::cout << "DISAGREEMENT " << d.kind << " (" << d.readings << ")"
            << (d.another    ? ": the relation allows another next state too"
                : d.opposite ? ": the opposite claim was not forbidden"
                             : ": the oracle's outcome was not allowed")
            << "\n  state:   " << d.state.dump() << "\n  request: " << d.request.dump()
            << "\n  oracle:  " << d.oracle.dump() << "\n  claim:   " << d.claim.dump()
            << "\n  solver:  " << membership_name(d.verdict.membership) << " " << d.verdict.why << " ["
            << fmt::format("{}", fmt::join(d.verdict.clauses, ", ")) << "]\n";
}

// Every action and query type the generator draws.
const std::set<std::string> kEveryType = {
    "consume",  "place",           "convert",       "release", "muster",      "rearm",     "expose",   "hide",
    "transfer", "end-exploration", "friendly-area", "hostile", "must-expose", "tie-break", "bombable", "support-cut"};

// Types whose not-encoded or unknown verdicts are accepted, and why. (None: every type is encoded
// and decided within the budget.)
const std::map<std::string, std::string> kDocumentedGaps = {};

TEST(SolverAgreement, GeneratedCasesOfEveryTypeAgreeUnderDefaultAndOtherReadings) {
  const long cases = env_number("RULECHECK_AGREEMENT_CASES", 3000);
  const auto defaults = bind_game("messina", json::object(), readings_numbered(0));
  const auto others1 = bind_game("messina", json::object(), readings_numbered(1));
  const auto others2 = bind_game("messina", json::object(), readings_numbered(2));
  const rc::Gen<GeneratedCase> gen = generators::messina_cases(library().find("messina")->merged_ruleset({}));
  rc::Random random(20261123);
  Agreement agreement;
  const auto start = Clock::now();
  for (long n = 0; n < cases; ++n) {
    const GeneratedCase c = gen(random.split(), static_cast<int>(n % (rc::kNominalSize + 1))).value();
    // The second pass alternates between the first and the last alternative of the three-way points.
    const bool third = n % 2 == 1;
    try {
      agreement.check(*defaults, "defaults", c);
      agreement.check(third ? *others2 : *others1, third ? "last alternatives" : "first alternatives", c);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "case " << n << " threw: " << e.what() << "\n" << c.state.dump() << "\n" << c.request.dump();
    }
  }
  const double took = seconds_since(start);
  std::cout << fmt::format("{} generated cases, each under two sets of readings, in {:.1f} s\n", cases, took);
  std::cout << fmt::format("{:<16} {:>8} {:>8} {:>9} {:>12} {:>8} {:>14}\n", "type", "checked", "legal/yes",
                           "both-ways", "not-encoded", "unknown", "disagreements");
  std::set<std::string> seen;
  for (const auto& [kind, t] : agreement.tallies()) {
    seen.insert(kind);
    std::cout << fmt::format("{:<16} {:>8} {:>8} {:>9} {:>12} {:>8} {:>14}\n", kind, t.checked, t.legal, t.both_ways,
                             t.not_encoded, t.unknown, t.disagreements);
    EXPECT_EQ(t.disagreements, 0) << kind;
    if (!kDocumentedGaps.count(kind)) {
      EXPECT_EQ(t.not_encoded, 0) << kind;
      EXPECT_EQ(t.unknown, 0) << kind;
    }
  }
  for (const auto& d : agreement.disagreements()) print(d);
  EXPECT_EQ(seen, kEveryType);
}

// Every reading of every point, for the generator to draw from (CaseOptions::readings).
json every_reading(const GameRules& rules) {
  json out = json::object();
  for (const InterpretationPoint& p : rules.points) out[p.id] = p.readings;
  return out;
}

// The same agreement under rulesets and readings drawn per case: the generator samples every key of
// rules/messina/ruleset.json within what the rules allow and one reading of every point, and each
// case is bound to what it drew. A blind spot of either encoding that only shows under a non-default
// number or reading shows here.
TEST(SolverAgreement, GeneratedCasesAgreeUnderSampledRulesetsAndReadings) {
  const long cases = env_number("RULECHECK_AGREEMENT_CASES", 3000);
  const GameRules& rules = *library().find("messina");
  generators::CaseOptions options;
  options.sample_ruleset = true;
  options.sample_unit_tokens = true;
  options.readings = every_reading(rules);
  for (const InterpretationPoint& p : rules.points) options.default_readings[p.id] = p.default_reading;
  const rc::Gen<GeneratedCase> gen = generators::messina_cases(rules.merged_ruleset({}), options);
  rc::Random random(20261125);
  Agreement agreement;
  std::size_t sampled = 0, other_readings = 0;
  std::set<std::string> keys_drawn, readings_drawn;  // away from the default, in some case
  for (long n = 0; n < cases; ++n) {
    const GeneratedCase c = gen(random.split(), static_cast<int>(n % (rc::kNominalSize + 1))).value();
    if (!c.ruleset.empty()) ++sampled;
    if (!c.interpretations.empty()) ++other_readings;
    ruleset_paths(c.ruleset, keys_drawn);
    readings_named(c.interpretations, readings_drawn);
    try {
      const auto bound = bind_game("messina", c.ruleset, c.interpretations);
      agreement.check(*bound, c.interpretations.dump() + " " + c.ruleset.dump(), c);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "case " << n << " threw: " << e.what() << "\n" << c.ruleset.dump() << "\n"
                    << c.state.dump() << "\n" << c.request.dump();
    }
  }
  std::cout << fmt::format("{} generated cases: {} under a sampled ruleset, {} under non-default readings\n", cases,
                           sampled, other_readings);
  for (const auto& [kind, t] : agreement.tallies()) {
    EXPECT_EQ(t.disagreements, 0) << kind;
    if (!kDocumentedGaps.count(kind)) {
      EXPECT_EQ(t.not_encoded, 0) << kind;
      EXPECT_EQ(t.unknown, 0) << kind;
    }
  }
  for (const auto& d : agreement.disagreements()) print(d);
  // The sample must reach beyond the defaults, or this test says nothing the one above does not.
  EXPECT_GT(sampled, static_cast<std::size_t>(cases / 10));
  EXPECT_GT(other_readings, static_cast<std::size_t>(cases / 10));
  // ... and reach every key of ruleset.json (the tokens of Civilians and Infantry too:
  // CaseOptions::sample_unit_tokens) and every reading of every point, each in some case.
  EXPECT_EQ(keys_drawn, every_ruleset_path("messina"));
  EXPECT_EQ(readings_drawn, every_other_reading("messina"));
}

// ---------------------------------------------------------------- SolverAgreementFixed

// Found by the sampled agreement with the tokens of Civilians and Infantry drawn too (issue 21): a
// conversion or an equip between kinds that take different tokens moved no token, and the oracle's
// next state was not a state (its Located no longer matched its units). Converting and equipping
// move no token on the mat (messina.population.interconversion: the unit steps onto or off a
// Utility; messina.muster.equip.stacking: the number of units does not change), so the two kinds must
// take the same tokens: otherwise the step is illegal, in both encodings.
//
// Ruleset: a Civilian takes 2 tokens. UE (human), home A, in Industry: 1 Civilian at A (Located 2),
// its own empty Utility there. Civilian -> Worker: the Worker would take 1 token, the Civilian 2.
TEST(SolverAgreementFixed, ACivilianTakingTwoTokensCannotBecomeAOneTokenWorker) {
  const auto rules = bind_game("messina", {{"units", {{"civilian", {{"population", 2}}}}}});
  const json state = json::parse(R"({"round": 2, "phase": "industry",
    "factions": {"UE": {"kind": "human", "home": ["A"], "population": {"located": 2}}},
    "spaces": {"A": {"adjacent": [], "units": {"UE": {"civilian": 1}}, "utilities": [{"owner": "UE"}]}}})");
  const json convert = json::parse(R"({"type": "convert", "faction": "UE", "at": "A", "from": "civilian", "to": "worker"})");
  const ApplyOutcome o = rules->apply(state, convert);
  ASSERT_FALSE(o.legal);
  EXPECT_EQ(o.rule, "messina.population.interconversion");
  const OutcomeCheck c = rules->check_outcome(state, convert, false, {{"legal", false}, {"rule", o.rule}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << c.why;
  // Under the default table (1 token each) the same conversion is legal and allowed: Located stays 1.
  const auto defaults = bind_game("messina");
  json one = state;
  one["factions"]["UE"]["population"]["located"] = 1;
  const ApplyOutcome d = defaults->apply(one, convert);
  ASSERT_TRUE(d.legal) << d.reason;
  EXPECT_EQ((*d.state)["factions"]["UE"]["population"]["located"], 1);
  EXPECT_EQ(defaults->check_outcome(one, convert, false, {{"legal", true}, {"state", *d.state}}, kRlimit).membership,
            Membership::allowed);
}

// Ruleset: Infantry takes 2 tokens. UE (human), home A, Muster round 3: 1 Civilian at A (Located 1),
// 1 E. Equipping it would turn a 1-token unit into a 2-token one with no token moved.
TEST(SolverAgreementFixed, EquippingACivilianIntoInfantryOfAnotherTokenCountIsIllegal) {
  const auto rules = bind_game("messina", {{"units", {{"infantry", {{"population", 2}}}}}});
  const json state = json::parse(R"({"round": 3, "phase": "muster",
    "factions": {"UE": {"kind": "human", "home": ["A"], "population": {"located": 1}, "resources": {"energy": 1}}},
    "spaces": {"A": {"adjacent": [], "units": {"UE": {"civilian": 1}}}}})");
  const json equip = json::parse(R"({"type": "muster", "faction": "UE", "equip": [{"at": "A", "count": 1}]})");
  const ApplyOutcome o = rules->apply(state, equip);
  ASSERT_FALSE(o.legal);
  EXPECT_EQ(o.rule, "messina.muster.equip");
  const OutcomeCheck c = rules->check_outcome(state, equip, false, {{"legal", false}, {"rule", o.rule}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << c.why;
}

// Ruleset: a Civilian takes 2 tokens. UE (human), home A, before orders: Spare 3, no units. Placing a
// Civilian at A moves the 2 tokens it takes (messina.population.placement.spare-to-located: the
// corresponding tokens): Spare 3 - 2 = 1, Located 0 + 2 = 2. Two Civilians would need 4 of the 3:
// illegal (messina.population.placement.spare-required). Before, both encodings moved one token per
// Civilian, a state that is not one (Located 1 for a Civilian taking 2).
TEST(SolverAgreementFixed, APlacedCivilianMovesTheTokensItsKindTakes) {
  const auto rules = bind_game("messina", {{"units", {{"civilian", {{"population", 2}}}}}});
  const json state = json::parse(R"({"round": 2, "phase": "orders",
    "factions": {"UE": {"kind": "human", "home": ["A"], "population": {"spare": 3}}},
    "spaces": {"A": {"adjacent": [], "shield": {"owner": "UE", "level": 1}}}})");
  const json one = json::parse(R"({"type": "place", "faction": "UE", "when": "before-orders",
    "placements": [{"at": "A", "unit": "civilian"}]})");
  const ApplyOutcome o = rules->apply(state, one);
  ASSERT_TRUE(o.legal) << o.reason;
  EXPECT_EQ((*o.state)["factions"]["UE"]["population"], json({{"spare", 1}, {"located", 2}}));
  const OutcomeCheck c = rules->check_outcome(state, one, false, {{"legal", true}, {"state", *o.state}}, kRlimit);
  EXPECT_EQ(c.membership, Membership::allowed) << c.why;
  json two = one;
  two["placements"][0]["count"] = 2;
  const ApplyOutcome t = rules->apply(state, two);
  ASSERT_FALSE(t.legal);
  EXPECT_EQ(t.rule, "messina.population.placement.spare-required");
  EXPECT_EQ(rules->check_outcome(state, two, false, {{"legal", false}, {"rule", t.rule}}, kRlimit).membership,
            Membership::allowed);
}

// ---------------------------------------------------------------- Consumption, exhaustively

ms::Rules typed_rules() { return messina_typed_rules(); }

// What one Consumption does to a faction, worked from the text alone: the bill is 1 F and 1 W per
// t tokens (t = tokens_per_food_and_water), rounded up; the tokens supplied are t per unit of the
// scarcer resource, at most P; the more plentiful resource is spent up to the bill. Full feeding
// frees Disaffected (if any were there at the start); a shortfall is paid from Disaffected (who
// die), then Spare, then Located (both into Disaffected), and whatever is left is not paid.
struct Consumed {
  int disaffected, spare, located, dead, food, water;
  int step3;  // the Located tokens step 3 moves (= Civilians disbanded)
};

Consumed consume_by_hand(const ms::Ruleset& n, int d, int s, int l, int f, int w) {
  const int t = n.tokens_per_food_and_water;
  const int p = d + s + l;
  const int bill = (p + t - 1) / t;
  Consumed out{d, s, l, 0, f - std::min(f, bill), w - std::min(w, bill), 0};
  if (f >= bill && w >= bill) {
    const int freed = d >= 1 ? std::min(d, n.disaffected_recovered_after_full_feeding) : 0;
    out.disaffected -= freed;
    out.spare += freed;
    return out;
  }
  int shortfall = p - std::min({t * f, t * w, p});
  const int step1 = std::min(shortfall, d);
  shortfall -= step1;
  const int step2 = std::min(shortfall, s);
  shortfall -= step2;
  const int step3 = std::min(shortfall, l);
  out.dead = step1;
  out.disaffected = d - step1 + step2 + step3;
  out.spare = s - step2;
  out.located = l - step3;
  out.step3 = step3;
  return out;
}

ms::State consumption_state(int d, int s, int l, int f, int w) {
  ms::State st;
  st.round = 2;
  st.phase = ms::Phase::consumption;
  ms::Faction red;
  red.kind = ms::FactionKind::human;
  red.home = {"A"};
  red.population = {d, s, l};
  red.resources.food = f;
  red.resources.water = w;
  st.factions["Red"] = red;
  st.spaces["A"].units["Red"][ms::Piece::civilian] = l;
  return st;
}

TEST(SolverAgreement, ConsumptionExhaustiveOracleMatchesTheTextAndTheSolverAllowsIt) {
  const bool all = env_number("RULECHECK_EXHAUSTIVE", 0) == 1;
  const int max_pop = all ? 10 : 4;
  const int max_res = all ? 12 : 6;
  const ms::Rules rules = typed_rules();
  const auto start = Clock::now();
  long states = 0, failures = 0, by_hand_wrong = 0;
  for (int d = 0; d <= max_pop; ++d)
    for (int s = 0; s <= max_pop; ++s)
      for (int l = 0; l <= max_pop; ++l)
        for (int f = 0; f <= max_res; ++f)
          for (int w = 0; w <= max_res; ++w) {
            ++states;
            const Consumed want = consume_by_hand(rules.numbers, d, s, l, f, w);
            const ms::State before = consumption_state(d, s, l, f, w);
            ms::Consume act{"Red", {}};
            if (want.step3 > 0) act.disband.push_back(ms::PieceCount{{"A", false}, ms::Piece::civilian, want.step3});
            const ms::State after = ms::apply(rules, before, act);
            const ms::Faction& r = after.factions.at("Red");
            const ms::UnitCounts left =
                after.spaces.at("A").units.count("Red") ? after.spaces.at("A").units.at("Red") : ms::UnitCounts{};
            if (r.population.disaffected != want.disaffected || r.population.spare != want.spare ||
                r.population.located != want.located || r.dead != want.dead || r.resources.food != want.food ||
                r.resources.water != want.water || left[ms::Piece::civilian] != want.located) {
              if (++by_hand_wrong <= 5)
                ADD_FAILURE() << fmt::format("D{} S{} L{} F{} W{}: the oracle differs from the text's arithmetic", d, s,
                                             l, f, w);
            }
            const OutcomeCheck c =
                solver::messina::check_action(rules, before, act, after, "", solver::Budget{kRlimit});
            if (c.membership != Membership::allowed && ++failures <= 5)
              ADD_FAILURE() << fmt::format("D{} S{} L{} F{} W{}: solver {} {} [{}]", d, s, l, f, w,
                                           membership_name(c.membership), c.why, fmt::join(c.clauses, ", "));
          }
  const double took = seconds_since(start);
  std::cout << fmt::format(
      "{} Consumption states (D,S,L 0..{}, F,W 0..{}) in {:.1f} s: {} not allowed, {} off the "
      "text's arithmetic\n",
      states, max_pop, max_res, took, failures, by_hand_wrong);
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(by_hand_wrong, 0);
  EXPECT_EQ(states, all ? 11L * 11 * 11 * 13 * 13 : 5L * 5 * 5 * 7 * 7);
}

// The hand arithmetic itself, on the text's own example: P = 20 (cost 10 F + 10 W), 5 F and 3 W:
// 6 tokens fed, shortfall 14, all 5 F and 3 W spent. With 4 Disaffected, 6 Spare, 10 Located:
// step 1 kills 4, step 2 moves 6, step 3 moves 4 of the Located.
TEST(SolverAgreement, ConsumptionArithmeticOnTheTextsExample) {
  const Consumed c = consume_by_hand(typed_rules().numbers, 4, 6, 10, 5, 3);
  EXPECT_EQ(c.dead, 4);
  EXPECT_EQ(c.spare, 0);
  EXPECT_EQ(c.step3, 4);
  EXPECT_EQ(c.located, 6);
  EXPECT_EQ(c.disaffected, 10);
  EXPECT_EQ(c.food, 0);
  EXPECT_EQ(c.water, 0);
  // 7 tokens cost 4 F and 4 W (rounded up); fully fed with 1 Disaffected: it becomes Spare.
  const Consumed fed = consume_by_hand(typed_rules().numbers, 1, 2, 4, 5, 4);
  EXPECT_EQ(fed.food, 1);
  EXPECT_EQ(fed.water, 0);
  EXPECT_EQ(fed.disaffected, 0);
  EXPECT_EQ(fed.spare, 3);
}

}  // namespace
}  // namespace rulecheck::testing

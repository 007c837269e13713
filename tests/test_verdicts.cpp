// How the solver's word changes a failing case's verdict (harness/pipeline.hpp, weigh_with_solver):
// an alternative only when the solver allows both the engine's outcome and the oracle's own; disputed
// whenever it forbids the oracle's; otherwise the failure stands. The rules here are a stand-in whose
// solver answers are set per outcome, so each branch is reached on purpose.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "harness/corpus.hpp"
#include "harness/pipeline.hpp"
#include "reports/reporter.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

// Rules whose solver says `for_engine` of the engine's outcome and `for_oracle` of the oracle's (told
// apart by the outcome's "legal": the engine claims legal, the oracle illegal).
class StandInRules final : public BoundRules {
 public:
  StandInRules(Membership for_engine, Membership for_oracle, Membership only = Membership::not_encoded)
      : engine_(for_engine), oracle_(for_oracle), only_(only) {}
  json canonical_state(const json& state) const override { return state; }
  std::vector<StateInvariantBreak> reachability_breaks(const json&) const override { return {}; }
  ApplyOutcome apply(const json&, const json&) const override { return {}; }
  ApplyOutcome apply_as(const json&, const json&, NextState) const override { return {}; }
  json query(const json&, const json&) const override { return nullptr; }
  Explanation explain(const json&, const json&, bool) const override { return {}; }
  OutcomeCheck check_outcome(const json&, const json&, bool, const json& claimed, unsigned) const override {
    const bool engines = claimed.value("legal", false);
    const Membership m = engines ? engine_ : oracle_;
    return OutcomeCheck{m, m == Membership::forbidden ? std::vector<std::string>{engines ? "c.engine" : "c.oracle"}
                                                      : std::vector<std::string>{},
                        engines ? "about the engine's" : "about the oracle's"};
  }
  OutcomeCheck check_only_outcome(const json&, const json&, const json&, unsigned) const override {
    return OutcomeCheck{only_, {}, only_ == Membership::forbidden ? "another next state, where /n: 2 instead of 1" : "-"};
  }

 private:
  Membership engine_, oracle_, only_;
};

const json kEngine = {{"legal", true}, {"state", {{"n", 1}}}};
const json kOracle = {{"legal", false}, {"rule", "c.oracle"}};

CaseResult weighed(Membership for_engine, Membership for_oracle, unsigned rlimit = 1000) {
  CaseResult r;
  r.verdict = Verdict::fail;
  r.patch = json::array({{{"op", "replace"}, {"path", "/legal"}, {"value", false}}});
  r.clauses = {"c.cited"};
  Step step;
  step.request = {{"type", "x"}};
  weigh_with_solver(r, StandInRules(for_engine, for_oracle), json::object(), step, kEngine, kOracle, rlimit);
  return r;
}

TEST(SolverVerdict, BothOutcomesAllowedIsAnAlternative) {
  const CaseResult r = weighed(Membership::allowed, Membership::allowed);
  EXPECT_EQ(r.verdict, Verdict::alternative);
  EXPECT_NE(r.message.find("/legal"), std::string::npos) << r.message;  // says where the choice is
  EXPECT_FALSE(is_problem(r.verdict));
}

TEST(SolverVerdict, TheSolverForbiddingTheOraclesOutcomeIsDisputedWhateverItSaysOfTheEngines) {
  for (Membership engine : {Membership::allowed, Membership::forbidden}) {
    const CaseResult r = weighed(engine, Membership::forbidden);
    EXPECT_EQ(r.verdict, Verdict::disputed) << membership_name(engine);
    EXPECT_EQ(r.oracle_outcome, kOracle);
    EXPECT_NE(r.solver_why.find("oracle"), std::string::npos) << r.solver_why;
    EXPECT_EQ(r.solver_clauses, std::vector<std::string>{"c.oracle"});
    EXPECT_TRUE(is_problem(r.verdict));
  }
}

TEST(SolverVerdict, AnEngineOutcomeAllowedWhileTheOraclesIsUndecidedStaysAFailure) {
  for (Membership oracle : {Membership::unknown, Membership::not_encoded}) {
    const CaseResult r = weighed(Membership::allowed, oracle);
    EXPECT_EQ(r.verdict, Verdict::fail) << membership_name(oracle);
    EXPECT_NE(r.solver_why.find("the failure stands"), std::string::npos) << r.solver_why;
  }
}

TEST(SolverVerdict, AForbiddenEngineOutcomeFailsWithTheClausesItBreaks) {
  const CaseResult r = weighed(Membership::forbidden, Membership::allowed);
  EXPECT_EQ(r.verdict, Verdict::fail);
  EXPECT_EQ(r.clauses, (std::vector<std::string>{"c.cited", "c.engine"}));
  EXPECT_EQ(r.solver, "forbidden");
}

TEST(SolverVerdict, NoBudgetAsksNothing) {
  const CaseResult r = weighed(Membership::allowed, Membership::allowed, /*rlimit=*/0);
  EXPECT_EQ(r.verdict, Verdict::fail);
  EXPECT_TRUE(r.solver.empty());
}

TEST(SolverVerdict, DisputedAndKnownAreCountedAndOnlyDisputedIsAProblem) {
  Summary s;
  for (Verdict v : {Verdict::pass, Verdict::known, Verdict::disputed, Verdict::disputed}) {
    CaseResult r;
    r.target = v == Verdict::pass ? "a" : "b";
    r.verdict = v;
    s.add(r);
  }
  EXPECT_EQ(s.total(), 4u);
  EXPECT_EQ(s.count(Verdict::disputed), 2u);
  EXPECT_EQ(s.count(Verdict::known), 1u);
  EXPECT_EQ(s.problems(), 2u);
  ASSERT_EQ(s.by_target.size(), 2u);
  EXPECT_EQ(s.by_target[1].second[static_cast<std::size_t>(Verdict::disputed)], 2u);
}

TEST(SolverVerdict, TheConsoleShowsADisputedCaseWithTheOraclesOutcomeAndCountsIt) {
  std::ostringstream out;
  auto console = make_console_reporter(out, false, false);
  console->begin(RunInfo{});
  CaseResult r = weighed(Membership::allowed, Membership::forbidden);
  r.id = "x/y";
  r.target = "engine";
  console->case_done(r);
  Summary s;
  s.add(r);
  console->end(s);
  const std::string text = out.str();
  EXPECT_NE(text.find("DISPUTED x/y [engine]"), std::string::npos) << text;
  EXPECT_NE(text.find("oracle:  " + kOracle.dump()), std::string::npos) << text;
  EXPECT_NE(text.find("1 disputed"), std::string::npos) << text;
}

// ---------------------------------------------------------------- run --with-solver (N-version mode)

// Every id is a clause of rules/messina/clauses.json.
bool library_has(const std::vector<std::string>& ids) {
  const GameRules& g = *testing::library().find("messina");
  for (const auto& id : ids)
    if (!g.has_clause(id)) return false;
  return true;
}

// The solver's verdict on the oracle's own outcome at one step, through check_oracle_with_solver.
CaseResult checked_oracle(Membership for_oracle) {
  CaseResult r;
  r.cites = {"c.cited"};
  Step step;
  step.request = {{"type", "x"}};
  check_oracle_with_solver(r, StandInRules(Membership::allowed, for_oracle), json::object(), 3, step, kOracle, 1000);
  return r;
}

TEST(WithSolver, EachVerdictOnTheOraclesOutcomeIsCountedAndOnlyForbiddenIsDisputed) {
  for (Membership m : {Membership::allowed, Membership::unknown, Membership::not_encoded}) {
    const CaseResult r = checked_oracle(m);
    EXPECT_EQ(r.verdict, Verdict::pass) << membership_name(m);
    EXPECT_EQ(r.solver_steps.checked(), 1u);
  }
  EXPECT_EQ(checked_oracle(Membership::allowed).solver_steps.allowed, 1u);
  EXPECT_EQ(checked_oracle(Membership::unknown).solver_steps.unknown, 1u);
  EXPECT_EQ(checked_oracle(Membership::not_encoded).solver_steps.not_encoded, 1u);
  const CaseResult r = checked_oracle(Membership::forbidden);
  EXPECT_EQ(r.verdict, Verdict::disputed);
  EXPECT_EQ(r.step, 3);
  EXPECT_EQ(r.solver_steps.forbidden, 1u);
  EXPECT_EQ(r.solver, "forbidden");
  EXPECT_EQ(r.solver_clauses, std::vector<std::string>{"c.oracle"});
  EXPECT_EQ(r.oracle_outcome, kOracle);
  EXPECT_EQ(r.clauses, (std::vector<std::string>{"c.cited", "c.oracle"}));
  EXPECT_NE(r.message.find("step 3: the solver forbids the oracle's own outcome (illegal by c.oracle)"),
            std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("clauses broken: c.oracle"), std::string::npos) << r.message;
}

// Both ways: a legal next state the solver allows is asked whether it is the only one; another one
// allowed is a disagreement of the two encodings (disputed), undecided is counted apart.
TEST(WithSolver, ALegalNextStateThatIsNotTheOnlyOneTheSolverAllowsIsDisputed) {
  Step step;
  step.request = {{"type", "x"}};
  auto asked = [&](Membership only) {
    CaseResult r;
    r.cites = {"c.cited"};
    // kEngine is a legal outcome with a next state: here it stands for the oracle's
    check_oracle_with_solver(r, StandInRules(Membership::allowed, Membership::allowed, only), json::object(), 2, step,
                             kEngine, 1000);
    return r;
  };
  const CaseResult only = asked(Membership::allowed);
  EXPECT_EQ(only.verdict, Verdict::pass);
  EXPECT_EQ(only.solver_steps.only, 1u);
  EXPECT_EQ(asked(Membership::unknown).solver_steps.only_unknown, 1u);
  EXPECT_EQ(asked(Membership::unknown).verdict, Verdict::pass);
  const CaseResult other = asked(Membership::forbidden);
  EXPECT_EQ(other.verdict, Verdict::disputed);
  EXPECT_EQ(other.step, 2);
  EXPECT_EQ(other.solver_steps.allowed, 1u);
  EXPECT_EQ(other.solver_steps.other, 1u);
  EXPECT_EQ(other.oracle_outcome, kEngine);
  EXPECT_NE(other.message.find("/n: 2 instead of 1"), std::string::npos) << other.message;
  // an illegal outcome is not asked the other way round
  EXPECT_EQ(checked_oracle(Membership::allowed).solver_steps.asked_both_ways(), 0u);
}

// The real Messina encoding, on an outcome it forbids: a Consumption by a fully fed faction whose
// claimed next state keeps its Food. Red: D 0, S 1, L 1 (one Civilian), F 3, W 3. P = 2, the bill
// ceil(2/2) = 1 F and 1 W: Food 3 -> 2, Water 3 -> 2. Claimed: Food left at 3 (the bill unpaid).
TEST(WithSolver, AnOutcomeTheSolverForbidsMakesTheCaseDisputedNamingTheClauseItBreaks) {
  const auto rules = testing::bind_game("messina");
  const json before = {
      {"round", 2},
      {"factions",
       {{"Red",
         {{"kind", "human"},
          {"home", {"A"}},
          {"population", {{"spare", 1}, {"located", 1}}},
          {"resources", {{"food", 3}, {"water", 3}}}}}}},
      {"spaces", {{"A", {{"adjacent", json::array()}, {"units", {{"Red", {{"civilian", 1}}}}}}}}}};
  Step step;
  step.request = {{"type", "consume"}, {"faction", "Red"}};
  const ApplyOutcome fed = rules->apply(before, step.request);
  ASSERT_TRUE(fed.legal) << fed.reason;
  ASSERT_EQ((*fed.state)["factions"]["Red"]["resources"]["food"], 2);  // the hand arithmetic above
  CaseResult right;
  EXPECT_FALSE(check_oracle_with_solver(right, *rules, before, 0, step, {{"legal", true}, {"state", *fed.state}},
                                        50'000'000));
  EXPECT_EQ(right.solver_steps.allowed, 1u);
  EXPECT_EQ(right.solver_steps.only, 1u);  // and the only next state the relation allows
  json unpaid = *fed.state;
  unpaid["factions"]["Red"]["resources"]["food"] = 3;
  CaseResult r;
  EXPECT_TRUE(check_oracle_with_solver(r, *rules, before, 0, step, {{"legal", true}, {"state", unpaid}}, 50'000'000));
  EXPECT_EQ(r.verdict, Verdict::disputed);
  EXPECT_TRUE(is_problem(r.verdict));
  EXPECT_EQ(r.solver, "forbidden");
  ASSERT_FALSE(r.solver_clauses.empty());
  EXPECT_NE(r.message.find(r.solver_clauses.front()), std::string::npos) << r.message;
  EXPECT_TRUE(library_has(r.solver_clauses));
}

// run_on_oracle checks every step with the solver when given a budget, and none without: a scenario of
// the corpus with several steps, its steps counted.
TEST(WithSolver, RunOnOracleChecksEveryStepOnlyWhenGivenABudget) {
  const Corpus corpus = load_corpus(
      {(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios" / "messina" / "consumption").string()},
      testing::library());
  std::size_t cases = 0;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const auto s = corpus.get(i);
    const GameRules& rules = *testing::library().find(s->game);
    const CaseResult with = run_on_oracle(*s, rules, true, 50'000'000);
    EXPECT_EQ(with.verdict, Verdict::pass) << s->id << ": " << with.message;
    EXPECT_EQ(with.solver_steps.checked(), s->steps.size()) << s->id;
    EXPECT_EQ(with.solver_steps.allowed, s->steps.size()) << s->id;  // every Consumption step is encoded
    EXPECT_EQ(run_on_oracle(*s, rules).solver_steps.checked(), 0u) << s->id;
    ++cases;
  }
  EXPECT_GT(cases, 10u);
}

TEST(WithSolver, TheSummaryCountsTheStepsAndSaysSoEvenWhenNoneWasChecked) {
  Summary s;
  EXPECT_EQ(solver_steps_text(s), "");  // not asked: no line
  s.with_solver = true;
  EXPECT_NE(solver_steps_text(s).find("with solver: 0 step(s) checked"), std::string::npos);
  CaseResult r = checked_oracle(Membership::forbidden);
  r.solver_steps.allowed = 4;
  r.solver_steps.not_encoded = 2;
  s.add(r);
  EXPECT_NE(solver_steps_text(s).find("7 step(s) checked, 4 allowed, 1 disputed, 0 unknown"), std::string::npos)
      << solver_steps_text(s);
  EXPECT_NE(solver_steps_text(s).find("2 not encoded"), std::string::npos) << solver_steps_text(s);
}

}  // namespace
}  // namespace rulecheck

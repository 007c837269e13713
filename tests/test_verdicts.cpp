// How the solver's word changes a failing case's verdict (harness/pipeline.hpp, weigh_with_solver):
// an alternative only when the solver allows both the engine's outcome and the oracle's own; disputed
// whenever it forbids the oracle's; otherwise the failure stands. The rules here are a stand-in whose
// solver answers are set per outcome, so each branch is reached on purpose.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "harness/pipeline.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {
namespace {

// Rules whose solver says `for_engine` of the engine's outcome and `for_oracle` of the oracle's (told
// apart by the outcome's "legal": the engine claims legal, the oracle illegal).
class StandInRules final : public BoundRules {
 public:
  StandInRules(Membership for_engine, Membership for_oracle) : engine_(for_engine), oracle_(for_oracle) {}
  json canonical_state(const json& state) const override { return state; }
  std::vector<StateInvariantBreak> reachability_breaks(const json&) const override { return {}; }
  ApplyOutcome apply(const json&, const json&) const override { return {}; }
  json query(const json&, const json&) const override { return nullptr; }
  Explanation explain(const json&, const json&, bool) const override { return {}; }
  OutcomeCheck check_outcome(const json&, const json&, bool, const json& claimed, unsigned) const override {
    const bool engines = claimed.value("legal", false);
    const Membership m = engines ? engine_ : oracle_;
    return OutcomeCheck{m, m == Membership::forbidden ? std::vector<std::string>{engines ? "c.engine" : "c.oracle"}
                                                      : std::vector<std::string>{},
                        engines ? "about the engine's" : "about the oracle's"};
  }

 private:
  Membership engine_, oracle_;
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

}  // namespace
}  // namespace rulecheck

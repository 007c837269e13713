// The scenario corpus through both of rulecheck's encodings: every step of every scenario is run on
// the oracle, and the solver is asked whether the rules allow the oracle's outcome. A step where the
// solver forbids it is `disputed` (DESIGN.md: the oracle and the solver disagree, a bug in rulecheck);
// the corpus must have none. Steps the solver does not encode (Scythe's queries, ...) or cannot decide
// within the budget are counted and printed, never taken for agreement.
#include <iostream>
#include <map>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/corpus.hpp"
#include "harness/pipeline.hpp"
#include "tests/support.hpp"

namespace rulecheck::testing {
namespace {

constexpr unsigned kRlimit = 50'000'000;

struct Counts {
  std::size_t allowed = 0, forbidden = 0, unknown = 0, not_encoded = 0;
};

TEST(SolverCorpus, TheSolverAllowsTheOraclesOutcomeAtEveryStepOfEveryScenario) {
  const Corpus corpus =
      load_corpus({(std::filesystem::path(RULECHECK_SOURCE_DIR) / "scenarios").string()}, library());
  ASSERT_TRUE(corpus.bad.empty()) << corpus.bad.front().describe();
  ASSERT_GT(corpus.size(), 300u);
  std::map<std::string, Counts> by_game;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const auto s = corpus.get(i);
    const GameRules& rules = *library().find(s->game);
    const auto bound = find_game(s->game)->bind(rules.merged_ruleset(s->ruleset), s->readings(rules));
    json state = s->state;
    for (std::size_t k = 0; k < s->steps.size(); ++k) {
      const Step& step = s->steps[k];
      const json outcome = oracle_answer(*bound, "", step.is_query, state, step.request).outcome;
      const OutcomeCheck c = bound->check_outcome(state, step.request, step.is_query, outcome, kRlimit);
      Counts& n = by_game[s->game];
      switch (c.membership) {
        case Membership::allowed: ++n.allowed; break;
        case Membership::unknown: ++n.unknown; break;
        case Membership::not_encoded: ++n.not_encoded; break;
        case Membership::forbidden:
          ++n.forbidden;
          ADD_FAILURE() << "disputed: " << s->id << " step " << k << ": the solver forbids the oracle's outcome "
                        << outcome.dump() << ": " << c.why;
          break;
      }
      if (outcome.contains("state")) state = outcome["state"];
    }
  }
  for (const auto& [game, n] : by_game)
    std::cout << fmt::format("{}: {} step(s) allowed, {} disputed, {} unknown, {} not encoded\n", game, n.allowed,
                             n.forbidden, n.unknown, n.not_encoded);
  // Both games' actions are encoded: most steps must have been judged, not passed over.
  for (const auto& [game, n] : by_game) EXPECT_GT(n.allowed, (n.allowed + n.not_encoded + n.unknown) / 2) << game;
}

}  // namespace
}  // namespace rulecheck::testing

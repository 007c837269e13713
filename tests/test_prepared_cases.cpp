// PreparedCases (harness/cross_check.hpp): a case's readings and bound rules are found again for the
// same game, ruleset overrides and interpretations, and never for others, not even where JSON's ==
// calls two values equal (4 and 4.0).
#include <filesystem>

#include <gtest/gtest.h>

#include "harness/bindings.hpp"
#include "harness/cross_check.hpp"
#include "harness/engine_readings.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck {
namespace {

Scenario messina_case(json ruleset, json interpretations = json::object()) {
  Scenario s;
  s.game = "messina";
  s.ruleset = std::move(ruleset);
  s.interpretations = std::move(interpretations);
  return s;
}

TEST(PreparedCases, FoundAgainOnlyForTheSameRulesetAndInterpretations) {
  const RulesLibrary library(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  const GameRules& rules = *library.find("messina");
  const EngineReadings engine = read_engine_readings(json::object(), library);
  Bindings bindings;
  PreparedCases prepared;
  const auto get = [&](const Scenario& s) { return &prepared.get(s, rules, engine, bindings); };

  const auto* defaults = get(messina_case(json::object()));
  const auto* four = get(messina_case({{"hand_limit", 4}}));
  ASSERT_NE(defaults->binding, nullptr);
  ASSERT_NE(four->binding, nullptr);
  EXPECT_NE(four, defaults);
  EXPECT_NE(four->binding->rules, defaults->binding->rules);
  EXPECT_NE(four->binding->ruleset_text.find(R"("hand_limit":4)"), std::string::npos) << four->binding->ruleset_text;

  EXPECT_EQ(get(messina_case({{"hand_limit", 4}})), four);  // built anew: found by value, not by address
  EXPECT_EQ(get(messina_case(json::object())), defaults);
  ASSERT_TRUE(json(4.0) == json(4));
  EXPECT_NE(get(messina_case({{"hand_limit", 4.0}})), four);
  EXPECT_NE(get(messina_case({{"hand_limit", 4}}, {{"messina.card-hostility", "held"}})), four);
}

}  // namespace
}  // namespace rulecheck

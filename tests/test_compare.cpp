// Containment (scenario expect.state) and the first difference as a JSON patch.
#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {
namespace {

TEST(Compare, FieldsLeftOutAreUnconstrained) {
  EXPECT_FALSE(first_difference(json{{"a", 1}}, json{{"a", 1}, {"b", 2}}));
}

TEST(Compare, ZeroMatchesAnOmittedCount) {
  EXPECT_FALSE(first_difference(json{{"pop", {{"spare", 0}, {"located", 3}}}}, json{{"pop", {{"located", 3}}}}));
  EXPECT_FALSE(first_difference(json{{"units", {{"UE", {{"civilian", 0}}}}}}, json::object()));
}

TEST(Compare, NonZeroAgainstAnOmittedCountIsAMissingField) {
  auto d = first_difference(json{{"pop", {{"spare", 2}}}}, json{{"pop", json::object()}});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/pop/spare");
  EXPECT_EQ(as_patch(*d), json::parse(R"([{"op":"add","path":"/pop/spare","value":2}])"));
}

TEST(Compare, FirstDifferenceIsAReplacePatch) {
  auto d = first_difference(json{{"food", 0}, {"water", 1}}, json{{"food", 2}, {"water", 1}}, "/state");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/state/food");
  EXPECT_EQ(d->actual, 2);
  EXPECT_EQ(as_patch(*d), json::parse(R"([{"op":"replace","path":"/state/food","value":0}])"));
}

TEST(Compare, StringListsCompareAsSets) {
  EXPECT_FALSE(first_difference(json{"D2", "D1"}, json{"D1", "D2"}));
  EXPECT_TRUE(first_difference(json{"D1"}, json{"D1", "D2"}));
}

TEST(Compare, ExactComparisonRejectsExtraFields) {
  auto d = first_difference_exact(json{{"a", 1}}, json{{"a", 1}, {"b", 2}});
  ASSERT_TRUE(d);
  EXPECT_EQ(as_patch(*d), json::parse(R"([{"op":"remove","path":"/b"}])"));
}

TEST(Judge, IllegalOutcomeMustCiteTheExpectedClause) {
  const json expect = {{"legal", false}, {"rule", "messina.consumption.when"}};
  EXPECT_FALSE(judge_step(expect, {{"legal", false}, {"rule", "messina.consumption.when"}}, true));
  auto d = judge_step(expect, {{"legal", false}, {"rule", "messina.consumption.cost"}}, true);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/rule");
  // Legality alone (the default for engines) ignores the clause id.
  EXPECT_FALSE(judge_step(expect, {{"legal", false}, {"rule", "messina.consumption.cost"}}, false));
}

TEST(Judge, OneOfPassesWhenAnyAlternativeMatches) {
  const json expect = {
      {"one_of", {{{"legal", true}, {"state", {{"x", 1}}}}, {{"legal", true}, {"state", {{"x", 2}}}}}}};
  EXPECT_FALSE(judge_step(expect, {{"legal", true}, {"state", {{"x", 2}}}}, true));
  EXPECT_TRUE(judge_step(expect, {{"legal", true}, {"state", {{"x", 3}}}}, true));
}

TEST(Judge, QueryResultsCompareExactly) {
  EXPECT_TRUE(judge_step({{"result", nullptr}}, {{"result", "UE"}}, true));
  EXPECT_FALSE(judge_step({{"result", nullptr}}, {{"result", nullptr}}, true));
}

}  // namespace
}  // namespace rulecheck

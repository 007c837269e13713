// The pointers common/compare.cpp gives the fields it finds different: the walk keeps one path
// string, appending each key (escaped: "/" as "~1", "~" as "~0") or list index on the way down and
// cutting it back on the way up, so a difference after a nested one is named from its own parent.
#include <gtest/gtest.h>

#include "common/compare.hpp"

namespace rulecheck {
namespace {

std::vector<std::string> paths(const std::vector<Difference>& ds) {
  std::vector<std::string> out;
  for (const auto& d : ds) out.push_back(d.path);
  return out;
}

TEST(ComparePaths, KeysAreEscapedAsPointerTokens) {
  const auto d = first_difference(json{{"a/b", {{"x~y", 1}}}}, json{{"a/b", {{"x~y", 2}}}}, "/state");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/state/a~1b/x~0y");
}

TEST(ComparePaths, ListElementsAreNamedByIndex) {
  // The second element's "v": 2 expected, 3 given.
  const auto d = first_difference_exact(json{{"l", {{{"v", 1}}, {{"v", 2}}}}}, json{{"l", {{{"v", 1}}, {{"v", 3}}}}});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/l/1/v");
}

// Fails with "/b/d" (or "/b/c/d") for the last one if the path were not cut back after "/b".
TEST(ComparePaths, EachDifferenceIsNamedFromItsOwnParent) {
  // Containment: "a" 1 vs 0 (changed), "b"."c" 2 vs 5 (changed), "d" 3 vs absent (missing).
  const json expected = {{"a", 1}, {"b", {{"c", 2}}}, {"d", 3}};
  const json actual = {{"a", 0}, {"b", {{"c", 5}}}};
  EXPECT_EQ(paths(all_differences(expected, actual, "/state", true)),
            (std::vector<std::string>{"/state/a", "/state/b/c", "/state/d"}));
  // Exactly: the same three, then "b"."z", a field the expectation does not have.
  const json more = {{"a", 0}, {"b", {{"c", 5}, {"z", 1}}}};
  EXPECT_EQ(paths(all_differences(expected, more, "", false)), (std::vector<std::string>{"/a", "/b/c", "/b/z", "/d"}));
}

TEST(ComparePaths, StringListsCompareAsSets) {
  EXPECT_FALSE(first_difference(json{{"adj", {"B", "A"}}}, json{{"adj", {"A", "B"}}}));
  EXPECT_FALSE(first_difference(json{{"adj", {"A", "B"}}}, json{{"adj", {"A", "B"}}}));
  const auto d = first_difference(json{{"adj", {"A", "B"}}}, json{{"adj", {"A", "C"}}});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/adj");
}

}  // namespace
}  // namespace rulecheck

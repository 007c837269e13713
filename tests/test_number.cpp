// common/number.hpp: every option and environment number is read strictly.
#include <gtest/gtest.h>

#include "common/number.hpp"

namespace rulecheck {
namespace {

TEST(StrictNumber, ACountIsDecimalDigitsOnly) {
  EXPECT_EQ(parse_count("0"), 0u);
  EXPECT_EQ(parse_count("18446744073709551615"), UINT64_MAX);
  for (const char* junk : {"", "-1", "+1", " 1", "1 ", "1x", "0x10", "1e3", "1.0", "18446744073709551616"})
    EXPECT_FALSE(parse_count(junk).has_value()) << '"' << junk << '"';
}

TEST(StrictNumber, ACountAboveItsMaximumIsRefused) {
  EXPECT_EQ(parse_count("64", 64), 64u);
  EXPECT_FALSE(parse_count("65", 64).has_value());
}

TEST(StrictNumber, AnIntegerMayStartWithAMinusAndStaysInItsRange) {
  EXPECT_EQ(parse_integer("-5", -10, 10), -5);
  EXPECT_FALSE(parse_integer("-11", -10, 10).has_value());
  for (const char* junk : {"--1", "-", "+5", "5-", " -5"}) EXPECT_FALSE(parse_integer(junk, -10, 10).has_value()) << junk;
}

TEST(StrictNumber, PlainDecimalTextForTheCommandLine) {
  EXPECT_TRUE(plain_decimal("2.5", false, true));
  EXPECT_TRUE(plain_decimal("-3", true, false));
  EXPECT_FALSE(plain_decimal("-3", false, false));
  EXPECT_FALSE(plain_decimal("2.", false, true));
  EXPECT_FALSE(plain_decimal(".5", false, true));
  EXPECT_FALSE(plain_decimal("2.5", false, false));
  EXPECT_FALSE(plain_decimal("1e3", false, true));
}

}  // namespace
}  // namespace rulecheck

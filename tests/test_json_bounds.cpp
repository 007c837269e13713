// Issue 35: what one JSON text may become is bounded (kMaxJsonValues), and a NUL byte is refused
// rather than taken for the end of the text. (Reading is linear too: tests/test_hardening_jsonmem.py
// times it on the command line, as no unit test is timed.)
#include <string>

#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "common/json_io.hpp"

namespace rulecheck {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_json_strict(text, "case.json");
  } catch (const InputError& e) {
    return e.pointer() + "|" + e.what();
  }
  return "accepted";
}

// A list of `n` zeros.
std::string zeros(std::size_t n) {
  std::string text = "[";
  for (std::size_t i = 0; i < n; ++i) text += i ? ",0" : "0";
  return text + "]";
}

// Before: accepted, the bytes after the NUL never read (nlohmann/json takes a NUL for the end).
TEST(JsonBounds, ANulByteAfterTheValueIsRefusedNamingWhere) {
  const std::string e = error_of(std::string("{\"a\": 1}\n\0{\"b\": 2", 17));
  EXPECT_EQ(e.substr(0, 1), "|") << e;
  EXPECT_NE(e.find("case.json: not valid JSON at line 2, column 1: a NUL byte"), std::string::npos) << e;
  EXPECT_TRUE(parse_json_lenient(std::string("{\"a\": 1}\0x", 10)).is_discarded());
}

// Before: a NUL inside a string was already refused, as an unescaped control character; now it is named
// as any NUL byte is (this test failed on the wording before). An escaped \u0000 is read exactly.
TEST(JsonBounds, ANulByteInsideAStringIsRefused) {
  EXPECT_NE(error_of(std::string("[\"a\0b\"]", 7)).find("a NUL byte"), std::string::npos);
  EXPECT_EQ(parse_json_strict(R"(["a\u0000b"])", "t")[0].get<std::string>(), std::string("a\0b", 3));
}

// Before: accepted whatever their number (a 60 MiB list of zeros took 762 MB).
TEST(JsonBounds, MoreValuesThanTheCapAreRefusedNamingWhere) {
  EXPECT_EQ(parse_json_strict(zeros(kMaxJsonValues - 1), "t").size(), kMaxJsonValues - 1);  // the list counts one
  const std::string e = error_of(zeros(kMaxJsonValues));
  EXPECT_EQ(e.substr(0, e.find('|')), "/" + std::to_string(kMaxJsonValues - 1)) << e.substr(0, 200);
  EXPECT_NE(e.find("more than 1000000 JSON values"), std::string::npos) << e.substr(0, 200);
  EXPECT_FALSE(parse_json_lenient(zeros(kMaxJsonValues - 1)).is_discarded());
  EXPECT_TRUE(parse_json_lenient(zeros(kMaxJsonValues)).is_discarded());
}

// Keys count as values: an object of half a million members holds a million.
TEST(JsonBounds, KeysCountAsValues) {
  std::string text = "{\"list\": [";
  for (std::size_t i = 0; i < kMaxJsonValues / 2; ++i) text += (i ? ",{\"k\":" : "{\"k\":") + std::to_string(i) + "}";
  text += "]}";
  // 1 + 1 (the key "list") + 1 (the list) + 500,000 objects x 3 (object, key, number): refused
  const std::string e = error_of(text);
  EXPECT_NE(e.find("more than 1000000 JSON values"), std::string::npos) << e.substr(0, 200);
  // values 3k+4, 3k+5, 3k+6 for object k: the key of object 333,332 is the 1,000,001st
  EXPECT_EQ(e.substr(0, e.find('|')), "/list/333332") << e.substr(0, 200);
  EXPECT_TRUE(parse_json_lenient(text).is_discarded());
}

// The duplicate key check still names where, now from the builder's own frames (a guard for the
// rewrite: this passed before too).
TEST(JsonBounds, ADuplicateKeyDeepInAListIsNamedByPointer) {
  const std::string e = error_of(R"([[1, {"a": [0, {"b": 1, "b": 2}]}]])");
  EXPECT_EQ(e.substr(0, e.find('|')), "/0/1/a/1/b") << e;
  // lenient: the last one is kept, as nlohmann/json keeps it
  EXPECT_EQ(parse_json_lenient(R"({"b": 1, "b": [2]})"), json::parse(R"({"b": [2]})"));
}

}  // namespace
}  // namespace rulecheck

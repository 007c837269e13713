// Strict JSON reading: malformed text gives line and column; duplicate keys are named by pointer.
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

TEST(JsonIo, MalformedTextNamesLineAndColumn) {
  const std::string e = error_of("{\n  \"a\": 1,\n  \"b\": }\n");
  EXPECT_NE(e.find("case.json"), std::string::npos) << e;
  EXPECT_NE(e.find("line 3"), std::string::npos) << e;
}

TEST(JsonIo, TruncatedTextIsMalformed) {
  EXPECT_NE(error_of("{\"a\": [1, 2").find("not valid JSON"), std::string::npos);
}

TEST(JsonIo, ADuplicateKeyAtTopLevelIsAnError) { EXPECT_EQ(error_of(R"({"a": 1, "a": 2})").substr(0, 3), "/a|"); }

TEST(JsonIo, DuplicateKeyInsideAListIsNamedByPointer) {
  const std::string e = error_of(R"({"steps": [{"x": 1}, {"action": {}, "expect": {}, "action": {}}]})");
  EXPECT_EQ(e.substr(0, e.find('|')), "/steps/1/action");
  EXPECT_NE(e.find("appears twice"), std::string::npos) << e;
}

TEST(JsonIo, SameKeyInDifferentObjectsIsFine) {
  EXPECT_EQ(error_of(R"({"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 1}, {"k": 2}]})"), "accepted");
}

TEST(JsonIo, MissingFileIsNamed) {
  try {
    read_json_file("/nonexistent/rulecheck/x.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/rulecheck/x.json"), std::string::npos);
  }
}

}  // namespace
}  // namespace rulecheck

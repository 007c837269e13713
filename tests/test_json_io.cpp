// Strict JSON reading: malformed text gives line and column; duplicate keys are named by pointer.
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "common/text.hpp"

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

TEST(JsonIo, NestingPastTheLimitIsAnInputErrorNamingWhereByItsFirstLevels) {
  const std::string deep = std::string(20000, '[') + std::string(20000, ']');
  const std::string e = error_of(R"({"a": )" + deep + "}");
  EXPECT_EQ(e.substr(0, e.find('|')), "/a/0/0/0/0/0/0/0/... (513 levels in all)") << e;
  EXPECT_NE(e.find("more than 512 deep"), std::string::npos) << e;
  // 512 levels in all are read.
  EXPECT_NO_THROW(parse_json_strict(std::string(511, '[') + "{}" + std::string(511, ']'), "t"));
}

TEST(JsonIo, ANumberBeyondADoubleIsAnInputErrorQuotingItsStart) {
  EXPECT_NE(error_of(R"({"round": 1e309})").find("a number too large to represent: 1e309"), std::string::npos);
  const std::string e = error_of(R"({"round": )" + std::string(5000, '9') + "}");
  EXPECT_NE(e.find("999999999999999999999999... (5000 characters)"), std::string::npos) << e;
}

TEST(JsonIo, ABadByteInTheTextIsReportedAsAReplacementCharacter) {
  const std::string e = error_of("{\"a\": \"caf\xe9\"}");
  EXPECT_TRUE(is_valid_utf8(e)) << e;
  EXPECT_NE(e.find("ill-formed UTF-8"), std::string::npos) << e;
}

// A reader finds its JSON pointer only when it reports an error: it must still be the exact one.
std::string reader_error(const std::function<void(const JsonReader&)>& read, const json& doc) {
  try {
    read(JsonReader(doc, "/state"));
  } catch (const InputError& e) {
    return e.pointer();
  }
  return "(no error)";
}

TEST(JsonReaderPointer, AnErrorNamesTheExactPointerOfTheValue) {
  const json doc = json::parse(R"({"a": {"b/c": [1, {"d~e": "x"}]}, "z": [true, 2]})");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.field("a").field("b/c").elements()[1].field("d~e").count(); }, doc),
            "/state/a/b~1c/1/d~0e");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.field("z").strings(); }, doc), "/state/z/0");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.field("a").only({"c"}); }, doc), "/state/a/b~1c");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.field("a").field("missing"); }, doc), "/state/a");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.members()[1].second.elements()[1].boolean(); }, doc), "/state/z/1");
  EXPECT_EQ(reader_error([](const JsonReader& r) { r.string(); }, doc), "/state");
}

TEST(JsonReaderPointer, AVeryDeepPointerIsCutShort) {
  json doc = 1;
  for (int i = 0; i < 80; ++i) doc = json{{"key", doc}};
  const std::string where = reader_error(
      [](const JsonReader& r) {
        JsonReader at = r;
        while (at.node().is_object()) at = at.field("key");
        at.string();
      },
      doc);
  EXPECT_EQ(where.size(), 118u) << where;
  EXPECT_EQ(where.substr(0, 10), "/state/key");
  EXPECT_EQ(where.substr(where.size() - 4), "/...");
}

// Equal values of the same types all the way down (nlohmann/json's == takes 1 for 1u).
bool same(const json& a, const json& b) {
  if (a.type() != b.type() || a != b) return false;
  if (a.is_object())
    for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib)
      if (ia.key() != ib.key() || !same(*ia, *ib)) return false;
  if (a.is_array())
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i])) return false;
  return true;
}

TEST(JsonIo, LenientParsingGivesWhatNlohmannJsonGives) {
  // The plain texts serve and engine answers carry take a faster path; everything else, and every
  // error, is nlohmann/json's own: the value and its types must be the same either way.
  for (const std::string& text : std::vector<std::string>{
           R"({"id":"0.0","op":"apply","state":{"a":[1,-2,0,-0,{"b":null}],"t":true,"f":false,"s":""},"x":[]})",
        R"( { "a" : [ 1 , 2 ] , "b" : { } } )", "\t[\r\n]\n", "123456789012345678", "1234567890123456789012",
        "-9", "1.5", "1e3", "01", "-", "[1,]", "{\"a\":1,}", "{\"a\":1,\"a\":2}", R"(["a\"b", "\u00e9"])",
        "[\"caf\xc3\xa9\"]", "[\"\xff\"]", "[\"tab\there\"]", "tru", "true false", "nul", "", "   ", "[1] x",
        "{\"a\"}", "{1:2}", R"({"a":"b"})", "[[[[[]]]]]", std::string(600, '[') + std::string(600, ']')}) {
    const json fast = parse_json_lenient(text), reference = json::parse(text, nullptr, false);
    if (reference.is_discarded() || nested_deeper_than(text))
      EXPECT_TRUE(fast.is_discarded()) << text;
    else
      EXPECT_TRUE(same(fast, reference)) << text << " -> " << fast.dump();
  }
}

TEST(Text, WellFormedUtf8IsKeptAsItIs) {
  const std::string text = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2 plain";  // é, €, a four-byte die
  EXPECT_TRUE(is_valid_utf8(text));
  EXPECT_EQ(valid_utf8(text), text);
}

TEST(Text, EachIllFormedByteBecomesOneReplacementCharacter) {
  const std::string fffd = "\xef\xbf\xbd";
  EXPECT_EQ(valid_utf8("a\xff" "b"), "a" + fffd + "b");
  EXPECT_EQ(valid_utf8("\xc0\xaf"), fffd + fffd);              // an overlong '/'
  EXPECT_EQ(valid_utf8("\xed\xa0\x80"), fffd + fffd + fffd);    // a UTF-16 surrogate
  EXPECT_EQ(valid_utf8("\xf4\x90\x80\x80"), fffd + fffd + fffd + fffd);  // past U+10FFFF
  EXPECT_EQ(valid_utf8("x\xe2\x82"), "x" + fffd + fffd);        // cut off at the end
  EXPECT_EQ(valid_utf8("\xe2\x82" "a"), fffd + fffd + "a");      // cut off by an ASCII byte
}

TEST(Text, NestingIsCountedOutsideStringsOnly) {
  EXPECT_TRUE(nested_deeper_than("[[1]]", 1));
  EXPECT_FALSE(nested_deeper_than("[[1]]", 2));
  EXPECT_FALSE(nested_deeper_than("[{}, {}, [], []]", 2));
  EXPECT_TRUE(nested_deeper_than("[{}, {\"a\": [[]]}]", 3));
  EXPECT_FALSE(nested_deeper_than(R"(["[[[[[[", "\"[[[[[["])", 1));  // brackets inside strings, an escaped quote
  EXPECT_TRUE(nested_deeper_than(std::string(600, '[')));           // the default limit of 512
  EXPECT_FALSE(nested_deeper_than(std::string(512, '[')));
}

}  // namespace
}  // namespace rulecheck

// The rulebook editor's tools (rulebook/): paragraphs and fingerprints, the clause index checks,
// CHANGED / MOVED / VANISHED paragraphs, fingerprint updates in place, and coverage gaps. Every
// test writes its own tiny project (rules/toy/, scenarios/toy/) and rule text into a temp folder.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "rulebook/commands.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/index.hpp"
#include "rulebook/json_spans.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A folder under the system's temp folder, removed with everything in it at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "rulebook-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// ---------------------------------------------------------------- paragraphs and fingerprints

TEST(RulebookFingerprint, Sha256MatchesThePublishedVectorForAbc) {
  // FIPS 180-2, appendix B.1: SHA-256("abc").
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(fingerprint({"abc"}), "ba7816bf8f01cfea");
}

TEST(RulebookFingerprint, OfNoWordsIsTheDigestOfTheEmptyString) { EXPECT_EQ(fingerprint({}), "e3b0c44298fc1c14"); }

TEST(RulebookFingerprint, StripsEachLineAndJoinsThemWithOneSpace) {
  EXPECT_EQ(fingerprint({"  one two ", "\tthree"}), sha256_hex("one two three").substr(0, 16));
  EXPECT_EQ(fingerprint({"one two", "three"}), fingerprint({"one two three"}));
}

TEST(RulebookFingerprint, IsSixteenLowercaseHexDigits) {
  EXPECT_TRUE(is_fingerprint("0123456789abcdef"));
  EXPECT_FALSE(is_fingerprint("0123456789ABCDEF"));
  EXPECT_FALSE(is_fingerprint("0123456789abcde"));
}

TEST(RulebookParagraphs, AreMaximalRunsOfNonBlankLinesNumberedFromOne) {
  const auto paragraphs = split_paragraphs("\n\nA title\n\n  first line  \nsecond line\n   \n\t\nlast", "t.txt");
  ASSERT_EQ(paragraphs.size(), 3u);
  EXPECT_EQ(paragraphs[0].number, 1);
  EXPECT_EQ(paragraphs[0].lines, std::vector<std::string>{"A title"});
  EXPECT_EQ(paragraphs[1].number, 2);
  EXPECT_EQ(paragraphs[1].lines, (std::vector<std::string>{"first line", "second line"}));
  EXPECT_EQ(paragraphs[1].fingerprint, fingerprint({"first line", "second line"}));
  EXPECT_EQ(paragraphs[2].lines, std::vector<std::string>{"last"});
}

TEST(RulebookParagraphs, TreatLineEndingsAndUnicodeSpacesAsPythonDoes) {
  // CRLF and CR end lines; a no-break space (U+00A0) alone is a blank line; an ideographic space
  // (U+3000) is stripped.
  const auto paragraphs = split_paragraphs("one\r\ntwo\r\xC2\xA0\r\nthree\xE3\x80\x80\n", "t.txt");
  ASSERT_EQ(paragraphs.size(), 2u);
  EXPECT_EQ(paragraphs[0].lines, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(paragraphs[1].lines, std::vector<std::string>{"three"});
}

TEST(RulebookParagraphs, TextThatIsNotUtf8IsAnInputErrorNamingTheFile) {
  try {
    split_paragraphs("fine\n\xFF broken\n", "rules.txt");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_TRUE(contains(e.what(), "rules.txt")) << e.what();
    EXPECT_TRUE(contains(e.what(), "line 2")) << e.what();
  }
}

TEST(RulebookParagraphs, AreReadFromAFile) {
  TempDir dir;
  write(dir.path() / "t.txt", "Heading\n\nBody line one\nbody line two\n");
  const auto paragraphs = read_paragraphs(dir.path() / "t.txt");
  ASSERT_EQ(paragraphs.size(), 2u);
  EXPECT_EQ(paragraphs[1].fingerprint, fingerprint({"Body line one", "body line two"}));
  EXPECT_THROW(read_paragraphs(dir.path() / "missing.txt"), InputError);
}

TEST(RulebookParagraphs, PreviewCutsLongTextWithAnEllipsis) {
  const auto paragraphs = split_paragraphs("abcdefghij klmnop", "t.txt");
  EXPECT_EQ(preview(paragraphs[0], 8), "abcdefg\u2026");
  EXPECT_EQ(preview(paragraphs[0], 60), "abcdefghij klmnop");
}

// ---------------------------------------------------------------- a tiny project

// rules/toy/clauses.json over one text, toy.txt, of four paragraphs (a heading and three rules),
// two scenarios and an interpretations.json.
const std::vector<std::string> kToyText = {"Toy rules", "Pawns move one step.", "A pawn may not enter water.",
                                           "Pawns that meet are both removed."};

std::string toy_text(const std::vector<std::string>& paragraphs) {
  std::string text;
  for (const auto& p : paragraphs) text += p + "\n\n";
  return text;
}

std::string fp(const std::string& paragraph) { return fingerprint({paragraph}); }

// The span of a paragraph's first two words, as clauses.json stores it (every clause the code cites
// has one; the toy's edits below leave each paragraph's first two words as they were).
std::string first_two_words(const std::string& paragraph) {
  const std::vector<std::string> words = paragraph_words(std::string_view(paragraph));
  return span_json({0, 2, span_hash({words[0], words[1]})});
}

// One clause object per line, as the real indexes are written.
std::string toy_index(const std::vector<std::string>& text = kToyText) {
  const auto clause = [&](const std::string& id, int n, const std::string& scope, const std::string& comma) {
    return "    {\"id\": \"" + id + "\", \"section\": \"play\", \"paragraph\": " + std::to_string(n) +
           ", \"fingerprint\": \"" + fp(text[n - 1]) + "\", \"paraphrase\": \"Our words.\", \"scope\": \"" + scope +
           "\", \"spans\": [" + first_two_words(text[n - 1]) + "]}" + comma + "\n";
  };
  return "{\n  \"game\": \"toy\",\n  \"sources\": {\"play\": \"toy.txt\"},\n  \"clauses\": [\n" +
         clause("toy.move", 2, "implemented", ",") + clause("toy.water", 3, "implemented", ",") +
         clause("toy.meet", 4, "out-of-scope", "") + "  ],\n  \"not_clauses\": [\n" +
         "    {\"section\": \"play\", \"paragraph\": 1, \"fingerprint\": \"" + fp(text[0]) +
         "\", \"why\": \"heading\"}\n  ]\n}\n";
}

class RulebookToyProject : public ::testing::Test {
 protected:
  void SetUp() override {
    write(rules() / "toy" / "clauses.json", toy_index());
    write(rules() / "toy" / "interpretations.json",
          R"({"game": "toy", "points": [{"id": "toy.wet", "clauses": ["toy.water"], "default": "dry"}]})");
    write(dir_.path() / "scenarios" / "toy" / "move.json",
          R"({"game": "toy", "cites": ["toy.move"], "steps": [{"expect": {"legal": true}}]})");
    write(dir_.path() / "scenarios" / "toy" / "water.json",
          R"({"game": "toy", "cites": ["toy.meet"],
              "steps": [{"expect": {"one_of": [{"legal": false, "rule": "toy.water"}, {"legal": true}]}}]})");
    write(dir_.path() / "scenarios" / "schema" / "ignored.json", R"({"game": "elsewhere", "cites": ["x.y"]})");
    set_text(kToyText);
  }

  fs::path dir_path() const { return dir_.path(); }
  fs::path rules() const { return dir_.path() / "rules"; }
  fs::path texts() const { return dir_.path() / "texts"; }
  void set_text(const std::vector<std::string>& paragraphs) { write(texts() / "toy.txt", toy_text(paragraphs)); }

  struct Run {
    int exit = -1;
    std::string out;
    std::string err;
  };

  Run check(bool with_texts = true, bool require_text = false, const std::string& format = "text") {
    CheckOptions options;
    options.rules_dir = rules();
    if (with_texts)
      options.texts.given = texts();
    else
      options.texts.from_env = dir_.path() / "no-such-folder";
    options.require_text = require_text;
    options.format = format;
    options.code_sites = sites_;
    return run([&](std::ostream& out, std::ostream& err) { return check_rules(options, out, err); });
  }

  Run fingerprints(bool update) {
    FingerprintOptions options;
    options.rules_dir = rules();
    options.texts.given = texts();
    options.update = update;
    return run([&](std::ostream& out, std::ostream& err) { return fingerprint_rules(options, out, err); });
  }

  Run coverage(const std::string& format = "text") {
    CoverageOptions options;
    options.rules_dir = rules();
    options.format = format;
    options.code_sites = sites_;
    return run([&](std::ostream& out, std::ostream& err) { return coverage_rules(options, out, err); });
  }

  IndexDrift drift() {
    Problems problems;
    const ClauseIndex index = read_index(Project::of_rules_folder(rules()), "toy", problems);
    EXPECT_TRUE(problems.empty());
    return compare_with_texts(index, texts());
  }

  std::vector<CodeSite> sites_ = {{"toy.move", "oracle/toy/move.cpp", 12},
                                  {"toy.water", "oracle/toy/move.cpp", 20},
                                  {"toy.water", "properties/test_toy.cpp", 7}};

 private:
  template <typename Command>
  static Run run(Command command) {
    std::ostringstream out, err;
    Run r;
    r.exit = command(out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
  }

  TempDir dir_;
};

// ---------------------------------------------------------------- rules check

TEST_F(RulebookToyProject, CheckPassesWhenIndexCitationsAndTextsAgree) {
  const Run r = check();
  EXPECT_EQ(r.exit, kOk) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "3 clauses in 1 game checked: ok")) << r.out;
}

TEST_F(RulebookToyProject, CheckNamesTheChangedParagraphsClausesAndTheScenariosCitingThem) {
  set_text({kToyText[0], kToyText[1], "A pawn may not enter deep water.", kToyText[3]});
  const Run r = check();
  EXPECT_EQ(r.exit, kFound);
  EXPECT_TRUE(contains(r.out, "CHANGED toy.water")) << r.out;
  EXPECT_TRUE(contains(r.out, "re-check scenario scenarios/toy/water.json")) << r.out;
  EXPECT_TRUE(contains(r.out, "re-check property properties/test_toy.cpp:7")) << r.out;
  EXPECT_TRUE(contains(r.out, "re-check interpretation point toy.wet")) << r.out;
  EXPECT_FALSE(contains(r.out, "toy.move")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 entry to re-check")) << r.out;
}

TEST_F(RulebookToyProject, ChangedMovedAndVanishedParagraphsAreToldApart) {
  // A new paragraph 2 pushes "move" to 3; "water" is gone (its number 3 now holds move's words);
  // paragraph 4 ("meet") now holds words the index does not know: changed.
  set_text({kToyText[0], "A new rule of our own.", kToyText[1], "Water is deep."});
  const IndexDrift d = drift();
  ASSERT_EQ(d.entries.size(), 3u);
  EXPECT_EQ(d.entries[0].id, "toy.move");
  EXPECT_EQ(d.entries[0].drift, Drift::moved);
  EXPECT_EQ(d.entries[0].new_paragraph, 3);
  EXPECT_EQ(d.entries[1].id, "toy.water");
  EXPECT_EQ(d.entries[1].drift, Drift::vanished);  // paragraph 3 now holds toy.move's words
  EXPECT_TRUE(d.entries[1].replaced_by_other);
  EXPECT_EQ(d.entries[2].id, "toy.meet");
  EXPECT_EQ(d.entries[2].drift, Drift::changed);  // paragraph 4 holds words the index does not know
  EXPECT_EQ(d.entries[2].new_fingerprint, fp("Water is deep."));
  ASSERT_EQ(d.unnamed.size(), 1u);
  EXPECT_EQ(d.unnamed[0].number, 2);
}

TEST_F(RulebookToyProject, AParagraphThatNoLongerExistsHasVanished) {
  set_text({kToyText[0], kToyText[1], kToyText[2]});
  const IndexDrift d = drift();
  ASSERT_EQ(d.entries.size(), 1u);
  EXPECT_EQ(d.entries[0].id, "toy.meet");
  EXPECT_EQ(d.entries[0].drift, Drift::vanished);
  EXPECT_FALSE(d.entries[0].replaced_by_other);
  EXPECT_EQ(d.entries[0].paragraphs_in_file, 3);
}

TEST_F(RulebookToyProject, WithoutRuleTextsTheFingerprintsAreSkippedWithTheReasonAndTheRestIsChecked) {
  const Run r = check(false);
  EXPECT_EQ(r.exit, kOk) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "fingerprints: skipped: no rule texts (give --text DIR or set RULECHECK_RULE_TEXTS;"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "no-such-folder (from RULECHECK_RULE_TEXTS) does not exist)")) << r.out;
  EXPECT_TRUE(contains(r.out, "ok (fingerprints skipped")) << r.out;
}

TEST_F(RulebookToyProject, RequireTextWithoutRuleTextsExits77) {
  EXPECT_EQ(check(false, true).exit, kNoTexts);
  EXPECT_EQ(check(true, true).exit, kOk);
}

TEST_F(RulebookToyProject, AnExplicitTextFolderThatDoesNotExistIsBadUsage) {
  CheckOptions options;
  options.rules_dir = rules();
  options.texts.given = rules() / "nowhere";
  std::ostringstream out, err;
  EXPECT_EQ(check_rules(options, out, err), kBadInput);
  EXPECT_TRUE(contains(err.str(), "nowhere")) << err.str();
}

TEST_F(RulebookToyProject, CheckReportsIndexProblemsByFilePointerAndClause) {
  std::string index = toy_index();
  index.replace(index.find("\"toy.water\""), 11, "\"toy.move\"");          // a duplicate id
  index.replace(index.find("\"out-of-scope\""), 14, "\"someday\"");        // an unknown scope
  index.replace(index.find("\"why\": \"heading\""), 16, "\"why\": \"\"");  // an empty reason
  write(rules() / "toy" / "clauses.json", index);
  const Run r = check();
  EXPECT_EQ(r.exit, kFound);
  EXPECT_TRUE(contains(r.out, "rules/toy/clauses.json: /clauses/1/id (toy.move): duplicate id")) << r.out;
  EXPECT_TRUE(contains(r.out,
                       "/clauses/2/scope (toy.meet): scope \"someday\" is not one of implemented, "
                       "out-of-scope, note"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "/not_clauses/0/why")) << r.out;
  // The scenario and the interpretation citing toy.water now name a clause the index lacks.
  EXPECT_TRUE(contains(r.out, "scenarios/toy/water.json: /steps/0/expect/one_of/0/rule (toy.water)")) << r.out;
  EXPECT_TRUE(contains(r.out, "rules/toy/interpretations.json: /points/0/clauses/0 (toy.water)")) << r.out;
}

TEST_F(RulebookToyProject, AParagraphNamedByNothingAndOneNamedTwiceAreProblems) {
  std::string index = toy_index();
  // The heading's not_clause now names paragraph 2, which a clause cites; paragraph 1 is unnamed.
  const std::string heading = "\"paragraph\": 1, \"fingerprint\": \"" + fp(kToyText[0]);
  index.replace(index.find(heading), heading.size(), "\"paragraph\": 2, \"fingerprint\": \"" + fp(kToyText[1]));
  write(rules() / "toy" / "clauses.json", index);
  const Run r = check();
  EXPECT_EQ(r.exit, kFound);
  EXPECT_TRUE(contains(r.out, "paragraph 2 of toy.txt is cited by a clause, so it cannot also be a not_clause"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "paragraph 1 of toy.txt is named by no clause or not_clause")) << r.out;
}

TEST_F(RulebookToyProject, CheckCanReportAsJson) {
  set_text({kToyText[0], kToyText[1], "A pawn may not enter deep water.", kToyText[3]});
  const json report = json::parse(check(true, false, "json").out);
  EXPECT_FALSE(report["ok"].get<bool>());
  const json& entry = report["fingerprints"]["recheck"][0];
  EXPECT_EQ(entry["status"], "CHANGED");
  EXPECT_EQ(entry["id"], "toy.water");
  EXPECT_EQ(entry["cited_by"]["scenarios"], json::array({"scenarios/toy/water.json"}));
}

// ---------------------------------------------------------------- rules fingerprint

TEST_F(RulebookToyProject, FingerprintShowsOldAndNewValuesAndChangesNothingWithoutUpdate) {
  set_text({kToyText[0], "A new rule of our own.", kToyText[1], "A pawn may not enter deep water.", kToyText[3]});
  const std::string before = read(rules() / "toy" / "clauses.json");
  const Run r = fingerprints(false);
  EXPECT_EQ(r.exit, kFound);
  EXPECT_TRUE(contains(r.out, "MOVED toy.move (/clauses/0): paragraph 2 -> 3")) << r.out;
  EXPECT_TRUE(contains(r.out, "MOVED toy.meet (/clauses/2): paragraph 4 -> 5")) << r.out;
  EXPECT_TRUE(contains(r.out, "NEW paragraph 2 of toy.txt")) << r.out;
  EXPECT_EQ(read(rules() / "toy" / "clauses.json"), before);
}

TEST_F(RulebookToyProject, FingerprintUpdateRewritesOnlyTheValuesThatChangedKeepingTheLayout) {
  const std::vector<std::string> edited = {kToyText[0], kToyText[2], kToyText[1], "Pawns that meet both leave."};
  set_text(edited);  // "move" and "water" swapped places; "meet" reworded
  const std::string before = read(rules() / "toy" / "clauses.json");
  const Run r = fingerprints(true);
  EXPECT_EQ(r.exit, kOk) << r.out << r.err;
  std::string expected = before;
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = expected.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    expected.replace(at, from.size(), to);
  };
  replace("\"id\": \"toy.move\", \"section\": \"play\", \"paragraph\": 2",
          "\"id\": \"toy.move\", \"section\": \"play\", \"paragraph\": 3");
  replace("\"id\": \"toy.water\", \"section\": \"play\", \"paragraph\": 3",
          "\"id\": \"toy.water\", \"section\": \"play\", \"paragraph\": 2");
  replace(fp(kToyText[3]), fp(edited[3]));
  EXPECT_EQ(read(rules() / "toy" / "clauses.json"), expected);
  EXPECT_EQ(fingerprints(false).exit, kOk);
  EXPECT_EQ(check().exit, kOk);
  for (const auto& entry : fs::directory_iterator(rules() / "toy"))  // no temporary file left behind
    EXPECT_NE(entry.path().filename().string()[0], '.') << entry.path();
}

TEST_F(RulebookToyProject, FingerprintListsTheParagraphsOfATextByNameInTheTextFolder) {
  FingerprintOptions options;
  options.rules_dir = rules();
  options.texts.given = texts();
  options.paragraphs = "toy.txt";
  std::ostringstream out, err;
  EXPECT_EQ(fingerprint_rules(options, out, err), kOk) << err.str();
  EXPECT_TRUE(contains(out.str(), "  2 " + fp(kToyText[1]) + " Pawns move one step.")) << out.str();
  options.paragraphs = "absent.txt";
  EXPECT_EQ(fingerprint_rules(options, out, err), kBadInput);
}

// ---------------------------------------------------------------- rules coverage

TEST_F(RulebookToyProject, CoverageListsScenariosPropertiesAndOracleSitesPerClause) {
  const Run r = coverage();
  EXPECT_EQ(r.exit, kOk) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "toy.water (implemented; play paragraph 3)")) << r.out;
  EXPECT_TRUE(contains(r.out, "  scenarios (1): scenarios/toy/water.json")) << r.out;
  EXPECT_TRUE(contains(r.out, "  properties: properties/test_toy.cpp:7")) << r.out;
  EXPECT_TRUE(contains(r.out, "  oracle: oracle/toy/move.cpp:20")) << r.out;
  EXPECT_TRUE(contains(r.out, "3 clauses: no gaps")) << r.out;
}

TEST_F(RulebookToyProject, CoverageGapsAreImplementedClausesWithoutOracleSiteOrScenario) {
  sites_ = {{"toy.water", "oracle/toy/move.cpp", 20}, {"toy.move", "properties/test_toy.cpp", 3}};
  fs::remove(dir_path() / "scenarios" / "toy" / "water.json");
  const Run r = coverage();
  EXPECT_EQ(r.exit, kFound);
  EXPECT_TRUE(contains(r.out, "toy.move (implemented): no oracle code site cites it")) << r.out;
  EXPECT_TRUE(contains(r.out, "toy.water (implemented): no scenario cites it")) << r.out;
  EXPECT_TRUE(contains(r.out, "toy.meet (out-of-scope): no scenario cites it")) << r.out;
  EXPECT_TRUE(contains(r.out, "3 clauses: 3 gaps")) << r.out;
}

TEST_F(RulebookToyProject, AnOutOfScopeClauseNeedsAScenarioButNoOracleSite) {
  sites_ = {{"toy.move", "oracle/toy/move.cpp", 12}, {"toy.water", "oracle/toy/move.cpp", 20}};
  EXPECT_EQ(coverage().exit, kOk);
}

TEST_F(RulebookToyProject, CoverageNotesIdsInTheCodeThatAreNeitherClausesNorPoints) {
  sites_.push_back({"toy.wet", "oracle/toy/move.cpp", 30});      // an interpretation point: fine
  sites_.push_back({"toy.nothing", "oracle/toy/move.cpp", 31});  // unknown
  const Run r = coverage("json");
  const json report = json::parse(r.out);
  EXPECT_EQ(report["unknown_ids_in_code"], json::array({{{"id", "toy.nothing"}, {"site", "oracle/toy/move.cpp:31"}}}));
  EXPECT_TRUE(report["ok"].get<bool>());
}

TEST_F(RulebookToyProject, CoverageAsMarkdownIsATableAndAGapList) {
  sites_ = {{"toy.water", "oracle/toy/move.cpp", 20}};
  const Run r = coverage("markdown");
  EXPECT_TRUE(contains(r.out, "| clause | scope | paragraph | scenarios | properties | oracle code |")) << r.out;
  EXPECT_TRUE(contains(r.out, "| `toy.move` **gap** | implemented |")) << r.out;
  EXPECT_TRUE(contains(r.out, "## Gaps (1)")) << r.out;
}

TEST(RulebookCommands, AMissingRulesFolderCannotRun) {
  TempDir dir;
  CheckOptions options;
  options.rules_dir = dir.path() / "rules";
  std::ostringstream out, err;
  EXPECT_EQ(check_rules(options, out, err), kCannotRun);
  EXPECT_TRUE(contains(err.str(), "does not exist")) << err.str();
}

// ---------------------------------------------------------------- editing JSON in place

TEST(RulebookJsonSpans, ReplacingValuesKeepsEveryOtherByte) {
  const std::string text = "{\"a\": [ {\"n\": 1,  \"f\": \"x\"},\n {\"n\":2} ], \"k\\/e\\u0079\": null }";
  const std::string edited = replace_values(text, {{"/a/0/n", "10"}, {"/a/1/n", "20"}, {"/k~1ey", "\"v\""}}, "t.json");
  EXPECT_EQ(edited, "{\"a\": [ {\"n\": 10,  \"f\": \"x\"},\n {\"n\":20} ], \"k\\/e\\u0079\": \"v\" }");
}

TEST(RulebookJsonSpans, APointerToNoValueIsAnInputError) {
  EXPECT_THROW(replace_values("{\"a\": 1}", {{"/b", "2"}}, "t.json"), InputError);
  EXPECT_THROW(value_spans("{\"a\": }", "t.json"), InputError);
}

}  // namespace
}  // namespace rulecheck::rulebook

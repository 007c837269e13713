// The document reporters (JUnit XML, Markdown, HTML) on a fixed set of cases: two targets, each
// with a pass, a failure (whose message needs escaping), a skip and an error (with stderr).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "reports/document.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {
namespace {

const std::string awkward_message = std::string("legal: expected <b>&\"' true\x01") + " but got false";

CaseResult make_case(const std::string& id, const std::string& target, Verdict verdict,
                     std::vector<std::string> cites) {
  CaseResult r;
  r.id = id;
  r.file = "scenarios/" + id + ".json";
  r.game = "scythe";
  r.title = "title of " + id;
  r.target = target;
  r.verdict = verdict;
  r.cites = std::move(cites);
  r.millis = 2.5;
  return r;
}

CaseResult failing(const std::string& id, const std::string& target, std::vector<std::string> cites) {
  CaseResult r = make_case(id, target, Verdict::fail, std::move(cites));
  r.step = 0;
  r.message = awkward_message;
  r.patch = json::array({{{"op", "replace"}, {"path", "/legal"}, {"value", true}}});
  r.clauses = r.cites;
  r.reproduce = "rulecheck run --target " + target + " " + r.file;
  r.answer_rule = "scythe.move.adjacent";
  r.answer_reason = "not <next> to the start";
  r.expected_rule = "scythe.move.carry";
  r.note = "2 steps & 1 river";
  return r;
}

CaseResult skipping(const std::string& id, const std::string& target) {
  CaseResult r = make_case(id, target, Verdict::skipped, {"scythe.setup.start"});
  r.step = 0;
  r.message = "step 0: unsupported by this target";
  r.skip_reason = "unsupported: scythe action setup (not <yet>)";
  return r;
}

CaseResult erroring(const std::string& id, const std::string& target) {
  CaseResult r = make_case(id, target, Verdict::errored, {"scythe.combat.power"});
  r.message = "step 0: the engine closed its output";
  r.stderr_text = "engine: crashed <oops>\n\xff not UTF-8\n";
  r.reproduce = "rulecheck run --target " + target + " " + r.file;
  return r;
}

// Per target: a pass, a fail, a skip, an error. The oracle fails move/carry; toy-engine fails
// move/adjacent.
std::vector<CaseResult> fixture_cases() {
  const std::vector<std::string> adjacent = {"scythe.move.adjacent"};
  const std::vector<std::string> carry = {"scythe.move.adjacent", "scythe.move.carry"};
  std::vector<CaseResult> cases;
  cases.push_back(make_case("scythe/move/adjacent", "oracle", Verdict::pass, adjacent));
  cases.push_back(failing("scythe/move/carry", "oracle", carry));
  cases.push_back(skipping("scythe/setup/start", "oracle"));
  cases.push_back(erroring("scythe/combat/power", "oracle"));
  cases.push_back(failing("scythe/move/adjacent", "toy-engine", adjacent));
  cases.push_back(make_case("scythe/move/carry", "toy-engine", Verdict::pass, carry));
  cases.push_back(skipping("scythe/setup/start", "toy-engine"));
  cases.push_back(erroring("scythe/combat/power", "toy-engine"));
  return cases;
}

std::string report(std::unique_ptr<Reporter> (*make)(std::ostream&), const std::vector<CaseResult>& cases) {
  std::ostringstream out;
  auto reporter = make(out);
  reporter->begin(RunInfo{"0.1.0-test",
                          {"oracle", "toy-engine"},
                          cases.size(),
                          {"scenarios"},
                          {},
                          {{"scythe.move.adjacent", "each step enters a territory next to the last <&>"}},
                          "",
                          {},
                          {}});
  Summary summary;
  summary.seconds = 1.25;
  for (const auto& r : cases) {
    reporter->case_done(r);
    summary.add(r);
  }
  reporter->end(summary);
  return out.str();
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, std::string_view part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// From the first `start` on, up to and including the next `end` after it; empty when `start` is absent.
std::string span(const std::string& text, std::string_view start, std::string_view end) {
  const auto from = text.find(start);
  if (from == std::string::npos) return "";
  const auto to = text.find(end, from + start.size());
  return text.substr(from, to == std::string::npos ? std::string::npos : to + end.size() - from);
}

bool have_python3() { return std::system("python3 -c pass >/dev/null 2>&1") == 0; }

// ---- the shared text helpers

TEST(ReportText, EscapesMarkupAndDropsWhatXmlForbids) {
  EXPECT_EQ(escape_xml("a<b>&\"'c"), "a&lt;b&gt;&amp;&quot;&#39;c");
  EXPECT_EQ(escape_xml("tab\tnew\nline\x01\x1f end\r"), "tab\tnew\nline end&#13;");
  EXPECT_EQ(escape_xml_attribute("a\tb\nc"), "a&#9;b&#10;c");
  EXPECT_EQ(clean_text("caf\xc3\xa9 \xe2\x9c\x93"), "caf\xc3\xa9 \xe2\x9c\x93");  // valid UTF-8 is kept
  EXPECT_EQ(clean_text("\xff|\xc0\xaf|\xed\xa0\x80|\xc3"),
            "\xEF\xBF\xBD|\xEF\xBF\xBD\xEF\xBF\xBD|"
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD|\xEF\xBF\xBD");
  EXPECT_EQ(clean_text("\xef\xbf\xbe"), "");  // U+FFFE is not an XML character
}

TEST(ReportText, ShortenCutsAtACharacterBoundary) {
  EXPECT_EQ(shorten("abc", 3), "abc");
  EXPECT_EQ(shorten("ab\xc3\xa9", 3), "ab\xE2\x80\xA6");
}

// ---- JUnit XML

TEST(JunitReport, CountsCasesPerTargetSuite) {
  const std::string xml = report(make_junit_reporter, fixture_cases());
  for (const std::string target : {"oracle", "toy-engine"}) {
    const std::string suite = span(xml, "<testsuite name=\"" + target + "\"", ">");
    ASSERT_FALSE(suite.empty()) << target;
    EXPECT_TRUE(contains(suite, R"(tests="4" failures="1" errors="1" skipped="1" time="0.010")")) << suite;
  }
  const std::string all = span(xml, "<testsuites", ">");
  EXPECT_TRUE(contains(all, R"(tests="8" failures="2" errors="2" skipped="2" time="1.250")")) << all;
  EXPECT_EQ(occurrences(xml, "<testcase "), 8u);
}

TEST(JunitReport, CasesCarryClassnameAndOutcome) {
  const std::string xml = report(make_junit_reporter, fixture_cases());
  const std::string carry = span(xml, R"(<testcase classname="scythe.move" name="scythe/move/carry")", "</testcase>");
  ASSERT_FALSE(carry.empty()) << xml;
  EXPECT_TRUE(contains(carry, R"(<failure message="legal: expected &lt;b&gt;)"));
  EXPECT_TRUE(contains(carry, "&quot;op&quot;: &quot;replace&quot;"));  // the patch, in the body
  EXPECT_TRUE(contains(carry, "clauses: scythe.move.adjacent, scythe.move.carry"));
  EXPECT_EQ(occurrences(xml, "<error message=\"step 0: the engine closed its output\""), 2u);
  EXPECT_EQ(occurrences(xml, "<skipped message=\"step 0: unsupported by this target\"/>"), 2u);
  EXPECT_EQ(occurrences(xml, "<system-err>engine: crashed &lt;oops&gt;"), 2u);
}

TEST(JunitReport, AFailureShowsTheAnswerWantedAndTheScenariosNote) {
  const std::string xml = report(make_junit_reporter, fixture_cases());
  const std::string carry = span(xml, R"(<testcase classname="scythe.move" name="scythe/move/carry")", "</testcase>");
  EXPECT_TRUE(contains(carry, "answer: illegal (scythe.move.adjacent: not &lt;next&gt; to the start)")) << carry;
  EXPECT_TRUE(contains(carry, "wanted: illegal (scythe.move.carry)")) << carry;
  EXPECT_TRUE(contains(carry, "note: 2 steps &amp; 1 river")) << carry;
}

TEST(JunitReport, EachSuiteGroupsItsSkipsByReason) {
  const std::string xml = report(make_junit_reporter, fixture_cases());
  const std::string suite = span(xml, "<testsuite name=\"toy-engine\"", "</properties>");
  EXPECT_TRUE(contains(suite, R"x(<property name="skipped: unsupported: scythe action setup (not &lt;yet&gt;)" value="1"/>)x"))
      << suite;
  EXPECT_EQ(occurrences(xml, "<properties>"), 2u);
}

TEST(JunitReport, EscapesTextAndDropsControlCharacters) {
  const std::string xml = report(make_junit_reporter, fixture_cases());
  EXPECT_FALSE(contains(xml, "<b>"));
  EXPECT_FALSE(contains(xml, "<oops>"));
  EXPECT_TRUE(contains(xml, "&lt;b&gt;&amp;&quot;&#39; true but got false"));
  EXPECT_FALSE(contains(xml, "\x01"));
  EXPECT_FALSE(contains(xml, "\xff"));
}

TEST(JunitReport, IsWellFormedXml) {
  if (!have_python3()) GTEST_SKIP() << "python3 is not available";
  const auto path = std::filesystem::temp_directory_path() / ("rulecheck-junit-" + std::to_string(::getpid()) + ".xml");
  std::ofstream(path, std::ios::binary) << report(make_junit_reporter, fixture_cases());
  const std::string command =
      "python3 -c \"import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])\" '" + path.string() + "'";
  const int status = std::system(command.c_str());
  std::filesystem::remove(path);
  EXPECT_EQ(status, 0) << command;
}

// ---- Markdown

TEST(MarkdownReport, HasATableRowPerTarget) {
  const std::string md = report(make_markdown_reporter, fixture_cases());
  EXPECT_TRUE(contains(md, "| oracle | 4 | 1 | 1 | 1 | 1 |\n")) << md;
  EXPECT_TRUE(contains(md, "| toy-engine | 4 | 1 | 1 | 1 | 1 |\n")) << md;
  EXPECT_TRUE(contains(md, "| **all** | 8 | 2 | 2 | 2 | 2 |\n")) << md;
  EXPECT_TRUE(contains(md, "## ❌ rulecheck: 2 failed, 2 errored\n")) << md;
}

TEST(MarkdownReport, ListsEachFailureWithItsPatchAndReproduceCommand) {
  const std::string md = report(make_markdown_reporter, fixture_cases());
  const std::string item = span(md, "- **FAIL** `scythe/move/carry` on `oracle`: ", "\n");
  ASSERT_FALSE(item.empty()) << md;
  EXPECT_TRUE(contains(item, R"(legal: expected \<b\>\&"' true but got false)")) << item;
  EXPECT_TRUE(contains(item, R"(patch `[{"op":"replace","path":"/legal","value":true}]`)")) << item;
  EXPECT_TRUE(contains(item, "reproduce with `rulecheck run --target oracle scenarios/scythe/move/carry.json`"));
  EXPECT_TRUE(contains(md, "- **FAIL** `scythe/move/adjacent` on `toy-engine`: "));
  EXPECT_EQ(occurrences(md, "- **ERROR** `scythe/combat/power` on `"), 2u);
  EXPECT_FALSE(contains(md, "<b>"));
  EXPECT_FALSE(contains(md, "\x01"));
}

TEST(MarkdownReport, AFailureShowsTheAnswerWantedAndTheScenariosNote) {
  const std::string md = report(make_markdown_reporter, fixture_cases());
  const std::string item = span(md, "- **FAIL** `scythe/move/carry` on `oracle`: ", "\n");
  EXPECT_TRUE(contains(item, R"x(; answered illegal (scythe.move.adjacent: not \<next\> to the start))x")) << item;
  EXPECT_TRUE(contains(item, "; wanted illegal (scythe.move.carry)")) << item;
  EXPECT_TRUE(contains(item, R"(; note: 2 steps \& 1 river)")) << item;
}

TEST(MarkdownReport, GroupsSkipsByReasonPerTarget) {
  std::vector<CaseResult> cases = fixture_cases();
  cases.push_back(skipping("scythe/setup/other", "toy-engine"));  // the same reason: one row, 2 cases
  const std::string md = report(make_markdown_reporter, cases);
  const std::string table = span(md, "### Skipped, by reason", "### Failures");
  EXPECT_TRUE(contains(table, "| oracle | 1 | unsupported: scythe action setup (not \\<yet\\>) |")) << md;
  EXPECT_TRUE(contains(table, "| toy-engine | 2 | unsupported: scythe action setup (not \\<yet\\>) |")) << md;
}

TEST(MarkdownReport, ListsAtMostFiftyProblems) {
  std::vector<CaseResult> cases;
  for (int i = 0; i < 60; ++i) cases.push_back(failing("scythe/move/case-" + std::to_string(i), "oracle", {}));
  const std::string md = report(make_markdown_reporter, cases);
  EXPECT_EQ(occurrences(md, "- **FAIL** "), 50u);
  EXPECT_TRUE(contains(md, "…and 10 more.")) << md;
}

// ---- HTML

// The section a link in the matrix points at: from id="<anchor>" to the end of its heading.
std::string linked_heading(const std::string& html, const std::string& cell) {
  const std::string href = span(cell, "href=\"#", "\"");
  if (href.empty()) return "";
  const std::string anchor = href.substr(7, href.size() - 8);
  return span(html, "id=\"" + anchor + "\">", "</h3>");
}

TEST(HtmlReport, HasARowPerCitedClause) {
  const std::string html = report(make_html_reporter, fixture_cases());
  EXPECT_EQ(occurrences(html, "<tr id=\"clause-"), 4u);
  for (const char* clause : {"scythe.combat.power", "scythe.move.adjacent", "scythe.move.carry", "scythe.setup.start"})
    EXPECT_EQ(occurrences(html, std::string("<tr id=\"clause-") + clause + "\">"), 1u) << clause;
}

TEST(HtmlReport, ClauseRowsShowTheirParaphrase) {
  const std::string html = report(make_html_reporter, fixture_cases());
  const std::string row = span(html, "<tr id=\"clause-scythe.move.adjacent\">", "</th>");
  EXPECT_TRUE(contains(row, "each step enters a territory next to the last &lt;&amp;&gt;")) << row;
  EXPECT_FALSE(contains(span(html, "<tr id=\"clause-scythe.move.carry\">", "</th>"), "<small>"));
}

TEST(HtmlReport, AFailingCellLinksToTheFailingCase) {
  const std::string html = report(make_html_reporter, fixture_cases());
  // scythe.move.carry: cited by a pass on toy-engine and by the oracle's failure: one cell each.
  const std::string row = span(html, "<tr id=\"clause-scythe.move.carry\">", "</tr>");
  const std::string cell = span(row, "<td class=\"fail\"", "</td>");
  ASSERT_FALSE(cell.empty()) << row;
  EXPECT_TRUE(contains(cell, "title=\"1 case(s): 1 fail\"")) << cell;
  EXPECT_TRUE(contains(cell, ">\u2717 1/1</a>")) << cell;
  EXPECT_TRUE(contains(linked_heading(html, cell), "FAIL scythe/move/carry on oracle")) << cell;
  EXPECT_TRUE(contains(row, "<td class=\"pass\" title=\"1 case(s): 1 pass\">\u2713 1</td>")) << row;
  // scythe.move.adjacent on the oracle: a pass and a failure (carry cites it too): the failure shows.
  const std::string adjacent = span(html, "<tr id=\"clause-scythe.move.adjacent\">", "</tr>");
  EXPECT_TRUE(contains(adjacent, "title=\"2 case(s): 1 pass, 1 fail\"")) << adjacent;
  // scythe.combat.power: both targets errored; the errored cells link too.
  const std::string power = span(html, "<tr id=\"clause-scythe.combat.power\">", "</tr>");
  EXPECT_EQ(occurrences(power, "<td class=\"errored\" title=\"1 case(s): 1 errored\"><a href=\"#case-"), 2u)
      << power;
}

// Issue 20: a case citing three clauses whose failure one of them decides counts as a failure against
// that one only; the other two show the pass that cites them, not the failure.
std::vector<CaseResult> speed_cases() {
  const std::vector<std::string> cited = {"scythe.move.range", "scythe.move.path", "scythe.move.encounter-stop"};
  CaseResult failed = failing("scythe/move/speed-encounter", "toy-engine", cited);
  failed.deciding = {"scythe.move.encounter-stop"};
  return {make_case("scythe/move/speed-two", "toy-engine", Verdict::pass, {"scythe.move.range", "scythe.move.path"}),
          failed};
}

TEST(HtmlReport, AFailureCountsOnlyAgainstTheClausesThatDecideIt) {
  const std::string html = report(make_html_reporter, speed_cases());
  const std::string stop = span(html, "<tr id=\"clause-scythe.move.encounter-stop\">", "</tr>");
  EXPECT_TRUE(contains(stop, "<td class=\"fail\" title=\"1 case(s): 1 fail\">")) << stop;
  for (const char* clause : {"scythe.move.range", "scythe.move.path"}) {
    const std::string row = span(html, std::string("<tr id=\"clause-") + clause + "\">", "</tr>");
    EXPECT_FALSE(contains(row, "class=\"fail\"")) << row;
    EXPECT_TRUE(contains(row, "<td class=\"pass\" title=\"1 case(s): 1 pass\">")) << row;
  }
  const std::string listed = span(html, "<h3>FAIL scythe/move/speed-encounter on toy-engine</h3>", "</section>");
  EXPECT_TRUE(contains(listed, "<dt>Decided by</dt>")) << listed;
}

TEST(MarkdownReport, CountsFailuresByTheirDecidingClause) {
  const std::string md = report(make_markdown_reporter, speed_cases());
  const std::string table = span(md, "### Failures by deciding clause", "\n\n###");
  EXPECT_TRUE(contains(table, "| `scythe.move.encounter-stop` | toy-engine | 1 |")) << table;
  EXPECT_FALSE(contains(table, "scythe.move.range")) << table;
  EXPECT_TRUE(contains(md, "decided by scythe.move.encounter-stop")) << md;
}

TEST(JunitReport, AFailureSaysWhichClausesDecideIt) {
  const std::string xml = report(make_junit_reporter, speed_cases());
  EXPECT_TRUE(contains(xml, "decided by: scythe.move.encounter-stop\n")) << xml;
}

// Bowtie's view: one column per target, so ten engines stay readable; a last row counts the clauses
// each target gets right.
TEST(HtmlReport, TheMatrixHasOneColumnPerTargetAndCountsClausesRight) {
  const std::string html = report(make_html_reporter, fixture_cases());
  EXPECT_EQ(occurrences(html, "<th class=\"target\""), 2u);
  const std::string carry = span(html, "<tr id=\"clause-scythe.move.carry\">", "</tr>");
  EXPECT_EQ(occurrences(carry, "<td"), 2u) << carry;
  // oracle: adjacent (a failure), carry (a failure), combat.power (errored), setup.start (skipped only);
  // toy-engine: adjacent (a failure), carry (passed), combat.power (errored), setup.start (skipped only).
  const std::string totals = span(html, "<tfoot>", "</tfoot>");
  EXPECT_TRUE(contains(totals, ">0 / 3 / 1</td>")) << totals;
  EXPECT_TRUE(contains(totals, ">1 / 2 / 1</td>")) << totals;
}

TEST(HtmlReport, TenTargetsGiveTenColumns) {
  std::vector<CaseResult> cases;
  for (int t = 0; t < 10; ++t)
    cases.push_back(make_case("scythe/move/adjacent", "engine-" + std::to_string(t), t == 3 ? Verdict::skipped : Verdict::pass,
                              {"scythe.move.adjacent"}));
  const std::string html = report(make_html_reporter, cases);  // the run also planned oracle and toy-engine
  EXPECT_EQ(occurrences(html, "<th class=\"target\""), 12u);
  const std::string row = span(html, "<tr id=\"clause-scythe.move.adjacent\">", "</tr>");
  EXPECT_EQ(occurrences(row, "<td class=\"pass\""), 9u) << row;
  EXPECT_EQ(occurrences(row, "<td class=\"skipped\""), 1u) << row;
  EXPECT_EQ(occurrences(row, "<td class=\"none\"></td>"), 2u) << row;
}

TEST(HtmlReport, AFailureShowsTheAnswerWantedNoteAndTheSkipsByReason) {
  const std::string html = report(make_html_reporter, fixture_cases());
  const std::string carry = span(html, "<h3>FAIL scythe/move/carry on oracle</h3>", "</section>");
  EXPECT_TRUE(contains(carry, "<dt>Answer</dt><dd>illegal (scythe.move.adjacent: not &lt;next&gt; to the start)</dd>"))
      << carry;
  EXPECT_TRUE(contains(carry, "<dt>Wanted</dt><dd>illegal (scythe.move.carry)</dd>")) << carry;
  EXPECT_TRUE(contains(carry, "<dt>Note</dt><dd>2 steps &amp; 1 river</dd>")) << carry;
  const std::string skips = span(html, "<table class=\"skips\">", "</table>");
  EXPECT_EQ(occurrences(skips, "<td>1</td><td class=\"reason\">unsupported: scythe action setup (not &lt;yet&gt;)</td>"),
            2u)
      << skips;
}

TEST(HtmlReport, ListsEachProblemWithItsDetails) {
  const std::string html = report(make_html_reporter, fixture_cases());
  EXPECT_EQ(occurrences(html, "<section class=\"case fail\""), 2u);
  EXPECT_EQ(occurrences(html, "<section class=\"case errored\""), 2u);
  const std::string carry = span(html, "<h3>FAIL scythe/move/carry on oracle</h3>", "</section>");
  EXPECT_TRUE(contains(carry, "scenarios/scythe/move/carry.json"));
  EXPECT_TRUE(contains(carry, "&quot;op&quot;: &quot;replace&quot;"));
  EXPECT_TRUE(contains(carry, "<a href=\"#clause-scythe.move.carry\">scythe.move.carry</a>"));
  EXPECT_TRUE(contains(carry, "rulecheck run --target oracle"));
  EXPECT_TRUE(contains(html, "<pre>engine: crashed &lt;oops&gt;\n\xEF\xBF\xBD not UTF-8\n</pre>"));
}

TEST(HtmlReport, EscapesTextAndNeedsNothingExternal) {
  const std::string html = report(make_html_reporter, fixture_cases());
  EXPECT_FALSE(contains(html, "<b>"));
  EXPECT_FALSE(contains(html, "<oops>"));
  EXPECT_TRUE(contains(html, "&lt;b&gt;&amp;&quot;&#39; true but got false"));
  EXPECT_FALSE(contains(html, "\x01"));
  for (const char* external : {"http://", "https://", "<script", "<link", "<img"})
    EXPECT_FALSE(contains(html, external)) << external;
}

// ---- the summary's skips and coverage

TEST(SummaryCoverage, GroupsSkipsAndCountsTheKindsOfRequestAnswered) {
  Summary s;
  CaseResult a = make_case("a", "e", Verdict::pass, {});
  a.answered = {"messina action consume"};
  CaseResult b = make_case("b", "e", Verdict::skipped, {});
  b.answered = {"messina action consume"};
  b.unsupported = "messina action muster";
  b.skip_reason = "unsupported: messina action muster";
  CaseResult c = make_case("c", "e", Verdict::skipped, {});
  c.unsupported = "messina action muster";
  c.skip_reason = "unsupported: messina action muster";
  CaseResult d = make_case("d", "e", Verdict::skipped, {});
  d.message = "step 0: not run: interrupted by SIGINT";  // no reason of its own: grouped by its message
  for (const auto* r : {&a, &b, &c, &d}) s.add(*r);
  const auto groups = skips_by_reason(s, "e");
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0], std::make_pair(std::string("unsupported: messina action muster"), std::size_t{2}));
  EXPECT_EQ(groups[1].second, 1u);
  EXPECT_EQ(s.coverage["e"].answered["messina action consume"], 2u);
  EXPECT_EQ(s.coverage["e"].unsupported["messina action muster"], 2u);
  EngineInfo engine{"e", "1", "./e", {"messina"}, {{"messina.card-hostility", "hostile"}}, {}};
  EXPECT_EQ(coverage_text(&engine, s.coverage["e"]),
            "plays messina; declares 1 reading(s); answered 1 of 2 kind(s) of request asked; unsupported: messina "
            "action muster (2 case(s))");
}

}  // namespace
}  // namespace rulecheck

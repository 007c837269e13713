// serve's split of a request line into its members' raw texts (harness/request_members.hpp) passes
// over a value it has seen whole before (the ruleset, the readings) without scanning it. That must
// never change what the split finds: every request line of the corpus, and each of them cut short or
// with other bytes after the known text, splits the same with the known texts as without them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness/answer_text.hpp"
#include "harness/request_members.hpp"
#include "harness/rules_data.hpp"
#include "harness/scenario.hpp"

namespace rulecheck {
namespace {

const RulesLibrary& library() {
  static const RulesLibrary lib(std::filesystem::path(RULECHECK_SOURCE_DIR) / "rules");
  return lib;
}

// Every step of the corpus as the cross-check sends it.
std::vector<std::string> corpus_lines() {
  std::vector<std::string> lines;
  for (const auto& f : find_scenario_files({std::string(RULECHECK_SOURCE_DIR) + "/scenarios"})) {
    const Scenario s = load_scenario(f, library());
    const GameRules& rules = *library().find(s.game);
    const std::string ruleset = rules.merged_ruleset(s.ruleset).dump(), readings = s.readings(rules).dump();
    for (const Step& step : s.steps) {
      std::string line;
      append_request_line(line, "0.0", step.is_query, s.game, ruleset, readings, s.state.dump(), step.request.dump());
      lines.push_back(std::move(line));
    }
  }
  return lines;
}

struct Split {
  bool ok = false;
  std::vector<RawMember> members;
  bool operator==(const Split&) const = default;
};

Split split(std::string_view line, const std::vector<std::string_view>& known) {
  Split out;
  out.ok = split_members(line, out.members, known);
  return out;
}

// The ruleset and readings texts of `line`, as serve keeps them after binding its rules.
std::vector<std::string> known_texts_of(const std::string& line) {
  std::vector<RawMember> members;
  EXPECT_TRUE(split_members(line, members));
  std::vector<std::string> out;
  for (const auto& [key, value] : members)
    if (key == "ruleset" || key == "interpretations") out.emplace_back(value);
  return out;
}

TEST(RequestMembers, KnownTextsChangeNothingOnTheCorpusAndItsVariants) {
  const std::vector<std::string> lines = corpus_lines();
  ASSERT_GT(lines.size(), 400u);
  std::size_t compared = 0;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    // Known from an earlier line of the run (usually the same texts), and from this line itself.
    const std::vector<std::string> earlier = known_texts_of(lines[n == 0 ? 0 : n - 1]), own = known_texts_of(line);
    std::vector<std::string_view> known(earlier.begin(), earlier.end());
    known.insert(known.end(), own.begin(), own.end());
    std::vector<std::string> variants = {line};
    const std::size_t at = line.find(own.front());  // the ruleset's text, then what follows it
    const std::size_t after = at + own.front().size();
    for (const char* tail : {" ,", "\t}", "\r,", "x,", "]", "}}", "1,", "\"s\",", " ", ""})
      variants.push_back(line.substr(0, after) + tail + line.substr(after));
    for (std::size_t cut = at; cut < std::min(line.size(), after + 40); cut += 7) variants.push_back(line.substr(0, cut));
    for (const std::string& v : variants) {
      ASSERT_EQ(split(v, known), split(v, {})) << v;
      ++compared;
    }
  }
  EXPECT_GT(compared, 10000u);
}

// A number is not a whole value on its own: "1" known, the value 12 is still read as 12.
TEST(RequestMembers, AKnownNumberDoesNotCutALongerOne) {
  const std::string line = R"({"a":12,"b":1})";
  EXPECT_EQ(split(line, {"1"}), split(line, {}));
  EXPECT_EQ(split(line, {"1"}).members[0].second, "12");
}

// The known text is passed over, not scanned (which is why it must be a whole value split before):
// a text that opens a bracket it does not close shows it, as the scan after it starts at depth 0 and
// stops at the comma inside the list. Fails if `known` were ignored (both splits would find "[1,2]").
TEST(RequestMembers, AKnownTextIsNotScanned) {
  const std::string line = R"({"a":[1,2],"b":3})";
  const Split scanned = split(line, {});
  ASSERT_TRUE(scanned.ok);
  EXPECT_EQ(scanned.members[0].second, "[1,2]");
  EXPECT_NE(split(line, {"[1"}), scanned);
}

}  // namespace
}  // namespace rulecheck

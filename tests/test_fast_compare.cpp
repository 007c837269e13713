// The cross-check's pass path on text (harness/answer_text.hpp) never passes an answer that the
// field-by-field comparison would judge otherwise. Every case of the corpus and cases generated as
// fuzz draws them (every reading serve declares, sampled rulesets) are cross-checked against
// `rulecheck serve`, whose answers are the oracle's own lines, as they are and perturbed by a filter
// (a field changed, the keys in another order, spacing, 1.0 for 1, a key given twice, a field more),
// each twice: with the text compare and without it (CrossCheckOptions::compare_on_text = false:
// every answer read). Both runs must give every case the same verdict, step, message and patch.
#include <filesystem>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/answer_text.hpp"
#include "harness/cross_check.hpp"
#include "harness/engine.hpp"
#include "harness/engine_readings.hpp"
#include "harness/fuzz.hpp"
#include "harness/rules_data.hpp"
#include "properties/generators/generated_case.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

using testing::library;

// The corpus, then 40 generated cases per game (readings and rulesets sampled as fuzz samples them).
const std::vector<Scenario>& cases() {
  static const std::vector<Scenario> all = [] {
    std::vector<Scenario> out;
    for (const auto& f : find_scenario_files({std::string(RULECHECK_SOURCE_DIR) + "/scenarios"}))
      out.push_back(load_scenario(f, library()));
    for (const std::string game : {"messina", "scythe"}) {
      const GameRules& rules = *library().find(game);
      const generators::CaseOptions options = testing::sampling_rulesets_and_readings(rules);
      const auto gen = generators::cases_of(game, rules.merged_ruleset(json::object()), options);
      rc::Random random(34);
      for (int n = 0; n < 40; ++n)
        out.push_back(scenario_of_generated(gen(random.split(), (n * 5) % 101).value(), fmt::format("generated/{}", n)));
    }
    return out;
  }();
  return all;
}

// serve's answers through `filter` (a sed script applied to each line, or "" for none).
std::string engine_command(const std::string& filter) {
  const std::string serve = fmt::format("{} --rules {}/rules serve", RULECHECK_BINARY, RULECHECK_SOURCE_DIR);
  return filter.empty() ? serve : fmt::format("{} | sed -u '{}'", serve, filter);
}

std::vector<CaseResult> cross_checked(const std::string& filter, bool compare_on_text,
                                      const std::map<std::string, std::string>& rule_map = {}) {
  EngineProcess engine(EngineOptions{engine_command(filter), std::chrono::milliseconds(30000), 64});
  engine.start();
  CrossCheckOptions options;
  options.strict = true;           // clause ids compared too
  options.strict_protocol = true;  // an answer's shape checked too
  options.rule_map = rule_map;
  options.compare_on_text = compare_on_text;
  std::vector<CaseResult> results;
  cross_check(cases(), library(), engine, options, [&](const CaseResult& r) { results.push_back(r); });
  engine.stop();
  return results;
}

std::size_t count(const std::vector<CaseResult>& results, Verdict v) {
  std::size_t n = 0;
  for (const auto& r : results) n += r.verdict == v;
  return n;
}

// Both runs judge every case alike; returns the results with the text compare.
std::vector<CaseResult> expect_same_verdicts(const std::string& filter,
                                             const std::map<std::string, std::string>& rule_map = {}) {
  const std::vector<CaseResult> fast = cross_checked(filter, true, rule_map);
  const std::vector<CaseResult> full = cross_checked(filter, false, rule_map);
  EXPECT_EQ(fast.size(), cases().size());
  EXPECT_EQ(full.size(), fast.size());
  for (std::size_t k = 0; k < std::min(fast.size(), full.size()); ++k) {
    SCOPED_TRACE(fmt::format("filter '{}', case {} ({})", filter, k, fast[k].id));
    EXPECT_EQ(verdict_name(fast[k].verdict), verdict_name(full[k].verdict)) << fast[k].message << " | " << full[k].message;
    EXPECT_EQ(fast[k].step, full[k].step);
    EXPECT_EQ(fast[k].message, full[k].message);
    EXPECT_EQ(fast[k].patch.dump(), full[k].patch.dump());
  }
  return fast;
}

TEST(FastCompare, TheOraclesOwnLinesPassBothWays) {
  // Would fail if the oracle's line were not canonical (the field-by-field comparison reading it
  // differently from the oracle's outcome) or if the text compare passed what the expectation fails.
  const auto results = expect_same_verdicts("");
  EXPECT_EQ(count(results, Verdict::pass), cases().size());
}

TEST(FastCompare, PerturbedAnswersAreJudgedAsTheFieldByFieldComparisonJudgesThem) {
  // Each filter changes serve's answers (not its hello); a text compare that took a perturbed line for
  // the oracle's (a prefix, whitespace or key order ignored) would pass some case the full reading fails.
  const std::vector<std::pair<std::string, Verdict>> perturbations = {
      {R"(s/"infantry":1/"infantry":2/)", Verdict::fail},                   // a field of the state changed
      {R"(s/"legal":false/"legal":true/)", Verdict::errored},               // legality flipped: no state given
      {R"(s/^{"id":\("[^"]*"\),\(.*\)}$/{\2,"id":\1}/)", Verdict::pass},    // the id last: key order
      {R"(s/,"state":{/, "state" : {/)", Verdict::pass},                    // spacing
      {R"(s/"round":\([0-9][0-9]*\)/"round":\1.0/)", Verdict::pass},        // 3.0 for 3
      {R"(s/^{"id":\("[^"]*"\)/{"id":\1,"id":\1/)", Verdict::errored},      // a key given twice
      {R"(/^{"id":/s/}$/,"extra":true}/)", Verdict::errored},               // a field more (strict protocol)
  };
  for (const auto& [filter, seen] : perturbations) {
    const auto results = expect_same_verdicts(filter);
    // The perturbation reached some case and was judged as expected there.
    EXPECT_GT(count(results, seen), 0u) << filter;
    if (seen != Verdict::pass) {
      EXPECT_LT(count(results, Verdict::pass), cases().size()) << filter;
    }
  }
}

// The first number in `v` (depth first), or nullptr.
json* first_number(json& v) {
  if (v.is_number()) return &v;
  if (!v.is_object() && !v.is_array()) return nullptr;
  for (json& member : v)
    if (json* n = first_number(member)) return n;
  return nullptr;
}

TEST(FastCompare, AnExpectationTheOracleMissesFailsTheOraclesOwnLineToo) {
  // The corpus with one number of each expected next state changed (the oracle's outcome then misses
  // it): an answer passed on its text is still judged against the scenario's expectation, as a read
  // one is. Would fail if the pass path on text skipped the expectation (it would pass these cases).
  std::vector<Scenario> changed;
  for (const auto& f : find_scenario_files({std::string(RULECHECK_SOURCE_DIR) + "/scenarios"})) {
    Scenario s = load_scenario(f, library());
    Step& last = s.steps.back();
    if (!last.expect.is_object() || !last.expect.contains("state")) continue;
    json* n = first_number(last.expect["state"]);
    if (!n) continue;
    *n = n->get<double>() + 7;  // 7 more than the expected value, which the oracle meets
    changed.push_back(std::move(s));
  }
  ASSERT_GT(changed.size(), 20u);
  std::vector<std::vector<CaseResult>> runs;
  for (const bool on_text : {true, false}) {
    EngineProcess engine(EngineOptions{engine_command(""), std::chrono::milliseconds(30000), 64});
    engine.start();
    CrossCheckOptions options;
    options.strict = true;
    options.compare_on_text = on_text;
    std::vector<CaseResult>& results = runs.emplace_back();
    cross_check(changed, library(), engine, options, [&](const CaseResult& r) { results.push_back(r); });
    engine.stop();
  }
  ASSERT_EQ(runs[0].size(), changed.size());
  ASSERT_EQ(runs[1].size(), changed.size());
  for (std::size_t k = 0; k < changed.size(); ++k) {
    SCOPED_TRACE(changed[k].id);
    EXPECT_EQ(verdict_name(runs[0][k].verdict), verdict_name(runs[1][k].verdict));
    EXPECT_EQ(runs[0][k].message, runs[1][k].message);
    EXPECT_EQ(runs[0][k].patch.dump(), runs[1][k].patch.dump());
  }
  EXPECT_EQ(count(runs[0], Verdict::fail), changed.size());
}

TEST(FastCompare, ARuleMapEntryForTheOraclesClauseIsReadNotPassedOnText) {
  // An engine giving back the oracle's clause id, where --rule-map reads that code as another clause:
  // under --strict the field-by-field comparison fails it. Without the rule-map guard in
  // judged_on_text the text compare passed these cases (the oracle's line byte for byte).
  const std::map<std::string, std::string> map = {{"scythe.move.workers-stop", "scythe.move.range"}};
  const auto results = expect_same_verdicts("", map);
  EXPECT_GT(count(results, Verdict::fail), 0u);
}

TEST(FastCompare, JudgedOnTextOnlyForTheOraclesLineByteForByte) {
  OracleAnswer oracle;
  oracle.line = R"({"id":"0.0","legal":false,"reason":"r","rule":"messina.x"})";
  oracle.outcome = {{"legal", false}, {"rule", "messina.x"}, {"reason", "r"}};
  EXPECT_TRUE(judged_on_text(oracle.line, oracle, {}));
  EXPECT_FALSE(judged_on_text(R"({"id":"0.0","legal":false,"reason":"r","rule":"messina.x"} )", oracle, {}));
  EXPECT_FALSE(judged_on_text(R"({"id":"0.0", "legal":false,"reason":"r","rule":"messina.x"})", oracle, {}));
  EXPECT_FALSE(judged_on_text(R"({"id":"0.0","legal":false,"reason":"r"})", oracle, {}));
  EXPECT_FALSE(judged_on_text(oracle.line, oracle, {{"messina.x", "messina.y"}}));
  EXPECT_TRUE(judged_on_text(oracle.line, oracle, {{"messina.z", "messina.y"}}));
  OracleAnswer none;  // the oracle wrote no line: nothing to compare with
  EXPECT_FALSE(judged_on_text("", none, {}));
}

TEST(FastCompare, ExpectationReadsStateWhereItOrAnAlternativeNamesOne) {
  EXPECT_TRUE(expectation_reads_state({{"legal", true}, {"state", json::object()}}));
  EXPECT_TRUE(expectation_reads_state(
      {{"one_of", json::array({{{"legal", false}, {"rule", "x"}}, {{"legal", true}, {"state", json::object()}}})}}));
  EXPECT_FALSE(expectation_reads_state({{"legal", true}}));
  EXPECT_FALSE(expectation_reads_state({{"legal", false}, {"rule", "x"}}));
  EXPECT_FALSE(expectation_reads_state({{"result", 3}}));
  EXPECT_FALSE(expectation_reads_state(nullptr));
}

}  // namespace
}  // namespace rulecheck

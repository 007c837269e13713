// Scenario files that cannot be used are reported with the file, the JSON pointer and the reason.
#include <fstream>

#include <gtest/gtest.h>

#include "harness/corpus.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"
#include "tests/support.hpp"

namespace rulecheck {
namespace {

class ScenarioLoader : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("rulecheck-loader-" + std::to_string(::getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }

  json good() const {
    return json::parse(R"({
      "id": "t/consume", "game": "messina", "title": "t", "cites": ["messina.consumption.cost"],
      "state": {"round": 2, "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"spare": 2},
                "resources": {"food": 1, "water": 1}}}, "spaces": {"D1": {"adjacent": []}}},
      "steps": [{"action": {"type": "consume", "faction": "UE"},
                 "expect": {"legal": true, "state": {"factions": {"UE": {"resources": {"food": 0}}}}}}]
    })");
  }
  // Writes `text` and returns the loader's complaint ("" if it loads).
  std::string complaint(const std::string& text) {
    const auto file = dir / "case.json";
    std::ofstream(file) << text;
    try {
      const Scenario s = load_scenario(file, testing::library());
      check_scenario_state(s, testing::library());
    } catch (const ScenarioError& e) {
      return e.pointer + "|" + e.message;
    }
    return "";
  }
  std::string complaint(const json& j) { return complaint(j.dump()); }
};

TEST_F(ScenarioLoader, AGoodFileLoads) { EXPECT_EQ(complaint(good()), ""); }

TEST_F(ScenarioLoader, MalformedJsonIsReportedAsNotValidJson) {
  EXPECT_NE(complaint(std::string("{\"id\": ")).find("not valid JSON"), std::string::npos);
}

TEST_F(ScenarioLoader, UnknownGameListsTheGames) {
  json j = good();
  j["game"] = "chess";
  const std::string c = complaint(j);
  EXPECT_EQ(c.substr(0, c.find('|')), "/game");
  EXPECT_NE(c.find("messina, scythe"), std::string::npos) << c;
}

TEST_F(ScenarioLoader, CitingAClauseThatDoesNotExistIsAnError) {
  json j = good();
  j["cites"] = {"messina.consumption.cost", "messina.consumption.made-up"};
  EXPECT_EQ(complaint(j).substr(0, 8), "/cites/1");
}

TEST_F(ScenarioLoader, IllegalExpectationNeedsAKnownRule) {
  json j = good();
  j["steps"][0]["expect"] = {{"legal", false}, {"rule", "nope"}};
  EXPECT_EQ(complaint(j).substr(0, 21), "/steps/0/expect/rule|");
  j["steps"][0]["expect"] = {{"legal", false}};
  EXPECT_EQ(complaint(j).substr(0, 16), "/steps/0/expect|");
}

TEST_F(ScenarioLoader, AnUnknownInterpretationReadingIsRejected) {
  json j = good();
  j["interpretations"] = {{"messina.card-hostility", "sometimes"}};
  const std::string c = complaint(j);
  EXPECT_EQ(c.substr(0, c.find('|')), "/interpretations/messina.card-hostility");
  EXPECT_NE(c.find("exposed-only"), std::string::npos) << c;
}

TEST_F(ScenarioLoader, AnUnknownRulesetNumberIsRejected) {
  json j = good();
  j["ruleset"] = {{"stacking_maps", 6}};
  EXPECT_EQ(complaint(j).substr(0, 21), "/ruleset/stacking_map");
}

TEST_F(ScenarioLoader, AStepWithBothActionAndQueryIsRejected) {
  json j = good();
  j["steps"][0]["query"] = {{"type", "hostile"}};
  EXPECT_EQ(complaint(j).substr(0, 9), "/steps/0|");
}

TEST_F(ScenarioLoader, AStateThatContradictsItselfIsRejected) {
  json j = good();
  j["state"]["factions"]["UE"]["population"]["located"] = 1;  // nothing on the map backs it
  EXPECT_EQ(complaint(j).substr(0, 37), "/state/factions/UE/population/located");
}

// ---- the corpus: checked once, the first scenarios kept, the others read again when a run reaches them

class CorpusLoading : public ScenarioLoader {
 protected:
  // Five files under dir/scenarios-like names, ids t/0 .. t/4, each a Consumption whose food is its number + 1.
  void write_five() {
    for (int i = 0; i < 5; ++i) {
      json j = good();
      j["id"] = "t/" + std::to_string(i);
      j["state"]["factions"]["UE"]["resources"]["food"] = i + 1;
      j["steps"][0]["expect"] = {{"legal", true}};
      std::ofstream(dir / ("c" + std::to_string(i) + ".json")) << j.dump();
    }
  }
};

TEST_F(CorpusLoading, ScenariosPastTheKeptOnesAreReadAgainAndAreTheSame) {
  write_five();
  const Corpus corpus = load_corpus({dir.string()}, testing::library(), {}, {}, /*keep_loaded=*/2);
  ASSERT_EQ(corpus.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    const auto s = corpus.get(i);
    EXPECT_EQ(s->id, "t/" + std::to_string(i));
    EXPECT_EQ(s->state["factions"]["UE"]["resources"]["food"], static_cast<int>(i) + 1);
    // A kept scenario is the same object each time; one read again is a new one.
    EXPECT_EQ(corpus.get(i) == s, i < 2) << i;
  }
}

TEST_F(CorpusLoading, AFileThatChangedSinceTheCheckIsAnErroredCaseNamingIt) {
  write_five();
  const Corpus corpus = load_corpus({dir.string()}, testing::library(), {}, {}, /*keep_loaded=*/2);
  std::ofstream(dir / "c3.json") << "{ not json";
  try {
    corpus.get(3);
    FAIL() << "c3.json no longer loads";
  } catch (const ScenarioError& e) {
    EXPECT_NE(e.message.find("changed since the run began"), std::string::npos) << e.message;
    EXPECT_EQ(e.file, dir / "c3.json");
  }
  EXPECT_EQ(corpus.get(2)->id, "t/2");  // the others still load
}

TEST_F(CorpusLoading, FilesComeInPathOrderComponentByComponent) {
  // "a/z.json" sorts before "a-b.json" as paths (the separator first), though '-' < '/' as bytes.
  std::filesystem::create_directories(dir / "a");
  std::ofstream(dir / "a" / "z.json") << "{}";
  std::ofstream(dir / "a-b.json") << "{}";
  std::ofstream(dir / "a.json") << "{}";
  const auto files = find_scenario_files({dir.string()});
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0], (dir / "a" / "z.json").string());
  EXPECT_EQ(files[1], (dir / "a-b.json").string());
  EXPECT_EQ(files[2], (dir / "a.json").string());
}

}  // namespace
}  // namespace rulecheck

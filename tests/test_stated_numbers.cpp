// The numbers the rule texts state (rulebook/stated_numbers.hpp): reading numbers from words, the
// masked fingerprint, formulas, and what an edit of the ruleset or of the texts asks of the
// sentences. The texts here are toy paragraphs written for the tests (no rule sentence is copied);
// the project's rules/messina/numbers.json is used for what a ruleset edit changes.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "common/input_error.hpp"
#include "rulebook/index.hpp"
#include "rulebook/stated_numbers.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {
namespace {

namespace fs = std::filesystem;

std::vector<double> values(std::string_view words) {
  std::vector<double> out;
  for (const auto& n : numbers_in(words)) out.push_back(n.value);
  return out;
}

TEST(StatedNumbers, ANumberIsDigitsNotGluedToALetterBefore) {
  EXPECT_EQ(values("Card for E2 (Castle)"), std::vector<double>{});  // a name, not a number
  EXPECT_EQ(values("costs 3E"), std::vector<double>{3});
  EXPECT_EQ(values("2.5F and 0.75"), (std::vector<double>{2.5, 0.75}));
  EXPECT_EQ(values("(10F+10W)"), (std::vector<double>{10, 10}));
  EXPECT_EQ(values("limits (5 per space, 2 per card), so 7."), (std::vector<double>{5, 2, 7}));
}

TEST(StatedNumbers, TheMaskedFingerprintIgnoresNumbersOnly) {
  const Paragraph five{3, {"Limits (5 per space,", "2 per card)."}, ""};
  const Paragraph six{3, {"Limits (6 per space,", "2 per card)."}, ""};
  const Paragraph reworded{3, {"Limits (5 per area,", "2 per card)."}, ""};
  EXPECT_EQ(masked_fingerprint(five), masked_fingerprint(six));
  EXPECT_NE(masked_fingerprint(five), masked_fingerprint(reworded));
  EXPECT_NE(fingerprint(five.lines), fingerprint(six.lines));
}

double value_of(const std::string& formula, double n1 = 0) {
  const auto v = Formula::parse(formula).evaluate(
      [](std::string_view key) -> std::optional<double> {
        if (key == "tokens") return 2;
        if (key == "units.bomber.cost") return 3;
        return std::nullopt;
      },
      [&](int n) -> std::optional<double> { return n == 1 ? std::optional<double>(n1) : std::nullopt; });
  EXPECT_TRUE(v.number) << formula << ": " << v.why_none;
  return v.number.value_or(-1);
}

TEST(StatedNumbers, FormulasReadKeysAndTheParagraphsNumbers) {
  EXPECT_EQ(value_of("ceil(#1 / tokens)", 7), 4);  // 7 tokens at 2 per F: 3.5, rounded up
  EXPECT_EQ(value_of("floor(#1 / tokens)", 7), 3);
  EXPECT_EQ(value_of("min(5 * tokens, 3 * tokens, 20)"), 6);  // 5F feed 10, 3W water 6
  EXPECT_EQ(value_of("units.bomber.cost / (1 + 2)"), 1);
  EXPECT_EQ(value_of("20 - 2 * 3"), 14);  // precedence: 20 - 6
  const auto missing = Formula::parse("units.fighter.cost + #2").evaluate(
      [](std::string_view) -> std::optional<double> { return std::nullopt; },
      [](int) -> std::optional<double> { return std::nullopt; });
  EXPECT_FALSE(missing.number);
  EXPECT_NE(missing.why_none.find("units.fighter.cost"), std::string::npos);
  EXPECT_EQ(Formula::parse("stacking_map + stacking_card").keys(),
            (std::vector<std::string>{"stacking_map", "stacking_card"}));
  EXPECT_TRUE(Formula::parse("hand_limit").is_single_key());
  EXPECT_FALSE(Formula::parse("hand_limit + 0").is_single_key());
}

TEST(StatedNumbers, AMalformedFormulaSaysWhere) {
  for (const char* bad : {"sqrt(4)", "1 +", "(1 + 2", "#0", "ceil(1, 2)", "2 $ 3"}) {
    try {
      Formula::parse(bad);
      ADD_FAILURE() << bad << " parsed";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

const fs::path kRules = fs::path(RULECHECK_SOURCE_DIR) / "rules";

StatedNumbers messina_numbers(ClauseIndex& index) {
  Problems problems;
  const Project project = Project::of_rules_folder(kRules);
  index = read_index(project, "messina", problems);
  StatedNumbers numbers = read_stated_numbers(project, index, problems);
  for (const auto& p : problems) ADD_FAILURE() << describe(p);
  return numbers;
}

const SentenceToChange* find_change(const std::vector<SentenceToChange>& changes, const std::string& clause, int nth) {
  for (const auto& c : changes)
    if (c.entry->clause == clause && c.entry->nth == nth) return &c;
  return nullptr;
}

TEST(StatedNumbers, RaisingTheMapLimitAsksTheSevenSentenceToChange) {
  ClauseIndex index;
  const StatedNumbers numbers = messina_numbers(index);
  const RulesetNumbers base = RulesetNumbers::of_file(kRules / "messina" / "ruleset.json");
  const auto changes = sentences_an_edit_changes(numbers, base, base.with("stacking_map", 6));
  // The location total: card 2 + map 6 = 8, where the Location Cards page says 7.
  const auto* total = find_change(changes, "messina.cards.seven-per-location", 3);
  ASSERT_NE(total, nullptr);
  EXPECT_EQ(total->before, 7);
  EXPECT_EQ(total->after, 8);
  EXPECT_FALSE(total->states_a_key);
  EXPECT_EQ(total->rests_on, std::vector<std::string>{"messina.muster.stacking"});
  // The Muster sentence stating the limit is the edit itself.
  const auto* limit = find_change(changes, "messina.muster.stacking", 1);
  ASSERT_NE(limit, nullptr);
  EXPECT_TRUE(limit->states_a_key);
  // Nothing about the card limit or the hand limit changes.
  EXPECT_EQ(find_change(changes, "messina.muster.stacking", 2), nullptr);
  EXPECT_EQ(find_change(changes, "messina.cards.hand-limit", 1), nullptr);
}

TEST(StatedNumbers, ThreeTokensPerFoodChangesTheWorkedExamples) {
  ClauseIndex index;
  const StatedNumbers numbers = messina_numbers(index);
  const RulesetNumbers base = RulesetNumbers::of_file(kRules / "messina" / "ruleset.json");
  const auto changes = sentences_an_edit_changes(numbers, base, base.with("tokens_per_food_and_water", 3));
  // 7 tokens: ceil(7/2) = 4 F today, ceil(7/3) = 3 F at 3 tokens per F.
  const auto* food = find_change(changes, "messina.consumption.cost", 5);
  ASSERT_NE(food, nullptr);
  EXPECT_EQ(food->before, 4);
  EXPECT_EQ(food->after, 3);
  // 20 tokens, 5F and 3W: fed min(10, 6) = 6, shortfall 14 today; at 3 per F: min(15, 9) = 9, shortfall 11.
  const auto* shortfall = find_change(changes, "messina.consumption.shortfall", 11);
  ASSERT_NE(shortfall, nullptr);
  EXPECT_EQ(shortfall->before, 14);
  EXPECT_EQ(shortfall->after, 11);
  // The Bomber's ten-round Food: 1 token over 5 Consumptions at 2 per F = 2.5; at 3 per F, 5/3.
  const auto* bomber_food = find_change(changes, "messina.muster.unit-table.derived", 20);
  ASSERT_NE(bomber_food, nullptr);
  EXPECT_DOUBLE_EQ(bomber_food->before, 2.5);
  EXPECT_NEAR(bomber_food->after, 5.0 / 3, 1e-9);
}

TEST(StatedNumbers, AnEditThatStatesNoNumberChangesNoSentence) {
  ClauseIndex index;
  const StatedNumbers numbers = messina_numbers(index);
  const RulesetNumbers base = RulesetNumbers::of_file(kRules / "messina" / "ruleset.json");
  EXPECT_TRUE(sentences_an_edit_changes(numbers, base, base).empty());
  // round_parity_muster is stated by no number (the texts say "odd-numbered" in words).
  EXPECT_TRUE(sentences_an_edit_changes(numbers, base, base.with("round_parity_muster", 0)).empty());
}

// A toy project: one clause stating a limit (5) and one restating the total (5 + 2 = 7).
class ToyTexts : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "stated-numbers-XXXXXX").string();
    ASSERT_TRUE(mkdtemp(pattern.data()));
    root_ = pattern;
    fs::create_directories(root_ / "rules" / "toy");
    fs::create_directories(root_ / "texts");
    write_texts("Limits: 5 per space and 2 per card.", "So a place holds 7 in all.");
    const auto paragraphs = read_paragraphs(root_ / "texts" / "toy.txt");
    write("rules/toy/clauses.json",
          R"({"game": "toy", "sources": {"s": "toy.txt"}, "clauses": [
               {"id": "toy.limits", "section": "s", "paragraph": 1, "fingerprint": ")" + paragraphs[0].fingerprint +
              R"(", "paraphrase": "Limits per space and card.", "scope": "implemented"},
               {"id": "toy.total", "section": "s", "paragraph": 2, "fingerprint": ")" + paragraphs[1].fingerprint +
              R"(", "paraphrase": "A place's total is both limits.", "scope": "implemented"}], "not_clauses": []})");
    write("rules/toy/ruleset.json", R"({"game": "toy", "space": 5, "card": 2})");
    write("rules/toy/numbers.json",
          R"({"game": "toy", "note": "", "paragraphs": [
               {"clause": "toy.limits", "masked_fingerprint": ")" + masked_fingerprint(paragraphs[0]) +
              R"(", "numbers": [{"nth": 1, "means": "space"}, {"nth": 2, "means": "card"}]},
               {"clause": "toy.total", "masked_fingerprint": ")" + masked_fingerprint(paragraphs[1]) +
              R"(", "numbers": [{"nth": 1, "means": "space + card"}]}]})");
    Problems problems;
    index_ = read_index(project(), "toy", problems);
    numbers_ = read_stated_numbers(project(), index_, problems);
    for (const auto& p : problems) ADD_FAILURE() << describe(p);
  }
  void TearDown() override { fs::remove_all(root_); }
  Project project() const { return Project::of_rules_folder(root_ / "rules"); }
  void write(const std::string& file, const std::string& text) { std::ofstream(root_ / file) << text; }
  void write_texts(const std::string& first, const std::string& second) {
    write("texts/toy.txt", first + "\n\n" + second + "\n");
  }
  TextsReading read() {
    return read_texts(numbers_, index_, root_ / "texts", RulesetNumbers::of_file(root_ / "rules/toy/ruleset.json"));
  }
  static std::vector<NumberCheck::Status> statuses(const TextsReading& r) {
    std::vector<NumberCheck::Status> out;
    for (const auto& c : r.checks) out.push_back(c.status);
    return out;
  }
  fs::path root_;
  ClauseIndex index_;
  StatedNumbers numbers_;
};

using S = NumberCheck::Status;

TEST_F(ToyTexts, TheTextsAsWrittenAgree) {
  const auto r = read();
  EXPECT_TRUE(r.keys.empty());
  EXPECT_EQ(statuses(r), (std::vector<S>{S::agrees, S::agrees, S::agrees}));
}

TEST_F(ToyTexts, ANewLimitLeftBesideTheOldTotalIsAContradictionNamingBothSentences) {
  write_texts("Limits: 6 per space and 2 per card.", "So a place holds 7 in all.");
  const auto r = read();
  ASSERT_EQ(r.keys.size(), 1u);
  EXPECT_EQ(r.keys[0].key, "space");
  EXPECT_EQ(r.keys[0].before, 5);
  EXPECT_EQ(r.keys[0].after, 6);
  EXPECT_EQ(statuses(r), (std::vector<S>{S::agrees, S::agrees, S::contradicts}));
  const std::string said = describe(r.checks[2]);
  EXPECT_NE(said.find("toy.total"), std::string::npos) << said;
  EXPECT_NE(said.find("states 7"), std::string::npos) << said;
  EXPECT_NE(said.find("= 8"), std::string::npos) << said;
  EXPECT_NE(said.find("toy.limits"), std::string::npos) << said;
}

TEST_F(ToyTexts, BothSentencesEditedTogetherAgree) {
  write_texts("Limits: 6 per space and 2 per card.", "So a place holds 8 in all.");
  const auto r = read();
  EXPECT_EQ(r.keys.size(), 1u);
  EXPECT_EQ(statuses(r), (std::vector<S>{S::agrees, S::agrees, S::agrees}));
}

TEST_F(ToyTexts, ReworkedWordsAreNotReadAsNumbers) {
  write_texts("Limits: 6 per area and 2 per card.", "So a place holds 7 in all.");
  const auto r = read();
  EXPECT_TRUE(r.keys.empty());
  EXPECT_EQ(r.checks[0].status, S::not_read);
  EXPECT_NE(r.checks[0].why_not_read.find("words"), std::string::npos) << r.checks[0].why_not_read;
}

}  // namespace
}  // namespace rulecheck::rulebook

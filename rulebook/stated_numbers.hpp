// The numbers the rule texts state, and what each one means (rules/<game>/numbers.json).
//
// A sentence that states a number of the game (the map's stacking limit 5) is one end of a
// relation; a sentence that restates or derives it (a location holds 5 + 2 = 7 units; a unit
// table's Energy per strength is cost / strength; a worked example's 4F is 7 tokens at 2 per F,
// rounded up) is the other. Each entry of numbers.json names a clause, the place of the number
// among the numbers of the clause's paragraph (counted from 1; a number is a run of digits with an
// optional decimal part, not glued to a letter before it, so "E2" holds none and "3E" holds 3), and
// a formula saying what that number must be: ruleset keys (dotted paths), the paragraph's other
// numbers (#n), + - * /, parentheses, ceil floor min max. No rule sentence is copied: only places.
//
// From these, without the texts: what an edit of the ruleset asks of the sentences (the numbers
// whose formula changes value, naming each sentence). With the texts: every entry checked against
// the number the text states there (a relation the text breaks is a contradiction between
// sentences; one already known is recorded with why and which sentence rulecheck follows), and an
// edit of the texts read as the ruleset edit it makes when only numbers changed (a paragraph whose
// words, numbers masked, keep their masked fingerprint).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rulebook/formula.hpp"
#include "rulebook/index.hpp"
#include "rulebook/problems.hpp"
#include "rulebook/project.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

// ---------------------------------------------------------------- numbers in words

struct NumberInWords {
  double value = 0;
  std::size_t offset = 0, length = 0;  // in the paragraph's words (lines joined by one space)
};

// The paragraph's lines as the fingerprint joins them.
std::string words_of(const Paragraph& paragraph);
// The numbers of `words`, in order.
std::vector<NumberInWords> numbers_in(std::string_view words);
// The fingerprint of the words with every number replaced by '#': equal before and after an edit
// that changed numbers only.
std::string masked_fingerprint(const Paragraph& paragraph);

// ---------------------------------------------------------------- the rule data

struct StatedNumber {
  std::string clause;  // the sentence stating it
  int nth = 0;         // its place among the numbers of the clause's paragraph, from 1
  Formula means;
  std::string says;           // optional: the relation in words
  std::string contradiction;  // not empty: today's text breaks it; why, and what rulecheck follows
  std::string pointer;        // in numbers.json, e.g. "/paragraphs/2/numbers/0"
};

struct ParagraphOfNumbers {
  std::string clause;
  std::string masked;  // masked_fingerprint() of the clause's paragraph as the entries were written
  std::string pointer;
  std::vector<StatedNumber> numbers;
};

struct StatedNumbers {
  std::string game;
  std::string shown;  // "rules/messina/numbers.json"
  bool present = false;
  std::vector<ParagraphOfNumbers> paragraphs;
  // The clauses that state `key` (entries whose formula is that key alone).
  std::vector<std::string> clauses_stating(std::string_view key) const;
};

// Reads rules/<game>/numbers.json (absent: present = false, no problem) and checks what needs no
// text: fields, clause ids in `index`, formulas that parse and read keys of `ruleset` (a JSON text of
// the game's ruleset) whose values are numbers.
StatedNumbers read_stated_numbers(const Project& project, const ClauseIndex& index, Problems& problems);

// ---------------------------------------------------------------- checks

// A ruleset to evaluate formulas on: a JSON text (rules/<game>/ruleset.json, maybe edited).
class RulesetNumbers {
 public:
  explicit RulesetNumbers(const std::string& json_text);
  static RulesetNumbers of_file(const std::filesystem::path& file);
  std::optional<double> key(std::string_view dotted) const;
  // The same ruleset with `dotted` set to `value` (an integer when it is one).
  RulesetNumbers with(std::string_view dotted, double value) const;
  std::string dump() const;  // compact JSON text

 private:
  std::string text_;
  std::map<std::string, double, std::less<>> numbers_;  // every number of the ruleset, by dotted path
};

// One stated number against a ruleset, on a text (or none).
struct NumberCheck {
  const ParagraphOfNumbers* paragraph = nullptr;
  const StatedNumber* entry = nullptr;
  std::string text_file;
  int paragraph_number = 0;     // where it is in the text (0: no text or not found)
  std::optional<double> stated;  // what the text says there (nothing: not read, see why_not_read)
  std::optional<double> expected;  // the formula's value
  std::string why_not_read;
  enum class Status { agrees, contradicts, known_contradiction, no_longer_contradicted, not_read } status =
      Status::not_read;
  std::vector<std::string> rests_on;  // clauses stating the keys the formula reads
  // Not empty when the paragraph is as the index has it but numbers.json's masked fingerprint is not
  // the paragraph's: the right value.
  std::string masked_should_be;
};

// "number #3 of messina-location-cards.txt paragraph 8 (messina.cards.seven-per-location) states 7;
// stacking_card + stacking_map = 8 (stated by messina.muster.stacking)"
std::string describe(const NumberCheck& check);

std::string_view status_name(NumberCheck::Status status);  // "agrees", "contradicts", ...

// Every stated number of `numbers` read from the texts in `text_dir` (the paragraph the index names,
// followed where it MOVED; a CHANGED paragraph is read only when its masked fingerprint is still the
// entries' one) and compared with its formula under `ruleset`. The formula's #n read the same text.
std::vector<NumberCheck> check_against_texts(const StatedNumbers& numbers, const ClauseIndex& index,
                                             const std::filesystem::path& text_dir, const RulesetNumbers& ruleset);

// A ruleset edit the texts make: the keys whose stating sentence now gives another number (only
// entries whose formula is a single key, read from an unchanged-words paragraph).
struct KeyStated {
  std::string key, clause;
  double before = 0, after = 0;  // the ruleset's value, the text's
  std::string where;             // "number #1 of messina-muster-phase.txt paragraph 3"
};
std::vector<KeyStated> keys_the_texts_change(const std::vector<NumberCheck>& checks);

// The texts read as a whole: the keys they state otherwise than `ruleset` does, and every stated
// number checked under the ruleset as the texts state it (so a relation is checked between the
// sentences: a restated or derived number against the numbers the other sentences state now).
struct TextsReading {
  std::vector<KeyStated> keys;
  std::vector<NumberCheck> checks;
  std::string ruleset_as_stated;  // the ruleset with `keys` applied, as JSON text
};
TextsReading read_texts(const StatedNumbers& numbers, const ClauseIndex& index, const std::filesystem::path& text_dir,
                        const RulesetNumbers& ruleset);

// What a ruleset edit asks of the sentences: each stated number whose formula changes value.
struct SentenceToChange {
  const StatedNumber* entry = nullptr;
  double before = 0, after = 0;
  bool states_a_key = false;           // the sentence states an edited key (the edit itself)
  std::vector<std::string> rests_on;  // the clauses stating the keys it reads
};
std::vector<SentenceToChange> sentences_an_edit_changes(const StatedNumbers& numbers, const RulesetNumbers& base,
                                                        const RulesetNumbers& edited);

}  // namespace rulecheck::rulebook

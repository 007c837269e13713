#include "rulebook/stated_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "rulebook/drift.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

// ---------------------------------------------------------------- numbers in words

std::string words_of(const Paragraph& paragraph) {
  std::string words;
  for (const auto& line : paragraph.lines) {
    if (!words.empty()) words += ' ';
    words += line;
  }
  return words;
}

std::vector<NumberInWords> numbers_in(std::string_view words) {
  std::vector<NumberInWords> found;
  std::size_t at = 0;
  while (at < words.size()) {
    const bool starts = is_digit(words[at]) && (at == 0 || !(is_letter(words[at - 1]) || is_digit(words[at - 1])));
    if (!starts) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < words.size() && is_digit(words[end])) ++end;
    if (end + 1 < words.size() && words[end] == '.' && is_digit(words[end + 1])) {
      ++end;
      while (end < words.size() && is_digit(words[end])) ++end;
    }
    found.push_back({std::stod(std::string(words.substr(at, end - at))), at, end - at});
    at = end;
  }
  return found;
}

std::string masked_fingerprint(const Paragraph& paragraph) {
  std::string words = words_of(paragraph);
  const auto numbers = numbers_in(words);
  for (auto it = numbers.rbegin(); it != numbers.rend(); ++it) words.replace(it->offset, it->length, "#");
  return fingerprint({words});
}

// ---------------------------------------------------------------- the ruleset's numbers

namespace {

void flatten(const json& node, const std::string& path, std::map<std::string, double, std::less<>>& out) {
  if (node.is_number()) out[path] = node.get<double>();
  if (!node.is_object()) return;
  for (const auto& [k, v] : node.items()) flatten(v, path.empty() ? k : path + "." + k, out);
}

}  // namespace

RulesetNumbers::RulesetNumbers(const std::string& json_text) : text_(json_text) {
  flatten(json::parse(json_text), "", numbers_);
}

RulesetNumbers RulesetNumbers::of_file(const std::filesystem::path& file) {
  return RulesetNumbers(read_json_file(file).dump());
}

std::optional<double> RulesetNumbers::key(std::string_view dotted) const {
  const auto it = numbers_.find(dotted);
  if (it == numbers_.end()) return std::nullopt;
  return it->second;
}

RulesetNumbers RulesetNumbers::with(std::string_view dotted, double value) const {
  json doc = json::parse(text_);
  json* node = &doc;
  std::string_view rest = dotted;
  for (;;) {
    const auto dot = rest.find('.');
    const std::string part(rest.substr(0, dot));
    node = &(*node)[part];
    if (dot == std::string_view::npos) break;
    rest.remove_prefix(dot + 1);
  }
  if (std::floor(value) == value) *node = static_cast<long long>(value);
  else *node = value;
  return RulesetNumbers(doc.dump());
}

std::string RulesetNumbers::dump() const { return text_; }

// ---------------------------------------------------------------- the rule data

std::vector<std::string> StatedNumbers::clauses_stating(std::string_view key) const {
  std::vector<std::string> clauses;
  for (const auto& p : paragraphs)
    for (const auto& n : p.numbers)
      if (n.means.is_single_key() && n.means.keys().front() == key &&
          std::find(clauses.begin(), clauses.end(), p.clause) == clauses.end())
        clauses.push_back(p.clause);
  return clauses;
}

namespace {

std::string string_field(const json& object, const char* name, const std::string& at, const std::string& shown,
                         Problems& problems, bool required) {
  const auto it = object.find(name);
  if (it == object.end()) {
    if (required) problems.push_back({shown, at, "", fmt::format("the field \"{}\" is required here", name)});
    return "";
  }
  if (!it->is_string()) {
    problems.push_back({shown, at + "/" + name, "", "expected a string"});
    return "";
  }
  return it->get<std::string>();
}

void read_number(const json& n, const std::string& at, ParagraphOfNumbers& paragraph, const RulesetNumbers& ruleset,
                 const std::string& shown, Problems& problems) {
  if (!n.is_object()) {
    problems.push_back({shown, at, paragraph.clause, "expected an object {\"nth\", \"means\", ...}"});
    return;
  }
  for (const auto& [k, v] : n.items())
    if (k != "nth" && k != "means" && k != "says" && k != "contradiction")
      problems.push_back({shown, at + "/" + k, paragraph.clause,
                          fmt::format("unknown field \"{}\"; allowed: nth, means, says, contradiction", k)});
  StatedNumber entry;
  entry.clause = paragraph.clause;
  entry.pointer = at;
  const auto nth = n.find("nth");
  if (nth == n.end() || !nth->is_number_integer() || nth->get<long long>() < 1) {
    problems.push_back({shown, at + "/nth", paragraph.clause, "expected the number's place, a whole number from 1"});
    return;
  }
  entry.nth = static_cast<int>(nth->get<long long>());
  const std::string means = string_field(n, "means", at, shown, problems, true);
  if (means.empty()) return;
  try {
    entry.means = Formula::parse(means);
  } catch (const InputError& e) {
    problems.push_back({shown, at + "/means", paragraph.clause, e.what()});
    return;
  }
  for (const auto& key : entry.means.keys())
    if (!ruleset.key(key))
      problems.push_back({shown, at + "/means", paragraph.clause,
                          fmt::format("{} is not a number of the ruleset (rules/<game>/ruleset.json; nested keys "
                                      "are dotted: units.bomber.cost)",
                                      key)});
  entry.says = string_field(n, "says", at, shown, problems, false);
  entry.contradiction = string_field(n, "contradiction", at, shown, problems, false);
  paragraph.numbers.push_back(std::move(entry));
}

}  // namespace

StatedNumbers read_stated_numbers(const Project& project, const ClauseIndex& index, Problems& problems) {
  StatedNumbers numbers;
  numbers.game = index.game;
  const auto file = project.rules / index.game / "numbers.json";
  numbers.shown = project.relative(file);
  if (!std::filesystem::exists(file)) return numbers;
  numbers.present = true;
  json doc;
  std::optional<RulesetNumbers> ruleset;
  try {
    doc = read_json_file(file);
    ruleset = RulesetNumbers::of_file(project.rules / index.game / "ruleset.json");
  } catch (const InputError& e) {
    problems.push_back({numbers.shown, e.pointer(), "", without_file_name(e.what(), file)});
    return numbers;
  }
  if (!doc.is_object() || !doc.contains("paragraphs") || !doc["paragraphs"].is_array()) {
    problems.push_back({numbers.shown, "", "", "expected an object with \"game\", \"note\" and a list \"paragraphs\""});
    return numbers;
  }
  if (doc.value("game", "") != index.game)
    problems.push_back({numbers.shown, "/game", "", fmt::format("expected \"{}\" (the folder's game)", index.game)});
  std::set<std::pair<std::string, int>> seen;
  for (std::size_t i = 0; i < doc["paragraphs"].size(); ++i) {
    const json& p = doc["paragraphs"][i];
    const std::string at = fmt::format("/paragraphs/{}", i);
    if (!p.is_object()) {
      problems.push_back({numbers.shown, at, "", "expected an object {\"clause\", \"masked_fingerprint\", \"numbers\"}"});
      continue;
    }
    ParagraphOfNumbers paragraph;
    paragraph.pointer = at;
    paragraph.clause = string_field(p, "clause", at, numbers.shown, problems, true);
    paragraph.masked = string_field(p, "masked_fingerprint", at, numbers.shown, problems, true);
    if (!paragraph.clause.empty() && !index.find(paragraph.clause))
      problems.push_back({numbers.shown, at + "/clause", paragraph.clause,
                          fmt::format("no clause {} in {}", paragraph.clause, index.shown)});
    if (!paragraph.masked.empty() && !is_fingerprint(paragraph.masked))
      problems.push_back({numbers.shown, at + "/masked_fingerprint", paragraph.clause, "expected 16 lowercase hex digits"});
    const auto list = p.find("numbers");
    if (list == p.end() || !list->is_array()) {
      problems.push_back({numbers.shown, at + "/numbers", paragraph.clause, "expected a list of stated numbers"});
      continue;
    }
    for (std::size_t j = 0; j < list->size(); ++j) {
      const std::size_t before = paragraph.numbers.size();
      read_number((*list)[j], fmt::format("{}/numbers/{}", at, j), paragraph, *ruleset, numbers.shown, problems);
      if (paragraph.numbers.size() == before) continue;
      const StatedNumber& added = paragraph.numbers.back();
      if (!seen.insert({paragraph.clause, added.nth}).second)
        problems.push_back({numbers.shown, added.pointer, paragraph.clause,
                            fmt::format("number #{} of {} is described twice", added.nth, paragraph.clause)});
    }
    numbers.paragraphs.push_back(std::move(paragraph));
  }
  return numbers;
}

// ---------------------------------------------------------------- checks

std::string_view status_name(NumberCheck::Status status) {
  switch (status) {
    case NumberCheck::Status::agrees: return "agrees";
    case NumberCheck::Status::contradicts: return "contradicts";
    case NumberCheck::Status::known_contradiction: return "known contradiction";
    case NumberCheck::Status::no_longer_contradicted: return "no longer contradicted";
    case NumberCheck::Status::not_read: return "not read";
  }
  return "not read";
}

namespace {

// The paragraph of the text where `clause`'s words are now, or why its numbers cannot be read.
struct Located {
  std::optional<Paragraph> paragraph;
  std::string text_file;
  std::string why_not;
  std::string masked_should_be;
};

Located locate(const Clause& clause, const ParagraphOfNumbers& entry, const IndexDrift& drift,
               const std::filesystem::path& text_dir) {
  Located at;
  at.text_file = clause.at.text_file;
  int number = clause.at.paragraph;
  for (const auto& d : drift.entries) {
    if (!d.is_clause || d.id != clause.id) continue;
    if (d.drift == Drift::vanished) {
      at.why_not = fmt::format("its paragraph ({} of {}) vanished from the text", clause.at.paragraph, at.text_file);
      return at;
    }
    if (d.drift == Drift::moved) number = d.new_paragraph;
  }
  std::vector<Paragraph> paragraphs;
  try {
    paragraphs = read_paragraphs(text_dir / at.text_file);
  } catch (const InputError& e) {
    at.why_not = e.what();
    return at;
  }
  if (number < 1 || static_cast<std::size_t>(number) > paragraphs.size()) {
    at.why_not = fmt::format("{} has no paragraph {}", at.text_file, number);
    return at;
  }
  const Paragraph& p = paragraphs[static_cast<std::size_t>(number - 1)];
  if (p.fingerprint != clause.at.fingerprint && masked_fingerprint(p) != entry.masked) {
    at.why_not = fmt::format("the words of paragraph {} of {} changed, not only its numbers: re-read it", number,
                             at.text_file);
    return at;
  }
  if (p.fingerprint == clause.at.fingerprint && masked_fingerprint(p) != entry.masked)
    at.masked_should_be = masked_fingerprint(p);
  at.paragraph = p;
  return at;
}

}  // namespace

std::vector<NumberCheck> check_against_texts(const StatedNumbers& numbers, const ClauseIndex& index,
                                             const std::filesystem::path& text_dir, const RulesetNumbers& ruleset) {
  const IndexDrift drift = compare_with_texts(index, text_dir);
  std::vector<NumberCheck> checks;
  for (const auto& paragraph : numbers.paragraphs) {
    const Clause* clause = index.find(paragraph.clause);
    if (!clause) continue;
    const Located at = locate(*clause, paragraph, drift, text_dir);
    std::vector<double> stated;
    if (at.paragraph)
      for (const auto& n : numbers_in(words_of(*at.paragraph))) stated.push_back(n.value);
    const auto nth = [&](int n) -> std::optional<double> {
      if (n < 1 || static_cast<std::size_t>(n) > stated.size()) return std::nullopt;
      return stated[static_cast<std::size_t>(n - 1)];
    };
    for (const auto& entry : paragraph.numbers) {
      NumberCheck c;
      c.paragraph = &paragraph;
      c.entry = &entry;
      c.text_file = at.text_file;
      c.paragraph_number = at.paragraph ? at.paragraph->number : 0;
      c.masked_should_be = at.masked_should_be;
      for (const auto& key : entry.means.keys())
        for (const auto& s : numbers.clauses_stating(key))
          if (s != paragraph.clause && std::find(c.rests_on.begin(), c.rests_on.end(), s) == c.rests_on.end())
            c.rests_on.push_back(s);
      const auto value = entry.means.evaluate([&](std::string_view k) { return ruleset.key(k); }, nth);
      c.expected = value.number;
      if (!at.paragraph) {
        c.why_not_read = at.why_not;
      } else if (!nth(entry.nth)) {
        c.why_not_read = fmt::format("paragraph {} of {} holds {} number(s), not #{}", at.paragraph->number,
                                     at.text_file, stated.size(), entry.nth);
      } else if (!value.number) {
        c.stated = nth(entry.nth);
        c.why_not_read = value.why_none;
      } else {
        c.stated = nth(entry.nth);
        const bool agrees = std::fabs(*c.stated - *c.expected) < 1e-6;
        const bool known = !entry.contradiction.empty();
        c.status = agrees ? (known ? NumberCheck::Status::no_longer_contradicted : NumberCheck::Status::agrees)
                          : (known ? NumberCheck::Status::known_contradiction : NumberCheck::Status::contradicts);
      }
      checks.push_back(std::move(c));
    }
  }
  return checks;
}

std::string describe(const NumberCheck& c) {
  const std::string where =
      c.paragraph_number > 0 ? fmt::format("{} paragraph {}", c.text_file, c.paragraph_number) : c.text_file;
  std::string text = fmt::format("number #{} of {} ({})", c.entry->nth, where, c.entry->clause);
  if (!c.stated) return text + ": not read: " + c.why_not_read;
  text += fmt::format(" states {}", number_text(*c.stated));
  if (!c.expected) return text + ": " + c.why_not_read;
  text += fmt::format("; {} = {}", c.entry->means.text(), number_text(*c.expected));
  if (!c.rests_on.empty()) text += fmt::format(" (stated by {})", fmt::join(c.rests_on, ", "));
  return text;
}

std::vector<KeyStated> keys_the_texts_change(const std::vector<NumberCheck>& checks) {
  std::vector<KeyStated> keys;
  for (const auto& c : checks) {
    if (!c.entry->means.is_single_key() || !c.stated || !c.expected || !c.entry->contradiction.empty()) continue;
    if (std::fabs(*c.stated - *c.expected) < 1e-6) continue;
    const std::string key = c.entry->means.keys().front();
    const bool already = std::any_of(keys.begin(), keys.end(), [&](const KeyStated& k) { return k.key == key; });
    if (!already)
      keys.push_back({key, c.entry->clause, *c.expected, *c.stated,
                      fmt::format("number #{} of {} paragraph {}", c.entry->nth, c.text_file, c.paragraph_number)});
  }
  return keys;
}

TextsReading read_texts(const StatedNumbers& numbers, const ClauseIndex& index, const std::filesystem::path& text_dir,
                        const RulesetNumbers& ruleset) {
  TextsReading reading;
  reading.keys = keys_the_texts_change(check_against_texts(numbers, index, text_dir, ruleset));
  RulesetNumbers as_stated = ruleset;
  for (const auto& k : reading.keys) as_stated = as_stated.with(k.key, k.after);
  reading.checks = check_against_texts(numbers, index, text_dir, as_stated);
  reading.ruleset_as_stated = as_stated.dump();
  return reading;
}

namespace {

// The value `entry` must have under `ruleset`, without the text: a #n is the value its own entry
// must have (a worked example's given numbers are entries whose formula is the number itself).
// Entries of one paragraph may be listed under several of its clauses (same masked fingerprint).
std::optional<double> value_under(const StatedNumbers& numbers, const ParagraphOfNumbers& paragraph,
                                  const StatedNumber& entry, const RulesetNumbers& ruleset, int depth = 0) {
  if (depth > 16) return std::nullopt;  // a cycle of #n: no value
  const auto nth = [&](int n) -> std::optional<double> {
    for (const auto& same : numbers.paragraphs)
      if (same.masked == paragraph.masked)
        for (const auto& other : same.numbers)
          if (other.nth == n) return value_under(numbers, same, other, ruleset, depth + 1);
    return std::nullopt;
  };
  return entry.means.evaluate([&](std::string_view k) { return ruleset.key(k); }, nth).number;
}

}  // namespace

std::vector<SentenceToChange> sentences_an_edit_changes(const StatedNumbers& numbers, const RulesetNumbers& base,
                                                        const RulesetNumbers& edited) {
  std::vector<SentenceToChange> changes;
  for (const auto& paragraph : numbers.paragraphs)
    for (const auto& entry : paragraph.numbers) {
      const Formula::Value before{value_under(numbers, paragraph, entry, base), ""};
      const Formula::Value after{value_under(numbers, paragraph, entry, edited), ""};
      if (!before.number || !after.number || std::fabs(*before.number - *after.number) < 1e-6) continue;
      SentenceToChange change{&entry, *before.number, *after.number, entry.means.is_single_key(), {}};
      for (const auto& key : entry.means.keys())
        for (const auto& s : numbers.clauses_stating(key))
          if (s != paragraph.clause && std::find(change.rests_on.begin(), change.rests_on.end(), s) ==
                                           change.rests_on.end())
            change.rests_on.push_back(s);
      changes.push_back(std::move(change));
    }
  return changes;
}

}  // namespace rulecheck::rulebook

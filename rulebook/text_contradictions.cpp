#include "rulebook/text_contradictions.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

std::vector<std::string> StatedContradiction::clauses() const {
  std::vector<std::string> out{clause};
  for (const auto& c : rests_on)
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

std::size_t TextsNumbers::open() const {
  return static_cast<std::size_t>(
      std::count_if(contradictions.begin(), contradictions.end(), [](const auto& c) { return !c.known; }));
}

namespace {

StatedContradiction contradiction_of(const NumberCheck& c, StatedContradiction::Between between) {
  StatedContradiction x;
  x.between = between;
  x.known = c.status == NumberCheck::Status::known_contradiction;
  x.known_why = x.known ? c.entry->contradiction : "";
  x.clause = c.entry->clause;
  x.rests_on = c.rests_on;
  x.text_file = c.text_file;
  x.paragraph = c.paragraph_number;
  x.nth = c.entry->nth;
  x.stated = c.stated.value_or(0);
  x.expected = c.expected.value_or(0);
  x.means = c.entry->means.text();
  x.says = c.entry->says;
  x.line = between == StatedContradiction::Between::sentences
               ? describe(c)
               : fmt::format("number #{} of {} paragraph {} ({}) states {}; the ruleset read gives {} = {}", x.nth,
                             x.text_file, x.paragraph, x.clause, number_text(x.stated), x.means, number_text(x.expected));
  if (x.known) x.line += ": known: " + x.known_why;
  return x;
}

}  // namespace

TextsNumbers contradictions_in_texts(const Project& project, const ClauseIndex& index,
                                     const std::filesystem::path& text_dir, const RulesetNumbers& ruleset) {
  TextsNumbers out;
  out.game = index.game;
  Problems ignored;  // the rule data's own problems are `rules check`'s to report
  const StatedNumbers numbers = read_stated_numbers(project, index, ignored);
  if (!numbers.present) {
    out.why_not = fmt::format("rules/{}/numbers.json is absent: no stated number is known", index.game);
    return out;
  }
  out.checked = true;
  // Between sentences: every number checked under the ruleset as the texts state it.
  const TextsReading reading = read_texts(numbers, index, text_dir, ruleset);
  std::vector<const StatedNumber*> listed;
  for (const auto& c : reading.checks) {
    ++out.read;
    switch (c.status) {
      case NumberCheck::Status::agrees: ++out.agree; break;
      case NumberCheck::Status::contradicts:
      case NumberCheck::Status::known_contradiction:
        out.contradictions.push_back(contradiction_of(c, StatedContradiction::Between::sentences));
        listed.push_back(c.entry);
        break;
      case NumberCheck::Status::no_longer_contradicted:
        out.no_longer_contradicted.push_back(describe(c) + ": numbers.json records a contradiction the texts no longer have");
        break;
      case NumberCheck::Status::not_read: break;
    }
  }
  // Against the ruleset read: what the sentences state that it does not (a stating sentence of a key
  // the texts changed, or every sentence a ruleset edit changes).
  for (const auto& c : check_against_texts(numbers, index, text_dir, ruleset)) {
    if (c.status != NumberCheck::Status::contradicts) continue;
    if (std::find(listed.begin(), listed.end(), c.entry) != listed.end()) continue;
    out.contradictions.push_back(contradiction_of(c, StatedContradiction::Between::ruleset));
    if (out.agree > 0 && std::any_of(reading.checks.begin(), reading.checks.end(), [&](const NumberCheck& r) {
          return r.entry == c.entry && r.status == NumberCheck::Status::agrees;
        }))
      --out.agree;  // it agrees with the other sentences, not with the ruleset read
  }
  std::stable_partition(out.contradictions.begin(), out.contradictions.end(),
                        [](const StatedContradiction& x) { return !x.known; });
  return out;
}

namespace {

// The conventions of `game` listing each clause (rules/<game>/conventions.json "conventions"[*]:
// "id", "clauses"); nothing when the file is absent or unreadable (`rules check` reports it).
std::map<std::string, std::vector<std::string>> conventions_by_clause(const Project& project, const std::string& game) {
  std::map<std::string, std::vector<std::string>> out;
  const auto file = project.rules / game / "conventions.json";
  if (!std::filesystem::exists(file)) return out;
  nlohmann::json doc;
  try {
    doc = read_json_file(file);
  } catch (const InputError&) {
    return out;
  }
  if (!doc.is_object() || !doc.contains("conventions") || !doc["conventions"].is_array()) return out;
  for (const auto& c : doc["conventions"]) {
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("clauses") ||
        !c["clauses"].is_array())
      continue;
    for (const auto& id : c["clauses"])
      if (id.is_string()) out[id.get<std::string>()].push_back(c["id"].get<std::string>());
  }
  return out;
}

// The paragraph's numbers are read by numbers.json (under any clause of that paragraph) and only they
// changed: its masked fingerprint is still the entries'.
bool only_numbers_changed(const ClauseIndex& index, const StatedNumbers& numbers, const EntryDrift& d,
                          const std::filesystem::path& text_dir) {
  if (d.drift != Drift::changed) return false;
  std::vector<Paragraph> paragraphs;
  try {
    paragraphs = read_paragraphs(text_dir / d.text_file);
  } catch (const InputError&) {
    return false;
  }
  if (d.paragraph < 1 || static_cast<std::size_t>(d.paragraph) > paragraphs.size()) return false;
  const std::string masked = masked_fingerprint(paragraphs[static_cast<std::size_t>(d.paragraph - 1)]);
  return std::any_of(numbers.paragraphs.begin(), numbers.paragraphs.end(), [&](const ParagraphOfNumbers& p) {
    const Clause* c = index.find(p.clause);
    return c && c->at.text_file == d.text_file && c->at.paragraph == d.paragraph && p.masked == masked;
  });
}

}  // namespace

std::vector<WordsToReread> words_to_reread(const Project& project, const ClauseIndex& index,
                                           const std::filesystem::path& text_dir, const Citations& citations,
                                           const StatedNumbers& numbers) {
  std::vector<WordsToReread> out;
  const IndexDrift drift = compare_with_texts(index, text_dir);
  const auto conventions = conventions_by_clause(project, index.game);
  for (const auto& d : drift.entries) {
    if (!d.is_clause || d.id.empty() || d.drift == Drift::moved || d.drift == Drift::unchanged) continue;
    if (only_numbers_changed(index, numbers, d, text_dir)) continue;
    WordsToReread r;
    r.game = index.game;
    r.clause = d.id;
    r.drift = std::string(drift_name(d.drift));
    r.text_file = d.text_file;
    r.paragraph = d.paragraph;
    if (const Clause* c = index.find(d.id)) r.paraphrase = c->paraphrase;
    r.scenarios = citations.scenarios_citing(d.id);
    r.points = citations.points_citing(d.id);
    if (const auto it = conventions.find(d.id); it != conventions.end()) r.conventions = it->second;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace rulecheck::rulebook

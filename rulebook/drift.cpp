#include "rulebook/drift.hpp"

#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "common/pointer.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

namespace {

using Texts = std::map<std::string, std::vector<Paragraph>>;  // file name -> its paragraphs

// The index's texts that can be read; the others are reported, naming the section that needs them.
Texts read_texts(const ClauseIndex& index, const std::filesystem::path& text_dir, Problems& problems) {
  Texts texts;
  std::set<std::string> unreadable;
  for (const auto& [section, file] : index.sources) {
    if (texts.count(file) || unreadable.count(file)) continue;
    try {
      texts[file] = read_paragraphs(text_dir / file);
    } catch (const InputError& e) {
      unreadable.insert(file);
      problems.push_back({index.shown, pointer("/sources", section), "",
                          fmt::format("the rule text of section \"{}\": {}", section, e.what())});
    }
  }
  return texts;
}

// The paragraph of `paragraphs` nearest to `near` with this fingerprint, if any.
std::optional<int> find_fingerprint(const std::vector<Paragraph>& paragraphs, const std::string& fingerprint,
                                    int near) {
  std::optional<int> best;
  for (const auto& p : paragraphs)
    if (p.fingerprint == fingerprint && (!best || std::abs(p.number - near) < std::abs(*best - near))) best = p.number;
  return best;
}

// `known` holds every fingerprint the index gives for this file: a paragraph N that now holds one of
// them is another entry's paragraph moved there, so the entry's own words vanished (not changed).
EntryDrift compare_entry(const ParagraphRef& at, const std::vector<Paragraph>& paragraphs,
                         const std::set<std::string>& known) {
  EntryDrift d;
  d.section = at.section;
  d.text_file = at.text_file;
  d.paragraph = at.paragraph;
  d.fingerprint = at.fingerprint;
  d.paragraphs_in_file = static_cast<int>(paragraphs.size());
  const bool exists = at.paragraph <= d.paragraphs_in_file;
  if (exists && paragraphs[at.paragraph - 1].fingerprint == at.fingerprint) {
    d.drift = Drift::unchanged;
    d.new_paragraph = at.paragraph;
  } else if (const auto elsewhere = find_fingerprint(paragraphs, at.fingerprint, at.paragraph)) {
    d.drift = Drift::moved;
    d.new_paragraph = *elsewhere;
  } else if (exists && !known.count(paragraphs[at.paragraph - 1].fingerprint)) {
    d.drift = Drift::changed;
    d.new_paragraph = at.paragraph;
  } else {
    d.drift = Drift::vanished;
    d.replaced_by_other = exists;
  }
  if (d.new_paragraph > 0) {
    const Paragraph& now = paragraphs[d.new_paragraph - 1];
    d.new_fingerprint = now.fingerprint;
    d.new_text = preview(now);
  }
  return d;
}

class Comparison {
 public:
  Comparison(const ClauseIndex& index, const std::filesystem::path& text_dir)
      : texts_(read_texts(index, text_dir, result_.problems)) {
    for (const auto& c : index.clauses) known_[c.at.text_file].insert(c.at.fingerprint);
    for (const auto& n : index.not_clauses) known_[n.at.text_file].insert(n.at.fingerprint);
  }

  void add(const ParagraphRef& at, EntryDrift identity) {
    const auto text = texts_.find(at.text_file);
    if (text == texts_.end() || at.paragraph < 1) return;
    if (!at.usable()) {  // a malformed fingerprint (reported by the index) still names its paragraph
      named_.emplace(at.text_file, at.paragraph);
      return;
    }
    EntryDrift d = compare_entry(at, text->second, known_[at.text_file]);
    result_.compared++;
    if (d.new_paragraph > 0) named_.emplace(at.text_file, d.new_paragraph);
    if (d.drift == Drift::unchanged) return;
    d.is_clause = identity.is_clause;
    d.id = std::move(identity.id);
    d.label = std::move(identity.label);
    d.pointer = std::move(identity.pointer);
    result_.entries.push_back(std::move(d));
  }

  IndexDrift finish() {
    for (const auto& [file, paragraphs] : texts_)
      for (const auto& p : paragraphs)
        if (!named_.count({file, p.number})) result_.unnamed.push_back({file, p.number, p.fingerprint, preview(p)});
    return std::move(result_);
  }

 private:
  IndexDrift result_;
  Texts texts_;
  std::set<std::pair<std::string, int>> named_;
  std::map<std::string, std::set<std::string>> known_;  // text file -> the fingerprints the index gives it
};

}  // namespace

std::string_view drift_name(Drift drift) {
  switch (drift) {
    case Drift::unchanged: return "unchanged";
    case Drift::changed: return "CHANGED";
    case Drift::moved: return "MOVED";
    case Drift::vanished: return "VANISHED";
  }
  return "?";
}

IndexDrift compare_with_texts(const ClauseIndex& index, const std::filesystem::path& text_dir) {
  Comparison comparison(index, text_dir);
  for (const auto& c : index.clauses) {
    EntryDrift identity;
    identity.is_clause = true;
    identity.id = c.id;
    identity.label = c.label();
    identity.pointer = c.pointer;
    comparison.add(c.at, std::move(identity));
  }
  for (const auto& n : index.not_clauses) {
    EntryDrift identity;
    identity.is_clause = false;
    identity.label = n.label();
    identity.pointer = n.pointer;
    comparison.add(n.at, std::move(identity));
  }
  return comparison.finish();
}

}  // namespace rulecheck::rulebook

#include "rulebook/quotes.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "rulebook/spans.hpp"

namespace rulecheck::rulebook {

WordMarks merged_marks(WordMarks marks, const WordMarks& more) {
  marks.insert(marks.end(), more.begin(), more.end());
  std::sort(marks.begin(), marks.end());
  WordMarks out;
  for (const auto& [from, to] : marks)
    if (!out.empty() && from <= out.back().second)
      out.back().second = std::max(to, out.back().second);
    else
      out.emplace_back(from, to);
  return out;
}

ClauseQuoter::ClauseQuoter(const Project& project, const TextFolder& texts) : project_(project), texts_(texts) {}

const std::vector<Paragraph>* ClauseQuoter::paragraphs_of(const std::string& file, std::string& why) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::optional<std::vector<Paragraph>> read;
    const auto path = *texts_.dir / file;
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
      file_errors_[file] = fmt::format("{} is not in the rule texts folder {}", file, texts_.dir->string());
    } else {
      try {
        read = read_paragraphs(path);
      } catch (const InputError& e) {
        file_errors_[file] = e.what();
      }
    }
    it = files_.emplace(file, std::move(read)).first;
  }
  if (!it->second) {
    why = file_errors_[file];
    return nullptr;
  }
  return &*it->second;
}

Quote ClauseQuoter::quote(const std::string& game, const std::string& clause) {
  auto idx = indexes_.find(game);
  if (idx == indexes_.end()) {
    Problems ignored;
    idx = indexes_.emplace(game, read_index(project_, game, ignored)).first;
  }
  Quote q;
  q.clause = clause;
  const Clause* c = idx->second.find(clause);
  if (!c) {
    q.why_not = fmt::format("{} is not in rules/{}/clauses.json", clause, game);
    return q;
  }
  q.text_file = c->at.text_file;
  q.paragraph = c->at.paragraph;
  if (!has_texts()) {
    q.why_not = texts_.why_none;
    return q;
  }
  if (q.text_file.empty() || q.paragraph < 1) {
    q.why_not = fmt::format("the index names no paragraph for {}", clause);
    return q;
  }
  const std::vector<Paragraph>* paragraphs = paragraphs_of(q.text_file, q.why_not);
  if (!paragraphs) return q;
  if (static_cast<std::size_t>(q.paragraph) > paragraphs->size()) {
    q.why_not = fmt::format("{} has {} paragraphs, not {}", q.text_file, paragraphs->size(), q.paragraph);
    return q;
  }
  const Paragraph& p = (*paragraphs)[static_cast<std::size_t>(q.paragraph - 1)];
  for (const auto& line : p.lines) q.words += (q.words.empty() ? "" : " ") + line;
  q.lines = p.lines;
  q.changed = p.fingerprint != c->at.fingerprint;
  WordMarks found;
  for (const auto& span : c->spans)
    if (const auto at = span_offsets(q.words, span)) found.push_back(*at);
  q.operative = merged_marks({}, found);
  return q;
}

}  // namespace rulecheck::rulebook

#include "rulebook/spans.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulecheck::rulebook {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

// The words' places in `text`: [from, to) each, split at ASCII white space and the no-break space.
std::vector<std::pair<std::size_t, std::size_t>> word_places(std::string_view text) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const auto blank_at = [&](std::size_t i) -> std::size_t {  // how many bytes of white space start at i
    if (is_blank(text[i])) return 1;
    return text.compare(i, 2, "\xC2\xA0") == 0 ? 2 : 0;
  };
  std::size_t at = 0;
  while (at < text.size()) {
    for (std::size_t n; at < text.size() && (n = blank_at(at)) > 0;) at += n;
    const std::size_t start = at;
    while (at < text.size() && blank_at(at) == 0) ++at;
    if (at > start) out.emplace_back(start, at);
  }
  return out;
}

std::vector<std::string> paragraph_words(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& [from, to] : word_places(text)) out.emplace_back(text.substr(from, to - from));
  return out;
}

std::vector<std::string> paragraph_words(const Paragraph& paragraph) {
  std::vector<std::string> out;
  for (const auto& line : paragraph.lines)
    for (auto& w : paragraph_words(line)) out.push_back(std::move(w));
  return out;
}

std::string span_words(const std::vector<std::string>& words, int first, int count) {
  if (first < 0 || count < 1 || static_cast<std::size_t>(first) + static_cast<std::size_t>(count) > words.size())
    return "";
  std::string out;
  for (int i = first; i < first + count; ++i) out += (out.empty() ? "" : " ") + words[static_cast<std::size_t>(i)];
  return out;
}

std::string span_hash(const std::vector<std::string>& words) {
  std::string joined;
  for (const auto& w : words) joined += (joined.empty() ? "" : " ") + w;
  return sha256_hex(joined).substr(0, 16);
}

std::optional<WordSpan> find_span(const std::vector<std::string>& words, const std::string& typed, int* places) {
  const std::vector<std::string> wanted = paragraph_words(typed);
  std::optional<WordSpan> found;
  int n = 0;
  if (!wanted.empty() && wanted.size() <= words.size())
    for (std::size_t at = 0; at + wanted.size() <= words.size(); ++at)
      if (std::equal(wanted.begin(), wanted.end(), words.begin() + static_cast<std::ptrdiff_t>(at))) {
        if (!found) found = WordSpan{static_cast<int>(at), static_cast<int>(wanted.size()), span_hash(wanted)};
        ++n;
      }
  if (places) *places = n;
  return found;
}

std::string span_mismatch(const std::vector<std::string>& words, const WordSpan& span) {
  if (span.first < 0 || span.count < 1 ||
      static_cast<std::size_t>(span.first) + static_cast<std::size_t>(span.count) > words.size())
    return fmt::format("words {} to {} are not in the paragraph, which has {} words", span.first,
                       span.first + span.count - 1, words.size());
  const auto slice = [&](std::size_t at) {
    return std::vector<std::string>(words.begin() + static_cast<std::ptrdiff_t>(at),
                                    words.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(span.count)));
  };
  const std::string now = span_hash(slice(static_cast<std::size_t>(span.first)));
  if (now == span.hash) return "";
  for (std::size_t at = 0; at + static_cast<std::size_t>(span.count) <= words.size(); ++at)
    if (span_hash(slice(at)) == span.hash)
      return fmt::format("words {} to {} hash {}, not {}: the span's words are now at \"first\": {}", span.first,
                         span.first + span.count - 1, now, span.hash, at);
  return fmt::format("words {} to {} hash {}, not {}, and no {} words of the paragraph hash {}: the words changed; "
                     "re-read the paragraph and pick the span again (rulecheck rules span)",
                     span.first, span.first + span.count - 1, now, span.hash, span.count, span.hash);
}

std::string span_json(const WordSpan& span) {
  return fmt::format(R"({{"first": {}, "count": {}, "hash": "{}"}})", span.first, span.count, span.hash);
}

std::optional<std::pair<std::size_t, std::size_t>> span_offsets(std::string_view text, const WordSpan& span) {
  const auto places = word_places(text);
  if (!span_mismatch(paragraph_words(text), span).empty()) return std::nullopt;
  return std::pair{places[static_cast<std::size_t>(span.first)].first,
                   places[static_cast<std::size_t>(span.first + span.count - 1)].second};
}

}  // namespace rulecheck::rulebook

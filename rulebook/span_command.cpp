// `rulecheck rules span`: where typed words stand in a clause's paragraph, as the span clauses.json
// stores (rulebook/spans.hpp). The words are read from the command line only; nothing is stored.
#include <ostream>

#include <fmt/format.h>

#include "rulebook/command_support.hpp"
#include "rulebook/commands.hpp"
#include "rulebook/index.hpp"
#include "rulebook/spans.hpp"
#include "common/input_error.hpp"

namespace rulecheck::rulebook {

namespace {

// The paragraph `target` names: a clause id, or FILE:PARAGRAPH (a dismissal's words).
struct Place {
  std::string text_file;
  int paragraph = 0;
};

std::optional<Place> place_of(const Project& project, const std::string& target, std::string& why) {
  if (const auto colon = target.rfind(':'); colon != std::string::npos) {
    try {
      std::size_t used = 0;
      const int number = std::stoi(target.substr(colon + 1), &used);
      const std::string file = target.substr(0, colon);
      if (used == target.size() - colon - 1 && number >= 1 && !file.empty() &&
          file.find_first_of("/\\") == std::string::npos)
        return Place{file, number};
    } catch (const std::exception&) {
    }
    why = fmt::format("{}: FILE:PARAGRAPH needs a file name of the rule-text folder (no folder part) and a paragraph "
                      "number from 1 after the colon",
                      target);
    return std::nullopt;
  }
  const std::string game = target.substr(0, target.find('.'));
  Problems ignored;
  const ClauseIndex index = read_index(project, game, ignored);
  const Clause* clause = index.find(target);
  if (!clause) {
    why = fmt::format("{} is not a clause of rules/{}/clauses.json (give a clause id, or FILE:PARAGRAPH)", target, game);
    return std::nullopt;
  }
  if (!clause->at.usable()) {
    why = fmt::format("{} names no usable paragraph in rules/{}/clauses.json", target, game);
    return std::nullopt;
  }
  return Place{clause->at.text_file, clause->at.paragraph};
}

}  // namespace

int span_rules(const SpanOptions& options, std::ostream& out, std::ostream& err) {
  const std::optional<Project> project = open_project(options.rules_dir, "rules span", err);
  if (!project) return kCannotRun;
  std::string why;
  const std::optional<Place> place = place_of(*project, options.target, why);
  if (!place) {
    err << "rulecheck rules span: " << why << "\n";
    return kBadInput;
  }
  const TextFolder texts = find_text_folder(options.texts, *project);
  if (!texts.dir) {
    err << "rulecheck rules span: a span is found in the rule texts, and there are none: " << texts.why_none << "\n";
    return texts.given_missing ? kBadInput : kCannotRun;
  }
  std::vector<Paragraph> paragraphs;
  try {
    paragraphs = read_paragraphs(*texts.dir / place->text_file);
  } catch (const InputError& e) {
    err << "rulecheck rules span: " << e.what() << "\n";
    return kCannotRun;
  }
  if (static_cast<std::size_t>(place->paragraph) > paragraphs.size()) {
    err << fmt::format("rulecheck rules span: {} has {} paragraphs, not {}\n", place->text_file, paragraphs.size(),
                       place->paragraph);
    return kBadInput;
  }
  const std::vector<std::string> words = paragraph_words(paragraphs[static_cast<std::size_t>(place->paragraph - 1)]);
  int places = 0;
  const std::optional<WordSpan> span = find_span(words, options.words, &places);
  if (!span) {
    err << fmt::format("rulecheck rules span: the words are not in paragraph {} of {} ({} words; they are matched "
                       "word for word, punctuation and case included)\n",
                       place->paragraph, place->text_file, words.size());
    return kBadInput;
  }
  if (places > 1)
    err << fmt::format("rulecheck rules span: the words stand {} times in the paragraph; this is the first: type more "
                       "of them to pick another\n",
                       places);
  out << span_json(*span) << "\n";
  return kOk;
}

}  // namespace rulecheck::rulebook

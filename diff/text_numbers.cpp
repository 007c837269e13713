#include "diff/text_numbers.hpp"

#include <fmt/format.h>

#include "common/input_error.hpp"
#include "reports/document.hpp"
#include "rulebook/stated_numbers.hpp"
#include "rulebook/text_contradictions.hpp"

namespace rulecheck::diff {

namespace {
using json = nlohmann::json;  // as in text_diff.cpp: one alias in the unity build
}  // namespace

// The edited texts' numbers read against the project's ruleset (rulebook/stated_numbers.hpp).
NumbersRead read_numbers(const rulebook::Project& project, const rulebook::ClauseIndex& index,
                         const std::filesystem::path& texts) {
  NumbersRead read;
  read.game = index.game;
  rulebook::Problems ignored;  // the rule data's problems are `rules check`'s to report
  const rulebook::StatedNumbers numbers = rulebook::read_stated_numbers(project, index, ignored);
  if (!numbers.present) return read;
  rulebook::TextsReading reading;
  try {
    reading = rulebook::read_texts(numbers, index, texts,
                                   rulebook::RulesetNumbers::of_file(project.rules / index.game / "ruleset.json"));
  } catch (const InputError&) {
    return read;
  }
  json edit = {{"game", index.game}};
  for (const auto& k : reading.keys) {
    read.keys.push_back({k.key, k.clause, k.where, k.before, k.after});
    edit.merge_patch(nested(k.key, json::parse(rulebook::number_text(k.after))));
  }
  if (!read.keys.empty()) read.edit = edit.dump();
  // The contradictions between sentences as every command given texts reports them
  // (rulebook/text_contradictions.hpp); a sentence against the project's ruleset is a key above.
  for (const auto& x : rulebook::contradictions_in_texts(project, index, texts,
                                                         rulebook::RulesetNumbers::of_file(project.rules / index.game /
                                                                                           "ruleset.json"))
                           .contradictions)
    if (x.between == rulebook::StatedContradiction::Between::sentences)
      (x.known ? read.known : read.contradictions).push_back(x.line);
  for (const auto& c : reading.checks) {
    if (c.status == rulebook::NumberCheck::Status::not_read && c.why_not_read.find("changed") != std::string::npos)
      read.not_read.push_back(rulebook::describe(c));
  }
  return read;
}

void numbers_console(std::ostream& out, const TextDiff& d) {
  for (const auto& n : d.numbers) {
    if (n.keys.empty() && n.contradictions.empty() && n.not_read.empty() && n.known.empty()) continue;
    out << fmt::format("\nnumbers of {} the edited texts state\n", n.game);
    for (const auto& k : n.keys)
      out << fmt::format("  {} ({}) states {} = {} (the ruleset has {})\n", k.where, k.clause, k.key,
                         rulebook::number_text(k.after), rulebook::number_text(k.before));
    if (!n.edit.empty())
      out << fmt::format("  the ruleset edit that expresses it: {}\n  try: echo '{}' > edit.json && rulecheck diff "
                         "--edited edit.json\n",
                         n.edit, n.edit);
    for (const auto& c : n.contradictions) out << "  CONTRADICTION " << c << "\n";
    for (const auto& c : n.known) out << "  known contradiction " << c << "\n";
    for (const auto& c : n.not_read) out << "  not read: " << c << "\n";
  }
}

void numbers_markdown(std::ostream& out, const TextDiff& d) {
  for (const auto& n : d.numbers) {
    if (n.keys.empty() && n.contradictions.empty() && n.not_read.empty() && n.known.empty()) continue;
    out << fmt::format("\n## Numbers of {} the edited texts state\n\n", n.game);
    for (const auto& k : n.keys)
      out << fmt::format("- {} (`{}`) states `{}` = {} (the ruleset has {})\n", k.where, k.clause, k.key,
                         rulebook::number_text(k.after), rulebook::number_text(k.before));
    if (!n.edit.empty())
      out << fmt::format("\nThe ruleset edit that expresses it: `{}` (save it as `edit.json`, then `rulecheck diff "
                         "--edited edit.json`).\n\n",
                         n.edit);
    for (const auto& c : n.contradictions) out << "- **contradiction**: " << c << "\n";
    for (const auto& c : n.known) out << "- known contradiction: " << c << "\n";
    for (const auto& c : n.not_read) out << "- not read: " << c << "\n";
  }
}

void numbers_html(std::ostream& out, const TextDiff& d) {
  for (const auto& n : d.numbers) {
    if (n.keys.empty() && n.contradictions.empty() && n.not_read.empty() && n.known.empty()) continue;
    out << fmt::format("<h2>Numbers of {} the edited texts state</h2><ul>\n", escape_xml(n.game));
    for (const auto& k : n.keys)
      out << fmt::format("<li>{} (<code>{}</code>) states <code>{}</code> = {} (the ruleset has {})</li>\n",
                         escape_xml(k.where), escape_xml(k.clause), escape_xml(k.key), rulebook::number_text(k.after),
                         rulebook::number_text(k.before));
    if (!n.edit.empty())
      out << fmt::format("<li>The ruleset edit that expresses it: <code>{}</code> (save it as <code>edit.json</code>, "
                         "then <code>rulecheck diff --edited edit.json</code>)</li>\n",
                         escape_xml(n.edit));
    for (const auto& c : n.contradictions) out << "<li><strong>contradiction</strong>: " << escape_xml(c) << "</li>\n";
    for (const auto& c : n.known) out << "<li>known contradiction: " << escape_xml(c) << "</li>\n";
    for (const auto& c : n.not_read) out << "<li>not read: " << escape_xml(c) << "</li>\n";
    out << "</ul>\n";
  }
}

json numbers_json(const TextDiff& d) {
  json list = json::array();
  for (const auto& n : d.numbers) {
    json keys = json::array();
    for (const auto& k : n.keys)
      keys.push_back({{"key", k.key}, {"clause", k.clause}, {"where", k.where}, {"before", k.before}, {"after", k.after}});
    list.push_back({{"game", n.game},
                    {"keys", keys},
                    {"edit", n.edit.empty() ? json(nullptr) : json::parse(n.edit)},
                    {"contradictions", n.contradictions},
                    {"known_contradictions", n.known},
                    {"not_read", n.not_read}});
  }
  return list;
}


}  // namespace rulecheck::diff

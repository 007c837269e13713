#include "reports/designer_parts.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "reports/document.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::designer {

const json& member(const json& object, const char* key) {
  static const json none;
  if (!object.is_object()) return none;
  const auto it = object.find(key);
  return it == object.end() ? none : *it;
}

std::string text_of(const json& object, const char* key) {
  const json& v = member(object, key);
  return v.is_string() ? v.get<std::string>() : "";
}

std::vector<std::string> strings_of(const json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const auto& x : list)
      if (x.is_string()) out.push_back(x.get<std::string>());
  return out;
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : separator) + i;
  return out;
}

std::string clauses_of(const json& quote, bool as_code) {
  std::vector<std::string> ids;
  for (const auto& c : strings_of(member(quote, "clauses"))) ids.push_back(as_code ? "`" + c + "`" : c);
  return joined(ids);
}

std::string where_of(const json& quote) {
  return fmt::format("{}, paragraph {}", text_of(quote, "file"),
                     member(quote, "paragraph").is_number() ? member(quote, "paragraph").dump() : "?");
}

std::string outcome_of(const json& scenario_record) {
  std::string out = text_of(scenario_record, "outcome_in_words");
  const json& changes = member(scenario_record, "changes_in_words");
  if (changes.is_array()) {
    const auto list = strings_of(changes);
    out += list.empty() ? ": nothing changes" : ": " + joined(list, "; ");
  }
  return out;
}

const json& first_scenario(const json& finding) { return finding["scenarios"][0]["scenario"]; }

std::string step_json(const json& finding) {
  const json& step = first_scenario(finding)["steps"][0];
  return (step.contains("action") ? step["action"] : step["query"]).dump();
}

std::string override_of(const json& finding) {
  const json& r = member(first_scenario(finding), "ruleset");
  return r.is_object() && !r.empty() ? r.dump() : "";
}

namespace {
void flatten(const json& v, const std::string& at, std::vector<std::string>& out) {
  if (v.is_object()) {
    for (const auto& [k, x] : v.items()) flatten(x, at.empty() ? k : at + "." + k, out);
    return;
  }
  out.push_back(at + " " + (v.is_string() ? v.get<std::string>() : v.dump()));
}
}  // namespace

std::string override_words(const json& finding) {
  const json& r = member(first_scenario(finding), "ruleset");
  if (!r.is_object() || r.empty()) return "";
  std::vector<std::string> keys;
  flatten(r, "", keys);
  return joined(keys);
}

std::string other_readings(const json& finding) {
  const std::string point = text_of(finding, "point");
  std::vector<std::string> others;
  const json& carried = member(first_scenario(finding), "interpretations");
  if (carried.is_object())
    for (const auto& [other, reading] : carried.items())
      if (other != point && reading.is_string()) others.push_back(fmt::format("{} = {}", other, reading.get<std::string>()));
  return joined(others);
}

std::string texts_line(const json& texts) {
  if (texts.value("found", false))
    return fmt::format("The rule sentences are quoted from {} ({}).", text_of(texts, "folder"), text_of(texts, "origin"));
  return fmt::format(
      "The rule texts were not found ({}), so each clause is given in our own words with its file and paragraph. "
      "To quote the rulebook's sentences, run again with --text DIR or set RULECHECK_RULE_TEXTS to the folder "
      "of rule texts.",
      text_of(texts, "why"));
}

std::string contradiction_status(const json& c) {
  const std::string status = text_of(c, "status");
  const std::string game = text_of(c, "game");
  const std::size_t found = member(c, "found").is_array() ? member(c, "found").size() : 0;
  const json& numbers = member(c, "stated_numbers");
  std::size_t open = 0, known = 0;
  for (const auto& x : member(numbers, "contradictions")) ++(x.value("known", false) ? known : open);
  const std::size_t reread = member(c, "reread").is_array() ? member(c, "reread").size() : 0;
  std::string literal;
  if (status == "none")
    literal = fmt::format("the literal search found none among the texts as the clause index has them (the constraints "
                          "of each of {} probe(s) can all hold on some board, proved; scope: {})",
                          member(c, "probes").is_number() ? member(c, "probes").dump() : "?", text_of(c, "scope"));
  else if (status == "found" && !c.contains("reason"))
    literal = fmt::format("the literal search found {}, below (scope: {})", found, text_of(c, "scope"));
  else if (status == "absent")
    literal = "no literal encoding to search";
  else
    literal = fmt::format("the literal search did not decide ({}; {}){}", status == "found" ? "unknown" : status,
                          text_of(c, "reason"), found ? fmt::format("; {} found before it stopped, below", found) : "");
  const std::string stated =
      numbers.value("checked", false)
          ? fmt::format("The stated numbers of the texts given: {} read, {} contradiction(s){}", numbers.value("read", 0),
                        open, known ? fmt::format(" and {} known (recorded, with which sentence rulecheck follows)", known) : "")
          : fmt::format("The stated numbers were not checked ({})", text_of(numbers, "why_not"));
  const std::string verdict = open || found ? "contradictions found"
                              : reread      ? "not decided for the texts given (words changed)"
                              : status == "none" || status == "absent" ? "no contradiction found"
                                                                      : "not decided";
  return fmt::format("{}: {}. {}; {}{}.", game, verdict, stated, literal,
                     reread ? fmt::format("; {} clause(s) whose words changed, to re-read below", reread) : "");
}

std::string stated_heading(const json& x) {
  return text_of(x, "between") == "sentences" ? "the sentences disagree"
                                              : "a sentence against the ruleset the searches read";
}

std::vector<std::string> reread_lines(const json& r) {
  std::vector<std::string> lines;
  const auto add = [&](const char* what, const json& list) {
    const auto items = strings_of(list);
    if (!items.empty()) lines.push_back(fmt::format("{}: {}", what, joined(items)));
  };
  add("points citing it", member(r, "points"));
  add("conventions citing it", member(r, "conventions"));
  add("proofs citing it", member(r, "proofs"));
  add("scenarios citing it", member(r, "scenarios"));
  return lines;
}

const json& stated_list(const json& c) { return member(member(c, "stated_numbers"), "contradictions"); }

std::string question_of(const json& finding) {
  const std::string q = text_of(finding, "question");
  return q.empty() ? text_of(finding, "title") : q;
}

std::vector<std::pair<std::string, std::vector<const json*>>> settled_groups(const json& findings) {
  std::vector<std::pair<std::string, std::vector<const json*>>> groups;
  for (const auto& f : findings) {
    if (!f.contains("settled")) continue;
    const std::string why = text_of(f, "dismissed_reason").empty() ? text_of(f, "settled") : text_of(f, "dismissed_reason");
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == why; });
    if (it == groups.end()) groups.push_back({why, {&f}});
    else it->second.push_back(&f);
  }
  return groups;
}

// ---------------------------------------------------------------- marks

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// The sentences of the words: [from, to) each, split after . ? ! ; followed by a space.
Marks sentences_of(const std::string& words) {
  Marks out;
  std::size_t from = 0;
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if ((words[i] == '.' || words[i] == '?' || words[i] == '!' || words[i] == ';') && words[i + 1] == ' ' &&
        !(i > 0 && is_digit(words[i - 1]) && i + 2 < words.size() && is_digit(words[i + 2]))) {
      out.push_back({from, i + 1});
      from = i + 2;
    }
  if (from < words.size()) out.push_back({from, words.size()});
  return out;
}

std::set<std::string> content_words(const std::string& text) {
  static const std::set<std::string> common{"that", "this", "with", "from", "their", "they", "them", "each", "when",
                                            "have", "only", "into", "which", "there", "than", "then", "were", "will",
                                            "unit", "units", "faction", "card", "cards", "space", "spaces"};
  std::set<std::string> out;
  std::string w;
  for (char c : text + " ") {
    if (is_letter(c)) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      continue;
    }
    if (w.size() >= 4 && !common.count(w)) out.insert(w.size() > 5 ? w.substr(0, 5) : w);  // a crude stem
    w.clear();
  }
  return out;
}

std::string escaped_with_marks(const std::string& words, const Marks& marks, std::size_t from, std::size_t to) {
  std::string out;
  std::size_t at = from;
  for (const auto& [a, b] : marks) {
    if (b <= from || a >= to) continue;
    const std::size_t s = std::max(a, from), e = std::min(b, to);
    if (s < at) continue;
    out += escape_xml(words.substr(at, s - at)) + "<mark>" + escape_xml(words.substr(s, e - s)) + "</mark>";
    at = e;
  }
  return out + escape_xml(words.substr(at, to - at));
}

// A table of the text: three lines or more, each after the first a name then a number among its first
// three tokens (the unit table). Drawn a row per line: the name, then the rest as the text has it.
bool is_table(const std::vector<std::string>& lines) {
  if (lines.size() < 3) return false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.empty() || !is_letter(l[0])) return false;
    const auto space = l.find(' ');
    if (space == std::string::npos || space + 1 >= l.size() || !is_digit(l[space + 1])) return false;
  }
  return true;
}

}  // namespace

Marks number_mark(const std::string& words, int nth) {
  // The same reading of numbers as the stated-numbers check that found the contradiction.
  const std::vector<rulebook::NumberInWords> numbers = rulebook::numbers_in(words);
  if (nth < 1 || static_cast<std::size_t>(nth) > numbers.size()) return {};
  const rulebook::NumberInWords& n = numbers[static_cast<std::size_t>(nth) - 1];
  return {{n.offset, n.offset + n.length}};
}

Marks sentence_mark(const std::string& words, const std::string& reading) {
  const auto wanted = content_words(reading);
  std::size_t best = 0;
  Marks out;
  for (const auto& s : sentences_of(words)) {
    std::size_t shared = 0;
    for (const auto& w : content_words(words.substr(s.first, s.second - s.first))) shared += wanted.count(w);
    if (shared > best) {
      best = shared;
      out = {s};
    }
  }
  return best >= 2 ? out : Marks{};
}

std::string marked_sentences(const std::string& words, const Marks& marks) {
  std::string out;
  for (const auto& s : sentences_of(words))
    for (const auto& m : marks)
      if (m.first < s.second && m.second > s.first) {
        out += (out.empty() ? "" : " … ") + words.substr(s.first, s.second - s.first);
        break;
      }
  return out;
}

Marks marks_for(const json& quote, const json& stated) {
  const std::string words = text_of(quote, "words");
  if (stated.is_object() && text_of(quote, "file") == text_of(stated, "file") &&
      member(quote, "paragraph") == member(stated, "paragraph"))
    return number_mark(words, stated.value("nth", 0));
  // The words that state the quote's clauses, where their spans found them in the texts.
  if (const json& operative = member(quote, "operative"); operative.is_array() && !operative.empty()) {
    Marks out;
    for (const auto& m : operative)
      if (m.is_array() && m.size() == 2 && m[0].is_number_unsigned() && m[1].is_number_unsigned() &&
          m[0].get<std::size_t>() < m[1].get<std::size_t>() && m[1].get<std::size_t>() <= words.size())
        out.emplace_back(m[0].get<std::size_t>(), m[1].get<std::size_t>());
    if (!out.empty()) return out;
  }
  if (is_table(strings_of(member(quote, "lines")))) return {};  // a table has no sentence to guess
  return sentence_mark(words, text_of(quote, "paraphrase"));
}

std::string place_of(const json& quote) {
  return fmt::format("{} ¶{}", text_of(quote, "file"),
                     member(quote, "paragraph").is_number() ? member(quote, "paragraph").dump() : "?");
}

std::string quote_html(const json& q, const Marks& marks, const std::string& anchor) {
  const std::string where = fmt::format("{} ({}){}", place_of(q), clauses_of(q),
                                        q.value("changed", false) ? "; this paragraph changed since the clause index was written" : "");
  if (!q.contains("words"))
    return fmt::format("<p class=\"where\">{}, in our words: {}</p>\n", escape_xml(where), escape_xml(text_of(q, "paraphrase")));
  const std::string words = text_of(q, "words");
  const std::string id = anchor.empty() ? "" : " id=\"" + escape_xml_attribute(anchor) + "\"";
  const auto lines = strings_of(member(q, "lines"));
  std::string body;
  if (is_table(lines)) {
    body = "<table class=\"text-table\">\n";
    std::size_t at = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::size_t end = at + lines[i].size();
      const std::size_t cut = i == 0 ? end : at + lines[i].find(' ');
      body += i == 0 ? "<tr><th colspan=\"2\">" + escaped_with_marks(words, marks, at, end) + "</th></tr>\n"
                     : "<tr><td>" + escaped_with_marks(words, marks, at, cut) + "</td><td>" +
                           escaped_with_marks(words, marks, cut + 1, end) + "</td></tr>\n";
      at = end + 1;
    }
    body += "</table><p class=\"where\">The text's table, a row per line (the text does not mark its columns).</p>\n";
  } else {
    body = escaped_with_marks(words, marks, 0, words.size());
  }
  return fmt::format("<blockquote{}>{}<div class=\"where\">{}</div></blockquote>\n", id, body, escape_xml(where));
}

std::string quote_markdown(const json& q, const Marks& marks) {
  const std::string where = fmt::format("{} ({}){}", where_of(q), clauses_of(q, true),
                                        q.value("changed", false) ? "; this paragraph changed since the clause index was written" : "");
  if (!q.contains("words")) return fmt::format("- {}, in our words: {}\n\n", where, text_of(q, "paraphrase"));
  const std::string words = text_of(q, "words");
  std::string out;
  std::size_t at = 0;
  for (const auto& [a, b] : marks) {
    if (a < at) continue;
    out += words.substr(at, a - at) + "**" + words.substr(a, b - a) + "**";
    at = b;
  }
  out += words.substr(at);
  return fmt::format("> {}\n\n{}\n\n", out, where);
}

}  // namespace rulecheck::designer

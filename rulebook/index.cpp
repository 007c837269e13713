#include "rulebook/index.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/pointer.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;

constexpr std::string_view kScopeNames[] = {"implemented", "out-of-scope", "note"};

const std::vector<std::string> kIndexFields = {"game", "sources", "clauses", "not_clauses"};
const std::vector<std::string> kIndexOptional = {"note"};
const std::vector<std::string> kClauseFields = {"id", "section", "paragraph", "fingerprint", "paraphrase", "scope"};
const std::vector<std::string> kClauseOptional = {"note", "spans"};
const std::vector<std::string> kNotClauseFields = {"section", "paragraph", "fingerprint", "why"};

std::string listed(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool is_lowercase_word(std::string_view part, bool hyphens) {
  if (part.empty()) return false;
  return std::all_of(part.begin(), part.end(),
                     [&](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (hyphens && c == '-'); });
}

std::optional<Scope> scope_named(const std::string& name) {
  for (std::size_t i = 0; i < std::size(kScopeNames); ++i)
    if (kScopeNames[i] == name) return static_cast<Scope>(i);
  return std::nullopt;
}

// Reads one clauses.json, collecting every problem instead of stopping at the first.
class IndexReader {
 public:
  IndexReader(ClauseIndex& index, Problems& problems) : index_(index), problems_(problems) {}

  void read(const json& document) {
    if (!document.is_object()) return report("", "", "the index must be a JSON object");
    index_.readable = true;
    check_fields(document, "", "", kIndexFields, kIndexOptional, "top-level field");
    read_game(document);
    read_sources(document);
    read_clauses(document);
    read_not_clauses(document);
    check_no_paragraph_listed_twice();
  }

 private:
  void report(const std::string& pointer, const std::string& subject, const std::string& message) {
    problems_.push_back({index_.shown, pointer, subject, message});
  }

  void check_fields(const json& object, const std::string& at, const std::string& subject,
                    const std::vector<std::string>& required, const std::vector<std::string>& optional,
                    const char* what) {
    for (const auto& field : required)
      if (!object.contains(field)) report(at, subject, fmt::format("missing {} \"{}\"", what, field));
    const std::vector<std::string> allowed = joined(required, optional);
    for (const auto& [key, value] : object.items())
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        report(pointer(at, key), subject, fmt::format("unknown {} \"{}\" (allowed: {})", what, key, listed(allowed)));
  }

  void read_game(const json& document) {
    if (!document.contains("game")) return;
    const json& game = document["game"];
    if (!game.is_string() || game.get<std::string>() != index_.game)
      report("/game", "",
             fmt::format("\"game\" is {} but the folder is rules/{}/; it must be \"{}\"", game.dump(), index_.game,
                         index_.game));
  }

  void read_sources(const json& document) {
    if (!document.contains("sources")) return;
    const json& sources = document["sources"];
    if (!sources.is_object())
      return report("/sources", "", "\"sources\" must be an object mapping each section to its rule text file name");
    for (const auto& [section, file] : sources.items()) {
      if (!file.is_string() || file.get<std::string>().empty()) {
        report(pointer("/sources", section), "",
               fmt::format("the source of section \"{}\" must be a file name, not {}", section, file.dump()));
        continue;
      }
      index_.sources[section] = file.get<std::string>();
    }
  }

  // "section", "paragraph" and "fingerprint" of a clause or not_clause.
  ParagraphRef read_reference(const json& entry, const std::string& at, const std::string& subject) {
    ParagraphRef ref;
    if (const auto it = entry.find("section"); it != entry.end()) {
      if (!it->is_string()) {
        report(at + "/section", subject,
               fmt::format("\"section\" must be one of the sections in \"sources\" ({}), not {}",
                           listed(section_names()), it->dump()));
      } else if (const auto source = index_.sources.find(it->get<std::string>()); source == index_.sources.end()) {
        report(at + "/section", subject,
               fmt::format("section \"{}\" is not listed in \"sources\" (listed: {})", it->get<std::string>(),
                           listed(section_names())));
        ref.section = it->get<std::string>();
      } else {
        ref.section = source->first;
        ref.text_file = source->second;
      }
    }
    if (const auto it = entry.find("paragraph"); it != entry.end()) {
      if (!it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > 1'000'000)
        report(at + "/paragraph", subject,
               fmt::format("\"paragraph\" must be an integer >= 1 (a paragraph number "
                           "of the section's text), not {}",
                           it->dump()));
      else
        ref.paragraph = it->get<int>();
    }
    if (const auto it = entry.find("fingerprint"); it != entry.end()) {
      if (!it->is_string() || !is_fingerprint(it->get<std::string>()))
        report(at + "/fingerprint", subject,
               fmt::format("\"fingerprint\" must be 16 lowercase hex digits, not {}", it->dump()));
      else
        ref.fingerprint = it->get<std::string>();
    }
    return ref;
  }

  void read_clauses(const json& document) {
    if (!document.contains("clauses")) return;
    const json& clauses = document["clauses"];
    if (!clauses.is_array()) return report("/clauses", "", "\"clauses\" must be a list of clause objects");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < clauses.size(); ++i) {
      const std::string at = pointer("/clauses", std::to_string(i));
      if (!clauses[i].is_object()) {
        report(at, "", "a clause must be an object with the fields " + listed(kClauseFields));
        continue;
      }
      index_.clauses.push_back(read_clause(clauses[i], at, ids));
    }
  }

  Clause read_clause(const json& entry, const std::string& at, std::set<std::string>& ids) {
    Clause clause;
    clause.pointer = at;
    if (const auto it = entry.find("id"); it != entry.end() && it->is_string()) clause.id = it->get<std::string>();
    const std::string subject = clause.id;
    check_fields(entry, at, subject, kClauseFields, kClauseOptional, "field");
    if (entry.contains("id")) check_id(entry["id"], at, ids);
    if (const auto it = entry.find("paraphrase"); it != entry.end()) {
      if (!it->is_string() || it->get<std::string>().find_first_not_of(" \t") == std::string::npos ||
          it->get<std::string>().find('\n') != std::string::npos)
        report(at + "/paraphrase", subject, "\"paraphrase\" must be one non-empty line of text (in our own words)");
      else
        clause.paraphrase = it->get<std::string>();
    }
    if (const auto it = entry.find("scope"); it != entry.end()) {
      clause.scope = it->is_string() ? scope_named(it->get<std::string>()) : std::nullopt;
      if (!clause.scope)
        report(at + "/scope", subject,
               fmt::format("scope {} is not one of implemented, out-of-scope, note", it->dump()));
    }
    clause.at = read_reference(entry, at, subject);
    if (const auto it = entry.find("spans"); it != entry.end()) clause.spans = read_spans(*it, at + "/spans", subject);
    return clause;
  }

  // "spans": [{"first", "count", "hash"}, ...], the words that state the clause, by position.
  std::vector<WordSpan> read_spans(const json& spans, const std::string& at, const std::string& subject) {
    std::vector<WordSpan> out;
    if (!spans.is_array() || spans.empty()) {
      report(at, subject, "\"spans\" must be a non-empty list of {\"first\", \"count\", \"hash\"} (rulecheck rules span)");
      return out;
    }
    for (std::size_t i = 0; i < spans.size(); ++i) {
      const json& s = spans[i];
      const std::string here = fmt::format("{}/{}", at, i);
      const auto whole = [&](const char* key, long long least) {
        return s.is_object() && s.contains(key) && s[key].is_number_integer() && s[key].get<long long>() >= least &&
               s[key].get<long long>() <= 100'000;
      };
      if (!s.is_object() || s.size() != 3 || !whole("first", 0) || !whole("count", 1) || !s.contains("hash") ||
          !s["hash"].is_string() || !is_fingerprint(s["hash"].get<std::string>())) {
        report(here, subject,
               fmt::format("a span is {{\"first\": word from 0, \"count\": words >= 1, \"hash\": 16 lowercase hex "
                           "digits}} and nothing else, not {} (rulecheck rules span prints one)",
                           s.dump()));
        continue;
      }
      out.push_back({s["first"].get<int>(), s["count"].get<int>(), s["hash"].get<std::string>()});
    }
    return out;
  }

  void check_id(const json& id, const std::string& at, std::set<std::string>& ids) {
    const std::string subject = id.is_string() ? id.get<std::string>() : "";
    if (!id.is_string() || !is_clause_id(id.get<std::string>()))
      return report(at + "/id", subject,
                    fmt::format("id {} does not match ^[a-z0-9]+(\\.[a-z0-9-]+)+$ "
                                "(lowercase words joined by dots, e.g. \"{}.section.rule\")",
                                id.dump(), index_.game));
    if (subject.substr(0, subject.find('.')) != index_.game)
      report(at + "/id", subject, fmt::format("id does not start with the game's name \"{}.\"", index_.game));
    if (!ids.insert(subject).second) report(at + "/id", subject, "duplicate id (each clause id is used once)");
  }

  void read_not_clauses(const json& document) {
    if (!document.contains("not_clauses")) return;
    const json& entries = document["not_clauses"];
    if (!entries.is_array()) return report("/not_clauses", "", "\"not_clauses\" must be a list of objects");
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const std::string at = pointer("/not_clauses", std::to_string(i));
      if (!entries[i].is_object()) {
        report(at, "", "a not_clause must be an object with the fields " + listed(kNotClauseFields));
        continue;
      }
      NotClause entry;
      entry.pointer = at;
      check_fields(entries[i], at, "", kNotClauseFields, {}, "field");
      entry.at = read_reference(entries[i], at, "");
      if (const auto it = entries[i].find("why"); it != entries[i].end()) {
        if (!it->is_string() || it->get<std::string>().find_first_not_of(" \t\n") == std::string::npos)
          report(at + "/why", "", "\"why\" must be a non-empty reason (why the paragraph holds no rule)");
        else
          entry.why = it->get<std::string>();
      }
      index_.not_clauses.push_back(std::move(entry));
    }
  }

  void check_no_paragraph_listed_twice() {
    std::set<std::pair<std::string, int>> of_clauses;
    for (const auto& c : index_.clauses)
      if (!c.at.text_file.empty()) of_clauses.emplace(c.at.text_file, c.at.paragraph);
    std::set<std::pair<std::string, int>> of_not_clauses;
    for (const auto& n : index_.not_clauses) {
      if (n.at.text_file.empty() || n.at.paragraph < 1) continue;
      const std::pair key{n.at.text_file, n.at.paragraph};
      const std::string subject = fmt::format("{} paragraph {}", n.at.section, n.at.paragraph);
      if (!of_not_clauses.insert(key).second)
        report(n.pointer, subject, "the same paragraph is listed twice in not_clauses");
      if (of_clauses.count(key))
        report(n.pointer, subject,
               fmt::format("paragraph {} of {} is cited by a clause, so it cannot also be a "
                           "not_clause",
                           key.second, key.first));
    }
  }

  std::vector<std::string> section_names() const {
    std::vector<std::string> names;
    for (const auto& [section, file] : index_.sources) names.push_back(section);
    return names;
  }

  ClauseIndex& index_;
  Problems& problems_;
};

}  // namespace

std::string_view scope_name(Scope scope) { return kScopeNames[static_cast<int>(scope)]; }

std::string Clause::label() const {
  return id.empty() ? fmt::format("clauses[{}]", pointer.substr(pointer.rfind('/') + 1)) : id;
}

std::string NotClause::label() const {
  return fmt::format("not_clauses[{}] ({} paragraph {})", pointer.substr(pointer.rfind('/') + 1),
                     at.section.empty() ? "?" : at.section, at.paragraph);
}

const Clause* ClauseIndex::find(std::string_view id) const {
  for (const auto& c : clauses)
    if (c.id == id) return &c;
  return nullptr;
}

bool is_clause_id(std::string_view id) {
  const std::size_t dot = id.find('.');
  if (dot == std::string_view::npos || !is_lowercase_word(id.substr(0, dot), false)) return false;
  std::string_view rest = id.substr(dot + 1);
  while (true) {
    const std::size_t next = rest.find('.');
    if (!is_lowercase_word(rest.substr(0, next), true)) return false;
    if (next == std::string_view::npos) return true;
    rest = rest.substr(next + 1);
  }
}

ClauseIndex read_index(const Project& project, const std::string& game, Problems& problems) {
  ClauseIndex index;
  index.game = game;
  index.file = project.rules / game / "clauses.json";
  index.shown = project.relative(index.file);
  json document;
  try {
    document = read_json_file(index.file);
  } catch (const InputError& e) {
    problems.push_back({index.shown, e.pointer(), "", without_file_name(e.what(), index.file)});
    return index;
  }
  IndexReader(index, problems).read(document);
  return index;
}

std::vector<std::string> games_of(const Project& project) {
  std::vector<std::string> games;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(project.rules, error))
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "clauses.json"))
      games.push_back(entry.path().filename().string());
  std::sort(games.begin(), games.end());
  return games;
}

std::vector<ClauseIndex> read_indexes(const Project& project, Problems& problems) {
  std::vector<ClauseIndex> indexes;
  for (const auto& game : games_of(project)) indexes.push_back(read_index(project, game, problems));
  return indexes;
}

}  // namespace rulecheck::rulebook

#include "rulebook/sources.hpp"

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "rulebook/spans.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

namespace fs = std::filesystem;

namespace {
using json = nlohmann::json;  // as in the other files of rulebook/: one alias in the unity build
}  // namespace

std::set<std::string> reachable_facts(const Project& project, const std::string& game, Problems& problems) {
  std::set<std::string> ids;
  for (const char* name : {"invariants.json", "move_start.json"}) {
    const fs::path path = project.rules / game / name;
    if (!fs::exists(path)) continue;
    try {
      const json list = read_json_file(path);
      if (!list.is_array()) continue;  // its own reader says what is wrong with it
      for (const auto& entry : list)
        if (entry.is_object() && entry.contains("id") && entry["id"].is_string()) ids.insert(entry["id"]);
    } catch (const InputError& e) {
      problems.push_back({project.relative(path), e.pointer(), "", without_file_name(e.what(), path)});
    }
  }
  return ids;
}

namespace {

std::string role_name(IdRole role) { return role == IdRole::tag ? "constraint tag" : "decision"; }

// The paragraphs of the rule texts, each file read once.
class Paragraphs {
 public:
  explicit Paragraphs(fs::path dir) : dir_(std::move(dir)) {}
  // Paragraph `number` of `file`, or nothing with why.
  const Paragraph* find(const std::string& file, int number, std::string& why) {
    auto it = files_.find(file);
    if (it == files_.end()) {
      std::vector<Paragraph> read;
      try {
        read = read_paragraphs(dir_ / file);
      } catch (const InputError& e) {
        errors_[file] = e.what();
      }
      it = files_.emplace(file, std::move(read)).first;
    }
    if (errors_.count(file)) {
      why = errors_[file];
      return nullptr;
    }
    if (number < 1 || static_cast<std::size_t>(number) > it->second.size()) {
      why = fmt::format("{} has {} paragraphs, not {}", file, it->second.size(), number);
      return nullptr;
    }
    return &it->second[static_cast<std::size_t>(number - 1)];
  }

 private:
  fs::path dir_;
  std::map<std::string, std::vector<Paragraph>> files_;
  std::map<std::string, std::string> errors_;
};

class SourceChecker {
 public:
  SourceChecker(const Project& project, const std::vector<ClauseIndex>& indexes, SourceCheck& out)
      : project_(project), indexes_(indexes), out_(out) {
    for (const auto& index : indexes) {
      for (const auto& c : index.clauses)
        if (!c.id.empty()) clauses_[c.id] = {&index, &c};
      for (const auto& fact : reachable_facts(project, index.game, out.problems)) facts_.insert(fact);
    }
  }

  void decisions(const CodeScan& code, const std::set<std::string>& conventions) {
    if (!code.has_tree()) {
      out_.decisions_skipped = "the project holds no oracle/ or solver/, and the table built in does not say which "
                               "ids are decisions";
      return;
    }
    std::set<std::string> said;  // each unsourced id once per file
    for (const auto& w : code.ids()) {
      if (w.role == IdRole::mention) continue;
      ++(w.role == IdRole::tag ? out_.tags : out_.decisions);
      if (clauses_.count(w.id))
        ++out_.citing_clause;
      else if (conventions.count(w.id))
        ++out_.citing_convention;
      else if (w.role == IdRole::decision && facts_.count(w.id))
        ++out_.citing_fact;
      else if (said.insert(w.file + " " + w.id).second)
        out_.problems.push_back(
            {w.file, "", w.id,
             fmt::format("line {}: a {} names {}, which is neither a clause of rules/{}/clauses.json nor a convention "
                         "of rules/{}/conventions.json{}: a decision names its source; cite the clause whose words "
                         "state it, or list the choice as a convention",
                         w.line, role_name(w.role), w.id, game_of(w.id), game_of(w.id),
                         w.role == IdRole::decision ? " nor a reachable-board fact (invariants.json)" : "")});
    }
  }

  // Every clause the code cites has a span.
  void cited_clauses(const CodeScan& code) {
    std::map<std::string, const WrittenId*> first_site;
    for (const auto& w : code.ids())
      if (clauses_.count(w.id) && !first_site.count(w.id)) first_site[w.id] = &w;
    for (const auto& index : indexes_) {
      SourceCheck::Game g{index.game, index.clauses.size(), 0, 0};
      for (const auto& c : index.clauses) {
        if (!c.spans.empty()) ++g.with_spans;
        const auto site = first_site.find(c.id);
        if (site == first_site.end()) continue;
        ++g.cited;
        if (c.spans.empty())
          out_.problems.push_back(
              {index.shown, c.pointer, c.id,
               fmt::format("{} is cited by the code ({} line {}) but has no \"spans\": give the words of its paragraph "
                           "that state it (rulecheck rules span {} \"WORDS\" prints the entry)",
                           c.id, site->second->file, site->second->line, c.id)});
      }
      out_.games.push_back(g);
    }
  }

  void spans_against(Paragraphs& texts) {
    for (const auto& index : indexes_)
      for (const auto& c : index.clauses)
        for (std::size_t i = 0; i < c.spans.size(); ++i)
          check_span(texts, index.shown, fmt::format("{}/spans/{}", c.pointer, i), c.id, c.at.text_file,
                     c.at.paragraph, c.spans[i]);
  }

  // rules/<game>/dismissed.json: each settled_by is a span by position (no words of the texts).
  void settled_by(Paragraphs* texts) {
    for (const auto& index : indexes_) {
      const fs::path path = project_.rules / index.game / "dismissed.json";
      if (!fs::exists(path)) continue;
      const std::string shown = project_.relative(path);
      json document;
      try {
        document = read_json_file(path);
      } catch (const InputError& e) {
        out_.problems.push_back({shown, e.pointer(), "", without_file_name(e.what(), path)});
        continue;
      }
      const json list = document.is_object() ? document.value("dismissed", json::array()) : json::array();
      for (std::size_t d = 0; d < list.size(); ++d) {
        const json& entry = list[d];
        const std::string subject = entry.is_object() ? entry.value("signature", "") : "";
        const json settled = entry.is_object() ? entry.value("settled_by", json::array()) : json::array();
        for (std::size_t s = 0; s < settled.size(); ++s)
          settled_entry(texts, shown, fmt::format("/dismissed/{}/settled_by/{}", d, s), subject, settled[s]);
      }
    }
  }

 private:
  static std::string game_of(const std::string& id) { return id.substr(0, id.find('.')); }

  void settled_entry(Paragraphs* texts, const std::string& shown, const std::string& at, const std::string& subject,
                     const json& q) {
    const auto whole = [&](const char* key, long long least) {
      return q.is_object() && q.contains(key) && q[key].is_number_integer() && q[key].get<long long>() >= least &&
             q[key].get<long long>() <= 100'000;
    };
    if (!q.is_object() || q.contains("span") || !q.contains("text_file") || !q["text_file"].is_string() ||
        !whole("paragraph", 1) || !whole("first", 0) || !whole("count", 1) || !q.contains("hash") ||
        !q["hash"].is_string() || !is_fingerprint(q["hash"].get<std::string>())) {
      out_.problems.push_back(
          {shown, at, subject,
           "a settled_by is {\"text_file\", \"paragraph\", \"first\", \"count\", \"hash\"}: the words by position, "
           "never copied (rulecheck rules span FILE:PARAGRAPH \"WORDS\" prints one)"});
      return;
    }
    if (texts)
      check_span(*texts, shown, at, subject, q["text_file"], q["paragraph"],
                 {q["first"].get<int>(), q["count"].get<int>(), q["hash"].get<std::string>()});
  }

  void check_span(Paragraphs& texts, const std::string& file, const std::string& at, const std::string& subject,
                  const std::string& text_file, int paragraph, const WordSpan& span) {
    ++out_.spans_checked;
    std::string why;
    const Paragraph* p = text_file.empty() ? nullptr : texts.find(text_file, paragraph, why);
    if (!p) {
      out_.text_problems.push_back({file, at, subject, fmt::format("the span's paragraph cannot be read: {}",
                                                                   why.empty() ? "the entry names none" : why)});
      return;
    }
    const std::string mismatch = span_mismatch(paragraph_words(*p), span);
    if (!mismatch.empty())
      out_.text_problems.push_back(
          {file, at, subject, fmt::format("the span is not in paragraph {} of {}: {}", paragraph, text_file, mismatch)});
  }

  struct Known {
    const ClauseIndex* index = nullptr;
    const Clause* clause = nullptr;
  };
  const Project& project_;
  const std::vector<ClauseIndex>& indexes_;
  SourceCheck& out_;
  std::map<std::string, Known> clauses_;
  std::set<std::string> facts_;
};

}  // namespace

SourceCheck check_sources(const Project& project, const std::vector<ClauseIndex>& indexes, const CodeScan& code,
                          const std::set<std::string>& conventions, const std::optional<fs::path>& texts,
                          const std::string& why_no_texts) {
  SourceCheck out;
  SourceChecker checker(project, indexes, out);
  checker.decisions(code, conventions);
  checker.cited_clauses(code);
  if (texts) {
    Paragraphs paragraphs(*texts);
    checker.spans_against(paragraphs);
    checker.settled_by(&paragraphs);
  } else {
    out.spans_skipped = why_no_texts;
    checker.settled_by(nullptr);
  }
  return out;
}

}  // namespace rulecheck::rulebook

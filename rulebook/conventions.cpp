#include "rulebook/conventions.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"

namespace rulecheck::rulebook {

namespace fs = std::filesystem;

namespace {
using json = nlohmann::json;  // as in the other files of rulebook/: one alias in the unity build
}  // namespace

namespace {

bool nonempty_string(const json& entry, const char* key) {
  return entry.contains(key) && entry[key].is_string() && !entry[key].get<std::string>().empty();
}

bool nonempty_list(const json& entry, const char* key) {
  return entry.contains(key) && entry[key].is_array() && !entry[key].empty();
}

// One game's conventions.json, checked entry by entry; the ids it lists go to `listed`.
class GameConventions {
 public:
  GameConventions(const Project& project, const ClauseIndex& index, const CodeScan& code, ConventionCheck& out)
      : index_(index),
        code_(code),
        out_(out),
        file_(project.relative(project.rules / index.game / "conventions.json")) {}

  // The signatures rules/<game>/dismissed.json dismisses: a finding is dismissed or decided by a
  // convention, never both.
  void read_dismissed(const Project& project) {
    const fs::path path = project.rules / index_.game / "dismissed.json";
    if (!fs::exists(path)) return;
    try {
      const json document = read_json_file(path);
      for (const auto& d : document.value("dismissed", json::array()))
        if (d.is_object() && d.contains("signature") && d["signature"].is_string()) dismissed_.insert(d["signature"]);
    } catch (const InputError& e) {
      out_.problems.push_back({project.relative(path), e.pointer(), "", without_file_name(e.what(), path)});
    }
  }

  void check(const json& document, std::set<std::string>& listed) {
    if (!document.is_object() || !document.contains("conventions") || !document["conventions"].is_array()) {
      problem("", "", "must be an object with a list \"conventions\"");
      return;
    }
    const json& list = document["conventions"];
    out_.listings.push_back({file_, list.size()});
    for (std::size_t i = 0; i < list.size(); ++i) entry(list[i], fmt::format("/conventions/{}", i), listed);
  }

 private:
  void problem(const std::string& pointer, const std::string& id, std::string message) {
    out_.problems.push_back({file_, pointer, id, std::move(message)});
  }

  void entry(const json& c, const std::string& at, std::set<std::string>& listed) {
    if (!c.is_object() || !nonempty_string(c, "id")) {
      problem(at, "", "a convention needs an \"id\" (<game>.convention.<name>)");
      return;
    }
    const std::string id = c["id"];
    if (!id.starts_with(index_.game + ".convention.") || !is_clause_id(id))
      problem(at + "/id", id,
              fmt::format("a convention id is {}.convention.<name> (lowercase words, digits, hyphens)", index_.game));
    if (!listed.insert(id).second) problem(at + "/id", id, "listed twice");
    for (const char* key : {"question", "choice"})
      if (!nonempty_string(c, key))
        problem(at, id, fmt::format("needs \"{}\": a sentence in the designer's words", key));
    if (!nonempty_list(c, "alternatives"))
      problem(at, id, "needs \"alternatives\": the choices not made, at least one");
    if (!c.contains("reachable") || !c["reachable"].is_boolean())
      problem(at, id, "needs \"reachable\": true or false");
    else if (!c["reachable"].get<bool>() && !nonempty_string(c, "why_unreachable"))
      problem(at, id, "is marked unreachable without saying why (\"why_unreachable\")");
    clauses(c, at, id);
    where(c, at, id);
    signatures(c, at, id);
  }

  // "signatures": the discovery findings the convention decides (step kind|clauses|what differs).
  void signatures(const json& c, const std::string& at, const std::string& id) {
    if (!c.contains("signatures")) return;
    if (!c["signatures"].is_array()) {
      problem(at + "/signatures", id, "must be a list of finding signatures");
      return;
    }
    for (std::size_t j = 0; j < c["signatures"].size(); ++j) {
      const json& s = c["signatures"][j];
      const std::string pointer = fmt::format("{}/signatures/{}", at, j);
      if (!s.is_string() ||
          std::count(s.get_ref<const std::string&>().begin(), s.get_ref<const std::string&>().end(), '|') != 2)
        problem(pointer, id, fmt::format("{} is no finding signature (step kind|clauses|what differs)", s.dump()));
      else if (dismissed_.count(s.get<std::string>()))
        problem(pointer, id,
                fmt::format("{} is also dismissed in rules/{}/dismissed.json: a finding is dismissed (the texts' "
                            "words decide it) or decided by a convention (they do not), not both",
                            s.get<std::string>(), index_.game));
    }
  }

  void clauses(const json& c, const std::string& at, const std::string& id) {
    if (!nonempty_list(c, "clauses")) {
      problem(at, id, "needs \"clauses\": the clauses around the silence, at least one");
      return;
    }
    for (std::size_t j = 0; j < c["clauses"].size(); ++j) {
      const json& clause = c["clauses"][j];
      if (!clause.is_string() || !index_.find(clause.get<std::string>()))
        problem(fmt::format("{}/clauses/{}", at, j), id,
                fmt::format("names {}, which is not a clause of {}", clause.dump(), index_.shown));
    }
  }

  void where(const json& c, const std::string& at, const std::string& id) {
    if (!nonempty_list(c, "where")) {
      problem(at, id, "needs \"where\": the files that make the choice, at least one");
      return;
    }
    for (std::size_t j = 0; j < c["where"].size(); ++j) {
      const std::string pointer = fmt::format("{}/where/{}", at, j);
      const json& file = c["where"][j];
      if (!file.is_string()) {
        problem(pointer, id, "a file of the project, relative to its root, as a string");
        continue;
      }
      const std::optional<bool> names = code_.file_names(file, id);
      if (!names)
        problem(
            pointer, id,
            fmt::format("{} is not a file of the project (read in {})", file.get<std::string>(), code_.described()));
      else if (!*names)
        problem(pointer, id,
                fmt::format("{} does not name {}: write the id where that file makes the choice, or take the file "
                            "out of \"where\"",
                            file.get<std::string>(), id));
    }
  }

  const ClauseIndex& index_;
  const CodeScan& code_;
  ConventionCheck& out_;
  std::string file_;
  std::set<std::string> dismissed_;
};

}  // namespace

std::set<std::string> listed_conventions(const Project& project, const std::string& game) {
  std::set<std::string> ids;
  const fs::path path = project.rules / game / "conventions.json";
  if (!fs::exists(path)) return ids;
  try {
    const json document = read_json_file(path);
    if (!document.is_object() || !document.contains("conventions") || !document["conventions"].is_array()) return ids;
    for (const auto& c : document["conventions"])
      if (c.is_object() && c.contains("id") && c["id"].is_string()) ids.insert(c["id"]);
  } catch (const InputError&) {
    // check_conventions reports it
  }
  return ids;
}

ConventionCheck check_conventions(const Project& project, const std::vector<ClauseIndex>& indexes,
                                  const CodeScan& code) {
  ConventionCheck out;
  out.code_read = code.described();
  std::set<std::string> listed;
  for (const auto& index : indexes) {
    const fs::path path = project.rules / index.game / "conventions.json";
    if (!fs::exists(path)) continue;
    try {
      GameConventions game(project, index, code, out);
      game.read_dismissed(project);
      game.check(read_json_file(path), listed);
    } catch (const InputError& e) {
      out.problems.push_back({project.relative(path), e.pointer(), "", without_file_name(e.what(), path)});
    }
  }
  out.listed = listed;
  std::set<std::string> said;  // each unlisted id once per file
  for (const auto& w : code.ids()) {
    if (w.id.find(".convention.") == std::string::npos) continue;
    if (listed.count(w.id) || !said.insert(w.file + " " + w.id).second) continue;
    const std::string game = w.id.substr(0, w.id.find('.'));
    out.problems.push_back({w.file, "", w.id,
                            fmt::format("line {} writes {}, which rules/{}/conventions.json does not list: list it "
                                        "(question, choice, alternatives, clauses, where) or cite a clause instead",
                                        w.line, w.id, game)});
  }
  return out;
}

}  // namespace rulecheck::rulebook

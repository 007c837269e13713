#include "harness/scenario.hpp"

#include <algorithm>
#include <cerrno>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/game.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "common/text.hpp"
#include "games/registry.hpp"

namespace rulecheck {

std::string ScenarioError::describe() const {
  std::string where = valid_utf8(file.string());
  if (!pointer.empty()) where += " at " + pointer;
  return printable(fmt::format("{}: {}", where, message), true);  // a NUL or an escape shown, not obeyed
}

namespace {

void check_expect(const JsonReader& e, const GameRules& rules, bool is_query, bool nested) {
  e.expect_object();
  if (!nested && e.has("one_of")) {
    e.only({"one_of"});
    const auto alternatives = e.field("one_of").elements();
    if (alternatives.empty()) e.field("one_of").fail("one_of needs at least one alternative");
    for (const auto& alt : alternatives) check_expect(alt, rules, is_query, true);
    return;
  }
  if (is_query) {
    e.only({"result"});
    if (!e.node().contains("result")) e.fail("a query step expects a \"result\" (null is allowed)");
    return;
  }
  e.only({"legal", "rule", "state"});
  const bool legal = e.field("legal").boolean();
  if (legal) {
    if (e.has("rule")) e.field("rule").fail("a legal outcome has no \"rule\"");
    if (auto s = e.optional("state")) s->expect_object();
  } else {
    const std::string rule = e.field("rule").string();
    if (!rules.has_clause(rule))
      e.field("rule").fail(fmt::format("\"{}\" is not a clause id in rules/{}/clauses.json", rule, rules.game));
    if (e.has("state")) e.field("state").fail("an illegal action changes nothing, so it has no \"state\"");
  }
}

// A file name that leads to no file says why: a link to nowhere, a loop of links, an unlistable folder.
void check_readable(const std::filesystem::path& file) {
  namespace fs = std::filesystem;
  std::error_code error, link_error;
  const fs::file_status status = fs::status(file, error);
  if (fs::is_directory(status))
    throw InputError("", "a folder whose entries could not all be listed (permissions?); its readable scenarios "
                         "still ran");
  if (!fs::is_symlink(fs::symlink_status(file, link_error)) || fs::exists(status)) return;
  if (error.value() == ELOOP) throw InputError("", "a symbolic link that leads round in a loop");
  std::error_code unread;
  const fs::path target = fs::read_symlink(file, unread);
  throw InputError("", valid_utf8(fmt::format("a symbolic link to {}, which does not exist",
                                              unread ? "a file" : target.string())));
}

}  // namespace

std::string scenario_id_for(const std::filesystem::path& file) {
  std::vector<std::string> parts;
  std::error_code error;  // a symlink loop or a dangling link: no id from the path (loading says why)
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(file, error);
  if (error) return "";
  for (const auto& part : canonical) parts.push_back(part.string());
  const auto root = std::find(parts.rbegin(), parts.rend(), "scenarios");
  if (root == parts.rend()) return "";
  std::string id;
  for (auto it = root.base(); it != parts.end(); ++it) id += (id.empty() ? "" : "/") + *it;
  if (id.size() > 5 && id.ends_with(".json")) id.resize(id.size() - 5);
  return id;
}

Scenario load_scenario(const std::filesystem::path& file, const RulesLibrary& library) {
  try {
    check_readable(file);
    return scenario_from_json(read_json_file(file), file, library);
  } catch (const InputError& e) {
    throw ScenarioError{file, "", e.pointer(), e.what()};
  } catch (const std::exception& e) {  // the file system, or a value nothing above expected
    throw ScenarioError{file, "", "", valid_utf8(e.what())};
  }
}

Scenario scenario_from_json(const json& doc, const std::filesystem::path& file, const RulesLibrary& library) {
  Scenario s;
  s.file = file;
  try {
    const JsonReader r(doc, "");
    r.expect_object().only(
        {"id", "game", "title", "note", "unreachable", "cites", "interpretations", "ruleset", "state", "steps"});
    s.id = r.field("id").string();
    if (const std::string expected = scenario_id_for(file); !expected.empty() && s.id != expected)
      r.field("id").fail(fmt::format("the id of a file under scenarios/ is its path there: \"{}\"", expected));
    s.game = r.field("game").string();
    const GameRules* rules = library.find(s.game);
    if (!rules) {
      std::vector<std::string> known;
      for (const Game* g : all_games()) known.push_back(g->name());
      r.field("game").fail(fmt::format("unknown game \"{}\"; the games are: {}", s.game, fmt::join(known, ", ")));
    }
    s.title = r.field("title").string();
    if (s.title.empty()) r.field("title").fail("a scenario needs a one-line title");
    if (auto n = r.optional("note")) s.note = n->string();
    if (auto u = r.optional("unreachable")) {
      s.unreachable = u->string();
      if (s.unreachable.empty())
        u->fail("say which invariants of the states play can reach the board breaks (rules/<game>/invariants.json)");
    }
    for (const auto& c : r.field("cites").elements()) {
      std::string id = c.string();
      if (!rules->has_clause(id)) c.fail(fmt::format("\"{}\" is not a clause id in rules/{}/clauses.json", id, s.game));
      s.cites.push_back(id);
    }
    if (auto i = r.optional("interpretations")) {
      s.interpretations = i->expect_object().node();
      try {
        rules->readings(s.interpretations);
      } catch (const InputError& e) {
        throw InputError("/interpretations" + e.pointer(), e.what());
      }
    }
    if (auto o = r.optional("ruleset")) {
      s.ruleset = o->expect_object().node();
      try {
        rules->merged_ruleset(s.ruleset);
      } catch (const InputError& e) {
        throw InputError("/ruleset" + e.pointer(), e.what());
      }
    }
    s.state = r.field("state").expect_object().node();
    s.state_text = s.state.dump();
    const auto steps = r.field("steps").elements();
    if (steps.empty()) r.field("steps").fail("a scenario needs at least one step");
    if (steps.size() > kMaxSteps)
      r.field("steps").fail(fmt::format("{} steps: a scenario has at most {}", steps.size(), kMaxSteps));
    for (const auto& st : steps) {
      st.expect_object().only({"action", "query", "expect", "note"});
      const bool has_action = st.has("action"), has_query = st.has("query");
      if (has_action == has_query) st.fail("a step has exactly one of \"action\" or \"query\"");
      Step step;
      step.is_query = has_query;
      step.request = st.field(has_query ? "query" : "action").expect_object().node();
      step.request_text = step.request.dump();
      step.expect = st.field("expect").node();
      if (auto n = st.optional("note")) step.note = n->string();
      check_expect(st.field("expect"), *rules, has_query, false);
      s.steps.push_back(std::move(step));
    }
  } catch (const InputError& e) {
    throw ScenarioError{file, s.id, e.pointer(), e.what()};
  } catch (const std::exception& e) {  // the file system, or a value nothing above expected
    throw ScenarioError{file, s.id, "", valid_utf8(e.what())};
  }
  return s;
}

void check_scenario_state(const Scenario& s, const RulesLibrary& library) {
  const GameRules* rules = library.find(s.game);
  const Game* game = find_game(s.game);
  try {
    auto bound = game->bind(rules->merged_ruleset(s.ruleset), s.readings(*rules));
    bound->canonical_state(s.state);
  } catch (const InputError& e) {
    throw ScenarioError{s.file, s.id, e.pointer(), e.what()};
  }
}

namespace {

// What a folder entry that is not a regular file is, for the message refusing it.
std::string kind_of(std::filesystem::file_type type) {
  switch (type) {
    case std::filesystem::file_type::fifo: return "a named pipe";
    case std::filesystem::file_type::socket: return "a socket";
    case std::filesystem::file_type::character: return "a character device";
    case std::filesystem::file_type::block: return "a block device";
    default: return "a file of another kind";
  }
}

// Every .json file under `folder` (not following links to folders; a "schema" folder is not
// scenarios). A .json entry that cannot be followed (a dangling link, a link loop) is listed too, so
// that it becomes an errored case naming why instead of vanishing; a folder that cannot be read is
// listed as itself for the same reason. An entry leading to a named pipe, a socket or a device is
// refused by its kind, never opened.
void add_folder_files(const std::filesystem::path& folder, std::vector<FoundFile>& files) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::recursive_directory_iterator it(folder, error), end;
  for (; !error && it != end; it.increment(error)) {
    std::error_code entry_error;
    if (it->is_directory(entry_error)) {
      if (it->path().filename() == "schema") it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() != ".json") continue;
    const fs::file_status target = fs::status(it->path(), entry_error);  // through links
    if (entry_error || !fs::exists(target) || fs::is_regular_file(target)) {
      files.push_back({it->path().string(), ""});
    } else {
      files.push_back({it->path().string(),
                       fmt::format("{}{}, not a regular file: a scenario found in a folder is read only from a "
                                   "regular file (this one was not opened; name it on the command line to read it)",
                                   it->is_symlink(entry_error) ? "a symbolic link to " : "", kind_of(target.type()))});
    }
  }
  if (error) files.push_back({folder.string(), ""});  // loading a folder says it could not be listed in full
}

}  // namespace

std::vector<FoundFile> list_scenario_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<FoundFile> files;  // strings: a path object keeps each of its components besides
  for (const auto& p : paths) {
    const fs::path path(p);
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (fs::is_directory(status)) {
      add_folder_files(path, files);
      continue;
    }
    // A file of any kind named here (a named pipe is read as `cat` would), or a link that leads
    // nowhere or in a loop: loading it names what is wrong.
    if (fs::exists(status) || fs::is_symlink(fs::symlink_status(path, error))) {
      files.push_back({p, ""});
      continue;
    }
    throw ScenarioError{path, "", "", "no such file or folder"};
  }
  // In path order: component by component, so "a/b" comes before "a-b" as std::filesystem sorts them.
  const auto component_order = [](char x, char y) {
    const auto key = [](char c) { return c == '/' ? '\0' : c; };
    return static_cast<unsigned char>(key(x)) < static_cast<unsigned char>(key(y));
  };
  std::stable_sort(files.begin(), files.end(), [&](const FoundFile& a, const FoundFile& b) {
    return std::lexicographical_compare(a.path.begin(), a.path.end(), b.path.begin(), b.path.end(), component_order);
  });
  // A file named and also found in a folder is one file, read (as named) when either says so.
  std::vector<FoundFile> unique;
  for (auto& f : files) {
    if (!unique.empty() && unique.back().path == f.path) {
      if (f.refused.empty()) unique.back().refused.clear();
      continue;
    }
    unique.push_back(std::move(f));
  }
  return unique;
}

std::vector<std::string> find_scenario_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (auto& f : list_scenario_files(paths))
    if (f.refused.empty()) files.push_back(std::move(f.path));
  return files;
}

}  // namespace rulecheck

#include "harness/scenario.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/game.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "games/registry.hpp"

namespace rulecheck {

std::string ScenarioError::describe() const {
  std::string where = file.string();
  if (!pointer.empty()) where += " at " + pointer;
  return fmt::format("{}: {}", where, message);
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

}  // namespace

std::string scenario_id_for(const std::filesystem::path& file) {
  std::vector<std::string> parts;
  for (const auto& part : std::filesystem::weakly_canonical(file)) parts.push_back(part.string());
  const auto root = std::find(parts.rbegin(), parts.rend(), "scenarios");
  if (root == parts.rend()) return "";
  std::string id;
  for (auto it = root.base(); it != parts.end(); ++it) id += (id.empty() ? "" : "/") + *it;
  if (id.size() > 5 && id.ends_with(".json")) id.resize(id.size() - 5);
  return id;
}

Scenario load_scenario(const std::filesystem::path& file, const RulesLibrary& library) {
  Scenario s;
  s.file = file;
  try {
    const json doc = read_json_file(file);
    const JsonReader r(doc, "");
    r.expect_object().only({"id", "game", "title", "note", "cites", "interpretations", "ruleset", "state", "steps"});
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
    if (auto n = r.optional("note")) n->string();
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
    for (const auto& st : steps) {
      st.expect_object().only({"action", "query", "expect", "note"});
      const bool has_action = st.has("action"), has_query = st.has("query");
      if (has_action == has_query) st.fail("a step has exactly one of \"action\" or \"query\"");
      Step step;
      step.is_query = has_query;
      step.request = st.field(has_query ? "query" : "action").expect_object().node();
      step.request_text = step.request.dump();
      step.expect = st.field("expect").node();
      check_expect(st.field("expect"), *rules, has_query, false);
      s.steps.push_back(std::move(step));
    }
  } catch (const InputError& e) {
    throw ScenarioError{file, s.id, e.pointer(), e.what()};
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

std::vector<std::filesystem::path> find_scenario_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    const fs::path path(p);
    if (fs::is_regular_file(path)) {
      files.push_back(path);
      continue;
    }
    if (!fs::is_directory(path)) throw ScenarioError{path, "", "", "no such file or folder"};
    for (auto it = fs::recursive_directory_iterator(path); it != fs::recursive_directory_iterator(); ++it) {
      if (it->is_directory() && it->path().filename() == "schema") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && it->path().extension() == ".json") files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace rulecheck

#include "rulebook/citations.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/pointer.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;

std::string known_games(const std::vector<ClauseIndex>& indexes) {
  std::string out;
  for (const auto& index : indexes) out += (out.empty() ? "" : ", ") + index.game;
  return out.empty() ? "none" : out;
}

const ClauseIndex* index_of(const std::vector<ClauseIndex>& indexes, const std::string& game) {
  for (const auto& index : indexes)
    if (index.game == game) return &index;
  return nullptr;
}

// Reads a JSON file, or reports why it cannot be read.
std::optional<json> read_reported(const Project& project, const std::filesystem::path& file, Problems& problems) {
  try {
    return read_json_file(file);
  } catch (const InputError& e) {
    problems.push_back({project.relative(file), e.pointer(), "", without_file_name(e.what(), file)});
    return std::nullopt;
  }
}

// Records the citations of one file, checking each id against its game's index.
class CitationRecorder {
 public:
  CitationRecorder(Citations& out, const ClauseIndex& index, std::string file)
      : out_(out), index_(index), file_(std::move(file)) {}

  void record(const json& id, Citation::Kind kind, const std::string& at, const std::string& point,
              const char* as_what) {
    if (!id.is_string()) {
      out_.problems.push_back(
          {file_, at, "", fmt::format("{} must be a clause id (a string), not {}", as_what, id.dump())});
      return;
    }
    const std::string clause = id.get<std::string>();
    if (!index_.find(clause)) {
      out_.problems.push_back(
          {file_, at, clause, fmt::format("{} names a clause that is not in {}", as_what, index_.shown)});
      return;
    }
    out_.by_clause[clause].push_back({kind, file_, at, point});
  }

 private:
  Citations& out_;
  const ClauseIndex& index_;
  std::string file_;
};

// Every "rule" inside an expectation, one_of alternatives included (nested too).
void record_expected_rules(CitationRecorder& recorder, const json& expect, const std::string& at) {
  if (!expect.is_object()) return;
  if (const auto rule = expect.find("rule"); rule != expect.end())
    recorder.record(*rule, Citation::Kind::scenario_expect, at + "/rule", "", "an expected \"rule\"");
  if (const auto one_of = expect.find("one_of"); one_of != expect.end() && one_of->is_array())
    for (std::size_t i = 0; i < one_of->size(); ++i)
      record_expected_rules(recorder, (*one_of)[i], pointer(at + "/one_of", std::to_string(i)));
}

void collect_from_scenario(const Project& project, const std::filesystem::path& path,
                           const std::vector<ClauseIndex>& indexes, Citations& out) {
  const std::string file = project.relative(path);
  const std::optional<json> scenario = read_reported(project, path, out.problems);
  if (!scenario) return;
  if (!scenario->is_object()) {
    out.problems.push_back({file, "", "", "a scenario must be a JSON object"});
    return;
  }
  const json game = scenario->value("game", json());
  const ClauseIndex* index = game.is_string() ? index_of(indexes, game.get<std::string>()) : nullptr;
  if (!index) {
    out.problems.push_back(
        {file, "/game", "", fmt::format("game {} has no clause index (known: {})", game.dump(), known_games(indexes))});
    return;
  }
  CitationRecorder recorder(out, *index, file);
  if (const auto cites = scenario->find("cites"); cites != scenario->end()) {
    if (!cites->is_array())
      out.problems.push_back({file, "/cites", "", "\"cites\" must be a list of clause ids"});
    else
      for (std::size_t i = 0; i < cites->size(); ++i)
        recorder.record((*cites)[i], Citation::Kind::scenario_cites, pointer("/cites", std::to_string(i)), "",
                        "\"cites\"");
  }
  if (const auto steps = scenario->find("steps"); steps != scenario->end() && steps->is_array())
    for (std::size_t i = 0; i < steps->size(); ++i)
      if ((*steps)[i].is_object() && (*steps)[i].contains("expect"))
        record_expected_rules(recorder, (*steps)[i]["expect"], pointer("/steps", std::to_string(i), "expect"));
}

// Every list under a key "clauses", anywhere in an interpretations document, with the id of the
// object holding it (the interpretation point).
void collect_point_lists(CitationRecorder& recorder, const json& node, const std::string& at) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      const std::string here = pointer(at, key);
      if (key == "clauses" && value.is_array()) {
        const std::string point = node.value("id", json()).is_string() ? node["id"].get<std::string>() : "";
        for (std::size_t i = 0; i < value.size(); ++i)
          recorder.record(value[i], Citation::Kind::interpretation, pointer(here, std::to_string(i)), point,
                          "the \"clauses\" of an interpretation point");
      } else {
        collect_point_lists(recorder, value, here);
      }
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      collect_point_lists(recorder, node[i], pointer(at, std::to_string(i)));
  }
}

// A point's default reading is one of its readings (else every scenario that does not choose
// another reading would be blamed for the rules folder's fault).
void check_default_reading(const json& point, const std::string& at, const std::string& file, Problems& problems) {
  if (!point.is_object() || !point.contains("readings") || !point["readings"].is_object()) return;
  const std::string subject = point.contains("id") && point["id"].is_string() ? point["id"].get<std::string>() : "";
  std::vector<std::string> readings;
  for (const auto& [name, text] : point["readings"].items()) readings.push_back(name);
  if (readings.empty()) {
    problems.push_back({file, at + "/readings", subject, "an interpretation point needs at least one reading"});
    return;
  }
  const json none;
  const json& chosen = point.contains("default") ? point["default"] : none;
  if (!chosen.is_string() || !point["readings"].contains(chosen.get<std::string>()))
    problems.push_back({file, at + "/default", subject,
                        fmt::format("the default reading {} is not one of the point's readings ({})",
                                    chosen.is_null() ? "(none)" : chosen.dump(), fmt::join(readings, ", "))});
}

void collect_from_interpretations(const Project& project, const ClauseIndex& index, Citations& out) {
  const std::filesystem::path path = project.rules / index.game / "interpretations.json";
  if (!std::filesystem::exists(path)) return;
  out.interpretation_files++;
  const std::optional<json> document = read_reported(project, path, out.problems);
  if (!document) return;
  const std::string file = project.relative(path);
  CitationRecorder recorder(out, index, file);
  collect_point_lists(recorder, *document, "");
  if (document->is_object() && document->contains("points") && (*document)["points"].is_array()) {
    const json& points = (*document)["points"];
    for (std::size_t i = 0; i < points.size(); ++i) {
      const json& point = points[i];
      if (point.is_object() && point.contains("id") && point["id"].is_string()) out.points.insert(point["id"]);
      check_default_reading(point, fmt::format("/points/{}", i), file, out.problems);
    }
  }
}

}  // namespace

std::vector<std::string> Citations::scenarios_citing(const std::string& id) const {
  std::set<std::string> files;
  if (const auto it = by_clause.find(id); it != by_clause.end())
    for (const auto& c : it->second)
      if (c.kind != Citation::Kind::interpretation) files.insert(c.file);
  return {files.begin(), files.end()};
}

std::vector<std::string> Citations::points_citing(const std::string& id) const {
  std::set<std::string> listing;
  if (const auto it = by_clause.find(id); it != by_clause.end())
    for (const auto& c : it->second)
      if (c.kind == Citation::Kind::interpretation) listing.insert(fmt::format("{} ({})", c.point, c.file));
  return {listing.begin(), listing.end()};
}

std::vector<std::filesystem::path> scenario_files(const Project& project) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  if (!std::filesystem::is_directory(project.scenarios(), error)) return files;
  std::filesystem::recursive_directory_iterator it(project.scenarios(), error), end;
  for (; it != end; it.increment(error)) {
    if (error) break;
    if (it->is_directory() && it->path().filename() == "schema") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".json") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

Citations collect_citations(const Project& project, const std::vector<ClauseIndex>& indexes) {
  Citations out;
  for (const auto& path : scenario_files(project)) {
    collect_from_scenario(project, path, indexes, out);
    out.scenario_files++;
  }
  for (const auto& index : indexes) collect_from_interpretations(project, index, out);
  return out;
}

}  // namespace rulecheck::rulebook

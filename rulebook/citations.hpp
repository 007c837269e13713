// Who cites each clause: scenario files ("cites", and every "rule" in steps[*].expect, one_of
// alternatives included) and interpretation points (rules/<game>/interpretations.json, every list
// under a key "clauses"). Ids that are not in their game's index are problems.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "rulebook/index.hpp"
#include "rulebook/problems.hpp"
#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

struct Citation {
  enum class Kind { scenario_cites, scenario_expect, interpretation };
  Kind kind = Kind::scenario_cites;
  std::string file;     // relative to the project
  std::string pointer;  // where the id is written, e.g. "/cites/2" or "/steps/0/expect/rule"
  std::string point;    // for an interpretation: the point's id
};

struct Citations {
  std::map<std::string, std::vector<Citation>> by_clause;  // clause id -> its citations
  Problems problems;                                       // unreadable files, ids not in the index, unknown games
  std::set<std::string> points;                            // the ids of the interpretation points ("points"[*]."id")
  std::size_t scenario_files = 0;
  std::size_t interpretation_files = 0;

  // The scenario files citing `id` (in "cites" or an expectation), sorted, each once.
  std::vector<std::string> scenarios_citing(const std::string& id) const;
  // The interpretation points listing `id`, as "messina.card-hostility (rules/messina/interpretations.json)".
  std::vector<std::string> points_citing(const std::string& id) const;
};

// The scenario files of a project: scenarios/**/*.json, skipping folders named "schema" (as
// `rulecheck run` does), sorted.
std::vector<std::filesystem::path> scenario_files(const Project& project);

// Reads every scenario file and every rules/<game>/interpretations.json.
Citations collect_citations(const Project& project, const std::vector<ClauseIndex>& indexes);

}  // namespace rulecheck::rulebook

// The conventions (rules/<game>/conventions.json): the decisions the rule texts leave open that
// rulecheck had to make anyway, each with the files that make it (`where`). `rules check` checks
// them with no rule text needed: every convention is well formed, names clauses of its game's
// index, and is written (its id) in each file its `where` lists; every <game>.convention.<name>
// written in oracle/ or solver/ is listed.
#pragma once

#include <cstddef>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "rulebook/code_scan.hpp"
#include "rulebook/index.hpp"
#include "rulebook/problems.hpp"
#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

struct ConventionCheck {
  // Per game with a conventions.json: the file as reports name it and how many it lists.
  struct Listing {
    std::string file;
    std::size_t conventions = 0;
  };
  std::vector<Listing> listings;
  std::set<std::string> listed;  // every convention id the files list
  // Where the code was read: "the source tree in DIR" (the project's own oracle/ and solver/), or
  // "the code rulecheck was built from" (the built-in table, when the project holds no code).
  std::string code_read;
  Problems problems;
};

// The convention ids rules/<game>/conventions.json lists (none when it is absent or unreadable:
// check_conventions reports what is wrong with it).
std::set<std::string> listed_conventions(const Project& project, const std::string& game);

// `code` is the project's oracle/ and solver/, or the table built in when the project folder holds
// none (a rules folder copied on its own): a `where` file not in the project is looked up there.
ConventionCheck check_conventions(const Project& project, const std::vector<ClauseIndex>& indexes,
                                  const CodeScan& code);

}  // namespace rulecheck::rulebook

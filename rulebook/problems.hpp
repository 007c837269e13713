// What the rulebook checks find wrong: each problem names the file, where in it (a JSON pointer,
// and the clause id when there is one), and what is wrong and what is allowed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace rulecheck::rulebook {

struct Problem {
  std::string file;     // relative to the project, e.g. "rules/messina/clauses.json"
  std::string pointer;  // JSON pointer inside the file ("" for the file as a whole)
  std::string subject;  // the clause id (or other name) the problem is about, if any
  std::string message;  // what is wrong, and what is allowed
};

using Problems = std::vector<Problem>;

// "rules/messina/clauses.json: /clauses/3/scope (messina.muster.when): ..."
std::string describe(const Problem& problem);

// An error message without the "FILE: " it starts with when it names `file` (the problem names it).
std::string without_file_name(const std::string& message, const std::filesystem::path& file);

}  // namespace rulecheck::rulebook

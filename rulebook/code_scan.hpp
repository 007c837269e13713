// The one reading of the code that the rulebook checks share: every clause-shaped id of a game
// (<game>.word(.word)*) written in oracle/ and solver/ (*.cpp, *.hpp), with file, line and the role
// it plays there. The project's own source tree is read when it has one; a rules folder copied on
// its own is checked against the table built into rulecheck instead (rulebook/code_sites.hpp),
// which knows where ids are written but not their roles.
//
// Roles, read from the code's text with comments set aside:
//   decision  in oracle/: an id written as a string ("messina.muster.when"), or held by a constant
//             of the file (kWhen = "messina.muster.when") that a require()/explain() call names. The
//             oracle writes ids as strings only to decide (require, explain, the situations and
//             stops it passes on to them, the facts of a reachable board).
//   tag       in solver/: the id naming a constraint, {ID, formula} with ID a string or such a
//             constant and the formula neither a string, a list nor a number (a theorem's name is
//             followed by its claim in words, a list of clauses by another id, a point by a reading).
//   mention   anything else: a comment, a list of clauses, a theorem's or a point's name.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rulebook/code_sites.hpp"
#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

enum class IdRole { mention, decision, tag };

struct WrittenId {
  std::string id;
  std::string file;  // relative to the project (or to the tree rulecheck was built from)
  int line = 0;
  IdRole role = IdRole::mention;
};

class CodeScan {
 public:
  // `games`: the ids' first words (the project's rules/<game>/ folders).
  CodeScan(const Project& project, const std::vector<std::string>& games, std::span<const CodeSite> built_in);

  // Whether the project's own oracle/ or solver/ was read (else the built-in table, without roles).
  bool has_tree() const { return has_tree_; }
  // "the source tree in DIR", or "the code rulecheck was built from, as the project holds no ...".
  std::string described() const;
  // Every id written, in file and line order.
  const std::vector<WrittenId>& ids() const { return ids_; }
  // Whether `file` (relative to the project) names `id`; nothing when the file is nowhere to be read.
  std::optional<bool> file_names(const std::string& file, const std::string& id) const;

 private:
  void read_file(const std::filesystem::path& file, const std::vector<std::string>& games);

  const Project& project_;
  std::span<const CodeSite> built_in_;
  bool has_tree_ = false;
  std::vector<WrittenId> ids_;
};

// Whether `text` writes `id` as a whole id (not as the start of a longer one).
bool names_id(std::string_view text, std::string_view id);

}  // namespace rulecheck::rulebook

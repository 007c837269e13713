// One game's clause index, rules/<game>/clauses.json: every clause of the rule texts (id, section,
// paragraph, fingerprint, paraphrase, scope) and every paragraph that is not a clause. Reading it
// checks everything that needs no rule text; rulebook/drift.hpp compares it with the texts.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rulebook/problems.hpp"
#include "rulebook/project.hpp"
#include "rulebook/spans.hpp"

namespace rulecheck::rulebook {

enum class Scope { implemented, out_of_scope, note };
std::string_view scope_name(Scope scope);  // "implemented", "out-of-scope", "note"

// The paragraph a clause or not_clause names. Fields that are missing or malformed stay empty
// (0 for the paragraph); the problem is reported when the index is read.
struct ParagraphRef {
  std::string section;
  std::string text_file;    // the section's rule text, from "sources"
  int paragraph = 0;        // from 1
  std::string fingerprint;  // 16 lowercase hex digits
  bool usable() const { return !text_file.empty() && paragraph >= 1 && !fingerprint.empty(); }
};

struct Clause {
  std::string id;       // empty when the entry has no usable id
  std::string pointer;  // where it is in clauses.json, e.g. "/clauses/3"
  ParagraphRef at;
  std::string paraphrase;
  std::optional<Scope> scope;
  // The words of its paragraph that state it, by position (rulebook/spans.hpp); well-formed ones only.
  std::vector<WordSpan> spans;
  std::string label() const;  // the id, or "clauses[3]"
};

struct NotClause {
  std::string pointer;  // e.g. "/not_clauses/3"
  ParagraphRef at;
  std::string why;
  std::string label() const;  // "not_clauses[3] (cards paragraph 18)"
};

struct ClauseIndex {
  std::string game;
  std::filesystem::path file;
  std::string shown;                           // the file as reports name it: relative to the project
  bool readable = false;                       // the file could be read and is a JSON object
  std::map<std::string, std::string> sources;  // section -> rule text file name
  std::vector<Clause> clauses;
  std::vector<NotClause> not_clauses;

  const Clause* find(std::string_view id) const;
};

// Reads rules/<game>/clauses.json and checks it: fields present and known, "game" matching the
// folder, ids unique and well formed and starting with the game's name, scopes, paraphrases,
// sections listed in "sources", paragraph numbers, fingerprint format, no paragraph listed twice
// as a not_clause or as both a clause's and a not_clause's. What is wrong goes to `problems`;
// the index keeps what could be read.
ClauseIndex read_index(const Project& project, const std::string& game, Problems& problems);

// The games of a project: each folder rules/<game>/ holding a clauses.json, in name order.
std::vector<std::string> games_of(const Project& project);

// read_index() for every game.
std::vector<ClauseIndex> read_indexes(const Project& project, Problems& problems);

// Is this a clause id as the index writes them: ^[a-z0-9]+(\.[a-z0-9-]+)+$ ?
bool is_clause_id(std::string_view id);

}  // namespace rulecheck::rulebook

// Every decision names its source (issue 33, item 1), checked by `rules check`:
//   - each decision of the oracle (an id the oracle writes to decide: require, explain, what it
//     passes on to them, a reachable board's facts) and each constraint tag of the Z3 relations
//     (rulebook/code_scan.hpp says how they are read) names a clause with a span, a convention
//     listed in rules/<game>/conventions.json, or a reachable-board fact listed in
//     rules/<game>/invariants.json or move_start.json (itself resting on the clauses it lists);
//   - every clause the code cites (written anywhere in oracle/ or solver/) has a span: the words
//     of its paragraph that state it, by position (rulebook/spans.hpp);
//   - with the rule texts at hand, every span of clauses.json and every `settled_by` span of
//     dismissed.json stands in its paragraph with its hash. Without them that part is skipped,
//     and says why.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rulebook/code_scan.hpp"
#include "rulebook/index.hpp"
#include "rulebook/problems.hpp"
#include "rulebook/project.hpp"

namespace rulecheck::rulebook {

struct SourceCheck {
  struct Game {
    std::string game;
    std::size_t clauses = 0;
    std::size_t with_spans = 0;
    std::size_t cited = 0;  // clauses the code cites
  };
  std::vector<Game> games;
  std::size_t decisions = 0;  // oracle sites read as decisions
  std::size_t tags = 0;       // solver constraint tags read
  std::size_t citing_clause = 0, citing_convention = 0, citing_fact = 0;
  std::string decisions_skipped;  // not "": the roles could not be read, and why
  std::size_t spans_checked = 0;  // against the texts (clauses.json and dismissed.json)
  std::string spans_skipped;      // not "": no texts, and why
  Problems problems;              // need no text
  Problems text_problems;         // spans against the texts
};

// The ids of rules/<game>/invariants.json and move_start.json: the facts of a reachable board (a file
// that cannot be read is a problem; one that is not a list is its own reader's to report).
std::set<std::string> reachable_facts(const Project& project, const std::string& game, Problems& problems);

// `texts`: the rule-text folder, or nothing (then `why_no_texts` is said as the skip's reason).
// `conventions`: the convention ids listed (ConventionCheck::listed).
SourceCheck check_sources(const Project& project, const std::vector<ClauseIndex>& indexes, const CodeScan& code,
                          const std::set<std::string>& conventions, const std::optional<std::filesystem::path>& texts,
                          const std::string& why_no_texts);

}  // namespace rulecheck::rulebook

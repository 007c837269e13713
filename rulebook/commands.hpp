// `rulecheck rules ...`: the rulebook editor's commands, each a function of its options and
// streams that returns the exit code. The CLI (cli/rules_commands.cpp) only parses arguments.
//
// Exit codes: 0 nothing found, 1 something found (a problem, a changed paragraph, a gap), 2 bad
// usage or input, 3 cannot run (no rules folder), 77 (check --require-text) no rule texts.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rulebook/code_sites.hpp"
#include "rulebook/text_folder.hpp"

namespace rulecheck::rulebook {

enum Exit : int { kOk = 0, kFound = 1, kBadInput = 2, kCannotRun = 3, kNoTexts = 77 };

struct CheckOptions {
  std::filesystem::path rules_dir;  // the project's rules/ (scenarios/ is next to it)
  TextFolderChoice texts;
  bool require_text = false;    // no rule texts: exit kNoTexts instead of skipping
  std::string format = "text";  // text | json
  std::span<const CodeSite> code_sites = built_in_code_sites();
};

// The clause indexes (ids, fields, scopes, sections, every paragraph named once), the citations
// (every id cited by a scenario or an interpretation exists), and the fingerprints against the
// rule texts: each clause whose paragraph CHANGED, MOVED or VANISHED, with what cites it.
int check_rules(const CheckOptions& options, std::ostream& out, std::ostream& err);

struct SpanOptions {
  std::filesystem::path rules_dir;
  TextFolderChoice texts;
  std::string target;  // a clause id, or FILE:PARAGRAPH
  std::string words;   // typed on the command line, never stored
};

// Prints the span (rulebook/spans.hpp) of `words` in the paragraph of `target`, as clauses.json
// (or dismissed.json's settled_by) stores it. Exit 0 found, 2 not found or no such clause, 3 no texts.
int span_rules(const SpanOptions& options, std::ostream& out, std::ostream& err);

struct FingerprintOptions {
  std::filesystem::path rules_dir;
  TextFolderChoice texts;
  bool update = false;               // rewrite the changed values in clauses.json
  std::filesystem::path paragraphs;  // non-empty: list this text's paragraphs instead
};

// Per clause and not_clause whose fingerprint or paragraph number differs from the texts, the old
// and the new values; with `update`, writes them into clauses.json (only those values change).
// With `paragraphs`, lists every paragraph of that file (a path, or a file name in the text
// folder) with its number and fingerprint.
int fingerprint_rules(const FingerprintOptions& options, std::ostream& out, std::ostream& err);

// One key of a game's ruleset and the scenarios overriding it, as measured by running them on the
// oracle (harness/ruleset_keys.hpp; the CLI measures, this module only reports).
struct RulesetKeyCoverage {
  struct Override {
    std::string scenario;  // its id
    std::string value;     // the value it gives the key, as JSON text
    bool depends = false;  // reset to the default, the scenario no longer passes
    std::string how;       // the oracle's verdict with the default (or why it was not judged)
  };
  std::string game;
  std::string key;            // dotted path (units.bomber.cost)
  std::string default_value;  // JSON text
  std::vector<Override> overrides;
  std::string read_by_no_rule;     // not empty: no rule reads it (ruleset.doc.json), and why
  std::size_t unread_checked = 0;  // such a key: the scenarios run with it one higher
  std::vector<std::string> read_anyway;  // ... whose verdict changed ("id: message")
  std::string gap;                       // "" when covered
};

struct CoverageOptions {
  std::filesystem::path rules_dir;
  std::string format = "text";  // text | markdown | json
  std::span<const CodeSite> code_sites = built_in_code_sites();
  // When given, a section "ruleset keys" (each key's gap counts as a gap).
  std::optional<std::vector<RulesetKeyCoverage>> ruleset_keys;
};

// For every clause: the scenarios, property sources and oracle code sites citing it; then the
// gaps: an implemented clause with no citing scenario or no oracle code site, an out-of-scope or
// note clause with no citing scenario. With `ruleset_keys`, each key with the scenarios overriding
// it and whether one depends on it; a key that none depends on (and that some rule reads) is a gap.
int coverage_rules(const CoverageOptions& options, std::ostream& out, std::ostream& err);

}  // namespace rulecheck::rulebook

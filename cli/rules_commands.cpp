// `rulecheck rules check | fingerprint | coverage`: the rulebook editor's tools. Options are mapped
// to rulebook/commands.hpp; each callback sets the exit code.
#include <iostream>
#include <memory>
#include <optional>

#include <sstream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "common/input_error.hpp"
#include "harness/corpus.hpp"
#include "harness/interrupt.hpp"
#include "harness/ruleset_keys.hpp"
#include "rulebook/commands.hpp"

namespace rulecheck::cli {

namespace {

constexpr const char* kTextFolderHelp =
    "The folder holding the rule texts named by each clauses.json \"sources\" (default: $RULECHECK_RULE_TEXTS, "
    "else <project>/../shared/rules when it exists)";

constexpr const char* kTextFolderFooter =
    "The rule texts are an input (they are not in the project): --text DIR, else the environment variable "
    "RULECHECK_RULE_TEXTS, else <project>/../shared/rules when that exists.\n"
    "A paragraph is a maximal run of non-blank lines, numbered from 1; its fingerprint is the first 16 hex digits "
    "of the SHA-256 of its lines, each stripped, joined with single spaces (UTF-8).";

struct CheckArgs {
  std::string text;
  bool require_text = false;
  std::string format = "text";
};

void add_check(CLI::App& rules, Context& context) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* check = rules.add_subcommand(
      "check",
      "Check the clause indexes, the clause ids cited, and the fingerprints against the rule texts; list each clause "
      "whose paragraph changed with what cites it");
  check->add_option("--text", args->text, kTextFolderHelp)->type_name("DIR");
  check->add_flag("--require-text", args->require_text,
                  "Without rule texts, exit 77 (a skip for ctest's SKIP_RETURN_CODE) instead of skipping the "
                  "fingerprints and checking the rest");
  check->add_option("--format", args->format, "text (readable) or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  check->footer(
      "Checks rules/<game>/clauses.json: ids unique, well formed and starting with the game's name; fields, scopes "
      "and sections; every paragraph of the rule texts named by a clause or a not_clause, and none by both. Checks "
      "that every clause id cited by a scenario (\"cites\", expected \"rule\"s) or by interpretations.json exists. "
      "Compares every fingerprint with the rule texts: each clause whose paragraph CHANGED (same number, other "
      "words), MOVED (its words are now at another number) or VANISHED (found nowhere) is listed with the scenarios, "
      "properties, oracle code and interpretation points citing it: what an editor must re-check. Checks the "
      "conventions (rules/<game>/conventions.json, the decisions the texts leave open), with or without rule texts: "
      "each well formed, its clauses in the game's index, its id written in every file its \"where\" lists; and "
      "every <game>.convention.<name> written in oracle/ or solver/ listed (read in the project's own oracle/ and "
      "solver/ when it has them, else in the code rulecheck was built from). Checks that every decision names its "
      "source: each id the oracle writes to decide and each constraint tag {ID, formula} of the solver names a "
      "clause or a listed convention (or a reachable-board fact of invariants.json), and every clause the code "
      "cites has \"spans\", the words that state it by position (rules span prints one); with the rule texts, "
      "each span of clauses.json and each settled_by of dismissed.json is checked to stand in its paragraph.\n" +
      std::string(kTextFolderFooter) +
      "\nWithout rule texts the fingerprints and the spans are reported as skipped, with the reason, and the rest is "
      "checked.\nThe numbers the texts state (rules/<game>/numbers.json) are read from the texts given and "
      "checked against the sentences they restate and the ruleset: each contradiction is a problem naming both "
      "sentences (JSON fingerprints.stated_numbers.contradictions); one numbers.json records as known is listed, "
      "not counted.\nExit status: 0 nothing wrong, 1 a problem (a contradiction included) or a changed paragraph was "
      "found, 2 bad usage "
      "(e.g. --text names no folder), 3 no rules folder, 77 no rule texts with --require-text.");
  check->callback([&context, args] {
    catch_interrupts();
    rulebook::CheckOptions options;
    options.rules_dir = context.rules();
    options.texts = rulebook::text_folder_choice(args->text);
    options.require_text = args->require_text;
    options.format = args->format;
    const bool as_json = args->format == "json";
    // With --format json the report is held until the rules folder's load is known, so that a
    // problem said on stderr is in the JSON too (standard output alone is a whole report).
    std::ostringstream report, errors;
    context.exit_code = rulebook::check_rules(options, as_json ? report : std::cout, errors);
    std::cerr << errors.str();
    std::string load_problem;
    // What every other command loads: the default numbers and readings must make each game's rules
    // (a default reading the game does not have, a number out of range). Said on stderr, exit 1.
    if (context.exit_code <= 1 && std::filesystem::is_directory(context.rules())) {
      try {
        const RulesLibrary library(context.rules());
      } catch (const InputError& e) {
        load_problem = fmt::format("{}{}", e.what(), e.pointer().empty() ? "" : " (at " + e.pointer() + ")");
        fmt::print(stderr, "rulecheck rules check: problem: {}: every other command exits 3 until it is fixed\n",
                   load_problem);
        context.exit_code = 1;
      }
    }
    context.exit_code = finished_or_interrupted(context.exit_code);
    if (!as_json) return;
    json doc = json::object();
    if (!report.str().empty()) {
      try {
        doc = json::parse(report.str());
      } catch (const json::exception&) {
        std::cout << report.str();  // not a report (an early refusal): as it was written
        return;
      }
    }
    if (!load_problem.empty()) {
      doc["ok"] = false;
      doc["load_problem"] = load_problem;  // exact text; the console line above escapes it
    }
    if (doc.empty()) {  // refused before any report (no rules folder, a folder with no game): why
      std::string why = errors.str();
      while (!why.empty() && why.back() == '\n') why.pop_back();
      if (const std::string prefix = "rulecheck rules check: "; why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
      doc = {{"ok", false}, {"load_problem", why}};
    }
    doc["exit"] = context.exit_code;
    std::cout << doc.dump(2) << "\n";
  });
}

struct FingerprintArgs {
  std::string text;
  bool update = false;
  std::string paragraphs;
};

void add_fingerprint(CLI::App& rules, Context& context) {
  auto args = std::make_shared<FingerprintArgs>();
  CLI::App* fingerprint = rules.add_subcommand(
      "fingerprint",
      "Show the fingerprints and paragraph numbers in clauses.json that differ from the rule texts (--update writes "
      "the new ones); --paragraphs lists a text's paragraphs");
  fingerprint->add_option("--text", args->text, kTextFolderHelp)->type_name("DIR");
  fingerprint->add_flag("--update", args->update,
                        "Write the new fingerprints (changed paragraphs) and paragraph numbers (moved ones) into "
                        "clauses.json, atomically; vanished paragraphs and paragraphs nothing names are left for "
                        "hand editing");
  fingerprint
      ->add_option("--paragraphs", args->paragraphs,
                   "List every paragraph of this rule text (a path, or a file name in the text folder) with "
                   "its number and fingerprint, and do nothing else")
      ->type_name("FILE");
  fingerprint->footer(
      "Per clause and not_clause whose fingerprint or paragraph number differs from the rule texts: the old and the "
      "new values (for a moved paragraph, its new number). With --update, after review, they are written into "
      "clauses.json: only those values change, the file's layout stays, and the file is replaced atomically. "
      "Without --update nothing is changed.\n" +
      std::string(kTextFolderFooter) +
      "\nExit status: 0 everything matches the texts (or --update fixed all of it, or --paragraphs), "
      "1 something differs (or is left for hand editing), 2 bad usage or input (no rule texts, an "
      "unreadable clauses.json), 3 no rules folder.");
  fingerprint->callback([&context, args] {
    catch_interrupts();
    rulebook::FingerprintOptions options;
    options.rules_dir = context.rules();
    options.texts = rulebook::text_folder_choice(args->text);
    options.update = args->update;
    options.paragraphs = args->paragraphs;
    context.exit_code = finished_or_interrupted(rulebook::fingerprint_rules(options, std::cout, std::cerr));
  });
}

struct SpanArgs {
  std::string text, target, words;
};

void add_span(CLI::App& rules, Context& context) {
  auto args = std::make_shared<SpanArgs>();
  CLI::App* span = rules.add_subcommand(
      "span", "Print where WORDS stand in a clause's paragraph, as the span clauses.json stores (first word, count, "
              "hash): the words that state the clause, kept by position, never copied into the project");
  span->add_option("target", args->target, "A clause id, or FILE:PARAGRAPH (a dismissal's settled_by)")->required();
  span->add_option("words", args->words, "The words, as the rule text has them (punctuation and case included)")
      ->required();
  span->add_option("--text", args->text, kTextFolderHelp)->type_name("DIR");
  span->footer("Prints {\"first\": N, \"count\": N, \"hash\": \"16 hex digits\"}: the words' place among the words of "
               "the paragraph (its lines stripped, split at white space, from 0), how many, and the first 16 hex digits "
               "of the SHA-256 of them joined by single spaces. `rules check` checks each span against the texts.\n"
               "Exit status: 0 found, 2 the words are not in the paragraph (or no such clause), 3 no rule texts.");
  span->callback([&context, args] {
    rulebook::SpanOptions options;
    options.rules_dir = context.rules();
    options.texts = rulebook::text_folder_choice(args->text);
    options.target = args->target;
    options.words = args->words;
    context.exit_code = rulebook::span_rules(options, std::cout, std::cerr);
  });
}

// Each ruleset key with the project's scenarios overriding it, run on the oracle (harness/ruleset_keys.hpp).
// Nothing when the rules folder is missing (the coverage itself says so); the files that cannot be
// used are left out, with a note.
std::optional<std::vector<rulebook::RulesetKeyCoverage>> measure_ruleset_keys(const Context& context, bool& failed) {
  failed = false;
  if (!std::filesystem::is_directory(context.rules())) return std::nullopt;
  auto library = context.load_rules();
  if (!library) {
    failed = true;
    return std::nullopt;
  }
  const auto scenarios = context.project() / "scenarios";
  std::optional<Corpus> corpus;
  try {
    corpus = load_corpus({scenarios.string()}, *library);
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "rulecheck rules coverage: note: {}; no scenario overrides a ruleset key\n", e.describe());
    corpus.emplace(*library);
  }
  if (!corpus->bad.empty())
    fmt::print(stderr,
               "rulecheck rules coverage: note: {} scenario file(s) could not be used and are left out of the ruleset "
               "keys (see `rulecheck validate {}`)\n",
               corpus->bad.size(), scenarios.string());
  std::vector<rulebook::RulesetKeyCoverage> keys;
  for (const auto& use : ruleset_key_uses(*corpus, *library)) {
    rulebook::RulesetKeyCoverage k;
    k.game = use.game;
    k.key = use.key;
    k.default_value = use.default_value.dump();
    for (const auto& o : use.overrides) k.overrides.push_back({o.id, o.value.dump(), o.depends, o.how});
    k.read_by_no_rule = use.read_by_no_rule;
    k.unread_checked = use.unread_checked;
    k.read_anyway = use.read_anyway;
    k.gap = use.gap();
    keys.push_back(std::move(k));
  }
  return keys;
}

void add_coverage(CLI::App& rules, Context& context) {
  auto format = std::make_shared<std::string>("text");
  CLI::App* coverage = rules.add_subcommand(
      "coverage",
      "For every clause, the scenarios, property sources and oracle code citing it; for every ruleset key, the "
      "scenarios that override it and whether one depends on it; then the gaps");
  coverage->add_option("--format", *format, "text, markdown or json")
      ->check(CLI::IsMember({"text", "markdown", "json"}))
      ->capture_default_str();
  coverage->footer(
      "Scenarios cite a clause in \"cites\" or an expected \"rule\". A gap is an implemented clause that no scenario "
      "or no oracle code site cites, or an out-of-scope or note clause that no scenario cites.\n"
      "Ruleset keys: every key of rules/<game>/ruleset.json (nested ones by dotted path, units.bomber.cost). A "
      "scenario overrides a key when its \"ruleset\" gives it another value; it depends on the key when, run again "
      "on the oracle with that key reset to its default, it no longer passes on legality, next state or query "
      "result, or its starting board is rejected (an engine ignoring the key fails it, even without --strict). "
      "A key that no scenario depends on is a gap, unless rules/<game>/ruleset.doc.json says no rule reads it "
      "(\"read_by_no_rule\"); that claim is checked by running every scenario of the game with the key one higher, "
      "and a verdict that changes makes it a gap.\n"
      "The code sites were found when rulecheck was built: every full clause id written in oracle/ and properties/ "
      "(*.cpp, *.hpp) of its source tree.\n"
      "Exit status: 0 no gaps, 1 a gap, 2 bad input (a clause index with problems: see `rulecheck rules check`), "
      "3 no rules folder.");
  coverage->callback([&context, format] {
    catch_interrupts();
    rulebook::CoverageOptions options;
    options.rules_dir = context.rules();
    options.format = *format;
    bool failed = false;
    try {
      options.ruleset_keys = measure_ruleset_keys(context, failed);
    } catch (const std::exception& e) {
      fmt::print(stderr, "rulecheck rules coverage: cannot measure the ruleset keys: {}\n", e.what());
      failed = true;
    }
    if (failed) {
      context.exit_code = kCannotRun;
      return;
    }
    context.exit_code = finished_or_interrupted(rulebook::coverage_rules(options, std::cout, std::cerr));
  });
}

}  // namespace

void add_rules_commands(CLI::App& app, Context& context) {
  CLI::App* rules = app.add_subcommand(
      "rules",
      "The rulebook editor's tools: check the clause indexes and their fingerprints, update fingerprints, "
      "and show which clauses scenarios and oracle code cover");
  rules->require_subcommand(1);
  add_check(*rules, context);
  add_fingerprint(*rules, context);
  add_span(*rules, context);
  add_coverage(*rules, context);
}

}  // namespace rulecheck::cli

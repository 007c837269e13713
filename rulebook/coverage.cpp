// `rulecheck rules coverage`: for every clause, what cites it (scenarios, property sources, oracle
// code), and the gaps: an implemented clause with no scenario or no oracle code site citing it, an
// out-of-scope or note clause with no scenario citing it. With the ruleset keys measured (the CLI
// runs them on the oracle), a section "ruleset keys": each key, the scenarios overriding it and
// whether one depends on it; a key that none depends on, unless no rule reads it, is a gap.
#include <optional>
#include <ostream>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rulebook/citations.hpp"
#include "rulebook/command_support.hpp"
#include "rulebook/commands.hpp"
#include "rulebook/conventions.hpp"
#include "rulebook/index.hpp"
#include "rulebook/sources.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;

constexpr const char* kCommand = "rules coverage";

struct ClauseCoverage {
  std::string game;
  const Clause* clause = nullptr;
  std::vector<std::string> scenarios;
  std::vector<std::string> properties;
  std::vector<std::string> oracle;
  std::vector<std::string> gaps;  // what is missing, as sentences
};

// An id written in the code that is neither a clause, an interpretation point, a listed convention
// (conventions.json) nor a reachable board's fact (invariants.json, move_start.json).
struct UnknownSite {
  std::string id;
  std::string site;
};

struct Coverage {
  std::vector<ClauseCoverage> clauses;
  std::vector<UnknownSite> unknown;
  std::optional<std::vector<RulesetKeyCoverage>> keys;
  std::size_t gaps = 0;  // the clauses' and the keys'
  std::size_t citation_problems = 0;
};

std::vector<std::string> gaps_of(const ClauseCoverage& c) {
  std::vector<std::string> gaps;
  if (c.scenarios.empty())
    gaps.push_back(c.clause->scope == Scope::implemented
                       ? "no scenario cites it"
                       : "no scenario cites it (an out-of-scope or note clause is cited, with a note, by the "
                         "scenario it bears on)");
  if (c.clause->scope == Scope::implemented && c.oracle.empty())
    gaps.push_back("no oracle code site cites it (write its full id in a comment where the oracle implements it)");
  return gaps;
}

// `listed`: the ids the rule data lists besides clauses and points (conventions, reachable boards' facts).
Coverage measure(const std::vector<ClauseIndex>& indexes, const Citations& citations, std::span<const CodeSite> sites,
                 const std::set<std::string>& listed) {
  Coverage coverage;
  coverage.citation_problems = citations.problems.size();
  for (const auto& index : indexes)
    for (const auto& clause : index.clauses) {
      ClauseCoverage c{index.game,
                       &clause,
                       citations.scenarios_citing(clause.id),
                       sites_citing(sites, clause.id, is_property_site),
                       sites_citing(sites, clause.id, is_oracle_site),
                       {}};
      c.gaps = gaps_of(c);
      coverage.gaps += c.gaps.size();
      coverage.clauses.push_back(std::move(c));
    }
  for (const auto& site : sites) {
    const std::string id(site.id);
    bool known = citations.points.count(id) > 0 || listed.count(id) > 0;
    for (const auto& index : indexes) known = known || index.find(id);
    if (!known) coverage.unknown.push_back({id, fmt::format("{}:{}", site.file, site.line)});
  }
  return coverage;
}

std::string listed(const std::vector<std::string>& items) {
  return items.empty() ? "none" : fmt::format("{}", fmt::join(items, ", "));
}

std::string where(const Clause& c) { return fmt::format("{} paragraph {}", c.at.section, c.at.paragraph); }

std::string summary(const Coverage& coverage) {
  std::string what = count_of(coverage.clauses.size(), "clause", "clauses");
  if (coverage.keys) what += ", " + count_of(coverage.keys->size(), "ruleset key", "ruleset keys");
  return fmt::format("{}: {}", what,
                     coverage.gaps ? count_of(coverage.gaps, "gap", "gaps") : std::string("no gaps"));
}

// ---------------------------------------------------------------- ruleset keys

constexpr const char* kKeysMeaning =
    "a scenario overrides a key when its \"ruleset\" gives it another value, and depends on it when, run again on "
    "the oracle with that key reset to its default, it no longer passes on legality, next state or query result (an "
    "engine ignoring the key fails it, even without --strict)";

std::size_t key_gaps(const std::vector<RulesetKeyCoverage>& keys) {
  std::size_t n = 0;
  for (const auto& k : keys) n += k.gap.empty() ? 0 : 1;
  return n;
}

std::size_t dependents(const RulesetKeyCoverage& k) {
  std::size_t n = 0;
  for (const auto& o : k.overrides) n += o.depends ? 1 : 0;
  return n;
}

std::string keys_summary(const std::vector<RulesetKeyCoverage>& keys) {
  std::size_t depended = 0, unread = 0;
  for (const auto& k : keys) {
    depended += dependents(k) > 0 ? 1 : 0;
    unread += k.read_by_no_rule.empty() ? 0 : 1;
  }
  return fmt::format("{} of {} depended on by a scenario, {} read by no rule, {} without either", depended,
                     count_of(keys.size(), "ruleset key", "ruleset keys"), unread, key_gaps(keys));
}

// What was checked for a key no rule reads.
std::string unread_check(const RulesetKeyCoverage& k) {
  if (k.unread_checked == 0) return "not checked (not an integer, or no scenario of the game passes)";
  return fmt::format("set one higher in each of {} {} scenario(s): {}", k.unread_checked, k.game,
                     k.read_anyway.empty() ? std::string("no verdict changed")
                                           : fmt::format("{} verdict(s) changed", k.read_anyway.size()));
}

// ---------------------------------------------------------------- text

void print_text(const Coverage& coverage, std::ostream& out) {
  for (const auto& c : coverage.clauses) {
    out << fmt::format("{} ({}; {})\n", c.clause->id, scope_name(*c.clause->scope), where(*c.clause));
    out << fmt::format("  scenarios ({}): {}\n", c.scenarios.size(), listed(c.scenarios));
    out << fmt::format("  properties: {}\n", listed(c.properties));
    out << fmt::format("  oracle: {}\n", listed(c.oracle));
  }
  for (const auto& u : coverage.unknown)
    out << fmt::format("note: {}: \"{}\" is neither a clause id, an interpretation point id, a listed convention nor a "
                       "reachable-board fact\n", u.site, u.id);
  if (coverage.keys) {
    out << fmt::format("\nruleset keys ({}):\n", kKeysMeaning);
    for (const auto& k : *coverage.keys) {
      out << fmt::format("{} {} (default {}): {}\n", k.game, k.key, k.default_value,
                         !k.read_by_no_rule.empty() ? "read by no rule: " + k.read_by_no_rule
                                                    : fmt::format("{} of {} overriding scenario(s) depend on it",
                                                                  dependents(k), k.overrides.size()));
      for (const auto& o : k.overrides)
        out << fmt::format("  {} = {}: {}{}\n", o.scenario, o.value, o.depends ? "depends: " : "", o.how);
      if (!k.read_by_no_rule.empty()) out << fmt::format("  {}\n", unread_check(k));
      for (const auto& r : k.read_anyway) out << fmt::format("  changed: {}\n", r);
    }
    out << fmt::format("ruleset keys: {}\n", keys_summary(*coverage.keys));
  }
  if (coverage.gaps) {
    out << "gaps:\n";
    for (const auto& c : coverage.clauses)
      for (const auto& gap : c.gaps)
        out << fmt::format("  {} ({}): {}\n", c.clause->id, scope_name(*c.clause->scope), gap);
    if (coverage.keys)
      for (const auto& k : *coverage.keys)
        if (!k.gap.empty()) out << fmt::format("  ruleset key {} {}: {}\n", k.game, k.key, k.gap);
  }
  out << summary(coverage) << "\n";
}

// ---------------------------------------------------------------- markdown

// "scenarios/messina/muster/x.json" -> "messina/muster/x"
std::string scenario_name(const std::string& file) {
  std::string name = file;
  if (name.rfind("scenarios/", 0) == 0) name = name.substr(10);
  if (name.size() > 5 && name.ends_with(".json")) name.resize(name.size() - 5);
  return name;
}

std::string markdown_cell(const std::vector<std::string>& items, bool scenarios) {
  if (items.empty()) return "&mdash;";
  std::vector<std::string> cells;
  for (const auto& i : items) cells.push_back(fmt::format("`{}`", scenarios ? scenario_name(i) : i));
  return fmt::format("{}", fmt::join(cells, "<br>"));
}

void print_markdown(const Coverage& coverage, std::ostream& out) {
  out << "# Clause coverage\n\n" << summary(coverage) << ".\n\n";
  out << "| clause | scope | paragraph | scenarios | properties | oracle code |\n";
  out << "|---|---|---|---|---|---|\n";
  for (const auto& c : coverage.clauses)
    out << fmt::format("| `{}`{} | {} | {} | {} | {} | {} |\n", c.clause->id, c.gaps.empty() ? "" : " **gap**",
                       scope_name(*c.clause->scope), where(*c.clause), markdown_cell(c.scenarios, true),
                       markdown_cell(c.properties, false), markdown_cell(c.oracle, false));
  if (coverage.keys) {
    out << fmt::format("\n## Ruleset keys\n\n{}: {}.\n\n", keys_summary(*coverage.keys), kKeysMeaning);
    out << "| game | key | default | scenarios overriding it (value) | depended on by |\n";
    out << "|---|---|---|---|---|\n";
    for (const auto& k : *coverage.keys) {
      std::vector<std::string> overriding, depending;
      for (const auto& o : k.overrides) {
        overriding.push_back(fmt::format("`{}` ({})", o.scenario, o.value));
        if (o.depends) depending.push_back(fmt::format("`{}`", o.scenario));
      }
      std::string by = depending.empty() ? "&mdash;" : fmt::format("{}", fmt::join(depending, "<br>"));
      if (!k.read_by_no_rule.empty()) by = fmt::format("read by no rule ({}); {}", k.read_by_no_rule, unread_check(k));
      out << fmt::format("| {} | `{}`{} | `{}` | {} | {} |\n", k.game, k.key, k.gap.empty() ? "" : " **gap**",
                         k.default_value,
                         overriding.empty() ? "&mdash;" : fmt::format("{}", fmt::join(overriding, "<br>")), by);
    }
  }
  if (coverage.gaps) {
    out << fmt::format("\n## Gaps ({})\n\n", coverage.gaps);
    for (const auto& c : coverage.clauses)
      for (const auto& gap : c.gaps)
        out << fmt::format("- `{}` ({}): {}\n", c.clause->id, scope_name(*c.clause->scope), gap);
    if (coverage.keys)
      for (const auto& k : *coverage.keys)
        if (!k.gap.empty()) out << fmt::format("- ruleset key {} `{}`: {}\n", k.game, k.key, k.gap);
  }
  if (!coverage.unknown.empty()) {
    out << "\n## Ids in the code that are neither clauses, interpretation points, conventions nor "
           "reachable-board facts\n\n";
    for (const auto& u : coverage.unknown) out << fmt::format("- `{}` at `{}`\n", u.id, u.site);
  }
}

// ---------------------------------------------------------------- JSON

void print_json(const Coverage& coverage, std::ostream& out) {
  json clauses = json::array();
  json gaps = json::array();
  for (const auto& c : coverage.clauses) {
    clauses.push_back({{"id", c.clause->id},
                       {"game", c.game},
                       {"scope", scope_name(*c.clause->scope)},
                       {"section", c.clause->at.section},
                       {"paragraph", c.clause->at.paragraph},
                       {"scenarios", c.scenarios},
                       {"properties", c.properties},
                       {"oracle", c.oracle},
                       {"gaps", c.gaps}});
    for (const auto& gap : c.gaps)
      gaps.push_back({{"id", c.clause->id}, {"scope", scope_name(*c.clause->scope)}, {"gap", gap}});
  }
  json unknown = json::array();
  for (const auto& u : coverage.unknown) unknown.push_back({{"id", u.id}, {"site", u.site}});
  json report = {{"ok", coverage.gaps == 0},
                 {"summary", summary(coverage)},
                 {"clauses", clauses},
                 {"gaps", gaps},
                 {"unknown_ids_in_code", unknown}};
  if (coverage.keys) {
    json keys = json::array();
    for (const auto& k : *coverage.keys) {
      json overrides = json::array();
      for (const auto& o : k.overrides)
        overrides.push_back({{"scenario", o.scenario}, {"value", json::parse(o.value)}, {"depends", o.depends},
                             {"how", o.how}});
      json key = {{"game", k.game},
                  {"key", k.key},
                  {"default", json::parse(k.default_value)},
                  {"scenarios", overrides},
                  {"depended_on", dependents(k) > 0},
                  {"read_by_no_rule", k.read_by_no_rule.empty() ? json(nullptr) : json(k.read_by_no_rule)},
                  {"gap", k.gap.empty() ? json(nullptr) : json(k.gap)}};
      if (!k.read_by_no_rule.empty()) {
        key["unread_checked"] = k.unread_checked;
        key["read_anyway"] = k.read_anyway;
      }
      keys.push_back(std::move(key));
      if (!k.gap.empty()) report["gaps"].push_back({{"ruleset_key", k.key}, {"game", k.game}, {"gap", k.gap}});
    }
    report["ruleset_keys"] = {{"meaning", kKeysMeaning}, {"summary", keys_summary(*coverage.keys)}, {"keys", keys}};
  }
  out << report.dump(2) << "\n";
}

}  // namespace

int coverage_rules(const CoverageOptions& options, std::ostream& out, std::ostream& err) {
  if (options.format != "text" && options.format != "markdown" && options.format != "json") {
    err << fmt::format("rulecheck {}: --format {}: allowed are text, markdown, json\n", kCommand, options.format);
    return kBadInput;
  }
  const std::optional<Project> project = open_project(options.rules_dir, kCommand, err);
  if (!project) return kCannotRun;
  Problems problems;
  const std::vector<ClauseIndex> indexes = read_indexes(*project, problems);
  if (!problems.empty()) {
    for (const auto& p : problems) err << fmt::format("rulecheck {}: {}\n", kCommand, describe(p));
    err << fmt::format(
        "rulecheck {}: the clause index has problems (see `rulecheck rules check`); no coverage without "
        "a sound index\n",
        kCommand);
    return kBadInput;
  }
  std::set<std::string> listed;
  Problems unread;  // a listing that cannot be read: `rules check` reports it
  for (const auto& index : indexes) {
    listed.merge(listed_conventions(*project, index.game));
    listed.merge(reachable_facts(*project, index.game, unread));
  }
  Coverage coverage = measure(indexes, collect_citations(*project, indexes), options.code_sites, listed);
  if (options.ruleset_keys) {
    coverage.keys = options.ruleset_keys;
    coverage.gaps += key_gaps(*coverage.keys);
  }
  if (coverage.citation_problems)
    err << fmt::format("rulecheck {}: note: {} in the scenarios or interpretations (see `rulecheck rules check`)\n",
                       kCommand, count_of(coverage.citation_problems, "citation problem", "citation problems"));
  if (options.format == "markdown")
    print_markdown(coverage, out);
  else if (options.format == "json")
    print_json(coverage, out);
  else
    print_text(coverage, out);
  return coverage.gaps ? kFound : kOk;
}

}  // namespace rulecheck::rulebook

// `rulecheck rules check`: the clause indexes, the citations, and the fingerprints.
#include <algorithm>
#include <ostream>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "rulebook/citations.hpp"
#include "rulebook/command_support.hpp"
#include "rulebook/conventions.hpp"
#include "rulebook/commands.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/index.hpp"
#include "rulebook/sources.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;

// One entry whose paragraph is not as the index says, and what an editor must re-check with it.
struct ToRecheck {
  std::string index_file;
  EntryDrift drift;
  std::vector<std::string> scenarios;
  std::vector<std::string> properties;
  std::vector<std::string> oracle;
  std::vector<std::string> points;
};

struct Findings {
  std::size_t clauses = 0;
  std::size_t games = 0;
  Problems problems;  // the indexes and the citations
  TextFolder texts;
  Problems text_problems;  // unreadable texts, paragraphs nothing names
  std::vector<ToRecheck> recheck;
  // The stated numbers (rules/<game>/numbers.json) against the texts: every one read, and those a
  // known contradiction of the texts (recorded with why; not a problem).
  std::vector<StatedNumbers> numbers;
  std::size_t numbers_agreeing = 0;
  std::vector<std::string> known_contradictions;
  std::vector<std::string> contradictions;  // between sentences, or a sentence against the ruleset (also problems)
  ConventionCheck conventions;  // its problems are among `problems` too
  SourceCheck sources;          // its problems are among `problems` and `text_problems` too
  bool ok() const { return problems.empty() && text_problems.empty() && recheck.empty(); }
};

Problem unnamed_problem(const ClauseIndex& index, const UnnamedParagraph& p) {
  return {index.shown, "", "",
          fmt::format("paragraph {} of {} is named by no clause or not_clause (fingerprint {}: \"{}\"); add a clause "
                      "citing it or a not_clause saying why it holds no rule",
                      p.number, p.text_file, p.fingerprint, p.text)};
}

void compare_fingerprints(const std::vector<ClauseIndex>& indexes, const Citations& citations,
                          const CheckOptions& options, Findings& findings) {
  for (const auto& index : indexes) {
    if (!index.readable) continue;
    IndexDrift drift = compare_with_texts(index, *findings.texts.dir);
    for (auto& p : drift.problems) findings.text_problems.push_back(std::move(p));
    for (const auto& u : drift.unnamed) findings.text_problems.push_back(unnamed_problem(index, u));
    for (auto& d : drift.entries) {
      ToRecheck r{index.shown, std::move(d), {}, {}, {}, {}};
      if (r.drift.is_clause && !r.drift.id.empty()) {
        r.scenarios = citations.scenarios_citing(r.drift.id);
        r.properties = sites_citing(options.code_sites, r.drift.id, is_property_site);
        r.oracle = sites_citing(options.code_sites, r.drift.id, is_oracle_site);
        r.points = citations.points_citing(r.drift.id);
      }
      findings.recheck.push_back(std::move(r));
    }
  }
}

// Each stated number read from the texts against the project's ruleset: a contradiction between
// sentences (or between a sentence and the ruleset) is a problem, unless numbers.json records it.
void check_stated_numbers(const Project& project, const std::vector<ClauseIndex>& indexes, Findings& findings) {
  for (const auto& index : indexes) {
    if (!index.readable) continue;
    findings.numbers.push_back(read_stated_numbers(project, index, findings.problems));
    const StatedNumbers& numbers = findings.numbers.back();
    if (!numbers.present || !findings.texts.dir) continue;
    std::optional<RulesetNumbers> ruleset;
    try {
      ruleset = RulesetNumbers::of_file(project.rules / index.game / "ruleset.json");
    } catch (const InputError&) {
      continue;  // said when the stated numbers were read
    }
    const TextsReading reading = read_texts(numbers, index, *findings.texts.dir, *ruleset);
    for (const auto& k : reading.keys)
      findings.contradictions.push_back(fmt::format("{} ({}) states {} = {}; rules/{}/ruleset.json has {}", k.where,
                                                    k.clause, k.key, number_text(k.after), index.game,
                                                    number_text(k.before)));
    for (const auto& k : reading.keys)
      findings.text_problems.push_back(
          {numbers.shown, "", k.clause,
           fmt::format("{} ({}) states {} = {}; rules/{}/ruleset.json has {}: change the ruleset or the text", k.where,
                       k.clause, k.key, number_text(k.after), index.game, number_text(k.before))});
    std::set<std::string> stale;  // paragraphs whose masked fingerprint was reported
    for (const auto& c : reading.checks) {
      const auto problem = [&](std::string message) {
        findings.text_problems.push_back({numbers.shown, c.entry->pointer, c.entry->clause, std::move(message)});
      };
      if (!c.masked_should_be.empty() && stale.insert(c.paragraph->pointer).second)
        findings.text_problems.push_back(
            {numbers.shown, c.paragraph->pointer + "/masked_fingerprint", c.entry->clause,
             fmt::format("the masked fingerprint of the clause's paragraph is {}, not {} (rulecheck rules fingerprint "
                         "--paragraphs {} lists it)",
                         c.masked_should_be, c.paragraph->masked, c.text_file)});
      switch (c.status) {
        case NumberCheck::Status::agrees: ++findings.numbers_agreeing; break;
        case NumberCheck::Status::known_contradiction:
          findings.known_contradictions.push_back(describe(c) + ": known: " + c.entry->contradiction);
          break;
        case NumberCheck::Status::contradicts:
          findings.contradictions.push_back(describe(c));
          problem(describe(c) + ": the sentences contradict each other: fix the text, or record the "
                                "contradiction in numbers.json (\"contradiction\": why, and what rulecheck follows)");
          break;
        case NumberCheck::Status::no_longer_contradicted:
          problem(describe(c) + ": the texts agree now: drop its \"contradiction\"");
          break;
        case NumberCheck::Status::not_read: {
          const bool drifted = std::any_of(findings.recheck.begin(), findings.recheck.end(),
                                           [&](const ToRecheck& r) { return r.drift.id == c.entry->clause; });
          if (!drifted) problem(describe(c));  // a drifted paragraph is listed to re-check already
          break;
        }
      }
    }
  }
}

Findings check_project(const Project& project, const CheckOptions& options, TextFolder texts) {
  Findings findings;
  findings.texts = std::move(texts);
  const std::vector<ClauseIndex> indexes = read_indexes(project, findings.problems);
  for (const auto& index : indexes) findings.clauses += index.clauses.size();
  findings.games = indexes.size();
  Citations citations = collect_citations(project, indexes);
  for (auto& p : citations.problems) findings.problems.push_back(std::move(p));
  std::vector<std::string> games;
  for (const auto& index : indexes) games.push_back(index.game);
  const CodeScan code(project, games, options.code_sites);
  findings.conventions = check_conventions(project, indexes, code);
  for (const auto& p : findings.conventions.problems) findings.problems.push_back(p);
  findings.sources = check_sources(project, indexes, code, findings.conventions.listed, findings.texts.dir,
                                   findings.texts.why_none);
  for (const auto& p : findings.sources.problems) findings.problems.push_back(p);
  for (const auto& p : findings.sources.text_problems) findings.text_problems.push_back(p);
  if (findings.texts.dir) compare_fingerprints(indexes, citations, options, findings);
  check_stated_numbers(project, indexes, findings);
  return findings;
}

// ---------------------------------------------------------------- reporting as text

std::string where_they_were(const EntryDrift& d) {
  return d.replaced_by_other ? fmt::format("paragraph {} now holds another entry's paragraph", d.paragraph)
                             : fmt::format("the file has {} paragraphs now", d.paragraphs_in_file);
}

std::string what_happened(const EntryDrift& d) {
  switch (d.drift) {
    case Drift::changed:
      return fmt::format("paragraph {} of {} changed since the entry was written (fingerprint {}, now {}: \"{}\")",
                         d.paragraph, d.text_file, d.fingerprint, d.new_fingerprint, d.new_text);
    case Drift::moved:
      return fmt::format("paragraph {} of {} is now paragraph {} (same fingerprint {}: \"{}\")", d.paragraph,
                         d.text_file, d.new_paragraph, d.fingerprint, d.new_text);
    case Drift::vanished:
      return fmt::format("the words of paragraph {} of {} (fingerprint {}) are found nowhere in the file: {}",
                         d.paragraph, d.text_file, d.fingerprint, where_they_were(d));
    case Drift::unchanged: break;
  }
  return "unchanged";
}

void print_recheck(const ToRecheck& r, std::ostream& out) {
  out << fmt::format("{} {} ({} {}): {}\n", drift_name(r.drift.drift), r.drift.label, r.index_file, r.drift.pointer,
                     what_happened(r.drift));
  if (!r.drift.is_clause) {
    out << "  a not_clause: check that the paragraph still holds no rule\n";
    return;
  }
  for (const auto& s : r.scenarios) out << "  re-check scenario " << s << "\n";
  for (const auto& p : r.properties) out << "  re-check property " << p << "\n";
  for (const auto& o : r.oracle) out << "  re-check oracle " << o << "\n";
  for (const auto& p : r.points) out << "  re-check interpretation point " << p << "\n";
  if (r.scenarios.empty() && r.properties.empty() && r.oracle.empty() && r.points.empty())
    out << "  cited by no scenario, property, oracle code or interpretation point\n";
}

std::string summary(const Findings& f) {
  const std::string what =
      fmt::format("{} in {} checked", count_of(f.clauses, "clause", "clauses"), count_of(f.games, "game", "games"));
  if (f.ok()) return what + (f.texts.dir ? ": ok" : ": ok (fingerprints skipped: no rule texts)");
  std::vector<std::string> parts;
  if (!f.recheck.empty()) parts.push_back(count_of(f.recheck.size(), "entry to re-check", "entries to re-check"));
  const std::size_t problems = f.problems.size() + f.text_problems.size();
  if (problems) parts.push_back(count_of(problems, "problem", "problems"));
  return fmt::format("{}: {}", what, fmt::join(parts, ", "));
}

std::size_t stated_count(const Findings& f) {
  std::size_t n = 0;
  for (const auto& numbers : f.numbers)
    for (const auto& p : numbers.paragraphs) n += p.numbers.size();
  return n;
}

void print_numbers(const Findings& f, std::ostream& out) {
  const std::size_t stated = stated_count(f);
  if (stated == 0) return;
  out << fmt::format("stated numbers: {} read against the texts: {} agree with the ruleset and the sentences they "
                     "restate, {}\n",
                     stated, f.numbers_agreeing,
                     count_of(f.known_contradictions.size(), "known contradiction", "known contradictions"));
  for (const auto& c : f.known_contradictions) out << "  contradiction " << c << "\n";
}

// "conventions: 25 in rules/messina/conventions.json, ... (their ids looked for in ...)"
void print_conventions(const ConventionCheck& c, std::ostream& out) {
  std::vector<std::string> parts;
  for (const auto& l : c.listings) parts.push_back(fmt::format("{} in {}", l.conventions, l.file));
  out << fmt::format("conventions: {} (their ids looked for in {})\n",
                     parts.empty() ? "none listed" : fmt::format("{}", fmt::join(parts, ", ")), c.code_read);
}

// "sources: 187 decisions in oracle/ and 45 constraint tags in solver/: ...; clauses with spans: ..."
void print_sources(const SourceCheck& s, std::ostream& out) {
  std::vector<std::string> spanned;
  for (const auto& g : s.games)
    spanned.push_back(fmt::format("{} {} of {} ({} cited by the code)", g.game, g.with_spans, g.clauses, g.cited));
  if (!s.decisions_skipped.empty())
    out << "sources: decisions not read: " << s.decisions_skipped << "\n";
  else
    out << fmt::format("sources: {} and {}: {} name a clause, {} a convention, {} a reachable-board fact\n",
                       count_of(s.decisions, "decision in oracle/", "decisions in oracle/"),
                       count_of(s.tags, "constraint tag in solver/", "constraint tags in solver/"), s.citing_clause,
                       s.citing_convention, s.citing_fact);
  out << fmt::format("spans: clauses with spans: {}; ", fmt::join(spanned, ", "));
  if (s.spans_skipped.empty())
    out << fmt::format("{} checked against the texts\n", count_of(s.spans_checked, "span", "spans"));
  else
    out << "checked against the texts: skipped: " << s.spans_skipped << "\n";
}

void print_text(const Findings& f, std::ostream& out) {
  for (const auto& p : f.problems) out << describe(p) << "\n";
  print_conventions(f.conventions, out);
  print_sources(f.sources, out);
  if (!f.texts.dir) {
    out << "fingerprints: skipped: " << f.texts.why_none << "\n";
  } else {
    out << fmt::format("fingerprints: against {} ({})\n", f.texts.dir->string(), f.texts.origin);
    for (const auto& p : f.text_problems) out << describe(p) << "\n";
    for (const auto& r : f.recheck) print_recheck(r, out);
    print_numbers(f, out);
  }
  out << summary(f) << "\n";
}

// ---------------------------------------------------------------- reporting as JSON

json problems_json(const Problems& problems) {
  json list = json::array();
  for (const auto& p : problems)
    list.push_back({{"file", p.file},
                    {"pointer", p.pointer},
                    {"subject", p.subject},
                    {"message", p.message},
                    {"text", describe(p)}});
  return list;
}

json recheck_json(const ToRecheck& r) {
  const EntryDrift& d = r.drift;
  json entry = {{"status", std::string(drift_name(d.drift))},
                {"entry", d.is_clause ? "clause" : "not_clause"},
                {"label", d.label},
                {"file", r.index_file},
                {"pointer", d.pointer},
                {"section", d.section},
                {"text_file", d.text_file},
                {"paragraph", d.paragraph},
                {"fingerprint", d.fingerprint},
                {"paragraphs_in_file", d.paragraphs_in_file}};
  if (d.is_clause) entry["id"] = d.id;
  if (d.new_paragraph > 0) {
    entry["new_paragraph"] = d.new_paragraph;
    entry["new_fingerprint"] = d.new_fingerprint;
    entry["new_text"] = d.new_text;
  }
  entry["cited_by"] = {
      {"scenarios", r.scenarios}, {"properties", r.properties}, {"oracle", r.oracle}, {"interpretations", r.points}};
  return entry;
}

void print_json(const Findings& f, std::ostream& out) {
  json fingerprints;
  if (f.texts.dir) {
    json recheck = json::array();
    for (const auto& r : f.recheck) recheck.push_back(recheck_json(r));
    fingerprints = {{"status", "checked"},
                    {"texts", f.texts.dir->string()},
                    {"origin", f.texts.origin},
                    {"problems", problems_json(f.text_problems)},
                    {"recheck", recheck},
                    {"stated_numbers",
                     {{"read", stated_count(f)},
                      {"agree", f.numbers_agreeing},
                      {"known_contradictions", f.known_contradictions},
                      {"contradictions", f.contradictions}}}};
  } else {
    fingerprints = {{"status", "skipped"}, {"reason", f.texts.why_none}};
  }
  json conventions = {{"code_read", f.conventions.code_read}, {"files", json::array()}};
  for (const auto& l : f.conventions.listings)
    conventions["files"].push_back({{"file", l.file}, {"conventions", l.conventions}});
  json spanned = json::array();
  for (const auto& g : f.sources.games)
    spanned.push_back({{"game", g.game}, {"clauses", g.clauses}, {"with_spans", g.with_spans}, {"cited", g.cited}});
  const SourceCheck& s = f.sources;
  json sources = {{"decisions", s.decisions},          {"tags", s.tags},
                  {"citing_clause", s.citing_clause},  {"citing_convention", s.citing_convention},
                  {"citing_fact", s.citing_fact},      {"games", spanned},
                  {"spans_checked", s.spans_checked}};
  if (!s.decisions_skipped.empty()) sources["decisions_skipped"] = s.decisions_skipped;
  if (!s.spans_skipped.empty()) sources["spans_skipped"] = s.spans_skipped;
  const json report = {{"ok", f.ok()},
                       {"clauses", f.clauses},
                       {"conventions", conventions},
                       {"sources", sources},
                       {"games", f.games},
                       {"problems", problems_json(f.problems)},
                       {"fingerprints", fingerprints},
                       {"summary", summary(f)}};
  out << report.dump(2) << "\n";
}

}  // namespace

int check_rules(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  if (options.format != "text" && options.format != "json") {
    err << fmt::format("rulecheck rules check: --format {}: allowed are text, json\n", options.format);
    return kBadInput;
  }
  const std::optional<Project> project = open_project(options.rules_dir, "rules check", err);
  if (!project) return kCannotRun;
  TextFolder texts = find_text_folder(options.texts, *project);
  if (texts.given_missing) {
    err << "rulecheck rules check: " << texts.why_none << "\n";
    return kBadInput;
  }
  if (!texts.dir && options.require_text) {
    out << "fingerprints: skipped: " << texts.why_none << "\n";
    err << "rulecheck rules check: --require-text: no rule texts, so the fingerprints cannot be checked\n";
    return kNoTexts;
  }
  const Findings findings = check_project(*project, options, std::move(texts));
  if (options.format == "json")
    print_json(findings, out);
  else
    print_text(findings, out);
  return findings.ok() ? kOk : kFound;
}

}  // namespace rulecheck::rulebook

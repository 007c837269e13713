#include "diff/text_diff.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "games/registry.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"
#include "reports/board.hpp"
#include "rulebook/citations.hpp"
#include "rulebook/code_sites.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/index.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::diff {

namespace {

using json = nlohmann::json;

// What the solver makes of each step's oracle outcome: "allowed", "forbidden (clauses)", ...
std::string solver_on(const Scenario& s, const GameRules& rules, unsigned rlimit) {
  if (rlimit == 0) return "";
  const auto bound = find_game(s.game)->bind(rules.merged_ruleset(s.ruleset), s.readings(rules));
  json state = s.state;
  std::map<std::string, int> seen;
  try {
    for (const auto& step : s.steps) {
      json outcome = oracle_answer(*bound, "", step.is_query, state, step.request).outcome;
      outcome.erase("reason");
      const OutcomeCheck check = bound->check_outcome(state, step.request, step.is_query, outcome, rlimit);
      std::string what(membership_name(check.membership));
      if (check.membership == Membership::forbidden) what += fmt::format(" ({})", fmt::join(check.clauses, ", "));
      ++seen[what];
      if (!step.is_query && outcome.value("legal", false)) state = outcome["state"];
    }
  } catch (const std::exception& e) {
    return fmt::format("the solver could not be asked: {}", e.what());
  }
  std::string out;
  for (const auto& [what, n] : seen) out += fmt::format("{}solver: {} step(s) {}", out.empty() ? "" : "; ", n, what);
  return out;
}

std::vector<Reread> code_rereads(const std::vector<std::string>& sites) {
  std::vector<Reread> out;
  for (const auto& s : sites) out.push_back({s, "", ""});
  return out;
}

}  // namespace

namespace {

// The edited texts' numbers read against the project's ruleset (rulebook/stated_numbers.hpp).
NumbersRead read_numbers(const rulebook::Project& project, const rulebook::ClauseIndex& index,
                         const std::filesystem::path& texts) {
  NumbersRead read;
  read.game = index.game;
  rulebook::Problems ignored;  // the rule data's problems are `rules check`'s to report
  const rulebook::StatedNumbers numbers = rulebook::read_stated_numbers(project, index, ignored);
  if (!numbers.present) return read;
  rulebook::TextsReading reading;
  try {
    reading = rulebook::read_texts(numbers, index, texts,
                                   rulebook::RulesetNumbers::of_file(project.rules / index.game / "ruleset.json"));
  } catch (const InputError&) {
    return read;
  }
  json edit = {{"game", index.game}};
  for (const auto& k : reading.keys) {
    read.keys.push_back({k.key, k.clause, k.where, k.before, k.after});
    json* node = &edit;
    std::string_view rest = k.key;
    for (auto dot = rest.find('.'); dot != std::string_view::npos; dot = rest.find('.')) {
      node = &(*node)[std::string(rest.substr(0, dot))];
      rest.remove_prefix(dot + 1);
    }
    (*node)[std::string(rest)] = json::parse(rulebook::number_text(k.after));
  }
  if (!read.keys.empty()) read.edit = edit.dump();
  for (const auto& c : reading.checks) {
    if (c.status == rulebook::NumberCheck::Status::contradicts) read.contradictions.push_back(rulebook::describe(c));
    if (c.status == rulebook::NumberCheck::Status::not_read && c.why_not_read.find("changed") != std::string::npos)
      read.not_read.push_back(rulebook::describe(c));
  }
  return read;
}

void numbers_console(std::ostream& out, const TextDiff& d) {
  for (const auto& n : d.numbers) {
    if (n.keys.empty() && n.contradictions.empty() && n.not_read.empty()) continue;
    out << fmt::format("\nnumbers of {} the edited texts state\n", n.game);
    for (const auto& k : n.keys)
      out << fmt::format("  {} ({}) states {} = {} (the ruleset has {})\n", k.where, k.clause, k.key,
                         rulebook::number_text(k.after), rulebook::number_text(k.before));
    if (!n.edit.empty())
      out << fmt::format("  the ruleset edit that expresses it: {}\n  try: echo '{}' > edit.json && rulecheck diff "
                         "--edited edit.json\n",
                         n.edit, n.edit);
    for (const auto& c : n.contradictions) out << "  CONTRADICTION " << c << "\n";
    for (const auto& c : n.not_read) out << "  not read: " << c << "\n";
  }
}

void numbers_markdown(std::ostream& out, const TextDiff& d) {
  for (const auto& n : d.numbers) {
    if (n.keys.empty() && n.contradictions.empty() && n.not_read.empty()) continue;
    out << fmt::format("\n## Numbers of {} the edited texts state\n\n", n.game);
    for (const auto& k : n.keys)
      out << fmt::format("- {} (`{}`) states `{}` = {} (the ruleset has {})\n", k.where, k.clause, k.key,
                         rulebook::number_text(k.after), rulebook::number_text(k.before));
    if (!n.edit.empty())
      out << fmt::format("\nThe ruleset edit that expresses it: `{}` (save it as `edit.json`, then `rulecheck diff "
                         "--edited edit.json`).\n\n",
                         n.edit);
    for (const auto& c : n.contradictions) out << "- **contradiction**: " << c << "\n";
    for (const auto& c : n.not_read) out << "- not read: " << c << "\n";
  }
}

json numbers_json(const TextDiff& d) {
  json list = json::array();
  for (const auto& n : d.numbers) {
    json keys = json::array();
    for (const auto& k : n.keys)
      keys.push_back({{"key", k.key}, {"clause", k.clause}, {"where", k.where}, {"before", k.before}, {"after", k.after}});
    list.push_back({{"game", n.game},
                    {"keys", keys},
                    {"edit", n.edit.empty() ? json(nullptr) : json::parse(n.edit)},
                    {"contradictions", n.contradictions},
                    {"not_read", n.not_read}});
  }
  return list;
}

}  // namespace

TextDiff diff_texts(const RulesLibrary& library, const std::filesystem::path& rules_dir,
                    const std::filesystem::path& texts, unsigned rlimit) {
  TextDiff d;
  d.texts = texts;
  const rulebook::Project project = rulebook::Project::of_rules_folder(rules_dir);
  rulebook::Problems problems;
  const std::vector<rulebook::ClauseIndex> indexes = rulebook::read_indexes(project, problems);
  const rulebook::Citations citations = rulebook::collect_citations(project, indexes);
  const auto sites = rulebook::built_in_code_sites();
  std::map<std::string, json> proofs;  // game -> Game::prove records, when some clause of it drifted

  for (const auto& index : indexes) {
    if (!index.readable) continue;
    d.clauses_compared += index.clauses.size();
    d.numbers.push_back(read_numbers(project, index, texts));
    rulebook::IndexDrift drift = rulebook::compare_with_texts(index, texts);
    for (const auto& p : drift.problems) d.problems.push_back(p.message);
    for (const auto& u : drift.unnamed)
      d.problems.push_back(fmt::format("{}: paragraph {} is named by no clause: \"{}\"", u.text_file, u.number, u.text));
    const GameRules* rules = library.find(index.game);
    for (const auto& e : drift.entries) {
      if (!e.is_clause || e.id.empty()) {
        d.not_clauses.push_back(fmt::format("{} {}", rulebook::drift_name(e.drift), e.label));
        continue;
      }
      ClauseToReread c{index.game, e.id, std::string(rulebook::drift_name(e.drift)), e.text_file, e.paragraph,
                       e.new_paragraph, "", e.new_text, {}, {}, {}, {}, {}, {}};
      if (const auto* clause = index.find(e.id)) c.paraphrase = clause->paraphrase;
      for (const auto& file : citations.scenarios_citing(e.id)) {
        try {
          const Scenario s = load_scenario(project.root / file, library);
          const CaseResult r = run_on_oracle(s, *rules);
          c.scenarios.push_back({file, std::string(verdict_name(r.verdict)), solver_on(s, *rules, rlimit)});
        } catch (const ScenarioError& err) {
          c.scenarios.push_back({file, "errored", err.describe()});
        }
      }
      if (rlimit > 0 && rules) {
        if (!proofs.count(index.game))
          proofs[index.game] = find_game(index.game)->prove(rules->ruleset, rules->readings(json::object()), rlimit);
        for (const auto& p : proofs[index.game]) {
          const auto cl = p.value("clauses", std::vector<std::string>{});
          if (std::find(cl.begin(), cl.end(), e.id) != cl.end())
            c.proofs.push_back({p.value("id", ""), p.value("status", ""), p.value("detail", "")});
        }
      }
      for (const auto& p : citations.points_citing(e.id)) c.points.push_back({p, "", ""});
      c.solver_code = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_solver_site));
      c.oracle_code = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_oracle_site));
      c.properties = code_rereads(rulebook::sites_citing(sites, e.id, rulebook::is_property_site));
      d.clauses.push_back(std::move(c));
    }
  }
  return d;
}

json to_json(const TextDiff& d) {
  auto list = [](const std::vector<Reread>& v) {
    json out = json::array();
    for (const auto& r : v) {
      json x = {{"name", r.name}};
      if (!r.verdict.empty()) x["verdict"] = r.verdict;
      if (!r.detail.empty()) x["detail"] = r.detail;
      out.push_back(x);
    }
    return out;
  };
  json j = {{"texts", d.texts.string()},      {"changed", d.changed()},      {"clauses_compared", d.clauses_compared},
            {"not_clauses", d.not_clauses}, {"problems", d.problems},      {"clauses", json::array()},
            {"numbers", numbers_json(d)}};
  for (const auto& c : d.clauses)
    j["clauses"].push_back({{"game", c.game},
                            {"id", c.id},
                            {"drift", c.drift},
                            {"text_file", c.text_file},
                            {"paragraph", c.paragraph},
                            {"new_paragraph", c.new_paragraph},
                            {"paraphrase", c.paraphrase},
                            {"new_text", c.new_text},
                            {"scenarios", list(c.scenarios)},
                            {"proofs", list(c.proofs)},
                            {"points", list(c.points)},
                            {"solver_code", list(c.solver_code)},
                            {"oracle_code", list(c.oracle_code)},
                            {"properties", list(c.properties)}});
  return j;
}

void write_console(std::ostream& out, const TextDiff& d) {
  out << fmt::format("rulecheck diff --text {}: {} clause(s) compared, {} to re-read\n", d.texts.string(),
                     d.clauses_compared, d.clauses.size());
  for (const auto& c : d.clauses) {
    out << fmt::format("\n{} {} ({} paragraph {}", c.drift, c.id, c.text_file, c.paragraph);
    if (c.new_paragraph && c.new_paragraph != c.paragraph) out << fmt::format(", now {}", c.new_paragraph);
    out << fmt::format(")\n  we read it as: {}\n", c.paraphrase);
    if (!c.new_text.empty()) out << fmt::format("  the text now: \"{}\"\n", c.new_text);
    for (const auto& r : c.scenarios)
      out << fmt::format("  scenario  {}  {}{}\n", r.name, r.verdict, r.detail.empty() ? "" : "; " + r.detail);
    for (const auto& r : c.proofs) out << fmt::format("  proof     {}  {}\n", r.name, r.verdict);
    for (const auto& r : c.points) out << fmt::format("  point     {}\n", r.name);
    for (const auto& r : c.solver_code) out << fmt::format("  solver    {}\n", r.name);
    for (const auto& r : c.oracle_code) out << fmt::format("  oracle    {}\n", r.name);
    for (const auto& r : c.properties) out << fmt::format("  property  {}\n", r.name);
  }
  for (const auto& n : d.not_clauses) out << "\n" << n << " (a not_clause: no rule rests on it)\n";
  for (const auto& p : d.problems) out << "problem: " << p << "\n";
  numbers_console(out, d);
  out << fmt::format("\n{}\n", d.changed() ? "CHANGED: re-read the above against the new words"
                                           : "UNCHANGED: every clause's paragraph is as the index has it");
}

void write_markdown(std::ostream& out, const TextDiff& d) {
  out << fmt::format("# rulecheck diff --text: {} clause(s) to re-read\n\n", d.clauses.size());
  for (const auto& c : d.clauses) {
    out << fmt::format("## {} `{}` ({} paragraph {})\n\nWe read it as: {}\n\n", c.drift, c.id, c.text_file, c.paragraph,
                       c.paraphrase);
    if (!c.new_text.empty()) out << fmt::format("The text now: \"{}\"\n\n", c.new_text);
    out << "| what | name | today | detail |\n|---|---|---|---|\n";
    auto rows = [&](const char* what, const std::vector<Reread>& v) {
      for (const auto& r : v)
        out << fmt::format("| {} | `{}` | {} | {} |\n", what, markdown_cell(r.name), r.verdict, markdown_cell(r.detail));
    };
    rows("scenario", c.scenarios);
    rows("proof", c.proofs);
    rows("point", c.points);
    rows("solver", c.solver_code);
    rows("oracle", c.oracle_code);
    rows("property", c.properties);
    out << "\n";
  }
  for (const auto& n : d.not_clauses) out << "- " << n << " (a not_clause)\n";
  numbers_markdown(out, d);
}

}  // namespace rulecheck::diff

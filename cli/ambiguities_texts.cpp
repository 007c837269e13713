#include "cli/ambiguities_texts.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/game.hpp"
#include "common/text.hpp"
#include "rulebook/citations.hpp"
#include "rulebook/index.hpp"
#include "rulebook/project.hpp"
#include "rulebook/stated_numbers.hpp"
#include "rulebook/text_contradictions.hpp"

namespace rulecheck::cli {

namespace {

json contradiction_json(const rulebook::StatedContradiction& x) {
  json out{{"between", x.between == rulebook::StatedContradiction::Between::sentences ? "sentences" : "ruleset"},
           {"known", x.known},
           {"clause", x.clause},
           {"rests_on", x.rests_on},
           {"clauses", x.clauses()},
           {"file", x.text_file},
           {"paragraph", x.paragraph},
           {"nth", x.nth},
           {"stated", x.stated},
           {"expected", x.expected},
           {"means", x.means},
           {"line", x.line}};
  if (!x.says.empty()) out["says"] = x.says;
  if (x.known) out["known_why"] = x.known_why;
  return out;
}

json stated_numbers_json(const rulebook::TextsNumbers& n) {
  if (!n.checked) return {{"checked", false}, {"why_not", n.why_not}};
  json list = json::array();
  for (const auto& x : n.contradictions) list.push_back(contradiction_json(x));
  return {{"checked", true},       {"read", n.read},         {"agree", n.agree},
          {"contradictions", list}, {"open", n.open()},      {"no_longer_contradicted", n.no_longer_contradicted}};
}

// The proofs of the game whose clauses include `clause` (ids only: they read the encoding, not the texts).
std::vector<std::string> proofs_citing(const json& proofs, const std::string& clause) {
  std::vector<std::string> out;
  for (const auto& p : proofs) {
    const auto clauses = p.value("clauses", std::vector<std::string>{});
    if (std::find(clauses.begin(), clauses.end(), clause) != clauses.end()) out.push_back(p.value("id", ""));
  }
  return out;
}

}  // namespace

json texts_record(const GameRules& game, const Game& solver, const std::filesystem::path& rules_dir,
                  const rulebook::TextFolder& texts, const json& ruleset_read) {
  if (!texts.dir)
    return {{"stated_numbers", {{"checked", false}, {"why_not", "no rule texts: " + texts.why_none}}},
            {"reread", json::array()}};
  const rulebook::Project project = rulebook::Project::of_rules_folder(rules_dir);
  rulebook::Problems ignored;  // the rule data's own problems are `rules check`'s to report
  const std::vector<rulebook::ClauseIndex> indexes = rulebook::read_indexes(project, ignored);
  const auto index = std::find_if(indexes.begin(), indexes.end(),
                                  [&](const rulebook::ClauseIndex& i) { return i.game == game.game && i.readable; });
  if (index == indexes.end())
    return {{"stated_numbers", {{"checked", false}, {"why_not", "the clause index of " + game.game + " is not readable"}}},
            {"reread", json::array()}};
  json record;
  record["stated_numbers"] = stated_numbers_json(
      rulebook::contradictions_in_texts(project, *index, *texts.dir, rulebook::RulesetNumbers(ruleset_read.dump())));
  const rulebook::Citations citations = rulebook::collect_citations(project, {*index});
  const rulebook::StatedNumbers numbers = rulebook::read_stated_numbers(project, *index, ignored);
  const auto words = rulebook::words_to_reread(project, *index, *texts.dir, citations, numbers);
  // The proofs' clauses, asked with a budget of 1 (their ids and clauses, not their verdicts: a
  // proof reads the encoding, which the new words do not change), only when some words changed.
  const json proofs = words.empty() ? json::array() : solver.prove(ruleset_read, game.readings(json::object()), 1);
  json reread = json::array();
  for (const auto& w : words)
    reread.push_back({{"clause", w.clause},
                      {"drift", w.drift},
                      {"file", w.text_file},
                      {"paragraph", w.paragraph},
                      {"paraphrase", w.paraphrase},
                      {"scenarios", w.scenarios},
                      {"points", w.points},
                      {"conventions", w.conventions},
                      {"proofs", proofs_citing(proofs, w.clause)}});
  record["reread"] = std::move(reread);
  return record;
}

void print_texts_record(const json& c) {
  const std::string game = c.value("game", "");
  const json numbers = c.value("stated_numbers", json::object());
  for (const auto& x : numbers.value("contradictions", json::array())) {
    const bool known = x.value("known", false);
    fmt::print("{} {} stated numbers ({}): {}\n", known ? "known        " : "CONTRADICTION", game,
               x.value("between", "") == "sentences" ? "the sentences disagree" : "a sentence against the ruleset read",
               printable(x.value("line", "")));
  }
  for (const auto& r : c.value("reread", json::array())) {
    fmt::print("RE-READ  {} {} ({} paragraph {}): its words changed and no stated number reads them; we read the old "
               "words as: {}\n",
               r.value("drift", ""), r.value("clause", ""), r.value("file", ""), r.value("paragraph", 0),
               printable(r.value("paraphrase", "")));
    const auto list = [](const char* what, const json& v) {
      if (!v.empty()) fmt::print("         {}: {}\n", what, fmt::join(v.get<std::vector<std::string>>(), ", "));
    };
    list("points citing it", r["points"]);
    list("conventions citing it", r["conventions"]);
    list("proofs citing it", r["proofs"]);
    list("scenarios citing it", r["scenarios"]);
  }
}

std::size_t open_stated_contradictions(const json& contradictions) {
  std::size_t n = 0;
  for (const auto& c : contradictions)
    if (c.contains("stated_numbers")) n += c["stated_numbers"].value("open", std::size_t{0});
  return n;
}

std::size_t clauses_to_reread(const json& contradictions) {
  std::size_t n = 0;
  for (const auto& c : contradictions) n += c.value("reread", json::array()).size();
  return n;
}

std::size_t literal_contradictions(const json& contradictions) {
  std::size_t n = 0;
  for (const auto& c : contradictions) n += c.value("found", json::array()).size();
  return n;
}

}  // namespace rulecheck::cli

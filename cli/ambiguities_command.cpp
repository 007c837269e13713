// `rulecheck ambiguities`: the designer's ambiguity witnesses per game, the literal search for new
// findings, the contradiction search, and what the rule texts given say (cli/ambiguities_texts.hpp).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "cli/ambiguities_texts.hpp"
#include "cli/convention_marks.hpp"
#include "cli/commands.hpp"
#include "cli/solver_shared.hpp"
#include "common/atomic_write.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/owned_files.hpp"
#include "games/registry.hpp"
#include "harness/interrupt.hpp"
#include "reports/designer.hpp"
#include "rulebook/quotes.hpp"
#include "rulebook/text_folder.hpp"

namespace rulecheck::cli {

namespace {

// How one question of the ambiguity search ended, from its record: "witness" (a finding),
// "none" (proved: no board of its scope has one), "unknown" or "interrupted" (not decided).
std::string question_status(const json& record) {
  const std::string kind = record.value("kind", "");
  return kind == "none" || kind == "unknown" || kind == "interrupted" ? kind : "witness";
}

// The words that state the quote's clauses: their spans, [from, to) byte offsets (UTF-8) in "words".
void add_operative(json& entry, const rulebook::Quote& q) {
  rulebook::WordMarks marks;
  for (const auto& m : entry.value("operative", json::array())) marks.emplace_back(m[0], m[1]);
  marks = rulebook::merged_marks(std::move(marks), q.operative);
  if (!marks.empty()) entry["operative"] = marks;
}

// The clauses `ids` of `game` in the rulebook's words: one quote per paragraph with the clauses it
// holds, the words from the rule texts with file and paragraph, or the first clause's paraphrase and
// why the words are not there.
json quotes_of(const std::string& game, const json& ids, const GameRules* g, rulebook::ClauseQuoter& quoter) {
  json quotes = json::array();
  for (const auto& c : ids) {
    const std::string id = c.get<std::string>();
    const rulebook::Quote q = quoter.quote(game, id);
    // Clauses of one paragraph share one quote.
    bool merged = false;
    for (auto& e : quotes)
      if (q.paragraph > 0 && e["file"] == q.text_file && e["paragraph"] == q.paragraph) {
        e["clauses"].push_back(id);
        add_operative(e, q);
        merged = true;
      }
    if (merged) continue;
    json entry{{"clauses", json::array({id})}, {"file", q.text_file}, {"paragraph", q.paragraph}};
    const auto clause = g ? g->clauses.find(id) : std::map<std::string, Clause>::const_iterator{};
    entry["paraphrase"] = g && clause != g->clauses.end() ? clause->second.paraphrase : "";
    if (q.why_not.empty()) {
      entry["words"] = q.words;
      entry["lines"] = q.lines;
      add_operative(entry, q);
      if (q.changed) entry["changed"] = true;  // the text is not the one the index was written from
    } else {
      entry["not_quoted"] = q.why_not;
    }
    quotes.push_back(std::move(entry));
  }
  return quotes;
}

// Where the rule texts were looked for: {"found", "folder", "origin"} or {"found": false, "why"}.
json texts_record(const rulebook::ClauseQuoter& quoter) {
  const auto& texts = quoter.texts();
  if (texts.dir) return {{"found", true}, {"folder", texts.dir->string()}, {"origin", texts.origin}};
  return {{"found", false}, {"why", texts.why_none}};
}

// Each finding in the rulebook's words: its clauses quoted from the rule texts with file and
// paragraph ("quotes", one per paragraph with the clauses it holds; the paraphrase of its first
// clause stands in, with why, when the text is not there), and for a
// declared point its question, its default reading and what each reading takes the text to mean.
// Returns where the texts were looked for: {"found", "folder", "origin"} or {"found": false, "why"}.
json add_rulebook_words(json& findings, const RulesLibrary& library, rulebook::ClauseQuoter& quoter) {
  for (auto& f : findings) {
    const std::string game = f.value("game", "");
    const GameRules* g = library.find(game);
    json quotes = quotes_of(game, f["clauses"], g, quoter);
    f["quotes"] = std::move(quotes);
    const InterpretationPoint* point = g && !f.value("new", false) ? g->point(f.value("point", "")) : nullptr;
    if (!point) continue;
    f["question"] = point->question;
    f["default_reading"] = point->default_reading;
    for (auto& s : f["scenarios"]) {
      const std::string reading = s.value("reading", "");
      s["default"] = reading == point->default_reading;
      const auto says = point->reading_says.find(reading);
      if (says != point->reading_says.end()) s["reading_says"] = says->second;
    }
  }
  return texts_record(quoter);
}

// Each contradiction found in the rulebook's words: its clauses quoted ("quotes", as a finding's).
void add_contradiction_words(json& contradictions, const RulesLibrary& library, rulebook::ClauseQuoter& quoter) {
  for (auto& c : contradictions) {
    const std::string game = c.value("game", "");
    if (c.contains("found"))
      for (auto& x : c["found"]) x["quotes"] = quotes_of(game, x.value("clauses", json::array()), library.find(game), quoter);
    if (c.contains("stated_numbers") && c["stated_numbers"].contains("contradictions"))
      for (auto& x : c["stated_numbers"]["contradictions"])
        x["quotes"] = quotes_of(game, x.value("clauses", json::array()), library.find(game), quoter);
  }
}

// Quotes on the console, one line each: where, the clauses, and the words (or our words).
void print_quotes(const json& quotes) {
  for (const auto& q : quotes) {
    const std::string where = fmt::format("{} paragraph {}", q.value("file", ""), q.value("paragraph", 0));
    const std::string clauses = fmt::format("{}", fmt::join(q["clauses"].get<std::vector<std::string>>(), ", "));
    if (q.contains("words"))
      fmt::print("         {} ({}){}: \"{}\"\n", where, clauses,
                 q.value("changed", false) ? " [changed since the clause index]" : "", printable(q.value("words", "")));
    else
      fmt::print("         {} ({}), in our words: {}\n", where, clauses, printable(q.value("paraphrase", "")));
  }
}

// One finding on the console: the point and title, the rule's words (quoted, or the paraphrase
// with the paragraph), the step in words, and each reading (the default marked) with what it takes
// the text to mean and its outcome in the game's terms.
void print_finding(const json& f) {
  fmt::print("{} {} (size {}): {}\n",
             !f.value("new", false)  ? "witness "
             : f.contains("settled") ? "settled "
                                     : "NEW     ",
             f.value("point", ""), f.value("size", 0), printable(f.value("title", "")));
  if (f.contains("settled")) fmt::print("         settled ({})\n", printable(f.value("settled", "")));
  if (f.contains("convention"))
    fmt::print("         decided by convention {} (no words of the texts decide it): {}\n",
               f.value("convention", ""), printable(f.value("convention_choice", "")));
  if (f.value("found_by_search", false))
    fmt::print("         found by the literal search{}\n",
               f.contains("signature") ? " (signature " + f.value("signature", "") + ")" : "");
  if (f.contains("words_changed"))
    fmt::print("         the words of {} changed in the texts given: this witness was found from the old words\n",
               fmt::join(f["words_changed"].get<std::vector<std::string>>(), ", "));
  print_quotes(f["quotes"]);
  if (f.contains("step_in_words")) fmt::print("         step: {}\n", printable(f.value("step_in_words", "")));
  for (const auto& s : f["scenarios"]) {
    const std::string reading = s.value("reading", "");
    fmt::print("         {} {}{}\n", s.value("default", false) ? "*" : "-",
               reading + (s.value("default", false) ? " (default)" : ""),
               s.contains("reading_says") ? ": " + printable(s.value("reading_says", "")) : "");
    std::string outcome = s.value("outcome_in_words", "");
    if (s.contains("changes_in_words")) {
      std::vector<std::string> changes = s["changes_in_words"].get<std::vector<std::string>>();
      outcome += changes.empty() ? ": nothing changes" : ": " + fmt::format("{}", fmt::join(changes, "; "));
    }
    fmt::print("             -> {}\n", printable(outcome));
  }
  if (const json& ruleset = f["scenarios"].empty() ? json() : f["scenarios"][0]["scenario"]["ruleset"];
      ruleset.is_object() && !ruleset.empty())
    fmt::print("         under the ruleset override {}\n", ruleset.dump());
  if (const json& carried = f["scenarios"].empty() ? json() : f["scenarios"][0]["scenario"]["interpretations"];
      carried.is_object())
    for (const auto& [other, reading] : carried.items())
      if (other != f.value("point", "") && reading.is_string())
        fmt::print("         under the reading {} of {} (the board depends on it)\n", reading.get<std::string>(), other);
}

// The discovery findings the rule data dismisses (rules/<game>/dismissed.json, keyed by signature):
// each such record is marked settled with the reason. A missing file dismisses nothing; a file that
// does not read is bad input naming the file.
void mark_dismissed(json& found, const std::filesystem::path& rules, const std::string& game) {
  const std::filesystem::path file = rules / game / "dismissed.json";
  if (!std::filesystem::exists(file)) return;
  const json data = read_json_file(file);
  if (!data.is_object() || !data.contains("dismissed") || !data["dismissed"].is_array())
    throw InputError(file.string(),
                     "expected an object with a \"dismissed\" array (rules/schema/dismissed.schema.json)");
  for (auto& f : found) {
    const std::string signature = f.value("signature", "");
    if (signature.empty()) continue;
    for (const auto& d : data["dismissed"])
      if (d.is_object() && d.value("signature", "") == signature) {
        f["settled"] = "dismissed: " + d.value("reason", std::string());
        f["dismissed_reason"] = d.value("reason", std::string());
      }
  }
}

// Each finding resting on a clause whose words changed in the texts given ("reread"): "words_changed"
// lists those clauses (its witness was found from the encoding of the old words).
void mark_words_changed(json& findings, const json& contradictions) {
  for (auto& f : findings) {
    json changed = json::array();
    for (const auto& c : contradictions)
      if (c.value("game", "") == f.value("game", ""))
        for (const auto& r : c.value("reread", json::array()))
          for (const auto& id : f.value("clauses", json::array()))
            if (id == r["clause"]) changed.push_back(id);
    if (!changed.empty()) f["words_changed"] = changed;
  }
}

// How a finding sorts: new and unsettled first, then settled new ones, then the declared points.
int finding_rank(const json& f) {
  if (!f.value("new", false)) return 2;
  return f.contains("settled") ? 1 : 0;
}

// ambiguities --edited FILE: the ruleset keys it changes, read once before any search.
json read_edited(const std::string& file) {
  if (file.empty()) return json::object();
  json doc;
  try {
    doc = read_json_file(file);
  } catch (const InputError& e) {
    throw InputError("--edited", fmt::format("--edited {}: {}", file, e.what()));
  }
  if (!doc.is_object())
    throw InputError("--edited", fmt::format("--edited {}: expected a JSON object of ruleset keys", file));
  return doc;
}

// The keys of `edited` for `game` (nothing when the file names another game).
json edited_keys(const json& edited, const std::string& game) {
  if (edited.contains("game") && edited["game"] != game) return json::object();
  return edited;
}

// The contradiction search's record, in the console's words.
void print_contradictions(const json& c) {
  const std::string game = c.value("game", "");
  const std::string status = c.value("status", "");
  print_texts_record(c);
  for (const auto& x : c.value("found", json::array())) {
    std::vector<std::string> clauses = x.value("clauses", std::vector<std::string>{});
    fmt::print("CONTRADICTION {} {}: {} cannot all hold\n         {}\n         {}\n", game, x.value("probe", ""),
               fmt::join(clauses, " + "), x.value("title", ""), x.value("note", ""));
    print_quotes(x.value("quotes", json::array()));
  }
  // The literal search reads the encoding written from the texts as the clause index has them, never
  // the texts given: its "none" is not the texts' when their numbers contradict or their words changed.
  const json numbers = c.value("stated_numbers", json::object());
  const std::size_t stated = numbers.value("open", std::size_t{0}), reread = c.value("reread", json::array()).size();
  const std::string texts =
      !numbers.value("checked", false)
          ? fmt::format("the stated numbers not checked ({})", numbers.value("why_not", ""))
          : fmt::format("the stated numbers of the texts given: {} read, {} contradiction(s) (above){}", numbers.value("read", 0),
                        numbers.value("contradictions", json::array()).size(),
                        stated ? fmt::format(", {} not recorded as known", stated) : "");
  const std::string words =
      reread ? fmt::format("; {} clause(s) whose words changed, not read by any search (RE-READ above)", reread) : "";
  if (status == "none" && (stated || reread))
    fmt::print("contradictions {}: the literal search found none among the clause index's texts (the encoding's {} "
               "probe(s) can all hold, proved; scope: {}); {}{}\n",
               game, c.value("probes", 0), c.value("scope", ""), texts, words);
  else if (status == "none")
    fmt::print("none     {} contradictions: the literal constraints of each of {} probe(s) can all hold on some board "
               "(proved); scope: {}; {}{}\n",
               game, c.value("probes", 0), c.value("scope", ""), texts, words);
  else if (status == "absent")
    fmt::print("contradictions {}: no literal encoding to search; {}{}\n", game, texts, words);
  else if (status != "found" || c.contains("reason"))
    fmt::print("{:8} {} contradictions: not decided: {}\n", status == "found" ? "unknown" : status, game,
               c.value("reason", ""));
}

}  // namespace

int ambiguities_command(const Context& context, const SolverArgs& args) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the searches in flight stop; what was found is reported
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  json findings = json::array();
  json questions = json::array();  // one per question: {game, point, new, status, scope, reason?}
  json undecided = json::array();  // {point, kind, reason}: searches that ended unknown or interrupted
  json contradictions = json::array();  // per game with a literal encoding: the contradiction search
  const json edited = read_edited(args.edited);
  const auto started = std::chrono::steady_clock::now();
  std::size_t declared = 0;
  std::vector<std::string> none_points;  // declared points whose search proved there is no witness
  // --edited: the encoding reads the edited numbers; the rule texts keep stating today's. Every
  // game's ruleset is read (its keys checked against each other) before any search starts.
  std::map<std::string, json> rulesets;
  for (const GameRules* g : games_asked(*library, args.games)) {
    try {
      rulesets[g->game] = g->checked_ruleset(edited_keys(edited, g->game));
    } catch (const InputError& e) {
      if (args.edited.empty()) throw;
      throw InputError("--edited", fmt::format("--edited {}: {}", args.edited, e.what()));
    }
  }
  // The rule texts: quoted, and read for what they state (cli/ambiguities_texts.hpp).
  const rulebook::TextFolder texts_found = rulebook::find_text_folder(
      rulebook::text_folder_choice(args.text), rulebook::Project::of_rules_folder(context.rules()));
  if (texts_found.given_missing) throw InputError("--text", texts_found.why_none);
  for (const GameRules* g : games_asked(*library, args.games)) {
    const Game* game = find_game(g->game);
    if (args.format == "console")
      fmt::print(stderr, "{}: searching ({} interpretation points)...\n", g->game, g->points.size());
    const json& ruleset = rulesets.at(g->game);
    json found = game->ambiguities(ruleset, g->readings(json::object()), args.rlimit,
                                   args.no_discovery ? LiteralSearch::skip
                                   : args.full     ? LiteralSearch::full
                                                   : LiteralSearch::run,
                                   g->clause_ids());
    json c = game->contradictions(ruleset, g->merged_ruleset(json::object()), g->readings(json::object()), args.rlimit);
    if (c.is_null()) c = {{"game", g->game}, {"status", "absent"}};  // no literal encoding to search
    c.update(texts_record(*g, *game, context.rules(), texts_found, ruleset));
    contradictions.push_back(std::move(c));
    declared += g->points.size();
    // A declared point no search answered (none is written for it) is not decided either.
    for (const auto& p : g->points) {
      bool seen = false;
      for (const auto& f : found) seen = seen || f.value("point", "") == p.id;
      if (!seen)
        found.push_back({{"game", g->game},
                         {"point", p.id},
                         {"kind", "unknown"},
                         {"new", false},
                         {"note", "no search is written for this point"},
                         {"scope", ""},
                         {"found_by_search", false}});
    }
    mark_dismissed(found, context.rules(), g->game);
    mark_conventions(found, context.rules(), g->game);
    for (auto& f : found) {
      const std::string status = question_status(f);
      json q{
          {"game", g->game},  {"point", f.value("point", "")}, {"new", f.value("new", false)},
          {"status", status}, {"scope", f.value("scope", "")}, {"found_by_search", f.value("found_by_search", false)}};
      if (f.contains("settled")) q["settled"] = f["settled"];
      if (f.contains("convention")) q["convention"] = f["convention"];
      if (status == "witness") {
        q["kind"] = f.value("kind", "");
        q["size"] = f.value("size", 0);
      }
      if (status == "unknown" || status == "interrupted") {
        q["reason"] = f.value("note", "");
        undecided.push_back({{"point", f.value("point", "")}, {"kind", status}, {"reason", f.value("note", "")}});
      }
      if (status == "none" && !f.value("new", false)) {
        none_points.push_back(f.value("point", ""));
        q["reason"] = f.value("note", "");  // why no board parts the readings (a question play cannot raise)
      }
      // A discovery search's end: what it found, and what it met and did not find on its shapes.
      if (status == "none" && f.value("new", false) && f.value("point", "").find(".discovery.") != std::string::npos)
        q["reason"] = f.value("note", "");
      questions.push_back(std::move(q));
      if (status == "witness") findings.push_back(std::move(f));
    }
  }
  rulebook::ClauseQuoter quoter(rulebook::Project::of_rules_folder(context.rules()), texts_found);
  mark_words_changed(findings, contradictions);
  const json texts = add_rulebook_words(findings, *library, quoter);
  add_contradiction_words(contradictions, *library, quoter);
  // New findings (not a declared point) first, the unsettled before the settled.
  std::stable_sort(findings.begin(), findings.end(),
                   [](const json& a, const json& b) { return finding_rank(a) < finding_rank(b); });
  const double seconds = seconds_since(started);
  if (!args.output_dir.empty()) {
    const std::filesystem::path dir(args.output_dir);
    // A new finding's scenarios: only the outcome the oracle gives today (no reading names the other).
    // This run's only: the previous run's are removed (common/owned_files.hpp), so that `rulecheck run
    // DIR` replays this search, not two.
    std::vector<OwnedFile> scenarios;
    for (const auto& f : findings)
      for (const auto& s : f["scenarios"])
        if (!f.value("new", false) || s.value("reading", "") == f.value("oracle_today", ""))
          scenarios.push_back(scenario_file(s["scenario"]));
    replace_owned_files(dir, ".rulecheck-ambiguities-written", scenarios);
    std::ostringstream md, html;
    write_designer_markdown(md, findings, questions, contradictions, texts);
    write_designer_html(html, findings, questions, contradictions, texts);
    write_file_atomically(dir / "ambiguities.md", md.str());
    write_file_atomically(dir / "ambiguities.html", html.str());
  }
  // The literal search's tally: new findings (open, and settled in the rule data), declared points it
  // re-found, and those it did not.
  // A new finding a listed convention decides is a silence somebody listed (the convention), shown open
  // to the designer beside the points, but not a new finding: it does not fail the run.
  std::size_t fresh = 0, settled = 0, by_convention = 0, refound = 0, not_refound = 0;
  for (const auto& q : questions) {
    if (q.value("new", false) && q.value("status", "") == "witness")
      (q.contains("settled") ? settled : q.contains("convention") ? by_convention : fresh)++;
    if (!q.value("new", false)) (q.value("found_by_search", false) ? refound : not_refound)++;
  }
  std::size_t witnesses = 0, nones = 0, unknowns = 0, stopped = 0;
  for (const auto& q : questions) {
    const std::string status = q.value("status", "");
    (status == "witness" ? witnesses : status == "none" ? nones : status == "unknown" ? unknowns : stopped)++;
  }
  for (const auto& c : contradictions)
    if (c.value("status", "") == "unknown" || (c.value("status", "") == "found" && c.contains("reason"))) ++unknowns;
  // What makes the exit status 1 besides an undecided question: a contradiction (of the stated
  // numbers of the texts given, not recorded as known; or found by the literal search), an open new
  // finding, or words of the texts given that no search reads (whether they contradict is not decided).
  const std::size_t stated_open = open_stated_contradictions(contradictions),
                    literal_found = literal_contradictions(contradictions), reread = clauses_to_reread(contradictions);
  std::size_t known = 0;
  for (const auto& c : contradictions)
    for (const auto& x : c.value("stated_numbers", json::object()).value("contradictions", json::array())) known += x.value("known", false);
  const bool failed = unknowns || stated_open || literal_found || fresh || reread;
  if (args.format == "json") {
    json out{
        {"contradictions", contradictions},
        {"findings", findings},
        {"questions", questions},
        {"counts",
         {{"witness", witnesses},
          {"none", nones},
          {"unknown", unknowns},
          {"interrupted", stopped},
          {"contradictions", stated_open + literal_found},
          {"stated_number_contradictions", stated_open},
          {"literal_contradictions", literal_found},
          {"known_contradictions", known},
          {"open_findings", fresh},
          {"decided_by_convention", by_convention},
          {"clauses_to_reread", reread}}},
        {"seconds", seconds},
        {"discovery", args.no_discovery ? json{{"run", false}}
                                        : json{{"run", true},
                                               {"full", args.full},
                                               {"new", fresh},
                                               {"decided_by_convention", by_convention},
                                               {"settled", settled},
                                               {"declared_refound", refound},
                                               {"declared_not_refound", not_refound}}},
        {"unknown", undecided},
        {"rule_texts", texts}};
    // Declared points whose search proved no board of its scope has a witness.
    out[interrupted() ? "no_witness_before_interruption" : "missed"] = none_points;
    if (interrupted()) out["stopped"] = interrupt_name();
    fmt::print("{}\n", out.dump(2));
  } else {
    for (const auto& f : findings) print_finding(f);
    std::size_t probes_none = 0;
    for (const auto& q : questions) {
      const std::string status = q.value("status", "");
      if (status == "witness") continue;
      if (status == "none" && q.value("new", false)) {
        ++probes_none;  // a search for new findings that found none: counted below
        continue;
      }
      if (status == "none")
        fmt::print("none     {}: no board in the scope separates the readings (proved){}; scope: {}\n",
                   q.value("point", ""), q.value("reason", "").empty() ? "" : ": " + q.value("reason", ""),
                   q.value("scope", ""));
      else
        fmt::print("{:8} {}: not decided: {}\n", status, q.value("point", ""), q.value("reason", ""));
    }
    if (probes_none)
      fmt::print("none     {} search(es) for new findings found nothing on their boards (proved; what each asks and "
                 "its scope: --format json, \"questions\")\n",
                 probes_none);
    for (const auto& c : contradictions) print_contradictions(c);
    fmt::print("\n{} finding(s) for {} declared point(s) in {:.2f} s; of {} question(s): {} witness, {} none, {} unknown",
               findings.size(), declared, seconds, questions.size(), witnesses, nones, unknowns);
    if (stopped) fmt::print(", {} interrupted", stopped);
    if (args.no_discovery)
      fmt::print("; literal search: not run (--no-discovery)");
    else
      fmt::print("; literal search: {} new, {} decided by a listed convention, {} settled, {} declared point(s) "
                 "re-found, {} not",
                 fresh, by_convention, settled, refound, not_refound);
    if (interrupted()) fmt::print("; interrupted by {}: the search stopped there", interrupt_name());
    if (unknowns) fmt::print("; NOT DECIDED: {} question(s) unknown (exit 1)", unknowns);
    fmt::print("\n");
    fmt::print("contradictions: {} ({} of the stated numbers of the texts given, {} found by the literal search){}{}; "
               "open new findings: {}{}{}\n",
               stated_open + literal_found, stated_open, literal_found,
               known ? fmt::format(", {} known (recorded in rules/<game>/numbers.json)", known) : "",
               texts.value("found", false) ? "" : " (no rule texts: the stated numbers were not checked)", fresh,
               reread ? fmt::format("; {} clause(s) whose words changed, to re-read", reread) : "",
               failed && !unknowns ? " (exit 1)" : "");
    if (texts.value("found", false))
      fmt::print("rule texts quoted from {} ({})\n", texts.value("folder", ""), texts.value("origin", ""));
    else
      fmt::print("rule texts not found, so each clause is given in our words with its paragraph: {}\n",
                 texts.value("why", ""));
    if (!args.output_dir.empty())
      fmt::print("report: {}/ambiguities.md and ambiguities.html; one scenario per reading beside them\n",
                 args.output_dir);
  }
  if (interrupted()) return interrupted_exit();
  return failed ? kFailed : kOk;
}

}  // namespace rulecheck::cli

// `rulecheck prove` and `rulecheck ambiguities`: the Z3 layer's proofs of rule invariants and the
// designer's ambiguity witnesses, per game, under a ruleset and readings (the defaults).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/strength_print.hpp"
#include "cli/vacuity_print.hpp"
#include "common/atomic_write.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/owned_files.hpp"
#include "games/registry.hpp"
#include "harness/interrupt.hpp"
#include "reports/designer.hpp"
#include "rulebook/quotes.hpp"

namespace rulecheck::cli {

namespace {

struct SolverArgs {
  std::vector<std::string> games;
  std::string format = "console";
  std::string output_dir;
  unsigned rlimit = 50'000'000;
  bool strength = false;  // prove --strength
  std::string text;       // ambiguities --text: the folder of rule texts to quote
  std::string edited;     // ambiguities --edited: the ruleset keys the encoding reads changed
  bool no_discovery = false;  // ambiguities --no-discovery: not the literal search for new findings
};

// The games asked for (all by default), each with its rules; nothing when one is unknown.
std::vector<const GameRules*> games_asked(const RulesLibrary& library, const std::vector<std::string>& names) {
  std::vector<const GameRules*> out;
  if (names.empty()) {
    for (const auto& [name, g] : library.games()) out.push_back(&g);
    return out;
  }
  for (const auto& name : names) {
    const GameRules* g = library.find(name);
    if (!g) throw InputError("--game", fmt::format("no game \"{}\" (rules/<game>/ for each known game)", name));
    out.push_back(g);
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// A scenario as a file of an output folder: named for its id, '/' written '_'.
OwnedFile scenario_file(const json& scenario) {
  std::string id = scenario.value("id", "finding");
  for (char& c : id)
    if (c == '/') c = '_';
  return {id + ".json", scenario.dump(2) + "\n"};
}

// The exit status of a command a signal stopped: as a shell reports a command its signal ended.
int interrupted_exit() { return 128 + interrupted(); }

// One proof record on the console: status and id, the claim, what it covers, the clauses, and (when
// not proved) why; under --strength the misreadings that break it.
void print_proof(const json& r, const std::string& status) {
  fmt::print("{:8} {}\n         {}\n         {}: {}\n         clauses: {}\n", status, r.value("id", ""),
             printable(r.value("claim", "")), r.value("scope", ""), printable(r.value("covers", "")),
             fmt::join(r["clauses"].get<std::vector<std::string>>(), ", "));
  if (status != "proved") fmt::print("         {}\n", printable(r.value("detail", "")));
  print_vacuity(r);
  if (!r.contains("killed_by")) return;
  const auto& killed = r["killed_by"];
  if (killed.empty())
    fmt::print("         HOLLOW: no misreading of its clauses breaks it ({} tried)\n", r["survived"].size());
  else
    fmt::print("         killed by {} of {} misreading(s): {}\n", killed.size(), killed.size() + r["survived"].size(),
               fmt::join(killed.get<std::vector<std::string>>(), "; "));
}

int prove_command(const Context& context, const SolverArgs& args) {
  catch_interrupts();  // SIGINT, SIGTERM, SIGHUP, ...: the checks in flight stop; what was decided is reported
  auto library = context.load_rules();
  if (!library) return kCannotRun;
  json all = json::array();
  std::size_t proved = 0, refuted = 0, unknown = 0, vacuous = 0, stopped = 0, unbounded = 0, bounded = 0, hollow = 0;
  std::vector<OwnedFile> counterexamples;
  json clause_strength = json::array();  // --strength: per clause of the sections written as one relation
  const auto started = std::chrono::steady_clock::now();
  for (const GameRules* g : games_asked(*library, args.games)) {
    const Game* game = find_game(g->game);
    const auto t = std::chrono::steady_clock::now();
    const json ruleset = g->merged_ruleset(json::object()), readings = g->readings(json::object());
    json records = json::array();
    if (args.strength) {
      json answer = game->prove_strength(ruleset, readings, args.rlimit);
      records = std::move(answer["proofs"]);
      for (auto& c : answer["clauses"]) clause_strength.push_back(std::move(c));
    } else {
      records = game->prove(ruleset, readings, args.rlimit);
    }
    const double seconds = seconds_since(t);
    for (auto& r : records) {
      const std::string status = r.value("status", "unknown");
      (status == "proved"        ? proved
       : status == "refuted"     ? refuted
       : status == "interrupted" ? stopped
       : status == "vacuous"     ? vacuous
                                 : unknown)++;
      const bool is_unbounded = r.value("scope", "") == "unbounded";
      ++(is_unbounded ? unbounded : bounded);
      if (r.value("hollow", false)) ++hollow;
      if (args.format == "console") print_proof(r, status);
      if (!r["counterexample"].is_null()) counterexamples.push_back(scenario_file(r["counterexample"]));
      all.push_back(std::move(r));
    }
    if (args.format == "console") fmt::print("{}: {} proof(s) in {:.3f} s\n\n", g->game, records.size(), seconds);
  }
  const double seconds = seconds_since(started);
  // This run's counterexamples only: the previous run's are removed (common/owned_files.hpp).
  if (!args.output_dir.empty()) replace_owned_files(args.output_dir, ".rulecheck-prove-written", counterexamples);
  if (args.format == "json") {
    json summary{{"proofs", all},       {"proved", proved},       {"refuted", refuted}, {"unknown", unknown},
                 {"vacuous", vacuous},   {"unbounded", unbounded}, {"bounded", bounded}, {"seconds", seconds}};
    if (args.strength) {
      summary["hollow"] = hollow;
      summary["clauses"] = clause_strength;
      summary["strength"] = strength_totals(clause_strength);
    }
    if (interrupted()) {
      summary["interrupted"] = stopped;
      summary["stopped"] = interrupt_name();
    }
    fmt::print("{}\n", summary.dump(2));
  } else {
    if (args.strength) print_clause_strength(clause_strength);
    fmt::print("scopes: {} unbounded (boards of any size), {} bounded (each states its bound){}\n", unbounded, bounded,
               args.strength ? fmt::format("; hollow (no misreading breaks it): {}", hollow) : "");
    fmt::print(
        "{} proved, {} refuted, {} unknown, {} vacuous{} in {:.3f} s{}\n", proved, refuted, unknown, vacuous,
        interrupted() ? fmt::format(", {} interrupted (by {})", stopped, interrupt_name()) : "", seconds,
        refuted && args.output_dir.empty() ? " (--output-dir DIR writes each counterexample as a scenario)" : "");
  }
  if (interrupted()) return interrupted_exit();
  return refuted || unknown || vacuous || hollow ? kFailed : kOk;
}

// How one question of the ambiguity search ended, from its record: "witness" (a finding),
// "none" (proved: no board of its scope has one), "unknown" or "interrupted" (not decided).
std::string question_status(const json& record) {
  const std::string kind = record.value("kind", "");
  return kind == "none" || kind == "unknown" || kind == "interrupted" ? kind : "witness";
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
        merged = true;
      }
    if (merged) continue;
    json entry{{"clauses", json::array({id})}, {"file", q.text_file}, {"paragraph", q.paragraph}};
    const auto clause = g ? g->clauses.find(id) : std::map<std::string, Clause>::const_iterator{};
    entry["paraphrase"] = g && clause != g->clauses.end() ? clause->second.paraphrase : "";
    if (q.why_not.empty()) {
      entry["words"] = q.words;
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
    if (!c.contains("found")) continue;
    for (auto& x : c["found"]) x["quotes"] = quotes_of(game, x.value("clauses", json::array()), library.find(game), quoter);
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
  if (f.value("found_by_search", false))
    fmt::print("         found by the literal search{}\n",
               f.contains("signature") ? " (signature " + f.value("signature", "") + ")" : "");
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
  for (const auto& x : c.value("found", json::array())) {
    std::vector<std::string> clauses = x.value("clauses", std::vector<std::string>{});
    fmt::print("CONTRADICTION {} {}: {} cannot all hold\n         {}\n         {}\n", game, x.value("probe", ""),
               fmt::join(clauses, " + "), x.value("title", ""), x.value("note", ""));
    print_quotes(x.value("quotes", json::array()));
  }
  if (status == "none")
    fmt::print("none     {} contradictions: the literal constraints of each of {} probe(s) can all hold on some board "
               "(proved); scope: {}\n",
               game, c.value("probes", 0), c.value("scope", ""));
  else if (status != "found" || c.contains("reason"))
    fmt::print("{:8} {} contradictions: not decided: {}\n", status == "found" ? "unknown" : status, game,
               c.value("reason", ""));
}

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
  for (const GameRules* g : games_asked(*library, args.games)) {
    const Game* game = find_game(g->game);
    if (args.format == "console")
      fmt::print(stderr, "{}: searching ({} interpretation points)...\n", g->game, g->points.size());
    const json& ruleset = rulesets.at(g->game);
    json found = game->ambiguities(ruleset, g->readings(json::object()), args.rlimit,
                                   args.no_discovery ? LiteralSearch::skip : LiteralSearch::run);
    json c = game->contradictions(ruleset, g->merged_ruleset(json::object()), g->readings(json::object()), args.rlimit);
    if (!c.is_null()) contradictions.push_back(std::move(c));
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
    for (auto& f : found) {
      const std::string status = question_status(f);
      json q{
          {"game", g->game},  {"point", f.value("point", "")}, {"new", f.value("new", false)},
          {"status", status}, {"scope", f.value("scope", "")}, {"found_by_search", f.value("found_by_search", false)}};
      if (f.contains("settled")) q["settled"] = f["settled"];
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
      questions.push_back(std::move(q));
      if (status == "witness") findings.push_back(std::move(f));
    }
  }
  rulebook::ClauseQuoter quoter(rulebook::Project::of_rules_folder(context.rules()),
                                rulebook::find_text_folder(rulebook::text_folder_choice(args.text),
                                                           rulebook::Project::of_rules_folder(context.rules())));
  if (quoter.texts().given_missing) throw InputError("--text", quoter.texts().why_none);
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
  std::size_t fresh = 0, settled = 0, refound = 0, not_refound = 0;
  for (const auto& q : questions) {
    if (q.value("new", false) && q.value("status", "") == "witness") (q.contains("settled") ? settled : fresh)++;
    if (!q.value("new", false)) (q.value("found_by_search", false) ? refound : not_refound)++;
  }
  std::size_t witnesses = 0, nones = 0, unknowns = 0, stopped = 0;
  for (const auto& q : questions) {
    const std::string status = q.value("status", "");
    (status == "witness" ? witnesses : status == "none" ? nones : status == "unknown" ? unknowns : stopped)++;
  }
  for (const auto& c : contradictions)
    if (c.value("status", "") == "unknown" || (c.value("status", "") == "found" && c.contains("reason"))) ++unknowns;
  if (args.format == "json") {
    json out{
        {"contradictions", contradictions},
        {"findings", findings},
        {"questions", questions},
        {"counts", {{"witness", witnesses}, {"none", nones}, {"unknown", unknowns}, {"interrupted", stopped}}},
        {"seconds", seconds},
        {"discovery", args.no_discovery ? json{{"run", false}}
                                        : json{{"run", true},
                                               {"new", fresh},
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
      fmt::print("; literal search: {} new, {} settled, {} declared point(s) re-found, {} not", fresh, settled,
                 refound, not_refound);
    if (interrupted()) fmt::print("; interrupted by {}: the search stopped there", interrupt_name());
    if (unknowns) fmt::print("; NOT DECIDED: {} question(s) unknown (exit 1)", unknowns);
    fmt::print("\n");
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
  return unknowns ? kFailed : kOk;
}

void add_common(CLI::App* cmd, SolverArgs& args) {
  cmd->add_option("--game", args.games, "Only this game (repeatable; default: every game)");
  cmd->add_option("--format", args.format, "console (readable) or json")
      ->check(CLI::IsMember({"console", "json"}))
      ->capture_default_str();
  add_number(*cmd, "--rlimit", args.rlimit,
                  "Z3's work limit per question (its rlimit: a count of steps, the same on every machine); a "
                  "question that needs more is reported unknown, never passed")
      ->capture_default_str();
}

template <typename F>
void guarded(Context& context, F&& f) {
  try {
    context.exit_code = f();
  } catch (const InputError& e) {
    fmt::print(stderr, "rulecheck: {}\n", e.what());
    context.exit_code = kBadInput;
  }
}

}  // namespace

void add_solver_commands(CLI::App& app, Context& context) {
  auto prove = std::make_shared<SolverArgs>();
  CLI::App* p = app.add_subcommand(
      "prove",
      "Prove each rule invariant with the Z3 encoding of the rules (tokens conserved, never well fed to dead, "
      "counts never negative, stacking, hostility, popularity bounds, ...). Each proof says what it covers: "
      "\"unbounded\" (boards of any size, every action of its kinds with symbolic parameters) or \"bounded\" "
      "(exactly the boards and actions it names, nothing beyond). Messina's Consumption, stacking and Friendly "
      "Area pages and Scythe's movement are each one relation of constraints tagged by clause, and their proofs "
      "are theorems of it whose claims read only the state before and after; Consumption's relation is also the "
      "one that judges engines' outcomes (run --with-solver, fuzz --with-solver, alternative/disputed verdicts), "
      "built over the board asked about. The other sections' membership checks and Messina's remaining proofs "
      "(Muster's Energy and tokens, placements, cards, states play reaches) still run on separate encodings "
      "written from the same clauses: docs/solver.md, \"What is proved\". Each proved claim is checked not to be "
      "vacuous, in three parts, each a Z3 check per question: (a) its premises hold on a board play can reach (the "
      "game's reachable invariants), (b) its action is legal there, (c) on some board the action does what the "
      "claim is about; the console says \"non-vacuous: reachable board, guard, antecedent\" or which part failed "
      "(JSON \"vacuity_check\"), and a proof with a failed part is \"vacuous\", never proved. A refuted "
      "invariant gets a counterexample scenario. Exit 1 when any is refuted, unknown (a question over its budget, "
      "or too large to build: the detail says why), vacuous or, under --strength, hollow; 3 when the rules folder cannot be loaded, 130/143 when "
      "SIGINT/SIGTERM stopped it (the proofs decided are reported, the rest \"interrupted\")");
  add_common(p, *prove);
  p->add_flag("--strength", prove->strength,
              "Also measure how much the proofs depend on the clauses: each relation is mutated generically (each "
              "tagged constraint dropped, each integer comparison weakened and strengthened by one, each ruleset "
              "number one off, each reading swapped; mutants equivalent to the text are found by the solver and "
              "not counted) and every theorem asked under each mutant. Per clause (console; JSON \"clauses\" "
              "with \"killed_by\" and \"survived\"): which proofs kill its mutants, which mutants survive, and "
              "how many clauses are protected. A proof no mutant breaks is reported hollow (exit 1). The proofs not "
              "yet written over a relation are asked under their hand-written catalogues of misreadings");
  p->add_option("--output-dir", prove->output_dir, "Write each counterexample here as a scenario file")
      ->check(output_folder_check());
  p->callback([&context, prove] { guarded(context, [&] { return prove_command(context, *prove); }); });

  auto amb = std::make_shared<SolverArgs>();
  CLI::App* a = app.add_subcommand(
      "ambiguities",
      "For the rulebook's designer: for every interpretation point, the smallest board where its readings give "
      "different outcomes (Z3 Optimize over tokens, units and spaces), with a scenario per reading and a report; "
      "then the literal encoding's search for what nobody declared (steps the words alone leave with two outcomes "
      "or none: new findings, first in the report, each re-finding a declared point or settled in "
      "rules/<game>/dismissed.json), and the contradiction search (sentences that cannot all hold on a board play "
      "can reach). Each point (and each search for new findings) ends one of: a witness; none (the solver proved that no board "
      "of the scope it names separates the readings); unknown (not decided, with why: the work limit reached, a "
      "board too large, the solver's memory, ...). Exit 0 when every question was decided, 1 when any is unknown "
      "(as prove), 3 when the rules folder cannot be loaded, 130/143 when SIGINT/SIGTERM stopped it (what was "
      "decided is reported, the rest \"interrupted\")");
  add_common(a, *amb);
  a->add_option("--text", amb->text,
                "The folder of rule texts whose sentences the report quotes (default: $RULECHECK_RULE_TEXTS, else "
                "../shared/rules beside the project); without one each clause is given in our words with its "
                "paragraph number");
  a->add_option("--edited", amb->edited,
                "An edited ruleset (rules/<game>/ruleset.json, whole or only the keys it changes, as diff --edited): "
                "the searches read its numbers while the rule texts keep stating today's, so the contradiction "
                "search reports each sentence that restates a number the edit changed (stacking_map 6 against a "
                "location's total of 5 + 2)");
  a->add_flag("--no-discovery", amb->no_discovery,
              "Only the declared points, the open-outcome probes and the contradiction search: not the literal "
              "encoding's search for new findings (the slow part), so no point is marked found by the search");
  a->add_option("--output-dir", amb->output_dir,
                "Write the report (ambiguities.md, ambiguities.html) and one scenario file per reading here")
      ->check(output_folder_check());
  a->callback([&context, amb] { guarded(context, [&] { return ambiguities_command(context, *amb); }); });
}

}  // namespace rulecheck::cli

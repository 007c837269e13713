#include "diff/edit_diff.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <tuple>

#include <fmt/format.h>
#include <rapidcheck.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "diff/witness.hpp"
#include "games/registry.hpp"
#include "harness/bindings.hpp"
#include "harness/corpus.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"
#include "properties/generators/generated_case.hpp"
#include "rulebook/index.hpp"
#include "rulebook/stated_numbers.hpp"

namespace rulecheck::diff {

namespace {

// A proof's claim with what it covers ("unbounded: boards of any size ..." or "bounded: ..."), so that no
// report of a diff says more of a proof than the proof does.
std::string claim_with_scope(const json& proof) {
  const std::string claim = proof.value("claim", ""), scope = proof.value("scope", "");
  if (scope.empty()) return claim;
  return fmt::format("{} ({}: {})", claim, scope, proof.value("covers", ""));
}

// ---------------------------------------------------------------------------------------------
// Reading the edit

json read_named(const std::string& file) {
  try {
    return read_json_file(file);
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", file, e.what()));
  }
}

// The game a file names, checked against the one already chosen.
void take_game(std::string& game, const json& file_json, const std::string& file) {
  if (!file_json.is_object()) throw InputError("", fmt::format("{}: expected a JSON object", file));
  if (!file_json.contains("game")) return;
  const std::string named = file_json["game"].is_string() ? file_json["game"].get<std::string>() : "";
  if (!game.empty() && named != game)
    throw InputError("/game", fmt::format("{}: is for game \"{}\", not \"{}\"", file, named, game));
  game = named;
}

json ruleset_from(const GameRules& over, const std::string& file, const json& content) {
  try {
    return over.checked_ruleset(content);
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{}: {}", file, e.what()));
  }
}

// An interpretations.json (each point's "default"), {"readings": {...}} or {point: reading}.
json chosen_readings(const json& content) {
  json chosen = json::object();
  if (content.contains("points") && content["points"].is_array()) {
    for (const auto& p : content["points"])
      if (p.is_object() && p.contains("id") && p.contains("default")) chosen[p["id"].get<std::string>()] = p["default"];
    return chosen;
  }
  const json& source = content.contains("readings") ? content["readings"] : content;
  if (!source.is_object()) throw InputError("/readings", "expected an object: point id -> reading");
  for (const auto& [k, v] : source.items())
    if (k != "game" && k != "note") chosen[k] = v;
  return chosen;
}

void set_default_readings(GameRules& rules, const json& readings) {
  for (auto& p : rules.points) p.default_reading = readings.at(p.id).get<std::string>();
}

// Every field where two rulesets differ, as JSON pointers ("game" and "note" are not rules).
void ruleset_changes(const json& before, const json& after, const std::string& at, std::vector<KeyChange>& out) {
  for (const auto& [k, v] : after.items()) {
    if (at.empty() && (k == "game" || k == "note")) continue;
    const json& b = before.contains(k) ? before[k] : json();
    if (b.is_object() && v.is_object())
      ruleset_changes(b, v, at + "/" + k, out);
    else if (b != v)
      out.push_back({at + "/" + k, b, v});
  }
}

// ---------------------------------------------------------------------------------------------
// Outcomes

// What one side's rules make of a step: the oracle's outcome, or {"error": why} when they cannot
// read it (the state contradicts this side's rules, e.g. a card above this side's stacking limit).
json outcome_under(const BoundRules& rules, const json& state, bool is_query, const json& request) {
  try {
    json out = oracle_answer(rules, "", is_query, state, request).outcome;
    out.erase("reason");
    return out;
  } catch (const InputError& e) {
    return {{"error", fmt::format("{} (at {})", e.what(), e.pointer())}};
  }
}

// How a changed outcome is told in a sample group: "legal", "illegal (clause)", "answer", "not a state".
std::string outcome_kind(const json& o) {
  if (o.contains("error")) return "not a state";
  if (o.contains("result")) return "answer";
  if (o.value("legal", false)) return "legal";
  return fmt::format("illegal ({})", o.value("rule", ""));
}

std::pair<std::string, std::string> change_kinds(const json& before, const json& after) {
  std::string b = outcome_kind(before), a = outcome_kind(after);
  if (a == b) a = a == "answer" ? "another answer" : "legal, another next state";
  return {b, a};
}

// ---------------------------------------------------------------------------------------------
// The two sides, bound

class SidePair {
 public:
  SidePair(const Edit& edit, const GameRules& project) : edit_(edit), project_(project) {}

  const BoundRules& bound(const Side& side, const json& ruleset, const json& readings) {
    Bindings& b = &side == &edit_.base ? base_ : edited_;
    return *b.get(edit_.game, side.rules, ruleset, readings).rules;
  }

  // The step under both sides; the scenario's own overrides applied over each side's.
  std::pair<json, json> outcomes(const json& ruleset, const json& readings, const json& state, bool is_query,
                                 const json& request) {
    return {outcome_under(bound(edit_.base, ruleset, readings), state, is_query, request),
            outcome_under(bound(edit_.edited, ruleset, readings), state, is_query, request)};
  }

  // The witness of a changed step: `c`'s state in canonical form (as the side that reads it writes
  // it), each side's scenario expecting its outcome.
  Witness witness(WitnessCase c, const json& before, const json& after) {
    const Side& reader = before.contains("error") ? edit_.edited : edit_.base;
    try {
      c.state = bound(reader, c.ruleset, c.interpretations).canonical_state(c.state);
    } catch (const InputError&) {
      // Neither side reads it: kept as given (both scenarios are then null).
    }
    return {side_scenario(project_, edit_.base, c, before), side_scenario(project_, edit_.edited, c, after)};
  }

  const Edit& edit() const { return edit_; }
  const GameRules& project() const { return project_; }

 private:
  const Edit& edit_;
  const GameRules& project_;
  Bindings base_, edited_;
};

// ---------------------------------------------------------------------------------------------
// The corpus

void diff_corpus(SidePair& sides, const RulesLibrary& library, const DiffOptions& options, GameDiff& d) {
  const Corpus corpus = load_corpus(options.scenario_paths, library);
  for (const auto& e : corpus.bad) d.scenario_errors.push_back(e.describe());
  for (std::size_t n = 0; n < corpus.size() && !stop_requested(); ++n) {
    std::shared_ptr<const Scenario> loaded;
    try {
      loaded = corpus.get(n);
    } catch (const ScenarioError& e) {
      d.scenario_errors.push_back(e.describe());
      continue;
    }
    const Scenario& s = *loaded;
    if (s.game != d.game) continue;
    ++d.scenarios_compared;
    json state = s.state;
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      const Step& step = s.steps[i];
      ++d.steps_compared;
      auto [before, after] = sides.outcomes(s.ruleset, s.interpretations, state, step.is_query, step.request);
      if (before != after) {
        const std::string slug = s.id.rfind(d.game + "/", 0) == 0 ? s.id.substr(d.game.size() + 1) : s.id;
        const WitnessCase c{fmt::format("{}/step{}", slug, i), s.title, s.cites, s.ruleset, s.interpretations,
                            state, step.is_query, step.request};
        d.scenarios.push_back({s.id, s.file.string(), s.title, i, before, after, sides.witness(c, before, after)});
        break;
      }
      if (before.contains("error")) break;
      if (!step.is_query && before.value("legal", false)) state = before["state"];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The generated sample

using generators::GeneratedCase;
using Candidate = rc::Shrinkable<GeneratedCase>;

struct Group {
  std::string kind, before, after;
  std::size_t cases = 0;
  Candidate smallest;
};

class Sampler {
 public:
  Sampler(SidePair& sides) : sides_(sides) {}

  // The change `c` shows, or nullopt: (kind, before, after).
  std::optional<std::tuple<std::string, std::string, std::string>> change_of(const GeneratedCase& c) {
    auto [before, after] = sides_.outcomes(json::object(), json::object(), c.state, c.is_query, c.request);
    if (before == after) return std::nullopt;
    // A state one side's rules reject is one change, whatever the step: the states the edit admits
    // (or rules out).
    if (before.contains("error") != after.contains("error"))
      return std::make_tuple(std::string("any step"), outcome_kind(before) == "not a state" ? "not a state" : "a state",
                             outcome_kind(after) == "not a state" ? "not a state" : "a state");
    auto [b, a] = change_kinds(before, after);
    return std::make_tuple(c.kind, b, a);
  }

  void draw(const rc::Gen<GeneratedCase>& gen, std::uint64_t seed, std::size_t cases) {
    rc::Random random(seed);
    for (std::size_t n = 0; n < cases && !stop_requested(); ++n) {
      Candidate candidate = gen(random.split(), static_cast<int>(n % (rc::kNominalSize + 1)));
      ++drawn_;
      const auto key = change_of(candidate.value());
      if (!key) continue;
      auto it = groups_.find(*key);
      if (it == groups_.end())
        groups_.emplace(*key, Group{std::get<0>(*key), std::get<1>(*key), std::get<2>(*key), 1, candidate});
      else
        ++it->second.cases;
    }
  }

  // Each group's case shrunk while it still changes in the same way.
  std::vector<SampleChange> changes(std::size_t max_steps = 300) {
    std::vector<SampleChange> out;
    for (auto& [key, g] : groups_) {
      Candidate current = g.smallest;
      for (std::size_t step = 0; step < max_steps; ++step) {
        bool smaller = false;
        auto shrinks = current.shrinks();
        while (auto next = shrinks.next()) {
          if (change_of(next->value()) == key) {
            current = std::move(*next);
            smaller = true;
            break;
          }
        }
        if (!smaller) break;
      }
      const GeneratedCase& c = current.value();
      auto [before, after] = sides_.outcomes(json::object(), json::object(), c.state, c.is_query, c.request);
      const WitnessCase w{fmt::format("sample/{}/{}", c.kind, out.size()), fmt::format("generated {}", c.kind), {},
                          json::object(), json::object(), c.state, c.is_query, c.request};
      out.push_back({g.kind, g.before, g.after, g.cases, sides_.witness(w, before, after)});
    }
    return out;
  }

  std::size_t drawn() const { return drawn_; }

 private:
  SidePair& sides_;
  std::size_t drawn_ = 0;
  std::map<std::tuple<std::string, std::string, std::string>, Group> groups_;
};

void diff_sample(SidePair& sides, const DiffOptions& options, GameDiff& d) {
  if (options.sample == 0) return;
  Sampler sampler(sides);
  const Edit& e = sides.edit();
  // Cases from each side's generator: a state only the edited rules accept is drawn from theirs.
  sampler.draw(generators::cases_of(e.game, e.base.rules.ruleset), options.seed, options.sample);
  if (e.edited.rules.ruleset != e.base.rules.ruleset)
    sampler.draw(generators::cases_of(e.game, e.edited.rules.ruleset), options.seed, options.sample);
  d.seed = options.seed;
  d.sample_cases = sampler.drawn();
  d.sample = sampler.changes();
}

// ---------------------------------------------------------------------------------------------
// The solver: proofs, interpretation points, probes

json readings_of(const Side& s) { return s.rules.readings(json::object()); }

// A solver record's scenario with a diff witness's id.
json renamed(json scenario, const std::string& game, const std::string& slug) {
  scenario["id"] = fmt::format("{}/diff/{}", game, slug);
  return scenario;
}

std::map<std::string, json> by_field(const json& records, const char* field) {
  std::map<std::string, json> out;
  for (const auto& r : records) out[r.value(field, "")] = r;
  return out;
}

// How one side's search of a point ended: witness | none | unknown | interrupted.
std::string point_status(const json& record) {
  const std::string kind = record.value("kind", "");
  return kind == "none" || kind == "unknown" || kind == "interrupted" ? kind : "witness";
}

// The ambiguity records of one side that are findings, by point; a search that did not decide
// (kind "unknown" or "interrupted", why in its note) is noted in `unknowns` and its point left
// out of the comparison (`undecided`). `status`: each point's status on this side.
std::map<std::string, json> points_found(const json& records, const std::string& side,
                                         std::vector<std::string>& unknowns, std::set<std::string>& undecided,
                                         std::map<std::string, json>& status) {
  std::map<std::string, json> out;
  for (const auto& r : records) {
    const std::string kind = point_status(r), point = r.value("point", "");
    status[point] = r;
    if (kind == "unknown" || kind == "interrupted") {
      unknowns.push_back(fmt::format("point {}: not decided on the {} side ({})", point, side, r.value("note", "")));
      undecided.insert(point);
    } else if (kind == "witness") {
      out[point] = r;
    }
  }
  return out;
}

// `said` gets a line as each side's proofs start: the longest part of a comparison says where it is
// (at the stated top of move_range, docs/rulesets.md, a side's proofs take about 40 s).
void diff_proofs(SidePair& sides, unsigned rlimit, GameDiff& d, const std::function<void(const std::string&)>& said) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  said("the base rules");
  const json before = game.prove(e.base.rules.ruleset, readings_of(e.base), rlimit);
  said("the edited rules");
  const json after = game.prove(e.edited.rules.ruleset, readings_of(e.edited), rlimit);
  d.proofs_compared = after.size();
  d.proofs = compare_proofs(before, after, d.unknowns);
  const auto by_id = by_field(before, "id");
  for (const auto& a : after) {
    const std::string id = a.value("id", "");
    const json b = by_id.count(id) ? by_id.at(id) : json::object();
    Question q{"proof", id, b.value("status", "absent"), a.value("status", ""), ""};
    for (const json* side : {&b, &a})
      if (!Question::decided_status(side->value("status", "")) && q.why.empty())
        q.why = side->value("detail", std::string());
    d.questions.push_back(std::move(q));
  }
  for (ProofChange& c : d.proofs) {
    if (!c.counterexample.is_object()) continue;
    const Side& refuting = c.after == "refuted" ? e.edited : e.base;
    c.counterexample = with_side(sides.project(), refuting, renamed(c.counterexample, d.game, "proof/" + c.id));
  }
}

json sides_scenarios(const GameRules& project, const Side& side, const std::string& point, const json& scenarios) {
  json out = json::array();
  for (const auto& s : scenarios) {
    const std::string reading = s.value("reading", "");
    json scenario = renamed(s["scenario"], project.game, "point/" + point + "/" + reading);
    out.push_back({{"reading", reading}, {"scenario", with_side(project, side, std::move(scenario))}});
  }
  return out;
}

void diff_points(SidePair& sides, unsigned rlimit, bool literal_search, GameDiff& d) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  std::set<std::string> undecided;
  std::map<std::string, json> base_status, edited_status;
  const LiteralSearch literal = literal_search ? LiteralSearch::run : LiteralSearch::skip;
  d.literal_search = literal_search;
  const auto before = points_found(game.ambiguities(e.base.rules.ruleset, readings_of(e.base), rlimit, literal), "base",
                                   d.unknowns, undecided, base_status);
  const auto after = points_found(game.ambiguities(e.edited.rules.ruleset, readings_of(e.edited), rlimit, literal),
                                  "edited", d.unknowns, undecided, edited_status);
  for (const auto& [p, b] : base_status) {
    const json a = edited_status.count(p) ? edited_status.at(p) : json::object();
    Question q{"point", p, point_status(b), a.empty() ? "absent" : point_status(a), ""};
    for (const json* side : {&b, &a}) {
      const std::string status = point_status(*side);
      if (q.why.empty() && !Question::decided_status(status)) q.why = side->value("note", std::string());
    }
    if (q.why.empty() && (q.base == "none" || q.edited == "none"))
      q.why = "scope: " + (q.base == "none" ? b : a).value("scope", std::string());
    d.questions.push_back(std::move(q));
  }
  std::map<std::string, int> points;
  for (const auto& p : e.base.rules.points) points[p.id] = 0;
  for (const auto& [p, r] : before) points[p] |= 1;
  for (const auto& [p, r] : after) points[p] |= 2;
  d.points_compared = points.size();
  for (const auto& [p, found] : points) {
    if (found == 0 || found == 3 || undecided.count(p)) continue;
    const bool in_after = found == 2;
    const json& r = in_after ? after.at(p) : before.at(p);
    d.points.push_back({p, !in_after, in_after, r.value("title", ""),
                        sides_scenarios(sides.project(), in_after ? e.edited : e.base, p, r["scenarios"])});
  }
}

void diff_probes(SidePair& sides, unsigned rlimit, GameDiff& d) {
  const Edit& e = sides.edit();
  const json records = find_game(e.game)->edit_witnesses(e.base.rules.ruleset, readings_of(e.base),
                                                         e.edited.rules.ruleset, readings_of(e.edited), rlimit);
  d.probes_compared = records.size();
  for (const auto& r : records) {
    const std::string status = r.value("status", "");
    // The note names the shapes tried and, for an unknown, why ("...; unknown: <why>").
    d.questions.push_back({"probe", r.value("probe", ""), status, status, r.value("note", "")});
    if (status == "unknown") d.unknowns.push_back(fmt::format("probe {}: not decided ({})", r.value("probe", ""),
                                                              r.value("note", "")));
    if (status == "interrupted") d.unknowns.push_back(fmt::format("probe {}: interrupted", r.value("probe", "")));
    if (status != "changed") continue;
    Witness w;
    for (const auto& s : r["scenarios"]) {
      const std::string side = s.value("side", "");
      json scenario = renamed(s["scenario"], d.game, "probe/" + r.value("probe", "") + "/" + side);
      (side == "base" ? w.base : w.edited) = with_side(sides.project(), side == "base" ? e.base : e.edited, scenario);
    }
    d.probes.push_back({r.value("probe", ""), r.value("title", ""), r.value("clauses", std::vector<std::string>{}),
                        r.value("size", 0), w});
  }
}

// The contradiction search under each side: the encoding reads the side's numbers, the sentences
// that restate a number keep the project's (the texts state today's). A set found on one side only
// is a change; a side not decided is an unknown, never "no contradiction".
void diff_contradictions(SidePair& sides, unsigned rlimit, GameDiff& d) {
  const Edit& e = sides.edit();
  const Game& game = *find_game(e.game);
  const json stated = sides.project().merged_ruleset(json::object());
  const json before = game.contradictions(e.base.rules.ruleset, stated, readings_of(e.base), rlimit);
  if (before.is_null()) return;  // no literal encoding for this game
  const json after = game.contradictions(e.edited.rules.ruleset, stated, readings_of(e.edited), rlimit);
  d.contradiction_probes = after.value("probes", 0);
  Question q{"contradictions", e.game, before.value("status", ""), after.value("status", ""), ""};
  for (const json* side : {&before, &after}) {
    std::string status = side->value("status", "");
    if (side->contains("reason")) status = "unknown";  // stopped partway: what it found is not all
    if (!Question::decided_status(status)) {
      if (q.why.empty()) q.why = side->value("reason", std::string());
      d.unknowns.push_back(fmt::format("contradictions under the {} rules: not decided ({})",
                                       side == &before ? "base" : "edited", side->value("reason", std::string())));
    }
  }
  if (q.why.empty()) q.why = "scope: " + after.value("scope", std::string());
  d.questions.push_back(q);
  // Keyed by the probe and its set of clauses.
  std::map<std::pair<std::string, std::vector<std::string>>, std::pair<const json*, int>> sets;
  for (const json* side : {&before, &after}) {
    if (!side->contains("found") || !(*side)["found"].is_array()) continue;
    for (const auto& x : (*side)["found"]) {
      auto& entry = sets[{x.value("probe", ""), x.value("clauses", std::vector<std::string>{})}];
      if (!entry.first || side == &after) entry.first = &x;
      entry.second |= side == &before ? 1 : 2;
    }
  }
  for (const auto& [key, found] : sets) {
    if (found.second == 3) continue;
    d.contradictions.push_back({key.first, found.first->value("title", ""), key.second, found.second == 1,
                                found.second == 2, found.first->value("note", "")});
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

Edit read_edit(const RulesLibrary& library, const std::string& game_asked, const std::string& base_ruleset,
               const std::string& edited_ruleset, const std::string& readings) {
  std::string game = game_asked;
  json base_json = json::object(), edited_json = json::object(), readings_json = json::object();
  if (!base_ruleset.empty()) take_game(game, base_json = read_named(base_ruleset), base_ruleset);
  if (!edited_ruleset.empty()) take_game(game, edited_json = read_named(edited_ruleset), edited_ruleset);
  if (!readings.empty()) take_game(game, readings_json = read_named(readings), readings);
  if (game.empty())
    throw InputError("", "which game? the files name none (no \"game\" field): give --game");
  const GameRules* project = library.find(game);
  if (!project) throw InputError("", fmt::format("unknown game \"{}\"", game));

  Edit e{game, {"base", *project}, {"edited", *project}};
  e.base.rules.ruleset = ruleset_from(*project, base_ruleset, base_json);
  e.edited.rules.ruleset = ruleset_from(e.base.rules, edited_ruleset, edited_json);
  json chosen;
  try {
    chosen = project->readings(chosen_readings(readings_json));
  } catch (const InputError& err) {
    throw InputError(err.pointer(), fmt::format("{}: {}", readings, err.what()));
  }
  set_default_readings(e.edited.rules, chosen);
  return e;
}

namespace {

// The sentences whose stated numbers the edit changes: each entry of numbers.json whose formula has
// another value under the edited ruleset. Problems of the rule data are `rules check`'s to report.
std::vector<SentenceChange> sentences_to_change(const Edit& edit, const RulesLibrary& library) {
  rulebook::Problems ignored;
  const auto project = rulebook::Project::of_rules_folder(library.dir());
  const rulebook::ClauseIndex index = rulebook::read_index(project, edit.game, ignored);
  const rulebook::StatedNumbers numbers = rulebook::read_stated_numbers(project, index, ignored);
  std::vector<SentenceChange> out;
  if (!numbers.present) return out;
  const rulebook::RulesetNumbers base(edit.base.rules.ruleset.dump()), edited(edit.edited.rules.ruleset.dump());
  for (const auto& c : rulebook::sentences_an_edit_changes(numbers, base, edited)) {
    SentenceChange s;
    s.clause = c.entry->clause;
    if (const auto* clause = index.find(s.clause)) {
      s.paraphrase = clause->paraphrase;
      s.section = clause->at.section;
      s.paragraph = clause->at.paragraph;
    }
    s.nth = c.entry->nth;
    s.means = c.entry->means.text();
    s.says = c.entry->says;
    s.before = c.before;
    s.after = c.after;
    s.states_a_key = c.states_a_key;
    s.rests_on = c.rests_on;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

GameDiff diff_edit(const Edit& edit, const RulesLibrary& library, const DiffOptions& options,
                   const std::function<void(const std::string&)>& progress) {
  const auto started = std::chrono::steady_clock::now();
  GameDiff d;
  d.game = edit.game;
  ruleset_changes(edit.base.rules.ruleset, edit.edited.rules.ruleset, "", d.ruleset);
  const json rb = readings_of(edit.base), re = readings_of(edit.edited);
  for (const auto& [p, r] : re.items())
    if (rb[p] != r) d.readings.push_back({p, rb[p], r});
  d.sentences = sentences_to_change(edit, library);

  SidePair sides(edit, *library.find(edit.game));
  // Each part in turn; a signal (harness/interrupt.hpp) stops the comparison after the part it
  // came in (the solver's parts stop at once, their questions in flight interrupted).
  auto part = [&](const std::string& what, const std::function<void()>& compare) {
    if (!d.interrupted.empty()) return;
    progress(fmt::format("{}: {}", edit.game, what));
    compare();
    if (stop_requested()) d.interrupted = fmt::format("{} during {}", stop_reason(), what);
  };
  part("the scenario corpus under both sides", [&] { diff_corpus(sides, library, options, d); });
  part(fmt::format("{} generated cases per side (seed {})", options.sample, options.seed),
       [&] { diff_sample(sides, options, d); });
  if (options.rlimit > 0) {
    part("the proofs under both sides", [&] {
      diff_proofs(sides, options.rlimit, d,
                  [&](const std::string& side) { progress(fmt::format("{}: the proofs under {}", edit.game, side)); });
    });
    part(options.literal_search ? "the ambiguity search under both sides (with the literal search for new findings)"
                                : "the ambiguity search under both sides",
         [&] { diff_points(sides, options.rlimit, options.literal_search, d); });
    part("the solver's smallest boards where the sides differ", [&] { diff_probes(sides, options.rlimit, d); });
    part("the contradiction search under both sides", [&] { diff_contradictions(sides, options.rlimit, d); });
  }
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return d;
}

std::vector<ProofChange> compare_proofs(const json& before_records, const json& after_records,
                                        std::vector<std::string>& unknowns) {
  const auto before = by_field(before_records, "id");
  const auto after = by_field(after_records, "id");
  std::vector<ProofChange> out;
  for (const auto& [id, a] : after) {
    const json& b = before.count(id) ? before.at(id) : json::object();
    const std::string sb = b.value("status", "absent"), sa = a.value("status", "");
    if (sa == "unknown" || sb == "unknown")
      unknowns.push_back(fmt::format("proof {}: {} -> {} ({})", id, sb, sa,
                                     (sa == "unknown" ? a : b).value("detail", std::string("no detail"))));
    if (sa == "interrupted" || sb == "interrupted") {  // not decided on a side: nothing compared
      unknowns.push_back(fmt::format("proof {}: not compared (interrupted)", id));
      continue;
    }
    if (sa == sb) continue;
    // The counterexample of the side where the invariant fails: after, else before.
    json cex = nullptr;
    if (sa == "refuted" && a.value("counterexample", json()).is_object())
      cex = a["counterexample"];
    else if (sb == "refuted" && b.value("counterexample", json()).is_object())
      cex = b["counterexample"];
    out.push_back({id, claim_with_scope(a), a.value("clauses", std::vector<std::string>{}), sb, sa, std::move(cex)});
  }
  return out;
}

}  // namespace rulecheck::diff

#include "harness/fuzz.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/atomic_write.hpp"
#include "common/input_error.hpp"
#include "common/text.hpp"
#include "games/registry.hpp"
#include "harness/cross_check.hpp"
#include "harness/engine_readings.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"
#include "harness/scenario.hpp"
#include "properties/generators/generated_case.hpp"

namespace rulecheck {

namespace {

// The rulesets fuzz draws for `rules`' game (generators::CaseOptions::only_produced): only those the
// game produces (GameRules::produced, harness/game_rulesets.hpp), or any the rules leave open
// (nullopt) under --rulesets any.
std::optional<std::vector<generators::ProducedGroup>> rulesets_to_draw(const FuzzOptions& options,
                                                                       const GameRules& rules) {
  if (options.any_ruleset) return std::nullopt;
  std::vector<generators::ProducedGroup> groups;
  for (const auto& g : rules.produced) groups.push_back({g.keys, g.combinations});
  return groups;
}

using Clock = std::chrono::steady_clock;
using generators::GeneratedCase;
using Candidate = rc::Shrinkable<GeneratedCase>;

// A disagreement worth shrinking and saving: the engine's failure, or a dispute between the oracle and
// the solver (a bug in rulecheck, shrunk the same way so that it is small to fix).
bool is_finding(Verdict v) { return v == Verdict::fail || v == Verdict::disputed; }

// Sizes ramp from 0 to RapidCheck's nominal size and start again, so small cases come first.
int size_of_case(std::size_t n) { return static_cast<int>(n % (rc::kNominalSize + 1)); }

// The "simple size measure" of a case: the characters of its state and request as compact JSON.
std::size_t size_of(const GeneratedCase& c) { return c.state.dump().size() + c.request.dump().size(); }

// The games to fuzz: those asked for (or all) that the engine plays and that have a generator.
std::vector<std::string> games_to_fuzz(const FuzzOptions& options, const EngineHello& hello) {
  std::vector<std::string> games;
  for (const Game* g : all_games()) {
    const std::string name = g->name();
    const bool asked =
        options.games.empty() || std::find(options.games.begin(), options.games.end(), name) != options.games.end();
    const bool played = std::find(hello.games.begin(), hello.games.end(), name) != hello.games.end();
    if (asked && played) games.push_back(name);
  }
  for (const auto& g : options.games)
    if (!find_game(g)) throw InputError("", fmt::format("unknown game \"{}\"", g));
  if (games.empty())
    throw InputError("", fmt::format("nothing to fuzz: the engine plays [{}], and --game asked for [{}]",
                                     fmt::join(hello.games, ", "), fmt::join(options.games, ", ")));
  return games;
}

// The engine's hello name as a piece of a file name: lower-case letters and digits, every other run
// of bytes one '-', at most 24 characters ("engine" when nothing is left), so that two engines
// fuzzed with one seed into one folder name their findings apart.
std::string engine_slug(const std::string& name) {
  std::string slug;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 0x80) slug += static_cast<char>(std::tolower(u));
    else if (!slug.empty() && slug.back() != '-') slug += '-';
    if (slug.size() >= 24) break;
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug.empty() ? "engine" : slug;
}

// At most this many draws for one case under a focus (--kinds, --keys) before the run gives up.
constexpr std::size_t kMostDrawsPerCase = 20000;

// At most this many findings share one name in a save folder (NAME.json, NAME-2.json, ...).
constexpr int kNamesTried = 1000;

class Fuzzer {
  // What the oracle answered to a case of the batch being asked (the cross-check runs it once).
  struct OracleSeen {
    bool ran = false, legal = true;
    std::string rule;
  };

 public:
  Fuzzer(EngineProcess& engine, const RulesLibrary& library, const FuzzOptions& options)
      : engine_(engine),
        library_(library),
        options_(options),
        random_(options.seed),
        games_(games_to_fuzz(options, engine.hello())),
        engine_readings_(read_engine_readings(engine.hello().interpretations, library)) {
    for (const auto& g : games_) {
      const GameRules& rules = *library.find(g);
      generators::CaseOptions draw;
      draw.any_state = options.any_state;
      draw.sample_ruleset = options.sample_ruleset;
      draw.only_produced = rulesets_to_draw(options, rules);
      draw.readings = readings_to_draw(engine_readings_, rules);
      for (const auto& point : rules.points) draw.default_readings[point.id] = point.default_reading;
      generators_.emplace(g, fixed_keys_kept(generators::cases_of(g, rules.merged_ruleset(fixed_overrides(g)), draw), g));
    }
  }

  FuzzStats run(const std::function<void(const FuzzStats&)>& progress,
                const std::function<void(const FuzzFinding&)>& on_finding) {
    const auto started = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };
    while (!budget_spent(elapsed())) {
      std::vector<Candidate> batch = next_batch();
      std::vector<CaseResult> results = ask(batch, stats_.cases);
      const std::vector<OracleSeen> seen = std::move(oracle_seen_);  // shrinking asks again
      const std::vector<SolverSteps> solver_seen = std::move(solver_seen_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        // A signal stopped the run: the cases the engine was not asked are not counted.
        if (stop_requested() && results[i].verdict == Verdict::skipped && results[i].message.rfind("not run: ", 0) == 0)
          return stats_;
        const std::size_t number = stats_.cases;
        count(batch[i].value(), results[i], seen[i]);
        if (i < solver_seen.size()) stats_.solver_steps += solver_seen[i];
        if (!is_finding(results[i].verdict)) continue;
        stats_.seconds = elapsed();
        if (!options_.keep_going) {
          FindingGroup& g = group_of(results[i]);
          g.smallest = shrink_and_save(batch[i], results[i], number);
          g.size = size_of(failing_value_);
          on_finding(g.smallest);
          return stats_;
        }
        keep(batch[i], results[i], number, on_finding);
      }
      stats_.seconds = elapsed();
      progress(stats_);
    }
    return stats_;
  }

 private:
  // The ruleset overrides of `game` that keep the numbers the engine hard-codes (its hello's "fixed_ruleset")
  // at the declared values: cases are drawn from them.
  json fixed_overrides(const std::string& game) const {
    json overrides = json::object();
    keep_fixed_keys(overrides, engine_.hello().declared.fixed_ruleset, library_.find(game)->merged_ruleset(json::object()));
    return overrides;
  }

  // `cases` with the engine's fixed keys dropped from what is sampled (kept at the declared value).
  rc::Gen<GeneratedCase> fixed_keys_kept(rc::Gen<GeneratedCase> cases, const std::string& game) const {
    const json& fixed = engine_.hello().declared.fixed_ruleset;
    if (fixed.empty()) return cases;
    return rc::gen::map(std::move(cases), [fixed, base = library_.find(game)->merged_ruleset(json::object())](GeneratedCase c) {
      keep_fixed_keys(c.ruleset, fixed, base);
      return c;
    });
  }

  bool budget_spent(double seconds) const {
    if (stop_requested()) return true;  // SIGINT, SIGTERM (harness/interrupt.hpp)
    if (options_.cases && stats_.cases >= options_.cases) return true;
    return options_.seconds > 0 && seconds >= options_.seconds;
  }

  std::vector<Candidate> next_batch() {
    std::size_t n = options_.batch;
    if (options_.cases) n = std::min(n, options_.cases - stats_.cases);
    std::vector<Candidate> batch;
    for (std::size_t i = 0; i < n; ++i) batch.push_back(draw(stats_.cases + i));
    return batch;
  }

  // Case `number`: the next draw of its game's generator that is in the focus (any, without one).
  Candidate draw(std::size_t number) {
    const std::string& game = games_[number % games_.size()];
    for (std::size_t tries = 0; tries < kMostDrawsPerCase; ++tries) {
      Candidate c = generators_.at(game)(random_.split(), size_of_case(number));
      if (in_focus(c.value())) return c;
      ++stats_.set_aside;
    }
    throw InputError("", fmt::format("--kinds {} --keys {}: {} cases of {} drawn in a row and none is of those kinds "
                                     "with only those keys sampled",
                                     fmt::join(options_.focus->kinds(), ","), fmt::join(options_.focus->keys(), ","),
                                     kMostDrawsPerCase, game));
  }

  bool in_focus(const GeneratedCase& c) const {
    return !options_.focus || options_.focus->admits(c.is_query, c.kind, c.ruleset, library_.find(c.game)->ruleset);
  }

  // The group of `r`'s signature (a new one, counted once, when there is none yet).
  FindingGroup& group_of(const CaseResult& r) {
    for (auto& g : stats_.groups)
      if (g.signature == r.signature) {
        ++g.count;
        return g;
      }
    FindingGroup& g = stats_.groups.emplace_back();
    g.signature = r.signature;
    g.verdict = r.verdict;
    g.count = 1;
    g.seed = options_.seed;
    return g;
  }

  // --keep-going: the first of a group is shrunk, saved and reported; a later one is counted, and saved
  // in place of the group's case when it is smaller (as it is: it is not shrunk).
  void keep(const Candidate& found, const CaseResult& result, std::size_t number,
            const std::function<void(const FuzzFinding&)>& on_finding) {
    FindingGroup& g = group_of(result);
    if (g.count == 1) {
      g.smallest = shrink_and_save(found, result, number);
      g.size = size_of(failing_value_);
      on_finding(g.smallest);
      return;
    }
    const std::size_t size = size_of(found.value());
    if (size >= g.size) return;
    const std::filesystem::path previous = g.smallest.file;
    FuzzFinding f;
    f.case_number = number;
    f.first = f.smallest = result;
    f.scenario = scenario_json(found.value(), number, false);
    save(f);
    if (!previous.empty() && previous != f.file) std::filesystem::remove(previous);
    g.smallest = std::move(f);
    g.size = size;
    g.shrunk = false;
  }

  // Every candidate cross-checked on the engine, results in order.
  std::vector<CaseResult> ask(const std::vector<Candidate>& candidates, std::size_t first_number) {
    std::vector<Scenario> scenarios;
    for (std::size_t i = 0; i < candidates.size(); ++i)
      scenarios.push_back(
          scenario_of_generated(candidates[i].value(), fmt::format("generated/{}/{}", options_.seed, first_number + i)));
    std::vector<CaseResult> results;
    oracle_seen_.assign(candidates.size(), OracleSeen{});
    CrossCheckOptions cross;
    cross.strict = options_.strict;
    cross.solver_rlimit = options_.solver_rlimit;
    cross.known = options_.known;
    cross.bindings = &bindings_;
    cross.prepared = &prepared_;
    cross.on_oracle_outcome = [this](std::size_t k, const json& outcome) {
      OracleSeen& seen = oracle_seen_[k];
      seen.ran = true;
      seen.legal = !outcome.contains("legal") || outcome["legal"].get<bool>();
      if (!seen.legal) seen.rule = outcome.value("rule", "");
    };
    cross_check(scenarios, library_, engine_, cross, [&](const CaseResult& r) { results.push_back(r); });
    if (options_.with_solver) check_oracle_with_solver(scenarios, results);
    return results;
  }

  // --with-solver (N-version): each case run on the oracle once more, each outcome asked of the solver
  // both ways (pipeline.hpp, run_on_oracle). A dispute replaces the engine's result: it is a bug in
  // rulecheck, whatever the engine answered, and it is shrunk and saved like any finding. The solver's
  // verdicts are counted for the summary; a case already a finding keeps its result.
  void check_oracle_with_solver(const std::vector<Scenario>& scenarios, std::vector<CaseResult>& results) {
    solver_seen_.assign(results.size(), SolverSteps{});
    for (std::size_t i = 0; i < scenarios.size() && i < results.size(); ++i) {
      if (is_finding(results[i].verdict)) continue;
      if (stop_requested()) return;
      CaseResult oracle = run_on_oracle(scenarios[i], *library_.find(scenarios[i].game), options_.strict,
                                        options_.solver_rlimit);
      solver_seen_[i] = oracle.solver_steps;
      if (oracle.verdict == Verdict::disputed) results[i] = std::move(oracle);
    }
  }

  // Counts a case: its verdict, its kind, and what it reached (`seen`: the oracle's answer as the
  // cross-check gave it).
  void count(const GeneratedCase& c, const CaseResult& r, const OracleSeen& seen) {
    ++stats_.cases;
    if (c.ruleset.is_object() && !c.ruleset.empty()) ++stats_.sampled_rulesets;
    if (c.interpretations.is_object() && !c.interpretations.empty()) ++stats_.other_readings;
    const std::string kind = c.game + " " + c.kind;
    ++stats_.kinds[kind];
    switch (r.verdict) {
      case Verdict::pass: ++stats_.agreed; break;
      case Verdict::fail: ++stats_.failed; break;
      case Verdict::skipped: ++stats_.unsupported; break;
      case Verdict::errored: ++stats_.errored; break;
      case Verdict::alternative: ++stats_.alternatives; break;
      case Verdict::known: ++stats_.known; break;
      case Verdict::disputed: ++stats_.disputed; break;
    }
    if (r.verdict == Verdict::errored || r.verdict == Verdict::skipped)
      stats_.errors.add(fmt::format("{}: {}", kind, r.message));
    const std::string focus = c.game + " " + focus_kind(c.is_query, c.kind);
    if (engine_answered(r)) ++stats_.answered_kinds[focus];
    if (!r.unsupported.empty()) ++stats_.unsupported_kinds[focus];
    if (options_.known) options_.known->tally(r, false);  // generated cases cover no entry by themselves
    // A case the oracle could not run is the generator's bug; the cross-check reported it errored.
    if (!seen.ran) return;
    if (seen.legal)
      ++stats_.legal_kinds[kind];
    else
      ++stats_.clauses[seen.rule];
    // Feature coverage counts what the engine answered: a case it answered "unsupported" to, or that
    // errored, reached nothing in it.
    if (options_.universe && engine_answered(r))
      options_.universe->count(stats_.features, c.game, c.kind, c.is_query, c.ruleset, c.interpretations, c.state,
                               c.request, seen.legal, seen.rule);
  }

  // Shrinks `failing` while a smaller case still disagrees: each round asks the engine about a
  // batch of the current case's shrinks and moves to the first that still fails.
  FuzzFinding shrink_and_save(Candidate failing, CaseResult result, std::size_t number) {
    FuzzFinding f;
    f.case_number = number;
    f.first = result;
    while (f.shrink_steps < options_.max_shrink_steps) {
      auto shrinks = failing.shrinks();
      bool smaller = false;
      while (!smaller) {
        std::vector<Candidate> candidates;
        while (candidates.size() < options_.batch)
          if (auto next = shrinks.next()) {
            if (in_focus(next->value())) candidates.push_back(std::move(*next));  // a shrink stays in the focus
          } else {
            break;
          }
        if (candidates.empty()) break;
        const auto results = ask(candidates, number);
        for (std::size_t i = 0; i < candidates.size() && !smaller; ++i)
          if (results[i].verdict == result.verdict &&
              (!options_.keep_going || results[i].signature == result.signature)) {  // stays in its group
            failing = candidates[i];
            result = results[i];
            smaller = true;
          }
      }
      if (!smaller) break;
      ++f.shrink_steps;
    }
    f.smallest = result;
    f.scenario = scenario_json(failing.value(), number, true);
    failing_value_ = failing.value();
    save(f);
    return f;
  }

  // A found case as a scenario file: the oracle's outcome (under the case's ruleset and readings) is its
  // expectation, and its state is the state sent, as it was sent.
  json scenario_json(const GeneratedCase& c, std::size_t number, bool shrunk) {
    const GameRules& rules = *library_.find(c.game);
    const json readings = choose_readings(engine_readings_, rules, c.interpretations).readings;
    const std::shared_ptr<const BoundRules> oracle = bindings_.get(c.game, rules, c.ruleset, readings).rules;
    const OracleAnswer a = oracle_answer(*oracle, "", c.is_query, c.state, c.request);
    json expect;
    std::vector<std::string> cites;
    if (c.is_query) {
      expect = {{"result", a.outcome["result"]}};
    } else if (a.outcome["legal"].get<bool>()) {
      expect = {{"legal", true}, {"state", a.outcome["state"]}};
    } else {
      expect = {{"legal", false}, {"rule", a.outcome["rule"]}};
      cites.push_back(a.outcome["rule"]);
    }
    json interpretations = json::object();  // the readings it ran under that are not the defaults
    for (const auto& point : rules.points)
      if (readings[point.id] != point.default_reading) interpretations[point.id] = readings[point.id];
    const std::string name =
        fmt::format("{}-{}-{}-seed{}-case{}", c.game, c.kind, engine_slug(engine_.hello().name), options_.seed, number);
    json step = {{c.is_query ? "query" : "action", c.request}, {"expect", expect}};
    return {{"id", id_for(name)},
            {"game", c.game},
            {"title", fmt::format("generated by rulecheck fuzz (seed {}, case {}{}): {}", options_.seed, number,
                                  shrunk ? ", shrunk" : "", c.kind)},
            {"note",
             "Generated: the expected outcome is the oracle's, not worked out by hand. Before keeping it in "
             "the corpus, check it against the rule text and cite the clauses it rests on."},
            {"cites", cites},
            {"interpretations", interpretations},
            {"ruleset", c.ruleset},
            {"state", c.state},
            {"steps", json::array({step})}};
  }

  // A finding is never lost: when it cannot be written (--save-dir names a file, a folder that is
  // not writable, a full disk) `file` stays empty and `save_error` says why; the caller prints the case whole.
  // A finding's id: its path under a scenarios/ folder when the save folder is one, else generated/NAME.
  std::string id_for(const std::string& name) const {
    const std::string id = scenario_id_for(options_.save_dir / (name + ".json"));
    return id.empty() ? "generated/" + name : id;
  }

  // Never replaces a file: another run or another engine's finding under the same name (one seed, one
  // folder) is kept, and this one is saved as NAME-2.json, NAME-3.json, ... (its id following).
  void save(FuzzFinding& f) const {
    if (options_.save_dir.empty()) return;
    const std::string id = f.scenario["id"];
    const std::string name = id.substr(id.rfind('/') + 1);
    std::filesystem::path file;
    try {
      std::filesystem::create_directories(options_.save_dir);
      for (int n = 1; file.empty(); ++n) {
        if (n > kNamesTried)
          throw std::runtime_error(fmt::format("{} files named {}*.json are there already", kNamesTried, name));
        const std::string candidate = n == 1 ? name : fmt::format("{}-{}", name, n);
        f.scenario["id"] = id_for(candidate);
        if (create_file_atomically(options_.save_dir / (candidate + ".json"), f.scenario.dump(2) + "\n"))
          file = options_.save_dir / (candidate + ".json");
      }
    } catch (const std::exception& e) {
      f.scenario["id"] = id;
      f.save_error = valid_utf8(fmt::format("cannot save it in {}: {}", options_.save_dir.string(), e.what()));
      return;
    }
    f.file = file;
    f.rerun = fmt::format("{} {} --engine {}{}", options_.reproduce_prefix, shell_quote(f.file.string()),
                          shell_quote(options_.engine_command), options_.strict ? " --strict" : "");
  }

  EngineProcess& engine_;
  const RulesLibrary& library_;
  const FuzzOptions& options_;
  rc::Random random_;
  std::vector<std::string> games_;
  EngineReadings engine_readings_;
  std::map<std::string, rc::Gen<GeneratedCase>> generators_;
  Bindings bindings_;  // the oracle's rules per (game, ruleset, readings), kept across batches
  PreparedCases prepared_;  // each case's readings and rules, per (game, ruleset, interpretations)
  std::vector<OracleSeen> oracle_seen_;
  std::vector<SolverSteps> solver_seen_;  // --with-solver: the solver's verdicts per case of the last ask()
  GeneratedCase failing_value_;  // the last case shrink_and_save saved
  FuzzStats stats_;
};

}  // namespace

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

Scenario scenario_of_generated(const generators::GeneratedCase& c, const std::string& id) {
  Scenario s;
  s.id = id;
  s.game = c.game;
  s.title = c.kind;
  s.ruleset = c.ruleset;
  s.interpretations = c.interpretations;
  s.state = c.state;
  s.state_text = c.state.dump();
  Step step;
  step.is_query = c.is_query;
  step.request = c.request;
  step.request_text = c.request.dump();
  step.expect = nullptr;
  s.steps.push_back(std::move(step));
  return s;
}

json readings_to_draw(const EngineReadings& engine, const GameRules& rules) {
  json out = json::object();
  for (const auto& point : rules.points)
    if (const auto it = engine.offered.find(point.id); it != engine.offered.end()) out[point.id] = it->second;
  return out;
}

std::uint64_t fuzz_part_seed(std::uint64_t base, std::size_t shard_index, std::size_t shard_count, std::size_t job) {
  std::uint64_t seed = base;
  if (shard_count > 1) seed = splitmix64(seed ^ splitmix64(0x5348415244ull + shard_index));  // "SHARD"
  if (job > 0) seed = splitmix64(seed ^ splitmix64(0x4A4F42ull + job));                        // "JOB"
  return seed;
}

FuzzStats fuzz(EngineProcess& engine, const RulesLibrary& library, const FuzzOptions& options,
               const std::function<void(const FuzzStats&)>& progress,
               const std::function<void(const FuzzFinding&)>& on_finding) {
  return Fuzzer(engine, library, options).run(progress, on_finding);
}

}  // namespace rulecheck

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
#include "diff/side_pair.hpp"
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

json outcome_under(const BoundRules& rules, const json& state, bool is_query, const json& request) {
  try {
    json out = oracle_answer(rules, "", is_query, state, request).outcome;
    out.erase("reason");
    return out;
  } catch (const InputError& e) {
    return {{"error", fmt::format("{} (at {})", e.what(), e.pointer())}};
  }
}

namespace {

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

}  // namespace

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
}  // namespace rulecheck::diff

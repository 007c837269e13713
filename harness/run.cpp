#include "harness/run.hpp"

#include <algorithm>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/input_error.hpp"
#include "common/text.hpp"
#include "harness/cross_check.hpp"
#include "harness/game_rulesets.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

std::vector<EngineUnderTest> start_engines(const std::vector<std::string>& commands, const EngineOptions& options,
                                           std::size_t jobs) {
  std::vector<EngineUnderTest> engines;
  for (const auto& command : commands) {
    EngineOptions these = options;
    these.command = command;
    EngineUnderTest e{command, std::make_unique<EngineProcess>(these), command, "", false, {}};
    try {
      const EngineHello& hello = e.process->start();
      e.name = hello.name;
      for (const auto& line : hello.banner)
        e.notes.push_back(fmt::format("'{}' printed a line before answering hello (ignored): {}", command, line));
    } catch (const HelloError& ex) {
      e.start_error = ex.what();
      e.bad_hello = true;
    } catch (const std::exception& ex) {
      e.start_error = ex.what();
    }
    for (std::size_t j = 1; j < jobs && e.start_error.empty(); ++j) {
      auto sibling = std::make_unique<EngineProcess>(these);
      try {
        sibling->start();
        e.siblings.push_back(std::move(sibling));
      } catch (const std::exception& ex) {
        e.notes.push_back(fmt::format("'{}': only {} of {} instances started ({})", command, j, jobs, ex.what()));
        break;
      }
    }
    engines.push_back(std::move(e));
  }
  return engines;
}

std::vector<std::string> target_names(const RunSettings& settings, const std::vector<EngineUnderTest>& engines) {
  std::vector<std::string> names;
  if (settings.oracle) names.push_back("oracle");
  for (const auto& e : engines) names.push_back(e.name);
  return names;
}

namespace {

CaseResult interrupted_case(const Scenario& s, const std::string& target) {
  CaseResult r = case_header(s, target);
  r.verdict = Verdict::skipped;
  r.message = fmt::format("not run: {}", stop_reason());
  r.skip_reason = r.message;
  return r;
}

// A result with scenario `i`'s own fields, or the error that keeps it from loading again.
CaseResult header_of(const ScenarioSource& scenarios, std::size_t i, const std::string& target) {
  try {
    return case_header(*scenarios.get(i), target);
  } catch (const ScenarioError& e) {
    return errored_case(e, target);
  }
}

// The cases dealt to the instances in turn (case i to instance i mod n), each instance's share
// cross-checked on its own thread; results are recorded in case order as soon as all before them are in.
void cross_check_in_parallel(const ScenarioSource& scenarios, const RulesLibrary& library,
                             const std::vector<EngineProcess*>& instances, const CrossCheckOptions& options,
                             const std::string& target, const std::function<void(const CaseResult&)>& record) {
  const std::size_t n = instances.size();
  std::vector<std::vector<std::size_t>> numbers(n);
  for (std::size_t i = 0; i < scenarios.size(); ++i) numbers[i % n].push_back(i);
  std::vector<ScenarioSubset> shares;
  for (auto& share : numbers) shares.emplace_back(scenarios, std::move(share));
  std::vector<std::optional<CaseResult>> waiting(scenarios.size());
  std::size_t next = 0;  // the first case not recorded yet
  std::mutex lock;
  const auto done = [&](std::size_t i, CaseResult r) {
    const std::lock_guard<std::mutex> hold(lock);
    waiting[i] = std::move(r);
    for (; next < waiting.size() && waiting[next]; ++next) {
      record(*waiting[next]);
      waiting[next].reset();
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t p = 0; p < n; ++p)
    threads.emplace_back([&, p] {
      std::size_t k = 0;  // the share's cases come back in order
      try {
        cross_check(shares[p], library, *instances[p], options, [&](const CaseResult& r) { done(k++ * n + p, r); });
      } catch (const std::exception& ex) {  // never lose the share's other cases
        for (; k < shares[p].size(); ++k) {
          CaseResult r = header_of(shares[p], k, target);
          r.verdict = Verdict::errored;
          r.message = fmt::format("the cross-check stopped: {}", ex.what());
          done(k * n + p, r);
        }
      }
    });
  for (auto& t : threads) t.join();
}

void run_engine(const Corpus& corpus, const RulesLibrary& library, EngineUnderTest& e, const RunSettings& settings,
                const std::function<void(const CaseResult&)>& record) {
  if (!e.start_error.empty() || stop_requested()) {
    const bool stopped = stop_requested();  // not started, or not run: interrupted, not the engine's fault
    for (std::size_t i = 0; i < corpus.size(); ++i) {
      CaseResult r = header_of(corpus, i, e.name);
      if (stopped && r.verdict != Verdict::errored) {
        r.verdict = Verdict::skipped;
        r.message = r.skip_reason = fmt::format("not run: {}", stop_reason());
      } else {
        r.verdict = Verdict::errored;
        if (r.message.empty()) r.message = e.start_error;
      }
      record(r);
    }
    return;
  }
  CrossCheckOptions options;
  options.strict = settings.strict;
  options.engine_command = e.command;
  options.reproduce_prefix = settings.reproduce_prefix;
  options.explain_prefix = settings.explain_prefix;
  options.solver_rlimit = settings.solver_rlimit;
  options.skip_unreachable = settings.skip_unreachable;
  options.only_the_games_rulesets = settings.only_the_games_rulesets;
  options.known = settings.known;
  if (auto it = settings.rule_maps.find(e.name); it != settings.rule_maps.end()) options.rule_map = it->second;
  if (e.siblings.empty()) {
    cross_check(corpus, library, *e.process, options, record);
  } else {
    std::vector<EngineProcess*> instances{e.process.get()};
    for (auto& s : e.siblings) instances.push_back(s.get());
    cross_check_in_parallel(corpus, library, instances, options, e.name, record);
  }
  std::size_t restarts = e.process->restarts();
  e.process->stop();
  for (auto& s : e.siblings) {
    restarts += s->restarts();
    s->stop();
  }
  if (restarts) e.notes.push_back(fmt::format("'{}' was restarted {} time(s) after faults", e.command, restarts));
}

}  // namespace

void run_targets(const Corpus& corpus, const RulesLibrary& library, std::vector<EngineUnderTest>& engines,
                 const RunSettings& settings, const std::function<void(const CaseResult&)>& record) {
  for (const auto& target : target_names(settings, engines))
    for (const auto& bad : corpus.bad) record(errored_case(bad, target));
  if (settings.oracle)
    for (std::size_t i = 0; i < corpus.size(); ++i) {
      std::shared_ptr<const Scenario> s;
      try {
        s = corpus.get(i);
      } catch (const ScenarioError& e) {
        record(errored_case(e, "oracle"));
        continue;
      }
      const unsigned solver_rlimit = settings.with_solver ? settings.solver_rlimit : 0;  // N-version mode
      const GameRules& rules = *library.find(s->game);
      const std::string off = settings.only_the_games_rulesets ? scenario_ruleset_not_produced(*s, rules) : "";
      CaseResult r = stop_requested()                                    ? interrupted_case(*s, "oracle")
                     : settings.skip_unreachable && !s->unreachable.empty() ? unreachable_case(*s, "oracle")
                     : !off.empty()                                         ? not_produced_case(*s, "oracle", off)
                                                                            : run_on_oracle(*s, rules, true, solver_rlimit);
      r.explain = explain_command(settings.explain_prefix, r);  // never `known`: a deviation is an engine's
      record(r);
    }
  for (auto& e : engines) run_engine(corpus, library, e, settings, record);
}

std::map<std::string, std::map<std::string, std::string>> load_rule_maps(const std::vector<std::string>& files) {
  std::map<std::string, std::map<std::string, std::string>> maps;
  std::map<std::string, std::string> file_of;  // engine name -> the file that maps it
  for (const auto& f : files) {
    auto [engine, map] = read_rule_map(f);
    if (const auto [at, added] = file_of.emplace(engine, f); !added)
      throw InputError("/engine", fmt::format("{} maps the engine \"{}\", as {} does: one map per engine", f,
                                              engine, at->second));
    maps[engine] = std::move(map);
  }
  return maps;
}

std::vector<std::string> unused_rule_maps(const RunSettings& settings, const std::vector<EngineUnderTest>& engines) {
  std::vector<std::string> notes, names;
  for (const auto& e : engines) {
    if (!e.start_error.empty()) return notes;
    names.push_back(fmt::format("\"{}\"", printable(e.name)));
  }
  for (const auto& [engine, map] : settings.rule_maps)
    if (std::none_of(engines.begin(), engines.end(), [&, &engine = engine](const auto& e) { return e.name == engine; }))
      notes.push_back(fmt::format("--rule-map names the engine \"{}\", but no engine's hello gives that name "
                                  "(engines: {}): its {} code(s) are used for none",
                                  printable(engine), names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")),
                                  map.size()));
  return notes;
}

}  // namespace rulecheck

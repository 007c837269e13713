#include "harness/run.hpp"

#include <fmt/format.h>

#include "harness/cross_check.hpp"
#include "harness/interrupt.hpp"
#include "harness/pipeline.hpp"

namespace rulecheck {

std::vector<EngineUnderTest> start_engines(const std::vector<std::string>& commands, const EngineOptions& options) {
  std::vector<EngineUnderTest> engines;
  for (const auto& command : commands) {
    EngineOptions these = options;
    these.command = command;
    EngineUnderTest e{command, std::make_unique<EngineProcess>(these), command, "", {}};
    try {
      const EngineHello& hello = e.process->start();
      e.name = hello.name;
      for (const auto& line : hello.banner)
        e.notes.push_back(fmt::format("'{}' printed a line before answering hello (ignored): {}", command, line));
    } catch (const std::exception& ex) {
      e.start_error = ex.what();
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
  r.message = fmt::format("not run: interrupted by {}", interrupt_name());
  return r;
}

void run_engine(const Corpus& corpus, const RulesLibrary& library, EngineUnderTest& e, const RunSettings& settings,
                const std::function<void(const CaseResult&)>& record) {
  if (!e.start_error.empty()) {
    for (const auto& s : corpus.scenarios) {
      CaseResult r = case_header(s, e.name);
      r.verdict = Verdict::errored;
      r.message = e.start_error;
      record(r);
    }
    return;
  }
  CrossCheckOptions options;
  options.strict = settings.strict;
  options.engine_command = e.command;
  options.reproduce_prefix = settings.reproduce_prefix;
  options.solver_rlimit = settings.solver_rlimit;
  if (auto it = settings.rule_maps.find(e.name); it != settings.rule_maps.end()) options.rule_map = it->second;
  cross_check(corpus.scenarios, library, *e.process, options, record);
  e.process->stop();
  if (e.process->restarts())
    e.notes.push_back(fmt::format("'{}' was restarted {} time(s) after faults", e.command, e.process->restarts()));
}

}  // namespace

void run_targets(const Corpus& corpus, const RulesLibrary& library, std::vector<EngineUnderTest>& engines,
                 const RunSettings& settings, const std::function<void(const CaseResult&)>& record) {
  for (const auto& target : target_names(settings, engines))
    for (const auto& bad : corpus.bad) record(errored_case(bad, target));
  if (settings.oracle)
    for (const auto& s : corpus.scenarios)
      record(interrupted() ? interrupted_case(s, "oracle") : run_on_oracle(s, *library.find(s.game)));
  for (auto& e : engines) run_engine(corpus, library, e, settings, record);
}

std::map<std::string, std::map<std::string, std::string>> load_rule_maps(const std::vector<std::string>& files) {
  std::map<std::string, std::map<std::string, std::string>> maps;
  for (const auto& f : files) {
    auto [engine, map] = read_rule_map(f);
    maps[engine] = std::move(map);
  }
  return maps;
}

}  // namespace rulecheck

// Checks that are not a scenario's verdict: which scenarios lean on a reading they do not name,
// and whether an engine's hello is one rulecheck can work with.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/corpus.hpp"
#include "harness/engine.hpp"

namespace rulecheck {

// A scenario whose verdict changes under another reading of a point it leaves to the default.
struct UndeclaredReading {
  std::shared_ptr<const Scenario> scenario;
  std::string point;
  std::string reading;          // the other reading it was run under
  std::string default_reading;  // what the scenario should name
  std::string message;          // the verdict under `reading`
};

// A scenario that does not pass on the oracle under its own readings: no other reading is tried
// (every verdict would differ, none of it a dependency).
struct FailingScenario {
  std::shared_ptr<const Scenario> scenario;
  std::string verdict;  // "fail", "errored", ...
  std::string message;
};

// `rulecheck readings`: every scenario that passes under its own readings is re-run on the oracle
// under each other reading of each point it does not name. `runs` counts those runs; `failing`
// gets the scenarios that do not pass as they are. A signal (harness/interrupt.hpp) stops it after the
// scenario in hand; `audited` counts the scenarios looked at.
std::vector<UndeclaredReading> undeclared_readings(const Corpus& corpus, const RulesLibrary& library,
                                                   std::size_t& runs, std::vector<FailingScenario>& failing,
                                                   std::size_t& audited);

// What is wrong with an engine's hello: its version, its games, its readings (banner lines before it are
// allowed by the protocol, and are not problems).
std::vector<std::string> hello_problems(const EngineHello& hello, const RulesLibrary& library);

}  // namespace rulecheck

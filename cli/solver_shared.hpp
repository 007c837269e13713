// What `rulecheck prove` and `rulecheck ambiguities` share: their options and the helpers both use
// (cli/solver_commands.cpp defines them; the ambiguities command is cli/ambiguities_command.cpp).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "common/owned_files.hpp"
#include "harness/rules_data.hpp"

namespace rulecheck::cli {

struct Context;

struct SolverArgs {
  std::vector<std::string> games;
  std::string format = "console";
  std::string output_dir;
  unsigned rlimit = 50'000'000;
  bool strength = false;  // prove --strength
  std::string text;       // ambiguities --text: the folder of rule texts to quote
  std::string edited;     // ambiguities --edited: the ruleset keys the encoding reads changed
  bool no_discovery = false;  // ambiguities --no-discovery: not the literal search for new findings
  bool full = false;          // ambiguities --full: also the costlier discovery searches (Muster and Re-arm)
};


// The games asked for (all by default), each with its rules; throws InputError naming --game when one is unknown.
std::vector<const GameRules*> games_asked(const RulesLibrary& library, const std::vector<std::string>& names);
double seconds_since(std::chrono::steady_clock::time_point t);
// A scenario as a file of an output folder: named for its id, '/' written '_'.
OwnedFile scenario_file(const json& scenario);
// The exit status of a command a signal stopped: as a shell reports a command its signal ended.
int interrupted_exit();

int ambiguities_command(const Context& context, const SolverArgs& args);

}  // namespace rulecheck::cli

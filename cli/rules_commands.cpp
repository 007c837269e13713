// `rulecheck rules ...`: the rulebook editor's tools. (Being written: check, fingerprint, coverage.)
#include "cli/commands.hpp"

namespace rulecheck::cli {

void add_rules_commands(CLI::App&, Context&) {}

}  // namespace rulecheck::cli

// What `rulecheck --version` prints: the version of the project() line and the commit built from.
#pragma once

#include <string>

namespace rulecheck::cli {

// "rulecheck 0.4.0 (commit 0123456789ab)"; "-dirty" after the hash when the tree had changes.
std::string version_line();

}  // namespace rulecheck::cli

#include "cli/version.hpp"

#include "cli/rulecheck_commit.hpp"  // generated at build time into the build tree (cmake/write_commit.cmake)

namespace rulecheck::cli {

std::string version_line() {
  return std::string("rulecheck ") + RULECHECK_VERSION + " (commit " + RULECHECK_COMMIT + ")";
}

}  // namespace rulecheck::cli

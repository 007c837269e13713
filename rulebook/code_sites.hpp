// Where the source code cites clause ids: every full clause id written in oracle/**/*.{cpp,hpp},
// solver/**/*.{cpp,hpp} and properties/**/*.{cpp,hpp} (in a comment or a string), with file and line. The table is
// found at build time (rulebook/generate_code_sites.py) from the source tree rulecheck was built
// from, and compiled in.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rulecheck::rulebook {

struct CodeSite {
  std::string_view id;    // e.g. "messina.muster.stacking" (any id of a game's form; not checked)
  std::string_view file;  // relative to the source tree, e.g. "oracle/messina/muster.cpp"
  int line = 0;
};

// The table generated when rulecheck was built.
std::span<const CodeSite> built_in_code_sites();

// A site in the oracle's code (oracle/...), in a property source (properties/...), or in the Z3
// encoding (solver/...).
bool is_oracle_site(const CodeSite& site);
bool is_property_site(const CodeSite& site);
bool is_solver_site(const CodeSite& site);

// "file:line" of each site citing `id` that `kind` accepts (is_oracle_site, is_property_site).
std::vector<std::string> sites_citing(std::span<const CodeSite> sites, std::string_view id,
                                      bool (*kind)(const CodeSite&));

}  // namespace rulecheck::rulebook

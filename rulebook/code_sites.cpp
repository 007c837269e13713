#include "rulebook/code_sites.hpp"

#include <fmt/format.h>

namespace rulecheck::rulebook {

bool is_oracle_site(const CodeSite& site) { return site.file.starts_with("oracle/"); }
bool is_property_site(const CodeSite& site) { return site.file.starts_with("properties/"); }
bool is_solver_site(const CodeSite& site) { return site.file.starts_with("solver/"); }

std::vector<std::string> sites_citing(std::span<const CodeSite> sites, std::string_view id,
                                      bool (*kind)(const CodeSite&)) {
  std::vector<std::string> out;
  for (const auto& site : sites)
    if (site.id == id && kind(site)) out.push_back(fmt::format("{}:{}", site.file, site.line));
  return out;
}

}  // namespace rulecheck::rulebook

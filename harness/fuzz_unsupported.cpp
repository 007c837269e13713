#include "harness/fuzz_unsupported.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulecheck {

bool over_a_third_unsupported(const FuzzStats& s) { return s.cases > 0 && 3 * s.unsupported > s.cases; }

std::string answered_kinds_option(const FuzzStats& s) {
  std::vector<std::string> kinds;
  for (const auto& [kind, n] : s.answered_kinds) {
    const std::string k = kind.substr(kind.find(' ') + 1);  // "scythe action:move" -> "action:move"
    if (n > 0 && std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
  }
  return fmt::format("{}", fmt::join(kinds, ","));
}

std::string unsupported_share_text(const FuzzStats& s) {
  if (s.cases == 0) return "";
  const double share = static_cast<double>(s.unsupported) / static_cast<double>(s.cases);
  std::string text = fmt::format("{} of {} case(s) ({:.0f} %) were answered \"unsupported\"", s.unsupported, s.cases,
                                 100 * share);
  if (!over_a_third_unsupported(s)) return text;
  const std::string kinds = answered_kinds_option(s);
  return text + (kinds.empty() ? ": over a third, and the engine answered no kind of request (see the e.g. lines)"
                               : fmt::format(": over a third; to send only the kinds the engine answered: --kinds {}",
                                             kinds));
}

}  // namespace rulecheck

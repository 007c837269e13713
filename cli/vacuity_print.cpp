// A proof's vacuity check on the console (vacuity_print.hpp).
#include "cli/vacuity_print.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulecheck::cli {

namespace {

// One part: "reachable board 12/12" or "reachable board FAILED in 1 of 12 (first: ...)".
std::string part_words(const char* name, const nlohmann::json& part) {
  if (!part.value("checked", false)) return fmt::format("{} not checked ({})", name, part.value("says", ""));
  const int sat = part.value("satisfiable", 0), all = part.value("questions", 0);
  if (part.value("holds", false)) return fmt::format("{} {}/{}", name, sat, all);
  return fmt::format("{} FAILED in {} of {} (first: {})", name, all - sat, all, part.value("failed", ""));
}

}  // namespace

void print_vacuity(const nlohmann::json& r) {
  const auto it = r.find("vacuity_check");
  if (it == r.end() || it->is_null()) {
    fmt::print("         vacuity: not asked (the claim is not proved)\n");
    return;
  }
  const nlohmann::json& v = *it;
  const nlohmann::json& reach = v["reachable_board"];
  if (v["failed"].empty() && reach.value("checked", false)) {
    fmt::print("         non-vacuous: reachable board, guard, antecedent ({} questions; witness {})\n",
               reach.value("questions", 0), reach.value("witness", ""));
  } else {
    fmt::print("         VACUITY: {}; {}; {}\n", part_words("reachable board", reach), part_words("guard", v["guard"]),
               part_words("antecedent", v["antecedent"]));
  }
  std::vector<std::string> invariants = v["invariants"].get<std::vector<std::string>>();
  fmt::print("         reachable: {}\n", invariants.empty() ? std::string("none written") : fmt::format("{}", fmt::join(invariants, ", ")));
}

}  // namespace rulecheck::cli

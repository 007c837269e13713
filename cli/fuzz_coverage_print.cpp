#include "cli/fuzz_coverage_print.hpp"

#include <fmt/format.h>

namespace rulecheck::cli {

// The feature-coverage report (harness/fuzz_coverage.hpp): what the cases reached, with counts, and
// everything they never reached.
void print_fuzz_coverage(const FuzzStats& s, const FeatureUniverse& universe) {
  const json report = universe.report(s.features);
  fmt::print("\ncases by type (legal / generated):\n");
  for (const auto& [kind, n] : s.kinds) {
    const auto legal = s.legal_kinds.find(kind);
    fmt::print("  {:<36} {:>7} / {}\n", kind, legal == s.legal_kinds.end() ? 0 : legal->second, n);
  }
  auto print_section = [&](const char* title, const char* key) {
    std::size_t reached = 0;
    for (const auto& [item, n] : report[key].items()) reached += n.get<std::size_t>() > 0 ? 1 : 0;
    fmt::print("{} ({} of {} reached):\n", title, reached, report[key].size());
    for (const auto& [item, n] : report[key].items())
      if (n.get<std::size_t>() > 0) fmt::print("  {:<64} {:>7}\n", item, n.get<std::size_t>());
  };
  fmt::print("\nfeature coverage:\n");
  print_section("ruleset keys with a non-default value (cases)", "ruleset_keys");
  print_section("readings (cases)", "readings");
  print_section("types: actions legal and illegal, queries answered (cases)", "types");
  print_section("require clauses of the oracle that forbade a case (cases)", "require_clauses");
  if (report["fields"].is_null()) {
    fmt::print("format fields: universe unavailable, not counted (nor the types' universe): {}\n",
               report["fields_unavailable"].get<std::string>());
  } else {
    std::size_t reached = 0;
    for (const auto& [item, n] : report["fields"].items()) reached += n.get<std::size_t>() > 0 ? 1 : 0;
    fmt::print("format fields of the state and the requests: {} of {} present in some case (counts in --format "
               "jsonl)\n",
               reached, report["fields"].size());
  }
  for (const auto& [path, n] : report["unknown_fields"].items())
    fmt::print("  field outside the scenario schema (a generator's bug): {} ({})\n", path, n.get<std::size_t>());
  if (!report["not_reachable"].empty()) {
    fmt::print("not reached, and no case can reach it by the rules' own sentences ({}):\n", report["not_reachable"].size());
    for (const auto& item : report["not_reachable"])
      fmt::print("  {}: {}\n", item["item"].get<std::string>(), item["why"].get<std::string>());
  }
  fmt::print("never reached ({}):{}\n", report["unreached"].size(), report["unreached"].empty() ? " nothing" : "");
  for (const auto& item : report["unreached"]) fmt::print("  {}\n", item.get<std::string>());
}

}  // namespace rulecheck::cli

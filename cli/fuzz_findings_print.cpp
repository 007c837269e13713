#include "cli/fuzz_findings_print.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "common/text.hpp"
#include "reports/reporter.hpp"

namespace rulecheck::cli {

json finding_record(const FuzzFinding& f, std::uint64_t seed) {
  return {{"type", "finding"},
          {"seed", seed},
          {"case", f.case_number},
          {"shrink_steps", f.shrink_steps},
          {"verdict", verdict_name(f.smallest.verdict)},
          {"signature", f.smallest.signature},
          {"step", f.smallest.step},
          {"message", f.smallest.message},
          {"patch", f.smallest.patch},
          {"differences", f.smallest.differences},
          {"deciding", f.smallest.deciding},
          {"file", f.file.string()},
          {"save_error", f.save_error.empty() ? json(nullptr) : json(f.save_error)},
          {"rerun", f.rerun},
          {"scenario", f.scenario}};
}

json group_record(const FindingGroup& g) {
  return {{"signature", g.signature},
          {"verdict", verdict_name(g.verdict)},
          {"count", g.count},
          {"smallest",
           {{"seed", g.seed},
            {"case", g.smallest.case_number},
            {"size", g.size},
            {"shrunk", g.shrunk},
            {"file", g.smallest.file.string()},
            {"rerun", g.smallest.rerun}}}};
}

json errors_json(const ExampleMessages& errors) {
  json out = json::array();
  for (const auto& [message, cases] : errors.kept) out.push_back({{"message", message}, {"cases", cases}});
  return out;
}

void print_finding(const FuzzFinding& f, std::uint64_t seed, bool jsonl) {
  if (jsonl) {  // the record carries the scenario whole, saved or not
    fmt::print("{}\n", finding_record(f, seed).dump());
    if (!f.save_error.empty())
      fmt::print(stderr, "rulecheck: a finding was not saved ({}); its JSON line holds it whole\n",
                 printable(f.save_error));
    return;
  }
  fmt::print("\n{} at generated case {} of seed {} (shrunk in {} step(s)):\n  {}\n",
             f.smallest.verdict == Verdict::disputed ? "DISPUTED (the oracle and the solver disagree)" : "DISAGREEMENT",
             f.case_number, seed, f.shrink_steps, f.smallest.message);
  if (!f.smallest.patch.is_null()) fmt::print("  patch:   {}\n", f.smallest.patch.dump());
  if (f.smallest.differences.size() + f.smallest.differences_more > 1)  // every differing field, the cause first
    for (const auto& line : difference_lines(f.smallest)) fmt::print("  differs: {}\n", printable(line));
  if (!f.smallest.signature.empty()) fmt::print("  signature: {}\n", f.smallest.signature);
  if (!f.file.empty()) {
    fmt::print("  saved:   {}\n  rerun:   {}\n", f.file.string(), f.rerun);
  } else {
    if (!f.save_error.empty()) {
      fmt::print("  NOT SAVED: {}; the case is printed whole below\n", printable(f.save_error));
      fmt::print(stderr, "rulecheck: a finding was not saved ({}); it is printed whole on standard output\n",
                 printable(f.save_error));
    }
    fmt::print("  the smallest case:\n{}\n", f.scenario.dump(2));
  }
}

}  // namespace rulecheck::cli

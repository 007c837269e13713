// prove --strength's per-clause figures (strength_print.hpp).
#include "cli/strength_print.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text.hpp"

namespace rulecheck::cli {

using json = nlohmann::json;

// --strength's figures over every clause reported: mutants asked, killed, survived, undecided,
// equivalent, clauses protected out of clauses.
json strength_totals(const json& clauses) {
  std::size_t mutants = 0, killed = 0, survived = 0, undecided = 0, equivalent = 0, protected_ = 0;
  for (const auto& c : clauses) {
    const std::size_t n = c["mutants"].get<std::size_t>();
    mutants += n;
    survived += c["survived"].size();
    undecided += c["undecided"].size();
    killed += n - c["survived"].size() - c["undecided"].size();
    equivalent += c["equivalent"].get<std::size_t>();
    if (c["protected"].get<bool>()) ++protected_;
  }
  return {{"mutants", mutants},     {"killed", killed},         {"survived", survived},
          {"undecided", undecided}, {"equivalent", equivalent}, {"clauses", clauses.size()},
          {"protected", protected_}};
}

// --strength on the console: each clause protected (by which proofs) or not (its surviving mutants).
void print_clause_strength(const json& clauses) {
  if (clauses.empty()) return;
  fmt::print("Generic mutants of the sections written as one relation, per clause:\n");
  for (const auto& c : clauses) {
    const auto survived = c["survived"].get<std::vector<std::string>>();
    const std::size_t killed = c["mutants"].get<std::size_t>() - survived.size() - c["undecided"].size();
    fmt::print("{:12} {} {}: {} of {} mutant(s) killed{}\n", c["protected"].get<bool>() ? "protected" : "UNPROTECTED",
               c["game"].get<std::string>(), c["clause"].get<std::string>(), killed, c["mutants"].get<std::size_t>(),
               c["killed_by"].empty() ? "" : fmt::format(", by {}", fmt::join(c["killed_by"].get<std::vector<std::string>>(), ", ")));
    for (const auto& m : survived) fmt::print("             survived: {}\n", printable(m));
    for (const auto& m : c["undecided"]) fmt::print("             undecided: {}\n", printable(m.get<std::string>()));
  }
  const json t = strength_totals(clauses);
  fmt::print("{} of {} clause(s) protected; {} mutant(s): {} killed, {} survived, {} undecided ({} equivalent to the "
             "text, not counted)\n\n",
             t["protected"].get<std::size_t>(), t["clauses"].get<std::size_t>(), t["mutants"].get<std::size_t>(),
             t["killed"].get<std::size_t>(), t["survived"].get<std::size_t>(), t["undecided"].get<std::size_t>(),
             t["equivalent"].get<std::size_t>());
}

}  // namespace rulecheck::cli

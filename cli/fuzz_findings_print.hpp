// How `rulecheck fuzz` reports a finding and its groups: the console lines and the JSON records
// (--format jsonl), each carrying the smallest case whole, saved or not.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "harness/example_messages.hpp"
#include "harness/fuzz.hpp"

namespace rulecheck::cli {

// A finding as its JSON line: seed, case, verdict, signature, every differing field, the scenario.
json finding_record(const FuzzFinding& f, std::uint64_t seed);
// A group of findings sharing a signature, for the summary: its count and smallest saved case.
json group_record(const FindingGroup& g);
// The summary's example messages: [{"message", "cases"}], each distinct message once.
json errors_json(const ExampleMessages& errors);
// A finding on standard output: its JSON line, or the console's block (the case printed whole when
// it could not be saved).
void print_finding(const FuzzFinding& f, std::uint64_t seed, bool jsonl);

}  // namespace rulecheck::cli

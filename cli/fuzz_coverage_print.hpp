// The console's feature-coverage report of `rulecheck fuzz` (harness/fuzz_coverage.hpp).
#pragma once

#include "harness/fuzz.hpp"
#include "harness/fuzz_coverage.hpp"

namespace rulecheck::cli {

// What the cases reached, with counts, and everything they never reached.
void print_fuzz_coverage(const FuzzStats& s, const FeatureUniverse& universe);

}  // namespace rulecheck::cli

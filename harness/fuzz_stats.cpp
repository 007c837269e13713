// Adding up the statistics of the parts of a fuzz run (--jobs, --shard): harness/fuzz.hpp, add_fuzz_stats.
#include <algorithm>

#include "harness/fuzz.hpp"

namespace rulecheck {

void add_fuzz_stats(FuzzStats& total, const FuzzStats& part) {
  total.cases += part.cases;
  total.agreed += part.agreed;
  total.unsupported += part.unsupported;
  total.errored += part.errored;
  total.failed += part.failed;
  total.alternatives += part.alternatives;
  total.known += part.known;
  total.disputed += part.disputed;
  total.solver_steps += part.solver_steps;
  total.sampled_rulesets += part.sampled_rulesets;
  total.other_readings += part.other_readings;
  for (const auto& [k, n] : part.kinds) total.kinds[k] += n;
  for (const auto& [k, n] : part.legal_kinds) total.legal_kinds[k] += n;
  for (const auto& [k, n] : part.clauses) total.clauses[k] += n;
  for (const auto& [k, n] : part.answered_kinds) total.answered_kinds[k] += n;
  for (const auto& [k, n] : part.unsupported_kinds) total.unsupported_kinds[k] += n;
  total.set_aside += part.set_aside;
  total.errors.merge(part.errors);
  for (const auto& g : part.groups) {
    auto same = std::find_if(total.groups.begin(), total.groups.end(),
                             [&](const FindingGroup& t) { return t.signature == g.signature; });
    if (same == total.groups.end()) {
      total.groups.push_back(g);
      continue;
    }
    const std::size_t count = same->count + g.count;
    if (g.size < same->size) *same = g;
    same->count = count;
  }
  total.features.add(part.features);
  total.seconds = std::max(total.seconds, part.seconds);
}

}  // namespace rulecheck

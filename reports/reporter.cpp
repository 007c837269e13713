#include "reports/reporter.hpp"

#include <algorithm>

namespace rulecheck {

void Summary::add(const CaseResult& r) {
  const auto v = static_cast<std::size_t>(r.verdict);
  counts[v]++;
  auto it = std::find_if(by_target.begin(), by_target.end(), [&](const auto& t) { return t.first == r.target; });
  if (it == by_target.end()) it = by_target.insert(by_target.end(), {r.target, {}});
  it->second[v]++;
}

void FanOutReporter::begin(const RunInfo& info) {
  for (auto& r : reporters_) r->begin(info);
}
void FanOutReporter::case_done(const CaseResult& result) {
  for (auto& r : reporters_) r->case_done(result);
}
void FanOutReporter::end(const Summary& summary) {
  for (auto& r : reporters_) r->end(summary);
}

}  // namespace rulecheck

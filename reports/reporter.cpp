#include "reports/reporter.hpp"

namespace rulecheck {

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

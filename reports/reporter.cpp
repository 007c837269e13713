#include "reports/reporter.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulecheck {

void Summary::add(const CaseResult& r) {
  const auto v = static_cast<std::size_t>(r.verdict);
  counts[v]++;
  auto it = std::find_if(by_target.begin(), by_target.end(), [&](const auto& t) { return t.first == r.target; });
  if (it == by_target.end()) it = by_target.insert(by_target.end(), {r.target, {}});
  it->second[v]++;
  if (r.verdict == Verdict::fail && !r.unreachable.empty()) ++failed_unreachable;
  if (r.verdict == Verdict::skipped) ++skips[r.target][r.skip_reason.empty() ? r.message : r.skip_reason];
  solver_steps += r.solver_steps;
  if (!r.answered.empty() || !r.unsupported.empty()) {
    Coverage& c = coverage[r.target];
    for (const auto& kind : r.answered) ++c.answered[kind];
    if (!r.unsupported.empty()) ++c.unsupported[r.unsupported];
  }
}

std::string unreachable_mark(const CaseResult& r) {
  return r.verdict == Verdict::fail && !r.unreachable.empty() ? " (on a board the scenario marks unreachable)" : "";
}

std::string failed_text(const Summary& s) {
  const std::size_t failed = s.count(Verdict::fail);
  if (s.failed_unreachable == 0) return fmt::format("{} failed", failed);
  return fmt::format("{} failed ({} on boards marked unreachable: --skip-unreachable skips them)", failed,
                     s.failed_unreachable);
}

std::string known_tally_text(const KnownTally& t) {
  return fmt::format("{} {}: {}", t.status == KnownStatus::stale ? "stale known deviation:" : "known deviation",
                     t.entry, t.why);
}

std::string solver_steps_text(const Summary& s) {
  if (!s.with_solver && s.solver_steps.checked() == 0) return "";
  return solver_steps_text(s.solver_steps);
}

std::string solver_steps_text(const SolverSteps& n) {
  return fmt::format(
      "with solver: {} step(s) checked, {} allowed, {} disputed, {} unknown (out of budget: --solver-rlimit), {} not "
      "encoded (not checked); both ways: of {} legal next state(s) allowed, {} the only one the rules allow ({} of "
      "them once a listed convention decides where the text is silent), {} not (disputed), {} unknown",
      n.checked(), n.allowed, n.forbidden, n.unknown, n.not_encoded, n.asked_both_ways(), n.only, n.by_convention,
      n.other, n.only_unknown);
}

std::string_view verdict_heading(Verdict v) {
  switch (v) {
    case Verdict::pass: return "PASS";
    case Verdict::fail: return "FAIL";
    case Verdict::skipped: return "SKIPPED";
    case Verdict::errored: return "ERROR";
    case Verdict::alternative: return "ALTERNATIVE";
    case Verdict::known: return "KNOWN";
    case Verdict::disputed: return "DISPUTED";
  }
  return "?";
}

std::size_t Summary::total() const {
  std::size_t n = 0;
  for (auto c : counts) n += c;
  return n;
}

std::size_t Summary::problems() const {
  std::size_t n = 0;
  for (Verdict v : kAllVerdicts)
    if (is_problem(v)) n += count(v);
  return n;
}

std::string illegality_text(const std::string& rule, const std::string& reason) {
  if (rule.empty()) return "";
  return reason.empty() ? fmt::format("illegal ({})", rule) : fmt::format("illegal ({}: {})", rule, reason);
}

namespace {

std::string side_of(const json& difference, const char* side, std::size_t max_value) {
  if (!difference.contains(side)) return "(absent)";
  std::string text = difference[side].dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > max_value) text = text.substr(0, max_value - 3) + "...";
  return text;
}

}  // namespace

std::vector<std::string> difference_lines(const CaseResult& r, std::size_t max_lines, std::size_t max_value) {
  std::vector<std::string> out;
  if (!r.differences.is_array()) return out;
  for (const json& d : r.differences) {
    if (out.size() == max_lines) break;
    out.push_back(fmt::format("{}: wanted {}, got {}", d.value("path", std::string("/")), side_of(d, "wanted", max_value),
                              side_of(d, "got", max_value)));
  }
  const std::size_t rest = r.differences.size() - out.size() + r.differences_more;
  if (rest > 0) out.push_back(fmt::format("... and {} more differing field(s)", rest));
  return out;
}

std::vector<std::pair<std::string, std::size_t>> skips_by_reason(const Summary& s, const std::string& target) {
  std::vector<std::pair<std::string, std::size_t>> out;
  if (auto it = s.skips.find(target); it != s.skips.end()) out.assign(it->second.begin(), it->second.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::string coverage_text(const EngineInfo* engine, const Coverage& coverage, std::size_t max_listed) {
  std::vector<std::string> parts;
  if (engine) {
    parts.push_back(fmt::format("plays {}", engine->games.empty() ? "no game" : fmt::format("{}", fmt::join(engine->games, ", "))));
    parts.push_back(fmt::format("declares {} reading(s)", engine->readings.size()));
    for (const auto& d : engine->declarations) parts.push_back(d);
  }
  std::size_t kinds = coverage.answered.size();
  for (const auto& [kind, n] : coverage.unsupported)
    if (!coverage.answered.count(kind)) ++kinds;
  parts.push_back(fmt::format("answered {} of {} kind(s) of request asked", coverage.answered.size(), kinds));
  std::vector<std::pair<std::string, std::size_t>> unsupported(coverage.unsupported.begin(), coverage.unsupported.end());
  std::stable_sort(unsupported.begin(), unsupported.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> listed;
  for (std::size_t i = 0; i < unsupported.size() && i < max_listed; ++i)
    listed.push_back(fmt::format("{} ({} case(s))", unsupported[i].first, unsupported[i].second));
  if (unsupported.size() > max_listed) listed.push_back(fmt::format("and {} more", unsupported.size() - max_listed));
  parts.push_back(listed.empty() ? "unsupported: none" : fmt::format("unsupported: {}", fmt::join(listed, ", ")));
  return fmt::format("{}", fmt::join(parts, "; "));
}

const EngineInfo* find_engine(const RunInfo& info, const std::string& target) {
  for (const auto& e : info.engines)
    if (e.name == target) return &e;
  return nullptr;
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

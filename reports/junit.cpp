// The JUnit XML reporter, for CI test reporters (GitHub Actions, GitLab, Jenkins): a <testsuite>
// per target, a <testcase> per case. Written at end(), since each suite's counts come first.
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "reports/document.hpp"

namespace rulecheck {

namespace {

// "scythe/move/carry-two" -> "move": the part of a game/section/slug id before the slug.
std::string section_of(const std::string& id) {
  const auto slug = id.rfind('/');
  if (slug == std::string::npos || slug == 0) return "";
  const auto previous = id.rfind('/', slug - 1);
  const auto start = previous == std::string::npos ? 0 : previous + 1;
  return id.substr(start, slug - start);
}

std::string classname_of(const CaseResult& r) {
  const std::string section = section_of(r.id);
  if (r.game.empty()) return section.empty() ? "rulecheck" : section;
  return section.empty() ? r.game : r.game + "." + section;
}

std::string failure_body(const CaseResult& r) {
  std::string body = r.message + "\n";
  if (r.step >= 0) body += fmt::format("step: {}\n", r.step);
  if (!r.answer_rule.empty()) body += "answer: " + illegality_text(r.answer_rule, r.answer_reason) + "\n";
  if (!r.expected_rule.empty()) body += "wanted: " + illegality_text(r.expected_rule, r.expected_reason) + "\n";
  if (!r.note.empty()) body += "note: " + r.note + "\n";
  if (!r.patch.is_null()) body += "patch: " + r.patch.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  if (r.differences.size() + r.differences_more > 1)
    for (const auto& line : difference_lines(r)) body += "differs: " + line + "\n";
  if (!r.deciding.empty()) body += "decided by: " + fmt::format("{}", fmt::join(r.deciding, ", ")) + "\n";
  if (!r.clauses.empty()) body += "clauses: " + fmt::format("{}", fmt::join(r.clauses, ", ")) + "\n";
  if (!r.signature.empty()) body += "signature: " + r.signature + "\n";
  if (!r.oracle_outcome.is_null())
    body += "oracle: " + r.oracle_outcome.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  if (!r.solver.empty()) body += "solver: " + r.solver + ": " + r.solver_why + "\n";
  if (!r.reproduce.empty()) body += "reproduce: " + r.reproduce + "\n";
  if (!r.explain.empty()) body += "explain: " + r.explain + "\n";
  return body;
}

std::string counts_attributes(const Tally& t) {
  return fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="{}" time="{}")", t.total(),
                     t.count(Verdict::fail) + t.count(Verdict::disputed), t.count(Verdict::errored),
                     t.count(Verdict::skipped) + t.count(Verdict::known),
                     seconds_text(t.millis / 1000));
}

class JunitReporter final : public DocumentReporter {
 public:
  explicit JunitReporter(std::ostream& out) : out_(out) {}

 private:
  void write(const Summary& summary) override {
    Tally all = tally_all();
    all.millis = summary.seconds * 1000;
    fmt::print(out_, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fmt::print(out_, "<testsuites name=\"rulecheck\" {}>\n", counts_attributes(all));
    for (const auto& target : targets()) write_suite(target, tally_by_target().at(target), summary);
    fmt::print(out_, "</testsuites>\n");
    out_.flush();
  }

  void write_suite(const std::string& target, const Tally& tally, const Summary& summary) {
    fmt::print(out_, "  <testsuite name=\"{}\" {}>\n", escape_xml_attribute(target), counts_attributes(tally));
    write_properties(target, summary);
    if (auto spool = spools_.find(target); spool != spools_.end()) spool->second.copy_to(out_);
    fmt::print(out_, "  </testsuite>\n");
  }

  // An engine's coverage line and its skips by reason, as the suite's properties.
  void write_properties(const std::string& target, const Summary& summary) {
    std::vector<std::pair<std::string, std::string>> properties;
    const EngineInfo* engine = find_engine(info(), target);
    const auto covered = summary.coverage.find(target);
    if (engine || covered != summary.coverage.end())
      properties.emplace_back("coverage",
                              coverage_text(engine, covered == summary.coverage.end() ? Coverage{} : covered->second));
    for (const auto& [reason, n] : skips_by_reason(summary, target))
      properties.emplace_back(fmt::format("skipped: {}", reason), std::to_string(n));
    if (properties.empty()) return;
    fmt::print(out_, "    <properties>\n");
    for (const auto& [name, value] : properties)
      fmt::print(out_, "      <property name=\"{}\" value=\"{}\"/>\n", escape_xml_attribute(name),
                 escape_xml_attribute(value));
    fmt::print(out_, "    </properties>\n");
  }

  // Each case's <testcase> goes to its target's spool as it comes; write() copies the spools out.
  void on_case(const CaseResult& r) override { spools_[r.target].append(case_xml(r)); }

  static std::string case_xml(const CaseResult& r) {
    std::string xml = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
                                  escape_xml_attribute(classname_of(r)), escape_xml_attribute(r.id),
                                  seconds_text(r.millis / 1000));
    if (!r.file.empty()) xml += fmt::format(" file=\"{}\"", escape_xml_attribute(r.file));
    if (r.verdict == Verdict::pass && r.stderr_text.empty()) return xml + "/>\n";
    xml += ">\n" + outcome_xml(r);
    if (!r.stderr_text.empty()) xml += fmt::format("      <system-err>{}</system-err>\n", escape_xml(r.stderr_text));
    return xml + "    </testcase>\n";
  }

  static std::string outcome_xml(const CaseResult& r) {
    const std::string message = escape_xml_attribute(r.message);
    switch (r.verdict) {
      case Verdict::pass: return "";
      case Verdict::fail:
        return fmt::format("      <failure message=\"{}\" type=\"fail\">{}</failure>\n", message,
                           escape_xml(failure_body(r)));
      case Verdict::errored:
        return fmt::format("      <error message=\"{}\" type=\"errored\">{}</error>\n", message,
                           escape_xml(failure_body(r)));
      case Verdict::skipped: return fmt::format("      <skipped message=\"{}\"/>\n", message);
      // An outcome the rules allow: passes, with what differed for the reader.
      case Verdict::alternative:
        return fmt::format("      <system-out>{}</system-out>\n", escape_xml(failure_body(r)));
      // A known deviation (--known): not a failure; skipped, saying which entry it matched.
      case Verdict::known:
        return fmt::format("      <skipped message=\"known deviation: {}\"/>\n      <system-out>{}</system-out>\n",
                           escape_xml_attribute(r.known_reason), escape_xml(failure_body(r)));
      case Verdict::disputed:
        return fmt::format("      <failure message=\"{}\" type=\"disputed\">{}</failure>\n", message,
                           escape_xml(std::string(kDisputedMeaning) + "\n" + failure_body(r)));
    }
    return "";
  }

  std::map<std::string, Spool> spools_;  // by target
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<Reporter> make_junit_reporter(std::ostream& out) { return std::make_unique<JunitReporter>(out); }

}  // namespace rulecheck

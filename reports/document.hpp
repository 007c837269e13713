// What the reporters that write one document at the end share (JUnit XML, Markdown, HTML): keeping
// the run's cases until end(), counting verdicts per target, and making text safe for XML and HTML.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "reports/reporter.hpp"

namespace rulecheck {

// Verdict counts and time of a group of cases (one target, one clause on one target, ...).
struct Tally {
  std::array<std::size_t, 5> counts{};  // by Verdict
  double millis = 0;
  void add(const CaseResult& r);
  std::size_t count(Verdict v) const { return counts[static_cast<std::size_t>(v)]; }
  std::size_t total() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};

// A reporter that keeps every case and writes its document once, at end().
class DocumentReporter : public Reporter {
 public:
  void begin(const RunInfo& info) final { info_ = info; }
  void case_done(const CaseResult& result) final { cases_.push_back(result); }
  void end(const Summary& summary) final { write(summary); }

 protected:
  virtual void write(const Summary& summary) = 0;
  const RunInfo& info() const { return info_; }
  const std::vector<CaseResult>& cases() const { return cases_; }
  // The targets the run planned, in its order, then any other target a case names.
  std::vector<std::string> targets() const;
  std::map<std::string, Tally> tally_by_target() const;
  Tally tally_all() const;

 private:
  RunInfo info_;
  std::vector<CaseResult> cases_;
};

// A failure or an error: the cases a report lists one by one.
bool is_problem(const CaseResult& r);

// `text` with malformed UTF-8 replaced by U+FFFD and the characters XML 1.0 forbids dropped (the C0
// controls other than tab, newline and carriage return; U+FFFE, U+FFFF).
std::string clean_text(std::string_view text);
// Character data for XML or HTML: clean_text with & < > " ' as references; CR kept as &#13;.
std::string escape_xml(std::string_view text);
// An attribute value for XML or HTML: as escape_xml, and tab and newline as references too, so a
// parser does not turn them into spaces.
std::string escape_xml_attribute(std::string_view text);

// At most `max_bytes` of `text`, cut at a character boundary, with "…" when cut.
std::string shorten(std::string_view text, std::size_t max_bytes);

// Seconds with millisecond precision, as JUnit's time attributes and the summaries show them.
std::string seconds_text(double seconds);

}  // namespace rulecheck

// What the reporters that write one document at the end share (JUnit XML, Markdown, HTML): keeping
// the run's cases until end(), counting verdicts per target, and making text safe for XML and HTML.
#pragma once

#include <array>
#include <cstdio>
#include <iosfwd>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "reports/reporter.hpp"

namespace rulecheck {

// Verdict counts and time of a group of cases (one target, one clause on one target, ...).
struct Tally {
  std::array<std::size_t, kAllVerdicts.size()> counts{};  // by Verdict
  double millis = 0;
  void add(const CaseResult& r);
  std::size_t count(Verdict v) const { return counts[static_cast<std::size_t>(v)]; }
  std::size_t total() const;
  std::size_t problems() const;  // is_problem: failed, errored, disputed
};

// A reporter that writes its document once, at end(). It keeps the counts and the failures and
// errors, not every case, so that its memory grows with the problems found, not with the run;
// what a document needs of every case it takes in `on_case` as the case comes.
class DocumentReporter : public Reporter {
 public:
  void begin(const RunInfo& info) final;
  void case_done(const CaseResult& result) final;
  void end(const Summary& summary) final { write(summary); }

 protected:
  virtual void write(const Summary& summary) = 0;
  virtual void on_case(const CaseResult&) {}
  const RunInfo& info() const { return info_; }
  // The failures and errors, in the order they came.
  const std::vector<CaseResult>& problems() const { return problems_; }
  // The targets the run planned, in its order, then any other target a case names.
  const std::vector<std::string>& targets() const { return targets_; }
  const std::map<std::string, Tally>& tally_by_target() const { return tallies_; }
  const Tally& tally_all() const { return all_; }

 private:
  RunInfo info_;
  std::vector<std::string> targets_;
  std::map<std::string, Tally> tallies_;
  Tally all_;
  std::vector<CaseResult> problems_;
};

// Text kept aside until a document is written: in a temporary file (so that a long run's memory
// stays flat), or in memory when no temporary file can be made.
class Spool {
 public:
  Spool() = default;
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;
  Spool(Spool&& other) noexcept;
  Spool& operator=(Spool&&) = delete;
  ~Spool();
  void append(std::string_view text);
  void copy_to(std::ostream& out);  // everything appended, in order

 private:
  std::FILE* file_ = nullptr;
  bool tried_ = false;
  bool spilled_ = false;  // a write to the file failed: the rest is in memory
  std::string memory_;    // when no temporary file could be made, or after a write to it failed
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

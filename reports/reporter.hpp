// Reporters: one small class per output format behind one interface (like Catch2's reporters).
// Each receives results as they come, so an interrupted run keeps what it found.
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/case_result.hpp"

namespace rulecheck {

struct RunInfo {
  std::string version;
  std::vector<std::string> targets;
  std::size_t cases = 0;  // scenario files × targets planned
  std::vector<std::string> paths;
  std::map<std::string, std::string> clause_paraphrases;  // clause id -> its one-line paraphrase
  std::string shard;  // "K/N" when this run is one part of a sharded run
};

struct Summary {
  std::array<std::size_t, 5> counts{};                                        // by Verdict
  std::vector<std::pair<std::string, std::array<std::size_t, 4>>> by_target;  // in target order
  std::size_t bad_input = 0;                                                  // scenario files that could not be used
  std::string interrupted;  // the signal that stopped the run ("SIGINT"), whose unjudged cases are skipped
  double seconds = 0;
  std::size_t count(Verdict v) const { return counts[static_cast<std::size_t>(v)]; }
  std::size_t total() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
  void add(const CaseResult& r);
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void begin(const RunInfo& info) = 0;
  virtual void case_done(const CaseResult& result) = 0;
  virtual void end(const Summary& summary) = 0;
};

// Human-readable: failures and errors as they come (unless `quiet`), a progress line when
// `interactive`, a summary with a row per target.
std::unique_ptr<Reporter> make_console_reporter(std::ostream& out, bool interactive, bool quiet = false);
// JSON lines: a header, one line per case and target, a summary line; flushed per line.
std::unique_ptr<Reporter> make_jsonl_reporter(std::ostream& out);
// A case line of that report back as a result (`rulecheck report merge`). Throws InputError naming
// the field that is missing or of the wrong type.
CaseResult case_from_jsonl(const json& line);
// The document reporters below keep every case and write at end(), so an interrupted run writes nothing.
// JUnit XML for CI test reporters: a <testsuite> per target, a <testcase> per case.
std::unique_ptr<Reporter> make_junit_reporter(std::ostream& out);
// Markdown for a CI step summary: counts per target, then the first 50 failures and errors.
std::unique_ptr<Reporter> make_markdown_reporter(std::ostream& out);
// One self-contained HTML page: counts, the clauses × targets matrix, each failure and error.
std::unique_ptr<Reporter> make_html_reporter(std::ostream& out);

// Sends every event to several reporters.
class FanOutReporter final : public Reporter {
 public:
  void add(std::unique_ptr<Reporter> r) { reporters_.push_back(std::move(r)); }
  void begin(const RunInfo& info) override;
  void case_done(const CaseResult& result) override;
  void end(const Summary& summary) override;

 private:
  std::vector<std::unique_ptr<Reporter>> reporters_;
};

}  // namespace rulecheck

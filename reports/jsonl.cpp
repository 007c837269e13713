// The JSON lines reporter: a header, one line per case and target, and a summary; each line is
// flushed as it is written, so an interrupted run keeps every result it produced.
#include <ostream>

#include <nlohmann/json.hpp>

#include "reports/reporter.hpp"

namespace rulecheck {

namespace {

json case_json(const CaseResult& r) {
  json j = {{"type", "case"},   {"id", r.id},         {"file", r.file},
            {"game", r.game},   {"target", r.target}, {"verdict", std::string(verdict_name(r.verdict))},
            {"cites", r.cites}, {"millis", r.millis}};
  if (!r.title.empty()) j["title"] = r.title;
  if (r.step >= 0) j["step"] = r.step;
  if (!r.message.empty()) j["message"] = r.message;
  if (!r.stderr_text.empty()) j["stderr"] = r.stderr_text;
  if (!r.reproduce.empty()) j["reproduce"] = r.reproduce;
  if (r.verdict == Verdict::fail || r.verdict == Verdict::alternative) {
    j["patch"] = r.patch;
    j["expected"] = r.expected;
    j["actual"] = r.actual;
    j["clauses"] = r.clauses;
  }
  if (!r.solver.empty()) j["solver"] = {{"membership", r.solver}, {"clauses", r.solver_clauses}, {"why", r.solver_why}};
  return j;
}

class JsonlReporter final : public Reporter {
 public:
  explicit JsonlReporter(std::ostream& out) : out_(out) {}
  void begin(const RunInfo& info) override {
    write({{"type", "header"},
           {"tool", "rulecheck"},
           {"version", info.version},
           {"targets", info.targets},
           {"cases", info.cases},
           {"paths", info.paths}});
  }
  void case_done(const CaseResult& r) override { write(case_json(r)); }
  void end(const Summary& s) override {
    write({{"type", "summary"},
           {"total", s.total()},
           {"pass", s.count(Verdict::pass)},
           {"fail", s.count(Verdict::fail)},
           {"skipped", s.count(Verdict::skipped)},
           {"errored", s.count(Verdict::errored)},
           {"alternative", s.count(Verdict::alternative)},
           {"bad_input", s.bad_input},
           {"interrupted", s.interrupted.empty() ? json(nullptr) : json(s.interrupted)},
           {"seconds", s.seconds}});
  }

 private:
  // Strings are valid UTF-8 where they are captured; replacing is the last guard, never an abort.
  void write(const json& j) { out_ << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush; }
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<Reporter> make_jsonl_reporter(std::ostream& out) { return std::make_unique<JsonlReporter>(out); }

}  // namespace rulecheck

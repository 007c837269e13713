// The JSON lines reporter: a header, one line per case and target, and a summary; each line is
// flushed as it is written, so an interrupted run keeps every result it produced.
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/input_error.hpp"
#include "reports/reporter.hpp"

namespace rulecheck {

// run --with-solver: the solver's verdicts on the oracle's outcomes, by kind ("disputed": forbidden).
json solver_steps_json(const SolverSteps& n) {
  return {{"checked", n.checked()},
          {"allowed", n.allowed},
          {"disputed", n.forbidden},
          {"unknown", n.unknown},
          {"not_encoded", n.not_encoded},
          {"both_ways", {{"asked", n.asked_both_ways()}, {"only", n.only}, {"by_convention", n.by_convention}, {"other", n.other}, {"unknown", n.only_unknown}}}};
}

json known_entries_json(const std::vector<KnownTally>& entries) {
  json out = json::array();
  for (const auto& t : entries)
    out.push_back({{"entry", t.entry},
                   {"pointer", t.pointer},
                   {"status", known_status_name(t.status)},
                   {"matched", t.matched},
                   {"cases", t.cases},
                   {"covering", t.covering},
                   {"why", t.why}});
  return out;
}

namespace {

json case_json(const CaseResult& r) {
  json j = {{"type", "case"},   {"id", r.id},         {"file", r.file},
            {"game", r.game},   {"target", r.target}, {"verdict", std::string(verdict_name(r.verdict))},
            {"cites", r.cites}, {"millis", r.millis}};
  if (!r.title.empty()) j["title"] = r.title;
  if (r.step >= 0) j["step"] = r.step;
  if (!r.message.empty()) j["message"] = r.message;
  if (!r.stderr_text.empty()) j["stderr"] = r.stderr_text;
  if (r.stderr_dropped > 0) j["stderr_dropped"] = r.stderr_dropped;
  if (!r.reproduce.empty()) j["reproduce"] = r.reproduce;
  if (!r.explain.empty()) j["explain"] = r.explain;
  if (has_difference(r.verdict)) {
    j["patch"] = r.patch;
    j["expected"] = r.expected;
    j["actual"] = r.actual;
    if (r.differences.is_array() && !r.differences.empty()) j["differences"] = r.differences;
    if (r.differences_more > 0) j["differences_more"] = r.differences_more;
    j["clauses"] = r.clauses;
    if (!r.answer_rule.empty()) j["answer_rule"] = r.answer_rule;
    if (!r.answer_reason.empty()) j["answer_reason"] = r.answer_reason;
    if (!r.expected_rule.empty()) j["expected_rule"] = r.expected_rule;
    if (!r.expected_reason.empty()) j["expected_reason"] = r.expected_reason;
    if (!r.note.empty()) j["note"] = r.note;
  }
  if (!r.skip_reason.empty()) j["skip_reason"] = r.skip_reason;
  if (!r.unreachable.empty()) j["unreachable"] = r.unreachable;
  if (!r.unsupported.empty()) j["unsupported"] = r.unsupported;
  if (!r.answered.empty()) j["answered"] = r.answered;
  if (!r.oracle_outcome.is_null()) j["oracle_outcome"] = r.oracle_outcome;
  if (!r.signature.empty()) j["signature"] = r.signature;
  if (!r.deciding.empty()) j["deciding"] = r.deciding;
  if (!r.known_reason.empty()) j["known_reason"] = r.known_reason;
  if (!r.known_link.empty()) j["known_link"] = r.known_link;
  if (!r.solver.empty()) j["solver"] = {{"membership", r.solver}, {"clauses", r.solver_clauses}, {"why", r.solver_why}};
  if (r.solver_steps.checked() > 0) j["solver_steps"] = solver_steps_json(r.solver_steps);
  return j;
}

json engines_json(const std::vector<EngineInfo>& engines) {
  json out = json::array();
  for (const auto& e : engines) {
    out.push_back({{"name", e.name}, {"version", e.version}, {"command", e.command}, {"games", e.games},
                   {"readings", e.readings}});
    if (!e.declarations.empty()) out.back()["declarations"] = e.declarations;  // its hello declarations, in words
  }
  return out;
}

json coverage_json(const std::map<std::string, Coverage>& coverage) {
  json out = json::object();
  for (const auto& [target, c] : coverage) out[target] = {{"answered", c.answered}, {"unsupported", c.unsupported}};
  return out;
}

std::vector<std::string> strings_at(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key))
    for (const auto& s : j.at(key)) out.push_back(s.get<std::string>());
  return out;
}

Verdict verdict_named(const std::string& name) {
  std::vector<std::string_view> names;
  for (Verdict v : kAllVerdicts) {
    if (verdict_name(v) == name) return v;
    names.push_back(verdict_name(v));
  }
  throw InputError("/verdict", fmt::format("\"{}\" is not a verdict ({})", name, fmt::join(names, ", ")));
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
           {"paths", info.paths},
           {"corpus", info.corpus},
           {"shard", info.shard.empty() ? json(nullptr) : json(info.shard)},
           {"engines", engines_json(info.engines)},
           {"settings", info.settings}});
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
           {"known", s.count(Verdict::known)},
           {"disputed", s.count(Verdict::disputed)},
           {"bad_input", s.bad_input},
           {"interrupted", s.interrupted.empty() ? json(nullptr) : json(s.interrupted)},
           {"stopped", s.stopped.empty() ? json(nullptr) : json(s.stopped)},
           {"fail_unreachable", s.failed_unreachable},
           {"stale_known", s.stale_known},
           {"known_entries", known_entries_json(s.known_entries)},
           {"skips", s.skips},
           {"coverage", coverage_json(s.coverage)},
           {"with_solver", s.with_solver || s.solver_steps.checked() > 0 ? solver_steps_json(s.solver_steps)
                                                                        : json(nullptr)},
           {"seconds", s.seconds}});
  }

 private:
  // Strings are valid UTF-8 where they are captured; replacing is the last guard, never an abort.
  void write(const json& j) { out_ << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush; }
  std::ostream& out_;
};

}  // namespace

CaseResult case_from_jsonl(const json& j) {
  CaseResult r;
  for (const char* key : {"id", "file", "target", "verdict"})
    if (!j.contains(key) || !j[key].is_string()) throw InputError(std::string("/") + key, "a case line needs this string");
  try {
    r.id = j["id"];
    r.file = j["file"];
    r.game = j.value("game", "");
    r.title = j.value("title", "");
    r.target = j["target"];
    r.verdict = verdict_named(j["verdict"]);
    r.cites = strings_at(j, "cites");
    r.step = j.value("step", -1);
    r.message = j.value("message", "");
    r.stderr_text = j.value("stderr", "");
    r.stderr_dropped = j.value("stderr_dropped", std::size_t{0});
    r.reproduce = j.value("reproduce", "");
    r.explain = j.value("explain", "");
    r.millis = j.value("millis", 0.0);
    r.patch = j.value("patch", json());
    r.expected = j.value("expected", json());
    r.actual = j.value("actual", json());
    r.differences = j.value("differences", json());
    r.differences_more = j.value("differences_more", std::size_t{0});
    r.clauses = strings_at(j, "clauses");
    r.answer_rule = j.value("answer_rule", "");
    r.answer_reason = j.value("answer_reason", "");
    r.expected_rule = j.value("expected_rule", "");
    r.expected_reason = j.value("expected_reason", "");
    r.note = j.value("note", "");
    r.skip_reason = j.value("skip_reason", "");
    r.unreachable = j.value("unreachable", "");
    r.unsupported = j.value("unsupported", "");
    r.answered = strings_at(j, "answered");
    r.oracle_outcome = j.value("oracle_outcome", json());
    r.signature = j.value("signature", "");
    r.deciding = strings_at(j, "deciding");
    r.known_reason = j.value("known_reason", "");
    r.known_link = j.value("known_link", "");
    if (j.contains("solver")) {
      const json& s = j["solver"];
      r.solver = s.value("membership", "");
      r.solver_clauses = strings_at(s, "clauses");
      r.solver_why = s.value("why", "");
    }
    if (j.contains("solver_steps")) {
      const json& n = j["solver_steps"];
      r.solver_steps.allowed = n.value("allowed", std::size_t{0});
      r.solver_steps.forbidden = n.value("disputed", std::size_t{0});
      r.solver_steps.unknown = n.value("unknown", std::size_t{0});
      r.solver_steps.not_encoded = n.value("not_encoded", std::size_t{0});
      if (n.contains("both_ways")) {
        const json& both = n["both_ways"];
        r.solver_steps.only = both.value("only", std::size_t{0});
        r.solver_steps.by_convention = both.value("by_convention", std::size_t{0});
        r.solver_steps.other = both.value("other", std::size_t{0});
        r.solver_steps.only_unknown = both.value("unknown", std::size_t{0});
      }
    }
  } catch (const json::exception& e) {
    throw InputError("", fmt::format("a case line's field has the wrong type: {}", e.what()));
  }
  return r;
}

std::vector<EngineInfo> engines_from_jsonl(const json& header) {
  std::vector<EngineInfo> out;
  if (!header.contains("engines") || header["engines"].is_null()) return out;
  try {
    for (const auto& e : header.at("engines")) {
      EngineInfo info;
      info.name = e.at("name").get<std::string>();
      info.version = e.value("version", "");
      info.command = e.value("command", "");
      info.games = strings_at(e, "games");
      if (e.contains("readings")) info.readings = e["readings"].get<std::map<std::string, std::string>>();
      info.declarations = strings_at(e, "declarations");
      out.push_back(std::move(info));
    }
  } catch (const json::exception& e) {
    throw InputError("/engines", fmt::format("a header's engines have the wrong shape: {}", e.what()));
  }
  return out;
}

std::unique_ptr<Reporter> make_jsonl_reporter(std::ostream& out) { return std::make_unique<JsonlReporter>(out); }

}  // namespace rulecheck

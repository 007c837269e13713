#include "harness/cross_check.hpp"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

#include "harness/bindings.hpp"
#include "common/game.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "common/input_error.hpp"

namespace rulecheck {

namespace {

// What the oracle says about one step, and what is sent for it.
struct OracleStep {
  std::string input_state;  // the state the step starts from, as JSON text
  json outcome;             // {"legal":..,"state"|"rule"..} or {"result":..}
  std::string answer_line;  // the outcome as `rulecheck serve` writes its answer, byte for byte
};

// The oracle's outcome for every step, each step on the previous step's outcome. Each state is
// written to text once: it is the answer of one step and the input of the next.
std::vector<OracleStep> run_oracle(const Scenario& s, const BoundRules& rules, const std::vector<std::string>& ids) {
  std::vector<OracleStep> steps(s.steps.size());
  std::string text = s.state_text.empty() ? s.state.dump() : s.state_text;
  const json* state = &s.state;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    OracleStep& o = steps[i];
    o.input_state = text;
    const Step& step = s.steps[i];
    if (step.is_query) {
      json result = rules.query(*state, step.request);
      o.answer_line = fmt::format(R"({{"id":"{}","result":{}}})", ids[i], result.dump());
      o.outcome = {{"result", std::move(result)}};
      continue;
    }
    ApplyOutcome out = rules.apply(*state, step.request);
    if (!out.legal) {
      o.outcome = {{"legal", false}, {"rule", out.rule}, {"reason", out.reason}};
      o.answer_line = json{{"id", ids[i]}, {"legal", false}, {"rule", out.rule}, {"reason", out.reason}}.dump();
      continue;
    }
    text = out.state->dump();
    o.answer_line = fmt::format(R"({{"id":"{}","legal":true,"state":{}}})", ids[i], text);
    o.outcome = {{"legal", true}, {"state", std::move(*out.state)}};
    state = &o.outcome["state"];
  }
  return steps;
}


// One scenario's plan: the readings it runs under, the oracle's outcome of each step, and the
// engine's answers as they arrive.
struct PlannedCase {
  const Scenario* scenario = nullptr;
  CaseResult result;
  bool check_expect = true;  // false when run under an engine reading the scenario does not expect
  std::string note;
  std::shared_ptr<const BoundRules> rules;
  std::vector<OracleStep> oracle;  // per step
  std::vector<std::optional<Difference>> oracle_vs_expect;  // per step: the oracle against the expectation
  std::vector<EngineAnswer> answers;
};

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// The readings a case runs under on this engine: the scenario's, with the engine's own readings
// for every point it declares. Returns a reason to skip when the oracle cannot follow the engine.
std::string choose_readings(const Scenario& s, const GameRules& rules, const EngineHello& hello, json& readings,
                            PlannedCase& plan) {
  readings = s.readings(rules);
  for (const auto& [point_id, declared] : hello.interpretations.items()) {
    const InterpretationPoint* point = rules.point(point_id);
    if (!point) continue;  // another game's point, or one the oracle does not list
    // A reading, or the list of readings the engine implements (its preferred one first).
    std::vector<std::string> offered;
    for (const auto& r : declared.is_array() ? declared : json::array({declared}))
      offered.push_back(r.is_string() ? r.get<std::string>() : r.dump());
    if (offered.empty()) return fmt::format("the engine declares no reading of {}", point_id);
    for (const auto& r : offered)
      if (std::find(point->readings.begin(), point->readings.end(), r) == point->readings.end())
        return fmt::format("the engine implements reading \"{}\" of {}, which the oracle does not know "
                           "(known: {})", r, point_id, join(point->readings));
    auto implemented = [&](const std::string& r) { return std::find(offered.begin(), offered.end(), r) != offered.end(); };
    const std::string wanted = readings[point_id].get<std::string>();
    if (implemented(wanted)) continue;  // the scenario's (or the default) reading: run as written
    if (s.interpretations.contains(point_id)) {
      plan.check_expect = false;
      plan.note = fmt::format("run under the engine's reading {}={} (the scenario expects {}); compared "
                              "with the oracle only", point_id, offered.front(), wanted);
    }
    readings[point_id] = offered.front();
  }
  return "";
}

std::string request_line(const std::string& id, const Scenario& s, const std::string& ruleset,
                         const std::string& readings, const std::string& state, const Step& step) {
  return fmt::format(R"({{"id":"{}","op":"{}","game":"{}","ruleset":{},"interpretations":{},"state":{},"{}":{}}})",
                     id, step.is_query ? "query" : "apply", s.game, ruleset, readings, state,
                     step.is_query ? "query" : "action",
                     step.request_text.empty() ? step.request.dump() : step.request_text);
}

// The engine's answer as an outcome comparable with the oracle's; empty with `problem` set when
// the answer breaks the protocol.
json engine_outcome(const json& a, const Step& step, const BoundRules& rules, const CrossCheckOptions& options,
                    std::string& problem, bool& state_invalid) {
  if (step.is_query) {
    if (!a.contains("result")) problem = "the answer to a query has no \"result\"";
    return {{"result", a.value("result", json(nullptr))}};
  }
  if (!a.contains("legal") || !a["legal"].is_boolean()) {
    problem = "the answer to an apply has no boolean \"legal\"";
    return nullptr;
  }
  if (!a["legal"].get<bool>()) {
    if (!a.contains("rule") || !a["rule"].is_string()) {
      problem = "an illegal answer has no \"rule\" string";
      return nullptr;
    }
    std::string rule = a["rule"];
    if (auto it = options.rule_map.find(rule); it != options.rule_map.end()) rule = it->second;
    return {{"legal", false}, {"rule", rule}};
  }
  if (!a.contains("state") || !a["state"].is_object()) {
    problem = "a legal answer has no \"state\" object";
    return nullptr;
  }
  try {
    return {{"legal", true}, {"state", rules.canonical_state(a["state"])}};
  } catch (const InputError& e) {
    problem = fmt::format("the engine's next state is not a valid state: at {}: {}", e.pointer(), e.what());
    state_invalid = true;
    return nullptr;
  }
}

// The first difference between the engine's outcome and the oracle's.
std::optional<Difference> differs_from_oracle(const json& oracle, const json& engine, bool strict) {
  if (oracle.contains("result")) return first_difference_exact(oracle["result"], engine["result"], "/result");
  if (oracle["legal"] != engine["legal"]) return Difference{"/legal", oracle["legal"], engine["legal"], Difference::Kind::changed};
  if (!oracle["legal"].get<bool>()) {
    if (strict && oracle["rule"] != engine["rule"]) return Difference{"/rule", oracle["rule"], engine["rule"], Difference::Kind::changed};
    return std::nullopt;
  }
  return first_difference_exact(oracle["state"], engine["state"], "/state");
}

// A case decided at step `i`: its verdict and the one line saying why.
void decide(CaseResult& r, Verdict verdict, std::size_t i, const std::string& why) {
  r.verdict = verdict;
  r.step = static_cast<int>(i);
  r.message = fmt::format("step {}: {}", i, why);
}

// An answer's free-text field: the string itself, or the JSON it was given as.
std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

void judge_case(PlannedCase& c, const CrossCheckOptions& options) {
  const BoundRules& rules = *c.rules;
  CaseResult& r = c.result;
  const Scenario& s = *c.scenario;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    EngineAnswer& ans = c.answers[i];
    if (!ans.stderr_text.empty()) r.stderr_text += ans.stderr_text;
    if (!ans.fault.empty()) {
      decide(r, Verdict::errored, i, ans.fault);
      return;
    }
    // The engine wrote exactly what the oracle would: it agrees with the oracle on this step, and
    // with the expectation exactly as far as the oracle does.
    if (ans.line == c.oracle[i].answer_line) {
      if (c.check_expect && c.oracle_vs_expect[i]) {
        record_failure(r, s, i, *c.oracle_vs_expect[i], s.steps[i].expect, c.oracle[i].outcome,
                       "the scenario's expectation");
        return;
      }
      continue;
    }
    const std::optional<json>& parsed = ans.answer();
    if (!parsed) {
      decide(r, Verdict::errored, i, "the answer is not a JSON object: " + ans.line.substr(0, 200));
      return;
    }
    const json& a = *parsed;
    if (options.strict_protocol)
      if (std::string problem = answer_shape_problem(a, s.steps[i].is_query); !problem.empty()) {
        decide(r, Verdict::errored, i, "the answer breaks the protocol: " + problem);
        return;
      }
    if (a.contains("unsupported")) {
      decide(r, Verdict::skipped, i, "the engine does not support this: " + text_of(a["unsupported"]));
      return;
    }
    if (a.contains("error")) {
      decide(r, Verdict::errored, i, "the engine reported an error: " + text_of(a["error"]));
      return;
    }
    std::string problem;
    bool state_invalid = false;
    const json outcome = engine_outcome(a, s.steps[i], rules, options, problem, state_invalid);
    if (!problem.empty()) {
      decide(r, state_invalid ? Verdict::fail : Verdict::errored, i, problem);
      r.clauses = s.cites;
      return;
    }
    if (c.check_expect)
      if (auto d = judge_step(s.steps[i].expect, outcome, options.strict)) {
        record_failure(r, s, i, *d, s.steps[i].expect, outcome, "the scenario's expectation");
        return;
      }
    if (auto d = differs_from_oracle(c.oracle[i].outcome, outcome, options.strict)) {
      record_failure(r, s, i, *d, c.oracle[i].outcome, outcome, "the oracle");
      return;
    }
  }
  r.verdict = Verdict::pass;
  r.message = c.note;
}

}  // namespace

namespace {

// Decides what a scenario sends: its readings, the oracle's outcome of each step, the request lines.
void plan_case(PlannedCase& c, Bindings& bindings, const Scenario& s, std::size_t k, const RulesLibrary& library,
               const EngineHello& hello, const CrossCheckOptions& options, std::vector<std::string>& requests,
               std::vector<std::string>& ids, std::vector<std::size_t>& owner) {
  c.scenario = &s;
  c.result.id = s.id;
  c.result.file = s.file.string();
  c.result.game = s.game;
  c.result.title = s.title;
  c.result.target = hello.name;
  c.result.cites = s.cites;
  if (std::find(hello.games.begin(), hello.games.end(), s.game) == hello.games.end()) {
    c.result.verdict = Verdict::skipped;
    c.result.message = fmt::format("the engine does not play {} (its games: {})", s.game, join(hello.games));
    return;
  }
  const GameRules& rules = *library.find(s.game);
  json readings;
  if (std::string why = choose_readings(s, rules, hello, readings, c); !why.empty()) {
    c.result.verdict = Verdict::skipped;
    c.result.message = why;
    return;
  }
  std::vector<std::string> step_ids;
  for (std::size_t i = 0; i < s.steps.size(); ++i) step_ids.push_back(fmt::format("{}.{}", k, i));
  const Bindings::Entry* binding = nullptr;
  try {
    binding = &bindings.get(s.game, rules, s.ruleset, readings);
    c.rules = binding->rules;
    c.oracle = run_oracle(s, *c.rules, step_ids);
  } catch (const std::exception& e) {
    c.result.verdict = Verdict::errored;
    c.result.message = fmt::format("the oracle could not run this scenario: {}", e.what());
    return;
  }
  const std::string& rs = binding->ruleset_text;
  const std::string& rd = binding->readings_text;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    requests.push_back(request_line(step_ids[i], s, rs, rd, c.oracle[i].input_state, s.steps[i]));
    ids.push_back(step_ids[i]);
    owner.push_back(k);
    c.oracle_vs_expect.push_back(judge_step(s.steps[i].expect, c.oracle[i].outcome, options.strict));
  }
}

}  // namespace

void cross_check(const std::vector<Scenario>& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report) {
  const EngineHello& hello = engine.hello();
  std::vector<PlannedCase> cases(scenarios.size());
  Bindings bindings;
  std::vector<std::string> requests, ids;
  std::vector<std::size_t> owner;  // request -> case
  std::size_t planned = 0, reported = 0;

  // Cases are reported in order, as soon as every step of each is judged.
  auto report_ready = [&](std::size_t upto) {
    for (; reported < upto; ++reported) {
      CaseResult& r = cases[reported].result;
      if (r.verdict == Verdict::fail || r.verdict == Verdict::errored)
        r.reproduce = fmt::format("{} {} --engine {}{}", options.reproduce_prefix, shell_quote(r.file),
                                  shell_quote(options.engine_command), options.strict ? " --strict" : "");
      report(r);
      cases[reported].answers.clear();
      cases[reported].oracle.clear();
    }
  };
  // Planning runs while the engine works: a case is planned when the window wants its requests.
  auto source = [&](std::size_t index, std::string& line, std::string& id) {
    while (index >= requests.size() && planned < scenarios.size()) {
      plan_case(cases[planned], bindings, scenarios[planned], planned, library, hello, options, requests, ids, owner);
      ++planned;
    }
    if (index >= requests.size()) return false;
    line = requests[index];
    id = ids[index];
    return true;
  };
  engine.exchange(source, [&](std::size_t index, EngineAnswer answer) {
    const std::size_t k = owner[index];
    std::string().swap(requests[index]);  // answered: never sent again
    PlannedCase& c = cases[k];
    c.answers.push_back(std::move(answer));
    if (c.answers.size() < c.scenario->steps.size()) return;
    judge_case(c, options);
    report_ready(k + 1);  // cases before k are decided too (unplanned ones were skipped or errored)
  });
  while (planned < scenarios.size()) {  // cases after the last request (skipped or errored ones)
    plan_case(cases[planned], bindings, scenarios[planned], planned, library, hello, options, requests, ids, owner);
    ++planned;
  }
  report_ready(cases.size());
}

std::string answer_shape_problem(const json& a, bool is_query) {
  if (!a.is_object()) return "an answer is a JSON object";
  if (!a.contains("id") || !a["id"].is_string()) return "an answer carries the request's \"id\" string";
  int shapes = 0;
  for (const char* key : {"legal", "result", "unsupported", "error"}) shapes += a.contains(key) ? 1 : 0;
  if (shapes != 1)
    return "an answer has exactly one of \"legal\", \"result\", \"unsupported\" or \"error\"";
  for (const auto& [key, value] : a.items()) {
    static const char* kAllowed[] = {"id", "legal", "state", "rule", "reason", "result", "unsupported", "error"};
    if (std::none_of(std::begin(kAllowed), std::end(kAllowed), [&](const char* k) { return key == k; }))
      return fmt::format("unknown field \"{}\" (allowed: id, legal, state, rule, reason, result, unsupported, error)", key);
  }
  if (a.contains("reason") && !a["reason"].is_string()) return "\"reason\" is a string";
  if ((a.contains("unsupported") && !a["unsupported"].is_string()) || (a.contains("error") && !a["error"].is_string()))
    return "\"unsupported\" and \"error\" carry a string saying why";
  if (a.contains("result") && !is_query) return "an apply is answered with \"legal\", not \"result\"";
  if (a.contains("legal") && is_query) return "a query is answered with \"result\", not \"legal\"";
  if (a.contains("legal")) {
    if (!a["legal"].is_boolean()) return "\"legal\" is true or false";
    const bool legal = a["legal"].get<bool>();
    if (legal && (!a.contains("state") || !a["state"].is_object() || a.contains("rule")))
      return "a legal answer carries the next \"state\" (an object) and no \"rule\"";
    if (!legal && (!a.contains("rule") || !a["rule"].is_string() || a.contains("state")))
      return "an illegal answer carries the \"rule\" (a string) and no \"state\"";
  } else if (a.contains("state") || a.contains("rule")) {
    return "\"state\" and \"rule\" belong to an answer with \"legal\"";
  }
  return "";
}

std::pair<std::string, std::map<std::string, std::string>> read_rule_map(const std::filesystem::path& file) {
  const json doc = read_json_file(file);
  try {
    const JsonReader r(doc, "");
    r.expect_object().only({"engine", "rules"});
    std::map<std::string, std::string> map;
    for (const auto& [code, clause] : r.field("rules").members()) map[code] = clause.string();
    return {r.field("engine").string(), map};
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{} at {}: {}", file.string(), e.pointer(), e.what()));
  }
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace rulecheck

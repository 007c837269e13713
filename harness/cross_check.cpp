#include "harness/cross_check.hpp"

#include <fmt/format.h>

#include "harness/game.hpp"
#include "harness/json_io.hpp"
#include "harness/json_reader.hpp"
#include "oracle/common/rule_violation.hpp"

namespace rulecheck {

namespace {

// One scenario's plan: the readings it runs under, the oracle's outcome of each step, and the
// engine's answers as they arrive.
struct PlannedCase {
  const Scenario* scenario = nullptr;
  CaseResult result;
  bool check_expect = true;  // false when run under an engine reading the scenario does not expect
  std::string note;
  std::vector<json> oracle;        // outcome per step
  std::vector<EngineAnswer> answers;
  std::size_t first_request = 0;
  bool planned = false;            // false: already decided (skipped or errored) before sending
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
  for (const auto& [point_id, reading] : hello.interpretations.items()) {
    const InterpretationPoint* point = rules.point(point_id);
    if (!point) continue;  // another game's point, or one the oracle does not list
    const std::string r = reading.is_string() ? reading.get<std::string>() : reading.dump();
    if (std::find(point->readings.begin(), point->readings.end(), r) == point->readings.end())
      return fmt::format("the engine implements reading \"{}\" of {}, which the oracle does not know "
                         "(known: {})", r, point_id, join(point->readings));
    if (s.interpretations.contains(point_id) && s.interpretations[point_id] != r) {
      plan.check_expect = false;
      plan.note = fmt::format("run under the engine's reading {}={} (the scenario expects {}); compared "
                              "with the oracle only", point_id, r, s.interpretations[point_id].get<std::string>());
    }
    readings[point_id] = r;
  }
  return "";
}

// The oracle's outcome for every step, each step on the previous step's outcome.
void run_oracle(const Scenario& s, const json& ruleset, const json& readings, std::vector<json>& states,
                std::vector<json>& outcomes) {
  OracleTarget oracle;
  oracle.begin_case(s, ruleset, readings);
  json state = s.state;
  for (const auto& step : s.steps) {
    states.push_back(state);
    outcomes.push_back(oracle.outcome(state, step));
    if (!step.is_query && outcomes.back().value("legal", false)) state = outcomes.back()["state"];
  }
}

std::string request_line(const std::string& id, const Scenario& s, const std::string& ruleset,
                         const std::string& readings, const json& state, const Step& step) {
  return fmt::format(R"({{"op":"{}","id":"{}","game":"{}","ruleset":{},"interpretations":{},"state":{},"{}":{}}})",
                     step.is_query ? "query" : "apply", id, s.game, ruleset, readings, state.dump(),
                     step.is_query ? "query" : "action", step.request.dump());
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

void fail_with(CaseResult& r, std::size_t step, const Difference& d, const std::string& against,
               const json& engine, const Scenario& s) {
  r.verdict = Verdict::fail;
  r.step = static_cast<int>(step);
  r.patch = as_patch(d);
  r.expected = d.expected;
  r.actual = d.actual;
  r.clauses = s.cites;
  auto add = [&](const json& v) {
    if (v.is_string() && std::find(r.clauses.begin(), r.clauses.end(), v.get<std::string>()) == r.clauses.end())
      r.clauses.push_back(v);
  };
  add(d.expected);
  if (engine.contains("rule")) add(engine["rule"]);
  auto shown = [](const json& v) {
    std::string t = v.is_null() ? "(absent)" : v.dump();
    return t.size() > 120 ? t.substr(0, 117) + "..." : t;
  };
  r.message = fmt::format("step {}: against {}: at {} expected {}, got {}", step, against, d.path, shown(d.expected),
                          shown(d.actual));
}

void judge_case(PlannedCase& c, const BoundRules& rules, const CrossCheckOptions& options) {
  CaseResult& r = c.result;
  const Scenario& s = *c.scenario;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    const EngineAnswer& ans = c.answers[i];
    if (!ans.stderr_text.empty()) r.stderr_text += ans.stderr_text;
    if (!ans.answer) {
      r.verdict = Verdict::errored;
      r.step = static_cast<int>(i);
      r.message = fmt::format("step {}: {}", i, ans.fault);
      return;
    }
    const json& a = *ans.answer;
    if (a.contains("unsupported")) {
      r.verdict = Verdict::skipped;
      r.step = static_cast<int>(i);
      r.message = fmt::format("step {}: the engine does not support this: {}", i,
                              a["unsupported"].is_string() ? a["unsupported"].get<std::string>() : a["unsupported"].dump());
      return;
    }
    if (a.contains("error")) {
      r.verdict = Verdict::errored;
      r.step = static_cast<int>(i);
      r.message = fmt::format("step {}: the engine reported an error: {}", i,
                              a["error"].is_string() ? a["error"].get<std::string>() : a["error"].dump());
      return;
    }
    std::string problem;
    bool state_invalid = false;
    const json outcome = engine_outcome(a, s.steps[i], rules, options, problem, state_invalid);
    if (!problem.empty()) {
      r.verdict = state_invalid ? Verdict::fail : Verdict::errored;
      r.step = static_cast<int>(i);
      r.message = fmt::format("step {}: {}", i, problem);
      r.clauses = s.cites;
      return;
    }
    if (c.check_expect)
      if (auto d = judge_step(s.steps[i].expect, outcome, options.strict)) {
        fail_with(r, i, *d, "the scenario's expectation", outcome, s);
        return;
      }
    if (auto d = differs_from_oracle(c.oracle[i], outcome, options.strict)) {
      fail_with(r, i, *d, "the oracle", outcome, s);
      return;
    }
  }
  r.verdict = Verdict::pass;
  r.message = c.note;
}

}  // namespace

void cross_check(const std::vector<Scenario>& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report) {
  const EngineHello& hello = engine.hello();
  std::vector<PlannedCase> cases(scenarios.size());
  std::vector<std::unique_ptr<BoundRules>> bound(scenarios.size());
  std::vector<std::string> requests, ids;
  std::vector<std::size_t> owner;  // request -> case

  for (std::size_t k = 0; k < scenarios.size(); ++k) {
    const Scenario& s = scenarios[k];
    PlannedCase& c = cases[k];
    c.scenario = &s;
    c.result.id = s.id;
    c.result.file = s.file.string();
    c.result.game = s.game;
    c.result.title = s.title;
    c.result.target = hello.name;
    c.result.cites = s.cites;
    c.result.reproduce = fmt::format("{} {} --engine {}{}", options.reproduce_prefix, shell_quote(s.file.string()),
                                     shell_quote(options.engine_command), options.strict ? " --strict" : "");
    if (std::find(hello.games.begin(), hello.games.end(), s.game) == hello.games.end()) {
      c.result.verdict = Verdict::skipped;
      c.result.message = fmt::format("the engine does not play {} (its games: {})", s.game, join(hello.games));
      continue;
    }
    const GameRules& rules = *library.find(s.game);
    json readings;
    if (std::string why = choose_readings(s, rules, hello, readings, c); !why.empty()) {
      c.result.verdict = Verdict::skipped;
      c.result.message = why;
      continue;
    }
    std::vector<json> states;
    const json ruleset = rules.merged_ruleset(s.ruleset);
    try {
      bound[k] = find_game(s.game)->bind(ruleset, readings);
      run_oracle(s, ruleset, readings, states, c.oracle);
    } catch (const std::exception& e) {
      c.result.verdict = Verdict::errored;
      c.result.message = fmt::format("the oracle could not run this scenario: {}", e.what());
      continue;
    }
    const std::string rs = ruleset.dump(), rd = readings.dump();
    c.first_request = requests.size();
    c.planned = true;
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      ids.push_back(fmt::format("{}.{}", k, i));
      requests.push_back(request_line(ids.back(), s, rs, rd, states[i], s.steps[i]));
      owner.push_back(k);
    }
  }

  std::size_t reported = 0;
  auto report_ready = [&](std::size_t upto) {
    for (; reported < upto; ++reported) report(cases[reported].result);
  };
  engine.exchange(requests, ids, [&](std::size_t index, EngineAnswer answer) {
    const std::size_t k = owner[index];
    PlannedCase& c = cases[k];
    c.answers.push_back(std::move(answer));
    if (c.answers.size() < c.scenario->steps.size()) return;
    judge_case(c, *bound[k], options);
    report_ready(k + 1);
  });
  report_ready(cases.size());
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
    throw InputError(e.pointer(), fmt::format("{}: {}", file.string(), e.what()));
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

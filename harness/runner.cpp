#include "harness/runner.hpp"

#include <chrono>

#include <fmt/format.h>

#include "common/game.hpp"
#include "games/registry.hpp"
#include "common/input_error.hpp"

namespace rulecheck {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::pass: return "pass";
    case Verdict::fail: return "fail";
    case Verdict::skipped: return "skipped";
    case Verdict::errored: return "errored";
  }
  return "?";
}

void OracleTarget::begin_case(const Scenario& scenario, const json& ruleset, const json& readings) {
  bound_ = find_game(scenario.game)->bind(ruleset, readings);
}

json OracleTarget::outcome(const json& state, const Step& step) {
  if (step.is_query) return {{"result", bound_->query(state, step.request)}};
  ApplyOutcome out = bound_->apply(state, step.request);
  if (out.legal) return {{"legal", true}, {"state", std::move(*out.state)}};
  return {{"legal", false}, {"rule", out.rule}, {"reason", out.reason}};
}

namespace {

std::optional<Difference> judge_one(const json& expect, const json& outcome, bool strict_rule) {
  if (expect.contains("result")) {
    if (!outcome.contains("result")) return Difference{"/result", expect["result"], nullptr, Difference::Kind::missing};
    return first_difference_exact(expect["result"], outcome["result"], "/result");
  }
  const bool legal = expect.at("legal").get<bool>();
  if (!outcome.contains("legal") || outcome["legal"] != legal)
    return Difference{"/legal", legal, outcome.value("legal", json(nullptr)), Difference::Kind::changed};
  if (!legal) {
    if (strict_rule && outcome.value("rule", "") != expect.at("rule"))
      return Difference{"/rule", expect["rule"], outcome.value("rule", json(nullptr)), Difference::Kind::changed};
    return std::nullopt;
  }
  if (expect.contains("state")) return first_difference(expect["state"], outcome.at("state"), "/state");
  return std::nullopt;
}

}  // namespace

std::optional<Difference> judge_step(const json& expect, const json& outcome, bool strict_rule) {
  if (!expect.contains("one_of")) return judge_one(expect, outcome, strict_rule);
  std::optional<Difference> first;
  for (const auto& alternative : expect["one_of"]) {
    auto d = judge_one(alternative, outcome, strict_rule);
    if (!d) return std::nullopt;
    if (!first) first = d;
  }
  return first;
}

namespace {

std::string short_value(const json& v) {
  std::string s = v.is_null() ? "(absent)" : v.dump();
  if (s.size() > 120) s = s.substr(0, 117) + "...";
  return s;
}

// The clauses a failure involves: those the scenario cites, the rule(s) expected, the rule answered.
std::vector<std::string> clauses_involved(const Scenario& s, const json& expect, const json& outcome) {
  std::vector<std::string> out = s.cites;
  auto add = [&](const json& v) {
    if (v.is_string() && std::find(out.begin(), out.end(), v.get<std::string>()) == out.end())
      out.push_back(v.get<std::string>());
  };
  if (expect.contains("rule")) add(expect["rule"]);
  if (expect.contains("one_of"))
    for (const auto& alt : expect["one_of"])
      if (alt.contains("rule")) add(alt["rule"]);
  if (outcome.contains("rule")) add(outcome["rule"]);
  return out;
}

}  // namespace

void record_failure(CaseResult& r, const Scenario& s, std::size_t step, const Difference& d, const json& expected,
                    const json& outcome, std::string_view against) {
  r.verdict = Verdict::fail;
  r.step = static_cast<int>(step);
  r.patch = as_patch(d);
  r.expected = d.expected;
  r.actual = d.actual;
  r.clauses = clauses_involved(s, expected, outcome);
  std::string why;
  if (outcome.contains("reason") && outcome["reason"].is_string())
    why = fmt::format(" ({}: {})", outcome.value("rule", ""), outcome["reason"].get<std::string>());
  r.message = fmt::format("step {}: {}at {} expected {}, got {}{}", step,
                          against.empty() ? "" : fmt::format("against {}: ", against), d.path.empty() ? "/" : d.path,
                          short_value(d.expected), short_value(d.actual), why);
}

CaseResult run_case(const Scenario& scenario, const GameRules& rules, Target& target) {
  const auto started = std::chrono::steady_clock::now();
  CaseResult r;
  r.id = scenario.id;
  r.file = scenario.file.string();
  r.game = scenario.game;
  r.title = scenario.title;
  r.target = target.name();
  r.cites = scenario.cites;
  auto finish = [&]() -> CaseResult {
    r.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return r;
  };

  json state = scenario.state;
  std::size_t i = 0;
  try {
    target.begin_case(scenario, rules.merged_ruleset(scenario.ruleset), scenario.readings(rules));
    for (; i < scenario.steps.size(); ++i) {
      const Step& step = scenario.steps[i];
      const json outcome = target.outcome(state, step);
      if (outcome.contains("unsupported")) {
        r.verdict = Verdict::skipped;
        r.step = static_cast<int>(i);
        r.message = fmt::format("step {}: {} does not support this: {}", i, target.name(),
                                outcome["unsupported"].is_string() ? outcome["unsupported"].get<std::string>()
                                                                    : outcome["unsupported"].dump());
        return finish();
      }
      if (auto d = judge_step(step.expect, outcome, /*strict_rule=*/true)) {
        record_failure(r, scenario, i, *d, step.expect, outcome, "");
        return finish();
      }
      if (!step.is_query && outcome.value("legal", false)) state = outcome.at("state");
    }
  } catch (const InputError& e) {
    // Games report pointers under "/state", "/action" or "/query"; name them as in the file.
    std::string where = e.pointer();
    if (where.rfind("/action", 0) == 0 || where.rfind("/query", 0) == 0)
      where = fmt::format("/steps/{}{}", i, where);
    else if (where.rfind("/state", 0) == 0 && i > 0)
      where = fmt::format("the state before step {}, at {}", i, where.substr(6));
    r.verdict = Verdict::errored;
    r.step = static_cast<int>(i);
    r.message = fmt::format("{}: {}", where.empty() ? "the input" : where, e.what());
  } catch (const std::exception& e) {
    r.verdict = Verdict::errored;
    r.step = static_cast<int>(i);
    r.message = fmt::format("step {}: {} failed: {}", i, target.name(), e.what());
  }
  return finish();
}

CaseResult errored_case(const ScenarioError& error, const std::string& target) {
  CaseResult r;
  r.id = error.id.empty() ? error.file.string() : error.id;
  r.file = error.file.string();
  r.target = target;
  r.verdict = Verdict::errored;
  r.message = error.describe();
  return r;
}

}  // namespace rulecheck

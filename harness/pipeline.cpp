#include "harness/pipeline.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/input_error.hpp"
#include "common/text.hpp"
#include "games/registry.hpp"
#include "harness/cross_check.hpp"
#include "harness/failure_order.hpp"
#include "harness/signature.hpp"

namespace rulecheck {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::pass: return "pass";
    case Verdict::fail: return "fail";
    case Verdict::skipped: return "skipped";
    case Verdict::errored: return "errored";
    case Verdict::alternative: return "alternative";
    case Verdict::known: return "known";
    case Verdict::disputed: return "disputed";
  }
  return "?";
}

namespace {

// What of an answer is wanted besides its line: nothing, the whole outcome, or the outcome without a
// legal action's next state (that stays text: OracleAnswer::next_state_text).
enum class Wanted { line, outcome, outcome_state_as_text };

// The oracle's outcome from a state given as a JSON value or as its text.
ApplyOutcome applied(const BoundRules& rules, const json& state, const json& action, NextState wanted) {
  return rules.apply_as(state, action, wanted);
}
ApplyOutcome applied(const BoundRules& rules, StateText state, const json& action, NextState wanted) {
  return rules.apply_text(state.text, action, wanted);
}
json answered(const BoundRules& rules, const json& state, const json& query) { return rules.query(state, query); }
json answered(const BoundRules& rules, StateText state, const json& query) { return rules.query_text(state.text, query); }

// One step on the oracle: its line when `id_json` is given, and what else `wanted` says.
template <typename StateIn>
OracleAnswer answer_step(const BoundRules& rules, std::string_view id_json, bool is_query, const StateIn& state,
                         const json& request, Wanted wanted) {
  const bool outcome_wanted = wanted != Wanted::line;
  OracleAnswer a;
  const bool with_line = !id_json.empty();
  if (is_query) {
    json result = answered(rules, state, request);
    if (with_line) a.line = fmt::format(R"({{"id":{},"result":{}}})", id_json, result.dump());
    if (outcome_wanted) a.outcome = {{"result", std::move(result)}};
    return a;
  }
  const bool value_wanted = wanted == Wanted::outcome;
  ApplyOutcome out = applied(rules, state, request,
                               !with_line ? NextState::value : value_wanted ? NextState::both : NextState::text);
  if (!out.legal) {
    if (with_line)
      a.line = fmt::format(R"({{"id":{},"legal":false,"reason":{},"rule":{}}})", id_json, json(out.reason).dump(),
                           json(out.rule).dump());
    if (outcome_wanted) a.outcome = {{"legal", false}, {"rule", std::move(out.rule)}, {"reason", std::move(out.reason)}};
    return a;
  }
  if (with_line) {
    a.line = fmt::format(R"({{"id":{},"legal":true,"state":{}}})", id_json, out.state_text);
    a.next_state_text = std::move(out.state_text);
  }
  if (value_wanted) a.outcome = {{"legal", true}, {"state", std::move(*out.state)}};
  else if (outcome_wanted) a.outcome = {{"legal", true}};
  return a;
}

}  // namespace

OracleAnswer oracle_answer(const BoundRules& rules, std::string_view id_json, bool is_query, const json& state,
                           const json& request) {
  return answer_step(rules, id_json, is_query, state, request, Wanted::outcome);
}

OracleAnswer oracle_answer_state_as_text(const BoundRules& rules, std::string_view id_json, bool is_query,
                                         const json& state, const json& request) {
  return answer_step(rules, id_json, is_query, state, request,
                     id_json.empty() ? Wanted::outcome : Wanted::outcome_state_as_text);
}

std::string oracle_answer_line(const BoundRules& rules, std::string_view id_json, bool is_query, const json& state,
                               const json& request) {
  return answer_step(rules, id_json, is_query, state, request, Wanted::line).line;
}

OracleAnswer oracle_answer(const BoundRules& rules, std::string_view id_json, bool is_query, StateText state,
                           const json& request) {
  return answer_step(rules, id_json, is_query, state, request, Wanted::outcome);
}

OracleAnswer oracle_answer_state_as_text(const BoundRules& rules, std::string_view id_json, bool is_query,
                                         StateText state, const json& request) {
  return answer_step(rules, id_json, is_query, state, request,
                     id_json.empty() ? Wanted::outcome : Wanted::outcome_state_as_text);
}

std::string oracle_answer_line(const BoundRules& rules, std::string_view id_json, bool is_query, StateText state,
                               const json& request) {
  return answer_step(rules, id_json, is_query, state, request, Wanted::line).line;
}

namespace {

std::optional<Difference> judge_one(const json& expect, const json& outcome, bool strict_rule) {
  if (expect.contains("result")) {
    if (!outcome.contains("result")) return Difference{"/result", expect["result"], nullptr, Difference::Kind::missing};
    return first_difference_exact(expect["result"], outcome["result"], "/result");
  }
  const bool legal = expect.at("legal").get<bool>();
  if (!outcome.contains("legal") || outcome["legal"] != legal)
    return Difference{"/legal", legal, outcome.value("legal", json(nullptr)),
                      outcome.contains("legal") ? Difference::Kind::changed : Difference::Kind::missing};
  if (!legal) {
    if (strict_rule && outcome.value("rule", "") != expect.at("rule"))
      return Difference{"/rule", expect["rule"], outcome.value("rule", json(nullptr)),
                        outcome.contains("rule") ? Difference::Kind::changed : Difference::Kind::missing};
    return std::nullopt;
  }
  if (expect.contains("state")) return first_difference(expect["state"], outcome.at("state"), "/state");
  return std::nullopt;
}

// The first difference between an engine's outcome and the oracle's: legality, the clause id when
// strict, then the whole next state or query result exactly.
std::optional<Difference> differs_from_oracle(const json& oracle, const json& engine, bool strict_rule) {
  if (oracle.contains("result")) return first_difference_exact(oracle["result"], engine.at("result"), "/result");
  if (oracle["legal"] != engine["legal"])
    return Difference{"/legal", oracle["legal"], engine["legal"], Difference::Kind::changed};
  if (!oracle["legal"].get<bool>()) {
    if (strict_rule && oracle["rule"] != engine["rule"])
      return Difference{"/rule", oracle["rule"], engine["rule"], Difference::Kind::changed};
    return std::nullopt;
  }
  return first_difference_exact(oracle["state"], engine["state"], "/state");
}

std::string shortened(std::string s) {
  if (s.size() > 120) s = s.substr(0, 117) + "...";
  return s;
}

std::string short_value(const json& v) { return shortened(v.dump()); }

// How many differing fields a failure keeps (CaseResult::differences); the rest are counted.
constexpr std::size_t kDifferencesKept = 20;

// Every field where `outcome` differs from `expect`, the one judge found (`first`) among them: the
// whole next state or query result compared as `first` was (`contained` or exactly); legality and
// the clause are one field each.
std::vector<Difference> every_difference(const Difference& first, const json& expect, const json& outcome,
                                         bool contained) {
  const json& one = expect.contains("one_of") ? expect["one_of"][0] : expect;
  for (const char* part : {"state", "result"}) {
    const std::string at = std::string("/") + part;
    if (first.path.rfind(at, 0) != 0 || !one.contains(part) || !outcome.contains(part)) continue;
    auto all = all_differences(one[part], outcome[part], at, contained && at == "/state");
    if (!all.empty()) return all;
  }
  return {first};
}

// The differences as JSON lines report them: path, the value wanted and the value got (each left
// out where that side lacks the field, so that a null stays a null).
json differences_json(const std::vector<Difference>& all) {
  json out = json::array();
  for (std::size_t i = 0; i < all.size() && i < kDifferencesKept; ++i) {
    json d = {{"path", all[i].path}};
    if (all[i].kind != Difference::Kind::unexpected) d["wanted"] = all[i].expected;
    if (all[i].kind != Difference::Kind::missing) d["got"] = all[i].actual;
    out.push_back(std::move(d));
  }
  return out;
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

// An illegal outcome's clause and reason (a scenario's expectation has a rule and no reason).
void record_illegality(const json& outcome, std::string& rule, std::string& reason) {
  if (!outcome.is_object() || outcome.value("legal", true) != false) return;
  if (outcome.contains("rule") && outcome["rule"].is_string()) rule = outcome["rule"].get<std::string>();
  if (outcome.contains("reason") && outcome["reason"].is_string()) reason = outcome["reason"].get<std::string>();
}

// Records a failing step: the first difference as a patch, the values at its path, the clauses
// involved and one line saying so; `against` names what was not met ("" for the oracle's own run).
void record_failure(CaseResult& r, const Scenario& s, std::size_t step, const Difference& first, const json& expected,
                    const json& outcome, std::string_view against, bool contained) {
  // Every differing field, the cause first (harness/failure_order.hpp): the one shown and signed.
  std::vector<Difference> all = every_difference(first, expected, outcome, contained);
  order_by_cause(all, s.game, state_names(s.state));
  const Difference& d = all.front();
  r.differences = differences_json(all);
  r.differences_more = all.size() > kDifferencesKept ? all.size() - kDifferencesKept : 0;
  r.verdict = Verdict::fail;
  r.step = static_cast<int>(step);
  r.patch = as_patch(d);
  r.expected = d.expected;
  r.actual = d.actual;
  r.clauses = clauses_involved(s, expected, outcome);
  record_illegality(outcome, r.answer_rule, r.answer_reason);
  record_illegality(expected, r.expected_rule, r.expected_reason);
  r.note = s.note;
  if (step < s.steps.size() && !s.steps[step].note.empty())
    r.note += fmt::format("{}step {}: {}", r.note.empty() ? "" : " | ", step, s.steps[step].note);
  r.message = fmt::format("step {}: {}at {} expected {}, got {}{}", step,
                          against.empty() ? "" : fmt::format("against {}: ", against), d.path.empty() ? "/" : d.path,
                          shortened(side_text(d, true)), shortened(side_text(d, false)),
                          all.size() > 1 ? fmt::format(" (and {} more differing field(s))", all.size() - 1) : "");
}

// A saved case's expectation names the clause of an illegal step, not the oracle's words: where the
// oracle forbids the step by the same clause, its reason is the reason wanted.
void reason_from_oracle(CaseResult& r, const json* oracle) {
  if (!r.expected_reason.empty() || r.expected_rule.empty() || !oracle || oracle->value("legal", true)) return;
  if (oracle->value("rule", "") == r.expected_rule) r.expected_reason = oracle->value("reason", "");
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

bool judge(CaseResult& r, const Scenario& s, std::size_t i, const json& outcome, const json* oracle,
           const StepCheck& check) {
  const json& own = s.steps[i].expect;
  // A generated case has no expectation of its own: the oracle's outcome stands in for it and is judged
  // as an expectation is (by containment, then exactly below), as it is once `fuzz` saves the case with
  // that outcome as its expectation, so that `run` of the saved case finds the same first difference.
  const bool stand_in = own.is_null() && oracle != nullptr;
  const json& expect = stand_in ? *oracle : own;
  if (check.expectation && !expect.is_null())
    if (auto d = judge_step(expect, outcome, check.strict_rule)) {
      record_failure(r, s, i, *d, expect, outcome,
                     stand_in ? "the oracle" : check.from_engine ? "the scenario's expectation" : "",
                     /*contained=*/true);
      reason_from_oracle(r, oracle);
      return true;
    }
  if (oracle)
    if (auto d = differs_from_oracle(*oracle, outcome, check.strict_rule)) {
      record_failure(r, s, i, *d, *oracle, outcome, "the oracle", /*contained=*/false);
      return true;
    }
  return false;
}

namespace {

// The solver's verdict on `outcome` for `step` from `state`; a step it cannot read is not encoded.
OutcomeCheck solver_membership(const BoundRules& rules, const json& state, const Step& step, const json& outcome,
                               unsigned rlimit) {
  try {
    return rules.check_outcome(state, step.request, step.is_query, outcome, rlimit);
  } catch (const std::exception& e) {
    return OutcomeCheck{Membership::not_encoded, {}, std::string("the solver could not read the step: ") + e.what()};
  }
}

// The target called illegal an action the oracle finds legal.
bool refused_legal(const json& outcome, const json& oracle_outcome) {
  return outcome.is_object() && outcome.value("legal", true) == false && oracle_outcome.is_object() &&
         oracle_outcome.value("legal", false) == true;
}

void add_clauses(std::vector<std::string>& to, const std::vector<std::string>& clauses) {
  for (const auto& c : clauses)
    if (std::find(to.begin(), to.end(), c) == to.end()) to.push_back(c);
}

}  // namespace

void weigh_with_solver(CaseResult& r, const BoundRules& rules, const json& state, const Step& step, const json& outcome,
                       const json& oracle_outcome, unsigned rlimit) {
  if (rlimit == 0 || r.verdict != Verdict::fail) return;
  const OutcomeCheck engine = solver_membership(rules, state, step, outcome, rlimit);
  r.solver = std::string(membership_name(engine.membership));
  r.solver_clauses = engine.clauses;
  r.solver_why = engine.why;
  // Forbidden here means the refusal is: say so, not only the solver's reason ("every rule ... allows").
  if (engine.membership == Membership::forbidden && refused_legal(outcome, oracle_outcome))
    r.solver_why = fmt::format("the engine refused a step the solver agrees is legal ({})", engine.why);
  if (engine.membership == Membership::forbidden) add_clauses(r.clauses, engine.clauses);
  if (engine.membership == Membership::unknown || engine.membership == Membership::not_encoded) return;
  // The oracle's own outcome must be one the solver allows: where it is not, rulecheck's two encodings
  // of the rules disagree, whatever the engine answered.
  const OutcomeCheck reference = solver_membership(rules, state, step, oracle_outcome, rlimit);
  if (reference.membership == Membership::forbidden) {
    r.verdict = Verdict::disputed;
    r.oracle_outcome = oracle_outcome;
    r.solver = std::string(membership_name(reference.membership));
    r.solver_clauses = reference.clauses;
    r.solver_why = fmt::format("the solver forbids the oracle's outcome: {} (on this engine's outcome it says {}: {})",
                               reference.why, membership_name(engine.membership), engine.why);
    r.message += " (disputed: the solver forbids the oracle's own outcome)";
    add_clauses(r.clauses, reference.clauses);
    return;
  }
  if (engine.membership != Membership::allowed) return;
  if (reference.membership == Membership::allowed) {
    // Both outcomes allowed: the rules leave a choice the step does not carry.
    r.verdict = Verdict::alternative;
    r.message += fmt::format(
        " (the solver allows both this outcome and the oracle's: the rules leave a choice here, at {}: an alternative "
        "nobody listed)",
        r.patch.is_array() && !r.patch.empty() ? r.patch[0].value("path", std::string("/")) : std::string("/"));
    return;
  }
  // The solver allows the engine's outcome but cannot say whether it allows the oracle's: no pass.
  r.solver_why += fmt::format(" (the solver allows this outcome, but on the oracle's it says {}: {}; the failure stands)",
                              membership_name(reference.membership), reference.why);
}

namespace {

// Both ways: the oracle's legal next state, which the solver allows, must be the only one it allows.
// Another one allowed is a disagreement of rulecheck's two encodings, as a forbidden outcome is:
// the case is disputed at this step, never settled in either's favour.
bool check_only_with_solver(CaseResult& r, const BoundRules& rules, const json& state, std::size_t i,
                            const Step& step, const json& outcome, unsigned rlimit) {
  if (step.is_query || !outcome.value("legal", false) || !outcome.contains("state")) return false;
  OutcomeCheck only;
  try {
    only = rules.check_only_outcome(state, step.request, outcome, rlimit);
  } catch (const std::exception& e) {
    only = OutcomeCheck{Membership::not_encoded, {}, std::string("the solver could not read the step: ") + e.what()};
  }
  if (only.membership == Membership::allowed) ++r.solver_steps.only;
  if (only.membership == Membership::allowed && !only.conventions.empty()) ++r.solver_steps.by_convention;
  if (only.membership != Membership::forbidden) {
    if (only.membership != Membership::allowed) ++r.solver_steps.only_unknown;
    return false;
  }
  ++r.solver_steps.other;
  r.verdict = Verdict::disputed;
  r.step = static_cast<int>(i);
  r.oracle_outcome = outcome;
  r.solver = "allows another";
  r.solver_why = only.why;
  r.clauses = r.cites;
  r.message = fmt::format("step {}: the solver allows the oracle's next state and another one too: {}", i, only.why);
  return true;
}

}  // namespace

bool check_oracle_with_solver(CaseResult& r, const BoundRules& rules, const json& state, std::size_t i,
                              const Step& step, const json& outcome, unsigned rlimit) {
  const OutcomeCheck c = solver_membership(rules, state, step, outcome, rlimit);
  switch (c.membership) {
    case Membership::allowed: ++r.solver_steps.allowed; return check_only_with_solver(r, rules, state, i, step, outcome, rlimit);
    case Membership::unknown: ++r.solver_steps.unknown; return false;
    case Membership::not_encoded: ++r.solver_steps.not_encoded; return false;
    case Membership::forbidden: ++r.solver_steps.forbidden; break;
  }
  r.verdict = Verdict::disputed;
  r.step = static_cast<int>(i);
  r.oracle_outcome = outcome;
  r.solver = std::string(membership_name(c.membership));
  r.solver_clauses = c.clauses;
  r.solver_why = fmt::format("the solver forbids the oracle's outcome: {}", c.why);
  r.clauses = r.cites;
  add_clauses(r.clauses, c.clauses);
  r.message = fmt::format("step {}: the solver forbids the oracle's own outcome ({}): {}{}", i,
                          outcome.contains("result")         ? "its answer " + short_value(outcome["result"])
                          : outcome.value("legal", false) ? std::string("legal, with its next state")
                                                             : "illegal by " + outcome.value("rule", std::string("?")),
                          c.why,
                          c.clauses.empty() ? std::string()
                                            : fmt::format(" (clauses broken: {})", fmt::join(c.clauses, ", ")));
  return true;
}

void decide(CaseResult& r, Verdict verdict, std::size_t i, const std::string& why) {
  r.verdict = verdict;
  r.step = static_cast<int>(i);
  r.message = fmt::format("step {}: {}", i, why);
  if (verdict == Verdict::skipped) r.skip_reason = why;
}

std::string request_kind(const std::string& game, bool is_query, const json& request) {
  const json* type = request.is_object() && request.contains("type") ? &request["type"] : nullptr;
  return fmt::format("{} {} {}", game, is_query ? "query" : "action",
                     type && type->is_string() ? type->get<std::string>() : std::string("(no type)"));
}

CaseResult case_header(const Scenario& s, const std::string& target) {
  CaseResult r;
  r.id = s.id;
  r.file = valid_utf8(s.file.string());  // a file name need not be UTF-8; every report is
  r.game = s.game;
  r.title = s.title;
  r.target = target;
  r.unreachable = s.unreachable;
  r.cites = s.cites;
  return r;
}

std::string explain_command(const std::string& prefix, const CaseResult& r) {
  if (prefix.empty() || r.verdict != Verdict::fail || r.step < 0 || r.file.empty()) return "";
  return fmt::format("{} {} --step {}", prefix, shell_quote(r.file), r.step);
}

CaseResult unreachable_case(const Scenario& s, const std::string& target) {
  CaseResult r = case_header(s, target);
  r.verdict = Verdict::skipped;
  r.message = fmt::format("{}: {}", kUnreachableSkip, s.unreachable);
  r.skip_reason = std::string(kUnreachableSkip);
  return r;
}

CaseResult errored_case(const ScenarioError& error, const std::string& target) {
  CaseResult r;
  r.file = valid_utf8(error.file.string());
  r.id = error.id.empty() ? r.file : error.id;
  r.target = target;
  r.verdict = Verdict::errored;
  r.message = error.describe();
  return r;
}

namespace {

// Where a game's InputError points, named as in the scenario file.
std::string where_in_scenario(const InputError& e, std::size_t step) {
  const std::string& where = e.pointer();
  if (where.rfind("/action", 0) == 0 || where.rfind("/query", 0) == 0) return fmt::format("/steps/{}{}", step, where);
  if (where.rfind("/state", 0) == 0 && step > 0)
    return fmt::format("the state before step {}, at {}", step, where.substr(6));
  return where.empty() ? "the input" : where;
}

}  // namespace

CaseResult run_on_oracle(const Scenario& scenario, const GameRules& rules, bool strict_rule, unsigned solver_rlimit) {
  const auto started = std::chrono::steady_clock::now();
  CaseResult r = case_header(scenario, "oracle");
  json state = scenario.state;
  std::size_t i = 0;
  try {
    const auto bound = find_game(scenario.game)->bind(rules.merged_ruleset(scenario.ruleset), scenario.readings(rules));
    for (; i < scenario.steps.size(); ++i) {
      const Step& step = scenario.steps[i];
      OracleAnswer answer = oracle_answer(*bound, "", step.is_query, state, step.request);
      if (judge(r, scenario, i, answer.outcome, nullptr, StepCheck{true, strict_rule, false})) {
        attribute_failure(r, rules, *bound, scenario.state, state, step);
        break;
      }
      if (solver_rlimit > 0 && check_oracle_with_solver(r, *bound, state, i, step, answer.outcome, solver_rlimit)) {
        attribute_failure(r, rules, *bound, scenario.state, state, step);
        break;
      }
      if (!step.is_query && answer.outcome["legal"].get<bool>()) state = std::move(answer.outcome["state"]);
    }
  } catch (const InputError& e) {
    r.verdict = Verdict::errored;
    r.step = static_cast<int>(i);
    r.message = fmt::format("{}: {}", where_in_scenario(e, i), e.what());
  } catch (const std::exception& e) {
    decide(r, Verdict::errored, i, fmt::format("the oracle failed: {}", e.what()));
  }
  r.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return r;
}

}  // namespace rulecheck

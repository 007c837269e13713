#include "harness/cross_check.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/game.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"
#include "common/text.hpp"
#include "harness/answer_text.hpp"
#include "harness/bindings.hpp"
#include "harness/declared_steps.hpp"
#include "harness/engine_readings.hpp"
#include "harness/game_rulesets.hpp"
#include "harness/pipeline.hpp"
#include "harness/signature.hpp"
#include "harness/subprocess.hpp"

namespace rulecheck {

namespace {

// The same JSON value to the last bit, as its text would be: unlike ==, 1 and 1.0 (or 0.0 and -0.0)
// differ.
bool identical(const json& a, const json& b) {
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object()) {
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if (x.key() != y.key() || !identical(*x, *y)) return false;
    return true;
  }
  if (a.is_array()) return std::equal(a.begin(), a.end(), b.begin(), identical);
  if (a.is_number_float()) return std::signbit(a.get<double>()) == std::signbit(b.get<double>()) && a == b;
  return a == b;
}

}  // namespace

const PreparedCases::Prepared& PreparedCases::get(const Scenario& s, const GameRules& rules,
                                                  const EngineReadings& engine, Bindings& bindings) {
  static constexpr std::size_t kKept = 4096;
  const std::size_t key = std::hash<std::string>{}(s.game) ^ (std::hash<json>{}(s.ruleset) * 31) ^
                          (std::hash<json>{}(s.interpretations) * 961);
  for (auto [it, end] = kept_.equal_range(key); it != end; ++it)
    if (it->second.game == s.game && identical(it->second.ruleset, s.ruleset) &&
        identical(it->second.interpretations, s.interpretations))
      return it->second.prepared;
  Prepared p{choose_readings(engine, rules, s.interpretations), nullptr};
  if (p.chosen.problem.empty()) {
    try {
      p.binding = bindings.get_shared(s.game, rules, s.ruleset, p.chosen.readings);
    } catch (const std::exception&) {
      // left unbound: the case binds again and reports why
    }
  }
  if (kept_.size() >= kKept) kept_.clear();
  return kept_.emplace(key, Kept{s.game, s.ruleset, s.interpretations, std::move(p)})->second.prepared;
}


namespace {

// What the oracle says about one step, and the state sent for it.
struct OracleStep {
  std::string input_state;  // the state the step starts from, as JSON text
  OracleAnswer answer;      // the outcome, and the answer line `rulecheck serve` would write
  // A legal next state the expectation does not read is kept as text only (answer.next_state_text)
  // until outcome() is asked for: an engine that answers with the oracle's very line never needs its value.
  bool state_as_text = false;

  // The oracle's whole outcome (a next state kept as text is read back the first time).
  const json& outcome() {
    if (state_as_text) {
      answer.outcome["state"] = json::parse(answer.next_state_text);
      state_as_text = false;
    }
    return answer.outcome;
  }
};

// The oracle's answer to every step, each step on the previous step's outcome. Each state is
// read from its text (the scenario's, then each legal step's next state: BoundRules::apply_text)
// and written to text once: it is the answer of one step and the input of the next. A step's next
// state is built as a value too only when the expectation is judged (`check_expect`) and looks at
// it: written from the oracle's state, not read back from its text; otherwise it stays text until
// OracleStep::outcome() is asked for it (an engine that answers with the oracle's very line never is).
std::vector<OracleStep> run_oracle(const Scenario& s, const BoundRules& rules, const std::vector<std::string>& ids,
                                   bool check_expect) {
  std::vector<OracleStep> steps(s.steps.size());
  const std::string first = s.state_text.empty() ? s.state.dump() : s.state_text;
  const std::string* text = &first;
  std::string id;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    OracleStep& o = steps[i];
    o.input_state = *text;
    const Step& step = s.steps[i];
    ((id = '"') += ids[i]) += '"';  // an id is digits and a dot: its JSON text needs no escapes
    const StateText from{o.input_state};
    if (check_expect && expectation_reads_state(step.expect)) {
      o.answer = oracle_answer(rules, id, step.is_query, from, step.request);
    } else {
      o.answer = oracle_answer_state_as_text(rules, id, step.is_query, from, step.request);
      o.state_as_text = !step.is_query && o.answer.outcome["legal"].get<bool>();
    }
    if (!step.is_query && o.answer.outcome["legal"].get<bool>()) text = &o.answer.next_state_text;
  }
  return steps;
}

// One scenario's plan: the readings it runs under, the oracle's outcome of each step, and the
// engine's answers as they arrive.
struct PlannedCase {
  std::shared_ptr<const Scenario> holder;  // loaded when planned, released when reported
  const Scenario* scenario = nullptr;
  CaseResult result;
  bool check_expect = true;  // false when run under an engine reading the scenario does not expect
  std::string note;
  const GameRules* game = nullptr;
  std::shared_ptr<const BoundRules> rules;
  std::vector<OracleStep> oracle;  // per step
  std::vector<EngineAnswer> answers;
  const EngineDeclarations* declared = nullptr;  // the engine's declarations, when it makes any
  json ruleset;                                  // with `declared`: the merged ruleset (paths are searched in it)
  std::vector<json> unit_ids;                    // with `declared`: the unit ids each step's state was sent with
  std::shared_ptr<const Scenario> judged;        // the scenario without the fields the engine does not model
};

// `request`: the action or query as sent, when it is not the step's own (harness/declared_steps.hpp).
std::string request_line(const std::string& id, const Scenario& s, const std::string& ruleset,
                         const std::string& readings, const std::string& state, const Step& step,
                         const std::string& request = "") {
  std::string line;
  append_request_line(line, id, step.is_query, s.game, ruleset, readings, state,
                      !request.empty() ? request : step.request_text.empty() ? step.request.dump() : step.request_text);
  return line;
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
    json outcome = {{"legal", false}, {"rule", rule}};
    if (a.contains("reason") && a["reason"].is_string()) outcome["reason"] = a["reason"];  // shown in reports
    return outcome;
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

// An answer's free-text field: the string itself, or the JSON it was given as.
std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// The target answered a request of this kind (for its coverage line), counted once per case.
void note_answered(CaseResult& r, const std::string& kind) {
  if (std::find(r.answered.begin(), r.answered.end(), kind) == r.answered.end()) r.answered.push_back(kind);
}

void judge_case(PlannedCase& c, const CrossCheckOptions& options) {
  const BoundRules& rules = *c.rules;
  CaseResult& r = c.result;
  const Scenario& s = *c.scenario;
  const StepCheck check{c.check_expect, options.strict, /*from_engine=*/true};
  // Every step's stderr, including that of steps after the one that decides the case.
  for (const EngineAnswer& ans : c.answers) {
    r.stderr_text += ans.stderr_text;
    r.stderr_dropped += ans.stderr_dropped;
  }
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    EngineAnswer& ans = c.answers[i];
    if (ans.not_run) return decide(r, Verdict::skipped, i, ans.fault);
    if (!ans.fault.empty()) return decide(r, Verdict::errored, i, ans.fault);
    const std::string kind = request_kind(s.game, s.steps[i].is_query, s.steps[i].request);
    OracleStep& oracle = c.oracle[i];
    // Step 0 starts from the scenario's state; a later step from the oracle's previous outcome.
    const auto input_state = [&] { return i == 0 ? s.state : json::parse(c.oracle[i].input_state); };
    // The engine wrote exactly what the oracle would: it agrees with the oracle on this step, and
    // with the expectation exactly as far as the oracle does.
    if (options.compare_on_text && judged_on_text(ans.line, oracle.answer, options.rule_map) &&
        !(c.declared && is_destination_step(*c.declared, s.steps[i]))) {
      note_answered(r, kind);
      if (!s.steps[i].expect.is_null() && judge(r, s, i, oracle.outcome(), nullptr, check)) return;
      continue;
    }
    const std::optional<json>& parsed = ans.answer();
    if (!parsed) return decide(r, Verdict::errored, i, ans.unreadable);
    const json& a = *parsed;
    if (options.strict_protocol)
      if (std::string problem = answer_shape_problem(a, s.steps[i].is_query); !problem.empty())
        return decide(r, Verdict::errored, i, "the answer breaks the protocol: " + problem);
    if (a.contains("unsupported")) {
      const std::string why = text_of(a["unsupported"]);
      decide(r, Verdict::skipped, i, "the engine does not support this: " + why);
      r.unsupported = kind;  // grouped by the kind of request and the engine's words
      r.skip_reason = fmt::format("unsupported: {} ({})", kind, excerpt(why));
      return;
    }
    if (a.contains("error"))
      return decide(r, Verdict::errored, i, "the engine reported an error: " + text_of(a["error"]));
    note_answered(r, kind);
    std::optional<DeclaredVerdict> declared;
    if (c.declared) {  // what its declarations change: the outcome compared with, its ids, the fields not modelled
      declared = judge_declared(*c.declared, a, oracle.outcome(), rules, c.ruleset, input_state(), s.steps[i],
                                c.unit_ids[i], options.strict, options.rule_map);
      if (!declared->problem.empty()) {
        decide(r, Verdict::fail, i, declared->problem);
        r.clauses = s.cites;
        return;
      }
    }
    const json& oracle_outcome = declared ? declared->reference : oracle.outcome();
    const StepCheck step_check{check.expectation && (!declared || declared->expectation), check.strict_rule, true};
    std::string problem;
    bool state_invalid = false;
    // An engine that does not model some fields says legal where the oracle says illegal: the legality is
    // what differs, whether or not its state passes the validator without those fields.
    const bool unvalidated = declared && !c.declared->not_modelled.empty() && !oracle_outcome.value("legal", true) &&
                             declared->answer.value("legal", false) == true;
    const json outcome = unvalidated ? json{{"legal", true}, {"state", declared->answer["state"]}}
                                     : engine_outcome(declared ? declared->answer : a, s.steps[i], rules, options,
                                                      problem, state_invalid);
    if (!problem.empty()) {
      decide(r, state_invalid ? Verdict::fail : Verdict::errored, i, problem);
      r.clauses = s.cites;
      if (state_invalid) {  // the solver says what it can: a next state that is not a state is forbidden
        if (oracle_outcome.value("legal", true) == false) r.expected_rule = oracle_outcome.value("rule", "");
        const json state = input_state();
        weigh_with_solver(r, rules, state, s.steps[i], a, oracle_outcome, options.solver_rlimit);
        attribute_failure(r, *c.game, rules, s.state, state, s.steps[i], &oracle_outcome, options.solver_rlimit);
      }
      return;
    }
    if (judge(r, s, i, outcome, &oracle_outcome, step_check)) {
      if (declared) r.message += declared->note;
      const json state = input_state();
      Step judged_step;  // a destination move: the paths whose outcome it was judged against
      if (declared && !declared->reference_action.is_null())
        judged_step = Step{false, declared->reference_action, "", nullptr, ""};
      const Step& step = judged_step.request.is_null() ? s.steps[i] : judged_step;
      weigh_with_solver(r, rules, state, step, outcome, oracle_outcome, options.solver_rlimit);
      attribute_failure(r, *c.game, rules, s.state, state, step, &oracle_outcome, options.solver_rlimit);
      return;
    }
  }
  r.verdict = Verdict::pass;
  r.message = c.note;
}

// One cross-check run: the cases planned as the engine's window asks for requests, the engine's
// answers gathered per case, and each case judged and reported, in order, once all its steps are in.
class CrossCheckRun {
 public:
  CrossCheckRun(const ScenarioSource& scenarios, const RulesLibrary& library, const EngineHello& hello,
                const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report)
      : scenarios_(scenarios),
        library_(library),
        hello_(hello),
        engine_readings_(read_engine_readings(hello.interpretations, library)),
        options_(options),
        report_(report) {}

  void run(EngineProcess& engine) {
    engine.exchange([this](std::size_t index, std::string& line, std::string& id) { return request(index, line, id); },
                    [this](std::size_t index, EngineAnswer answer) { take(index, std::move(answer)); });
    while (planned_ < scenarios_.size()) plan_next();  // cases after the last request (skipped or errored)
    report_ready(planned_);
  }

 private:
  // Request `index`, planning cases until there is one; false past the last.
  bool request(std::size_t index, std::string& line, std::string& id) {
    while (index >= requests_.size() && planned_ < scenarios_.size()) plan_next();
    if (index >= requests_.size()) return false;
    id = ids_[index];
    const PlannedCase& c = case_at(owner_[index]);
    if (!c.answers.empty() && !c.answers.back().fault.empty()) {
      line.clear();  // an earlier step of this case errored: the rest is not sent
      return true;
    }
    line = requests_[index];
    return true;
  }

  void take(std::size_t index, EngineAnswer answer) {
    const std::size_t k = owner_[index];
    std::string().swap(requests_[index]);  // answered: never sent again
    PlannedCase& c = case_at(k);
    c.answers.push_back(std::move(answer));
    if (c.answers.size() < c.scenario->steps.size()) return;
    judge_case(c, options_);
    report_ready(k + 1);  // cases before k are decided too (unplanned ones were skipped or errored)
  }

  // Under --rulesets game: what of `s`'s ruleset its game does not produce ("": the case runs).
  std::string rulesets_off(const Scenario& s) const {
    if (!options_.only_the_games_rulesets) return "";
    const GameRules* rules = library_.find(s.game);
    return rules ? scenario_ruleset_not_produced(s, *rules) : "";
  }

  // Decides what the next scenario sends: its readings, the oracle's answer to each step, the requests.
  void plan_next() {
    const std::size_t k = planned_++;
    PlannedCase& c = cases_.emplace_back();
    try {
      c.holder = scenarios_.get(k);
    } catch (const ScenarioError& e) {
      c.result = errored_case(e, hello_.name);
      return;
    }
    const Scenario& s = *c.holder;
    c.scenario = &s;
    c.result = case_header(s, hello_.name);
    if (options_.skip_unreachable && !s.unreachable.empty()) {
      c.result = unreachable_case(s, hello_.name);
      return;
    }
    if (const std::string off = rulesets_off(s); !off.empty()) {
      c.result = not_produced_case(s, hello_.name, off);
      return;
    }
    if (std::find(hello_.games.begin(), hello_.games.end(), s.game) == hello_.games.end()) {
      c.result.verdict = Verdict::skipped;
      c.result.message =
          fmt::format("the engine does not play {} (its games: {})", s.game, excerpt(fmt::format("{}", fmt::join(hello_.games, ", "))));
      c.result.skip_reason = fmt::format("the engine does not play {}", s.game);
      return;
    }
    const GameRules& rules = *library_.find(s.game);
    if (hello_.declared.any() && !declare(c, rules)) return;
    const PreparedCases::Prepared& prepared = prepare(s, rules);
    const ChosenReadings& chosen = prepared.chosen;
    if (!chosen.problem.empty()) {
      c.result.verdict = Verdict::skipped;
      c.result.message = c.result.skip_reason = chosen.problem;
      return;
    }
    if (!chosen.overridden.empty()) {  // run under a reading the scenario does not expect
      c.check_expect = false;
      c.note = chosen.overridden.front() + "; compared with the oracle only";
    }
    std::vector<std::string> step_ids;
    const std::string case_number = std::to_string(k) + '.';
    for (std::size_t i = 0; i < s.steps.size(); ++i) step_ids.push_back(case_number + std::to_string(i));
    std::shared_ptr<const Bindings::Entry> binding = prepared.binding;
    c.game = &rules;
    try {
      if (!binding)  // not bound yet, or its ruleset or readings were refused: bind (again), saying why
        binding = (options_.bindings ? *options_.bindings : bindings_)
                      .get_shared(s.game, rules, s.ruleset, chosen.readings);
      c.rules = binding->rules;
      c.oracle = run_oracle(s, *c.rules, step_ids, c.check_expect);
      if (options_.on_oracle_outcome && !c.oracle.empty()) options_.on_oracle_outcome(k, c.oracle[0].answer.outcome);
    } catch (const std::exception& e) {
      c.result.verdict = Verdict::errored;
      c.result.message = fmt::format("the oracle could not run this scenario: {}", e.what());
      return;
    }
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      if (c.declared) {
        DeclaredRequest sent = declared_request(*c.declared, c.oracle[i].input_state, s.steps[i]);
        c.unit_ids.push_back(std::move(sent.unit_ids));
        requests_.push_back(request_line(step_ids[i], s, binding->ruleset_text, binding->readings_text, sent.state,
                                         s.steps[i], sent.request));
      } else {
        requests_.push_back(request_line(step_ids[i], s, binding->ruleset_text, binding->readings_text,
                                         c.oracle[i].input_state, s.steps[i]));
      }
      ids_.push_back(step_ids[i]);
      owner_.push_back(k);
    }
  }

  // What the engine's declarations decide before a case is sent (harness/declared_steps.hpp); false: skipped.
  bool declare(PlannedCase& c, const GameRules& rules) {
    std::string group;
    const std::string why = prepare_declared_case(hello_.declared, rules, *c.scenario, c.ruleset, c.judged, group);
    if (!why.empty()) {
      c.result.verdict = Verdict::skipped;
      c.result.message = why;
      c.result.skip_reason = group;
      return false;
    }
    c.declared = &hello_.declared;
    if (c.judged) c.scenario = c.judged.get();
    return true;
  }

  // Case `k` while it is planned and not yet reported.
  PlannedCase& case_at(std::size_t k) { return cases_[k - reported_]; }

  // Cases are reported in order, as soon as every step of each is judged, and then forgotten.
  void report_ready(std::size_t upto) {
    for (; reported_ < upto; ++reported_) {
      CaseResult& r = cases_.front().result;
      if (r.verdict == Verdict::fail || r.verdict == Verdict::errored)
        r.reproduce = fmt::format("{} {} --engine {}{}", options_.reproduce_prefix, shell_quote(r.file),
                                  shell_quote(options_.engine_command), options_.strict ? " --strict" : "");
      r.explain = explain_command(options_.explain_prefix, r);
      if (options_.known) options_.known->mark(r);
      report_(r);
      cases_.pop_front();
    }
  }

  const PreparedCases::Prepared& prepare(const Scenario& s, const GameRules& rules) {
    return (options_.prepared ? *options_.prepared : prepared_)
        .get(s, rules, engine_readings_, options_.bindings ? *options_.bindings : bindings_);
  }

  const ScenarioSource& scenarios_;
  const RulesLibrary& library_;
  const EngineHello& hello_;
  const EngineReadings engine_readings_;
  const CrossCheckOptions& options_;
  const std::function<void(const CaseResult&)>& report_;
  std::deque<PlannedCase> cases_;  // planned and not yet reported: case reported_ is at the front
  Bindings bindings_;
  PreparedCases prepared_;
  std::vector<std::string> requests_, ids_;
  std::vector<std::size_t> owner_;  // request -> case
  std::size_t planned_ = 0, reported_ = 0;
};

}  // namespace

void cross_check(const ScenarioSource& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report) {
  CrossCheckRun(scenarios, library, engine.hello(), options, report).run(engine);
}

void cross_check(const std::vector<Scenario>& scenarios, const RulesLibrary& library, EngineProcess& engine,
                 const CrossCheckOptions& options, const std::function<void(const CaseResult&)>& report) {
  cross_check(ScenarioList(scenarios), library, engine, options, report);
}

}  // namespace rulecheck

// The solver's findings (solver/findings.hpp) as JSON records and scenario files, for every game's
// edge: a proof's counterexample and each reading of an ambiguity witness become a scenario that
// `rulecheck run` replays (docs/formats.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/findings.hpp"

namespace rulecheck {

// One part of a proof's vacuity check as JSON (docs/solver.md, "Vacuity").
inline json vacuity_part_record(const solver::VacuityPart& part) {
  return {{"checked", part.checked},   {"holds", part.holds},     {"satisfiable", part.satisfiable},
          {"questions", part.questions}, {"says", part.says},      {"witness", part.witness},
          {"failed", part.failed}};
}

// A proof's three-part vacuity check as JSON, or null when it was not asked (the claim not proved).
inline json vacuity_check_record(const std::optional<solver::VacuityReport>& v) {
  if (!v) return nullptr;
  return {{"reachable_board", vacuity_part_record(v->reachable_board)},
          {"guard", vacuity_part_record(v->guard)},
          {"antecedent", vacuity_part_record(v->antecedent)},
          {"invariants", v->invariants},
          {"failed", v->failed_parts()}};
}

// `write_state(State) -> json`; `write_step(Step) -> {"action": ...} or {"query": ...}`;
// `write_answer(Answer) -> json`.
template <typename State, typename Step, typename WriteState, typename WriteStep>
json proof_records(std::string_view game, const std::vector<solver::Proof<State, Step>>& proofs, WriteState write_state,
                   WriteStep write_step) {
  json out = json::array();
  for (const auto& p : proofs) {
    json r = {{"game", game},
              {"id", p.id},
              {"claim", p.claim},
              {"clauses", p.clauses},
              {"status", solver::proof_status_name(p.status)},
              {"detail", p.detail},
              {"scope", solver::scope_name(p.scope)},
              {"covers", p.scope.covers},
              {"vacuity", p.vacuity},
              {"vacuity_check", vacuity_check_record(p.vacuity_report)},
              {"seconds", p.seconds},
              {"counterexample", nullptr}};
    if (p.strength_checked) {
      json killed = json::array(), survived = json::array();
      for (const auto& m : p.mutants) {
        if (m.killed)
          killed.push_back(m.mutant);
        else
          survived.push_back({{"mutant", m.mutant}, {"why", m.why}});
      }
      r["killed_by"] = std::move(killed);
      r["survived"] = std::move(survived);
      r["hollow"] = r["killed_by"].empty();
    }
    if (p.counterexample) {
      json step = write_step(p.counterexample->step);
      step["expect"] = p.counterexample_next ? json{{"legal", true}, {"state", write_state(*p.counterexample_next)}}
                                             : json{{"legal", false}};
      r["counterexample"] = {{"id", std::string(game) + "/counterexamples/" + p.id},
                             {"game", game},
                             {"title", "counterexample to " + p.id + ": " + p.detail},
                             {"note", p.claim},
                             {"cites", p.clauses},
                             {"interpretations", json::object()},
                             {"ruleset", json::object()},
                             {"state", write_state(p.counterexample->state)},
                             {"steps", json::array({step})}};
    }
    out.push_back(std::move(r));
  }
  return out;
}

// `prove --strength`'s answer: {"proofs": proof records, "clauses": per clause or convention of the
// sections written as one relation, {"clause", "mutants", "equivalent", "killed_by", "survived",
// "undecided", "protected"}}.
template <typename State, typename Step, typename WriteState, typename WriteStep>
json strength_records(std::string_view game, const solver::StrengthReport<State, Step>& report, WriteState write_state,
                      WriteStep write_step) {
  json clauses = json::array();
  for (const auto& s : report.sources)
    clauses.push_back({{"game", game},
                       {"clause", s.source},
                       {"mutants", s.mutants},
                       {"equivalent", s.equivalent},
                       {"killed_by", s.killed_by},
                       {"survived", s.survived},
                       {"undecided", s.undecided},
                       {"protected", !s.killed_by.empty()}});
  return {{"proofs", proof_records(game, report.proofs, write_state, write_step)}, {"clauses", std::move(clauses)}};
}

// A witness's step with one side's outcome as its expectation: {"result": ...} for a query,
// {"legal": true, "state": ...} or {"legal": false, "rule": ...} for an action.
template <typename State, typename Step, typename Answer, typename WriteState, typename WriteStep, typename WriteAnswer>
json expected_step(const Step& step, const solver::ReadingOutcome<State, Answer>& o, WriteState write_state,
                   WriteStep write_step, WriteAnswer write_answer) {
  json out = write_step(step);
  if (o.is_query)
    out["expect"] = {{"result", o.answer ? write_answer(*o.answer) : json(nullptr)}};
  else if (o.legal)
    out["expect"] = {{"legal", true}, {"state", o.next ? write_state(*o.next) : json::object()}};
  else
    out["expect"] = {{"legal", false}, {"rule", o.rule}};
  return out;
}

// A scenario of one state and one expected step; "ruleset" and "interpretations" as given.
inline json one_step_scenario(std::string id, std::string_view game, std::string title, const std::string& note,
                              const std::vector<std::string>& cites, json interpretations, json ruleset, json state,
                              json step) {
  return {{"id", std::move(id)},
          {"game", game},
          {"title", std::move(title)},
          {"note", note},
          {"cites", cites},
          {"interpretations", std::move(interpretations)},
          {"ruleset", std::move(ruleset)},
          {"state", std::move(state)},
          {"steps", json::array({std::move(step)})}};
}

template <typename State, typename Step, typename Answer, typename WriteState, typename WriteStep, typename WriteAnswer>
json witness_records(std::string_view game, const std::vector<solver::Witness<State, Step, Answer>>& witnesses,
                     WriteState write_state, WriteStep write_step, WriteAnswer write_answer) {
  json out = json::array();
  for (const auto& w : witnesses) {
    json scenarios = json::array();
    for (const auto& o : w.outcomes) {
      json interpretations = json::object();
      for (const auto& [point, reading] : w.other_readings) interpretations[point] = reading;
      if (!w.is_new) interpretations[w.point] = o.reading;
      scenarios.push_back(
          {{"reading", o.reading},
           {"scenario",
            one_step_scenario(std::string(game) + "/ambiguities/" + w.point + "/" + o.reading, game,
                              w.title + " (reading " + o.reading + ")", w.note, w.clauses, interpretations,
                              w.ruleset_override.empty() ? json::object() : json::parse(w.ruleset_override),
                              write_state(w.example.state),
                              expected_step(w.example.step, o, write_state, write_step, write_answer))}});
    }
    json r = {{"game", game},       {"point", w.point}, {"kind", w.kind},   {"new", w.is_new},
              {"clauses", w.clauses}, {"size", w.size},   {"title", w.title}, {"note", w.note},
              {"scope", w.scope},     {"scenarios", scenarios}};
    if (!solver::is_finding_kind(w.kind) && w.kind != "none") r["reason"] = w.note;  // not decided: why
    r["found_by_search"] = w.found_by_search;
    if (!w.signature.empty()) r["signature"] = w.signature;
    if (!w.today.empty()) r["oracle_today"] = w.today;
    if (!w.convention.empty()) r["convention"] = w.convention;  // found separating by the discovery search
    out.push_back(std::move(r));
  }
  return out;
}

// Where two JSON values differ, as "pointer: a vs b" for the first `limit` leaves. A member one
// side omits reads as an empty object or a count of 0 (a state omits zero counts).
inline void json_differences(const json& a, const json& b, const std::string& at, std::vector<std::string>& out,
                             std::size_t limit) {
  if (out.size() >= limit || a == b) return;
  if (a.is_null() || b.is_null()) {
    const json& given = a.is_null() ? b : a;
    const json omitted = given.is_object() ? json::object() : given.is_number() ? json(0) : json(nullptr);
    if (!omitted.is_null()) return json_differences(a.is_null() ? omitted : a, b.is_null() ? omitted : b, at, out, limit);
  }
  if (a.is_object() && b.is_object()) {
    std::vector<std::string> keys;
    for (const auto& [k, v] : a.items()) keys.push_back(k);
    for (const auto& [k, v] : b.items())
      if (!a.contains(k)) keys.push_back(k);
    for (const auto& k : keys)
      json_differences(a.contains(k) ? a.at(k) : json(nullptr), b.contains(k) ? b.at(k) : json(nullptr), at + "/" + k,
                       out, limit);
    return;
  }
  out.push_back(at + ": " + a.dump() + " vs " + b.dump());
}

// One side's outcome in words: "legal", "illegal (clause)", "answers <result>".
inline std::string outcome_words(const json& expect) {
  if (expect.contains("result")) return "answers " + expect.at("result").dump();
  if (expect.value("legal", false)) return "legal";
  return "illegal (" + expect.value("rule", std::string()) + ")";
}

// The Z3 layer's edit witnesses as records, each "changed" one with a scenario per side
// (docs/solver.md, "Edits"); the title says how the two outcomes differ, with the numbers.
template <typename State, typename Step, typename Answer, typename WriteState, typename WriteStep, typename WriteAnswer>
json edit_records(std::string_view game, const std::vector<solver::EditWitness<State, Step, Answer>>& witnesses,
                  WriteState write_state, WriteStep write_step, WriteAnswer write_answer) {
  json out = json::array();
  for (const auto& w : witnesses) {
    std::string title = w.title;
    json steps = json::array();
    if (w.example)
      for (const auto& o : w.outcomes)
        steps.push_back(expected_step(w.example->step, o, write_state, write_step, write_answer));
    if (steps.size() == 2) {
      const json& base = steps[0].at("expect");
      const json& edited = steps[1].at("expect");
      title += ": " + outcome_words(base) + " under base, " + outcome_words(edited) + " under edited";
      if (base.contains("state") && edited.contains("state")) {
        std::vector<std::string> diffs;
        json_differences(base.at("state"), edited.at("state"), "", diffs, 3);
        std::string listed;
        for (const auto& d : diffs) listed += (listed.empty() ? "" : "; ") + d;
        title += ", next states differ at " + listed + " (base vs edited)";
      }
    }
    json scenarios = json::array();
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string& side = w.outcomes[i].reading;
      scenarios.push_back({{"side", side},
                           {"scenario", one_step_scenario(std::string(game) + "/edits/" + w.probe + "/" + side, game,
                                                          title + " (" + side + ")", w.note, w.clauses,
                                                          json::object(), json::object(),
                                                          write_state(w.example->state), steps[i])}});
    }
    out.push_back({{"game", game},
                   {"probe", w.probe},
                   {"clauses", w.clauses},
                   {"size", w.size},
                   {"title", title},
                   {"note", w.note},
                   {"status", solver::edit_status_name(w.status)},
                   {"scenarios", scenarios}});
  }
  return out;
}

}  // namespace rulecheck

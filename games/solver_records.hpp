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
              {"counterexample", nullptr}};
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

template <typename State, typename Step, typename Answer, typename WriteState, typename WriteStep, typename WriteAnswer>
json witness_records(std::string_view game, const std::vector<solver::Witness<State, Step, Answer>>& witnesses,
                     WriteState write_state, WriteStep write_step, WriteAnswer write_answer) {
  json out = json::array();
  for (const auto& w : witnesses) {
    json scenarios = json::array();
    for (const auto& o : w.outcomes) {
      json step = write_step(w.example.step);
      if (o.is_query)
        step["expect"] = {{"result", o.answer ? write_answer(*o.answer) : json(nullptr)}};
      else if (o.legal)
        step["expect"] = {{"legal", true}, {"state", o.next ? write_state(*o.next) : json::object()}};
      else
        step["expect"] = {{"legal", false}, {"rule", o.rule}};
      json interpretations = json::object();
      if (!w.is_new) interpretations[w.point] = o.reading;
      scenarios.push_back({{"reading", o.reading},
                           {"scenario",
                            {{"id", std::string(game) + "/ambiguities/" + w.point + "/" + o.reading},
                             {"game", game},
                             {"title", w.title + " (reading " + o.reading + ")"},
                             {"note", w.note},
                             {"cites", w.clauses},
                             {"interpretations", interpretations},
                             {"ruleset", w.ruleset_override.empty() ? json::object()
                                                                    : json::parse(w.ruleset_override)},
                             {"state", write_state(w.example.state)},
                             {"steps", json::array({step})}}}});
    }
    out.push_back({{"game", game},
                   {"point", w.point},
                   {"kind", w.kind},
                   {"new", w.is_new},
                   {"clauses", w.clauses},
                   {"size", w.size},
                   {"title", w.title},
                   {"note", w.note},
                   {"scenarios", scenarios}});
  }
  return out;
}

}  // namespace rulecheck

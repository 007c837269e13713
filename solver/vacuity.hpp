// Inside solver/ only (it includes Z3): a proof's vacuity check in three parts (findings.hpp's
// VacuityReport), asked of each of its questions after the claim is proved there:
//   (a) reachable board: the premises and the game's invariants of the states play can reach
//       (`reachable`, written over the question's own state before) have a model;
//   (b) guard: on such a board the question's action is legal (premises, reachable and the action's
//       guard and effect have a model);
//   (c) antecedent: on some board the action does what the claim is about (premises, the action and
//       `exercised` have a model; the brief of issue 32 item 6 asks it of any board).
// A part that has no model in some question makes the proof vacuous; a check Z3 leaves undecided
// makes it unknown, with why. The witness of (a) and (b) is the first model's board: how many
// elements each uninterpreted sort (spaces, factions, territories) has there.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "solver/budget.hpp"
#include "solver/findings.hpp"

namespace rulecheck::solver {

// One question as the vacuity check reads it.
struct VacuityQuestion {
  std::string name;
  z3::expr premises;
  std::optional<z3::expr> reachable;  // none: no invariant written for this question (part (a) not checked)
  z3::expr action;                    // the guard and effect (true when they are among the premises)
  std::optional<z3::expr> exercised;  // none: the premises and the action alone
};

// What the parts say, in words, for the record.
struct VacuityWords {
  std::string reachable;  // the invariants stated ("messina.reachable.alternating-phase, counts not negative")
  std::string guard;      // "the action is legal there (its guard and effect have a model)"
  std::string exercised;  // what `exercised` asks
  std::vector<std::string> invariants;
};

// The three parts over `questions`; `undecided` set (with why) when some check was unknown.
struct VacuityAsked {
  VacuityReport report;
  std::optional<std::string> undecided;
};
VacuityAsked check_vacuity(z3::context& ctx, const std::vector<VacuityQuestion>& questions, const Budget& budget,
                           const VacuityWords& words);

// Settles a record whose claim was proved in every question: vacuous when a part failed (detail says
// which and where), unknown when a check was undecided, else proved with the report attached.
template <typename State, typename Step>
void settle_vacuity(Proof<State, Step>& p, const VacuityAsked& v) {
  if (v.undecided) {
    p.status = v.undecided->rfind("interrupted", 0) == 0 ? ProofStatus::interrupted : ProofStatus::unknown;
    p.detail = "vacuity check not decided: " + *v.undecided;
    return;
  }
  p.vacuity_report = v.report;
  const std::vector<std::string> failed = v.report.failed_parts();
  if (failed.empty() && v.report.reachable_board.checked) return;
  if (failed.empty()) {  // nothing failed, but (a) and (b) were not asked: not proved non-vacuous
    p.status = ProofStatus::unknown;
    p.detail = "vacuity not fully checked: " + v.report.reachable_board.says;
    return;
  }
  p.status = ProofStatus::vacuous;
  std::string detail = "vacuous: the claim holds in every question, but";
  const auto part = [&](const char* name, const VacuityPart& x) {
    if (!x.checked || x.holds) return;
    detail += fmt::format(" {}: {} of {} questions have no model ({}; first: {});", name, x.questions - x.satisfiable,
                          x.questions, x.says, x.failed);
  };
  part("(a) reachable board", v.report.reachable_board);
  part("(b) guard", v.report.guard);
  part("(c) antecedent", v.report.antecedent);
  detail.pop_back();
  p.detail = detail;
}

}  // namespace rulecheck::solver

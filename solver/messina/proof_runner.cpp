#include "solver/messina/proof_runner.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/cancel.hpp"
#include "solver/misreading.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

namespace {

bool left_out(const std::vector<std::string>& without, const std::string& clause) {
  return std::find(without.begin(), without.end(), clause) != without.end();
}

// Settles `p` from one search: proved stays proved on unsat; unknown and refuted are final.
// Returns whether the proof goes on to its next step.
bool settle(MessinaProof& p, const CheckResult& r, const SearchBoards& boards) {
  if (r.status == Sat::unsat) return true;
  if (r.status == Sat::unknown) {
    p.status = undecided(r.reason);
    p.detail = is_interrupted(r.reason) ? r.reason : "solver budget exceeded: " + r.reason;
    return false;
  }
  const z3::model& m = *r.model;
  p.status = ProofStatus::refuted;
  p.detail = "a legal step breaks the invariant";
  p.counterexample = Example<ms::State, Step>{read_board(m, boards.before), boards.step.step_in(m)};
  if (!boards.outcomes.empty()) p.counterexample_next = read_board(m, boards.outcomes.front());
  return false;
}

// A proof over a shape beyond the bound is unknown, with why, before anything is built.
bool too_large(MessinaProof& p, const Shape& shape) {
  if (shape.too_large.empty()) return false;
  p.status = ProofStatus::unknown;
  p.detail = shape.too_large;
  return true;
}

MessinaProof new_proof(ProofClaim claim, const Shape& shape) {
  return proof_of<ms::State, Step>(std::move(claim.id), std::move(claim.claim), std::move(claim.clauses),
                                   ProofScope{false, shape_in_words(shape)});
}

// Runs `question` over each step (one context each: a proof's steps share nothing).
MessinaProof prove_each(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps, int outcomes,
                        const OutcomeQuestion& question, const ms::Rules& rules, const Budget& budget,
                        const std::vector<std::string>& without) {
  MessinaProof p = new_proof(std::move(claim), shape);
  if (set_aside_unless_asked(p, budget.misreading) || too_large(p, shape)) return p;
  std::size_t legal = 0;
  for (const ProofStep& step : steps) {
    if (cancel_requested()) {  // stopped: nothing more is built
      p.status = ProofStatus::interrupted;
      p.detail = kInterrupted;
      return p;
    }
    try {
      z3::context ctx;
      const auto boards = search_boards(ctx, shape, step, outcomes);
      if (!boards) {
        p.status = ProofStatus::unknown;
        p.detail = "a step is not encoded";
        return p;
      }
      // Vacuity: is the step legal on some well-formed board of the shape? (Else the proof would hold
      // of it whatever its claim said.) Under a misreading only the claim is asked.
      if (!budget.misreading) {
        const auto anything = [](const SearchBoards& b) { return b.before.ctx().bool_val(true); };
        if (search_step(ctx, *boards, anything, rules, budget, without).status == Sat::unsat) continue;
      }
      ++legal;
      if (!settle(p, search_step(ctx, *boards, question, rules, budget, without), *boards)) return p;
    } catch (const z3::exception& e) {
      p.detail = failure_reason(e);
      p.status = undecided(p.detail);
      return p;
    }
  }
  if (legal == 0) {
    p.status = ProofStatus::unknown;
    p.detail = "vacuous: no step the proof covers is legal on any board of its scope";
  } else {
    p.vacuity = fmt::format("{} of {} steps legal on some board of the scope", legal, steps.size());
  }
  return p;
}

}  // namespace

std::string shape_in_words(const Shape& shape) {
  std::vector<std::string> factions;
  for (const auto& [id, kind] : shape.factions) factions.push_back(fmt::format("{} ({})", id, name_in(ms::kFactionKindNames, kind)));
  return fmt::format("boards of {} space(s) {} with any adjacency, homes, consents and counts, factions {}; the "
                     "actions the claim names, and no others",
                     shape.spaces.size(), fmt::join(shape.spaces, ", "), fmt::join(factions, " and "));
}

z3::expr for_every_faction(const SymBoard& board, const std::function<z3::expr(int)>& per) {
  z3::expr_vector v(board.ctx());
  for (std::size_t f = 0; f < board.factions.size(); ++f) v.push_back(per(static_cast<int>(f)));
  return z3::mk_and(v);
}

z3::expr for_every_space(const SymBoard& board, const std::function<z3::expr(int)>& per) {
  z3::expr_vector v(board.ctx());
  for (std::size_t s = 0; s < board.spaces.size(); ++s) v.push_back(per(static_cast<int>(s)));
  return z3::mk_and(v);
}

ProofStep fixed_action(ms::Action action, const ms::Rules& rules) {
  return [action = std::move(action), &rules](const SymBoard&) {
    return StepOnBoard{{},
                       [action, &rules](const SymBoard& before, const SymBoard& after) {
                         return encode_action(before, action, after, rules);
                       },
                       [action](const z3::model&) { return Step{action}; }};
  };
}

std::vector<ProofStep> fixed_actions(const std::vector<ms::Action>& actions, const ms::Rules& rules) {
  std::vector<ProofStep> out;
  for (const auto& a : actions) out.push_back(fixed_action(a, rules));
  return out;
}

std::optional<SearchBoards> search_boards(z3::context& ctx, const Shape& shape, const ProofStep& step,
                                          int outcomes) {
  SearchBoards b{free_board(ctx, shape, ""), {}, {}, {}};
  for (int i = 0; i < outcomes; ++i) b.outcomes.push_back(free_board(ctx, shape, i == 0 ? "after" : "other"));
  b.step = step(b.before);
  for (const SymBoard& after : b.outcomes) {
    auto e = b.step.encode(b.before, after);
    if (!e) return std::nullopt;
    b.encoded.push_back(std::move(*e));
  }
  return b;
}

CheckResult search_step(z3::context& ctx, const SearchBoards& boards, const OutcomeQuestion& question,
                       const ms::Rules& rules, const Budget& budget, const std::vector<std::string>& without) {
  z3::solver s = one_shot_solver(ctx, budget);
  for (const auto& c : well_formed(boards.before, rules.numbers)) s.add(c.formula);
  for (const auto& c : boards.step.choices) s.add(c.formula);
  for (const Encoded& e : boards.encoded) add_step(s, e, budget, without);
  // Under a misreading of a clause's effect what that clause decides is free (anything a model can name).
  if (budget.misreading && budget.misreading->part == Misreading::Part::effect)
    for (const SymBoard& after : boards.outcomes)
      for (const auto& c : readable(after)) s.add(c.formula);
  s.add(question(boards));
  return checked(s, budget);
}

void add_step(z3::solver& s, const Encoded& e, const Budget& budget, const std::vector<std::string>& without) {
  using Part = Misreading::Part;
  const Misreading* m = budget.misreading;
  for (const auto& c : e.legal)
    if (!(m && m->drops(c.clause, Part::conditions))) s.add(c.formula);
  for (const auto& c : e.effect)
    if (!left_out(without, c.clause) && !(m && m->drops(c.clause, Part::effect))) s.add(c.formula);
}

MessinaProof prove_over_steps(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps,
                              const StepInvariant& invariant, const ms::Rules& rules, const Budget& budget,
                              const std::vector<std::string>& without) {
  return prove_each(
      std::move(claim), shape, steps, 1,
      [&invariant](const SearchBoards& b) { return !invariant(b.before, b.outcomes.front()); }, rules, budget,
      without);
}

MessinaProof prove_decided(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps,
                           const ms::Rules& rules, const Budget& budget) {
  return prove_each(
      std::move(claim), shape, steps, 2,
      [](const SearchBoards& b) { return !same_state(b.outcomes[0], b.outcomes[1]); }, rules, budget, {});
}

}  // namespace rulecheck::solver::messina

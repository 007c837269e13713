#include "solver/messina/proof_runner.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/cancel.hpp"
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

MessinaProof new_proof(ProofClaim claim) {
  return MessinaProof{std::move(claim.id), std::move(claim.claim), std::move(claim.clauses), ProofStatus::proved, "",
                      std::nullopt, std::nullopt};
}

// Runs `question` over each step (one context each: a proof's steps share nothing).
MessinaProof prove_each(ProofClaim claim, const Shape& shape, const std::vector<ProofStep>& steps, int outcomes,
                        const OutcomeQuestion& question, const ms::Rules& rules, const Budget& budget,
                        const std::vector<std::string>& without) {
  MessinaProof p = new_proof(std::move(claim));
  if (too_large(p, shape)) return p;
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
      if (!settle(p, search_step(ctx, *boards, question, rules, budget, without), *boards)) return p;
    } catch (const z3::exception& e) {
      p.detail = failure_reason(e);
      p.status = undecided(p.detail);
      return p;
    }
  }
  return p;
}

}  // namespace

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
  for (const Encoded& e : boards.encoded) {
    for (const auto& c : e.legal) s.add(c.formula);
    for (const auto& c : e.effect)
      if (!left_out(without, c.clause)) s.add(c.formula);
  }
  s.add(question(boards));
  return checked(s, budget);
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

MessinaProof prove_for_every_board(ProofClaim claim, const Shape& shape, const ms::Query& query,
                                   const BoardClaim& holds, const ms::Rules& rules, const Budget& budget) {
  MessinaProof p = new_proof(std::move(claim));
  if (too_large(p, shape)) return p;
  z3::context ctx;
  const ProofStep no_action = [&query](const SymBoard&) {
    return StepOnBoard{{}, nullptr, [&query](const z3::model&) { return Step{query}; }};
  };
  const auto boards = search_boards(ctx, shape, no_action, 0);
  settle(p, search_step(ctx, *boards, [&holds](const SearchBoards& b) { return !holds(b.before); }, rules, budget),
         *boards);
  return p;
}

}  // namespace rulecheck::solver::messina

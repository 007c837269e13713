// Invariants of Scythe's movement. `prove` proves them for maps of any size (unbounded_proofs.cpp);
// `prove_bounded`, over the bounded scope of scope.hpp (one map with every count, popularity and holder
// symbolic, every move of one or two steps, into home bases too) from every valid position, is kept as
// the cross-check of the bounded encoding (a misreading breaks both: tests). Prove = assert the
// negation: unsat is proved.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "solver/misreading.hpp"
#include "solver/parallel.hpp"
#include "solver/strength.hpp"
#include "solver/theorems.hpp"
#include "solver/scythe/move_action.hpp"
#include "solver/scythe/reachable.hpp"
#include "solver/scythe/scope.hpp"
#include "solver/scythe/solver.hpp"
#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

struct Invariant {
  const char* id;
  const char* claim;
  std::vector<std::string> clauses;
  // The property of (before, next) that must hold after every legal move.
  z3::expr (*holds)(z3::context&, const sy::Rules&, const Board&, const Position&, const Encoded&);
  // What some legal move of the shape must be able to do, or the proof would hold vacuously
  // (e.g. a popularity-loss proof over moves that never retreat a worker proves nothing).
  z3::expr (*exercised)(z3::context&, const Encoded&) = nullptr;
};

z3::expr some_worker_retreats(z3::context&, const Encoded& e) { return e.retreated >= 1; }

z3::expr popularity_in_range(z3::context& ctx, const sy::Rules& r, const Board& b, const Position&, const Encoded& e) {
  z3::expr ok = ctx.bool_val(true);
  for (int f = 0; f < b.n_factions(); ++f)
    ok = ok && e.next.popularity[f] >= r.numbers.popularity_min && e.next.popularity[f] <= r.numbers.popularity_max;
  return ok;
}

// Factions are indexed by id ("blue" < "red"), so the mover is looked up, never assumed first.
z3::expr loss_per_retreated_worker(z3::context& ctx, const sy::Rules& r, const Board& b, const Position& before,
                                   const Encoded& e) {
  const int me = b.faction_index.at("red"), them = b.faction_index.at("blue");
  const z3::expr owed = before.popularity[me] - r.numbers.popularity_loss_per_worker * e.retreated;
  const z3::expr floor = ctx.int_val(r.numbers.popularity_min);
  return e.next.popularity[me] == z3::ite(owed >= floor, owed, floor) &&
         e.next.popularity[them] == before.popularity[them];
}

z3::expr units_conserved(z3::context& ctx, const sy::Rules&, const Board& b, const Position& before, const Encoded& e) {
  z3::expr ok = ctx.bool_val(true);
  for (int f = 0; f < b.n_factions(); ++f)
    for (int u = 0; u < 3; ++u) {
      z3::expr was = ctx.int_val(0), is = ctx.int_val(0);
      for (int t = 0; t < b.n_territories(); ++t) {
        was = was + before.units[t][f][u];
        is = is + e.next.units[t][f][u];
      }
      ok = ok && was == is;
    }
  return ok;
}

// Opponent workers leave a territory only all together, and only to their own home base, where
// exactly the retreated number arrives.
z3::expr retreated_workers_go_home(z3::context& ctx, const sy::Rules&, const Board& b, const Position& before,
                                   const Encoded& e) {
  z3::expr ok = ctx.bool_val(true);
  const int blue = b.faction_index.at("blue"), home = b.home_base[blue];
  z3::expr left = ctx.int_val(0);
  for (int t = 0; t < b.n_territories(); ++t) {
    if (t == home) continue;
    const z3::expr was = before.units[t][blue][2], is = e.next.units[t][blue][2];
    ok = ok && (is == was || is == 0);
    left = left + (was - is);
  }
  return ok && e.next.units[home][blue][2] - before.units[home][blue][2] == left && left == e.retreated;
}

// After a legal move the mover's units stand on no home base they did not stand on before.
z3::expr no_new_unit_in_a_home_base(z3::context& ctx, const sy::Rules&, const Board& b, const Position& before,
                                    const Encoded& e) {
  z3::expr ok = ctx.bool_val(true);
  const int me = b.faction_index.at("red");
  for (int t = 0; t < b.n_territories(); ++t)
    if (b.home_of[t] != kNobody)
      for (int u = 0; u < 3; ++u) ok = ok && e.next.units[t][me][u] <= before.units[t][me][u];
  return ok;
}

const std::vector<Invariant>& invariants() {
  static const std::vector<Invariant> list = {
      {"scythe.move.popularity-stays-in-range",
       "after any legal move from a state within bounds, every popularity is within [popularity_min, popularity_max]",
       {"scythe.move.popularity-loss", "scythe.move.popularity-floor"},
       popularity_in_range},
      {"scythe.move.popularity-loss-per-retreated-worker",
       "the mover loses popularity_loss_per_worker per retreated worker unless the floor stops it there; the "
       "opponent's popularity does not change",
       {"scythe.move.popularity-loss", "scythe.move.popularity-floor", "scythe.move.workers-retreat"},
       loss_per_retreated_worker,
       some_worker_retreats},
      {"scythe.move.units-conserved",
       "every unit of every faction is still on the board after a move",
       {"scythe.move.path", "scythe.move.workers-retreat", "scythe.move.no-limit"},
       units_conserved},
      {"scythe.move.retreated-workers-at-home",
       "opponent workers leave a territory all together, and exactly that many arrive at their home base",
       {"scythe.move.workers-retreat", "scythe.move.workers-stop"},
       retreated_workers_go_home,
       some_worker_retreats},
      {"scythe.move.no-unit-into-a-home-base",
       "no legal move adds a mover's unit to a home base",
       {"scythe.move.home-base"},
       no_new_unit_in_a_home_base},
  };
  return list;
}

// Settles `p` on one move (its legality on the solver): unsat keeps it proved.
void check_on_move(ScytheProof& p, const Invariant& inv, ScopeMove& move) {
  z3::solver& s = move.on.solver;
  s.push();
  s.add(!inv.holds(move.on.ctx, move.on.rules, move.on.board, move.on.before, move.encoded));
  const z3::check_result r = run_check(s);
  if (r == z3::unknown) {
    p.detail = unknown_reason(s);
    p.status = undecided(p.detail);
  } else if (r == z3::sat) {
    const z3::model m = s.get_model();
    p.status = ProofStatus::refuted;
    p.detail = fmt::format("{} breaks it", move_in_words(move));
    p.counterexample =
        Example<sy::State, sy::Move>{state_in(m, move.on.board, move.on.before, move.on.map), move_of(move, m)};
    p.counterexample_next = state_in(m, move.on.board, move.encoded.next, move.on.map);
  }
  s.pop();
}

// Whether some legal move of this shape does what `inv` is about (always, for an invariant that names
// nothing: then legality is enough).
bool exercises(const Invariant& inv, ScopeMove& move) {
  if (!inv.exercised) return true;
  z3::solver& s = move.on.solver;
  s.push();
  s.add(inv.exercised(move.on.ctx, move.encoded));
  const bool some = run_check(s) == z3::sat;
  s.pop();
  return some;
}

// Every invariant over every move of the scope (scope.hpp), from every valid position: one walk, one
// legality check per move, then one check per invariant still standing.
std::vector<ScytheProof> prove_movement(const sy::Rules& rules, const Budget& budget) {
  const auto& list = invariants();
  std::vector<ScytheProof> proofs;
  std::vector<int> exercised(list.size(), 0);
  for (const Invariant& inv : list) {
    proofs.push_back(proof_of<sy::State, sy::Move>(inv.id, inv.claim, inv.clauses, ProofScope{false, kScopeWords}));
    set_aside_unless_asked(proofs.back(), budget.misreading);
  }
  const auto standing = [&proofs] { return any_standing(proofs); };
  int legal = 0, moves = 0;
  for_each_scope_move(
      rules, budget, [&](ScopeMap&) { return standing(); },
      [&](ScopeMove& move) {
        ++moves;
        // (Under a misreading only the claim is asked: vacuity is the encoding's as written.)
        if (!budget.misreading) {
          const z3::check_result any = run_check(move.on.solver);
          if (any == z3::unknown) {  // interrupted or over budget: every proof standing ends so
            const std::string why = unknown_reason(move.on.solver);
            leave_standing(proofs, undecided(why), why);
            return false;
          }
          if (any == z3::unsat) return true;  // no legal move of this shape
        }
        ++legal;
        for (std::size_t k = 0; k < list.size(); ++k) {
          if (proofs[k].status != ProofStatus::proved) continue;
          if (exercises(list[k], move)) ++exercised[k];
          check_on_move(proofs[k], list[k], move);
        }
        return standing();
      });
  for (std::size_t k = 0; k < list.size(); ++k) {
    ScytheProof& p = proofs[k];
    if (p.status != ProofStatus::proved) continue;
    if (budget.misreading) continue;
    if (exercised[k] == 0) {
      p.status = ProofStatus::unknown;
      p.detail = "vacuous: no legal move of the scope does what the claim is about";
    } else {
      p.vacuity = list[k].exercised ? fmt::format("{} of {} moves of the scope legal somewhere, {} of them doing what "
                                                  "the claim is about",
                                                  legal, moves, exercised[k])
                                    : fmt::format("{} of {} moves of the scope legal somewhere", legal, moves);
    }
  }
  return proofs;
}

}  // namespace

std::vector<ScytheProof> prove_bounded(const sy::Rules& rules, const Budget& budget) {
  // The movement invariants, and the states play can reach (rules/scythe/invariants.json): every legal
  // move keeps them. Two walks over the scope, on two threads.
  const std::vector<std::function<std::vector<ScytheProof>()>> tasks = {
      [&rules, &budget] { return prove_movement(rules, budget); },
      [&rules, &budget] { return prove_reachable_kept(rules, budget); }};
  return run_in_order(tasks);
}

namespace {

// Each theorem proved on its own context: one task per theorem, on two threads, in their order.
std::vector<ScytheProof> theorem_proofs(const std::vector<Theorem<sy::Rules>>& theorems, const sy::Rules& rules,
                                        const Budget& budget) {
  std::vector<std::function<std::vector<ScytheProof>()>> tasks;
  for (const Theorem<sy::Rules>& t : theorems)
    tasks.push_back([&t, &rules, &budget] { return theorem_records<sy::State, sy::Move>(std::vector<Theorem<sy::Rules>>{t}, rules, budget); });
  return run_in_order(tasks);
}

}  // namespace

std::vector<ScytheProof> prove(const sy::Rules& rules, const Budget& budget) {
  // The theorems of the movement relation for maps of any size (unbounded.hpp, theorems_path.cpp).
  return theorem_proofs(movement_theorems(rules), rules, budget);
}

std::vector<SourceStrength> prove_clause_strength(const sy::Rules& rules, const Budget& budget,
                                                  std::vector<ScytheProof>* records) {
  // Each theorem proved (two at a time), then asked under every generic mutant of the relation and
  // every rule mutant (solver/theorems.hpp section_strength), one theorem after another, its questions
  // and rule mutants shared out between the threads; the per-source results are merged (a mutant
  // survives when no theorem kills it).
  const std::vector<Theorem<sy::Rules>> theorems = movement_theorems(rules);
  const std::vector<RuleMutant<sy::Rules>> rule_mutants = movement_rule_mutants(rules);
  std::vector<ScytheProof> proved = theorem_proofs(theorems, rules, budget);
  std::vector<std::vector<SourceStrength>> parts;
  std::vector<ScytheProof> proofs;
  SharedMutants shared;
  for (std::size_t i = 0; i < theorems.size(); ++i) {
    std::vector<ScytheProof> one{std::move(proved[i])};
    parts.push_back(section_strength<sy::State, sy::Move>(std::vector<Theorem<sy::Rules>>{theorems[i]}, rules,
                                                          rule_mutants, one, budget, &shared, kSolverThreads));
    proofs.push_back(std::move(one.front()));
  }
  std::vector<SourceStrength> all = merge_strength(parts);
  if (records) *records = std::move(proofs);
  return all;
}

std::vector<ScytheProof> prove_with_strength(const sy::Rules& rules, const Budget& budget) {
  std::vector<ScytheProof> proofs;
  (void)prove_clause_strength(rules, budget, &proofs);
  return proofs;
}

std::vector<ScytheProof> prove_bounded_with_strength(const sy::Rules& rules, const Budget& budget) {
  std::vector<ScytheProof> proofs = prove_bounded(rules, budget);
  check_strength<sy::State, sy::Move>(
      proofs, [&rules](const Budget& under) { return prove_bounded(rules, under); }, budget);
  return proofs;
}

}  // namespace rulecheck::solver::scythe

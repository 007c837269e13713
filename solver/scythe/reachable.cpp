// The states play can reach (rules/scythe/invariants.json), written here from the movement text over
// the encoding's Position (independently of oracle/scythe/reachable.cpp), and the proof that every
// legal move keeps them: a state that keeps them, a legal move, and a next state that breaks one is
// unsatisfiable. One-step induction, bounded: over the scope of scope.hpp, which each record states.
#include <functional>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/misreading.hpp"
#include "solver/scythe/move_action.hpp"
#include "solver/scythe/reachable.hpp"
#include "solver/scythe/scope.hpp"

namespace rulecheck::solver::scythe {

namespace {

// One invariant of the states play can reach, as a constraint on a position of a board.
struct ReachableInvariant {
  const char* id;  // as in rules/scythe/invariants.json
  std::vector<std::string> clauses;
  z3::expr (*holds)(z3::context&, const Board&, const Position&);
};

bool is_home_base(const Board& b, int t) { return b.home_of[t] != kNobody; }

// Units of two factions share a territory only where a combat waits there (scythe.move.combat-stop:
// a character or mech entering an opponent's units stops and a combat is pending once the action ends;
// scythe.move.workers-retreat: lone workers of an opponent go home instead).
z3::expr combat_units_meet_only_in_pending_combat(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int g = f + 1; g < b.n_factions(); ++g)
        ok = ok && z3::implies(combat_units(p, t, f) >= 1 && combat_units(p, t, g) >= 1, p.combat_pending[t]);
  return ok;
}

// Workers stay with another faction's units only where a combat waits (they retreat from a character
// or mech that comes in; a worker may not walk into land an opponent holds with units). Where both
// factions have a character or mech there, the invariant above speaks.
z3::expr workers_share_only_in_pending_combat(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int g = 0; g < b.n_factions(); ++g) {
        if (f == g) continue;
        const z3::expr both_armed = combat_units(p, t, f) >= 1 && combat_units(p, t, g) >= 1;
        ok = ok && z3::implies(p.units[t][f][2] >= 1 && present(p, t, g) && !both_armed, p.combat_pending[t]);
      }
  return ok;
}

// No move enters a home base; workers sent home go to their own (scythe.move.home-base).
z3::expr home_base_holds_only_its_faction(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    if (is_home_base(b, t))
      for (int f = 0; f < b.n_factions(); ++f)
        if (f != b.home_of[t]) ok = ok && !present(p, t, f);
  return ok;
}

z3::expr no_pending_combat_in_home_base(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    if (is_home_base(b, t)) ok = ok && !p.combat_pending[t];
  return ok;
}

// A character on a territory holding an encounter token has stopped there and its encounter waits
// (scythe.move.encounter-stop, scythe.move.encounter-pending; resolving it removes the token).
z3::expr character_on_encounter_has_it_pending(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    if (b.encounter[t])
      for (int f = 0; f < b.n_factions(); ++f) ok = ok && z3::implies(p.units[t][f][0] >= 1, p.encounter_pending[t]);
  return ok;
}

z3::expr pending_encounter_on_token(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    if (!b.encounter[t]) ok = ok && !p.encounter_pending[t];
  return ok;
}

const std::vector<ReachableInvariant>& reachable_invariants() {
  static const std::vector<ReachableInvariant> list = {
      {"scythe.reachable.combat-units-meet-only-in-pending-combat",
       {"scythe.move.combat-stop", "scythe.move.combat-pending"},
       combat_units_meet_only_in_pending_combat},
      {"scythe.reachable.workers-share-only-in-pending-combat",
       {"scythe.move.workers-stop", "scythe.move.workers-retreat", "scythe.move.worker-blocked-by-workers",
        "scythe.move.worker-blocked-by-combat-units", "scythe.move.mech-carry", "scythe.move.combat-pending"},
       workers_share_only_in_pending_combat},
      {"scythe.reachable.home-base-holds-only-its-faction",
       {"scythe.move.home-base", "scythe.move.workers-retreat"},
       home_base_holds_only_its_faction},
      {"scythe.reachable.no-pending-combat-in-home-base",
       {"scythe.move.home-base", "scythe.move.combat-pending"},
       no_pending_combat_in_home_base},
      {"scythe.reachable.character-on-encounter-has-it-pending",
       {"scythe.move.encounter-stop", "scythe.move.encounter-pending", "scythe.move.encounter-resolve"},
       character_on_encounter_has_it_pending},
      {"scythe.reachable.pending-encounter-on-token",
       {"scythe.move.encounter-pending", "scythe.move.encounter-resolve"},
       pending_encounter_on_token},
  };
  return list;
}

// A refuted record: the move and the position the model gives.
void refute(ScytheProof& p, const z3::model& m, const ScopeMove& move) {
  p.status = ProofStatus::refuted;
  p.detail = fmt::format("{} breaks it", move_in_words(move));
  p.counterexample = Example<sy::State, sy::Move>{state_in(m, move.on.board, move.on.before, move.on.map),
                                                  move_of(move, m)};
  p.counterexample_next = state_in(m, move.on.board, move.encoded.next, move.on.map);
}

// Every invariant over every move of the scope (scope.hpp), from every position that keeps them all:
// one check per move that some such move is legal, then one per invariant still standing.
std::vector<ScytheProof> prove_kept(const sy::Rules& rules, const Budget& budget) {
  const auto& invariants = reachable_invariants();
  std::vector<ScytheProof> proofs;
  for (const auto& inv : invariants) {
    proofs.push_back(proof_of<sy::State, sy::Move>(inv.id, "every legal move keeps it", inv.clauses,
                                                   ProofScope{false, kScopeWords}));
    set_aside_unless_asked(proofs.back(), budget.misreading);
  }
  int legal_somewhere = 0, moves = 0;
  for_each_scope_move(
      rules, budget,
      [&](ScopeMap& on) {
        for (const auto& i : invariants) on.solver.add(i.holds(on.ctx, on.board, on.before));
        return any_standing(proofs);
      },
      [&](ScopeMove& move) {
        ++moves;
        z3::solver& s = move.on.solver;
        const z3::check_result any = run_check(s);  // is some move of this shape legal from a reachable state?
        if (any == z3::unknown) {                   // interrupted or over budget: every proof standing ends so
          const std::string why = unknown_reason(s);
          leave_standing(proofs, undecided(why), why);
          return false;
        }
        if (any == z3::unsat) return true;  // none
        ++legal_somewhere;
        for (std::size_t k = 0; k < invariants.size(); ++k) {
          ScytheProof& p = proofs[k];
          if (p.status != ProofStatus::proved) continue;
          s.push();
          s.add(!invariants[k].holds(move.on.ctx, move.on.board, move.encoded.next));
          const z3::check_result result = run_check(s);
          if (result == z3::unknown) {
            p.detail = unknown_reason(s);
            p.status = undecided(p.detail);
          } else if (result == z3::sat) {
            refute(p, s.get_model(), move);
          }
          s.pop();
        }
        return true;
      });
  for (auto& p : proofs) {
    if (p.status != ProofStatus::proved) continue;
    if (legal_somewhere == 0) {
      p.status = ProofStatus::unknown;
      p.detail = "vacuous: no legal move of the scope starts from a state play can reach";
    } else {
      p.vacuity = fmt::format("{} of {} moves of the scope legal from some state that keeps the invariants",
                              legal_somewhere, moves);
    }
  }
  return proofs;
}

}  // namespace

std::vector<std::string> reachable_invariant_ids() {
  std::vector<std::string> out;
  for (const auto& i : reachable_invariants()) out.push_back(i.id);
  return out;
}

z3::expr reachable_position(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr all = ctx.bool_val(true);
  for (const auto& i : reachable_invariants()) all = all && i.holds(ctx, b, p);
  return all;
}

// A combat waits between the faction that came in and the one it came in on, the latter keeping
// control until it is fought (scythe.move.combat-pending, scythe.move.combat-temporary-control);
// the combats of a turn are fought before another faction moves, so one still waiting when `mover`
// starts a Move is the mover's: its character or mechs there, and an armed opponent holding it.
z3::expr combat_pending_only_the_movers(z3::context& ctx, const Board& b, const Position& p, int mover) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t) {
    z3::expr opponent_holds_armed = ctx.bool_val(false);
    for (int g = 0; g < b.n_factions(); ++g)
      if (g != mover) opponent_holds_armed = opponent_holds_armed || (p.held_by[t] == g && combat_units(p, t, g) >= 1);
    ok = ok && z3::implies(p.combat_pending[t], combat_units(p, t, mover) >= 1 && opponent_holds_armed);
  }
  return ok;
}

// An encounter waits for the character that stopped on it until its turn's combats are fought, and
// is resolved then (scythe.move.encounter-pending): one still waiting when `mover` starts a Move is
// under the mover's character.
z3::expr encounter_pending_only_the_movers(z3::context& ctx, const Board& b, const Position& p, int mover) {
  z3::expr ok = ctx.bool_val(true);
  for (int t = 0; t < b.n_territories(); ++t)
    ok = ok && z3::implies(p.encounter_pending[t], p.units[t][mover][0] >= 1);
  return ok;
}

std::vector<std::string> move_start_condition_ids() {
  return {"scythe.move-start.combat-pending-only-the-movers", "scythe.move-start.encounter-pending-only-the-movers"};
}

z3::expr move_start_position(z3::context& ctx, const Board& b, const Position& p, int mover) {
  return combat_pending_only_the_movers(ctx, b, p, mover) && encounter_pending_only_the_movers(ctx, b, p, mover);
}

std::vector<ScytheProof> prove_reachable_kept(const sy::Rules& rules, const Budget& budget) {
  return prove_kept(rules, budget);
}

}  // namespace rulecheck::solver::scythe

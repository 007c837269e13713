// Inside solver/scythe/ only: the search for new findings beside the declared interpretation
// points (issue 11), as for Messina (solver/messina/outcome_search.hpp): a move whose outcome the
// text leaves open although the move names every choice ("undecided": two choices of what the
// move leaves open, e.g. which workers ride, give different positions) and a legal move whose
// outcome is no valid position ("dead-end"). Both without quantifiers, on small line maps.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "solver/scythe/move_action.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// A witness board's size, what the searches minimise: its territories, encounter tokens and units.
inline int witness_size(const sy::State& s) {
  int n = 0;
  for (const auto& [id, t] : s.territories) {
    n += 1 + (t.encounter ? 1 : 0);
    for (const auto& [f, u] : t.units) n += u.total();
  }
  return n;
}

// One move probed: its name (a finding's point is "scythe.<kind>.<name>"), the map, the move (a
// mech's riders free when `free_riders`: any number may ride), and the move in words.
struct MoveProbe {
  std::string name;
  sy::State map;
  sy::Move move;
  bool free_riders = false;
  std::string title;
};

// The fewest units for which the move is legal with two different outcomes; nullopt when none,
// or when not decided (then `why_unknown`, when given, says why).
std::optional<ScytheWitness> undecided_move(const MoveProbe& probe, const sy::Rules& rules, const Budget& budget,
                                            std::string* why_unknown = nullptr);

// The fewest units for which the move is legal and its outcome breaks what every valid position
// satisfies, with the clauses of an unsat core of "legal, effects, a valid outcome" there.
std::optional<ScytheWitness> dead_end_move(const MoveProbe& probe, const sy::Rules& rules, const Budget& budget,
                                           std::string* why_unknown = nullptr);

// A line of `middle` territories T1..Tn between the home bases HB-red and HB-blue; `encounter_at`
// (1-based) holds an encounter token, 0 for none; both factions at popularity 5 (ambiguities.cpp).
sy::State line_map(int middle, int encounter_at);

// The total number of units on a position (what the searches minimise).
z3::expr units_on(z3::context& ctx, const Board& b, const Position& p);
// Two positions differ in a unit count, a popularity, a holder or a pending flag.
z3::expr positions_differ(z3::context& ctx, const Board& b, const Position& x, const Position& y);

// Red's moves on the line map HB-red - T1 - T2 - HB-blue (T2 with and without an encounter token):
// each unit one step, a mech with any riders, a worker following a mech into a vacated territory.
std::vector<MoveProbe> move_probes();

// Both searches over `probes`, one record per probe: its finding, or (point "scythe.new.<probe>")
// "none" when the solver proved there is none on the probe's map, "unknown" or "interrupted" with
// why as the note. A dead end only where no undecided finding is.
std::vector<ScytheWitness> open_outcome_records(const std::vector<MoveProbe>& probes, const sy::Rules& rules,
                                                const Budget& budget);
// The findings of open_outcome_records alone.
std::vector<ScytheWitness> open_outcomes(const std::vector<MoveProbe>& probes, const sy::Rules& rules,
                                         const Budget& budget);

}  // namespace rulecheck::solver::scythe

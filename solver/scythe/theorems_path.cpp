// Theorems of Scythe's movement relation about the path a unit takes: where it stops (combat-stop,
// workers-stop), where a worker by itself may not go (worker-blocked-by-combat-units, into and out of;
// worker-blocked-by-workers) and what a mech carries (mech-carry). Each claim reads only the board
// before, the move's parameters (its start and path) and the state after (unit counts per territory,
// faction and kind), never the relation's own definitions (combat1, workers1, goes_on1, forced1,
// set_down ...), and no constraint of the relation asserts it: each follows from the clauses it names
// (../shared/rules/scythe-movement.txt, paraphrased in each claim's words), so dropping or moving one of
// their constraints can refute it (prove --strength).
#include <fmt/format.h>

#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

constexpr int kWorker = 2;

// `t` is none of `xs`.
z3::expr none_of(const z3::expr& t, const std::vector<z3::expr>& xs) {
  z3::expr out = t.ctx().bool_val(true);
  for (const z3::expr& x : xs) out = out && t != x;
  return out;
}

// The move's start and the first `n` territories of its path.
std::vector<z3::expr> start_and_path(const SortedMove& m, std::size_t n) {
  std::vector<z3::expr> out = {m.from};
  out.insert(out.end(), m.path.begin(), m.path.begin() + static_cast<long>(n));
  return out;
}

// Some opponent (named or the rest) has a character or mech on `t` before the move.
z3::expr opponent_combat(const SortedBoard& b, const z3::expr& t) {
  z3::expr any = b.c.bool_val(false);
  for (int o = 1; o < kFactions; ++o) any = any || b.combat(t, o) >= 1;
  return any;
}

// Named opponent `o` is the only faction with units on `t` before the move, and has a character or
// mech there (`combat`), or only workers.
z3::expr alone_with(const SortedBoard& b, const z3::expr& t, int o, bool combat) {
  z3::expr ok = combat ? b.combat(t, o) >= 1 : b.count(kWorker, t, o) >= 1 && b.combat(t, o) == 0;
  for (int x = 0; x < kNamed; ++x)
    if (x != o) ok = ok && !b.present(t, x);
  return ok && !b.present(t, kRest);
}

using AtTerritory = std::function<z3::expr(const SortedBoard&, const z3::expr&)>;

// A stop: where `stops_here` held before the move on a territory of the path it enters for the first
// time, the mover has no more units after than before on any later territory of the path it had not
// entered by then (the movement ended there or earlier: under scythe.stop-path must-end a path named on
// past it is not a legal move, under truncate the movement ends there).
MoveClaim stops(const AtTerritory& stops_here) {
  return [stops_here](const SortedBoard& b, const SortedMove& m) {
    z3::expr claim = b.c.bool_val(true);
    const std::size_t k = m.path.size();
    for (std::size_t i = 0; i + 1 < k; ++i) {
      const z3::expr first_time = none_of(m.path[i], start_and_path(m, i));
      for (std::size_t j = i + 1; j < k; ++j) {
        const z3::expr& later = m.path[j];
        z3::expr kept = b.c.bool_val(true);
        for (int kind = 0; kind < 3; ++kind)
          kept = kept && m.units_after(kind, later, kMover) <= b.count(kind, later, kMover);
        claim = claim && z3::implies(stops_here(b, m.path[i]) && first_time && none_of(later, start_and_path(m, i + 1)),
                                     kept);
      }
    }
    return claim;
  };
}

// The move enters a territory where `here` held before it (for the first time), and moves its unit.
MoveClaim enters_where(const AtTerritory& here) {
  return [here](const SortedBoard& b, const SortedMove& m) {
    z3::expr some = b.c.bool_val(false);
    for (std::size_t i = 0; i < m.path.size(); ++i)
      some = some || (here(b, m.path[i]) && none_of(m.path[i], start_and_path(m, i)));
    return some && m.moves_a_unit();
  };
}

// A worker's move left its start as it was: no worker of the mover left it.
z3::expr worker_stayed(const SortedBoard& b, const SortedMove& m) {
  return m.units_after(kWorker, m.from, kMover) == b.count(kWorker, m.from, kMover);
}

// A worker by itself enters no territory of its path (other than its start) where a named opponent
// was the only faction before the move, with a character or mech (`combat`) or with workers only:
// whoever controls it by either reading of scythe.worker-blocking, the move is not made.
MoveClaim worker_kept_out(bool combat) {
  return [combat](const SortedBoard& b, const SortedMove& m) {
    z3::expr claim = b.c.bool_val(true);
    for (const z3::expr& t : m.path)
      for (int o = 1; o < kNamed; ++o)
        claim = claim && z3::implies(t != m.from && alone_with(b, t, o, combat), worker_stayed(b, m));
    return claim;
  };
}

// A worker by itself does not leave a territory where a named opponent has a character or mech and
// holds it (held_by): it controls it by either reading.
z3::expr worker_kept_in(const SortedBoard& b, const SortedMove& m) {
  z3::expr claim = b.c.bool_val(true);
  for (int o = 1; o < kNamed; ++o)
    claim = claim && z3::implies(b.combat(m.from, o) >= 1 && b.held(m.from) == o, worker_stayed(b, m));
  return claim;
}

// Every unit count after the move, on each territory the question names, is a count (not negative).
z3::expr counts_stay_counts(const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (const z3::expr& t : m.named(b))
    for (int f = 0; f < kNamed; ++f)
      for (int kind = 0; kind < 3; ++kind) ok = ok && m.units_after(kind, t, f) >= 0;
  return ok;
}

std::string path_covers(const sy::Rules& rules, const std::string& units) {
  return fmt::format(
      "boards of any size (as the movement invariants: territories an uninterpreted sort, any number of factions as "
      "the mover, two named opponents and the rest); each unit move of {} along any path of 1 to {} steps, "
      "revisits included, under both readings of scythe.stop-path and scythe.worker-blocking",
      units, std::max({longest_path(rules, sy::Unit::character), longest_path(rules, sy::Unit::mech),
                       longest_path(rules, sy::Unit::worker)}));
}

Theorem<sy::Rules> theorem(const sy::Rules& rules, const char* id, const char* claim_words,
                           std::vector<std::string> clauses, std::vector<sy::Unit> units, MoveClaim claim,
                           MoveClaim exercised, const char* exercised_words, const std::string& unit_words) {
  Theorem<sy::Rules> t;
  t.id = id;
  t.claim = claim_words;
  t.covers = path_covers(rules, unit_words);
  t.clauses = std::move(clauses);
  t.exercised_words = exercised_words;
  t.reachable_invariants = reachable_words();
  t.asks = [units, claim, exercised](z3::context& ctx, const sy::Rules& text, const RuleEdit<sy::Rules>& edit) {
    return move_asks(ctx, text, relation_rules(edit, text), nullptr, claim, exercised, units);
  };
  return t;
}

}  // namespace

std::vector<Theorem<sy::Rules>> path_theorems(const sy::Rules& rules) {
  using U = sy::Unit;
  const MoveClaim moved = [](const SortedBoard&, const SortedMove& m) { return m.moves_a_unit(); };
  const AtTerritory combat_there = opponent_combat;
  const AtTerritory workers_alone_there = [](const SortedBoard& b, const z3::expr& t) {
    return alone_with(b, t, 1, false) || alone_with(b, t, 2, false);
  };
  std::vector<Theorem<sy::Rules>> out;
  out.push_back(theorem(
      rules, "scythe.move.stops-at-combat-units",
      "a character or mech that enters a territory where an opponent had a character or mech before the move "
      "does not end its move on a later territory of its path",
      {"scythe.move.combat-stop", "scythe.move.path"}, {U::character, U::mech}, stops(combat_there),
      enters_where(combat_there), "the unit moves and enters a territory where an opponent had a character or mech",
      "a character or a mech (with any riders)"));
  out.push_back(theorem(
      rules, "scythe.move.stops-at-workers",
      "a character or mech that enters a territory where an opponent alone had only workers before the move does "
      "not end its move on a later territory of its path",
      {"scythe.move.workers-stop", "scythe.move.path"}, {U::character, U::mech}, stops(workers_alone_there),
      enters_where(workers_alone_there), "the unit moves and enters a territory an opponent alone held with workers",
      "a character or a mech (with any riders)"));
  out.push_back(theorem(
      rules, "scythe.move.worker-not-into-combat-units",
      "a worker by itself does not move when its path enters a territory where an opponent alone had a character "
      "or mech before the move",
      {"scythe.move.worker-blocked-by-combat-units"}, {U::worker}, worker_kept_out(true), moved,
      "the worker moves (the claim's case is a move the text forbids: its antecedent has no legal move)", "a worker"));
  out.push_back(theorem(
      rules, "scythe.move.worker-not-out-of-combat-units",
      "a worker by itself does not leave a territory an opponent holds with a character or mech",
      {"scythe.move.worker-blocked-by-combat-units"}, {U::worker},
      [](const SortedBoard& b, const SortedMove& m) { return worker_kept_in(b, m); }, moved,
      "the worker moves (the claim's case is a move the text forbids: its antecedent has no legal move)", "a worker"));
  out.push_back(theorem(
      rules, "scythe.move.worker-not-into-workers",
      "a worker by itself does not move when its path enters a territory where an opponent alone had only workers "
      "before the move",
      {"scythe.move.worker-blocked-by-workers"}, {U::worker}, worker_kept_out(false), moved,
      "the worker moves (the claim's case is a move the text forbids: its antecedent has no legal move)", "a worker"));
  out.push_back(theorem(
      rules, "scythe.move.counts-stay-counts",
      "after a move every unit count of every faction on every territory is still a count (none negative): a mech "
      "sets down only workers that were on its start",
      {"scythe.move.mech-carry", "scythe.move.unit-present", "scythe.move.workers-retreat"},
      {U::character, U::mech, U::worker}, counts_stay_counts, moved,
      "the move sets its unit down on another territory than its start", "a character, a mech or a worker"));
  return out;
}

std::vector<Theorem<sy::Rules>> movement_theorems(const sy::Rules& rules) {
  std::vector<Theorem<sy::Rules>> out = catalogue_theorems(rules);
  for (Theorem<sy::Rules>& t : path_theorems(rules)) out.push_back(std::move(t));
  for (Theorem<sy::Rules>& t : control_theorems(rules)) out.push_back(std::move(t));
  return out;
}

std::vector<RuleMutant<sy::Rules>> movement_rule_mutants(const sy::Rules& rules) {
  std::vector<RuleMutant<sy::Rules>> out;
  const auto number = [&](const char* key, int sy::Ruleset::*field) {
    for (int delta : {-1, 1}) {
      if (rules.numbers.*field + delta < 0) continue;
      out.push_back({key, fmt::format("{} read as {} (ruleset {})", key, rules.numbers.*field + delta, rules.numbers.*field),
                     [field, delta](const sy::Rules& r) {
                       sy::Rules m = r;
                       m.numbers.*field += delta;
                       return m;
                     }});
    }
  };
  number("popularity_loss_per_worker", &sy::Ruleset::popularity_loss_per_worker);
  number("popularity_min", &sy::Ruleset::popularity_min);
  // popularity_max and move_range are not read by the relation (a path's length is the question's).
  // A swap is read against the question's own reading (move_asks' relation_rules_of: where the relation's
  // rules read another reading than the claim's, the case's is swapped).
  out.push_back({"scythe.stop-path", "each case's reading of scythe.stop-path swapped for the other",
                 [](const sy::Rules& r) {
                   sy::Rules m = r;
                   m.readings.stop_path = r.readings.stop_path == sy::Readings::StopPath::must_end
                                              ? sy::Readings::StopPath::truncate
                                              : sy::Readings::StopPath::must_end;
                   return m;
                 }});
  out.push_back({"scythe.worker-blocking", "each case's reading of scythe.worker-blocking swapped for the other",
                 [](const sy::Rules& r) {
                   sy::Rules m = r;
                   m.readings.worker_blocking = r.readings.worker_blocking == sy::Readings::WorkerBlocking::control
                                                    ? sy::Readings::WorkerBlocking::presence
                                                    : sy::Readings::WorkerBlocking::control;
                   return m;
                 }});
  return out;
}

}  // namespace rulecheck::solver::scythe

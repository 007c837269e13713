// The smallest witnesses of an edit of Scythe's movement numbers or readings: for each probe move
// on a line map (HB-red - T1 - ... - Tn - HB-blue), the fewest units, then the lowest popularity,
// for which the base rules and the edited rules give different outcomes (legality, or the next
// units, popularity, control and pending combats and encounters). Queries are not encoded.
//
// The probes read every ruleset key: popularity_loss_per_worker and popularity_min (a mech or a
// character sending opposing workers home), popularity_max (the range a valid popularity lies in:
// both sides' ranges bound the witness, so an edit of it changes no probe's outcome), move_range
// (a path of two territories for each unit), units_per_move (three workers moving in one action,
// under the ruleset-cap reading).
#include <fmt/format.h>

#include "common/cancel.hpp"

#include "solver/scythe/move_action.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using UM = sy::UnitMove;

// The line map of outcome_search.hpp with both popularities at 0: the search chooses them.
sy::State line_map_free(int middle, int encounter_at) {
  sy::State s = line_map(middle, encounter_at);
  for (auto& entry : s.factions) entry.second.popularity = 0;
  return s;
}

struct Probe {
  std::string name;
  std::vector<std::string> clauses;
  std::string title;
  sy::State map;
  sy::Move move;
};

sy::Move red(std::vector<UM> moves) { return sy::Move{"red", std::move(moves)}; }

std::vector<Probe> probes() {
  std::vector<Probe> out = {
      {"move.mech-enters",
       {"scythe.move.workers-retreat", "scythe.move.popularity-loss", "scythe.move.popularity-floor",
        "scythe.move.combat-stop"},
       "red's mech moves T1->T2",
       line_map_free(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 0}})},
      {"move.mech-carries-worker",
       {"scythe.move.mech-carry", "scythe.move.workers-retreat", "scythe.move.popularity-loss"},
       "red's mech moves T1->T2 carrying one worker",
       line_map_free(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 1}})},
      {"move.character-encounter",
       {"scythe.move.encounter-stop", "scythe.move.workers-retreat", "scythe.move.popularity-loss"},
       "red's character moves T1->T2, onto an encounter token",
       line_map_free(2, 2),
       red({UM{Unit::character, "T1", {"T2"}, 0}})},
      {"move.worker",
       {"scythe.move.worker-blocked-by-combat-units", "scythe.move.worker-blocked-by-workers",
        "scythe.move.workers-stop"},
       "a red worker moves T1->T2",
       line_map_free(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"move.three-workers",
       {"scythe.move.units-per-action", "scythe.move.no-limit"},
       "three red workers each move T1->T2 in one action",
       line_map_free(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
  };
  for (Unit u : sy::kUnits) {
    const std::string unit(sy::unit_name(u));
    out.push_back({"move.range-two-" + unit,
                   {"scythe.move.range", "scythe.move.path"},
                   "red's " + unit + " moves T1->T2->T3",
                   line_map_free(3, 0),
                   red({UM{u, "T1", {"T2", "T3"}, 0}})});
  }
  return out;
}


// A side's outcome in the model: legal with the next state, or illegal by the first condition broken.
ReadingOutcome<sy::State, bool> outcome_in(const z3::model& m, const std::string& side, const Encoded& e,
                                           const Board& b, const sy::State& map) {
  ReadingOutcome<sy::State, bool> o;
  o.reading = side;
  o.legal = bool_value(m, all_of(m.ctx(), e.legal));
  if (o.legal) {
    o.next = state_in(m, b, e.next, map);
    return o;
  }
  for (const auto& c : e.legal)
    if (!bool_value(m, c.formula)) {
      o.rule = c.clause;
      break;
    }
  return o;
}

ScytheEditWitness edit_witness(const Probe& probe, const sy::Rules& base, const sy::Rules& edited,
                               const Budget& budget) {
  ScytheEditWitness w;
  w.probe = probe.name;
  w.clauses = probe.clauses;
  w.title = probe.title;
  w.note = fmt::format("map tried: a line of {} territories between the home bases", probe.map.territories.size() - 2);
  z3::context ctx;
  const Board b = board_of(probe.map);
  const auto steps = steps_of(ctx, b, probe.move);
  if (!steps) {
    w.note += "; unknown: the move names no path on its map";
    return w;
  }
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(probe.move.faction);
  const Encoded eb = move_action(ctx, base, b, before, mover, *steps);
  const Encoded ee = move_action(ctx, edited, b, before, mover, *steps);
  // A choice left open (which workers ride) would make "illegal" a statement about every choice;
  // the probes are written so that none arises.
  if (!eb.choices.empty() || !ee.choices.empty()) {
    w.note += "; unknown: the move leaves a choice open";
    return w;
  }

  std::vector<z3::expr> facts = valid_position(ctx, base, b, before);
  for (const auto& v : valid_position(ctx, edited, b, before)) facts.push_back(v);
  for (int t = 0; t < b.n_territories(); ++t) facts.push_back(!before.combat_pending[t] && !before.encounter_pending[t]);
  const z3::expr lb = all_of(ctx, eb.legal), le = all_of(ctx, ee.legal);
  facts.push_back(lb != le || (lb && le && positions_differ(ctx, b, eb.next, ee.next)));

  // Can the sides differ at all? A proof that they cannot is cheaper than an empty optimisation.
  z3::solver plain = bounded_solver(ctx, budget);
  for (const auto& f : facts) plain.add(f);
  const z3::check_result can_differ = run_check(plain);
  if (can_differ == z3::unknown && cancel_requested()) {
    w.status = EditStatus::interrupted;
    return w;
  }
  if (can_differ == z3::unsat) {
    w.status = EditStatus::unchanged;
    return w;
  }
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& f : facts) opt.add(f);
  const z3::expr units = units_on(ctx, b, before);
  opt.minimize(units);
  z3::expr popularity = ctx.int_val(0);
  for (const auto& f : before.popularity) popularity = popularity + f;
  opt.minimize(popularity);
  const z3::check_result found = run_check(opt);
  if (found == z3::unsat) w.status = EditStatus::unchanged;
  if (found == z3::unknown) {
    const std::string why = unknown_reason(opt, budget);
    if (is_interrupted(why)) w.status = EditStatus::interrupted;
    else w.note += "; unknown: " + why;
  }
  if (found != z3::sat) return w;

  const z3::model m = opt.get_model();
  const sy::State state = state_in(m, b, before, probe.map);
  int encounters = 0;
  for (const auto& [id, t] : state.territories) encounters += t.encounter ? 1 : 0;
  w.status = EditStatus::changed;
  w.size = int_value(m, units) + static_cast<int>(state.territories.size()) + encounters;
  w.example = Example<sy::State, sy::Move>{state, probe.move};
  w.outcomes.push_back(outcome_in(m, "base", eb, b, probe.map));
  w.outcomes.push_back(outcome_in(m, "edited", ee, b, probe.map));
  return w;
}

}  // namespace

std::vector<ScytheEditWitness> edit_witnesses(const sy::Rules& base, const sy::Rules& edited, const Budget& budget) {
  std::vector<ScytheEditWitness> out;
  for (const Probe& probe : probes()) {
    try {
      out.push_back(edit_witness(probe, base, edited, budget));
    } catch (const z3::exception& e) {  // out of memory, or Z3 failing: unknown, with why
      ScytheEditWitness w;
      w.probe = probe.name;
      w.clauses = probe.clauses;
      w.title = probe.title;
      const std::string why = failure_reason(e);
      w.status = is_interrupted(why) ? EditStatus::interrupted : EditStatus::unknown;
      w.note = "unknown: " + why;
      out.push_back(std::move(w));
    }
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

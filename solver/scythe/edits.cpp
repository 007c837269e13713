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

#include "solver/scythe/encoding.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using UM = sy::UnitMove;

// `middle` farm territories in a line between the home bases, `encounter_at` (1-based, 0 for none)
// holding an encounter token; popularities are left to the search.
sy::State line_map(int middle, int encounter_at) {
  sy::State s;
  s.factions["red"] = sy::Faction{0, "HB-red"};
  s.factions["blue"] = sy::Faction{0, "HB-blue"};
  auto id = [](int i) { return fmt::format("T{}", i); };
  s.territories["HB-red"] = sy::Territory{{id(1)}, "red", "home-base", {}, {}, false, {}, {}};
  s.territories["HB-blue"] = sy::Territory{{id(middle)}, "blue", "home-base", {}, {}, false, {}, {}};
  for (int i = 1; i <= middle; ++i) {
    sy::Territory t{{}, {}, "farm", {}, {}, i == encounter_at, {}, {}};
    t.adjacent.push_back(i == 1 ? "HB-red" : id(i - 1));
    t.adjacent.push_back(i == middle ? "HB-blue" : id(i + 1));
    s.territories[id(i)] = t;
  }
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
       line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 0}})},
      {"move.mech-carries-worker",
       {"scythe.move.mech-carry", "scythe.move.workers-retreat", "scythe.move.popularity-loss"},
       "red's mech moves T1->T2 carrying one worker",
       line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 1}})},
      {"move.character-encounter",
       {"scythe.move.encounter-stop", "scythe.move.workers-retreat", "scythe.move.popularity-loss"},
       "red's character moves T1->T2, onto an encounter token",
       line_map(2, 2),
       red({UM{Unit::character, "T1", {"T2"}, 0}})},
      {"move.worker",
       {"scythe.move.worker-blocked-by-combat-units", "scythe.move.worker-blocked-by-workers",
        "scythe.move.workers-stop"},
       "a red worker moves T1->T2",
       line_map(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"move.three-workers",
       {"scythe.move.units-per-action", "scythe.move.no-limit"},
       "three red workers each move T1->T2 in one action",
       line_map(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
  };
  for (Unit u : sy::kUnits) {
    const std::string unit(sy::unit_name(u));
    out.push_back({"move.range-two-" + unit,
                   {"scythe.move.range", "scythe.move.path"},
                   "red's " + unit + " moves T1->T2->T3",
                   line_map(3, 0),
                   red({UM{u, "T1", {"T2", "T3"}, 0}})});
  }
  return out;
}

z3::expr units_on(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr n = ctx.int_val(0);
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) n = n + p.units[t][f][u];
  return n;
}

// Two next positions differ in a unit count, a popularity, a holder or a pending flag.
z3::expr positions_differ(z3::context& ctx, const Board& b, const Position& x, const Position& y) {
  z3::expr_vector d(ctx);
  for (int t = 0; t < b.n_territories(); ++t) {
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) d.push_back(x.units[t][f][u] != y.units[t][f][u]);
    d.push_back(x.held_by[t] != y.held_by[t]);
    d.push_back(x.combat_pending[t] != y.combat_pending[t]);
    d.push_back(x.encounter_pending[t] != y.encounter_pending[t]);
  }
  for (int f = 0; f < b.n_factions(); ++f) d.push_back(x.popularity[f] != y.popularity[f]);
  return z3::mk_or(d);
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
  if (!steps) return w;  // unknown: the move names no path on its map
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(probe.move.faction);
  const Encoded eb = encode_move(ctx, base, b, before, mover, *steps);
  const Encoded ee = encode_move(ctx, edited, b, before, mover, *steps);
  // A choice left open (which workers ride) would make "illegal" a statement about every choice;
  // the probes are written so that none arises.
  if (!eb.choices.empty() || !ee.choices.empty()) return w;

  std::vector<z3::expr> facts = valid_position(ctx, base, b, before);
  for (const auto& v : valid_position(ctx, edited, b, before)) facts.push_back(v);
  for (int t = 0; t < b.n_territories(); ++t) facts.push_back(!before.combat_pending[t] && !before.encounter_pending[t]);
  const z3::expr lb = all_of(ctx, eb.legal), le = all_of(ctx, ee.legal);
  facts.push_back(lb != le || (lb && le && positions_differ(ctx, b, eb.next, ee.next)));

  // Can the sides differ at all? A proof that they cannot is cheaper than an empty optimisation.
  z3::solver plain = bounded_solver(ctx, budget);
  for (const auto& f : facts) plain.add(f);
  const z3::check_result can_differ = plain.check();
  if (can_differ == z3::unsat) {
    w.status = EditStatus::unchanged;
    return w;
  }
  z3::optimize opt(ctx);
  z3::params p(ctx);
  p.set("rlimit", budget.rlimit);
  opt.set(p);
  for (const auto& f : facts) opt.add(f);
  const z3::expr units = units_on(ctx, b, before);
  opt.minimize(units);
  z3::expr popularity = ctx.int_val(0);
  for (const auto& f : before.popularity) popularity = popularity + f;
  opt.minimize(popularity);
  const z3::check_result found = opt.check();
  if (found == z3::unsat) w.status = EditStatus::unchanged;
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
  for (const Probe& probe : probes()) out.push_back(edit_witness(probe, base, edited, budget));
  return out;
}

}  // namespace rulecheck::solver::scythe

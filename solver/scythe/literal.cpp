// The discovery search over Scythe's Move (literal.hpp).
//
// The literal relation of one Move, literal(pre, move, ok, post), is the union over the readings the
// words leave open: per declared point one free Bool per copy (false: the point's first reading in
// interpretations.json, true: its second), and for each of the 2^5 combinations the decided
// encoding's constraints (encoding.cpp: every legality condition and every effect tagged by its
// clause, scythe.move.*) under that combination. So far that is all it frees: every other choice of the
// decided encoding (retreats, popularity, home bases, the implied clauses' decided forms) stands, so
// the search re-finds declared points and cannot find a new one, and it asks only for two different
// outcomes, not for a move left with none. Its frame: what no sentence of the movement section touches
// (the map, structures, tokens, resources) stays as it was.
// Two copies of the move on one board play can reach (reachable.hpp, popularities at 5), each with
// its own readings, are asked to end differently; the fewest units first.
#include "solver/scythe/literal.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "oracle/scythe/oracle.hpp"
#include "solver/scythe/encoding.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/reachable.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using R = sy::Readings;
using UM = sy::UnitMove;

// A declared point: its id, the clauses it governs (as interpretations.json lists them), its two
// readings' names and how each is set.
struct Point {
  const char* id;
  std::vector<std::string> clauses;
  std::array<const char*, 2> names;
  void (*set)(R&, bool second);
};

const std::vector<Point>& declared_points() {
  static const std::vector<Point> points = {
      {"scythe.vacated-workers",
       {"scythe.move.vacated-open"},
       {"any-unit", "no-workers"},
       [](R& r, bool s) { r.vacated_workers = s ? R::VacatedWorkers::no_workers : R::VacatedWorkers::any_unit; }},
      {"scythe.stop-path",
       {"scythe.move.workers-stop", "scythe.move.combat-stop", "scythe.move.encounter-stop"},
       {"must-end", "truncate"},
       [](R& r, bool s) { r.stop_path = s ? R::StopPath::truncate : R::StopPath::must_end; }},
      {"scythe.carried-workers",
       {"scythe.move.mech-carry", "scythe.move.once-per-action"},
       {"not-a-move", "counts-as-move"},
       [](R& r, bool s) {
         r.carried_workers = s ? R::CarriedWorkers::counts_as_move : R::CarriedWorkers::not_a_move;
       }},
      {"scythe.units-per-move",
       {"scythe.move.units-per-action", "scythe.move.no-limit", "scythe.move.once-per-action"},
       {"no-cap", "ruleset-cap"},
       [](R& r, bool s) { r.units_per_move = s ? R::UnitsPerMove::ruleset_cap : R::UnitsPerMove::no_cap; }},
      {"scythe.worker-blocking",
       {"scythe.move.worker-blocked-by-combat-units", "scythe.move.worker-blocked-by-workers",
        "scythe.move.combat-temporary-control"},
       {"control", "presence"},
       [](R& r, bool s) { r.worker_blocking = s ? R::WorkerBlocking::presence : R::WorkerBlocking::control; }},
  };
  return points;
}

// One step kind: red's move on a line map; `range_two` asks it under a range of 2 for every unit (a
// path can only go on past a stop with a range above 1).
struct StepKind {
  std::string name;
  std::string title;
  sy::State map;
  sy::Move move;
  bool range_two = false;
};

const char* const kRangeTwo = R"({"move_range":{"character":2,"mech":2,"worker":2}})";

std::vector<StepKind> step_kinds() {
  auto red = [](std::vector<UM> m) { return sy::Move{"red", std::move(m)}; };
  return {
      {"character-one-step", "red's character moves T1 -> T2", line_map(2, 2), red({UM{Unit::character, "T1", {"T2"}, 0}})},
      {"worker-in", "a red worker moves T1 -> T2", line_map(2, 0), red({UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"worker-out", "a red worker moves T2 -> T1", line_map(2, 0), red({UM{Unit::worker, "T2", {"T1"}, 0}})},
      {"mech-then-worker", "red's mech moves T1 -> T2, then a red worker follows", line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"ride-then-walk", "red's mech carries a worker T1 -> T2, then a red worker walks T2 -> T1", line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 1}, UM{Unit::worker, "T2", {"T1"}, 0}})},
      {"three-workers", "three red workers each move T1 -> T2", line_map(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"character-two-steps", "with a range of 2, red's character moves T1 -> T2 -> T3 (an encounter token on T2)",
       line_map(3, 2), red({UM{Unit::character, "T1", {"T2", "T3"}, 0}}), true},
      {"mech-two-steps", "with a range of 2, red's mech moves T1 -> T2 -> T3", line_map(3, 0),
       red({UM{Unit::mech, "T1", {"T2", "T3"}, 0}}), true},
  };
}

sy::Rules rules_for(const sy::Rules& defaults, const StepKind& k) {
  sy::Rules r = defaults;
  if (k.range_two)
    for (Unit u : sy::kUnits) r.numbers.move_range[u] = 2;
  return r;
}

// One copy of the move under free readings: its point switches, and its outcome (whether it is legal,
// and the position after it) as the union of the decided encoding's under every combination.
struct Copy {
  std::vector<z3::expr> second;  // [point]: the point read its second way
  z3::expr ok;
  Position next;
};

z3::expr pick(const std::vector<z3::expr>& when, const std::vector<z3::expr>& value) {
  z3::expr out = value.back();
  for (std::size_t i = value.size() - 1; i-- > 0;) out = z3::ite(when[i], value[i], out);
  return out;
}

Copy literal_copy(z3::context& ctx, const sy::Rules& base, const Board& b, const Position& before, int mover,
                  const std::vector<UnitStep>& steps, const std::string& tag) {
  const auto& points = declared_points();
  std::vector<z3::expr> second;
  for (const Point& p : points) second.push_back(ctx.bool_const(fmt::format("{}!{}", tag, p.id).c_str()));
  const int combos = 1 << points.size();
  std::vector<z3::expr> when, ok;
  std::vector<Encoded> enc;
  for (int c = 0; c < combos; ++c) {
    sy::Rules r = base;
    z3::expr w = ctx.bool_val(true);
    for (std::size_t i = 0; i < points.size(); ++i) {
      const bool s = (c >> i) & 1;
      points[i].set(r.readings, s);
      w = w && (s ? second[i] : !second[i]);
    }
    enc.push_back(encode_move(ctx, r, b, before, mover, steps));
    when.push_back(w);
    ok.push_back(all_of(ctx, enc.back().legal));
  }
  auto chosen = [&](auto get) {
    std::vector<z3::expr> v;
    for (const Encoded& e : enc) v.push_back(get(e.next));
    return pick(when, v);
  };
  Position next = before;
  for (int t = 0; t < b.n_territories(); ++t) {
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) next.units[t][f][u] = chosen([&](const Position& p) { return p.units[t][f][u]; });
    next.held_by[t] = chosen([&](const Position& p) { return p.held_by[t]; });
    next.combat_pending[t] = chosen([&](const Position& p) { return p.combat_pending[t]; });
    next.encounter_pending[t] = chosen([&](const Position& p) { return p.encounter_pending[t]; });
  }
  for (int f = 0; f < b.n_factions(); ++f)
    next.popularity[f] = chosen([&](const Position& p) { return p.popularity[f]; });
  return Copy{second, pick(when, ok), next};
}

// ---- the oracle's outcomes on a finding's board ----

ReadingOutcome<sy::State, bool> oracle_outcome(const sy::Rules& rules, const std::string& reading,
                                               const sy::State& s, const sy::Move& m) {
  ReadingOutcome<sy::State, bool> o;
  o.reading = reading;
  try {
    o.next = sy::move(rules, s, m);
    o.legal = true;
  } catch (const RuleViolation& v) {
    o.rule = v.clause();
  }
  return o;
}

bool same_position(const sy::State& x, const sy::State& y) {
  z3::context ctx;
  const Board b = board_of(x);
  if (b.territories != board_of(y).territories) return false;
  return positions_differ(ctx, b, position_of(ctx, b, x), position_of(ctx, b, y)).simplify().is_false();
}

bool same_outcome(const ReadingOutcome<sy::State, bool>& x, const ReadingOutcome<sy::State, bool>& y) {
  return x.legal == y.legal && (!x.legal || (x.next && y.next && same_position(*x.next, *y.next)));
}

std::string kind_point(const StepKind& k) { return "scythe.literal." + k.name; }

std::string scope_of(const StepKind& k) {
  return fmt::format(
      "{} on the line map of {} territories between the home bases{}, every count of units on a board play can "
      "reach (popularities at 5), each of two copies of the move under any readings of the declared points (those "
      "re-found on this step kind held alike in both copies); the relation frees only those readings (every other "
      "choice is the decided encoding's) and asks for two outcomes, not for none",
      k.title, k.map.territories.size() - 2, k.range_two ? " (ruleset " + std::string(kRangeTwo) + ")" : "");
}

// One search: the fewest units on which two copies (the points in `held` read alike) end differently.
struct Found {
  std::optional<sy::State> board;
  std::vector<bool> parted;  // [point]: the copies read it differently
  ReadingOutcome<sy::State, bool> a, b;
  std::string why;  // unknown or interrupted
};

Found search_once(const sy::Rules& rules, const StepKind& k, const std::set<std::size_t>& held, const Budget& budget) {
  Found out;
  z3::context ctx;
  const Board b = board_of(k.map);
  const auto steps = steps_of(ctx, b, k.move);
  if (!steps) {
    out.why = "the step kind names no path on its map";
    return out;
  }
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(k.move.faction);
  const Copy x = literal_copy(ctx, rules, b, before, mover, *steps, "a");
  const Copy y = literal_copy(ctx, rules, b, before, mover, *steps, "b");
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& v : valid_position(ctx, rules, b, before)) opt.add(v);
  for (int f = 0; f < b.n_factions(); ++f) opt.add(before.popularity[f] == 5);
  opt.add(reachable_position(ctx, b, before));
  for (std::size_t i : held) opt.add(x.second[i] == y.second[i]);
  opt.add(x.ok != y.ok || (x.ok && y.ok && positions_differ(ctx, b, x.next, y.next)));
  opt.minimize(units_on(ctx, b, before));
  const z3::check_result r = run_check(opt);
  if (r == z3::unknown) out.why = unknown_reason(opt, budget);
  if (r != z3::sat) return out;
  const z3::model m = opt.get_model();
  out.board = state_in(m, b, before, k.map);
  for (std::size_t i = 0; i < x.second.size(); ++i)
    out.parted.push_back(m.eval(x.second[i] != y.second[i], true).is_true());
  return out;
}

// The declared point whose two readings (the others at `rules`' own) the oracle separates on the
// finding's board; -1 when none does. The points the copies read differently are tried first.
int refound_point(const sy::Rules& rules, const StepKind& k, const Found& f, const std::set<std::size_t>& held,
                  ReadingOutcome<sy::State, bool>& a, ReadingOutcome<sy::State, bool>& b) {
  const auto& points = declared_points();
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (f.parted[i]) order.push_back(i);
  for (std::size_t i = 0; i < points.size(); ++i)
    if (!f.parted[i] && !held.count(i)) order.push_back(i);
  for (std::size_t i : order) {
    sy::Rules r0 = rules, r1 = rules;
    points[i].set(r0.readings, false);
    points[i].set(r1.readings, true);
    auto o0 = oracle_outcome(r0, points[i].names[0], *f.board, k.move);
    auto o1 = oracle_outcome(r1, points[i].names[1], *f.board, k.move);
    if (!same_outcome(o0, o1)) {
      a = std::move(o0);
      b = std::move(o1);
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> literal_step_kinds() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const StepKind& k : step_kinds()) out.emplace_back(k.name, k.title);
  return out;
}

std::vector<ScytheWitness> discover(const sy::Rules& defaults, const Budget& budget, int cap) {
  std::vector<ScytheWitness> out;
  const auto& points = declared_points();
  for (const StepKind& k : step_kinds()) {
    const sy::Rules rules = rules_for(defaults, k);
    std::set<std::size_t> held;
    std::string why;
    int found = 0;
    while (found < cap && held.size() < points.size()) {
      Found f;
      try {
        f = search_once(rules, k, held, budget);
      } catch (const z3::exception& e) {
        f.why = failure_reason(e);
      }
      if (!f.board) {
        why = f.why;
        break;
      }
      ++found;
      ScytheWitness w;
      w.kind = "undecided";
      w.found_by_search = true;
      w.scope = scope_of(k);
      w.example = Example<sy::State, sy::Move>{*f.board, k.move};
      w.size = witness_size(*f.board);
      w.ruleset_override = k.range_two ? kRangeTwo : "";
      ReadingOutcome<sy::State, bool> a, b;
      const int p = refound_point(rules, k, f, held, a, b);
      const bool legality = p >= 0 && a.legal != b.legal;
      if (p >= 0) {
        w.point = fmt::format("{}.{}", kind_point(k), points[static_cast<std::size_t>(p)].id);
        w.refinds = points[static_cast<std::size_t>(p)].id;
        w.clauses = points[static_cast<std::size_t>(p)].clauses;
        w.title = fmt::format("{}: the words allow two outcomes ({})", k.title,
                              legality ? "legal and refused" : "two positions");
        w.note = fmt::format("The oracle parts them under {}'s readings {} and {}.", w.refinds, a.reading, b.reading);
        w.outcomes = {std::move(a), std::move(b)};
        held.insert(static_cast<std::size_t>(p));
      } else {
        // No declared point separates them: a new finding (the readings the copies part on are held
        // alike from now on, so that the search moves on).
        w.point = kind_point(k);
        w.is_new = true;
        for (std::size_t i = 0; i < points.size(); ++i)
          if (f.parted[i]) {
            held.insert(i);
            w.clauses.insert(w.clauses.end(), points[i].clauses.begin(), points[i].clauses.end());
          }
        w.title = fmt::format("{}: the words allow two outcomes no declared point separates", k.title);
        w.note = "The oracle gives one outcome under every single point's readings.";
        w.outcomes = {oracle_outcome(rules, "today", *f.board, k.move)};
        if (f.parted.end() == std::find(f.parted.begin(), f.parted.end(), true)) break;  // nothing left to hold
      }
      std::string clauses;
      for (const auto& c : w.clauses) clauses += (clauses.empty() ? "" : "+") + c;
      w.signature = fmt::format("{}|{}|{}", k.name, clauses, legality ? "legality" : "position");
      out.push_back(std::move(w));
    }
    if (found < cap) {
      ScytheWitness none;
      none.point = kind_point(k);
      none.is_new = true;
      none.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
      none.scope = scope_of(k);
      none.title = fmt::format("{}: no further board where the declared points' readings allow two outcomes", k.title);
      none.note = !why.empty() ? why
                  : held.size() < points.size()
                      ? "The search ended unsat with the re-found points' readings held alike."
                      : "Every declared point re-found here is held to one reading in both copies, which leaves the decided "
                        "encoding: one outcome.";
      out.push_back(std::move(none));
    }
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

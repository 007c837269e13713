// The designer's witnesses for Scythe's movement: for each interpretation point of
// rules/scythe/interpretations.json, the smallest board found where its readings give different
// outcomes. Each point has a few candidate moves over line-shaped maps (HB-red - T1 - ... - Tn -
// HB-blue); for each candidate the unit counts are symbolic and z3::optimize finds the fewest
// units for which the two readings part. Size = units + territories + encounter tokens; the
// smallest candidate wins (ties: the first listed).
#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "solver/parallel.hpp"
#include "solver/scythe/move_action.hpp"
#include "solver/scythe/literal.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/reachable.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// A line of `middle` territories between the two home bases; `encounter_at` (1-based) holds an
// encounter token, 0 for none. Both factions start at popularity 5.
sy::State line_map(int middle, int encounter_at) {
  sy::State s;
  s.factions["red"] = sy::Faction{5, "HB-red"};
  s.factions["blue"] = sy::Faction{5, "HB-blue"};
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

namespace {

using sy::Unit;
using R = sy::Readings;

// One way to make a point's readings part: a map, red's move on it, the ruleset it needs.
struct Candidate {
  sy::State map;
  sy::Move move;
  std::string ruleset_override;  // "" for the defaults
};

// The readings of one point, as names (exactly as in interpretations.json) and as rule switches.
struct PointSpec {
  const char* point;
  std::vector<std::string> clauses;
  const char* title;
  const char* note;
  std::vector<std::pair<std::string, void (*)(sy::Readings&)>> readings;
  std::vector<Candidate> candidates;
  void (*numbers)(sy::Ruleset&) = nullptr;  // the numbers the ruleset_override sets
};

sy::Move red(std::vector<sy::UnitMove> moves) { return sy::Move{"red", std::move(moves)}; }

// A declared point whose readings part on no board of its scope: a question play cannot raise.
const char* const kPlayCannotRaise =
    "the readings give the same outcome on every board of the scope: on no board play can reach from which the "
    "mover's Move starts (rules/scythe/invariants.json, rules/scythe/move_start.json) do they part, so play never "
    "raises the question (proved over the scope)";

// Why a candidate's move cannot be asked: it names no path on its map.
const char* const kNoPath = "the candidate move names no path on its map";

// What one reading makes of a concrete move: illegal with a broken clause, or the next state;
// nullopt when it could not be decided (`why` set).
std::optional<ReadingOutcome<sy::State, bool>> outcome_of(const sy::Rules& rules, const std::string& reading,
                                                          const sy::State& s, const sy::Move& mv, const Budget& budget,
                                                          std::string& why) {
  z3::context ctx;
  const Board b = board_of(s);
  const auto steps = steps_of(ctx, b, mv);
  ReadingOutcome<sy::State, bool> o;
  o.reading = reading;
  if (!steps) {
    why = kNoPath;
    return std::nullopt;
  }
  const Encoded e = move_action(ctx, rules, b, position_of(ctx, b, s), b.faction_index.at(mv.faction), *steps);
  const CheckResult r = check_named(ctx, e.choices, e.legal, budget);
  if (r.status == Sat::unsat) {
    o.rule = r.core.empty() ? "" : r.core.front();
    return o;
  }
  if (r.status != Sat::sat || !r.model) {
    why = r.reason;
    return std::nullopt;
  }
  o.legal = true;
  o.next = state_in(*r.model, b, e.next, s);
  return o;
}

// The two readings' next positions differ in a unit count or a popularity.
z3::expr nexts_differ(z3::context& ctx, const Board& b, const Position& x, const Position& y) {
  z3::expr d = ctx.bool_val(false);
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) d = d || x.units[t][f][u] != y.units[t][f][u];
  for (int f = 0; f < b.n_factions(); ++f) d = d || x.popularity[f] != y.popularity[f];
  return d;
}

// The fewest units for which the candidate's move has different outcomes under readings a and b;
// nullopt when no count makes them part (`why` left empty) or when that could not be decided
// (`why` set: the budget, a signal, a candidate the search cannot ask). Popularities stay at 5, and
// the board is one play can reach (rules/scythe/invariants.json) with as few pending combats and
// encounters as that allows (after the fewest units), so that the example reads plainly.
std::optional<sy::State> smallest_board(const sy::Rules& a, const sy::Rules& b_rules, const Candidate& c,
                                        const Budget& budget, std::string& why) {
  z3::context ctx;
  const Board b = board_of(c.map);
  const auto steps = steps_of(ctx, b, c.move);
  if (!steps) {
    why = kNoPath;
    return std::nullopt;
  }
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(c.move.faction);
  const Encoded ea = move_action(ctx, a, b, before, mover, *steps);
  const Encoded eb = move_action(ctx, b_rules, b, before, mover, *steps);
  // A choice left open (which workers ride) would make "illegal" a statement about every choice;
  // the candidates are written so that none arises.
  if (!ea.choices.empty() || !eb.choices.empty()) {
    why = "the candidate move leaves a choice open (which workers ride)";
    return std::nullopt;
  }
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& v : valid_position(ctx, a, b, before)) opt.add(v);
  for (int f = 0; f < b.n_factions(); ++f) opt.add(before.popularity[f] == 5);
  opt.add(reachable_position(ctx, b, before));
  opt.add(move_start_position(ctx, b, before, mover));  // the board a Move of `mover` starts from
  const z3::expr la = all_of(ctx, ea.legal), lb = all_of(ctx, eb.legal);
  opt.add(la != lb || (la && lb && nexts_differ(ctx, b, ea.next, eb.next)));
  opt.minimize(units_on(ctx, b, before));
  z3::expr_vector pending(ctx);
  for (int t = 0; t < b.n_territories(); ++t) {
    pending.push_back(z3::ite(before.combat_pending[t], ctx.int_val(1), ctx.int_val(0)));
    pending.push_back(z3::ite(before.encounter_pending[t], ctx.int_val(1), ctx.int_val(0)));
  }
  opt.minimize(z3::sum(pending));  // second: Z3 ranks the objectives in the order given
  const z3::check_result r = run_check(opt);
  if (r == z3::unknown) why = unknown_reason(opt, budget);
  if (r != z3::sat) return std::nullopt;
  return state_in(opt.get_model(), b, before, c.map);
}

// A move in words: "mech T1->T2, worker T1->T2 (1 rider)".
std::string move_words(const sy::Move& mv) {
  std::string out;
  for (const auto& u : mv.moves) {
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", sy::unit_name(u.unit), u.from);
    for (const auto& t : u.path) out += "->" + t;
    if (u.carried_workers) out += fmt::format(" ({} rider{})", u.carried_workers, u.carried_workers == 1 ? "" : "s");
  }
  return mv.faction + ": " + out;
}

// The boards a point's search covers, in words.
std::string scope_of(const std::vector<Candidate>& candidates) {
  std::string out;
  for (const Candidate& c : candidates)
    out += fmt::format("{}{} on the line map of {} territories between the home bases{}", out.empty() ? "" : "; ",
                       move_words(c.move), c.map.territories.size() - 2,
                       c.ruleset_override.empty() ? "" : " (ruleset " + c.ruleset_override + ")");
  return "every count of units on boards play can reach, each one the mover's Move can start from (no combat or "
         "encounter of another faction still waiting: rules/scythe/move_start.json; popularities at 5; a combat or "
         "encounter pending only where such a board needs one) for each candidate move: " + out;
}

void with_range_two(sy::Ruleset& r) {
  for (Unit u : sy::kUnits) r.move_range[u] = 2;
}

const char* const kRangeTwo = R"({"move_range":{"character":2,"mech":2,"worker":2}})";

std::vector<PointSpec> points() {
  using UM = sy::UnitMove;
  return {
      {"scythe.vacated-workers",
       {"scythe.move.vacated-open", "scythe.move.worker-blocked-by-workers"},
       "red's mech forces blue's worker off T2, then a red worker walks T1->T2: legal under any-unit, illegal under "
       "no-workers",
       "The mech's entry sends the blue worker home (red loses 1 popularity) and opens T2 to red's other units; the "
       "readings differ on whether a worker walking alone is one of them.",
       {{"any-unit", [](sy::Readings& r) { r.vacated_workers = R::VacatedWorkers::any_unit; }},
        {"no-workers", [](sy::Readings& r) { r.vacated_workers = R::VacatedWorkers::no_workers; }}},
       {{line_map(2, 0), red({UM{Unit::mech, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}}), ""}}},
      {"scythe.stop-path",
       {"scythe.move.encounter-stop", "scythe.move.workers-stop", "scythe.move.combat-stop"},
       "with a range of 2, a path going on past a territory where the unit must stop: illegal under must-end, cut "
       "short there under truncate",
       "Only a range above 1 lets a path name a territory beyond a stop, hence the override of 2 for every unit. "
       "Under must-end the move is refused; under truncate the unit ends on the stop.",
       {{"must-end", [](sy::Readings& r) { r.stop_path = R::StopPath::must_end; }},
        {"truncate", [](sy::Readings& r) { r.stop_path = R::StopPath::truncate; }}},
       {{line_map(3, 2), red({UM{Unit::character, "T1", {"T2", "T3"}, 0}}), kRangeTwo},
        {line_map(3, 0), red({UM{Unit::mech, "T1", {"T2", "T3"}, 0}}), kRangeTwo}},
       with_range_two},
      {"scythe.carried-workers",
       {"scythe.move.mech-carry", "scythe.move.once-per-action"},
       "a red worker rides red's mech T1->T2, then walks back T2->T1: legal under not-a-move, illegal under "
       "counts-as-move",
       "With only that worker on T2, its walk is its second change of territory in the action: a move of its own "
       "if riding is not one, a second move if it is.",
       {{"not-a-move", [](sy::Readings& r) { r.carried_workers = R::CarriedWorkers::not_a_move; }},
        {"counts-as-move", [](sy::Readings& r) { r.carried_workers = R::CarriedWorkers::counts_as_move; }}},
       {{line_map(2, 0), red({UM{Unit::mech, "T1", {"T2"}, 1}, UM{Unit::worker, "T2", {"T1"}, 0}}), ""}}},
      {"scythe.units-per-move",
       {"scythe.move.units-per-action", "scythe.move.no-limit", "scythe.move.once-per-action"},
       "three red workers each step T1->T2 in one Move action: legal under no-cap, over units_per_move 2 under "
       "ruleset-cap",
       "Three unit moves in one action; the ruleset's cap is 2 units per action, which only the ruleset-cap "
       "reading applies.",
       {{"no-cap", [](sy::Readings& r) { r.units_per_move = R::UnitsPerMove::no_cap; }},
        {"ruleset-cap", [](sy::Readings& r) { r.units_per_move = R::UnitsPerMove::ruleset_cap; }}},
       {{line_map(2, 0),
         red({UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}}),
         ""}}},
      {"scythe.worker-blocking",
       {"scythe.move.worker-blocked-by-combat-units", "scythe.move.worker-blocked-by-workers",
        "scythe.move.combat-temporary-control"},
       "a red worker walks out of a territory red holds while a blue unit shares it: legal under control, illegal "
       "under presence",
       "Red's worker shares T2 with blue's character or mech while a combat waits there, red keeping control of T2 "
       "until it is fought, so no opponent controls it; under presence blue's unit standing there is enough to keep "
       "red's worker from walking.",
       {{"control", [](sy::Readings& r) { r.worker_blocking = R::WorkerBlocking::control; }},
        {"presence", [](sy::Readings& r) { r.worker_blocking = R::WorkerBlocking::presence; }}},
       {{line_map(2, 0), red({UM{Unit::worker, "T2", {"T1"}, 0}}), ""},
        {line_map(2, 0), red({UM{Unit::worker, "T1", {"T2"}, 0}}), ""}}},
  };
}

}  // namespace

std::vector<ScytheWitness> ambiguities(const sy::Rules& defaults, const Budget& budget, bool literal_search) {
  std::vector<ScytheWitness> out;
  for (const PointSpec& spec : points()) {
    sy::Rules base = defaults;
    if (spec.numbers) spec.numbers(base.numbers);
    sy::Rules first = base, second = base;
    spec.readings[0].second(first.readings);
    spec.readings[1].second(second.readings);
    std::optional<ScytheWitness> best;
    // Why some candidate could not be decided (the first reason): with no witness found, the point
    // is unknown, never "none"; and a smaller witness than the one found may have been missed.
    std::string why;
    for (const Candidate& c : spec.candidates) {
      if (is_interrupted(why)) break;
      std::string why_here;
      try {
        const auto state = smallest_board(first, second, c, budget, why_here);
        if (state && !(best && witness_size(*state) >= best->size)) {
          ScytheWitness w;
          w.point = spec.point;
          w.clauses = spec.clauses;
          w.size = witness_size(*state);
          w.title = spec.title;
          w.note = spec.note;
          w.example = Example<sy::State, sy::Move>{*state, c.move};
          w.ruleset_override = c.ruleset_override;
          for (const auto& [name, set] : spec.readings) {
            sy::Rules r = base;
            set(r.readings);
            auto o = outcome_of(r, name, *state, c.move, budget, why_here);
            if (!o) break;
            w.outcomes.push_back(std::move(*o));
          }
          if (w.outcomes.size() == spec.readings.size()) best = std::move(w);
        }
      } catch (const z3::exception& e) {
        why_here = failure_reason(e);
      }
      if (why.empty()) why = why_here;
    }
    ScytheWitness w = best ? std::move(*best) : ScytheWitness{};
    if (!best) {
      w.point = spec.point;
      w.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
      w.clauses = spec.clauses;
      w.title = spec.title;
      w.note = why.empty() ? kPlayCannotRaise : why;
    }
    w.scope = scope_of(spec.candidates);
    out.push_back(std::move(w));
  }
  // Beside the declared points: moves the text leaves undecided, or allows with no outcome (each
  // probe its own search: two threads, the findings in the probes' order).
  std::vector<std::function<std::vector<ScytheWitness>()>> searches;
  for (const MoveProbe& probe : move_probes())
    searches.push_back([probe, &defaults, &budget] { return open_outcome_records({probe}, defaults, budget); });
  // The discovery search (literal.hpp): the literal relation (the declared points' readings and the
  // words' silences free) re-finds points and finds new places (rules/scythe/dismissed.json).
  if (literal_search) searches.push_back([&defaults, &budget] { return discover(defaults, budget); });
  auto open = run_in_order(searches);
  out.insert(out.end(), open.begin(), open.end());
  fold_refindings(out);
  return out;
}

}  // namespace rulecheck::solver::scythe

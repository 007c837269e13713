#include "solver/scythe/outcome_search.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "solver/open_outcome.hpp"
#include "solver/scythe/reachable.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;

// The move's steps with the mech's riders free (a fresh constant) when the probe asks for it.
std::optional<std::vector<UnitStep>> probe_steps(z3::context& ctx, const Board& b, const MoveProbe& probe,
                                                 const z3::expr& riders) {
  auto steps = steps_of(ctx, b, probe.move);
  if (!steps) return std::nullopt;
  if (probe.free_riders)
    for (auto& s : *steps)
      if (s.unit == Unit::mech) s.carried = riders;
  return steps;
}

// The move a model makes of the probe (the riders it chose).
sy::Move move_in(const z3::model& m, const MoveProbe& probe, const z3::expr& riders) {
  sy::Move mv = probe.move;
  if (probe.free_riders)
    for (auto& u : mv.moves)
      if (u.unit == Unit::mech) u.carried_workers = int_value(m, riders);
  return mv;
}

void collect_constants(const z3::expr& e, std::set<unsigned>& seen, std::vector<z3::expr>& out) {
  if (!seen.insert(e.id()).second || !e.is_app()) return;
  if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
    out.push_back(e);
    return;
  }
  for (unsigned i = 0; i < e.num_args(); ++i) collect_constants(e.arg(i), seen, out);
}

// The constants of the move's open choices (which workers ride), not those of the position or
// the riders' number: what a second outcome may choose otherwise.
std::vector<z3::expr> choice_constants(const Encoded& e, const Position& before, const z3::expr& riders) {
  std::set<unsigned> seen, fixed;
  fixed.insert(riders.id());
  for (const auto& row : before.units)
    for (const auto& f : row)
      for (const auto& u : f) fixed.insert(u.id());
  for (const auto& v : {before.popularity, before.held_by, before.combat_pending, before.encounter_pending})
    for (const auto& x : v) fixed.insert(x.id());
  std::vector<z3::expr> all, out;
  for (const auto& c : e.choices) collect_constants(c, seen, all);
  for (const auto& c : all)
    if (!fixed.count(c.id())) out.push_back(c);
  return out;
}

// A probe's search: the board, the position before, the encoded move.
struct MoveSearch {
  Board board;
  Position before;
  z3::expr riders;
  Encoded encoded;
  int mover;
};

std::optional<MoveSearch> search_of(z3::context& ctx, const MoveProbe& probe, const sy::Rules& rules) {
  const Board b = board_of(probe.map);
  const z3::expr riders = ctx.int_const("riders");
  const auto steps = probe_steps(ctx, b, probe, riders);
  if (!steps) return std::nullopt;
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(probe.move.faction);
  Encoded e = move_action(ctx, rules, b, before, mover, *steps);
  return MoveSearch{b, before, riders, std::move(e), mover};
}

// The smallest model (fewest units before) of `facts`, within the budget; nullopt when there is
// none, or (`why_unknown` set, when given) when that could not be decided.
std::optional<z3::model> fewest_units(z3::context& ctx, const MoveSearch& s, const std::vector<z3::expr>& facts,
                                      const Budget& budget, std::string* why_unknown) {
  z3::solver plain = one_shot_solver(ctx, budget);
  for (const auto& f : facts) plain.add(f);
  const z3::check_result exists = run_check(plain);
  if (exists == z3::unknown && why_unknown) *why_unknown = unknown_reason(plain, budget);
  if (exists != z3::sat) return std::nullopt;
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& f : facts) opt.add(f);
  opt.minimize(units_on(ctx, s.board, s.before));
  const z3::check_result found = run_check(opt);
  if (found == z3::unknown && why_unknown) *why_unknown = unknown_reason(opt, budget);
  if (found != z3::sat) return std::nullopt;
  return opt.get_model();
}

// Why a probe's move cannot be asked: it names no path on its map.
const char* const kNoPath = "the probe's move names no path on its map";

// A valid position the rules can reach, where the move is legal: no faction has a unit on another
// faction's home base (scythe.move.home-base lets none in; a retreat sends workers to their own).
std::vector<z3::expr> legal_from_valid(z3::context& ctx, const MoveSearch& s, const sy::Rules& rules) {
  std::vector<z3::expr> facts = valid_position(ctx, rules, s.board, s.before);
  for (int t = 0; t < s.board.n_territories(); ++t)
    if (s.board.home_of[t] != kNobody)
      for (int f = 0; f < s.board.n_factions(); ++f)
        if (f != s.board.home_of[t])
          for (int u = 0; u < 3; ++u) facts.push_back(s.before.units[t][f][u] == 0);
  // the board a Move of the mover starts from: no other faction's combat or encounter still waits
  facts.push_back(move_start_position(ctx, s.board, s.before, s.mover));
  for (const auto& c : s.encoded.choices) facts.push_back(c);
  for (const auto& c : s.encoded.legal) facts.push_back(c.formula);
  return facts;
}

ScytheWitness new_finding(const MoveProbe& probe, const char* kind, const z3::model& m, const MoveSearch& s) {
  ScytheWitness w;
  w.point = fmt::format("scythe.{}.{}", kind, probe.name);
  w.kind = kind;
  w.is_new = true;
  const sy::State state = state_in(m, s.board, s.before, probe.map);
  w.example = Example<sy::State, sy::Move>{state, move_in(m, probe, s.riders)};
  w.size = int_value(m, units_on(s.before.popularity.front().ctx(), s.board, s.before)) + s.board.n_territories();
  return w;
}

ReadingOutcome<sy::State, bool> legal_outcome(std::string name, sy::State next) {
  ReadingOutcome<sy::State, bool> o;
  o.reading = std::move(name);
  o.legal = true;
  o.next = std::move(next);
  return o;
}

}  // namespace

std::optional<ScytheWitness> undecided_move(const MoveProbe& probe, const sy::Rules& rules, const Budget& budget,
                                            std::string* why_unknown) {
  z3::context ctx;
  const auto s = search_of(ctx, probe, rules);
  if (!s) {
    if (why_unknown) *why_unknown = kNoPath;
    return std::nullopt;
  }
  const int mover = s->board.faction_index.at(probe.move.faction);
  // A second outcome: the same move with its open choices (which workers ride) renamed, and each
  // outcome a free position held to the effects the text gives.
  const std::vector<z3::expr> open = choice_constants(s->encoded, s->before, s->riders);
  z3::expr_vector from(ctx), to(ctx);
  for (const auto& c : open) {
    from.push_back(c);
    to.push_back(ctx.constant((c.decl().name().str() + "_other").c_str(), c.get_sort()));
  }
  auto other = [&](const z3::expr& e) { return open.empty() ? e : z3::expr(e).substitute(from, to); };
  const Position one = free_position(ctx, s->board, "one"), two = free_position(ctx, s->board, "two");
  std::vector<z3::expr> facts = legal_from_valid(ctx, *s, rules);
  for (const auto& c : s->encoded.choices) facts.push_back(other(c));
  for (const auto& c : s->encoded.legal) facts.push_back(other(c.formula));
  for (const auto& c : effects(ctx, rules, s->board, s->before, s->encoded, one, mover)) facts.push_back(c.formula);
  for (const auto& c : effects(ctx, rules, s->board, s->before, s->encoded, two, mover))
    facts.push_back(other(c.formula));
  facts.push_back(positions_differ(ctx, s->board, one, two));
  const auto m = fewest_units(ctx, *s, facts, budget, why_unknown);
  if (!m) return std::nullopt;
  ScytheWitness w = new_finding(probe, "undecided", *m, *s);
  w.clauses = {"scythe.move.combat-temporary-control", "scythe.move.mech-carry", "scythe.move.once-per-action"};
  w.title = fmt::format("{}: the text allows more than one outcome", probe.title);
  w.note = "Every condition for the move holds and the move names every choice the text asks of the player, yet "
           "two positions satisfy every effect the text gives.";
  w.outcomes.push_back(legal_outcome("outcome-1", state_in(*m, s->board, one, probe.map)));
  w.outcomes.push_back(legal_outcome("outcome-2", state_in(*m, s->board, two, probe.map)));
  return w;
}

std::optional<ScytheWitness> dead_end_move(const MoveProbe& probe, const sy::Rules& rules, const Budget& budget,
                                           std::string* why_unknown) {
  z3::context ctx;
  const auto s = search_of(ctx, probe, rules);
  if (!s) {
    if (why_unknown) *why_unknown = kNoPath;
    return std::nullopt;
  }
  const int mover = s->board.faction_index.at(probe.move.faction);
  const Position after = free_position(ctx, s->board, "after");
  const Constraints eff = effects(ctx, rules, s->board, s->before, s->encoded, after, mover);
  const std::vector<z3::expr> valid_after = valid_position(ctx, rules, s->board, after);
  std::vector<z3::expr> facts = legal_from_valid(ctx, *s, rules);
  for (const auto& c : eff) facts.push_back(c.formula);
  z3::expr_vector all_valid(ctx);
  for (const auto& v : valid_after) all_valid.push_back(v);
  facts.push_back(!z3::mk_and(all_valid));
  const auto m = fewest_units(ctx, *s, facts, budget, why_unknown);
  if (!m) return std::nullopt;
  ScytheWitness w = new_finding(probe, "dead-end", *m, *s);
  // The clauses: an unsat core of the move's conditions and effects with a valid outcome, on the
  // witness's position (pinned) and move.
  std::vector<z3::expr> pinned = valid_after;
  for (const auto& row : s->before.units)
    for (const auto& f : row)
      for (const auto& u : f) pinned.push_back(u == m->eval(u, true));
  for (const auto* v :
       {&s->before.popularity, &s->before.held_by, &s->before.combat_pending, &s->before.encounter_pending})
    for (const auto& x : *v) pinned.push_back(x == m->eval(x, true));
  pinned.push_back(s->riders == m->eval(s->riders, true));
  for (const auto& c : s->encoded.choices) pinned.push_back(c);
  Constraints tracked = s->encoded.legal;
  tracked.insert(tracked.end(), eff.begin(), eff.end());
  const CheckResult core = check_named(ctx, pinned, tracked, budget);
  if (core.status == Sat::unsat) w.clauses = core.core;
  w.title = fmt::format("{}: the text allows the move but no valid position can follow it", probe.title);
  w.note = fmt::format("Every condition for the move holds, but no valid position satisfies its effects ({}).",
                       fmt::join(w.clauses, ", "));
  w.outcomes.push_back(legal_outcome("effect", state_in(*m, s->board, after, probe.map)));
  return w;
}

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

z3::expr units_on(z3::context& ctx, const Board& b, const Position& p) {
  z3::expr_vector n(ctx);
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) n.push_back(p.units[t][f][u]);
  return z3::sum(n);
}

std::vector<MoveProbe> move_probes() {
  using UM = sy::UnitMove;
  std::vector<MoveProbe> out;
  for (int encounter : {0, 2}) {
    const sy::State map = line_map(2, encounter);
    const std::string where = encounter ? " (an encounter token on T2)" : "";
    const std::string tag = encounter ? "-encounter" : "";
    out.push_back({"character" + tag, map, sy::Move{"red", {UM{Unit::character, "T1", {"T2"}, 0}}}, false,
                   "red's character moves T1 -> T2" + where});
    out.push_back({"mech" + tag, map, sy::Move{"red", {UM{Unit::mech, "T1", {"T2"}, 0}}}, true,
                   "red's mech moves T1 -> T2 with any riders" + where});
    out.push_back({"worker" + tag, map, sy::Move{"red", {UM{Unit::worker, "T1", {"T2"}, 0}}}, false,
                   "a red worker moves T1 -> T2" + where});
  }
  const sy::State map = line_map(2, 0);
  out.push_back({"worker-after-walking", map,
                 sy::Move{"red", {UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::mech, "T2", {"T1"}, 0}}}, true,
                 "a red worker walks T1 -> T2, then red's mech goes T2 -> T1 with any riders"});
  out.push_back({"mech-then-worker", map,
                 sy::Move{"red", {UM{Unit::mech, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}}}, true,
                 "red's mech moves T1 -> T2 with any riders, then a red worker follows"});
  return out;
}

std::vector<ScytheWitness> open_outcome_records(const std::vector<MoveProbe>& probes, const sy::Rules& rules,
                                                const Budget& budget) {
  std::vector<ScytheWitness> out;
  for (const MoveProbe& p : probes) {
    const std::string scope = fmt::format(
        "{} on the line map of {} territories between the home bases, every valid position with no unit on another "
        "faction's home base",
        p.title, p.map.territories.size() - 2);
    out.push_back(open_outcome_record<ScytheWitness>(
        fmt::format("scythe.new.{}", p.name),
        fmt::format("{}: a move the text leaves undecided, or allows with no outcome", p.title), scope,
        [&](std::string* why) { return undecided_move(p, rules, budget, why); },
        [&](std::string* why) { return dead_end_move(p, rules, budget, why); }));
  }
  return out;
}

std::vector<ScytheWitness> open_outcomes(const std::vector<MoveProbe>& probes, const sy::Rules& rules,
                                         const Budget& budget) {
  std::vector<ScytheWitness> out;
  for (auto& w : open_outcome_records(probes, rules, budget))
    if (is_finding_kind(w.kind)) out.push_back(std::move(w));
  return out;
}

}  // namespace rulecheck::solver::scythe

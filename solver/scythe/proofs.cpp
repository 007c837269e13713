// Invariants of Scythe's movement proved for all states of a small symbolic board: HB-red - A - B -
// HB-blue, every unit count, every popularity and who holds a shared territory symbolic (unbounded
// integers, constrained only by what makes a state valid), and each single-step unit move of red
// from A to B (a mech carrying any number of workers). Prove = assert the negation: unsat is proved.
#include <functional>

#include <fmt/format.h>

#include "solver/parallel.hpp"
#include "solver/scythe/encoding.hpp"
#include "solver/scythe/reachable.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

namespace {

// The board's map, with B holding an encounter token when `encounter`.
sy::State shape(bool encounter) {
  sy::State s;
  s.factions["red"] = sy::Faction{0, "HB-red"};
  s.factions["blue"] = sy::Faction{0, "HB-blue"};
  s.territories["HB-red"] = sy::Territory{{"A"}, "red", "home-base", {}, {}, false, {}, {}};
  s.territories["HB-blue"] = sy::Territory{{"B"}, "blue", "home-base", {}, {}, false, {}, {}};
  s.territories["A"] = sy::Territory{{"HB-red", "B"}, {}, "farm", {}, {}, false, {}, {}};
  s.territories["B"] = sy::Territory{{"A", "HB-blue"}, {}, "forest", {}, {}, encounter, {}, {}};
  return s;
}

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

// One invariant over each unit's move A -> B, with and without an encounter token at B.
ScytheProof prove_invariant(const Invariant& inv, const sy::Rules& rules, const Budget& budget) {
  {
    ScytheProof p{inv.id, inv.claim, inv.clauses, ProofStatus::proved, "", std::nullopt, std::nullopt};
    bool exercised = inv.exercised == nullptr;
    for (bool encounter : {false, true})
      for (sy::Unit unit : sy::kUnits) {
        if (p.status != ProofStatus::proved) break;
        z3::context ctx;
        const sy::State map = shape(encounter);
        const Board b = board_of(map);
        const Position before = free_position(ctx, b, "s");
        const z3::expr carried = ctx.int_const("carried");
        const UnitStep step{unit,
                            b.territory_index.at("A"),
                            {b.territory_index.at("B")},
                            unit == sy::Unit::mech ? carried : ctx.int_val(0)};
        const Encoded e = encode_move(ctx, rules, b, before, b.faction_index.at("red"), {step});
        z3::solver s = one_shot_solver(ctx, budget);
        for (const auto& v : valid_position(ctx, rules, b, before)) s.add(v);
        for (const auto& c : e.choices) s.add(c);
        s.add(all_of(ctx, e.legal));
        if (!exercised) {
          s.push();
          s.add(inv.exercised(ctx, e));
          exercised = run_check(s) == z3::sat;
          s.pop();
        }
        s.add(!inv.holds(ctx, rules, b, before, e));
        const z3::check_result r = run_check(s);
        if (r == z3::unsat) continue;
        if (r == z3::unknown) {
          p.detail = unknown_reason(s);
          p.status = undecided(p.detail);
          break;
        }
        const z3::model m = s.get_model();
        p.status = ProofStatus::refuted;
        p.detail = fmt::format("a legal {} move A -> B breaks it", sy::unit_name(unit));
        sy::Move mv{"red", {{unit, "A", {"B"}, unit == sy::Unit::mech ? int_value(m, carried) : 0}}};
        p.counterexample = Example<sy::State, sy::Move>{state_in(m, b, before, map), mv};
        p.counterexample_next = state_in(m, b, e.next, map);
      }
    if (p.status == ProofStatus::proved && !exercised) {
      p.status = ProofStatus::unknown;
      p.detail = "vacuous: no legal move of the shape does what the claim is about";
    }
    return p;
  }
}

}  // namespace

std::vector<ScytheProof> prove(const sy::Rules& rules, const Budget& budget) {
  // The invariants share nothing: two threads, the records in the invariants' order.
  std::vector<std::function<std::vector<ScytheProof>()>> tasks;
  for (const Invariant& inv : invariants())
    tasks.push_back([&inv, &rules, &budget] { return std::vector<ScytheProof>{prove_invariant(inv, rules, budget)}; });
  // The states play can reach (rules/scythe/invariants.json): every legal move keeps them.
  tasks.push_back([&rules, &budget] { return prove_reachable_kept(rules, budget); });
  return run_in_order(tasks);
}

}  // namespace rulecheck::solver::scythe

// The states play can reach (rules/scythe/invariants.json), written here from the movement text over
// the encoding's Position (independently of oracle/scythe/reachable.cpp), and the proof that every
// legal move keeps them: a state that keeps them, a legal move, and a next state that breaks one is
// unsatisfiable. One-step induction, bounded: on one map (below, the scope each record states) with
// every count, popularity, holder and pending flag symbolic (unbounded integers), for every single
// unit move of red along every path of one or two steps that starts where red's units may stand, each
// unit kind (a mech carrying any number of workers), under the ruleset's move ranges and again with
// every range at least 2. Issue 21 lifts the bound (boards of any size).
#include <functional>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/scythe/encoding.hpp"
#include "solver/scythe/reachable.hpp"

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

// A character on a territory with an encounter token has stopped there and its encounter waits
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

// The map: HB-red - A - B - HB-blue, and C beside both A and B; an encounter token on B when asked.
sy::State reach_shape(bool encounter) {
  sy::State s;
  s.factions["red"] = sy::Faction{0, "HB-red"};
  s.factions["blue"] = sy::Faction{0, "HB-blue"};
  s.territories["HB-red"] = sy::Territory{{"A"}, "red", "home-base", {}, {}, false, {}, {}};
  s.territories["HB-blue"] = sy::Territory{{"B"}, "blue", "home-base", {}, {}, false, {}, {}};
  s.territories["A"] = sy::Territory{{"HB-red", "B", "C"}, {}, "farm", {}, {}, false, {}, {}};
  s.territories["B"] = sy::Territory{{"A", "HB-blue", "C"}, {}, "forest", {}, {}, encounter, {}, {}};
  s.territories["C"] = sy::Territory{{"A", "B"}, {}, "village", {}, {}, false, {}, {}};
  return s;
}

const char* kScope =
    "bounded: on the map HB-red - A - B - HB-blue with C beside A and B (an encounter token on B or none), "
    "every count, popularity and pending flag symbolic; each single unit move of red along every path of 1 or 2 "
    "steps from HB-red, A, B or C, each unit kind (a mech carrying any number of workers), under the ruleset's "
    "move ranges and again with every range at least 2";

// Every path of 1 or 2 steps from `from` that does not come back to where it started.
std::vector<std::vector<int>> paths_from(const Board& b, int from) {
  std::vector<std::vector<int>> out;
  for (int u = 0; u < b.n_territories(); ++u) {
    if (!b.adjacent[from][u]) continue;
    out.push_back({u});
    for (int v = 0; v < b.n_territories(); ++v)
      if (b.adjacent[u][v] && v != from) out.push_back({u, v});
  }
  return out;
}

sy::Rules with_ranges_at_least_2(sy::Rules rules) {
  for (auto& [unit, range] : rules.numbers.move_range) range = std::max(range, 2);
  return rules;
}

// A refuted record: the move and the position the model gives.
void refute(ScytheProof& p, const z3::model& m, const Board& b, const sy::State& map, const Position& before,
            const Encoded& e, const UnitStep& step, const z3::expr& carried) {
  std::vector<sy::TerritoryId> ids;
  for (int t : step.path) ids.push_back(b.territories[t]);
  const sy::TerritoryId& start = b.territories[step.from];
  p.status = ProofStatus::refuted;
  p.detail = fmt::format("a legal {} move from {} along {} breaks it", sy::unit_name(step.unit), start,
                         fmt::join(ids, " -> "));
  const int carried_n = step.unit == sy::Unit::mech ? int_value(m, carried) : 0;
  p.counterexample =
      Example<sy::State, sy::Move>{state_in(m, b, before, map), sy::Move{"red", {{step.unit, start, ids, carried_n}}}};
  p.counterexample_next = state_in(m, b, e.next, map);
}

// Every invariant over every move of the scope, from every position that keeps them all: one solver
// per move, one check per invariant still standing.
std::vector<ScytheProof> prove_kept(const sy::Rules& rules, const Budget& budget) {
  std::vector<ScytheProof> proofs;
  for (const auto& inv : reachable_invariants())
    proofs.push_back(ScytheProof{inv.id, fmt::format("every legal move keeps it ({})", kScope), inv.clauses,
                                 ProofStatus::proved, "", std::nullopt, std::nullopt});
  bool exercised = false;
  const auto& invariants = reachable_invariants();
  for (const sy::Rules& r : {rules, with_ranges_at_least_2(rules)})
    for (bool encounter : {false, true}) {
      const sy::State map = reach_shape(encounter);
      const Board b = board_of(map);
      const int red = b.faction_index.at("red");
      // One solver per map: a position that keeps every invariant, then each move pushed in turn.
      z3::context ctx;
      const Position before = free_position(ctx, b, "s");
      const z3::expr carried = ctx.int_const("carried");
      z3::solver s = one_shot_solver(ctx, budget);
      for (const auto& v : valid_position(ctx, r, b, before)) s.add(v);
      for (const auto& i : invariants) s.add(i.holds(ctx, b, before));
      for (const char* start : {"HB-red", "A", "B", "C"}) {
        const int from = b.territory_index.at(start);
        for (const auto& path : paths_from(b, from))
          for (sy::Unit unit : sy::kUnits) {
            const UnitStep step{unit, from, path, unit == sy::Unit::mech ? carried : ctx.int_val(0)};
            const Encoded e = encode_move(ctx, r, b, before, red, {step});
            s.push();
            for (const auto& c : e.choices) s.add(c);
            s.add(all_of(ctx, e.legal));
            const z3::check_result any = run_check(s);  // is some move of this shape legal from a reachable state?
            if (any == z3::unsat) {                  // none: nothing to keep
              s.pop();
              continue;
            }
            exercised = exercised || any == z3::sat;
            for (std::size_t k = 0; k < invariants.size(); ++k) {
              ScytheProof& p = proofs[k];
              if (p.status != ProofStatus::proved) continue;
              s.push();
              s.add(!invariants[k].holds(ctx, b, e.next));
              const z3::check_result result = run_check(s);
              if (result == z3::unknown) {
                p.detail = unknown_reason(s);
                p.status = undecided(p.detail);
              } else if (result == z3::sat) {
                refute(p, s.get_model(), b, map, before, e, step, carried);
              }
              s.pop();
            }
            s.pop();
          }
      }
    }
  if (!exercised)
    for (auto& p : proofs)
      if (p.status == ProofStatus::proved) {
        p.status = ProofStatus::unknown;
        p.detail = "vacuous: no legal move of the scope starts from a state play can reach";
      }
  return proofs;
}

}  // namespace

std::vector<std::string> reachable_invariant_ids() {
  std::vector<std::string> out;
  for (const auto& i : reachable_invariants()) out.push_back(i.id);
  return out;
}

std::vector<ScytheProof> prove_reachable_kept(const sy::Rules& rules, const Budget& budget) {
  return prove_kept(rules, budget);
}

}  // namespace rulecheck::solver::scythe

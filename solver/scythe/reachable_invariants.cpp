// The six invariants of the states Scythe's play can reach (rules/scythe/invariants.json) over a position
// before or after one unit's move, and their mid-action forms, for the movement theorems
// (unbounded_proofs.cpp) and their vacuity checks.
#include "solver/scythe/reachable_invariants.hpp"

namespace rulecheck::solver::scythe::states {

namespace mr = misread;
constexpr int kCharacter = 0, kWorker = 2;

View before(const SortedBoard& b) {
  return {[&b](int k, const z3::expr& t, int f) { return b.count(k, t, f); },
          [&b](const z3::expr& t) { return b.combat_pending(t); },
          [&b](const z3::expr& t) { return b.encounter_pending(t); }};
}

View after(const SortedMove& m) { return {m.units_after, m.combat_pending_after, m.encounter_pending_after}; }


// Within a Move action (between two unit moves) a combat is set pending only at the action's end
// (scythe.move.combat-pending): the mover's character or mechs may stand beside an opponent's combat
// units in one territory (`meets`) with none pending yet. The mid-action invariants are the six with that allowed: the first
// two hold there or the mover meets an opponent there (the end sets it pending), and no home base has
// a pending combat or such a meeting (the end would set one there); the other three as they are.
z3::expr meets(const View& v, const z3::expr& t) {
  z3::expr opposed = t.ctx().bool_val(false);
  for (int o = 1; o < kFactions; ++o) opposed = opposed || v.combat(t, o) >= 1;
  return v.combat(t, kMover) >= 1 && opposed;
}
// The first two invariants together, for every pair of factions of the game: where two factions have
// units, a combat is pending (where one has workers and the other units, either both are armed, and the
// first gives it, or the second does; where neither has workers, both are armed); mid-action, or the
// mover meets an opponent there. The count of factions there is the named ones' and the rest's:
// stronger than the rest's instances of each, and as true.
z3::expr shared_only_in_pending_combat(const SortedBoard& b, const z3::expr& t, bool mid_action) {
  z3::expr factions = b.rest_factions(t);
  for (int f = 0; f < kNamed; ++f) factions = factions + z3::ite(b.present(t, f), b.c.int_val(1), b.c.int_val(0));
  const z3::expr pending = mid_action ? b.combat_pending(t) || meets(before(b), t) : b.combat_pending(t);
  return z3::implies(factions >= 2, pending);
}

// An invariant at territory t, for every pair of the first `factions` factions: the named ones for a
// claim, and the rest too for a premise. Each invariant of the rest (as f or g) is one of its factions'
// instances made weaker, so true of every game: the rest's sums have a unit where one of its factions
// does, and where they have no character or mech none of its factions has one.
z3::expr at_every_faction(Invariant holds, const SortedBoard& b, const View& v, const z3::expr& t, int factions) {
  z3::expr all = b.c.bool_val(true);
  for (int f = 0; f < factions; ++f)
    for (int g = 0; g < factions; ++g) all = all && holds(b, v, t, f, g);
  return all;
}


namespace {

// The six states play can reach, as in reachable.cpp, over a view.
z3::expr combat_units_meet_only_in_pending_combat(const SortedBoard&, const View& v, const z3::expr& t, int f, int g) {
  if (f == g) return t.ctx().bool_val(true);
  return z3::implies(v.combat(t, f) >= 1 && v.combat(t, g) >= 1, v.combat_pending(t));
}
z3::expr workers_share_only_in_pending_combat(const SortedBoard&, const View& v, const z3::expr& t, int f, int g) {
  if (f == g) return t.ctx().bool_val(true);
  const z3::expr both_armed = v.combat(t, f) >= 1 && v.combat(t, g) >= 1;
  return z3::implies(v.units(kWorker, t, f) >= 1 && v.present(t, g) && !both_armed, v.combat_pending(t));
}
z3::expr home_base_holds_only_its_faction(const SortedBoard& b, const View& v, const z3::expr& t, int f, int) {
  return z3::implies(b.is_home(t) && b.home_of(t) != f, !v.present(t, f));
}
z3::expr no_pending_combat_in_home_base(const SortedBoard& b, const View& v, const z3::expr& t, int, int) {
  return z3::implies(b.is_home(t), !v.combat_pending(t));
}
z3::expr character_on_encounter_has_it_pending(const SortedBoard& b, const View& v, const z3::expr& t, int f, int) {
  return z3::implies(b.encounter(t) && v.units(kCharacter, t, f) >= 1, v.encounter_pending(t));
}
z3::expr pending_encounter_on_token(const SortedBoard& b, const View& v, const z3::expr& t, int, int) {
  return z3::implies(!b.encounter(t), !v.encounter_pending(t));
}

z3::expr mid_combat_units_meet(const SortedBoard& b, const View& v, const z3::expr& t, int f, int g) {
  return combat_units_meet_only_in_pending_combat(b, v, t, f, g) || meets(v, t);
}
z3::expr mid_workers_share(const SortedBoard& b, const View& v, const z3::expr& t, int f, int g) {
  return workers_share_only_in_pending_combat(b, v, t, f, g) || meets(v, t);
}
z3::expr mid_no_pending_combat_in_home_base(const SortedBoard& b, const View& v, const z3::expr& t, int, int) {
  return z3::implies(b.is_home(t), !v.combat_pending(t) && !meets(v, t));
}

}  // namespace

const std::vector<Reachable>& reachable_invariants() {
  static const std::vector<Reachable> list = {
      {"scythe.reachable.combat-units-meet-only-in-pending-combat",
       {"scythe.move.combat-stop", "scythe.move.combat-pending"},
       combat_units_meet_only_in_pending_combat,
       mid_combat_units_meet,
       {mr::kNoCombatPending, mr::kPendingOnlyCharacter},
       true},
      {"scythe.reachable.workers-share-only-in-pending-combat",
       {"scythe.move.workers-stop", "scythe.move.workers-retreat", "scythe.move.worker-blocked-by-workers",
        "scythe.move.worker-blocked-by-combat-units", "scythe.move.mech-carry", "scythe.move.combat-pending"},
       workers_share_only_in_pending_combat,
       mid_workers_share,
       {mr::kWorkerIntoCombat, mr::kWorkerIntoWorkers, mr::kNoRetreat},
       true},
      {"scythe.reachable.home-base-holds-only-its-faction",
       {"scythe.move.home-base", "scythe.move.workers-retreat"},
       home_base_holds_only_its_faction,
       home_base_holds_only_its_faction,
       {mr::kHomeIgnored, mr::kRetreatToMoversBase}},
      {"scythe.reachable.no-pending-combat-in-home-base",
       {"scythe.move.home-base", "scythe.move.combat-pending"},
       no_pending_combat_in_home_base,
       mid_no_pending_combat_in_home_base,
       {mr::kHomeIgnored}},
      {"scythe.reachable.character-on-encounter-has-it-pending",
       {"scythe.move.encounter-stop", "scythe.move.encounter-pending", "scythe.move.encounter-resolve"},
       character_on_encounter_has_it_pending,
       character_on_encounter_has_it_pending,
       {mr::kEncounterNoPending, mr::kEncounterAtPathEndOnly}},
      {"scythe.reachable.pending-encounter-on-token",
       {"scythe.move.encounter-pending", "scythe.move.encounter-resolve"},
       pending_encounter_on_token,
       pending_encounter_on_token,
       {mr::kEncounterEverywhere}},
  };
  return list;
}

}  // namespace rulecheck::solver::scythe::states

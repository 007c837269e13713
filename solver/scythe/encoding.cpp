// The encoding of Scythe's movement section (see encoding.hpp). Each constraint cites the clause
// of rules/scythe/clauses.json it encodes; every number comes from the Ruleset and every reading
// of rules/scythe/interpretations.json is a switch on sy::Readings.
#include "solver/scythe/encoding.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using R = sy::Readings;
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;

int kind(Unit u) { return static_cast<int>(u); }

}  // namespace

// ---------------------------------------------------------------- folding constants as we build

bool Fold::num(const z3::expr& e, int& v) { return e.is_numeral() && e.is_numeral_i(v); }

z3::expr Fold::add(const z3::expr& a, const z3::expr& b) {
  int x, y;
  const bool nx = num(a, x), ny = num(b, y);
  if (nx && ny) return a.ctx().int_val(x + y);
  if (nx && x == 0) return b;
  if (ny && y == 0) return a;
  return a + b;
}

z3::expr Fold::sub(const z3::expr& a, const z3::expr& b) {
  int x, y;
  const bool nx = num(a, x), ny = num(b, y);
  if (nx && ny) return a.ctx().int_val(x - y);
  if (ny && y == 0) return a;
  return a - b;
}

z3::expr Fold::mul(int k, const z3::expr& a) {
  int x;
  if (num(a, x)) return a.ctx().int_val(k * x);
  if (k == 0) return a.ctx().int_val(0);
  if (k == 1) return a;
  return a.ctx().int_val(k) * a;
}

z3::expr Fold::max(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().int_val(std::max(x, y));
  return z3::ite(a >= b, a, b);
}

z3::expr Fold::ite(const z3::expr& c, const z3::expr& a, const z3::expr& b) {
  if (c.is_true()) return a;
  if (c.is_false()) return b;
  if (z3::eq(a, b)) return a;
  return z3::ite(c, a, b);
}

z3::expr Fold::eq(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x == y);
  if (a.is_bool() && (a.is_true() || a.is_false()) && (b.is_true() || b.is_false()))
    return a.ctx().bool_val(a.is_true() == b.is_true());
  if (z3::eq(a, b)) return a.ctx().bool_val(true);
  return a == b;
}

z3::expr Fold::ge(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x >= y);
  return a >= b;
}

z3::expr Fold::gt(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x > y);
  return a > b;
}

z3::expr Fold::land(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_false()) return a.ctx().bool_val(false);
  if (a.is_true()) return b;
  if (b.is_true()) return a;
  return a && b;
}

z3::expr Fold::lor(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_true()) return a.ctx().bool_val(true);
  if (a.is_false()) return b;
  if (b.is_false()) return a;
  return a || b;
}

z3::expr Fold::lnot(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  return !a;
}

// ---------------------------------------------------------------- concrete states in and out

Board board_of(const sy::State& s) {
  Board b;
  for (const auto& [id, f] : s.factions) {
    b.faction_index[id] = b.n_factions();
    b.factions.push_back(id);
  }
  for (const auto& [id, t] : s.territories) {
    b.territory_index[id] = b.n_territories();
    b.territories.push_back(id);
  }
  const int n = b.n_territories();
  b.adjacent.assign(n, std::vector<bool>(n, false));
  for (const auto& [id, t] : s.territories) {
    const int i = b.territory_index.at(id);
    for (const auto& a : t.adjacent)
      if (auto it = b.territory_index.find(a); it != b.territory_index.end()) b.adjacent[i][it->second] = true;
    auto faction_or_nobody = [&](const std::optional<sy::FactionId>& f) {
      if (!f) return kNobody;
      auto it = b.faction_index.find(*f);
      return it == b.faction_index.end() ? kNobody : it->second;
    };
    b.home_of.push_back(faction_or_nobody(t.home_base));
    b.encounter.push_back(t.encounter);
    b.structure_owner.push_back(t.structure ? faction_or_nobody(t.structure->owner) : kNobody);
  }
  for (const auto& [id, f] : s.factions) {
    auto it = b.territory_index.find(f.home_base);
    b.home_base.push_back(it == b.territory_index.end() ? 0 : it->second);
  }
  return b;
}

Position position_of(z3::context& ctx, const Board& b, const sy::State& s) {
  Position p;
  const z3::expr zero = ctx.int_val(0);
  for (const auto& id : b.territories) {
    const sy::Territory& t = s.territories.at(id);
    std::vector<std::array<z3::expr, 3>> row;
    for (const auto& f : b.factions) {
      auto it = t.units.find(f);
      if (it == t.units.end()) {
        row.push_back({zero, zero, zero});
      } else {
        const sy::UnitCounts& u = it->second;
        row.push_back({ctx.int_val(u[Unit::character]), ctx.int_val(u[Unit::mech]), ctx.int_val(u[Unit::worker])});
      }
    }
    p.units.push_back(std::move(row));
    p.held_by.push_back(ctx.int_val(
        t.held_by ? b.faction_index.count(*t.held_by) ? b.faction_index.at(*t.held_by) : kNobody : kNobody));
    auto listed = [&](const std::vector<sy::TerritoryId>& l) {
      return ctx.bool_val(std::find(l.begin(), l.end(), id) != l.end());
    };
    p.combat_pending.push_back(listed(s.pending_combats));
    p.encounter_pending.push_back(listed(s.pending_encounters));
  }
  for (const auto& f : b.factions) p.popularity.push_back(ctx.int_val(s.factions.at(f).popularity));
  return p;
}

Constraints frame(z3::context& ctx, const sy::State& before, const sy::State& after, bool& same_shape) {
  Constraints out;
  auto keep = [&](const char* clause, bool same) {
    if (!same) out.push_back({clause, ctx.bool_val(false)});
  };
  std::set<sy::FactionId> fb, fa;
  for (const auto& [id, f] : before.factions) fb.insert(id);
  for (const auto& [id, f] : after.factions) fa.insert(id);
  std::set<sy::TerritoryId> tb, ta;
  for (const auto& [id, t] : before.territories) tb.insert(id);
  for (const auto& [id, t] : after.territories) ta.insert(id);
  same_shape = fb == fa && tb == ta;
  for (const auto& [id, t] : after.territories)
    for (const auto& [owner, u] : t.units)
      if (!fb.count(owner) && u.total() > 0) same_shape = false;
  // A move only relocates units: the map it runs on is the same afterwards (scythe.move.path).
  keep("scythe.move.path", same_shape);
  if (!same_shape) return out;
  for (const auto& [id, f] : before.factions) keep("scythe.move.path", after.factions.at(id).home_base == f.home_base);
  for (const auto& [id, t] : before.territories) {
    const sy::Territory& a = after.territories.at(id);
    std::set<sy::TerritoryId> adj_b(t.adjacent.begin(), t.adjacent.end()), adj_a(a.adjacent.begin(), a.adjacent.end());
    keep("scythe.move.path", adj_b == adj_a && t.home_base == a.home_base && t.terrain == a.terrain);
    // scythe.move.structure-capture: entering changes who controls a structure, not the structure.
    const bool same_structure =
        t.structure.has_value() == a.structure.has_value() &&
        (!t.structure || (t.structure->owner == a.structure->owner && t.structure->kind == a.structure->kind));
    keep("scythe.move.structure-capture", same_structure);
    // scythe.move.encounter-pending: the token waits for the encounter, which is not movement
    // (discarding it belongs to scythe.move.encounter-resolve, out of scope).
    keep("scythe.move.encounter-pending", t.encounter == a.encounter);
    // scythe.move.resources-stay: resources never travel with units, forced out or not.
    keep("scythe.move.resources-stay", t.resources == a.resources);
  }
  return out;
}

std::optional<std::vector<UnitStep>> steps_of(z3::context& ctx, const Board& b, const sy::Move& m) {
  std::vector<UnitStep> out;
  for (const auto& um : m.moves) {
    auto from = b.territory_index.find(um.from);
    if (from == b.territory_index.end()) return std::nullopt;
    UnitStep s{um.unit, from->second, {}, ctx.int_val(um.carried_workers)};
    for (const auto& p : um.path) {
      auto it = b.territory_index.find(p);
      if (it == b.territory_index.end()) return std::nullopt;
      s.path.push_back(it->second);
    }
    out.push_back(std::move(s));
  }
  return out;
}

// ---------------------------------------------------------------- what a territory holds

z3::expr present(const Position& p, int t, int f) {
  const auto& u = p.units[t][f];
  return Fold::gt(Fold::add(Fold::add(u[kCharacter], u[kMech]), u[kWorker]), u[0].ctx().int_val(0));
}

z3::expr combat_units(const Position& p, int t, int f) {
  return Fold::add(p.units[t][f][kCharacter], p.units[t][f][kMech]);
}

z3::expr factions_present(z3::context& ctx, const Board& b, const Position& p, int t) {
  z3::expr n = ctx.int_val(0);
  for (int f = 0; f < b.n_factions(); ++f)
    n = Fold::add(n, Fold::ite(present(p, t, f), ctx.int_val(1), ctx.int_val(0)));
  return n;
}

namespace {

// Whether faction index `who` (an expression) is one of the factions present on t.
z3::expr names_present(z3::context& ctx, const Board& b, const Position& p, int t, const z3::expr& who) {
  z3::expr any = ctx.bool_val(false);
  for (int f = 0; f < b.n_factions(); ++f)
    any = Fold::lor(any, Fold::land(Fold::eq(who, ctx.int_val(f)), present(p, t, f)));
  return any;
}

// Who controls t: the one faction with units there; the holder while several share it
// (scythe.move.combat-temporary-control); with no units, the owner of the structure
// (scythe.move.structure-capture); else nobody.
// convention scythe.convention.control-by-units
z3::expr controller(z3::context& ctx, const Board& b, const Position& p, int t) {
  z3::expr n = factions_present(ctx, b, p, t);
  z3::expr single = ctx.int_val(0);
  for (int f = 0; f < b.n_factions(); ++f)
    single = Fold::add(single, Fold::ite(present(p, t, f), ctx.int_val(f), ctx.int_val(0)));
  return Fold::ite(Fold::ge(n, ctx.int_val(2)), p.held_by[t],
                   Fold::ite(Fold::eq(n, ctx.int_val(1)), single, ctx.int_val(b.structure_owner[t])));
}

// Some opponent of `me` has units of this sort on t: its character or mechs, or its workers.
z3::expr opponent_stands(z3::context& ctx, const Board& b, const Position& p, int t, int me, bool combat) {
  z3::expr any = ctx.bool_val(false);
  for (int o = 0; o < b.n_factions(); ++o)
    if (o != me)
      any = Fold::lor(any, Fold::gt(combat ? combat_units(p, t, o) : p.units[t][o][kWorker], ctx.int_val(0)));
  return any;
}

// t is controlled by an opponent of `me` by means of its character/mechs (combat) or workers.
z3::expr opponent_controls_with(z3::context& ctx, const Board& b, const Position& p, int t, int me, bool combat) {
  const z3::expr who = controller(ctx, b, p, t);
  z3::expr any = ctx.bool_val(false);
  for (int o = 0; o < b.n_factions(); ++o)
    if (o != me)
      any =
          Fold::lor(any, Fold::land(Fold::eq(who, ctx.int_val(o)),
                                    Fold::gt(combat ? combat_units(p, t, o) : p.units[t][o][kWorker], ctx.int_val(0))));
  return any;
}

// scythe.move.worker-blocked-by-combat-units / scythe.move.worker-blocked-by-workers, with the
// reading of scythe.worker-blocking: "controlled by" as the territory's controller ("control"), or
// as any opponent units of that sort standing there ("presence").
z3::expr blocks_worker(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& p, int t, int me,
                       bool combat) {
  if (rules.readings.worker_blocking == R::WorkerBlocking::presence) return opponent_stands(ctx, b, p, t, me, combat);
  return opponent_controls_with(ctx, b, p, t, me, combat);
}

// convention scythe.convention.mover-holding-not-stopped: the controller is an opponent
// scythe.move.workers-stop: entering a territory an opponent controls with workers and where no
// other units (no opponent character or mech) stand.
z3::expr held_by_opponent_workers_alone(z3::context& ctx, const Board& b, const Position& p, int t, int me) {
  return Fold::land(Fold::lnot(opponent_stands(ctx, b, p, t, me, true)),
                    opponent_controls_with(ctx, b, p, t, me, false));
}

// convention scythe.convention.moves-in-order: the steps are encoded one after another
// The action so far: where things stand, and what the rules remember within one Move action.
struct InAction {
  Position pos;
  std::vector<std::array<z3::expr, 3>> moved;  // [t][kind]: the mover's units on t that have moved
  std::vector<z3::expr> fresh, spent;          // [t]: the mover's workers that have / have not walked
  std::vector<z3::expr> vacated;               // [t]: workers were forced out of t in this action
  std::vector<z3::expr> encounter_entered;     // [t]: the character ended a move on t's encounter
  z3::expr character_stopped;                  // the character met an encounter: no more moves
  z3::expr retreated;
};

class MovePlayer {
 public:
  MovePlayer(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int me,
             const Silences* loose)
      : loose_(loose),
        ctx_(ctx),
        rules_(rules),
        b_(b),
        me_(me),
        a_{before, {}, {}, {}, {}, {}, ctx.bool_val(false), ctx.int_val(0)},
        out_{{}, before, ctx.int_val(0), {}} {
    const z3::expr zero = ctx.int_val(0);
    for (int t = 0; t < b.n_territories(); ++t) {
      a_.moved.push_back({zero, zero, zero});
      a_.fresh.push_back(before.units[t][me][kWorker]);
      a_.spent.push_back(zero);
      a_.vacated.push_back(ctx.bool_val(false));
      a_.encounter_entered.push_back(ctx.bool_val(false));
    }
  }

  Encoded play(const std::vector<UnitStep>& steps) {
    // interpretation scythe.units-per-move: under "ruleset-cap" an action moves at most the
    // ruleset's units_per_move units, riders on a mech not being units that move by themselves
    // (scythe.move.units-per-action); under "no-cap" the movement text sets no number.
    if (rules_.readings.units_per_move == R::UnitsPerMove::ruleset_cap)
      legal("scythe.move.units-per-action",
            ctx_.bool_val(static_cast<int>(steps.size()) <= rules_.numbers.units_per_move));
    for (std::size_t k = 0; k < steps.size(); ++k) play_one(steps[k], k);
    settle();
    return out_;
  }

 private:
  void legal(const char* clause, const z3::expr& f) { out_.legal.push_back({clause, f}); }
  // scythe.move.once-per-action, implied by the words: in the literal relation a unit may start
  // another move when its silence says so (Silences::unit_moves_again).
  void once(const z3::expr& f) {
    legal("scythe.move.once-per-action", loose_ ? Fold::lor(loose_->unit_moves_again, f) : f);
  }
  bool counts_as_move() const { return rules_.readings.carried_workers == R::CarriedWorkers::counts_as_move; }
  z3::expr n(int v) const { return ctx_.int_val(v); }

  // Who may start this move: the unit is there and has not moved yet; riders are there.
  void may_start(const UnitStep& s, std::size_t k) {
    auto& here = a_.pos.units[s.from][me_];
    const int u = kind(s.unit);
    // scythe.move.encounter-stop: the character that met an encounter cannot move again this turn.
    if (s.unit == Unit::character) legal("scythe.move.encounter-stop", Fold::lnot(a_.character_stopped));
    // scythe.move.unit-present
    legal("scythe.move.unit-present", Fold::ge(here[u], n(1)));
    // scythe.move.once-per-action: some unit of that kind there has not moved yet. Under
    // "not-a-move" (scythe.carried-workers) a worker is spent only by moving by itself.
    if (s.unit != Unit::worker || counts_as_move())
      once(Fold::ge(Fold::sub(here[u], a_.moved[s.from][u]), n(1)));
    else
      once(Fold::ge(a_.fresh[s.from], n(1)));
    // scythe.move.mech-carry: only a mech brings workers along, from its start territory.
    int c = 0;
    const bool no_riders = Fold::num(s.carried, c) && c == 0;
    if (s.unit != Unit::mech) legal("scythe.move.mech-carry", Fold::eq(s.carried, n(0)));
    if (no_riders) return;
    // scythe.move.unit-present: the riders are on the mech's start territory.
    legal("scythe.move.unit-present", Fold::land(Fold::ge(s.carried, n(0)), Fold::ge(here[kWorker], s.carried)));
    if (counts_as_move()) {
      // scythe.carried-workers "counts-as-move": riding is moving, so only unmoved workers ride.
      once(Fold::ge(Fold::sub(here[kWorker], a_.moved[s.from][kWorker]), s.carried));
      return;
    }
    // "not-a-move": an action names how many ride, not which; `spent_riders` of them have walked
    // already, the rest have not. Any choice the workers there allow will do (existential).
    z3::expr spent_riders = n(0);
    int spent_here = 0;
    if (!(Fold::num(a_.spent[s.from], spent_here) && spent_here == 0)) {
      spent_riders = ctx_.int_const(fmt::format("{}riders_walked_{}", loose_ ? loose_->tag : "", k).c_str());
      out_.choices.push_back(spent_riders >= 0 && spent_riders <= s.carried);
    }
    once(Fold::land(Fold::ge(a_.spent[s.from], spent_riders),
                    Fold::ge(a_.fresh[s.from], Fold::sub(s.carried, spent_riders))));
    riders_walked_ = spent_riders;
  }

  void play_one(const UnitStep& s, std::size_t k) {
    const int u = kind(s.unit);
    riders_walked_ = n(0);
    may_start(s, k);
    // scythe.move.path: a move goes somewhere (a path of at least one territory);
    // scythe.move.range: at most the unit's move_range (a mech ability that goes further is a
    // larger move_range: scythe.move.mech-abilities).
    const int range = rules_.numbers.move_range.count(s.unit) ? rules_.numbers.move_range.at(s.unit) : 0;
    const int steps = static_cast<int>(s.path.size());
    legal("scythe.move.path", ctx_.bool_val(steps >= 1));
    legal("scythe.move.range", ctx_.bool_val(steps <= range));
    // scythe.move.worker-blocked-by-combat-units: a worker by itself does not leave a territory
    // an opponent's mechs or character control.
    if (s.unit == Unit::worker)
      legal("scythe.move.worker-blocked-by-combat-units",
            Fold::lnot(blocks_worker(ctx_, rules_, b_, a_.pos, s.from, me_, true)));

    auto& start = a_.pos.units[s.from][me_];
    start[u] = Fold::sub(start[u], n(1));
    start[kWorker] = Fold::sub(start[kWorker], s.carried);

    std::vector<z3::expr> ends_here;
    std::vector<bool> encounter_at;
    z3::expr reached = ctx_.bool_val(true);
    int previous = s.from;
    for (int i = 0; i < steps; ++i) {
      const int to = s.path[i];
      const bool last = i + 1 == steps;
      // scythe.move.path: each step enters a territory adjacent to the one before.
      legal("scythe.move.path", Fold::implies(reached, ctx_.bool_val(b_.adjacent[previous][to])));
      // scythe.move.home-base: no unit on the board moves into a home base.
      legal("scythe.move.home-base", Fold::implies(reached, ctx_.bool_val(b_.home_of[to] == kNobody)));
      const z3::expr stops = s.unit == Unit::worker ? worker_enters(to, reached) : fighter_enters(s, to, reached, last);
      const z3::expr goes_on =
          rules_.readings.stop_path == R::StopPath::truncate ? Fold::land(reached, Fold::lnot(stops)) : reached;
      ends_here.push_back(last ? reached : Fold::land(reached, Fold::lnot(goes_on)));
      encounter_at.push_back(s.unit == Unit::character && b_.encounter[to]);
      reached = goes_on;
      previous = to;
    }
    arrive(s, ends_here, encounter_at);
  }

  // A worker moving by itself: scythe.move.worker-blocked-by-combat-units,
  // scythe.move.worker-blocked-by-workers, and interpretation scythe.vacated-workers. A worker
  // never stops a move by itself (nothing is said of it), so it returns false.
  z3::expr worker_enters(int to, const z3::expr& reached) {
    legal("scythe.move.worker-blocked-by-combat-units",
          Fold::implies(reached, Fold::lnot(blocks_worker(ctx_, rules_, b_, a_.pos, to, me_, true))));
    legal("scythe.move.worker-blocked-by-workers",
          Fold::implies(reached, Fold::lnot(blocks_worker(ctx_, rules_, b_, a_.pos, to, me_, false))));
    // scythe.move.vacated-open opens a vacated territory to the mover's other units; under
    // "no-workers" a worker by itself still treats it as closed in this action, as if the
    // workers that left still blocked it (the clause an engine author is shown).
    if (rules_.readings.vacated_workers == R::VacatedWorkers::no_workers)
      legal("scythe.move.worker-blocked-by-workers", Fold::implies(reached, Fold::lnot(a_.vacated[to])));
    return ctx_.bool_val(false);
  }

  // A character or mech entering `to`: where its movement ends, and what entering does.
  z3::expr fighter_enters(const UnitStep& s, int to, const z3::expr& reached, bool last) {
    const z3::expr combat = opponent_stands(ctx_, b_, a_.pos, to, me_, true);
    const z3::expr workers = held_by_opponent_workers_alone(ctx_, b_, a_.pos, to, me_);
    const z3::expr encounter = ctx_.bool_val(s.unit == Unit::character && b_.encounter[to]);
    // interpretation scythe.stop-path "must-end": a path going on past a stop is not allowed.
    if (rules_.readings.stop_path == R::StopPath::must_end && !last) {
      legal("scythe.move.combat-stop", Fold::implies(reached, Fold::lnot(combat)));
      legal("scythe.move.workers-stop", Fold::implies(reached, Fold::lnot(workers)));
      legal("scythe.move.encounter-stop", Fold::implies(reached, Fold::lnot(encounter)));
    }
    // scythe.move.combat-temporary-control: the opponent keeps control of the shared territory.
    const z3::expr holder = controller(ctx_, b_, a_.pos, to);
    a_.pos.held_by[to] = Fold::ite(Fold::land(reached, combat), holder, a_.pos.held_by[to]);
    force_workers_out(to, Fold::land(reached, workers));
    return Fold::lor(Fold::lor(combat, workers), encounter);
  }

  // scythe.move.workers-retreat: every opponent worker on `to` goes to its own faction's home
  // base; scythe.move.resources-stay: nothing else leaves with them (resources are not moved).
  // scythe.move.popularity-loss / -floor: the mover pays per worker, never below the minimum.
  void force_workers_out(int to, const z3::expr& forced) {
    z3::expr sent = n(0);
    for (int o = 0; o < b_.n_factions(); ++o) {
      if (o == me_) continue;
      const z3::expr w = a_.pos.units[to][o][kWorker];
      const z3::expr going = Fold::ite(forced, w, n(0));
      a_.pos.units[to][o][kWorker] = Fold::ite(forced, n(0), w);
      auto& home = a_.pos.units[b_.home_base[o]][o][kWorker];
      home = Fold::add(home, going);
      sent = Fold::add(sent, going);
    }
    z3::expr& pop = a_.pos.popularity[me_];
    pop = Fold::ite(forced,
                    Fold::max(n(rules_.numbers.popularity_min),
                              Fold::sub(pop, Fold::mul(rules_.numbers.popularity_loss_per_worker, sent))),
                    pop);
    out_.retreated = Fold::add(out_.retreated, sent);
    // scythe.move.home-base, in the literal relation: read as reaching the workers sent home too, it
    // refuses an entry that forces them out (Silences::home_ban_meets_retreat).
    if (loose_) legal("scythe.move.home-base", Fold::implies(forced, Fold::lnot(loose_->home_ban_meets_retreat)));
    // scythe.move.vacated-open: the territory is open to the mover's other units from now on.
    a_.vacated[to] = Fold::lor(a_.vacated[to], forced);
  }

  // The unit (and its riders) end where the movement ended; the action remembers what moved.
  void arrive(const UnitStep& s, const std::vector<z3::expr>& ends_here, const std::vector<bool>& encounter_at) {
    const int u = kind(s.unit);
    if (s.path.empty()) {  // illegal (scythe.move.range); keep the unit where it was
      auto& start = a_.pos.units[s.from][me_];
      start[u] = Fold::add(start[u], n(1));
      start[kWorker] = Fold::add(start[kWorker], s.carried);
      return;
    }
    const z3::expr walked_riders = riders_walked_;
    const z3::expr fresh_riders = Fold::sub(s.carried, walked_riders);
    if (!counts_as_move()) {
      if (s.unit == Unit::worker) a_.fresh[s.from] = Fold::sub(a_.fresh[s.from], n(1));
      a_.spent[s.from] = Fold::sub(a_.spent[s.from], walked_riders);
      a_.fresh[s.from] = Fold::sub(a_.fresh[s.from], fresh_riders);
    }
    for (std::size_t i = 0; i < s.path.size(); ++i) {
      const int at = s.path[i];
      const z3::expr one = Fold::ite(ends_here[i], n(1), n(0));
      const z3::expr riders = Fold::ite(ends_here[i], s.carried, n(0));
      // scythe.move.no-limit: any number of one faction's units may share a territory.
      auto& there = a_.pos.units[at][me_];
      there[u] = Fold::add(there[u], one);
      there[kWorker] = Fold::add(there[kWorker], riders);
      if (counts_as_move()) {
        a_.moved[at][u] = Fold::add(a_.moved[at][u], one);
        a_.moved[at][kWorker] = Fold::add(a_.moved[at][kWorker], riders);
      } else {
        if (s.unit == Unit::worker)
          a_.spent[at] = Fold::add(a_.spent[at], one);
        else
          a_.moved[at][u] = Fold::add(a_.moved[at][u], one);
        a_.spent[at] = Fold::add(a_.spent[at], Fold::ite(ends_here[i], walked_riders, n(0)));
        a_.fresh[at] = Fold::add(a_.fresh[at], Fold::ite(ends_here[i], fresh_riders, n(0)));
      }
      if (encounter_at[i]) {
        // scythe.move.encounter-stop: the character met an encounter and is done for the turn.
        a_.character_stopped = Fold::lor(a_.character_stopped, ends_here[i]);
        a_.encounter_entered[at] = Fold::lor(a_.encounter_entered[at], ends_here[i]);
      }
    }
  }

  // After all moves: what waits.
  void settle() {
    out_.next = a_.pos;
    for (int t = 0; t < b_.n_territories(); ++t) {
      // scythe.move.combat-pending: the mover's character or mechs share t with an opponent's.
      const z3::expr fight =
          Fold::land(Fold::gt(combat_units(a_.pos, t, me_), n(0)), opponent_stands(ctx_, b_, a_.pos, t, me_, true));
      out_.next.combat_pending[t] = Fold::lor(a_.pos.combat_pending[t], fight);
      // scythe.move.encounter-pending: the character that met the encounter is still there.
      const z3::expr meets = Fold::land(a_.encounter_entered[t], Fold::gt(a_.pos.units[t][me_][kCharacter], n(0)));
      out_.next.encounter_pending[t] = Fold::lor(a_.pos.encounter_pending[t], meets);
    }
  }

  const Silences* loose_;
  z3::context& ctx_;
  const sy::Rules& rules_;
  const Board& b_;
  int me_;
  InAction a_;
  Encoded out_;
  z3::expr riders_walked_{ctx_};
};

}  // namespace

Encoded encode_move(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int mover,
                    const std::vector<UnitStep>& steps, const Silences* loose) {
  return MovePlayer(ctx, rules, b, before, mover, loose).play(steps);
}

Constraints effects(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, const Encoded& e,
                    const Position& after, int mover) {
  Constraints out;
  const Position& next = e.next;
  for (int t = 0; t < b.n_territories(); ++t)
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) {
        // The mover's units end where their paths end (scythe.move.path); opponent workers move
        // only when forced home (scythe.move.workers-retreat); an opponent's character and mechs
        // stay for the combat (scythe.move.combat-temporary-control).
        const char* clause = f == mover     ? "scythe.move.path"
                             : u == kWorker ? "scythe.move.workers-retreat"
                                            : "scythe.move.combat-temporary-control";
        out.push_back({clause, Fold::eq(after.units[t][f][u], next.units[t][f][u])});
      }
  for (int f = 0; f < b.n_factions(); ++f) {
    if (f != mover) {
      out.push_back({"scythe.move.popularity-loss", Fold::eq(after.popularity[f], before.popularity[f])});
      continue;
    }
    // scythe.move.popularity-loss: loss_per_worker for each worker sent home ...
    const z3::expr owed =
        Fold::sub(before.popularity[f], Fold::mul(rules.numbers.popularity_loss_per_worker, e.retreated));
    const z3::expr above_floor = Fold::ge(owed, ctx.int_val(rules.numbers.popularity_min));
    out.push_back(
        {"scythe.move.popularity-loss", Fold::implies(above_floor, Fold::eq(after.popularity[f], next.popularity[f]))});
    // scythe.move.popularity-floor: ... but never below the minimum.
    out.push_back({"scythe.move.popularity-floor",
                   Fold::implies(Fold::lnot(above_floor), Fold::eq(after.popularity[f], next.popularity[f]))});
  }
  for (int t = 0; t < b.n_territories(); ++t) {
    // scythe.move.combat-temporary-control: held_by exactly while factions share t, the holder
    // keeping it; if the holder left, the text does not say who holds: any faction still there.
    const z3::expr sharing = Fold::ge(factions_present(ctx, b, next, t), ctx.int_val(2));
    const z3::expr holder = next.held_by[t];
    const z3::expr kept = Fold::ite(names_present(ctx, b, next, t, holder), Fold::eq(after.held_by[t], holder),
                                    names_present(ctx, b, next, t, after.held_by[t]));
    out.push_back({"scythe.move.combat-temporary-control",
                   Fold::ite(sharing, kept, Fold::eq(after.held_by[t], ctx.int_val(kNobody)))});
    out.push_back({"scythe.move.combat-pending", Fold::eq(after.combat_pending[t], next.combat_pending[t])});
    out.push_back({"scythe.move.encounter-pending", Fold::eq(after.encounter_pending[t], next.encounter_pending[t])});
  }
  return out;
}

Position free_position(z3::context& ctx, const Board& b, const std::string& tag) {
  Position p;
  for (int t = 0; t < b.n_territories(); ++t) {
    std::vector<std::array<z3::expr, 3>> row;
    for (int f = 0; f < b.n_factions(); ++f) {
      auto c = [&](const char* u) {
        return ctx.int_const(fmt::format("{}_{}_{}_{}", tag, b.territories[t], b.factions[f], u).c_str());
      };
      row.push_back({c("character"), c("mech"), c("worker")});
    }
    p.units.push_back(std::move(row));
    p.held_by.push_back(ctx.int_const(fmt::format("{}_held_{}", tag, b.territories[t]).c_str()));
    p.combat_pending.push_back(ctx.bool_const(fmt::format("{}_combat_{}", tag, b.territories[t]).c_str()));
    p.encounter_pending.push_back(ctx.bool_const(fmt::format("{}_enc_{}", tag, b.territories[t]).c_str()));
  }
  for (int f = 0; f < b.n_factions(); ++f)
    p.popularity.push_back(ctx.int_const(fmt::format("{}_pop_{}", tag, b.factions[f]).c_str()));
  return p;
}

std::vector<z3::expr> valid_position(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& p) {
  std::vector<z3::expr> out;
  for (int f = 0; f < b.n_factions(); ++f) {
    z3::expr characters = ctx.int_val(0);
    for (int t = 0; t < b.n_territories(); ++t) {
      for (int u = 0; u < 3; ++u) out.push_back(p.units[t][f][u] >= 0);
      characters = characters + p.units[t][f][kCharacter];
    }
    out.push_back(characters <= 1);
    out.push_back(p.popularity[f] >= rules.numbers.popularity_min && p.popularity[f] <= rules.numbers.popularity_max);
  }
  for (int t = 0; t < b.n_territories(); ++t) {
    const z3::expr sharing = factions_present(ctx, b, p, t) >= 2;
    out.push_back(z3::ite(sharing, names_present(ctx, b, p, t, p.held_by[t]), p.held_by[t] == kNobody));
  }
  return out;
}

sy::State state_in(const z3::model& m, const Board& b, const Position& p, const sy::State& shape) {
  sy::State s = shape;
  s.pending_combats.clear();
  s.pending_encounters.clear();
  for (int t = 0; t < b.n_territories(); ++t) {
    sy::Territory& terr = s.territories.at(b.territories[t]);
    terr.units.clear();
    std::vector<int> there;
    for (int f = 0; f < b.n_factions(); ++f) {
      sy::UnitCounts c;
      for (int u = 0; u < 3; ++u) c.count[u] = int_value(m, p.units[t][f][u]);
      if (c.total() > 0) {
        terr.units[b.factions[f]] = c;
        there.push_back(f);
      }
    }
    terr.held_by.reset();
    if (there.size() >= 2) {
      // The holder if still there; else (the text is silent) the first faction present.
      const int h = int_value(m, p.held_by[t]);
      terr.held_by = b.factions[std::find(there.begin(), there.end(), h) != there.end() ? h : there.front()];
    }
    if (bool_value(m, p.combat_pending[t])) s.pending_combats.push_back(b.territories[t]);
    if (bool_value(m, p.encounter_pending[t])) s.pending_encounters.push_back(b.territories[t]);
  }
  auto sort_unique = [](std::vector<sy::TerritoryId>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  sort_unique(s.pending_combats);
  sort_unique(s.pending_encounters);
  for (int f = 0; f < b.n_factions(); ++f) s.factions.at(b.factions[f]).popularity = int_value(m, p.popularity[f]);
  return s;
}

}  // namespace rulecheck::solver::scythe

// A Move action over one board (move_action.hpp): the unit moves of the relation (unit_move.cpp) in
// order, each over the position the one before left, with the action's own clauses. Each constraint
// cites the clause of rules/scythe/clauses.json it encodes; every number comes from the ruleset and every
// reading of rules/scythe/interpretations.json is a switch on sy::Readings.
#include "solver/scythe/move_action.hpp"

#include <memory>
#include <utility>

#include <fmt/format.h>

#include "solver/scythe/move_relation.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using R = sy::Readings;
constexpr int kWorker = 2;

int kind(Unit u) { return static_cast<int>(u); }
int index_of(const z3::expr& territory) { return territory.get_numeral_int(); }

// What the relation reads of one board at one moment: its territories as numerals, its factions.
MoveSight one_board(z3::context& ctx, const Board& b, const Position& p, int mover) {
  MoveSight s;
  s.c = &ctx;
  s.open = false;
  s.mover = mover;
  for (int f = 0; f < b.n_factions(); ++f)
    if (f != mover) s.opponents.push_back(f);
  const auto pos = std::make_shared<const Position>(p);  // one copy, shared by every reader
  s.count = [pos](int k, const z3::expr& t, int who) { return pos->units[index_of(t)][who][k]; };
  s.held = [pos](const z3::expr& t) { return pos->held_by[index_of(t)]; };
  s.combat_pending = [pos](const z3::expr& t) { return pos->combat_pending[index_of(t)]; };
  s.encounter_pending = [pos](const z3::expr& t) { return pos->encounter_pending[index_of(t)]; };
  s.popularity = [pos](int who) { return pos->popularity[who]; };
  const Board* board = &b;
  s.is_home = [board, &ctx](const z3::expr& at) { return ctx.bool_val(board->home_of[index_of(at)] != kNobody); };
  s.home_of = [board, &ctx](const z3::expr& at) { return ctx.int_val(board->home_of[index_of(at)]); };
  s.encounter = [board, &ctx](const z3::expr& at) { return ctx.bool_val(board->encounter[index_of(at)]); };
  s.adjacent = [board, &ctx](const z3::expr& x, const z3::expr& y) {
    return ctx.bool_val(board->adjacent[index_of(x)][index_of(y)]);
  };
  s.home_base = [board, &ctx](int who) { return ctx.int_val(board->home_base[who]); };
  return s;
}

// The action so far: where things stand, and what the rules remember within one Move action.
struct InAction {
  Position pos;
  std::vector<std::array<z3::expr, 3>> moved;  // [t][kind]: the mover's units on t that have moved
  std::vector<z3::expr> fresh, spent;          // [t]: the mover's workers that have / have not walked
  std::vector<z3::expr> vacated;               // [t]: workers were forced out of t in this action
  std::vector<z3::expr> encounter_entered;     // [t]: the character ended a move on t's encounter
  z3::expr character_stopped;                  // the character met an encounter: no more moves
};

// convention scythe.convention.moves-in-order: the unit moves are played one after another
class ActionPlayer {
 public:
  ActionPlayer(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int me,
               const Silences* loose, std::string misreading, std::string apart)
      : loose_(loose),
        mis_(std::move(misreading)),
        apart_(std::move(apart)),
        ctx_(ctx),
        rules_(rules),
        b_(b),
        me_(me),
        a_{before, {}, {}, {}, {}, {}, ctx.bool_val(false)},
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
    // interpretation scythe.units-per-move: under "ruleset-cap" an action moves at most the ruleset's
    // units_per_move units, riders on a mech not being units that move by themselves
    // (scythe.move.units-per-action); under "no-cap" the movement text sets no number.
    if (rules_.readings.units_per_move == R::UnitsPerMove::ruleset_cap)
      legal(apart("scythe.units-per-move", "scythe.move.units-per-action"),
            ctx_.bool_val(static_cast<int>(steps.size()) <= rules_.numbers.units_per_move));
    else if (!apart_.empty())  // the point's reading that sets no number, named for the discovery search
      legal("scythe.units-per-move", ctx_.bool_val(true));
    for (std::size_t k = 0; k < steps.size(); ++k) play_one(steps[k], k);
    settle();
    return out_;
  }

 private:
  void legal(const char* clause, const z3::expr& f) { out_.legal.push_back({clause, f}); }
  // For the discovery search (`apart_`), the point or convention that decides a constraint; otherwise the
  // clause it encodes.
  const char* apart(const char* source, const char* clause) const { return apart_.empty() ? clause : source; }
  // scythe.move.once-per-action, implied by the words: in the literal relation a unit may start another
  // move when its silence says so (Silences::unit_moves_again). For the discovery search it is
  // convention scythe.convention.unit-moves-once, or, where riding may spend a worker's move, point
  // scythe.carried-workers (`source`), whose readings keep apart what it counts.
  void once(const z3::expr& f, const char* source) {
    legal(apart(source, "scythe.move.once-per-action"), loose_ ? Fold::lor(loose_->unit_moves_again, f) : f);
  }
  bool counts_as_move() const { return rules_.readings.carried_workers == R::CarriedWorkers::counts_as_move; }
  z3::expr n(int v) const { return ctx_.int_val(v); }

  // What the action remembers of who may start this move: the character not done after an encounter,
  // the unit (and the workers a mech brings) not moved yet in this action.
  void may_start(const UnitStep& s, std::size_t k) {
    const auto& here = a_.pos.units[s.from][me_];
    const int u = kind(s.unit);
    // scythe.move.encounter-stop: the character that met an encounter cannot move again this turn.
    if (s.unit == Unit::character) legal("scythe.move.encounter-stop", Fold::lnot(a_.character_stopped));
    // scythe.move.once-per-action: some unit of that kind there has not moved yet. Under "not-a-move"
    // (scythe.carried-workers) a worker is spent only by moving by itself.
    const char* self = s.unit == Unit::worker ? kRiding : kOnce;
    if (s.unit != Unit::worker || counts_as_move())
      once(Fold::ge(Fold::sub(here[u], a_.moved[s.from][u]), n(1)), self);
    else
      once(Fold::ge(a_.fresh[s.from], n(1)), self);
    int c = 0;
    if (s.unit != Unit::mech || (Fold::num(s.carried, c) && c == 0)) return;
    if (counts_as_move()) {
      // scythe.carried-workers "counts-as-move": riding is moving, so only unmoved workers ride.
      once(Fold::ge(Fold::sub(here[kWorker], a_.moved[s.from][kWorker]), s.carried), kRiding);
      return;
    }
    // "not-a-move": an action names how many ride, not which; `spent_riders` of them have walked
    // already, the rest have not. Any choice the workers there allow will do (existential).
    z3::expr spent_riders = n(0);
    int spent_here = 0;
    if (!(Fold::num(a_.spent[s.from], spent_here) && spent_here == 0)) {
      spent_riders = ctx_.int_const(fmt::format("{}riders_walked_{}", loose_ ? loose_->tag : apart_, k).c_str());
      out_.choices.push_back(spent_riders >= 0 && spent_riders <= s.carried);
    }
    once(Fold::land(Fold::ge(a_.spent[s.from], spent_riders),
                    Fold::ge(a_.fresh[s.from], Fold::sub(s.carried, spent_riders))),
         kRiding);
    riders_walked_ = spent_riders;
  }

  void play_one(const UnitStep& s, std::size_t k) {
    riders_walked_ = n(0);
    may_start(s, k);
    // scythe.move.path: a move goes somewhere (a path of at least one territory); scythe.move.range: at
    // most the unit's move_range (a mech ability that goes further is a larger move_range:
    // scythe.move.mech-abilities).
    const int range = rules_.numbers.move_range.count(s.unit) ? rules_.numbers.move_range.at(s.unit) : 0;
    const int steps = static_cast<int>(s.path.size());
    legal("scythe.move.path", ctx_.bool_val(steps >= 1));
    legal("scythe.move.range", ctx_.bool_val(steps <= range));
    std::vector<z3::expr> path;
    for (int t : s.path) path.push_back(n(t));
    MoveSight sight = one_board(ctx_, b_, a_.pos, me_);
    if (loose_) sight.home_ban_meets_retreat.push_back(loose_->home_ban_meets_retreat);
    if (!apart_.empty()) sight.apart = fmt::format("{}m{}/", apart_, k);
    const SortedMove m = unit_move(sight, rules_, s.unit, n(s.from), path, s.carried, mis_);
    out_.legal.insert(out_.legal.end(), m.relation.begin(), m.relation.end());
    if (path.empty()) return;  // illegal (scythe.move.path): the unit stays where it was
    for (int i = 0; i < steps; ++i) entered(s, m, i);
    Position next = a_.pos;
    for (int t = 0; t < b_.n_territories(); ++t)
      for (int f = 0; f < b_.n_factions(); ++f)
        for (int u = 0; u < 3; ++u) next.units[t][f][u] = m.units_after(u, n(t), f);
    next.popularity[me_] = m.popularity_after(me_);
    out_.retreated = Fold::add(out_.retreated, m.retreated);
    a_.pos = next;
    arrive(s, m);
  }

  // What step i of the unit move leaves for the rest of the action.
  void entered(const UnitStep& s, const SortedMove& m, int i) {
    const int to = s.path[i];
    // scythe.move.vacated-open opens a vacated territory to the mover's other units; under "no-workers" a
    // worker by itself still treats it as closed in this action, as if the workers that left still
    // blocked it (the clause an engine author is shown).
    if (s.unit == Unit::worker && rules_.readings.vacated_workers == R::VacatedWorkers::no_workers)
      legal(apart("scythe.vacated-workers", "scythe.move.worker-blocked-by-workers"),
            Fold::implies(m.reached[i], Fold::lnot(a_.vacated[to])));
    else if (s.unit == Unit::worker && !apart_.empty())  // "any-unit": nothing more, named for the discovery search
      legal("scythe.vacated-workers", ctx_.bool_val(true));
    // scythe.move.combat-temporary-control: the opponent keeps control of the shared territory.
    if (s.unit != Unit::worker)
      a_.pos.held_by[to] = Fold::ite(Fold::land(m.reached[i], m.combat[i]), controller(m, i, to), a_.pos.held_by[to]);
    // scythe.move.vacated-open: the territory is open to the mover's other units from now on.
    a_.vacated[to] = Fold::lor(a_.vacated[to], m.forced[i]);
  }

  // Who controls `to` when step i enters (board.hpp controller; convention scythe.convention.control-by-units).
  z3::expr controller(const SortedMove& m, int i, int to) const {
    std::vector<z3::expr> there;
    for (int f = 0; f < b_.n_factions(); ++f) there.push_back(m.present_at_entry(i, n(to), f));
    return scythe::controller(there, a_.pos.held_by[to], b_.structure_owner[to]);
  }

  // The action remembers what moved, and where the character met an encounter.
  void arrive(const UnitStep& s, const SortedMove& m) {
    const int u = kind(s.unit);
    const z3::expr walked_riders = riders_walked_;
    const z3::expr fresh_riders = Fold::sub(s.carried, walked_riders);
    if (!counts_as_move()) {
      if (s.unit == Unit::worker) a_.fresh[s.from] = Fold::sub(a_.fresh[s.from], n(1));
      a_.spent[s.from] = Fold::sub(a_.spent[s.from], walked_riders);
      a_.fresh[s.from] = Fold::sub(a_.fresh[s.from], fresh_riders);
    }
    for (std::size_t i = 0; i < s.path.size(); ++i) {
      const int at = s.path[i];
      const z3::expr one = Fold::ite(m.ends[i], n(1), n(0));
      const z3::expr riders = Fold::ite(m.ends[i], s.carried, n(0));
      if (counts_as_move()) {
        a_.moved[at][u] = Fold::add(a_.moved[at][u], one);
        a_.moved[at][kWorker] = Fold::add(a_.moved[at][kWorker], riders);
      } else {
        if (s.unit == Unit::worker)
          a_.spent[at] = Fold::add(a_.spent[at], one);
        else
          a_.moved[at][u] = Fold::add(a_.moved[at][u], one);
        a_.spent[at] = Fold::add(a_.spent[at], Fold::ite(m.ends[i], walked_riders, n(0)));
        a_.fresh[at] = Fold::add(a_.fresh[at], Fold::ite(m.ends[i], fresh_riders, n(0)));
      }
      // scythe.move.encounter-stop: the character met an encounter and is done for the turn.
      a_.character_stopped = Fold::lor(a_.character_stopped, m.met_encounter[i]);
      a_.encounter_entered[at] = Fold::lor(a_.encounter_entered[at], m.met_encounter[i]);
    }
  }

  // After all moves: what waits.
  void settle() {
    out_.next = a_.pos;
    for (int t = 0; t < b_.n_territories(); ++t) {
      // scythe.move.combat-pending: the mover's character or mechs share t with an opponent's.
      const z3::expr fight = Fold::land(Fold::gt(combat_units(a_.pos, t, me_), n(0)), opposed(t));
      out_.next.combat_pending[t] = Fold::lor(a_.pos.combat_pending[t], fight);
      // scythe.move.encounter-pending: the character that met the encounter is still there.
      const z3::expr meets = Fold::land(a_.encounter_entered[t], Fold::gt(a_.pos.units[t][me_][0], n(0)));
      out_.next.encounter_pending[t] = Fold::lor(a_.pos.encounter_pending[t], meets);
    }
  }

  // Some opponent has a character or mech on t.
  z3::expr opposed(int t) const {
    z3::expr any = ctx_.bool_val(false);
    for (int o = 0; o < b_.n_factions(); ++o)
      if (o != me_) any = Fold::lor(any, Fold::gt(combat_units(a_.pos, t, o), n(0)));
    return any;
  }

  static constexpr const char* kOnce = "scythe.convention.unit-moves-once";
  static constexpr const char* kRiding = "scythe.carried-workers";
  const Silences* loose_;
  std::string mis_;
  std::string apart_;
  z3::context& ctx_;
  const sy::Rules& rules_;
  const Board& b_;
  int me_;
  InAction a_;
  Encoded out_;
  z3::expr riders_walked_{ctx_};
};

}  // namespace

Encoded move_action(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& before, int mover,
                    const std::vector<UnitStep>& steps, const Silences* loose, const std::string& misreading,
                    const std::string& apart) {
  return ActionPlayer(ctx, rules, b, before, mover, loose, misreading, apart).play(steps);
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

}  // namespace rulecheck::solver::scythe

// One unit's move over maps of any size (unbounded.hpp), written from the rule text
// (../shared/rules/scythe-movement.txt) and the clause index, apart from the concrete encoding
// (encoding.cpp) whose conditions it states again over the sorts. The steps of the path are played in
// order: what each step sees (an opponent's workers sent home by an earlier step, the mover's unit gone
// from its start) is a term over the position before. Stated: scythe.move.unit-present,
// scythe.move.mech-carry, scythe.move.path, scythe.move.home-base, the stops (scythe.move.combat-stop,
// scythe.move.workers-stop, scythe.move.encounter-stop under scythe.stop-path) and the worker's blocks
// (scythe.move.worker-blocked-by-combat-units, scythe.move.worker-blocked-by-workers under
// scythe.worker-blocking). Not stated, so the moves covered are a superset of the legal ones: the
// range (the question's path length stands for it), once-per-action and units-per-action (a question
// is one unit move of an action of any number). A unit move sets no combat pending: the action's end
// does (action_end_pending). The holder of a shared territory after the move is not written: no claim
// here speaks of it, a unit that meets a combat stops there, so no later step of its path reads it, and
// no question assumes a holder present (SortedBoard::well_formed), so a later unit move reads any. The
// opponents the question does not name (the rest, unbounded.hpp) stop the move and are sent home as the
// named ones are: their character or mechs by the sum, their control with workers alone (the one
// faction of the rest there, no other faction there) or as the holder; their workers sent home arrive
// at the rest's home bases, how many at which not written (no claim reads it, and no step of a path
// enters a home base).
#include <algorithm>

#include <fmt/format.h>

#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

using R = sy::Readings;
namespace mr = misread;
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;

z3::expr ite_int(const z3::expr& cond, const z3::expr& a, int b) { return z3::ite(cond, a, a.ctx().int_val(b)); }

}  // namespace

SortedBoard::SortedBoard(z3::context& ctx)
    : c(ctx),
      territory(ctx.uninterpreted_sort("Territory")),
      units(ctx),
      held(ctx.function("held_by", territory, ctx.int_sort())),
      rest_factions(ctx.function("rest_factions", territory, ctx.int_sort())),
      rest_holder_workers(ctx.function("rest_holder_workers", territory, ctx.bool_sort())),
      rest_holder_combat(ctx.function("rest_holder_combat", territory, ctx.bool_sort())),
      combat_pending(ctx.function("combat_pending", territory, ctx.bool_sort())),
      encounter_pending(ctx.function("encounter_pending", territory, ctx.bool_sort())),
      encounter(ctx.function("encounter_token", territory, ctx.bool_sort())),
      is_home(ctx.function("is_home_base", territory, ctx.bool_sort())),
      adjacent(ctx.function("adjacent", territory, territory, ctx.bool_sort())),
      home_of(ctx.function("home_base_of", territory, ctx.int_sort())),
      any(ctx.constant("any_territory", territory)) {
  for (int f = 0; f < kFactions; ++f) {
    for (const char* kind : {"characters", "mechs", "workers"}) {
      const std::string name = f == kRest ? fmt::format("{}_rest", kind) : fmt::format("{}_{}", kind, f);
      units.push_back(ctx.function(name.c_str(), territory, ctx.int_sort()));
    }
    if (f == kRest) continue;
    popularity.push_back(ctx.int_const(fmt::format("popularity_{}", f).c_str()));
    home_base.push_back(ctx.constant(fmt::format("home_base_{}", f).c_str(), territory));
  }
}

z3::expr SortedBoard::combat(const z3::expr& at, int who) const {
  return count(kCharacter, at, who) + count(kMech, at, who);
}

z3::expr SortedBoard::present(const z3::expr& at, int who) const {
  return combat(at, who) + count(kWorker, at, who) >= 1;
}

z3::expr SortedBoard::well_formed(const sy::Rules& rules, const std::vector<z3::expr>& named) const {
  const auto& n = rules.numbers;
  z3::expr ok = c.bool_val(true);
  for (int f = 0; f < kNamed; ++f) {
    ok = ok && popularity[f] >= n.popularity_min && popularity[f] <= n.popularity_max;
    ok = ok && is_home(home_base[f]) && home_of(home_base[f]) == f;
  }
  for (std::size_t i = 0; i < named.size(); ++i) {
    const z3::expr& t = named[i];
    for (int f = 0; f < kFactions; ++f)
      for (int k = 0; k < 3; ++k) ok = ok && count(k, t, f) >= 0;
    for (int f = 0; f < kNamed; ++f) {
      ok = ok && count(kCharacter, t, f) <= 1;
      for (std::size_t j = 0; j < i; ++j)
        ok = ok && z3::implies(count(kCharacter, t, f) >= 1 && count(kCharacter, named[j], f) >= 1, t == named[j]);
    }
    // The rest: each of its factions there has a unit there, and one character at most.
    const z3::expr factions = rest_factions(t);
    ok = ok && factions >= 0 && (factions >= 1) == present(t, kRest);
    ok = ok && factions <= combat(t, kRest) + count(kWorker, t, kRest) && count(kCharacter, t, kRest) <= factions;
    // What the rest's holder has there is the rest's. Where factions share, the holder is not asked to
    // be one of them: within a Move action (a state between two unit moves) no claim proves it, so
    // control there is any faction's (a superset of the positions).
    ok = ok && z3::implies(rest_holder_workers(t), count(kWorker, t, kRest) >= 1) &&
         z3::implies(rest_holder_combat(t), combat(t, kRest) >= 1);
  }
  return ok;
}

z3::expr SortedBoard::a_game_of_the_named(const std::vector<z3::expr>& named) const {
  z3::expr game = c.bool_val(true);
  for (const z3::expr& t : named) {
    for (int k = 0; k < 3; ++k) game = game && count(k, t, kRest) == 0;
    z3::expr factions = c.int_val(0), holder_present = c.bool_val(false);
    for (int f = 0; f < kNamed; ++f) {
      factions = factions + z3::ite(present(t, f), c.int_val(1), c.int_val(0));
      holder_present = holder_present || (held(t) == f && present(t, f));
    }
    game = game && z3::implies(factions >= 2, holder_present);
  }
  return game;
}

z3::expr SortedMove::moves_a_unit() const {
  z3::expr any_end = from.ctx().bool_val(false);
  for (std::size_t i = 0; i < path.size(); ++i) any_end = any_end || (ends[i] && path[i] != from);
  return any_end;
}

std::vector<z3::expr> SortedMove::named(const SortedBoard& b) const {
  std::vector<z3::expr> out = {from};
  out.insert(out.end(), path.begin(), path.end());
  out.insert(out.end(), b.home_base.begin(), b.home_base.end());
  out.push_back(b.any);
  return out;
}

int longest_path(const sy::Rules& rules, sy::Unit unit) {
  const auto it = rules.numbers.move_range.find(unit);
  return std::max(2, it == rules.numbers.move_range.end() ? 0 : it->second);
}

namespace {

// Plays the steps of one move, term by term.
class Player {
 public:
  Player(const SortedBoard& b, const sy::Rules& rules, sy::Unit unit, int steps, const std::string& mis)
      : b_(b), c_(b.c), rules_(rules), mis_(mis), unit_(unit), kind_(static_cast<int>(unit)), k_(steps),
        premises_(b.c.bool_val(true)) {}

  SortedMove play() {
    const bool fighter = unit_ != sy::Unit::worker;
    SortedMove m{unit_, c_.constant("from", b_.territory), {}, c_.int_const("carried"), c_.int_val(0),
                 {}, c_.bool_val(true), c_.bool_val(true), {}, {}, {}, {}, {}};
    from_ = m.from;
    carried_ = unit_ == sy::Unit::mech ? m.carried : c_.int_val(0);
    for (int i = 0; i < k_; ++i) m.path.push_back(c_.constant(fmt::format("step{}", i + 1).c_str(), b_.territory));
    path_ = m.path;
    // scythe.move.unit-present; scythe.move.mech-carry: only a mech brings workers, from its start.
    state("scythe.move.unit-present", b_.count(kind_, from_, kMover) >= 1);
    if (unit_ == sy::Unit::mech) {
      state("scythe.move.mech-carry", m.carried >= 0);
      state("scythe.move.mech-carry", b_.count(kWorker, from_, kMover) >= m.carried);
    } else {
      state("scythe.move.mech-carry", m.carried == 0);
    }
    // scythe.move.mech-carry: the workers it carries are set down with it where it ends.
    state("scythe.move.mech-carry", set_down_ == carried_);
    // scythe.move.worker-blocked-by-combat-units: a worker by itself does not leave such a territory.
    if (!fighter) state("scythe.move.worker-blocked-by-combat-units", !blocks(0, from_, true, /*left=*/false));
    z3::expr reached = c_.bool_val(true);
    for (int i = 0; i < k_; ++i) {
      const z3::expr& to = path_[i];
      const z3::expr& previous = i == 0 ? from_ : path_[i - 1];
      // scythe.move.path: each step enters a territory adjacent to the one before.
      state("scythe.move.path", z3::implies(reached, b_.adjacent(previous, to)));
      // scythe.move.home-base: a unit on the board never enters a home base.
      if (mis_ == mr::kOwnHomeOpen)
        state("scythe.move.home-base", z3::implies(reached, !(b_.is_home(to) && b_.home_of(to) != kMover)));
      else if (mis_ != mr::kHomeIgnored && (mis_ != mr::kHomeEndOnly || i + 1 == k_))
        state("scythe.move.home-base", z3::implies(reached, !b_.is_home(to)));
      const z3::expr on = c_.bool_const(fmt::format("goes_on{}", i + 1).c_str());
      if (fighter) {
        fighter_enters(i, reached, on);
      } else {
        worker_enters(i, reached);
        state("scythe.move.path", on == reached);  // a worker by itself never stops on the way
      }
      ends_.push_back(i + 1 == k_ ? reached : reached && !on);
      reached = on;
    }
    // The rest's workers a step sends home arrive at the rest's home bases, none more than it sent
    // (stated at each territory the question names). Which of the rest's factions' bases gets how many
    // is the abstraction's unknown, not a clause's content: a premise of the move (`m.abstraction`),
    // kept out of the relation, so no mutant touches it (no claim reads the rest).
    z3::expr split = c_.bool_val(true);
    for (int j = 0; j < k_; ++j)
      for (const z3::expr& t : m.named(b_)) {
        const z3::expr arrived = rest_arrivals_[static_cast<std::size_t>(j)](t);
        split = split && arrived >= 0 && arrived <= opponent_workers(j, path_[j], kRest);
      }
    m.abstraction = split;
    premises_ = premises_ && split;
    m.ends = ends_;
    // scythe.move.popularity-loss counts the workers sent home, of every opponent.
    for (int i = 0; i < k_; ++i)
      for (int o = 1; o < kFactions; ++o)
        m.retreated = m.retreated + ite_int(forced_[i], opponent_workers(i, path_[i], o), 0);
    mover_pays(m.retreated);
    m.relation = relation_;
    m.premises = premises_;
    finish(m);
    return m;
  }

 private:
  void state(const char* clause, const z3::expr& condition) {
    relation_.push_back({clause, condition});
    premises_ = premises_ && condition;
  }
  z3::expr define(const char* clause, const std::string& name, const z3::expr& value) {
    const z3::expr x = c_.bool_const(name.c_str());
    state(clause, x == value);
    return x;
  }

  // The mover's units on `at` while its unit is on the way (`during`: gone from the start with its
  // riders), or before it left (step 0).
  z3::expr mine(int kind, const z3::expr& at, bool during) const {
    z3::expr n = b_.count(kind, at, kMover);
    if (!during || mis_ == mr::kUnitStaysAtStart) return n;
    const int leaving = kind == kind_ ? 1 : 0;
    const z3::expr riders = kind == kWorker ? carried_ : c_.int_val(0);
    return z3::ite(at == from_, n - leaving - riders, n);
  }

  // An opponent `who`'s workers on `at` when step `i` (0-based) enters: those sent home by an earlier
  // step left their territory and arrived at their faction's home base (scythe.move.workers-retreat).
  z3::expr opponent_workers(int i, const z3::expr& at, int who) const {
    if (i == 0) return b_.count(kWorker, at, who);
    const int j = i - 1;
    const z3::expr before = opponent_workers(j, at, who);
    const z3::expr left = z3::ite(forced_[j] && at == path_[j], c_.int_val(0), before);
    if (mis_ == mr::kRetreatNowhere) return left;
    if (who == kRest && mis_ != mr::kRetreatToMoversBase)  // to the rest's home bases, how many at each not written
      return left + ite_int(forced_[j] && b_.rest_home(at), rest_arrivals_[static_cast<std::size_t>(j)](at), 0);
    const z3::expr& base = mis_ == mr::kRetreatToMoversBase ? b_.home_base[kMover] : b_.home_base[who];
    return left + ite_int(forced_[j] && at == base, opponent_workers(j, path_[j], who), 0);
  }

  // Whether `who` has units on `at` when step `i` (0-based) enters; `left`: the moving unit has left its
  // start (false only for the start itself, before the move).
  z3::expr present(int i, const z3::expr& at, int who, bool left) const {
    if (who == kMover) return mine(kCharacter, at, left) + mine(kMech, at, left) + mine(kWorker, at, left) >= 1;
    return b_.combat(at, who) + opponent_workers(i, at, who) >= 1;
  }

  // Opponent `o` controls `at` when step `i` enters, given it has units there: it is the one faction
  // there, or holds the shared territory (scythe.move.combat-temporary-control).
  z3::expr controls(int i, const z3::expr& at, int o, bool left) const {
    z3::expr alone = c_.bool_val(true);
    for (int x = 0; x < kFactions; ++x)
      if (x != o) alone = alone && !present(i, at, x, left);
    return alone || b_.held(at) == o;
  }

  // Opponent `o` has its character or mechs (`combat`), or its workers, on `at` when step `i` enters,
  // and controls it. One of the rest's factions does: it is the rest's one faction there and no named
  // faction is there, or it holds the shared territory and has them there.
  z3::expr controls_with(int i, const z3::expr& at, int o, bool combat, bool left) const {
    const z3::expr has = (combat ? b_.combat(at, o) : opponent_workers(i, at, o)) >= 1;
    if (o != kRest) return has && controls(i, at, o, left);
    z3::expr alone = b_.rest_factions(at) == 1;
    for (int x = 0; x < kNamed; ++x) alone = alone && !present(i, at, x, left);
    const z3::expr holder_has = combat ? b_.rest_holder_combat(at) : b_.rest_holder_workers(at);
    return has && (alone || (b_.held(at) == kRest && holder_has));
  }

  // An opponent controls `at` with its character or mechs (`combat`), or with its workers, when step `i`
  // enters (or, `left` false, before the move); under scythe.worker-blocking "presence", has them there.
  z3::expr blocks(int i, const z3::expr& at, bool combat, bool left) const {
    z3::expr any_opponent = c_.bool_val(false);
    for (int o = 1; o < kFactions; ++o) {
      const z3::expr has = (combat ? b_.combat(at, o) : opponent_workers(i, at, o)) >= 1;
      any_opponent = any_opponent || (rules_.readings.worker_blocking == R::WorkerBlocking::presence
                                          ? has
                                          : controls_with(i, at, o, combat, left));
    }
    return any_opponent;
  }

  // A character or mech entering path[i]: whether its movement goes on from there (`on`), and what
  // entering does. Under scythe.stop-path "must-end" a stop before the path's last territory makes the
  // move illegal (the move goes on while it has steps left); under "truncate" the movement ends there.
  void fighter_enters(int i, const z3::expr& reached, const z3::expr& on) {
    const z3::expr& to = path_[i];
    z3::expr opposed = c_.bool_val(false);
    for (int o = 1; o < kFactions; ++o) opposed = opposed || b_.combat(to, o) >= 1;
    const z3::expr combat = define("scythe.move.combat-stop", fmt::format("combat{}", i + 1), opposed);
    // scythe.move.workers-stop: an opponent controls it with workers, and no character or mech is there
    // (control, whatever scythe.worker-blocking reads: the stop speaks of control).
    z3::expr held_by_workers = c_.bool_val(false);
    for (int o = 1; o < kFactions; ++o) held_by_workers = held_by_workers || controls_with(i, to, o, false, true);
    const z3::expr workers = define("scythe.move.workers-stop", fmt::format("workers{}", i + 1), !combat && held_by_workers);
    const z3::expr encounter = unit_ == sy::Unit::character ? b_.encounter(to) : c_.bool_val(false);
    encounter_.push_back(encounter);
    if (rules_.readings.stop_path == R::StopPath::must_end) {
      state("scythe.move.path", on == reached);
      if (i + 1 < k_) {
        state("scythe.move.combat-stop", z3::implies(reached, !combat));
        state("scythe.move.workers-stop", z3::implies(reached, !workers));
        state("scythe.move.encounter-stop", z3::implies(reached, !encounter));
      }
    } else {
      state("scythe.move.path", z3::implies(on, reached));
      state("scythe.move.path", z3::implies(reached && !combat && !workers && !encounter, on));
      state("scythe.move.combat-stop", z3::implies(on, !combat));
      state("scythe.move.workers-stop", z3::implies(on, !workers));
      state("scythe.move.encounter-stop", z3::implies(on, !encounter));
    }
    forced_.push_back(mis_ == mr::kNoRetreat
                          ? c_.bool_val(false)
                          : define("scythe.move.workers-retreat", fmt::format("forced{}", i + 1), reached && workers));
    rest_arrivals_.push_back(c_.function(fmt::format("rest_arrivals{}", i + 1).c_str(), b_.territory, c_.int_sort()));
  }

  // A worker by itself entering path[i]: scythe.move.worker-blocked-by-combat-units and
  // scythe.move.worker-blocked-by-workers. It never stops its move, and sends nobody home.
  void worker_enters(int i, const z3::expr& reached) {
    const z3::expr& to = path_[i];
    if (mis_ != mr::kWorkerIntoCombat)
      state("scythe.move.worker-blocked-by-combat-units", z3::implies(reached, !blocks(i, to, true, true)));
    if (mis_ != mr::kWorkerIntoWorkers)
      state("scythe.move.worker-blocked-by-workers", z3::implies(reached, !blocks(i, to, false, true)));
    encounter_.push_back(c_.bool_val(false));
    forced_.push_back(c_.bool_val(false));
    rest_arrivals_.push_back(c_.function(fmt::format("rest_arrivals{}", i + 1).c_str(), b_.territory, c_.int_sort()));
  }

  // scythe.move.popularity-loss and scythe.move.popularity-floor: the mover pays per worker sent home,
  // never below the minimum (the mover's popularity after: `popularity_after_`).
  void mover_pays(const z3::expr& sent) {
    const auto& n = rules_.numbers;
    const int loss_per = n.popularity_loss_per_worker, floor = n.popularity_min;
    const z3::expr loss = c_.int_const("popularity_loss");
    state("scythe.move.popularity-loss",
          loss == (mis_ == mr::kLossPerMove ? ite_int(sent >= 1, c_.int_val(loss_per), 0) : loss_per * sent));
    const z3::expr& before = b_.popularity[kMover];
    const z3::expr owed = mis_ == mr::kLossAsGain ? before + loss : before - loss;
    if (mis_ == mr::kOpponentPays)
      state("scythe.move.popularity-loss", popularity_after_ == before);
    else if (mis_ == mr::kNoFloor)
      state("scythe.move.popularity-floor", popularity_after_ == owed);
    else
      state("scythe.move.popularity-floor", popularity_after_ == z3::ite(owed >= floor, owed, c_.int_val(floor)));
  }

  // The position after the move, as terms over the position before (the mover's popularity: the
  // constant the relation defines).
  void finish(SortedMove& m) const {
    const SortedBoard& b = b_;
    const int k = k_, moving = kind_;
    const std::string mis = mis_;
    const std::vector<z3::expr> ends = ends_, path = path_;
    const z3::expr set_down = set_down_, paid = popularity_after_;
    const Player self = *this;
    // scythe.move.path: the unit (and its riders) end where its movement ended; scythe.move.no-limit:
    // any number of them may be there. Opponents' characters and mechs stay; their workers move only
    // home (scythe.move.workers-retreat).
    m.units_after = [=](int kind, const z3::expr& at, int who) {
      if (who != kMover) return kind == kWorker ? self.opponent_workers(k, at, who) : b.count(kind, at, who);
      z3::expr arrived = self.mine(kind, at, true);
      for (int i = 0; i < k; ++i) {
        const int one = kind == moving ? 1 : 0;
        const z3::expr riders = kind == kWorker && mis != mr::kRidersLost ? set_down : b.c.int_val(0);
        arrived = arrived + z3::ite(ends[i] && at == path[i], one + riders, b.c.int_val(0));
      }
      return arrived;
    };
    // scythe.move.popularity-loss and scythe.move.popularity-floor: the mover pays per worker sent home,
    // never below the minimum; nobody else's popularity changes (asked of the named factions).
    const auto& n = rules_.numbers;
    const int loss_per = n.popularity_loss_per_worker, floor = n.popularity_min;
    const z3::expr sent = m.retreated;
    m.popularity_after = [=](int who) {
      const z3::expr loss = mis == mr::kLossPerMove ? ite_int(sent >= 1, b.c.int_val(loss_per), 0) : loss_per * sent;
      const z3::expr owed = mis == mr::kLossAsGain ? b.popularity[who] + loss : b.popularity[who] - loss;
      const z3::expr floored = mis == mr::kNoFloor ? owed : z3::ite(owed >= floor, owed, b.c.int_val(floor));
      if (who == kMover) return paid;
      return mis == mr::kOpponentPays ? floored : b.popularity[who];
    };
    // scythe.move.combat-pending belongs to the action, not to a unit move: it is set once every move of
    // the action is done (action_end_pending). A unit move leaves the pending combats as they were.
    m.combat_pending_after = [b](const z3::expr& at) { return b.combat_pending(at); };
    // scythe.move.encounter-pending: the character that stopped on an encounter token is still there.
    const std::vector<z3::expr> encounter = encounter_;
    const bool character = unit_ == sy::Unit::character;
    m.encounter_pending_after = [=](const z3::expr& at) {
      if (mis == mr::kEncounterNoPending) return b.encounter_pending(at);
      z3::expr met = b.c.bool_val(false);
      for (int i = 0; i < k; ++i) {
        z3::expr here = ends[i] && encounter[i];
        if (mis == mr::kEncounterAtPathEndOnly) here = i + 1 == k ? ends[i] && encounter[i] : b.c.bool_val(false);
        if (mis == mr::kEncounterEverywhere) here = b.c.bool_val(character) && ends[i];
        met = met || (here && at == path[i]);
      }
      return b.encounter_pending(at) || met;
    };
  }

  const SortedBoard& b_;
  z3::context& c_;
  const sy::Rules& rules_;
  std::string mis_;
  sy::Unit unit_;
  int kind_, k_;
  z3::expr premises_;
  Constraints relation_;
  z3::expr from_{c_}, carried_{c_};
  z3::expr set_down_{c_.int_const("set_down")}, popularity_after_{c_.int_const("popularity_after_0")};
  std::vector<z3::expr> path_, ends_, forced_, encounter_;
  // [j]: how many of the rest's workers step j+1 sent home arrive at each territory
  std::vector<z3::func_decl> rest_arrivals_;
};

}  // namespace

z3::expr action_end_pending(const SortedBoard& b, const z3::expr& at, const std::string& misreading) {
  if (misreading == mr::kNoCombatPending) return b.combat_pending(at);
  const z3::expr mover =
      misreading == mr::kPendingOnlyCharacter ? b.count(kCharacter, at, kMover) : b.combat(at, kMover);
  z3::expr opposed = b.c.bool_val(false);
  for (int o = 1; o < kFactions; ++o) opposed = opposed || b.combat(at, o) >= 1;
  return b.combat_pending(at) || (mover >= 1 && opposed);
}

SortedMove sorted_move(const SortedBoard& b, const sy::Rules& rules, sy::Unit unit, int steps,
                       const std::string& misreading) {
  return Player(b, rules, unit, steps, misreading).play();
}

}  // namespace rulecheck::solver::scythe

// One unit's move (move_relation.hpp), written from the rule text (../shared/rules/scythe-movement.txt)
// and the clause index over a MoveSight: any map for the theorems, one board for the membership checks.
// The steps of the path are played in order: what each step sees (an opponent's workers sent home by an
// earlier step, the mover's unit gone from its start) is a term over the position before. Stated:
// scythe.move.unit-present, scythe.move.mech-carry, scythe.move.path, scythe.move.home-base, the stops
// (scythe.move.combat-stop, scythe.move.workers-stop, scythe.move.encounter-stop under scythe.stop-path),
// the worker's blocks (scythe.move.worker-blocked-by-combat-units, scythe.move.worker-blocked-by-workers
// under scythe.worker-blocking), the retreat and the popularity it costs. What belongs to the whole Move
// action (the range, once-per-action, units-per-action, the combats set pending at its end, who holds a
// shared territory) is move_action.cpp's over one board; over any map a question is one unit move of an
// action of any number (unbounded.hpp). The opponents a question does not name (the rest) stop the move
// and are sent home as the named ones are: their character or mechs by the sum, their control with
// workers alone (the one faction of the rest there, no other faction there) or as the holder; their
// workers sent home arrive at the rest's home bases, how many at which not written.
#include <fmt/format.h>

#include "solver/scythe/board.hpp"
#include "solver/scythe/move_relation.hpp"
#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

using R = sy::Readings;
namespace mr = misread;
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;

z3::expr ite_int(const z3::expr& cond, const z3::expr& a, int b) { return Fold::ite(cond, a, a.ctx().int_val(b)); }

}  // namespace

z3::expr MoveSight::combat(const z3::expr& at, int who) const {
  return Fold::add(count(kCharacter, at, who), count(kMech, at, who));
}

std::vector<int> MoveSight::factions() const {
  std::vector<int> out = {mover};
  out.insert(out.end(), opponents.begin(), opponents.end());
  return out;
}

z3::expr SortedMove::moves_a_unit() const {
  z3::expr any_end = from.ctx().bool_val(false);
  for (std::size_t i = 0; i < path.size(); ++i) any_end = any_end || (ends[i] && path[i] != from);
  return any_end;
}

namespace {

// Plays the steps of one move, term by term.
class Player {
 public:
  Player(const MoveSight& s, const sy::Rules& rules, sy::Unit unit, const std::string& mis)
      : s_(s),
        c_(*s.c),
        rules_(rules),
        mis_(mis),
        unit_(unit),
        kind_(static_cast<int>(unit)),
        premises_(c_.bool_val(true)) {}

  SortedMove play(const z3::expr& from, const std::vector<z3::expr>& path, const z3::expr& carried) {
    const bool fighter = unit_ != sy::Unit::worker;
    k_ = static_cast<int>(path.size());
    SortedMove m{
        unit_, from, path, carried, c_.int_val(0), {}, c_.bool_val(true), c_.bool_val(true), {}, {}, {}, {}, {}, {},
        {},    {},   {},   {}};
    from_ = from;
    path_ = path;
    carried_ = unit_ == sy::Unit::mech ? carried : c_.int_val(0);
    set_down_ = define_int("scythe.move.mech-carry", "set_down", carried_);
    // scythe.move.unit-present: the unit, and the workers a mech brings, are on the start;
    // scythe.move.mech-carry: only a mech brings workers.
    state("scythe.move.unit-present", Fold::ge(s_.count(kind_, from_, s_.mover), c_.int_val(1)));
    if (unit_ == sy::Unit::mech) {
      state("scythe.move.unit-present", Fold::ge(carried, c_.int_val(0)));
      state("scythe.move.unit-present", Fold::ge(s_.count(kWorker, from_, s_.mover), carried));
    } else {
      state("scythe.move.mech-carry", Fold::eq(carried, c_.int_val(0)));
    }
    // scythe.move.worker-blocked-by-combat-units: a worker by itself does not leave such a territory.
    if (!fighter)
      state("scythe.move.worker-blocked-by-combat-units", Fold::lnot(blocks(0, from_, true, /*left=*/false)));
    z3::expr reached = c_.bool_val(true);
    for (int i = 0; i < k_; ++i) reached = enter(i, reached, fighter);
    if (s_.rest >= 0) split_rest_arrivals(m);
    m.ends = ends_;
    m.reached = reached_;
    m.combat = combat_;
    m.forced = forced_;
    // scythe.move.popularity-loss counts the workers sent home, of every opponent.
    for (int i = 0; i < k_; ++i)
      for (int o : s_.opponents)
        m.retreated = Fold::add(m.retreated, ite_int(forced_[i], opponent_workers(i, path_[i], o), 0));
    mover_pays(m.retreated);
    m.relation = relation_;
    m.premises = premises_ && m.abstraction;
    finish(m);
    return m;
  }

 private:
  void state(const char* clause, const z3::expr& condition) {
    relation_.push_back({clause, condition});
    premises_ = premises_ && condition;
  }
  // A quantity the relation defines: over any map a constant with its definition tagged `clause`, over
  // one board the value itself.
  z3::expr define(const char* clause, const std::string& name, const z3::expr& value) {
    if (!s_.open) return value;
    const z3::expr x = c_.bool_const(name.c_str());
    state(clause, x == value);
    return x;
  }
  z3::expr define_int(const char* clause, const std::string& name, const z3::expr& value) {
    if (!s_.open) return value;
    const z3::expr x = c_.int_const(name.c_str());
    state(clause, x == value);
    return x;
  }
  // A quantity a point's reading decides: for the discovery search (MoveSight::apart) a constant named
  // apart, defined under the point's id so that the search can leave the point out; otherwise the value.
  z3::expr chosen(const char* point, const std::string& name, const z3::expr& value) {
    if (s_.apart.empty()) return value;
    const std::string full = s_.apart + name;
    const z3::expr x = value.is_bool() ? c_.bool_const(full.c_str()) : c_.int_const(full.c_str());
    state(point, x == value);
    return x;
  }

  // Step i entering path[i], reached while the movement goes on: whether it goes on from there.
  z3::expr enter(int i, const z3::expr& reached, bool fighter) {
    const z3::expr& to = path_[i];
    const z3::expr& previous = i == 0 ? from_ : path_[i - 1];
    reached_.push_back(reached);
    // scythe.move.path: each step enters a territory adjacent to the one before.
    state("scythe.move.path", Fold::implies(reached, s_.adjacent(previous, to)));
    // scythe.move.home-base: a unit on the board never enters a home base.
    if (mis_ == mr::kOwnHomeOpen)
      state("scythe.move.home-base",
            Fold::implies(reached, Fold::lnot(Fold::land(s_.is_home(to),
                                                         Fold::lnot(Fold::eq(s_.home_of(to), c_.int_val(s_.mover)))))));
    else if (mis_ != mr::kHomeIgnored && (mis_ != mr::kHomeEndOnly || i + 1 == k_))
      state("scythe.move.home-base", Fold::implies(reached, Fold::lnot(s_.is_home(to))));
    const z3::expr on = fighter ? fighter_enters(i, reached) : worker_enters(i, reached);
    ends_.push_back(i + 1 == k_ ? reached : Fold::land(reached, Fold::lnot(on)));
    return on;
  }

  // The mover's units on `at` while its unit is on the way (`during`: gone from the start with its
  // riders), or before it left (step 0).
  z3::expr mine(int kind, const z3::expr& at, bool during) const {
    const z3::expr n = s_.count(kind, at, s_.mover);
    if (!during || mis_ == mr::kUnitStaysAtStart) return n;
    const int leaving = kind == kind_ ? 1 : 0;
    const z3::expr riders = kind == kWorker ? carried_ : c_.int_val(0);
    return Fold::ite(Fold::eq(at, from_), Fold::sub(Fold::sub(n, c_.int_val(leaving)), riders), n);
  }

  // An opponent `who`'s workers on `at` when step `i` (0-based) enters: those sent home by an earlier
  // step left their territory and arrived at their faction's home base (scythe.move.workers-retreat).
  z3::expr opponent_workers(int i, const z3::expr& at, int who) const {
    if (i == 0) return s_.count(kWorker, at, who);
    const int j = i - 1;
    const z3::expr before = opponent_workers(j, at, who);
    const z3::expr left = Fold::ite(Fold::land(forced_[j], Fold::eq(at, path_[j])), c_.int_val(0), before);
    if (mis_ == mr::kRetreatNowhere) return left;
    if (who == s_.rest && mis_ != mr::kRetreatToMoversBase)  // to the rest's home bases, how many at each not written
      return left + ite_int(forced_[j] && s_.rest_home(at), rest_arrivals_[static_cast<std::size_t>(j)](at), 0);
    const z3::expr base = mis_ == mr::kRetreatToMoversBase ? s_.home_base(s_.mover) : s_.home_base(who);
    return Fold::add(left, ite_int(Fold::land(forced_[j], Fold::eq(at, base)), opponent_workers(j, path_[j], who), 0));
  }

  // Whether `who` has units on `at` when step `i` (0-based) enters; `left`: the moving unit has left its
  // start (false only for the start itself, before the move).
  z3::expr present(int i, const z3::expr& at, int who, bool left) const {
    if (who == s_.mover)
      return Fold::ge(Fold::add(Fold::add(mine(kCharacter, at, left), mine(kMech, at, left)), mine(kWorker, at, left)),
                      c_.int_val(1));
    return Fold::ge(Fold::add(s_.combat(at, who), opponent_workers(i, at, who)), c_.int_val(1));
  }

  // Opponent `o` controls `at` when step `i` enters, given it has units there: it is the one faction
  // there, or holds the shared territory (board.hpp controls_by_units, the queries' definition too).
  z3::expr controls(int i, const z3::expr& at, int o, bool left) const {
    std::vector<z3::expr> others;
    for (int x : s_.factions())
      if (x != o) others.push_back(present(i, at, x, left));
    return controls_by_units(others, s_.held(at), o);
  }

  // Opponent `o` has its character or mechs (`combat`), or its workers, on `at` when step `i` enters,
  // and controls it. One of the rest's factions does: it is the rest's one faction there and no named
  // faction is there, or it holds the shared territory and has them there.
  z3::expr controls_with(int i, const z3::expr& at, int o, bool combat, bool left) const {
    const z3::expr has = Fold::ge(combat ? s_.combat(at, o) : opponent_workers(i, at, o), c_.int_val(1));
    if (o != s_.rest) return Fold::land(has, controls(i, at, o, left));
    z3::expr alone = s_.rest_factions(at) == 1;
    for (int x : s_.factions())
      if (x != s_.rest) alone = alone && !present(i, at, x, left);
    const z3::expr holder_has = combat ? s_.rest_holder_combat(at) : s_.rest_holder_workers(at);
    return has && (alone || (s_.held(at) == s_.rest && holder_has));
  }

  // An opponent controls `at` with its character or mechs (`combat`), or with its workers, when step `i`
  // enters (or, `left` false, before the move); under scythe.worker-blocking "presence", has them there.
  z3::expr blocks(int i, const z3::expr& at, bool combat, bool left) {
    z3::expr any_opponent = c_.bool_val(false);
    for (int o : s_.opponents) {
      const z3::expr has = Fold::ge(combat ? s_.combat(at, o) : opponent_workers(i, at, o), c_.int_val(1));
      any_opponent = Fold::lor(any_opponent, rules_.readings.worker_blocking == R::WorkerBlocking::presence
                                                 ? has
                                                 : controls_with(i, at, o, combat, left));
    }
    return chosen("scythe.worker-blocking",
                  fmt::format("blocks{}_{}_{}_{}", i, at.to_string(), combat ? "units" : "workers", left ? "in" : "out"),
                  any_opponent);
  }

  // A character or mech entering path[i]: whether its movement goes on from there, and what entering
  // does. Under scythe.stop-path "must-end" a stop before the path's last territory makes the move
  // illegal (the move goes on while it has steps left); under "truncate" the movement ends there.
  z3::expr fighter_enters(int i, const z3::expr& reached) {
    const z3::expr& to = path_[i];
    z3::expr opposed = c_.bool_val(false);
    for (int o : s_.opponents) opposed = Fold::lor(opposed, Fold::ge(s_.combat(to, o), c_.int_val(1)));
    const z3::expr combat = define("scythe.move.combat-stop", fmt::format("combat{}", i + 1), opposed);
    // scythe.move.workers-stop: an opponent controls it with workers, and no character or mech is there
    // (control, whatever scythe.worker-blocking reads: the stop speaks of control).
    // convention scythe.convention.mover-holding-not-stopped: the controller is an opponent
    z3::expr held_by_workers = c_.bool_val(false);
    for (int o : s_.opponents) held_by_workers = Fold::lor(held_by_workers, controls_with(i, to, o, false, true));
    const z3::expr workers = define("scythe.move.workers-stop", fmt::format("workers{}", i + 1),
                                    Fold::land(Fold::lnot(combat), held_by_workers));
    const z3::expr encounter = unit_ == sy::Unit::character ? s_.encounter(to) : c_.bool_val(false);
    const z3::expr stops = Fold::lor(Fold::lor(combat, workers), encounter);
    z3::expr on = c_.bool_val(false);
    const bool must_end = rules_.readings.stop_path == R::StopPath::must_end;
    if (!s_.apart.empty()) {
      // For the discovery search, what scythe.stop-path decides tagged apart: whether the movement goes on
      // from here, and under "must-end" that no stop comes before the path's last territory.
      on = chosen("scythe.stop-path", fmt::format("goes_on{}", i + 1),
                  must_end ? reached : Fold::land(reached, Fold::lnot(stops)));
      if (must_end && i + 1 < k_) {
        state("scythe.stop-path", Fold::implies(reached, Fold::lnot(combat)));
        state("scythe.stop-path", Fold::implies(reached, Fold::lnot(workers)));
        state("scythe.stop-path", Fold::implies(reached, Fold::lnot(encounter)));
      }
    } else if (must_end) {
      on = define("scythe.move.path", fmt::format("goes_on{}", i + 1), reached);
      if (i + 1 < k_) {
        state("scythe.move.combat-stop", Fold::implies(reached, Fold::lnot(combat)));
        state("scythe.move.workers-stop", Fold::implies(reached, Fold::lnot(workers)));
        state("scythe.move.encounter-stop", Fold::implies(reached, Fold::lnot(encounter)));
      }
    } else if (s_.open) {
      on = c_.bool_const(fmt::format("goes_on{}", i + 1).c_str());
      state("scythe.move.path", z3::implies(on, reached));
      state("scythe.move.path", z3::implies(reached && !combat && !workers && !encounter, on));
      state("scythe.move.combat-stop", z3::implies(on, !combat));
      state("scythe.move.workers-stop", z3::implies(on, !workers));
      state("scythe.move.encounter-stop", z3::implies(on, !encounter));
    } else {
      on = Fold::land(reached, Fold::lnot(stops));  // the four constraints above, solved for `on`
    }
    combat_.push_back(combat);
    met_encounter_.push_back(encounter);
    forced_.push_back(mis_ == mr::kNoRetreat ? c_.bool_val(false)
                                             : define("scythe.move.workers-retreat", fmt::format("forced{}", i + 1),
                                                      Fold::land(reached, workers)));
    // scythe.move.home-base, in the literal relation: read as reaching the workers sent home too, it
    // refuses an entry that forces them out.
    for (const z3::expr& ban : s_.home_ban_meets_retreat)
      state("scythe.move.home-base", Fold::implies(forced_.back(), Fold::lnot(ban)));
    if (s_.rest >= 0)
      rest_arrivals_.push_back(
          c_.function(fmt::format("rest_arrivals{}", i + 1).c_str(), from_.get_sort(), c_.int_sort()));
    return on;
  }

  // A worker by itself entering path[i]: scythe.move.worker-blocked-by-combat-units and
  // scythe.move.worker-blocked-by-workers. It never stops its move, and sends nobody home.
  z3::expr worker_enters(int i, const z3::expr& reached) {
    const z3::expr& to = path_[i];
    if (mis_ != mr::kWorkerIntoCombat)
      state("scythe.move.worker-blocked-by-combat-units",
            Fold::implies(reached, Fold::lnot(blocks(i, to, true, true))));
    if (mis_ != mr::kWorkerIntoWorkers)
      state("scythe.move.worker-blocked-by-workers", Fold::implies(reached, Fold::lnot(blocks(i, to, false, true))));
    combat_.push_back(c_.bool_val(false));
    met_encounter_.push_back(c_.bool_val(false));
    forced_.push_back(c_.bool_val(false));
    if (s_.rest >= 0)
      rest_arrivals_.push_back(
          c_.function(fmt::format("rest_arrivals{}", i + 1).c_str(), from_.get_sort(), c_.int_sort()));
    return define("scythe.move.path", fmt::format("goes_on{}", i + 1), reached);  // a worker never stops on the way
  }

  // The rest's workers a step sends home arrive at the rest's home bases, none more than it sent
  // (stated at each territory the question names). Which of the rest's factions' bases gets how many
  // is the abstraction's unknown, not a clause's content: a premise of the move (`m.abstraction`),
  // kept out of the relation, so no mutant touches it (no claim reads the rest).
  void split_rest_arrivals(SortedMove& m) const {
    z3::expr split = c_.bool_val(true);
    std::vector<z3::expr> named = {from_};
    named.insert(named.end(), path_.begin(), path_.end());
    named.insert(named.end(), s_.also_named.begin(), s_.also_named.end());
    for (int j = 0; j < k_; ++j)
      for (const z3::expr& t : named) {
        const z3::expr arrived = rest_arrivals_[static_cast<std::size_t>(j)](t);
        split = split && arrived >= 0 && arrived <= opponent_workers(j, path_[j], s_.rest);
      }
    m.abstraction = split;
  }

  // scythe.move.popularity-loss and scythe.move.popularity-floor: the mover pays per worker sent home,
  // never below the minimum (the mover's popularity after: `popularity_after_`).
  void mover_pays(const z3::expr& sent) {
    const auto& n = rules_.numbers;
    const int loss_per = n.popularity_loss_per_worker, floor = n.popularity_min;
    const z3::expr loss =
        define_int("scythe.move.popularity-loss", "popularity_loss",
                   mis_ == mr::kLossPerMove ? ite_int(Fold::ge(sent, c_.int_val(1)), c_.int_val(loss_per), 0)
                                            : Fold::mul(loss_per, sent));
    const z3::expr before = s_.popularity(s_.mover);
    const z3::expr owed = mis_ == mr::kLossAsGain ? Fold::add(before, loss) : Fold::sub(before, loss);
    if (mis_ == mr::kOpponentPays)
      popularity_after_ = define_int("scythe.move.popularity-loss", "popularity_after_0", before);
    else if (mis_ == mr::kNoFloor)
      popularity_after_ = define_int("scythe.move.popularity-floor", "popularity_after_0", owed);
    else
      popularity_after_ = define_int("scythe.move.popularity-floor", "popularity_after_0",
                                     Fold::ite(Fold::ge(owed, c_.int_val(floor)), owed, c_.int_val(floor)));
  }

  // The position after the move, as terms over the position before (the mover's popularity: the
  // quantity the relation defines).
  void finish(SortedMove& m) const {
    const MoveSight s = s_;
    const int k = k_, moving = kind_;
    const std::string mis = mis_;
    const std::vector<z3::expr> ends = ends_, path = path_;
    const z3::expr set_down = set_down_, paid = popularity_after_;
    const Player self = *this;
    // scythe.move.path: the unit (and its riders) end where its movement ended; scythe.move.no-limit:
    // any number of them may be there. Opponents' characters and mechs stay; their workers move only
    // home (scythe.move.workers-retreat).
    m.units_after = [=](int kind, const z3::expr& at, int who) {
      if (who != s.mover) return kind == kWorker ? self.opponent_workers(k, at, who) : s.count(kind, at, who);
      z3::expr arrived = self.mine(kind, at, true);
      for (int i = 0; i < k; ++i) {
        const int one = kind == moving ? 1 : 0;
        const z3::expr riders = kind == kWorker && mis != mr::kRidersLost ? set_down : s.c->int_val(0);
        arrived = Fold::add(arrived, Fold::ite(Fold::land(ends[i], Fold::eq(at, path[i])),
                                               Fold::add(s.c->int_val(one), riders), s.c->int_val(0)));
      }
      return arrived;
    };
    // Nobody else's popularity changes (under the misreading kOpponentPays, they pay: asked of the named).
    const auto& n = rules_.numbers;
    const int loss_per = n.popularity_loss_per_worker, floor = n.popularity_min;
    const z3::expr sent = m.retreated;
    m.popularity_after = [=](int who) {
      if (who == s.mover) return paid;
      if (mis != mr::kOpponentPays) return s.popularity(who);
      const z3::expr owed = s.popularity(who) - loss_per * sent;
      return z3::ite(owed >= floor, owed, s.c->int_val(floor));
    };
    // scythe.move.combat-pending belongs to the action, not to a unit move: it is set once every move of
    // the action is done (action_end_pending). A unit move leaves the pending combats as they were.
    m.combat_pending_after = [s](const z3::expr& at) { return s.combat_pending(at); };
    // scythe.move.encounter-pending: the character that stopped on an encounter token is still there.
    const std::vector<z3::expr> encounter = met_encounter_;
    const bool character = unit_ == sy::Unit::character;
    m.met_encounter.clear();
    for (int i = 0; i < k; ++i) m.met_encounter.push_back(Fold::land(ends[i], encounter[static_cast<std::size_t>(i)]));
    m.encounter_pending_after = [=](const z3::expr& at) {
      if (mis == mr::kEncounterNoPending) return s.encounter_pending(at);
      z3::expr met = s.c->bool_val(false);
      for (int i = 0; i < k; ++i) {
        z3::expr here = Fold::land(ends[i], encounter[static_cast<std::size_t>(i)]);
        if (mis == mr::kEncounterAtPathEndOnly) here = i + 1 == k ? here : s.c->bool_val(false);
        if (mis == mr::kEncounterEverywhere) here = Fold::land(s.c->bool_val(character), ends[i]);
        met = Fold::lor(met, Fold::land(here, Fold::eq(at, path[i])));
      }
      return Fold::lor(s.encounter_pending(at), met);
    };
    m.present_at_entry = [self](int i, const z3::expr& at, int who) { return self.present(i, at, who, true); };
  }

  MoveSight s_;  // a copy: the position after reads it when the caller's is gone
  z3::context& c_;
  const sy::Rules& rules_;
  std::string mis_;
  sy::Unit unit_;
  int kind_, k_ = 0;
  z3::expr premises_;
  Constraints relation_;
  z3::expr from_{c_}, carried_{c_}, set_down_{c_}, popularity_after_{c_};
  std::vector<z3::expr> path_, ends_, reached_, combat_, forced_, met_encounter_;
  // [j]: how many of the rest's workers step j+1 sent home arrive at each territory (any map only)
  std::vector<z3::func_decl> rest_arrivals_;
};

}  // namespace

SortedMove unit_move(const MoveSight& sight, const sy::Rules& rules, sy::Unit unit, const z3::expr& from,
                     const std::vector<z3::expr>& path, const z3::expr& carried, const std::string& misreading) {
  return Player(sight, rules, unit, misreading).play(from, path, carried);
}

}  // namespace rulecheck::solver::scythe

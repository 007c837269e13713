// Scythe's movement invariants and the states play can reach (rules/scythe/invariants.json), as theorems
// of the movement relation for maps of any size (unbounded.hpp): a position of the format (for the states
// play can reach, one that keeps the mid-action invariants), one unit's move (the relation's tagged
// constraints), and the claim broken after it is unsatisfiable; a Move action of any number of units is
// those unit moves in turn (the states play can reach add the action's start and end: `reachable`). A
// claim about every territory is asked of the board's `any`, a territory the move does not choose, and
// one about every faction (or pair) of each named one (unbounded.hpp: every faction of a game of any
// number). Each question is one unit kind and path length under the readings that change that move
// (move_asks.cpp); the other three readings only narrow which unit moves an action may make, and the
// moves asked are a superset of the legal ones, so every reading of each is covered.
#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/scythe/reachable_invariants.hpp"
#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

namespace {

using R = sy::Readings;
namespace mr = misread;
using namespace states;  // reachable_invariants.hpp
constexpr int kWorker = 2;


// Σ over the distinct territories of `xs` (each counted once, however often it is listed) of `f`.
z3::expr sum_distinct(const std::vector<z3::expr>& xs, const std::function<z3::expr(const z3::expr&)>& f) {
  z3::expr sum = xs.front().ctx().int_val(0);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    z3::expr first = xs[i].ctx().bool_val(true);
    for (std::size_t j = 0; j < i; ++j) first = first && xs[i] != xs[j];
    sum = sum + z3::ite(first, f(xs[i]), xs[i].ctx().int_val(0));
  }
  return sum;
}

// What a claim adds to the premises, what it says after, and what the vacuity check asks.
struct Claim {
  std::function<z3::expr(const SortedBoard&, const SortedMove&)> premises, holds, exercised;
};

// ---- the five movement invariants (each territory a claim speaks of is the board's `any`)

z3::expr popularity_in_range(const sy::Rules& r, const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (int f = 0; f < kNamed; ++f) {
    const z3::expr p = m.popularity_after(f);
    ok = ok && p >= r.numbers.popularity_min && p <= r.numbers.popularity_max;
  }
  return ok;
}

// The workers sent home are the opponents' that arrive at their home bases: the mover's popularity
// answers to the board, not to the encoding's own count. Of the rest (whose home bases are not
// territories of the question), the workers that left the path's territories other than the rest's home
// bases (a step the move did not reach may name one): retreated-workers-at-home proves, of
// every opponent (each can be named), that as many arrive as left.
z3::expr loss_per_arrival(const sy::Rules& r, const SortedBoard& b, const SortedMove& m) {
  z3::expr arrived = b.c.int_val(0), others_kept = b.c.bool_val(true);
  for (int o = 1; o < kNamed; ++o) {
    const z3::expr& base = b.home_base[o];
    arrived = arrived + m.units_after(kWorker, base, o) - b.count(kWorker, base, o);
    others_kept = others_kept && m.popularity_after(o) == b.popularity[o];
  }
  arrived = arrived + sum_distinct(m.path, [&](const z3::expr& x) {
              const z3::expr left = b.count(kWorker, x, kRest) - m.units_after(kWorker, x, kRest);
              return z3::ite(b.rest_home(x), b.c.int_val(0), left);  // where they arrive: not a departure
            });
  const z3::expr owed = b.popularity[kMover] - r.numbers.popularity_loss_per_worker * arrived;
  const z3::expr floor = b.c.int_val(r.numbers.popularity_min);
  return m.popularity_after(kMover) == z3::ite(owed >= floor, owed, floor) && others_kept;
}

// Every unit of every faction is still on the board: the counts change only on the territories the move
// names (its start, its path, the faction's home base), and there they add up to what they were.
z3::expr units_conserved(const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (int f = 0; f < kNamed; ++f) {
    std::vector<z3::expr> touched = {m.from};
    touched.insert(touched.end(), m.path.begin(), m.path.end());
    touched.push_back(b.home_base[f]);
    z3::expr elsewhere = b.c.bool_val(true);
    for (const auto& x : touched) elsewhere = elsewhere && b.any != x;
    for (int k = 0; k < 3; ++k) {
      const auto delta = [&](const z3::expr& x) { return m.units_after(k, x, f) - b.count(k, x, f); };
      ok = ok && z3::implies(elsewhere, delta(b.any) == 0) && sum_distinct(touched, delta) == 0;
    }
  }
  return ok;
}

// An opponent's workers leave a territory all together, only from the path, and exactly that many
// arrive at its home base.
z3::expr retreated_workers_at_home(const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (int who = 1; who < kNamed; ++who) {
    const z3::expr& base = b.home_base[who];
    const auto w = [&](const z3::expr& x) { return b.count(kWorker, x, who); };
    const auto w2 = [&](const z3::expr& x) { return m.units_after(kWorker, x, who); };
    z3::expr on_path = b.c.bool_val(false);
    for (const auto& x : m.path) on_path = on_path || b.any == x;
    const z3::expr all_or_none = z3::implies(b.any != base, w2(b.any) == w(b.any) || w2(b.any) == 0);
    const z3::expr only_path = z3::implies(b.any != base && !on_path, w2(b.any) == w(b.any));
    const z3::expr left =
        sum_distinct(m.path, [&](const z3::expr& x) { return z3::ite(x == base, b.c.int_val(0), w(x) - w2(x)); });
    ok = ok && all_or_none && only_path && w2(base) - w(base) == left;
  }
  return ok;
}

z3::expr no_new_unit_in_a_home_base(const SortedBoard& b, const SortedMove& m) {
  z3::expr ok = b.c.bool_val(true);
  for (int k = 0; k < 3; ++k) ok = ok && m.units_after(k, b.any, kMover) <= b.count(k, b.any, kMover);
  return z3::implies(b.is_home(b.any), ok);
}

// The six (`mid_action` false) or the mid-action invariants at each of `named`, for every pair of
// factions with the rest (the first two in their joint form).
z3::expr keeps_all(const SortedBoard& b, const View& v, const std::vector<z3::expr>& named, bool mid_action) {
  z3::expr all = b.c.bool_val(true);
  for (const z3::expr& t : named) {
    all = all && shared_only_in_pending_combat(b, t, mid_action);
    for (const Reachable& each : reachable_invariants())
      if (!each.pairwise) all = all && at_every_faction(mid_action ? each.mid : each.holds, b, v, t, kFactions);
  }
  return all;
}

// scythe.move.once-per-action, as a unit move between two others sees it: the mover's character or
// mechs on a territory where they meet an opponent's with no combat pending all moved in this action
// (before it, such a meeting had its combat pending, by the first invariant; pending combats stay until
// the action ends, and no opponent's character or mech moves), so none of them moves again.
z3::expr not_moved_before(const SortedBoard& b, const SortedMove& m) {
  if (m.unit == sy::Unit::worker) return b.c.bool_val(true);
  return !(meets(before(b), m.from) && !b.combat_pending(m.from));
}

constexpr const char* kMeetWords = "the mover's character or mechs stand in one territory with combat units of an opponent";

// The action's start: a position that keeps the six keeps `r`'s mid-action invariant.
Question action_start(z3::context& ctx, const sy::Rules& rules, const std::string& mis, const Reachable& r) {
  const SortedBoard b(ctx);
  const std::vector<z3::expr> named = {b.any};
  z3::expr premises = b.well_formed(rules, named) && keeps_all(b, before(b), named, false);
  if (!mis.empty()) premises = premises && b.a_game_of_the_named(named);
  return {"the action's start", premises, at_every_faction(r.mid, b, before(b), b.any, kNamed),
          meets(before(b), b.any)};
}

// The action's end: once every unit move is done, a combat is pending where the mover meets an
// opponent (scythe.move.combat-pending); a position that keeps the mid-action invariants then keeps `r`.
Question action_end(z3::context& ctx, const sy::Rules& rules, const std::string& mis, const Reachable& r) {
  const SortedBoard b(ctx);
  const std::vector<z3::expr> named = {b.any};
  z3::expr premises = b.well_formed(rules, named) && keeps_all(b, before(b), named, true);
  if (!mis.empty()) premises = premises && b.a_game_of_the_named(named);
  View end = before(b);
  end.combat_pending = [&b, mis](const z3::expr& t) { return action_end_pending(b, t, mis); };
  const z3::expr claim = at_every_faction(r.holds, b, end, b.any, kNamed);
  return {"the action's end", premises, claim, meets(before(b), b.any) && !b.combat_pending(b.any)};
}

// The action's start and end as theorem questions: the start asks no relation (a position that keeps
// the six keeps the mid-action invariant); at the end the pending combat at `any` after is the one
// scythe.move.combat-pending defines, a constraint of the relation.
Ask action_start_ask(z3::context& ctx, const sy::Rules& rules, const Reachable& r) {
  const SortedBoard b(ctx);
  const std::vector<z3::expr> named = {b.any};
  Ask a{"the action's start", b.well_formed(rules, named) && keeps_all(b, before(b), named, false), {},
        at_every_faction(r.mid, b, before(b), b.any, kNamed), meets(before(b), b.any)};
  a.reachable = keeps_all(b, before(b), named, false);
  return a;
}

Ask action_end_ask(z3::context& ctx, const sy::Rules& rules, const Reachable& r) {
  const SortedBoard b(ctx);
  const std::vector<z3::expr> named = {b.any};
  const z3::expr premises = b.well_formed(rules, named) && keeps_all(b, before(b), named, true);
  const z3::expr pending = ctx.bool_const("combat_pending_after_any");
  Constraints relation = {{"scythe.move.combat-pending", pending == action_end_pending(b, b.any, "")}};
  View end = before(b);
  end.combat_pending = [pending](const z3::expr&) { return pending; };  // the claim reads it at `any` only
  const z3::expr claim = at_every_faction(r.holds, b, end, b.any, kNamed);
  Ask a{"the action's end", premises, relation, claim, meets(before(b), b.any) && !b.combat_pending(b.any)};
  a.reachable = keeps_all(b, before(b), named, false);
  return a;
}

// The questions of one claim: every case, its premises and the claim after.
std::vector<Question> questions(z3::context& ctx, const sy::Rules& rules, const std::string& mis, const Claim& claim) {
  std::vector<Question> qs;
  for (const MoveCase& c : move_cases(rules)) {
    // A signal stops the building too (solver/unbounded.cpp then ends the proof interrupted).
    if (cancel_requested()) break;
    const SortedBoard b(ctx);
    const SortedMove m = sorted_move(b, c.rules, c.unit, c.steps, mis);
    z3::expr premises = b.well_formed(c.rules, m.named(b)) && m.premises;
    if (claim.premises) premises = premises && claim.premises(b, m);
    // A misreading is asked of positions of games of two or three factions (unbounded.hpp): a kill is a game.
    if (!mis.empty()) premises = premises && b.a_game_of_the_named(m.named(b));
    qs.push_back({c.words, premises, claim.holds(b, m), claim.exercised(b, m)});
  }
  return qs;
}

std::string covers(const sy::Rules& rules, const std::string& factions, const std::string& extra) {
  return fmt::format(
      "boards of any size: any map (territories an uninterpreted sort, adjacency an uninterpreted relation, home "
      "bases and encounter tokens predicates), {}, any unit counts and popularity of the format, the holder of a "
      "shared territory any faction (as between two unit moves of an action); any number of units per Move "
      "action, each unit's move (a character, a mech carrying any number of workers, or a worker) along any path "
      "of 1 to {} steps for a character, {} for a mech, {} for a worker (the ruleset's move_range, and at least 2 "
      "as a mech ability may give), revisits included, asked in turn; the conditions stated are unit-present, "
      "mech-carry, path, home-base, the three stops and the worker's two blocks (range, once-per-action and "
      "units-per-action are left out: a superset of the legal moves, so every reading of scythe.units-per-move, "
      "scythe.carried-workers and scythe.vacated-workers, which only narrow which moves an action may make); "
      "under both readings of scythe.stop-path (paths of 2 steps or more) and of scythe.worker-blocking (a "
      "worker's move){}",
      factions, longest_path(rules, sy::Unit::character), longest_path(rules, sy::Unit::mech),
      longest_path(rules, sy::Unit::worker), extra);
}

// What the movement claims add: they are about one unit move, from any position of the format.
constexpr const char* kEachUnitMoveWords =
    "; each claim is of one unit move from any position of the format, so it holds after every unit move of an "
    "action, and after the action";

// What the claims about the states play can reach add: the induction within an action.
constexpr const char* kMidActionWords =
    ", from every position that keeps the six invariants of rules/scythe/invariants.json: such a position keeps "
    "the mid-action invariants (the six, but the mover's character or mechs may stand in one territory with "
    "an opponent's combat units with no combat pending yet, and not in a home base), each unit move keeps those, and the action's "
    "end (a combat set pending wherever the mover's character or mechs stand in one territory with combat units of an opponent) "
    "takes them back to the six; of once-per-action, what a unit move between two others sees of it: the mover's "
    "character or mechs meeting an opponent's with no combat pending moved in this action, so they do not move "
    "again";

constexpr const char* kFactionsWords =
    "any number of factions (the mover, two opponents each question names, either of which may have no unit, and "
    "every other opponent taken together: per territory its units summed, how many of its factions are there, "
    "what the one holding a shared territory has there, its home bases a predicate; each claim asked of the named "
    "factions, which can be any faction or pair of factions)";

// A proof of the catalogue with its claim, kept for the theorems (the relation asked apart).
struct Entry {
  UnboundedProof proof;
  Claim claim;
  const Reachable* reach = nullptr;  // one of the states play can reach: the action's start and end too
};

Entry movement(const sy::Rules& rules, const char* id, const char* claim_words, std::vector<std::string> clauses,
               std::vector<std::string> misreadings, Claim claim, const std::string& exercised_words) {
  UnboundedProof p;
  p.id = id;
  p.claim = claim_words;
  p.covers = covers(rules, kFactionsWords, kEachUnitMoveWords);
  p.clauses = std::move(clauses);
  p.misreadings = std::move(misreadings);
  p.exercised_words = exercised_words;
  p.questions_words = "unit kinds x path lengths x the readings that change them";
  p.ask = [rules, claim](z3::context& ctx, const std::string& mis) { return questions(ctx, rules, mis, claim); };
  return {p, claim};
}

std::vector<Entry> entries(const sy::Rules& rules) {
  const auto moved = [](const SortedBoard&, const SortedMove& m) { return m.moves_a_unit(); };
  // A worker's move sends nobody home: its questions ask only that it moves.
  const auto retreats = [](const SortedBoard&, const SortedMove& m) {
    return m.unit == sy::Unit::worker ? m.moves_a_unit() : m.retreated >= 1;
  };
  const std::string moves_words = "the move sets its unit down on another territory than its start";
  const std::string retreat_words =
      "a character's or mech's move sends an opponent's worker home (a worker's: sets it down elsewhere)";
  std::vector<Entry> out;
  out.push_back(movement(
      rules, "scythe.move.popularity-stays-in-range",
      "after any legal move from a state within bounds, every popularity is within [popularity_min, popularity_max]",
      {"scythe.move.popularity-loss", "scythe.move.popularity-floor"}, {mr::kNoFloor, mr::kLossAsGain},
      {nullptr, [rules](const SortedBoard& b, const SortedMove& m) { return popularity_in_range(rules, b, m); },
       retreats},
      retreat_words));
  out.push_back(movement(
      rules, "scythe.move.popularity-loss-per-retreated-worker",
      "the mover loses popularity_loss_per_worker for each opponent worker that arrives at its home base, unless "
      "the floor stops it there; the opponents' popularity does not change",
      {"scythe.move.popularity-loss", "scythe.move.popularity-floor", "scythe.move.workers-retreat",
       "scythe.move.home-base"},
      {mr::kNoFloor, mr::kLossPerMove, mr::kOpponentPays, mr::kRetreatNowhere, mr::kRetreatToMoversBase,
       mr::kHomeIgnored},
      {nullptr, [rules](const SortedBoard& b, const SortedMove& m) { return loss_per_arrival(rules, b, m); },
       retreats},
      retreat_words));
  out.push_back(movement(rules, "scythe.move.units-conserved",
                         "every unit of every faction is still on the board after a move",
                         {"scythe.move.path", "scythe.move.workers-retreat", "scythe.move.no-limit"},
                         {mr::kRetreatNowhere, mr::kUnitStaysAtStart, mr::kRidersLost},
                         {nullptr, units_conserved, moved}, moves_words));
  out.push_back(movement(
      rules, "scythe.move.retreated-workers-at-home",
      "opponent workers leave a territory all together, and exactly that many arrive at their home base",
      {"scythe.move.workers-retreat", "scythe.move.workers-stop"}, {mr::kRetreatNowhere, mr::kRetreatToMoversBase},
      {nullptr, retreated_workers_at_home, retreats}, retreat_words));
  out.push_back(movement(rules, "scythe.move.no-unit-into-a-home-base",
                         "no legal move adds a mover's unit to a home base", {"scythe.move.home-base"},
                         {mr::kHomeIgnored, mr::kOwnHomeOpen, mr::kHomeEndOnly},
                         {nullptr, no_new_unit_in_a_home_base, moved}, moves_words));
  // The states play can reach, for Move actions of any number of unit moves: a position that keeps the
  // six keeps the mid-action invariants (the action's start), a unit move from a position that keeps
  // those keeps each (any number of them), and the action's end (combat-pending) takes such a position
  // back to each of the six.
  for (const Reachable& r : reachable_invariants()) {
    const Claim unit_move{
        [](const SortedBoard& b, const SortedMove& m) {
          return keeps_all(b, before(b), m.named(b), true) && not_moved_before(b, m);
        },
        [mid = r.mid](const SortedBoard& b, const SortedMove& m) {
          return at_every_faction(mid, b, after(m), b.any, kNamed);
        },
        moved};
    Entry e = movement(rules, r.id, "every legal Move action keeps it", r.clauses, r.misreadings, unit_move,
                       moves_words);
    e.reach = &r;
    UnboundedProof& p = e.proof;
    const auto unit_moves = p.ask;
    p.ask = [unit_moves, rules, r](z3::context& ctx, const std::string& mis) {
      std::vector<Question> qs = unit_moves(ctx, mis);
      qs.push_back(action_start(ctx, rules, mis, r));
      qs.push_back(action_end(ctx, rules, mis, r));
      return qs;
    };
    p.covers = covers(rules, kFactionsWords, kMidActionWords);
    p.exercised_words = moves_words + "; at the action's start, " + kMeetWords +
                        " (a combat pending there); at its end, " + kMeetWords + " and no combat is pending there yet";
    p.questions_words = "unit kinds x path lengths x the readings that change them, the action's start and its end";
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

z3::expr reachable_at(const SortedBoard& b, const std::vector<z3::expr>& named) {
  return keeps_all(b, before(b), named, false);
}

std::vector<std::string> reachable_words() {
  std::vector<std::string> out;
  for (const Reachable& r : reachable_invariants()) out.push_back(r.id);
  out.push_back("stated at every territory the question names (the start, the path, the home bases, `any`)");
  return out;
}

std::vector<UnboundedProof> unbounded_catalogue(const sy::Rules& rules) {
  std::vector<UnboundedProof> out;
  for (Entry& e : entries(rules)) out.push_back(std::move(e.proof));
  return out;
}

std::vector<Theorem<sy::Rules>> catalogue_theorems(const sy::Rules& rules) {
  std::vector<Theorem<sy::Rules>> out;
  for (const Entry& e : entries(rules)) {
    Theorem<sy::Rules> t;
    t.id = e.proof.id;
    t.claim = e.proof.claim;
    t.covers = e.proof.covers;
    t.clauses = e.proof.clauses;
    t.exercised_words = e.proof.exercised_words;
    t.reachable_invariants = reachable_words();
    const Claim claim = e.claim;
    const Reachable* reach = e.reach;
    t.asks = [claim, reach](z3::context& ctx, const sy::Rules& text, const RuleEdit<sy::Rules>& edit) {
      const sy::Rules relation = relation_rules(edit, text);
      std::vector<Ask> asks =
          move_asks(ctx, text, relation, claim.premises, claim.holds, claim.exercised, {sy::kUnits.begin(), sy::kUnits.end()});
      if (reach) {
        asks.push_back(action_start_ask(ctx, text, *reach));
        asks.push_back(action_end_ask(ctx, text, *reach));
      }
      return asks;
    };
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

// The discovery search over Scythe's Move (literal.hpp).
//
// The literal relation of one Move (literal_relation.hpp) frees, per copy of the move, each declared
// point's reading and each silence of the words outside the declared points (a retreat against the
// home-base ban; a unit moving again in one action). Two copies of the move on one board play can
// reach (reachable.hpp, popularities at 5) are asked to end differently (legal vs refused, or two
// positions); the fewest units first, then the fewest choices read apart. Each finding is classified
// on the oracle: a declared point whose two readings give two outcomes there is re-found; any other
// finding is new, its two outcomes read from the copies and the oracle's outcome today named among
// them. Its frame: what no sentence of the movement section touches (the map, structures, tokens,
// resources) stays as it was. The search asks for two outcomes, not for a move left with none.
#include "solver/scythe/literal.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "oracle/scythe/oracle.hpp"
#include "solver/scythe/move_action.hpp"
#include "solver/scythe/literal_relation.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/reachable.hpp"

namespace rulecheck::solver::scythe {

namespace {

using StepKind = LiteralStepKind;

// ---- the oracle's outcomes on a finding's board ----

ReadingOutcome<sy::State, bool> oracle_outcome(const sy::Rules& rules, const std::string& reading,
                                               const sy::State& s, const sy::Move& m) {
  ReadingOutcome<sy::State, bool> o;
  o.reading = reading;
  try {
    o.next = sy::move(rules, s, m);
    o.legal = true;
  } catch (const RuleViolation& v) {
    o.rule = v.clause();
  }
  return o;
}

bool same_position(const sy::State& x, const sy::State& y) {
  z3::context ctx;
  const Board b = board_of(x);
  if (b.territories != board_of(y).territories) return false;
  return positions_differ(ctx, b, position_of(ctx, b, x), position_of(ctx, b, y)).simplify().is_false();
}

bool same_outcome(const ReadingOutcome<sy::State, bool>& x, const ReadingOutcome<sy::State, bool>& y) {
  return x.legal == y.legal && (!x.legal || (x.next && y.next && same_position(*x.next, *y.next)));
}

std::string kind_point(const StepKind& k) { return "scythe.literal." + k.name; }

std::string scope_of(const StepKind& k) {
  return fmt::format(
      "{} on the line map of {} territories between the home bases{}, every count of units on a board play can "
      "reach from which the mover's Move starts (no combat or encounter of another faction still waiting: "
      "rules/scythe/move_start.json; popularities at 5), each of two copies of the move under any readings of the declared points and any "
      "value of the {} silences of the words freed (home-base ban against a retreat; a unit moving again), those "
      "re-found or found on this step kind held alike in both copies; it asks for two outcomes, not for none",
      k.title, k.map.territories.size() - 2, k.range_two ? " (ruleset " + std::string(kLiteralRangeTwo) + ")" : "",
      literal_silences().size());
}

// What the copies are asked to read alike: the points (either reading), then the silences (both at
// the decided value).
struct Held {
  std::set<std::size_t> points, silences;
  std::size_t size() const { return points.size() + silences.size(); }
};

// One search: the fewest units on which two copies (the choices in `held` read alike) end differently.
struct Found {
  std::optional<sy::State> board;
  std::vector<bool> parted;          // [point]: the copies read it differently
  std::vector<bool> parted_silence;  // [silence]: the copies take it differently
  std::vector<bool> both_second;     // [point]: both copies read it its second way
  int decided = -1;                  // the copy that takes every silence at the decided value, if one
  bool legality = false;             // one copy legal, the other refused
  std::array<ReadingOutcome<sy::State, bool>, 2> copies;  // each copy's outcome, as the model has it
  std::string why;                   // unknown or interrupted
};

// The first clause (in order) whose constraints fail in the model: the one a refused copy breaks.
std::string refusing_clause(const z3::model& m, const LiteralCopy& c) {
  for (const auto& [clause, f] : c.by_clause)
    if (m.eval(f, true).is_false()) return clause;
  return "";
}

ReadingOutcome<sy::State, bool> copy_outcome(const z3::model& m, const Board& b, const LiteralCopy& c,
                                             const sy::State& map) {
  ReadingOutcome<sy::State, bool> o;
  o.legal = m.eval(c.ok, true).is_true();
  if (o.legal)
    o.next = state_in(m, b, c.next, map);
  else
    o.rule = refusing_clause(m, c);
  return o;
}

Found search_once(const sy::Rules& rules, const StepKind& k, const Held& held, const Budget& budget) {
  Found out;
  z3::context ctx;
  const Board b = board_of(k.map);
  const auto steps = steps_of(ctx, b, k.move);
  if (!steps) {
    out.why = "the step kind names no path on its map";
    return out;
  }
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(k.move.faction);
  const LiteralCopy x = literal_copy(ctx, rules, b, before, mover, *steps, "a");
  const LiteralCopy y = literal_copy(ctx, rules, b, before, mover, *steps, "b");
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& v : valid_position(ctx, rules, b, before)) opt.add(v);
  for (int f = 0; f < b.n_factions(); ++f) opt.add(before.popularity[f] == 5);
  opt.add(reachable_position(ctx, b, before));
  opt.add(move_start_position(ctx, b, before, mover));  // the board a Move of `mover` starts from
  for (const auto& d : x.choices) opt.add(d);
  for (const auto& d : y.choices) opt.add(d);
  for (std::size_t i : held.points) opt.add(x.second[i] == y.second[i]);
  // A silence is taken its other way by one copy at most (the oracle, which has only the decided
  // value, can then stand for the other copy); one already found is held at the decided value.
  for (std::size_t i = 0; i < x.silent.size(); ++i) opt.add(!(x.silent[i] && y.silent[i]));
  for (std::size_t i : held.silences) opt.add(!x.silent[i] && !y.silent[i]);
  opt.add(x.ok != y.ok || (x.ok && y.ok && positions_differ(ctx, b, x.next, y.next)));
  opt.minimize(units_on(ctx, b, before));
  // Then the fewest choices read apart, so that a finding names only what parts its outcomes.
  z3::expr apart = ctx.int_val(0);
  auto one_if = [&](const z3::expr& c) { return z3::ite(c, ctx.int_val(1), ctx.int_val(0)); };
  for (std::size_t i = 0; i < x.second.size(); ++i) apart = apart + one_if(x.second[i] != y.second[i]);
  for (std::size_t i = 0; i < x.silent.size(); ++i) apart = apart + one_if(x.silent[i] != y.silent[i]);
  opt.minimize(apart);
  const z3::check_result r = run_check(opt);
  if (r == z3::unknown) out.why = unknown_reason(opt, budget);
  if (r != z3::sat) return out;
  const z3::model m = opt.get_model();
  out.board = state_in(m, b, before, k.map);
  for (std::size_t i = 0; i < x.second.size(); ++i)
    out.parted.push_back(m.eval(x.second[i] != y.second[i], true).is_true());
  for (std::size_t i = 0; i < x.second.size(); ++i)
    out.both_second.push_back(m.eval(x.second[i] && y.second[i], true).is_true());
  for (std::size_t i = 0; i < x.silent.size(); ++i)
    out.parted_silence.push_back(m.eval(x.silent[i] != y.silent[i], true).is_true());
  out.legality = m.eval(x.ok != y.ok, true).is_true();
  auto all_decided = [&](const LiteralCopy& c) {
    for (const auto& v : c.silent)
      if (m.eval(v, true).is_true()) return false;
    return true;
  };
  out.decided = all_decided(x) ? 0 : all_decided(y) ? 1 : -1;
  out.copies = {copy_outcome(m, b, x, k.map), copy_outcome(m, b, y, k.map)};
  // Name each copy's outcome by the first silence the copies part on (else "copy-1", "copy-2").
  for (std::size_t i = 0; i < out.parted_silence.size(); ++i)
    if (out.parted_silence[i]) {
      const auto& s = literal_silences()[i];
      out.copies[0].reading = s.names[m.eval(x.silent[i], true).is_true() ? 1 : 0];
      out.copies[1].reading = s.names[m.eval(y.silent[i], true).is_true() ? 1 : 0];
      break;
    }
  if (out.copies[0].reading.empty()) {
    out.copies[0].reading = "copy-1";
    out.copies[1].reading = "copy-2";
  }
  return out;
}

// The declared point whose two readings (the others at `rules`' own) the oracle separates on the
// finding's board; -1 when none does. The points the copies read differently are tried first.
int refound_point(const sy::Rules& rules, const StepKind& k, const Found& f, const Held& held,
                  ReadingOutcome<sy::State, bool>& a, ReadingOutcome<sy::State, bool>& b) {
  const auto& points = literal_points();
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (f.parted[i]) order.push_back(i);
  for (std::size_t i = 0; i < points.size(); ++i)
    if (!f.parted[i] && !held.points.count(i)) order.push_back(i);
  for (std::size_t i : order) {
    sy::Rules r0 = rules, r1 = rules;
    points[i].set(r0.readings, false);
    points[i].set(r1.readings, true);
    auto o0 = oracle_outcome(r0, points[i].names[0], *f.board, k.move);
    auto o1 = oracle_outcome(r1, points[i].names[1], *f.board, k.move);
    if (!same_outcome(o0, o1)) {
      a = std::move(o0);
      b = std::move(o1);
      return static_cast<int>(i);
    }
  }
  return -1;
}

// A new finding: the clauses of what the copies read apart (the silences when any, else the points),
// each such choice held from now on (a point alike, a silence at its decided value) so that the search
// moves on; the copies' two outcomes, the one the oracle gives named.
void new_finding(ScytheWitness& w, const StepKind& k, const sy::Rules& rules, const Found& f, Held& held) {
  const auto& points = literal_points();
  const auto& silences = literal_silences();
  std::vector<std::string> says;
  std::string first;  // the first silence parted: the finding's name
  for (std::size_t i = 0; i < silences.size(); ++i)
    if (f.parted_silence[i]) {
      held.silences.insert(i);
      w.clauses.push_back(silences[i].clause);
      says.push_back(silences[i].choice);
      if (first.empty()) first = silences[i].id;
    }
  for (std::size_t i = 0; i < points.size(); ++i)
    if (f.parted[i]) {
      held.points.insert(i);
      if (says.empty()) w.clauses.insert(w.clauses.end(), points[i].clauses.begin(), points[i].clauses.end());
    }
  w.point = kind_point(k) + (first.empty() ? "" : "." + first);
  w.is_new = true;
  w.title = fmt::format("{}: the words allow {}", k.title, f.legality ? "it and refuse it" : "two positions after it");
  std::string on;
  for (const auto& s : says) on += (on.empty() ? "" : "; and ") + s;
  w.note = fmt::format(
      "No declared point's readings part the oracle here; the literal relation's two copies part on {}.",
      on.empty() ? "a combination of the declared points' readings" : on);
  w.outcomes = {f.copies[0], f.copies[1]};
  // The points both copies read their second way: the board needs them (its scenarios carry them), and
  // the oracle is asked under them.
  sy::Rules asked = rules;
  std::string needs;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (f.both_second[i]) {
      points[i].set(asked.readings, true);
      w.other_readings.emplace_back(points[i].id, points[i].names[1]);
      needs += fmt::format("{}{} read as {}", needs.empty() ? "" : ", ", points[i].id, points[i].names[1]);
    }
  if (!needs.empty()) w.note += fmt::format(" Both copies need {}.", needs);
  // The oracle has the silences' decided values only: it must give the outcome of the copy that
  // takes them all so (a disagreement is said, never settled here).
  const auto today = oracle_outcome(asked, "today", *f.board, k.move);
  if (f.decided >= 0 && same_outcome(today, w.outcomes[static_cast<std::size_t>(f.decided)]))
    w.today = w.outcomes[static_cast<std::size_t>(f.decided)].reading;
  if (f.decided < 0)
    w.note += " Neither copy takes every silence at its decided value; the oracle is not compared.";
  else if (w.today.empty())
    w.note += " The oracle does not give the outcome of the copy that keeps the decided values: the oracle and the "
              "decided encoding disagree on this board.";
  else
    w.note += fmt::format(" The oracle gives the outcome of {} (the decided value){}.", w.today,
                          needs.empty() ? " today" : " under those readings");
}

}  // namespace

std::vector<std::pair<std::string, std::string>> literal_step_kinds() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const StepKind& k : literal_kinds()) out.emplace_back(k.name, k.title);
  return out;
}

std::vector<ScytheWitness> discover(const sy::Rules& defaults, const Budget& budget, int cap) {
  std::vector<ScytheWitness> out;
  const auto& points = literal_points();
  const std::size_t choices = points.size() + literal_silences().size();
  for (const StepKind& k : literal_kinds()) {
    const sy::Rules rules = literal_rules_for(defaults, k);
    Held held;
    std::string why;
    int found = 0;
    while (found < cap && held.size() < choices) {
      Found f;
      try {
        f = search_once(rules, k, held, budget);
      } catch (const z3::exception& e) {
        f.why = failure_reason(e);
      }
      if (!f.board) {
        why = f.why;
        break;
      }
      ++found;
      ScytheWitness w;
      w.kind = "undecided";
      w.found_by_search = true;
      w.scope = scope_of(k);
      w.example = Example<sy::State, sy::Move>{*f.board, k.move};
      w.size = witness_size(*f.board);
      w.ruleset_override = k.range_two ? kLiteralRangeTwo : "";
      ReadingOutcome<sy::State, bool> a, b;
      const int p = refound_point(rules, k, f, held, a, b);
      bool legality = f.legality;
      if (p >= 0) {
        legality = a.legal != b.legal;
        w.point = fmt::format("{}.{}", kind_point(k), points[static_cast<std::size_t>(p)].id);
        w.refinds = points[static_cast<std::size_t>(p)].id;
        w.clauses = points[static_cast<std::size_t>(p)].clauses;
        w.title = fmt::format("{}: the words allow two outcomes ({})", k.title,
                              legality ? "legal and refused" : "two positions");
        w.note = fmt::format("The oracle parts them under {}'s readings {} and {}.", w.refinds, a.reading, b.reading);
        w.outcomes = {std::move(a), std::move(b)};
        held.points.insert(static_cast<std::size_t>(p));
      } else {
        new_finding(w, k, rules, f, held);
      }
      std::string clauses;
      for (const auto& c : w.clauses) clauses += (clauses.empty() ? "" : "+") + c;
      w.signature = fmt::format("{}|{}|{}", k.name, clauses, legality ? "legality" : "position");
      out.push_back(std::move(w));
      // Nothing parted that could be held: the search would find the same again.
      if (p < 0 && std::find(f.parted.begin(), f.parted.end(), true) == f.parted.end() &&
          std::find(f.parted_silence.begin(), f.parted_silence.end(), true) == f.parted_silence.end())
        break;
    }
    if (found < cap) {
      ScytheWitness none;
      none.point = kind_point(k);
      none.is_new = true;
      none.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
      none.scope = scope_of(k);
      none.title = fmt::format("{}: no further board where the literal relation allows two outcomes", k.title);
      none.note = !why.empty() ? why
                  : held.size() < choices
                      ? "The search ended unsat with the re-found points' readings held alike and the found silences at their "
                        "decided values."
                      : "Every declared point and silence is held to one value in both copies, which leaves the decided "
                        "encoding: one outcome.";
      out.push_back(std::move(none));
    }
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

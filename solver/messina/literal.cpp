// The discovery search over the literal encoding (literal.hpp): the step kinds, the relation of each
// (its steps' literal constraints: literal_shields.cpp for the Muster page's Shield sentences and the
// Re-arm sentence, literal_units.cpp for its unit steps), the search for two outcomes the words allow
// or none, and the classification of each finding against the declared points.
//
// Each step is a relation literal(pre, step, ok, post) written clause by clause from the words alone:
// every constraint carries the clause it encodes, and says only what that sentence says.
//  - Where a declared interpretation point governs, its reading is a free Int (one per point, every
//    reading allowed, index 0 the default): the relation is the union over the readings.
//  - Where the words do not say whether a condition reaches the case (a sentence about building that
//    may or may not bind an upgrade), whether it applies is a free Bool, named for that silence and
//    tagged with the clause whose words leave it open.
//  - THE ONE ASSUMPTION is the frame: what no sentence of the step touches stays as it was (post starts
//    as pre and only what the step names changes: Shields, units, Energy and tokens). Without it every
//    value would be free and every finding noise.
//  - The Friendly Area is the Friendly Area page's, at that page's default readings (its own points are
//    searched by friendly_witnesses.cpp), except for the population placements, which read a literal
//    one with its silences free (literal_friendly.cpp).
// Two outcomes: allowed vs refused (a refused step leaves the board as it was), or two boards after it.
#include "solver/messina/literal.hpp"
#include "solver/messina/literal_frame.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "oracle/messina/oracle.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using namespace literal;

// The outcome of a copy's last step, as a board: its post when allowed, else the board it started from.
z3::expr outcomes_differ(const CopyOf& x, const CopyOf& y) {
  return x.last.ok != y.last.ok || (x.last.ok && y.last.ok && !same_state(x.last.post, y.last.post));
}

// The generic name of a component key: the space's name left out ("/spaces/*/shields/Blue/level").
std::string generic_key(const std::string& key) {
  const std::string p = "/spaces/";
  if (key.rfind(p, 0) != 0) return key;
  const auto slash = key.find('/', p.size());
  return slash == std::string::npos ? key : p + "*" + key.substr(slash);
}

// ---- the oracle's outcomes on a witness, under a point's readings ----

struct Replayed {
  bool legal = false;
  std::optional<ms::State> next;
};
Replayed oracle_outcome(const ms::Rules& rules, const ms::State& s, const ms::Action& a) {
  try {
    return {true, ms::apply(rules, s, a)};
  } catch (const RuleViolation&) {
    return {false, std::nullopt};
  }
}

bool same_board(const ms::State& a, const ms::State& b) {
  if (unrepresentable(a) || unrepresentable(b)) return false;
  z3::context ctx;
  const SymBoard x = pinned_board(ctx, a), y = pinned_board(ctx, b);
  if (x.factions.size() != y.factions.size() || x.spaces.size() != y.spaces.size()) return false;
  return same_state(x, y).simplify().is_true();
}

bool matches(const Replayed& r, const ReadingOutcome<ms::State, ms::QueryAnswer>& o) {
  if (r.legal != o.legal) return false;
  return !r.legal || (r.next && o.next && same_board(*r.next, *o.next));
}

// The declared point whose readings, in the oracle, give the two outcomes of `w` (the other points as
// `base` has them); empty when none does. The point that caused the finding (`cause`, when it is one)
// is tried first: on a witness where two points separate the same outcomes, it is the one found.
std::string refound_point(const MessinaWitness& w, const ms::Rules& base, const ms::Action& a,
                          const std::string& cause) {
  std::vector<const PointReadings*> order;
  if (const PointReadings* c = point_named(cause)) order.push_back(c);
  for (const auto& p : literal_points())
    if (p.point != cause) order.push_back(&p);
  for (const PointReadings* q : order) {
    const PointReadings& p = *q;
    std::vector<Replayed> by_reading;
    for (std::size_t i = 0; i < p.names.size(); ++i) {
      ms::Rules r = base;  // the point at reading i
      p.set(r.readings, static_cast<int>(i));
      by_reading.push_back(oracle_outcome(r, w.example.state, a));
    }
    for (std::size_t i = 0; i < by_reading.size(); ++i)
      for (std::size_t j = 0; j < by_reading.size(); ++j)
        if (i != j && matches(by_reading[i], w.outcomes[0]) && matches(by_reading[j], w.outcomes[1])) return p.point;
  }
  return "";
}

enum class Found { witness, none, unknown };

struct Search {
  Found status = Found::none;
  std::string why;  // unknown: why
  std::optional<MessinaWitness> witness;
  std::string cause;  // the tag blocked for the next search
};

// Values of a copy's point readings in `m`, onto `rules`.
ms::Rules readings_in(const z3::model& m, const Freedoms& v, const ms::Rules& rules) {
  ms::Rules out = rules;
  for (const auto& f : v.all())
    if (f.readings > 0)
      if (const PointReadings* p = point_named(f.tag)) p->set(out.readings, int_value(m, f.var));
  return out;
}

std::string value_words(const z3::model& m, const Freedom& f) {
  if (f.readings > 0) return point_named(f.tag)->names[static_cast<std::size_t>(int_value(m, f.var))];
  return bool_value(m, f.var) ? "applies" : "does-not-apply";
}

// The first condition of `step` the model breaks (the clause a refused outcome names).
std::string refusing_clause(const z3::model& m, const LiteralStep& step) {
  for (const auto& c : step.conditions)
    if (!bool_value(m, c.formula)) return c.clause;
  return "";
}

// A cause found is held in both copies of the next searches at the value the decided encoding takes:
// a point at its default reading, an open condition applying.
z3::expr held(const Freedom& x, const Freedom& y) {
  if (x.readings > 0) return x.var == 0 && y.var == 0;
  return x.var && y.var;
}

// The readings a kind fixes in every search of it (Kind::fixed).
z3::expr fixed_readings(const Kind& k, const Freedoms& v) {
  z3::expr e = v.domains().ctx().bool_val(true);
  for (const auto& [tag, reading] : k.fixed)
    if (const Freedom* f = v.find(tag)) e = e && f->var == reading;
  return e;
}

Search search_once(const Kind& k, const Shape& shape, const std::set<std::string>& blocked, const ms::Rules& rules,
                   const Budget& budget) {
  z3::context ctx;
  const SymBoard pre = free_board(ctx, shape, "");
  CopyOf x = relation(k, pre, "1", rules, false), y = relation(k, pre, "2", rules, false);
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& c : well_formed(pre, rules.numbers)) opt.add(c.formula);
  opt.add(reachable_board(pre, rules));  // a board play can reach (rules/messina/invariants.json)
  opt.add(x.v.domains() && y.v.domains());
  if (x.muster) opt.add(x.muster->ok && y.muster->ok);  // the Muster before allowed in both
  for (const auto& tag : blocked)
    if (const Freedom* fx = x.v.find(tag), *fy = y.v.find(tag); fx && fy && !k.fixed.count(tag))
      opt.add(held(*fx, *fy));
  opt.add(fixed_readings(k, x.v) && fixed_readings(k, y.v));
  if (k.own_shield) opt.add(pre.spaces[0].shield[0] > 0);  // Red's Shield at A (the shape's first space and faction)
  opt.add(outcomes_differ(x, y));
  const z3::expr size = board_size(pre);
  opt.minimize(size);
  opt.minimize(choices_away(x.v, y.v));  // then the fewest choices away from the decided encoding
  // then no battle: no step of the literal kinds looks at one
  opt.minimize(z3::ite(pre.battle >= 0, ctx.int_val(1), ctx.int_val(0)));
  const z3::check_result r = run_check(opt);
  if (r == z3::unsat) return {Found::none, "", std::nullopt, ""};
  if (r == z3::unknown) return {Found::unknown, unknown_reason(opt, budget), std::nullopt, ""};
  z3::model m = opt.get_model();
  const ms::State board = read_board(m, pre);

  // The cause: the first free variable that alone separates the outcomes on this board (every other
  // one equal in both copies; the points not in the cause at their defaults where that suffices).
  std::vector<std::string> differing;
  for (const auto& f : x.v.all())
    if (const Freedom* g = y.v.find(f.tag); g && !z3::eq(m.eval(f.var, true), m.eval(g->var, true)))
      differing.push_back(f.tag);
  std::string cause;
  for (const auto& tag : differing) {
    for (bool defaults : {true, false}) {
      z3::solver s = bounded_solver(ctx, budget);
      for (const auto& c : components(pre)) s.add(c.value == m.eval(c.value, true));
      s.add(x.v.domains() && y.v.domains());
      if (x.muster) s.add(x.muster->ok && y.muster->ok);
      if (k.own_shield) s.add(pre.spaces[0].shield[0] > 0);
      s.add(fixed_readings(k, x.v) && fixed_readings(k, y.v));
      for (const auto& f : x.v.all()) {
        if (f.tag == tag || k.fixed.count(f.tag)) continue;
        const Freedom* g = y.v.find(f.tag);
        if (g) s.add(blocked.count(f.tag) ? held(f, *g) : f.var == g->var);
        if (defaults && f.readings > 0) s.add(f.var == 0);
      }
      s.add(outcomes_differ(x, y));
      if (run_check(s) == z3::sat) {
        m = s.get_model();
        cause = tag;
        break;
      }
    }
    if (!cause.empty()) break;
  }
  if (cause.empty() && !differing.empty()) cause = differing.front();

  MessinaWitness w;
  w.kind = "undecided";
  w.found_by_search = true;
  w.size = int_value(m, size);
  const SymBoard& start = x.mid ? *x.mid : pre;  // the board the last step starts from
  const ms::Action step = action_of(k);
  w.example = Example<ms::State, Step>{read_board(m, start), step};
  const Freedom* fx = x.v.find(cause);
  const Freedom* fy = y.v.find(cause);
  std::set<std::string> clauses;
  if (fx) clauses.insert(fx->clause);
  for (std::size_t i = 0; i < x.last.conditions.size() && i < y.last.conditions.size(); ++i)
    if (bool_value(m, x.last.conditions[i].formula) != bool_value(m, y.last.conditions[i].formula))
      clauses.insert(x.last.conditions[i].clause);
  w.clauses.assign(clauses.begin(), clauses.end());
  for (const auto* side : {&x, &y}) {
    ReadingOutcome<ms::State, ms::QueryAnswer> o;
    const Freedom* f = side == &x ? fx : fy;
    o.reading = f ? fmt::format("{}-{}", f->tag.substr(f->tag.rfind(':') + 1), value_words(m, *f)) : "outcome";
    o.legal = bool_value(m, side->last.ok);
    if (o.legal) o.next = read_board(m, side->last.post);
    if (!o.legal) o.rule = refusing_clause(m, side->last);
    w.outcomes.push_back(std::move(o));
  }
  std::string differs = "legal";
  if (w.outcomes[0].legal && w.outcomes[1].legal) {
    const auto a = components(x.last.post), b = components(y.last.post);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!z3::eq(m.eval(a[i].value, true), m.eval(b[i].value, true))) {
        differs = generic_key(a[i].key);
        break;
      }
  }
  w.signature = fmt::format("{}|{}|{}", k.name, fmt::join(w.clauses, "+"), differs);
  w.point = fmt::format("messina.literal.{}.{}", k.name, fx ? fx->tag.substr(fx->tag.rfind(':') + 1) : "open");
  w.is_new = true;
  w.title = fmt::format("{}: the words allow {}", k.title,
                        differs == "legal" ? "it and refuse it" : "two different boards after it");
  w.note = fmt::format(
      "The literal encoding (each sentence only as far as its words go) allows both outcomes on this smallest "
      "board play can reach; they part on {}{}.{}",
      fx ? fx->says : "a choice no sentence makes", fx && fx->readings > 0 ? " (a declared point)" : "",
      x.mid ? fmt::format(" The board is the one after the Muster ({}), at the Re-arm.",
                          k.muster->shields.front().op == ms::ShieldOpKind::build ? "the Shield at A built"
                                                                                  : "the Shield at A upgraded")
            : "");
  std::vector<std::string> non_default;
  for (const auto& f : x.v.all())
    if (f.readings > 0 && f.tag != cause && int_value(m, f.var) != 0)
      non_default.push_back(fmt::format("{} read as {}", f.tag, value_words(m, f)));
  if (!non_default.empty()) w.note += fmt::format(" This board needs {}.", fmt::join(non_default, ", "));
  // Re-found: the oracle, under the readings of a declared point (the other points as the model has
  // them), gives the same two outcomes.
  w.refinds = refound_point(w, readings_in(m, x.v, rules), step, cause);
  if (!w.refinds.empty()) w.is_new = false;
  const Replayed today = oracle_outcome(rules, w.example.state, step);  // the outcome the oracle gives now
  for (const auto& o : w.outcomes)
    if (w.today.empty() && matches(today, o)) w.today = o.reading;
  return {Found::witness, "", std::move(w), cause};
}

// A dead end: a board play can reach where every condition of the step holds under some choice of
// the free variables, yet the board the words give after it is no well-formed state.
Search dead_end_once(const Kind& k, const Shape& shape, const ms::Rules& rules, const Budget& budget) {
  z3::context ctx;
  const SymBoard pre = free_board(ctx, shape, "");
  CopyOf x = relation(k, pre, "1", rules, false);
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& c : well_formed(pre, rules.numbers)) opt.add(c.formula);
  opt.add(reachable_board(pre, rules));
  opt.add(x.v.domains());
  opt.add(fixed_readings(k, x.v));
  if (x.muster) opt.add(x.muster->ok);
  opt.add(x.last.ok);
  const Constraints after = well_formed(x.last.post, rules.numbers);
  opt.add(!all_of(ctx, after));
  const z3::expr size = board_size(pre);
  opt.minimize(size);
  const z3::check_result r = run_check(opt);
  if (r != z3::sat)
    return {r == z3::unsat ? Found::none : Found::unknown, r == z3::unsat ? "" : unknown_reason(opt, budget),
            std::nullopt, ""};
  const z3::model m = opt.get_model();
  MessinaWitness w;
  w.kind = "dead-end";
  w.is_new = true;
  w.found_by_search = true;
  w.size = int_value(m, size);
  const ms::Action step = action_of(k);
  w.example = Example<ms::State, Step>{read_board(m, x.mid ? *x.mid : pre), step};
  std::set<std::string> clauses;
  for (const auto& c : x.last.conditions) clauses.insert(c.clause);
  w.clauses.assign(clauses.begin(), clauses.end());
  w.signature = fmt::format("{}|{}|dead-end", k.name, fmt::join(w.clauses, "+"));
  w.point = fmt::format("messina.literal.{}.dead-end", k.name);
  w.title = fmt::format("{}: the words allow it, but no valid board follows", k.title);
  w.note = "Every condition the words give holds, yet the board they give after the step breaks the state format.";
  return {Found::witness, "", std::move(w), ""};
}

}  // namespace

std::vector<std::string> literal_step_kinds() {
  std::vector<std::string> out;
  for (const auto& k : kinds()) out.push_back(k.name);
  return out;
}

std::vector<MessinaWitness> discover(const ms::Rules& defaults, const Budget& budget, int cap) {
  std::vector<MessinaWitness> out;
  // Causes found: the next searches must find another. A declared point found once is held for every
  // later kind; an open condition only within its kind (the same silence may part another step).
  std::set<std::string> points_found;
  for (const Kind& k : kinds()) {
    std::set<std::string> blocked = points_found;
    const std::string scope = fmt::format(
        "the literal encoding of {} on every board play can reach (any counts, adjacency, homes, consents and "
        "Shields) of {}",
        k.title, shapes_in_words(literal_shapes()));
    int found = 0;
    std::string why;
    bool exhausted = false;  // the last search found no (further) board
    for (const Shape& shape : literal_shapes()) {
      while (found < cap && why.empty()) {
        if (cancel_requested()) {
          why = kInterrupted;
          break;
        }
        Search s = search_once(k, shape, blocked, defaults, budget);
        exhausted = s.status == Found::none;
        if (s.status == Found::unknown) why = s.why.empty() ? "unknown" : s.why;
        if (s.status != Found::witness) break;
        ++found;
        if (!s.cause.empty()) blocked.insert(s.cause);
        if (point_named(s.cause)) points_found.insert(s.cause);
        s.witness->scope = scope;
        out.push_back(std::move(*s.witness));
        if (s.cause.empty()) break;  // nothing to block: asking again would find the same
      }
    }
    bool dead_end = false;  // (b) the step allowed with no valid board after it
    for (const Shape& shape : literal_shapes()) {
      if (!why.empty() || dead_end) break;
      Search s = dead_end_once(k, shape, defaults, budget);
      if (s.status == Found::unknown) why = s.why.empty() ? "unknown" : s.why;
      if (s.status != Found::witness) continue;
      dead_end = true;
      s.witness->scope = scope;
      out.push_back(std::move(*s.witness));
    }
    if (why.empty() && !exhausted) continue;  // stopped at the cap: the findings are its records
    MessinaWitness w;
    w.point = "messina.literal." + k.name;
    w.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
    w.is_new = true;
    w.title = k.title + ": the literal encoding's discovery search";
    w.note = why.empty()
                 ? fmt::format(
                       "No board of the scope has two outcomes the words allow beyond the {} cause(s) "
                       "found for this step kind and the declared points held from earlier kinds{}.",
                       found, dead_end ? "" : ", and none where the step is allowed with no valid board after it")
                 : why;
    w.scope = scope;
    out.push_back(std::move(w));
  }
  return out;
}

bool literal_allows(const ms::Rules& defaults, const std::string& step_kind, const ms::State& state,
                    const ms::Action& step, const std::optional<ms::State>& outcome, const Budget& budget,
                    std::string* why) {
  const Kind* k = kind_named(step_kind);
  const auto* muster = std::get_if<ms::Muster>(&step);
  if (!k || unrepresentable(state) || (outcome && unrepresentable(*outcome)) ||
      (muster && !unit_steps_encoded(*muster))) {
    if (why) *why = "not a literal step kind, a board the solver cannot represent, or a Worker disband (not encoded)";
    return false;
  }
  Kind replay = *k;
  if (const auto* r = std::get_if<ms::Rearm>(&step))
    replay.rearm = *r;
  else if (const auto* mu = std::get_if<ms::Muster>(&step))
    replay.muster = *mu;
  else
    replay.other = step;
  z3::context ctx;
  const SymBoard pre = pinned_board(ctx, state);
  CopyOf x = relation(replay, pre, "1", defaults, true);
  z3::solver s = bounded_solver(ctx, budget);
  s.add(x.v.domains());
  if (outcome)
    s.add(x.last.ok && same_state(x.last.post, pinned_board(ctx, *outcome)));
  else
    s.add(!x.last.ok);
  const z3::check_result r = run_check(s);
  if (r == z3::unknown && why) *why = unknown_reason(s, budget);
  return r == z3::sat;
}

}  // namespace rulecheck::solver::messina

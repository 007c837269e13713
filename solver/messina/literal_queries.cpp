// The literal encoding's query kinds (issue 23): beside the step kinds (literal.cpp), the answers of
// the queries the Population Supply and Movement page and the Location Card page define, each as loose
// as the sentences' words allow, and the search for a smallest board play can reach where two copies of
// one query answer differently.
//
// A query's literal relation is relation(board, answer): the answer is a free value in each copy (a
// Bool, or a faction index with -1 for nobody), bound only by constraints each tagged by the clause it
// encodes. A declared point's reading is a free Int as in the step kinds (literal_frame.hpp); no frame
// is needed, as a query changes nothing. Two kinds:
//  - hostile: whether space A is hostile to Red for military purposes (messina.friendly.hostile, its
//    parenthesis messina.friendly.empty-structures, messina.cards.exposed.hostility, with the consent
//    sentence messina.friendly.consent saying who is opposing for this activity);
//  - tie-break: who wins a tie between Red and Blue at A by A's Location Card (messina.cards.exposed.
//    tie-break, messina.cards.expose.battle for the card's facing, messina.friendly.consent).
// What the sentences settle is encoded as they settle it (see each relation); what they leave open is
// the declared points messina.hostile-workers, messina.card-hostility and messina.tie-break-ally.
#include <exception>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "oracle/messina/oracle.hpp"
#include "solver/findings.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/literal_frame.hpp"
#include "solver/messina/literal_query_kinds.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

using namespace literal;

constexpr const char* kHostile = "messina.friendly.hostile";
constexpr const char* kEmptyStructures = "messina.friendly.empty-structures";
constexpr const char* kConsent = "messina.friendly.consent";
constexpr const char* kCardHostility = "messina.cards.exposed.hostility";
constexpr const char* kTieBreak = "messina.cards.exposed.tie-break";
constexpr const char* kExposeBattle = "messina.cards.expose.battle";

constexpr auto kMilitary = static_cast<std::size_t>(ms::Activity::military);

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// A third faction, and a space for its own Home Space when the shape has none to spare
// (messina.reachable.own-home-spaces).
Shape with_green(Shape s) {
  s.factions.push_back({"Green", ms::FactionKind::human});
  if (s.spaces.size() < s.factions.size()) s.spaces.push_back(std::string(1, static_cast<char>('A' + s.spaces.size())));
  return s;
}

}  // namespace

std::vector<QueryKind> query_kinds() {
  return {
      {"hostile",
       "Whether space A is hostile to Red for military purposes",
       ms::Query{ms::HostileQuery{"Red", "A"}},
       {small_shape(2, true)}},
      // A third faction: a card held by a faction that is no side of the battle is a case of its own.
      {"tie-break",
       "Who wins a battle Red and Blue tie at A, by A's Location Card",
       ms::Query{ms::TieBreakQuery{"A", {"Red", "Blue"}}},
       {with_green(small_shape(2, true))}},
  };
}

namespace {

// Whether `o` has Workers in the space: in its own Utility or as a guest in another's.
z3::expr has_workers_at(const SymBoard& b, const SymSpace& sp, std::size_t o) {
  z3::expr any = sp.workers[o] > 0;
  for (std::size_t g = 0; g < b.factions.size(); ++g)
    if (g != o) any = any || sp.guests[g][o] > 0;
  return any;
}

// Whether `o` has Units on the space's map (not on its card).
z3::expr has_map_units(const SymSpace& sp, std::size_t o) {
  z3::expr any = sp.units[o][0] > 0;
  for (std::size_t k = 1; k < kKinds; ++k) any = any || sp.units[o][k] > 0;
  return any;
}

// The hostility query: is space `s` hostile to faction `f` (military purposes)?
//  - messina.friendly.consent: consent counts for the one activity it is given for, so a faction is
//    opposing here unless it consents to f's military purposes.
//  - messina.friendly.hostile: an opposing faction's Units in the space make it hostile; so does the
//    space's Location Card held by one (its facing: messina.card-hostility, free; the card page's
//    advantage, messina.cards.exposed.hostility, makes a face-up one hostile in every reading).
//  - messina.friendly.empty-structures: an empty Utility or a Shield is not enough; whether Workers in
//    an occupied Utility are Units that count is messina.hostile-workers, free.
//  - the sentence lists what makes a space hostile, and its parenthesis what does not: nothing else
//    does (an empty space, an ally's units, structures alone). Units on a card are not "in" the space:
//    the page counts them apart (map units, card units), and holding the card is its own case.
QueryCopy hostile_relation(const SymBoard& b, int f, int s, const std::string& copy) {
  z3::context& ctx = b.ctx();
  QueryCopy q{Freedoms(ctx, copy), SymAnswer::Type::boolean, ctx.bool_const(("hostile#" + copy).c_str()), {}};
  const SymSpace& sp = b.spaces[at(s)];
  const z3::expr workers_count = q.v.reading("messina.hostile-workers", kEmptyStructures) == 0;
  const z3::expr hidden_card_counts = q.v.reading("messina.card-hostility", kCardHostility) == 1;
  z3::expr some_reason = ctx.bool_val(false);
  for (std::size_t o = 0; o < b.factions.size(); ++o) {
    if (o == at(f)) continue;
    const z3::expr opposing = ctx.bool_const(fmt::format("opposing-{}#{}", o, copy).c_str());
    q.conditions.push_back({kConsent, opposing == !b.factions[o].consents[at(f)][kMilitary]});
    const z3::expr holds = sp.card_holder == static_cast<int>(o);
    const z3::expr by_units = opposing && has_map_units(sp, o);
    const z3::expr by_workers = opposing && has_workers_at(b, sp, o) && workers_count;
    const z3::expr by_held_card = opposing && holds && hidden_card_counts;
    const z3::expr by_face_up_card = opposing && holds && sp.card_exposed;
    q.conditions.push_back({kHostile, z3::implies(by_units, q.answer)});
    q.conditions.push_back({kHostile, z3::implies(by_workers, q.answer)});
    q.conditions.push_back({kHostile, z3::implies(by_held_card, q.answer)});
    q.conditions.push_back({kCardHostility, z3::implies(by_face_up_card, q.answer)});
    some_reason = some_reason || by_units || by_workers || by_held_card || by_face_up_card;
  }
  q.conditions.push_back({kEmptyStructures, z3::implies(q.answer, some_reason)});
  return q;
}

// The tie-break query: who wins a battle the `sides` tie at space `s`, by its Location Card?
//  - messina.cards.expose.battle: a battle at the location is one of the times its card must be face-up
//    (and the tie-break sentence lets it turn up after every other strength), so a held card is face-up
//    when the tie is counted.
//  - messina.cards.exposed.tie-break: a face-up card breaks the tie for the side holding it; with no
//    card held, nothing on these pages breaks it (nobody); the answer is a side or nobody.
//  - a holder that is no side: the sentence gives the tie to the card's holder and says nothing of an
//    ally; whether a side its holder gives military consent to wins is messina.tie-break-ally, free
//    (holder-only: nobody; military-ally: the one side it consents to, nobody for several or none).
QueryCopy tie_break_relation(const SymBoard& b, int s, const std::vector<int>& sides, const std::string& copy) {
  z3::context& ctx = b.ctx();
  QueryCopy q{Freedoms(ctx, copy), SymAnswer::Type::faction, ctx.int_const(("winner#" + copy).c_str()), {}};
  const SymSpace& sp = b.spaces[at(s)];
  const z3::expr& holder = sp.card_holder;
  const z3::expr face_up = ctx.bool_const(("card-face-up#" + copy).c_str());
  q.conditions.push_back({kExposeBattle, z3::implies(holder >= 0, face_up)});
  z3::expr holder_is_side = ctx.bool_val(false), answer_is_side = ctx.bool_val(false);
  for (int side : sides) {
    holder_is_side = holder_is_side || holder == side;
    answer_is_side = answer_is_side || q.answer == side;
  }
  q.conditions.push_back({kTieBreak, z3::implies(face_up && holder_is_side, q.answer == holder)});
  q.conditions.push_back({kTieBreak, z3::implies(holder < 0, q.answer == -1)});
  q.conditions.push_back({kTieBreak, q.answer == -1 || answer_is_side});
  const z3::expr ally_reading = q.v.reading("messina.tie-break-ally", kTieBreak);
  // The sides the holder consents `military` to: how many, and the last of them.
  z3::expr count = ctx.int_val(0), last = ctx.int_val(-1);
  for (int side : sides)
    for (std::size_t h = 0; h < b.factions.size(); ++h) {
      const z3::expr gives = holder == static_cast<int>(h) && b.factions[h].consents[at(side)][kMilitary];
      count = count + z3::ite(gives, ctx.int_val(1), ctx.int_val(0));
      last = z3::ite(gives, ctx.int_val(side), last);
    }
  const z3::expr other_holder = holder >= 0 && !holder_is_side && face_up;
  q.conditions.push_back({kTieBreak, z3::implies(other_holder && ally_reading == 0, q.answer == -1)});
  q.conditions.push_back({kConsent, z3::implies(other_holder && ally_reading == 1,
                                                q.answer == z3::ite(count == 1, last, ctx.int_val(-1)))});
  return q;
}

// One copy of the kind's relation on `b` (nullopt: the board lacks a faction or space the query names).
}  // namespace

std::optional<QueryCopy> query_relation(const QueryKind& k, const SymBoard& b, const std::string& copy) {
  if (const auto* h = std::get_if<ms::HostileQuery>(&k.query)) {
    const int f = b.faction_index(h->faction), s = b.space_index(h->at);
    if (f < 0 || s < 0) return std::nullopt;
    return hostile_relation(b, f, s, copy);
  }
  if (const auto* t = std::get_if<ms::TieBreakQuery>(&k.query)) {
    const int s = b.space_index(t->at);
    std::vector<int> sides;
    for (const auto& id : t->sides) {
      sides.push_back(b.faction_index(id));
      if (sides.back() < 0) return std::nullopt;
    }
    if (s < 0) return std::nullopt;
    return tie_break_relation(b, s, sides, copy);
  }
  return std::nullopt;
}

namespace {

const QueryKind* query_kind_named(const std::string& name) {
  static const std::vector<QueryKind> all = query_kinds();
  for (const auto& k : all)
    if (k.name == name) return &k;
  return nullptr;
}

// ---- the search ----

enum class Found { witness, none, unknown };

struct QuerySearch {
  Found status = Found::none;
  std::string why;
  std::optional<MessinaWitness> witness;
  std::string cause;
};

ms::QueryAnswer answer_in(const z3::model& m, const SymBoard& b, const QueryCopy& q) {
  return read_answer(m, b, SymAnswer{q.type, {q.answer}, ""});
}

std::optional<ms::QueryAnswer> oracle_answer(const ms::Rules& rules, const ms::State& s, const ms::Query& query) {
  try {
    return ms::answer(rules, s, query);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The declared point whose readings, in the oracle, give the two answers (the other points as `base`
// has them); the cause first. Empty when none does.
std::string refound_point(const MessinaWitness& w, const ms::Rules& base, const ms::Query& query,
                          const std::string& cause) {
  std::vector<const PointReadings*> order;
  if (const PointReadings* c = point_named(cause)) order.push_back(c);
  for (const auto& p : literal_points())
    if (p.point != cause) order.push_back(&p);
  for (const PointReadings* p : order) {
    std::vector<std::optional<ms::QueryAnswer>> by_reading;
    for (std::size_t i = 0; i < p->names.size(); ++i) {
      ms::Rules r = base;
      p->set(r.readings, static_cast<int>(i));
      by_reading.push_back(oracle_answer(r, w.example.state, query));
    }
    for (std::size_t i = 0; i < by_reading.size(); ++i)
      for (std::size_t j = 0; j < by_reading.size(); ++j)
        if (i != j && by_reading[i] && by_reading[j] && *by_reading[i] == *w.outcomes[0].answer &&
            *by_reading[j] == *w.outcomes[1].answer)
          return p->point;
  }
  return "";
}

ms::Rules readings_in(const z3::model& m, const Freedoms& v, const ms::Rules& rules) {
  ms::Rules out = rules;
  for (const auto& f : v.all())
    if (f.readings > 0)
      if (const PointReadings* p = point_named(f.tag)) p->set(out.readings, int_value(m, f.var));
  return out;
}

// The clauses a copy's constraints would break were its answer the other copy's: where the two
// answers part in the words.
std::set<std::string> parting_clauses(const z3::model& m, const QueryCopy& q, const z3::expr& other_answer) {
  std::set<std::string> out;
  z3::expr_vector from(q.answer.ctx()), to(q.answer.ctx());
  from.push_back(q.answer);
  to.push_back(other_answer);
  for (const auto& c : q.conditions) {
    z3::expr swapped = c.formula;
    swapped = swapped.substitute(from, to);
    if (!bool_value(m, swapped)) out.insert(c.clause);
  }
  return out;
}

// The constraints both copies share: a board play can reach, readings in their domains, each copy's
// relation, the kind's causes found held at their defaults.
void common_constraints(z3::solver& s, const QueryCopy& x, const QueryCopy& y, const std::set<std::string>& blocked) {
  s.add(x.v.domains() && y.v.domains());
  for (const auto& c : x.conditions) s.add(c.formula);
  for (const auto& c : y.conditions) s.add(c.formula);
  for (const auto& tag : blocked)
    if (const Freedom* fx = x.v.find(tag), *fy = y.v.find(tag); fx && fy) s.add(fx->var == 0 && fy->var == 0);
}

QuerySearch search_once(const QueryKind& k, const Shape& shape, const std::set<std::string>& blocked,
                        const ms::Rules& rules, const Budget& budget) {
  z3::context ctx;
  const SymBoard pre = free_board(ctx, shape, "");
  std::optional<QueryCopy> ox = query_relation(k, pre, "1"), oy = query_relation(k, pre, "2");
  if (!ox || !oy) return {Found::unknown, "the query names a faction or space the shape lacks", std::nullopt, ""};
  const QueryCopy &x = *ox, &y = *oy;
  z3::optimize opt = bounded_optimize(ctx, budget);
  for (const auto& c : well_formed(pre, rules.numbers)) opt.add(c.formula);
  opt.add(reachable_board(pre, rules));  // a board play can reach (rules/messina/invariants.json)
  opt.add(x.v.domains() && y.v.domains());
  for (const auto& c : x.conditions) opt.add(c.formula);
  for (const auto& c : y.conditions) opt.add(c.formula);
  for (const auto& tag : blocked)
    if (const Freedom* fx = x.v.find(tag), *fy = y.v.find(tag); fx && fy) opt.add(fx->var == 0 && fy->var == 0);
  opt.add(x.answer != y.answer);
  const z3::expr size = board_size(pre);
  opt.minimize(size);
  opt.minimize(choices_away(x.v, y.v));  // then the fewest choices away from the decided encoding
  opt.minimize(z3::ite(pre.battle >= 0, ctx.int_val(1), ctx.int_val(0)));
  const z3::check_result r = run_check(opt);
  if (r == z3::unsat) return {Found::none, "", std::nullopt, ""};
  if (r == z3::unknown) return {Found::unknown, unknown_reason(opt, budget), std::nullopt, ""};
  z3::model m = opt.get_model();

  // The cause: the first free reading that alone parts the answers on this board (the others equal in
  // both copies, at their defaults where that suffices).
  std::vector<std::string> differing;
  for (const auto& f : x.v.all())
    if (const Freedom* g = y.v.find(f.tag); g && !z3::eq(m.eval(f.var, true), m.eval(g->var, true)))
      differing.push_back(f.tag);
  std::string cause;
  for (const auto& tag : differing) {
    for (bool defaults : {true, false}) {
      z3::solver s = bounded_solver(ctx, budget);
      for (const auto& c : components(pre)) s.add(c.value == m.eval(c.value, true));
      common_constraints(s, x, y, blocked);
      for (const auto& f : x.v.all()) {
        if (f.tag == tag) continue;
        if (const Freedom* g = y.v.find(f.tag)) s.add(f.var == g->var);
        if (defaults && f.readings > 0) s.add(f.var == 0);
      }
      s.add(x.answer != y.answer);
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
  w.example = Example<ms::State, Step>{read_board(m, pre), Step{k.query}};
  const Freedom* fx = x.v.find(cause);
  const Freedom* fy = y.v.find(cause);
  std::set<std::string> clauses = parting_clauses(m, x, y.answer);
  for (const auto& c : parting_clauses(m, y, x.answer)) clauses.insert(c);
  if (fx) clauses.insert(fx->clause);
  w.clauses.assign(clauses.begin(), clauses.end());
  for (const auto* side : {&x, &y}) {
    ReadingOutcome<ms::State, ms::QueryAnswer> o;
    const Freedom* f = side == &x ? fx : fy;
    o.reading = f && f->readings > 0
                    ? fmt::format("{}-{}", f->tag.substr(f->tag.rfind('.') + 1),
                                  point_named(f->tag)->names[static_cast<std::size_t>(int_value(m, f->var))])
                    : "answer";
    o.is_query = true;
    o.answer = answer_in(m, pre, *side);
    w.outcomes.push_back(std::move(o));
  }
  const std::string cause_short = fx ? fx->tag.substr(fx->tag.rfind('.') + 1) : "open";
  w.signature = fmt::format("{}|{}|answer", k.name, fmt::join(w.clauses, "+"));
  w.point = fmt::format("messina.literal.{}.{}", k.name, cause_short);
  w.is_new = true;
  w.title = fmt::format("{}: the words allow two answers", k.title);
  w.note = fmt::format(
      "The literal encoding of the query (each sentence only as far as its words go) allows both answers on this "
      "smallest board play can reach; they part on {}{}.",
      fx ? fx->says : "a choice no sentence makes", fx && fx->readings > 0 ? " (a declared point)" : "");
  std::vector<std::string> non_default;
  for (const auto& f : x.v.all())
    if (f.readings > 0 && f.tag != cause && int_value(m, f.var) != 0)
      non_default.push_back(fmt::format("{} read as {}", f.tag,
                                        point_named(f.tag)->names[static_cast<std::size_t>(int_value(m, f.var))]));
  if (!non_default.empty()) w.note += fmt::format(" This board needs {}.", fmt::join(non_default, ", "));
  w.refinds = refound_point(w, readings_in(m, x.v, rules), k.query, cause);
  if (!w.refinds.empty()) w.is_new = false;
  if (const auto today = oracle_answer(rules, w.example.state, k.query))
    for (const auto& o : w.outcomes)
      if (w.today.empty() && *o.answer == *today) w.today = o.reading;
  return {Found::witness, "", std::move(w), cause};
}

}  // namespace

std::vector<std::string> literal_query_kinds() {
  std::vector<std::string> out;
  for (const auto& k : query_kinds()) out.push_back(k.name);
  return out;
}

std::vector<MessinaWitness> discover_queries(const ms::Rules& defaults, const Budget& budget, int cap) {
  std::vector<MessinaWitness> out;
  for (const QueryKind& k : query_kinds()) {
    std::set<std::string> blocked;  // the declared points found for this kind, held at their defaults
    const std::string scope = fmt::format(
        "the literal encoding of the query ({}) on every board play can reach (any counts, adjacency, homes, "
        "consents, cards and Shields) of {}",
        k.title, shapes_in_words(k.shapes));
    int found = 0;
    std::string why;
    bool exhausted = false;
    for (const Shape& shape : k.shapes) {
      while (found < cap && why.empty()) {
        if (cancel_requested()) {
          why = kInterrupted;
          break;
        }
        QuerySearch s = search_once(k, shape, blocked, defaults, budget);
        exhausted = s.status == Found::none;
        if (s.status == Found::unknown) why = s.why.empty() ? "unknown" : s.why;
        if (s.status != Found::witness) break;
        ++found;
        s.witness->scope = scope;
        out.push_back(std::move(*s.witness));
        if (s.cause.empty()) break;  // nothing to hold: asking again would find the same
        blocked.insert(s.cause);
      }
    }
    if (why.empty() && !exhausted) continue;  // stopped at the cap: the findings are its records
    MessinaWitness w;
    w.point = "messina.literal." + k.name;
    w.kind = why.empty() ? "none" : is_interrupted(why) ? "interrupted" : "unknown";
    w.is_new = true;
    w.title = k.title + ": the literal encoding's discovery search";
    w.note = why.empty() ? fmt::format(
                               "No board of the scope has two answers the words allow beyond the {} cause(s) found "
                               "for this query, each declared point found held at its default.",
                               found)
                         : why;
    w.scope = scope;
    out.push_back(std::move(w));
  }
  return out;
}

bool literal_query_allows(const std::string& query_kind, const ms::State& state, const ms::QueryAnswer& answer,
                          const Budget& budget, std::string* why) {
  const QueryKind* k = query_kind_named(query_kind);
  if (!k || unrepresentable(state)) {
    if (why) *why = "not a literal query kind, or a board the solver cannot represent";
    return false;
  }
  z3::context ctx;
  const SymBoard pre = pinned_board(ctx, state);
  const std::optional<QueryCopy> x = query_relation(*k, pre, "1");
  if (!x) {
    if (why) *why = "the board lacks a faction or space the query names";
    return false;
  }
  z3::solver s = bounded_solver(ctx, budget);
  s.add(x->v.domains());
  for (const auto& c : x->conditions) s.add(c.formula);
  s.add(answer_is(pre, SymAnswer{x->type, {x->answer}, ""}, answer));
  const z3::check_result r = run_check(s);
  if (r == z3::unknown && why) *why = unknown_reason(s, budget);
  return r == z3::sat;
}

}  // namespace rulecheck::solver::messina

// The contradiction search over the literal encoding (literal.hpp): for each probe, the clause-tagged
// literal constraints of a step, with the probe's case (what each sentence grants or claims there)
// tagged by its clause too, asked together on every board play can reach of the scope. When no board
// lets them all hold, the clauses are cut down to a minimal set that still cannot (each clause left
// out in turn, kept only if the rest could then hold): the sentences that contradict each other.
//
// The free variables stay free (a declared point's readings, the words' silences): a contradiction
// holds whatever way the points and the silences are read.
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/findings.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/literal_frame.hpp"
#include "solver/messina/reachable.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

namespace {

using namespace literal;

struct Probe {
  Kind kind;
  // The case's grants and claims beyond the step's own conditions, each tagged by its clause.
  std::function<Constraints(const CopyOf&, const ms::Rules&, const Stated&)> extra;
  // Why, with the numbers (for a found contradiction).
  std::function<std::string(const ms::Rules&, const Stated&)> note;
};

z3::expr units_total(const Kinds& k) {
  z3::expr t = k[0];
  for (std::size_t i = 1; i < kKinds; ++i) t = t + k[i];
  return t;
}

// Space A (index 0) filled: the map's units of every faction, and the card's.
z3::expr map_units(const SymBoard& b) {
  z3::expr n = b.ctx().int_val(0);
  for (const auto& units : b.spaces[0].units) n = n + units_total(units);
  return n;
}

std::vector<Probe> probes() {
  std::vector<Probe> out;
  for (const Kind& k : kinds())
    out.push_back({k, nullptr, [](const ms::Rules&, const Stated&) {
                     return std::string("No board of the scope lets these clauses all hold for this step: read "
                                        "literally, together they never allow it.");
                   }});
  // A location filled: Red builds an Infantry on A's map space and one onto A's card, each reaching its
  // limit. The Muster page lets a space be built up to its limit and a card up to its own
  // (messina.muster.stacking, messina.cards.capacity); the Location Card page states what one location
  // then holds in all (messina.cards.seven-per-location).
  const ms::Where a{"A", false}, card_a{"A", true};
  Kind fill{"fill-location",
            "Red fills space A to the map's limit and A's Location Card to the card's limit in one Muster",
            ms::Muster{"Red", {{a, ms::Piece::infantry, 1}, {card_a, ms::Piece::infantry, 1}}, {}, {}, {}},
            std::nullopt};
  out.push_back(
      {fill,
       [](const CopyOf& x, const ms::Rules& rules, const Stated& stated) {
         const SymBoard& post = x.last.post;
         const z3::expr card = units_total(post.spaces[0].card_units);
         return Constraints{{kStacking, map_units(post) == rules.numbers.stacking_map},
                            {kCapacity, card == rules.numbers.stacking_card},
                            {kSevenPerLocation, map_units(post) + card <= stated.location_total}};
       },
       [](const ms::Rules& rules, const Stated& stated) {
         return fmt::format(
             "A space filled to the map's limit of {} and its card to the card's limit of {} hold {} units at one "
             "location, but the Location Card page states that a location holds {} in all.",
             rules.numbers.stacking_map, rules.numbers.stacking_card,
             rules.numbers.stacking_map + rules.numbers.stacking_card, stated.location_total);
       }});
  return out;
}

// The probe's tagged constraints on a free board of `shape` (one copy of its relation).
Constraints tagged(const Probe& p, const CopyOf& x, const ms::Rules& rules, const Stated& stated) {
  Constraints c = x.last.conditions;
  if (x.muster) c.insert(c.end(), x.muster->conditions.begin(), x.muster->conditions.end());
  if (p.extra) {
    const Constraints more = p.extra(x, rules, stated);
    c.insert(c.end(), more.begin(), more.end());
  }
  return c;
}

std::set<std::string> clauses_of(const Probe& p, const ms::Rules& rules, const Stated& stated) {
  z3::context ctx;
  const SymBoard pre = free_board(ctx, literal_shapes().front(), "");
  const CopyOf x = relation(p.kind, pre, "1", rules, false, stated);
  std::set<std::string> out;
  for (const auto& c : tagged(p, x, rules, stated)) out.insert(c.clause);
  return out;
}

struct Answer {
  z3::check_result result = z3::unknown;
  std::string why;
};

// Whether the constraints of `clauses` can all hold on some board of `shape` that play can reach.
Answer holds_together(const Probe& p, const Shape& shape, const std::set<std::string>& clauses,
                      const ms::Rules& rules, const Stated& stated, const Budget& budget) {
  if (cancel_requested()) return {z3::unknown, kInterrupted};
  z3::context ctx;
  const SymBoard pre = free_board(ctx, shape, "");
  const CopyOf x = relation(p.kind, pre, "1", rules, false, stated);
  z3::solver s = bounded_solver(ctx, budget);
  for (const auto& c : well_formed(pre, rules.numbers)) s.add(c.formula);
  s.add(reachable_board(pre, rules));
  s.add(x.v.domains());
  if (p.kind.own_shield) s.add(pre.spaces[0].shield[0] > 0);
  for (const auto& c : tagged(p, x, rules, stated))
    if (clauses.count(c.clause)) s.add(c.formula);
  const z3::check_result r = run_check(s);
  return {r, r == z3::unknown ? unknown_reason(s, budget) : ""};
}

// Over every shape: sat when some shape has a board, unsat when none has, else unknown.
Answer on_every_shape(const Probe& p, const std::set<std::string>& clauses, const ms::Rules& rules,
                      const Stated& stated, const Budget& budget) {
  Answer last{z3::unsat, ""};
  for (const Shape& shape : literal_shapes()) {
    Answer a = holds_together(p, shape, clauses, rules, stated, budget);
    if (a.result == z3::sat) return a;
    if (a.result == z3::unknown) last = a;
  }
  return last;
}

}  // namespace

ContradictionSearch contradictions(const ms::Rules& rules, const ms::Ruleset& stated_numbers, const Budget& budget) {
  const Stated stated = stated_by(stated_numbers);
  ContradictionSearch out;
  out.scope = fmt::format(
      "each literal step kind, each literal query kind and the filled location, on every board play can reach "
      "(any counts, adjacency, homes, consents, cards and Shields; every reading of the declared points and every "
      "silence of the words free) of {} (the tie-break query with a third faction, Green, beside them)",
      shapes_in_words(literal_shapes()));
  for (const Probe& p : probes()) {
    ++out.probes;
    std::set<std::string> core = clauses_of(p, rules, stated);
    const Answer all = on_every_shape(p, core, rules, stated, budget);
    if (all.result == z3::sat) continue;
    if (all.result == z3::unknown) {
      if (out.why.empty()) out.why = fmt::format("{}: {}", p.kind.name, all.why);
      continue;
    }
    core = minimal_clause_set(std::move(core), [&](const std::set<std::string>& trial) {
      return on_every_shape(p, trial, rules, stated, budget).result == z3::unsat;
    });
    out.found.push_back({p.kind.name, p.kind.title, {core.begin(), core.end()}, p.note(rules, stated)});
  }
  query_contradictions(rules, budget, out);  // each literal query kind (literal_queries.cpp)
  if (!out.found.empty())
    out.status = "found";
  else if (!out.why.empty())
    out.status = is_interrupted(out.why.substr(out.why.find(": ") + 2)) ? "interrupted" : "unknown";
  return out;
}

}  // namespace rulecheck::solver::messina

// The contradiction probe over Scythe's literal relation (literal.hpp), as Messina's
// (solver/messina/literal_contradictions.cpp): for each probe, the clause-tagged constraints of one
// copy of the literal relation (each clause's constraints conjoined under the copy's readings), with
// the probe's case tagged by its clause too, asked together on every board play can reach of the
// probe's map. When no board lets them all hold, the clauses are cut down to a minimal set that still
// cannot (each clause left out in turn, kept only if the rest could then hold).
//
// The free Bools stay free (a declared point's readings, the words' silences): a contradiction holds
// whatever way the points and the silences are read, unless a test holds a silence (`fixed`).
#include <functional>
#include <set>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/findings.hpp"
#include "solver/scythe/literal.hpp"
#include "solver/scythe/literal_relation.hpp"
#include "solver/scythe/outcome_search.hpp"
#include "solver/scythe/reachable.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;

struct Probe {
  LiteralStepKind kind;
  // The case's claims beyond the step's own conditions, each tagged by its clause.
  std::function<Constraints(z3::context&, const Board&, const Position&, const LiteralCopy&)> extra;
  const char* note;
};

// scythe.move.workers-retreat: the character's entry sends at least one opponent worker home.
Constraints forced_retreat(z3::context& ctx, const Board&, const Position&, const LiteralCopy& x) {
  return {{"scythe.move.workers-retreat", x.retreated >= ctx.int_val(1)}};
}

std::vector<Probe> probes() {
  std::vector<Probe> out;
  const char* const plain =
      "No board play can reach lets these clauses all hold for this step: read literally, together they never allow "
      "it.";
  for (const LiteralStepKind& k : literal_kinds()) out.push_back({k, nullptr, plain});
  LiteralStepKind retreat{"forced-retreat",
                          "red's character moves T1 -> T2 where blue's workers alone hold T2, sending them home",
                          line_map(2, 0),
                          sy::Move{"red", {sy::UnitMove{Unit::character, "T1", {"T2"}, 0}}}};
  out.push_back({retreat, forced_retreat,
                 "A character entering land an opponent's workers hold alone sends them home, yet these clauses "
                 "together refuse every such entry."});
  return out;
}

struct Answer {
  z3::check_result result = z3::unknown;
  std::string why;
};

// The probe's tagged constraints on a free board of its map (one copy of the relation), with the
// board's own facts (valid, reachable, the choices' domains) apart.
struct Asked {
  std::vector<z3::expr> board;
  Constraints tagged;
};

Asked ask(z3::context& ctx, const Probe& p, const sy::Rules& rules, const std::map<std::string, bool>& fixed) {
  Asked a;
  const Board b = board_of(p.kind.map);
  const auto steps = steps_of(ctx, b, p.kind.move);
  const Position before = free_position(ctx, b, "w");
  const int mover = b.faction_index.at(p.kind.move.faction);
  const LiteralCopy x = literal_copy(ctx, literal_rules_for(rules, p.kind), b, before, mover, *steps, "1", fixed);
  a.board = valid_position(ctx, rules, b, before);
  a.board.push_back(reachable_position(ctx, b, before));
  a.board.push_back(move_start_position(ctx, b, before, mover));  // the board a Move of `mover` starts from
  for (const auto& d : x.choices) a.board.push_back(d);
  for (const auto& [clause, f] : x.by_clause) a.tagged.push_back({clause, f});
  if (p.extra)
    for (auto& c : p.extra(ctx, b, before, x)) a.tagged.push_back(std::move(c));
  return a;
}

std::set<std::string> clauses_of(const Probe& p, const sy::Rules& rules, const std::map<std::string, bool>& fixed) {
  z3::context ctx;
  std::set<std::string> out;
  for (const auto& c : ask(ctx, p, rules, fixed).tagged) out.insert(c.clause);
  return out;
}

// Whether the constraints of `clauses` can all hold on some board of the probe's map play can reach.
Answer holds_together(const Probe& p, const std::set<std::string>& clauses, const sy::Rules& rules,
                      const std::map<std::string, bool>& fixed, const Budget& budget) {
  if (cancel_requested()) return {z3::unknown, kInterrupted};
  z3::context ctx;
  const Asked a = ask(ctx, p, rules, fixed);
  z3::solver s = bounded_solver(ctx, budget);
  for (const auto& f : a.board) s.add(f);
  for (const auto& c : a.tagged)
    if (clauses.count(c.clause)) s.add(c.formula);
  const z3::check_result r = run_check(s);
  return {r, r == z3::unknown ? unknown_reason(s, budget) : ""};
}

}  // namespace

ScytheContradictionSearch contradictions(const sy::Rules& rules, const Budget& budget,
                                         const std::map<std::string, bool>& fixed) {
  ScytheContradictionSearch out;
  out.scope = fmt::format(
      "each literal step kind and the forced retreat, on every board play can reach of its line map between the "
      "home bases, one the mover's Move starts from (any counts, holders, popularities; a combat or encounter pending "
      "only as the mover's own: rules/scythe/move_start.json; every reading of the declared "
      "points and every value of the {} silences of the words freed)",
      literal_silences().size());
  for (const Probe& p : probes()) {
    ++out.probes;
    std::set<std::string> core = clauses_of(p, rules, fixed);
    const Answer all = holds_together(p, core, rules, fixed, budget);
    if (all.result == z3::sat) continue;
    if (all.result == z3::unknown) {
      if (out.why.empty()) out.why = fmt::format("{}: {}", p.kind.name, all.why);
      continue;
    }
    core = minimal_clause_set(std::move(core), [&](const std::set<std::string>& trial) {
      return holds_together(p, trial, rules, fixed, budget).result == z3::unsat;
    });
    out.found.push_back({p.kind.name, p.kind.title, {core.begin(), core.end()}, p.note});
  }
  if (!out.found.empty())
    out.status = "found";
  else if (!out.why.empty())
    out.status = is_interrupted(out.why.substr(out.why.find(": ") + 2)) ? "interrupted" : "unknown";
  return out;
}

}  // namespace rulecheck::solver::scythe

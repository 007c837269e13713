// Scythe's three queries (who controls a territory, whether its mill produces, whether a faction gets a
// structure's bonus there) as questions to the movement model over the board asked about: the answer the
// rules give is read from the same definition of control the moves use (board.hpp controller), and a
// claimed answer is checked against constraints tagged by the clause (or convention) that decides it, so
// that a wrong answer's unsat core names the clause it breaks.
#include <fmt/format.h>

#include "solver/scythe/board.hpp"
#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

namespace {

z3::context& query_context() {
  thread_local z3::context ctx;
  return ctx;
}

// The answer to `who controls t`, clause by clause: each constraint says what the answer is in the case
// its clause speaks of (on one board every case folds to true or false, so one of them binds).
Constraints controller_is(z3::context& ctx, const Board& b, const Position& p, int t, const z3::expr& claimed) {
  const z3::expr sharing = Fold::ge(factions_present(ctx, b, p, t), ctx.int_val(2));
  const bool structure = b.structure_owner[t] != kNobody;
  const z3::expr who = controller(b, p, t);
  return {
      // scythe.move.combat-temporary-control: while several factions share it, the one holding it.
      {"scythe.move.combat-temporary-control", Fold::implies(sharing, Fold::eq(claimed, who))},
      // scythe.move.structure-capture: a unit that comes onto a territory only its structure controlled
      // gives its faction control; with no units there, the structure's owner controls it.
      {"scythe.move.structure-capture",
       Fold::implies(Fold::land(ctx.bool_val(structure), Fold::lnot(sharing)), Fold::eq(claimed, who))},
      // convention scythe.convention.control-by-units: with no structure, the one faction with units
      // there controls it; with no units either, nobody (kNobody).
      {"scythe.convention.control-by-units",
       Fold::implies(Fold::land(ctx.bool_val(!structure), Fold::lnot(sharing)), Fold::eq(claimed, who))},
  };
}

// Whether the mill on t produces. scythe.move.mill-no-produce: not while a faction other than its owner
// controls the territory. convention scythe.convention.mill-produces-unless-opponent: it does otherwise
// (the text says only when a mill does not produce), and a territory with no mill has none producing.
// Who controls the territory is a constant defined by controller_is, so that a wrong answer's clauses
// include those that decide who controls it.
Constraints mill_produces_is(z3::context& ctx, const Board& b, const Position& p, int t, const z3::expr& claimed) {
  if (!b.mill[t]) return {{"scythe.convention.mill-produces-unless-opponent", Fold::lnot(claimed)}};
  const z3::expr who = ctx.int_const("mill_territory_controller");
  Constraints out = controller_is(ctx, b, p, t, who);
  const z3::expr opponent_controls = who != ctx.int_val(b.structure_owner[t]);
  out.push_back({"scythe.move.mill-no-produce", z3::implies(opponent_controls, Fold::lnot(claimed))});
  out.push_back({"scythe.convention.mill-produces-unless-opponent", z3::implies(!opponent_controls, claimed)});
  return out;
}

// Whether faction f gets the bonus of the structure on t. scythe.move.structure-no-bonus: not from an
// opponent's structure, whoever controls the territory. convention scythe.convention.structure-bonus-to-owner:
// its owner does, whoever controls the territory; with no structure, nobody.
Constraints structure_bonus_is(const Board& b, int t, int f, const z3::expr& claimed) {
  const int owner = b.structure_owner[t];
  if (owner == kNobody) return {{"scythe.convention.structure-bonus-to-owner", Fold::lnot(claimed)}};
  if (owner != f) return {{"scythe.move.structure-no-bonus", Fold::lnot(claimed)}};
  return {{"scythe.convention.structure-bonus-to-owner", claimed}};
}

int index_in(const std::map<std::string, int>& index, const std::string& id) {
  const auto it = index.find(id);
  return it == index.end() ? -1 : it->second;
}

// The query's constraints on its claimed answer (of the query's type: answer_fits), or nullopt when the
// board cannot say (an unknown territory or faction).
std::optional<Constraints> query_is(z3::context& ctx, const Board& b, const Position& p, const ScytheQuery& query,
                                    const ScytheAnswer& claimed) {
  const auto* flag = std::get_if<bool>(&claimed);
  const auto* faction = std::get_if<std::optional<sy::FactionId>>(&claimed);
  if (const auto* q = std::get_if<sy::ControllerQuery>(&query)) {
    const int t = index_in(b.territory_index, q->at);
    if (t < 0) return std::nullopt;
    const int who = *faction ? index_in(b.faction_index, **faction) : kNobody;
    if (*faction && who < 0) return Constraints{{"scythe.convention.control-by-units", ctx.bool_val(false)}};
    return controller_is(ctx, b, p, t, ctx.int_val(who));
  }
  if (const auto* q = std::get_if<sy::MillProducesQuery>(&query)) {
    const int t = index_in(b.territory_index, q->at);
    if (t < 0) return std::nullopt;
    return mill_produces_is(ctx, b, p, t, ctx.bool_val(*flag));
  }
  const auto& q = std::get<sy::StructureBonusQuery>(query);
  const int t = index_in(b.territory_index, q.at), f = index_in(b.faction_index, q.faction);
  if (t < 0 || f < 0) return std::nullopt;
  return structure_bonus_is(b, t, f, ctx.bool_val(*flag));
}

// The controller query is answered by a faction or nobody, the two others by yes or no.
bool answer_fits(const ScytheQuery& query, const ScytheAnswer& claimed) {
  return std::holds_alternative<sy::ControllerQuery>(query) ==
         std::holds_alternative<std::optional<sy::FactionId>>(claimed);
}

}  // namespace

OutcomeCheck check_query(const sy::State& state, const ScytheQuery& query, const ScytheAnswer& claimed,
                         const Budget& budget) {
  z3::context& ctx = query_context();
  const Board b = board_of(state);
  if (!answer_fits(query, claimed)) return {Membership::forbidden, {}, "the claimed result has the wrong type for this query"};
  const std::optional<Constraints> answer = query_is(ctx, b, position_of(ctx, b, state), query, claimed);
  if (!answer) return {Membership::not_encoded, {}, "the query names a territory or faction the state does not have"};
  // On one board every constraint is closed: the broken ones are those that fold to false.
  const Broken broken = broken_clauses(ctx, {}, *answer, budget);
  if (broken.unknown) return {Membership::unknown, {}, "budget exhausted: " + broken.reason};
  if (broken.clauses.empty()) return {Membership::allowed, {}, "the rules give this answer"};
  return {Membership::forbidden, broken.clauses, "the rules give another answer: " + clause_list(broken.clauses)};
}

}  // namespace rulecheck::solver::scythe

// The literal relation of one Move (literal_relation.hpp).
#include "solver/scythe/literal_relation.hpp"

#include <fmt/format.h>

#include "solver/scythe/outcome_search.hpp"

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
using R = sy::Readings;
using UM = sy::UnitMove;

z3::expr pick(const std::vector<z3::expr>& when, const std::vector<z3::expr>& value) {
  z3::expr out = value.back();
  for (std::size_t i = value.size() - 1; i-- > 0;) out = z3::ite(when[i], value[i], out);
  return out;
}

}  // namespace

const std::vector<LiteralPoint>& literal_points() {
  static const std::vector<LiteralPoint> points = {
      {"scythe.vacated-workers",
       {"scythe.move.vacated-open"},
       {"any-unit", "no-workers"},
       [](R& r, bool s) { r.vacated_workers = s ? R::VacatedWorkers::no_workers : R::VacatedWorkers::any_unit; }},
      {"scythe.stop-path",
       {"scythe.move.workers-stop", "scythe.move.combat-stop", "scythe.move.encounter-stop"},
       {"must-end", "truncate"},
       [](R& r, bool s) { r.stop_path = s ? R::StopPath::truncate : R::StopPath::must_end; }},
      {"scythe.carried-workers",
       {"scythe.move.mech-carry", "scythe.move.once-per-action"},
       {"not-a-move", "counts-as-move"},
       [](R& r, bool s) {
         r.carried_workers = s ? R::CarriedWorkers::counts_as_move : R::CarriedWorkers::not_a_move;
       }},
      {"scythe.units-per-move",
       {"scythe.move.units-per-action", "scythe.move.no-limit", "scythe.move.once-per-action"},
       {"no-cap", "ruleset-cap"},
       [](R& r, bool s) { r.units_per_move = s ? R::UnitsPerMove::ruleset_cap : R::UnitsPerMove::no_cap; }},
      {"scythe.worker-blocking",
       {"scythe.move.worker-blocked-by-combat-units", "scythe.move.worker-blocked-by-workers",
        "scythe.move.combat-temporary-control"},
       {"control", "presence"},
       [](R& r, bool s) { r.worker_blocking = s ? R::WorkerBlocking::presence : R::WorkerBlocking::control; }},
  };
  return points;
}

// The silences freed (move_action.hpp, Silences): in words of our own, what each leaves open.
const std::vector<LiteralSilence>& literal_silences() {
  static const std::vector<LiteralSilence> silences = {
      {"home-ban-meets-retreat", "scythe.move.home-base",
       "whether the home-base ban, which the text states as a default, also refuses a move whose entry sends an "
       "opponent's workers back to their home base (scythe.move.workers-retreat)",
       {"retreat-goes-home", "retreat-refused"}},
      {"unit-moves-again", "scythe.move.once-per-action",
       "whether a unit that has already moved in this Move action may start another move in it (no sentence says "
       "each unit moves once; it is implied by movement ending and remaining)",
       {"once", "again"}},
  };
  return silences;
}

const char* const kLiteralRangeTwo = R"({"move_range":{"character":2,"mech":2,"worker":2}})";

std::vector<LiteralStepKind> literal_kinds() {
  auto red = [](std::vector<UM> m) { return sy::Move{"red", std::move(m)}; };
  return {
      {"character-one-step", "red's character moves T1 -> T2", line_map(2, 2), red({UM{Unit::character, "T1", {"T2"}, 0}})},
      {"worker-in", "a red worker moves T1 -> T2", line_map(2, 0), red({UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"worker-out", "a red worker moves T2 -> T1", line_map(2, 0), red({UM{Unit::worker, "T2", {"T1"}, 0}})},
      {"mech-then-worker", "red's mech moves T1 -> T2, then a red worker follows", line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"ride-then-walk", "red's mech carries a worker T1 -> T2, then a red worker walks T2 -> T1", line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 1}, UM{Unit::worker, "T2", {"T1"}, 0}})},
      {"three-workers", "three red workers each move T1 -> T2", line_map(2, 0),
       red({UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}, UM{Unit::worker, "T1", {"T2"}, 0}})},
      {"character-two-steps", "with a range of 2, red's character moves T1 -> T2 -> T3 (an encounter token on T2)",
       line_map(3, 2), red({UM{Unit::character, "T1", {"T2", "T3"}, 0}}), true},
      {"mech-two-steps", "with a range of 2, red's mech moves T1 -> T2 -> T3", line_map(3, 0),
       red({UM{Unit::mech, "T1", {"T2", "T3"}, 0}}), true},
      {"mech-there-and-back", "red's mech moves T1 -> T2, then red's mech moves T2 -> T1", line_map(2, 0),
       red({UM{Unit::mech, "T1", {"T2"}, 0}, UM{Unit::mech, "T2", {"T1"}, 0}})},
  };
}

sy::Rules literal_rules_for(const sy::Rules& defaults, const LiteralStepKind& k) {
  sy::Rules r = defaults;
  if (k.range_two)
    for (Unit u : sy::kUnits) r.numbers.move_range[u] = 2;
  return r;
}

LiteralCopy literal_copy(z3::context& ctx, const sy::Rules& base, const Board& b, const Position& before, int mover,
                         const std::vector<UnitStep>& steps, const std::string& tag,
                         const std::map<std::string, bool>& fixed) {
  const auto& points = literal_points();
  std::vector<z3::expr> second, silent;
  for (const LiteralPoint& p : points) second.push_back(ctx.bool_const(fmt::format("{}!{}", tag, p.id).c_str()));
  for (const LiteralSilence& s : literal_silences()) {
    const auto it = fixed.find(s.id);
    silent.push_back(it != fixed.end() ? ctx.bool_val(it->second)
                                       : ctx.bool_const(fmt::format("{}!silence!{}", tag, s.id).c_str()));
  }
  const Silences loose{tag + "!", silent[0], silent[1]};
  const int combos = 1 << points.size();
  std::vector<z3::expr> when, ok, retreated;
  std::vector<Encoded> enc;
  std::vector<std::map<std::string, z3::expr>> clause_of;  // [combo]: clause -> its constraints, conjoined
  std::set<std::string> clauses;
  z3::expr choices = ctx.bool_val(true);
  for (int c = 0; c < combos; ++c) {
    sy::Rules r = base;
    z3::expr w = ctx.bool_val(true);
    for (std::size_t i = 0; i < points.size(); ++i) {
      const bool s = (c >> i) & 1;
      points[i].set(r.readings, s);
      w = w && (s ? second[i] : !second[i]);
    }
    enc.push_back(move_action(ctx, r, b, before, mover, steps, &loose));
    when.push_back(w);
    ok.push_back(all_of(ctx, enc.back().legal));
    retreated.push_back(enc.back().retreated);
    std::map<std::string, z3::expr> mine;
    for (const Named& n : enc.back().legal) {
      clauses.insert(n.clause);
      auto it = mine.find(n.clause);
      if (it == mine.end())
        mine.emplace(n.clause, n.formula);
      else
        it->second = it->second && n.formula;
    }
    clause_of.push_back(std::move(mine));
    for (const auto& d : enc.back().choices) choices = choices && d;
  }
  auto chosen = [&](auto get) {
    std::vector<z3::expr> v;
    for (const Encoded& e : enc) v.push_back(get(e.next));
    return pick(when, v);
  };
  Position next = before;
  for (int t = 0; t < b.n_territories(); ++t) {
    for (int f = 0; f < b.n_factions(); ++f)
      for (int u = 0; u < 3; ++u) next.units[t][f][u] = chosen([&](const Position& p) { return p.units[t][f][u]; });
    next.held_by[t] = chosen([&](const Position& p) { return p.held_by[t]; });
    next.combat_pending[t] = chosen([&](const Position& p) { return p.combat_pending[t]; });
    next.encounter_pending[t] = chosen([&](const Position& p) { return p.encounter_pending[t]; });
  }
  for (int f = 0; f < b.n_factions(); ++f)
    next.popularity[f] = chosen([&](const Position& p) { return p.popularity[f]; });
  std::map<std::string, z3::expr> by_clause;
  for (const auto& clause : clauses) {
    std::vector<z3::expr> v;
    for (const auto& mine : clause_of) {
      const auto it = mine.find(clause);
      v.push_back(it == mine.end() ? ctx.bool_val(true) : it->second);
    }
    by_clause.emplace(clause, pick(when, v));
  }
  return LiteralCopy{second, silent, pick(when, ok), std::move(by_clause), pick(when, retreated), {choices}, next};
}

}  // namespace rulecheck::solver::scythe

// The questions of a movement theorem over one unit move (unbounded.hpp move_asks): the cases (unit
// kind, path length, the readings that change that move) and, for each, the premises, the relation
// under the rules asked (a rule mutant's, with a reading swapped where it reads the other) and the claim.
#include <algorithm>

#include <fmt/format.h>

#include "common/cancel.hpp"
#include "solver/scythe/unbounded.hpp"

namespace rulecheck::solver::scythe {

std::vector<MoveCase> move_cases(const sy::Rules& rules) {
  std::vector<MoveCase> out;
  for (sy::Unit unit : sy::kUnits)
    for (int k = 1; k <= longest_path(rules, unit); ++k) {
      const std::string what = fmt::format("a {} moving {} step{}", sy::unit_name(unit), k, k == 1 ? "" : "s");
      sy::Rules r = rules;
      if (unit == sy::Unit::worker) {
        for (auto wb : {sy::Readings::WorkerBlocking::control, sy::Readings::WorkerBlocking::presence}) {
          r.readings.worker_blocking = wb;
          out.push_back({unit, k, r, what + (wb == sy::Readings::WorkerBlocking::control ? " (worker-blocking control)"
                                                                                : " (worker-blocking presence)")});
        }
      } else if (k >= 2) {
        for (auto sp : {sy::Readings::StopPath::must_end, sy::Readings::StopPath::truncate}) {
          r.readings.stop_path = sp;
          out.push_back({unit, k, r, what + (sp == sy::Readings::StopPath::must_end ? " (stop-path must-end)"
                                                                           : " (stop-path truncate)")});
        }
      } else {
        out.push_back({unit, k, r, what});
      }
    }
  return out;
}

namespace {

// The rules the relation of case `c` reads.
sy::Rules relation_rules_of(const MoveCase& c, const sy::Rules& rules, const sy::Rules& relation_rules) {
  sy::Rules r = relation_rules;
  r.readings.worker_blocking = c.rules.readings.worker_blocking;
  r.readings.stop_path = c.rules.readings.stop_path;
  // A reading swapped (a rule mutant): the relation reads the other one of each case's.
  if (relation_rules.readings.worker_blocking != rules.readings.worker_blocking)
    r.readings.worker_blocking = r.readings.worker_blocking == sy::Readings::WorkerBlocking::control ? sy::Readings::WorkerBlocking::presence
                                                                                          : sy::Readings::WorkerBlocking::control;
  if (relation_rules.readings.stop_path != rules.readings.stop_path)
    r.readings.stop_path = r.readings.stop_path == sy::Readings::StopPath::must_end ? sy::Readings::StopPath::truncate : sy::Readings::StopPath::must_end;
  return r;
}

}  // namespace

std::vector<Ask> move_asks(z3::context& ctx, const sy::Rules& rules, const sy::Rules& relation_rules,
                           const MoveClaim& premises, const MoveClaim& claim, const MoveClaim& exercised,
                           const std::vector<sy::Unit>& units) {
  std::vector<Ask> out;
  for (const MoveCase& c : move_cases(rules)) {
    if (std::find(units.begin(), units.end(), c.unit) == units.end()) continue;
    if (cancel_requested()) break;
    const SortedBoard b(ctx);
    const SortedMove m = sorted_move(b, relation_rules_of(c, rules, relation_rules), c.unit, c.steps, "");
    z3::expr given = b.well_formed(c.rules, m.named(b)) && m.abstraction;
    if (premises) given = given && premises(b, m);
    Ask a{c.words, given, m.relation, claim(b, m), exercised(b, m)};
    a.reachable = reachable_at(b, m.named(b));
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace rulecheck::solver::scythe

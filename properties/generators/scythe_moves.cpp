// Scythe's case generator (scythe_gen.hpp): the move a case asks (its unit moves planned one after the
// other, aimed at legality or free) and the queries.
#include "properties/generators/scythe_gen.hpp"

namespace rulecheck::generators::scythe_gen {

// Builds a move's unit moves one after the other, following the mover's units as they go.
class MovePlanner {
 public:
  MovePlanner(const Numbers& n, const DrawnReadings& r, const Board& b, int mover)
      : n_(n), r_(r), b_(b), mover_(mover), live_(b.units), unmoved_(b.units), now_(b.units) {}

  UnitMove plan(const UnitMoveSpec& s, bool aim) {
    std::optional<UnitMove> m;
    if (!aim && again(s)) m = local(s);  // the same unit once more
    if (!m && (aim || s.mode == 0)) m = aimed(s);
    if (!m && s.mode == 2) m = trouble(s);
    if (!m && s.mode <= 2) m = local(s);
    if (!m) m = wild(s);
    // Where the mover's units are now (as far as the path says; a free move may well be illegal).
    if (!m->path.empty()) {
      auto& from = now_[at(m->from)][at(mover_)];
      auto& to = now_[at(m->path.back())][at(mover_)];
      from[at(m->unit)] = std::max(0, from[at(m->unit)] - 1);
      to[at(m->unit)] += 1;
      const int carried = std::min(m->carry, from[kWorker]);
      from[kWorker] -= carried;
      to[kWorker] += carried;
    }
    last_ = *m;
    return *m;
  }

 private:
  bool opponents(int t, bool combat) const { return opponent_has(live_[at(t)], b_.factions, mover_, combat); }

  // Where a unit may step next from `t` and keep the move legal: never into a home base
  // (scythe.move.home-base); a worker by itself never where an opponent has units
  // (scythe.move.worker-blocked-by-combat-units, scythe.move.worker-blocked-by-workers, under
  // every reading of scythe.worker-blocking), nor, under the no-workers reading of
  // scythe.vacated-workers, into a territory vacated in this action.
  std::vector<int> legal_steps(int t, int unit) const {
    std::vector<int> out;
    for (int a : b_.adjacent[at(t)]) {
      if (b_.is_home(a)) continue;
      if (unit == kWorker && (opponents(a, true) || opponents(a, false))) continue;
      if (unit == kWorker && r_.vacated_closed_to_workers && vacated_.count(a)) continue;
      out.push_back(a);
    }
    return out;
  }

  // A character or mech entering t sends the opponent workers there home: opponent workers and no
  // opponent character or mech, and t not held by the mover itself (scythe.move.workers-stop).
  bool forces_workers_out(int t) const {
    if (!opponents(t, false) || opponents(t, true)) return false;
    const auto& mine = now_[at(t)][at(mover_)];
    return !(mine[kCharacter] + mine[kMech] + mine[kWorker] > 0 && b_.holder[at(t)] == mover_);
  }

  // Where a character's or mech's movement ends: scythe.move.combat-stop,
  // scythe.move.workers-stop, scythe.move.encounter-stop.
  bool stops(int t, int unit) const {
    if (unit == kWorker) return false;
    return opponents(t, true) || opponents(t, false) || (unit == kCharacter && b_.encounter[at(t)]);
  }

  // (territory, unit) pairs of `counts` where the mover has that unit, those of the spec's unit
  // kind when there are any. `legal_only`: only where such a unit can make a legal move.
  std::vector<std::pair<int, int>> starts(const std::vector<Forces>& counts, const UnitMoveSpec& s,
                                          bool legal_only) const {
    std::vector<std::pair<int, int>> all, preferred;
    const int wanted = again(s) ? last_->unit : pick(s.unit, 3);
    for (int t = 0; t < b_.size(); ++t)
      for (int u = 0; u < 3; ++u) {
        if (counts[at(t)][at(mover_)][at(u)] <= 0) continue;
        if (legal_only && (legal_steps(t, u).empty() || (u == kWorker && opponents(t, true)))) continue;
        all.emplace_back(t, u);
        if (u == wanted) preferred.emplace_back(t, u);
      }
    return preferred.empty() ? all : preferred;
  }

  bool again(const UnitMoveSpec& s) const { return s.unit >= 3 && last_ && !last_->path.empty(); }

  static int path_pick(const UnitMoveSpec& s, int i) { return i < static_cast<int>(s.path.size()) ? s.path[at(i)] : 0; }

  // A unit that has not moved yet, along legal steps, ending at its first stop: legal under every
  // reading (at most units_per_move unit moves are aimed; see move_json).
  std::optional<UnitMove> aimed(const UnitMoveSpec& s) {
    const auto candidates = starts(unmoved_, s, true);
    if (candidates.empty()) return std::nullopt;
    const auto [from, unit] = pick_in(candidates, s.from);
    UnitMove m{unit, from, {}, 0};
    const int length = 1 + pick(s.steps, n_.move_range[at(unit)]);
    int position = from;
    for (int i = 0; i < length; ++i) {
      const auto options = legal_steps(position, unit);
      if (options.empty()) break;
      position = pick_in(options, path_pick(s, i));
      m.path.push_back(position);
      if (stops(position, unit)) break;
    }
    if (unit == kMech) m.carry = std::min(above(s.carry, 3), unmoved_[at(from)][at(mover_)][kWorker]);
    // Units moved once do not start again (nor ride: scythe.carried-workers "counts-as-move");
    // opponent workers a character or mech forced out are gone to their home base, where no
    // move goes, and the territory they left is vacated.
    unmoved_[at(from)][at(mover_)][at(unit)] -= 1;
    unmoved_[at(from)][at(mover_)][kWorker] -= m.carry;
    if (unit != kWorker && forces_workers_out(position)) {
      for (int f = 0; f < b_.factions; ++f)
        if (f != mover_) live_[at(position)][at(f)][kWorker] = 0;
      vacated_.insert(position);
    }
    return m;
  }

  // A unit that has not moved yet, into a territory where its movement must stop or may not go
  // (a home base; for a worker moving by itself, opponent units, or out from among an opponent's
  // mechs or character; for a character or mech, opponent units or, for the character, an
  // encounter), then on along adjacency: up to one step past its range in all.
  std::optional<UnitMove> trouble(const UnitMoveSpec& s) {
    struct Start {
      int from, unit, into;
    };
    std::vector<Start> all, preferred;
    const int wanted = again(s) ? last_->unit : pick(s.unit, 3);
    for (int t = 0; t < b_.size(); ++t)
      for (int u = 0; u < 3; ++u) {
        if (unmoved_[at(t)][at(mover_)][at(u)] <= 0) continue;
        for (int a : b_.adjacent[at(t)]) {
          const bool blocked =
              u == kWorker ? opponents(a, true) || opponents(a, false) || opponents(t, true) : stops(a, u);
          if (!b_.is_home(a) && !blocked) continue;
          all.push_back({t, u, a});
          if (u == wanted) preferred.push_back({t, u, a});
        }
      }
    if (all.empty()) return std::nullopt;
    const Start start = pick_in(preferred.empty() ? all : preferred, s.from);
    UnitMove m{start.unit, start.from, {start.into}, 0};
    const int length = 1 + pick(s.steps, n_.move_range[at(start.unit)] + 1);
    for (int i = 1; i < length; ++i) {
      const auto& adjacent = b_.adjacent[at(m.path.back())];
      m.path.push_back(pick_in(std::vector<int>(adjacent.begin(), adjacent.end()), path_pick(s, i)));
    }
    if (start.unit == kMech) m.carry = std::min(above(s.carry, 3), unmoved_[at(start.from)][at(mover_)][kWorker]);
    unmoved_[at(start.from)][at(mover_)][at(start.unit)] -= 1;
    unmoved_[at(start.from)][at(mover_)][kWorker] -= m.carry;
    return m;
  }

  // A unit where the mover has one now (moved already or not; "again": the unit the previous
  // unit move moved, from where it went), walking adjacency, home bases included, for any length
  // from 0 to one past its range, carrying workers whatever the unit.
  std::optional<UnitMove> local(const UnitMoveSpec& s) const {
    const auto candidates =
        again(s) ? std::vector<std::pair<int, int>>{{last_->path.back(), last_->unit}} : starts(now_, s, false);
    if (candidates.empty()) return std::nullopt;
    const auto [from, unit] = pick_in(candidates, s.from);
    UnitMove m{unit, from, {}, above(s.carry, 3)};
    const int length = pick(s.steps + 1, n_.move_range[at(unit)] + 2);
    int position = from;
    for (int i = 0; i < length; ++i) {
      const auto& adjacent = b_.adjacent[at(position)];
      if (adjacent.empty()) break;
      position = pick_in(std::vector<int>(adjacent.begin(), adjacent.end()), path_pick(s, i));
      m.path.push_back(position);
    }
    return m;
  }

  // Any unit, from anywhere, to anywhere.
  UnitMove wild(const UnitMoveSpec& s) const {
    UnitMove m{pick(s.unit, 3), pick(s.from, b_.size()), {}, above(s.carry, 3)};
    const int length = pick(s.steps + 1, n_.move_range[at(m.unit)] + 2);
    for (int i = 0; i < length; ++i) m.path.push_back(pick(path_pick(s, i), b_.size()));
    return m;
  }

  const Numbers& n_;
  const DrawnReadings& r_;
  const Board& b_;
  int mover_;
  std::set<int> vacated_;  // territories aimed moves emptied of opponent workers
  std::vector<Forces> live_;     // opponents' units as the aimed moves leave them
  std::vector<Forces> unmoved_;  // the mover's units that have not moved yet
  std::vector<Forces> now_;      // the mover's units where the moves so far put them
  std::optional<UnitMove> last_;
};

bool has_units(const Board& b, int f) {
  for (const auto& forces : b.units)
    for (int c : forces[at(f)])
      if (c > 0) return true;
  return false;
}

json move_json(const Numbers& n, const DrawnReadings& r, const Board& b, const ActionSpec& s) {
  int mover = pick(s.faction, b.factions);
  if (s.aim)  // the first faction from the spec's with a unit on the board
    for (int k = 0; k < b.factions; ++k)
      if (const int f = pick(s.faction + k, b.factions); has_units(b, f)) {
        mover = f;
        break;
      }
  MovePlanner planner(n, r, b, mover);
  const UnitMoveSpec none{};
  json moves = json::array();
  const int count = std::clamp(static_cast<int>(s.moves.size()), 1, s.aim ? n.units_per_move : n.most_unit_moves());
  for (int i = 0; i < count; ++i) {
    const UnitMove m = planner.plan(i < static_cast<int>(s.moves.size()) ? s.moves[at(i)] : none, s.aim);
    json path = json::array();
    for (int t : m.path) path.push_back(b.names[at(t)]);
    json mj = {{"unit", kUnitNames[at(m.unit)]}, {"from", b.names[at(m.from)]}, {"path", path}};
    if (m.carry > 0) mj["carry"] = {{"worker", m.carry}};
    moves.push_back(mj);
  }
  return {{"type", "move"}, {"faction", faction_id(mover)}, {"moves", moves}};
}

json query_json(const Board& b, const ActionSpec& s) {
  int where = pick(s.at, b.size());
  if (s.aim && s.kind != Kind::controller) {  // a territory with a structure (a mill, for mill-produces)
    std::vector<int> sites;
    for (int t = 0; t < b.territories; ++t)
      if (b.structure[at(t)] >= 0 && (s.kind != Kind::mill_produces || b.structure[at(t)] == 0)) sites.push_back(t);
    if (!sites.empty()) where = pick_in(sites, s.at);
  }
  switch (s.kind) {
    case Kind::controller: return {{"type", "controller"}, {"at", b.names[at(where)]}};
    case Kind::mill_produces: return {{"type", "mill-produces"}, {"at", b.names[at(where)]}};
    default:
      return {
          {"type", "structure-bonus"}, {"at", b.names[at(where)]}, {"faction", faction_id(pick(s.who, b.factions))}};
  }
}

}  // namespace rulecheck::generators::scythe_gen

// One board of Scythe's movement (board.hpp): folding constants as terms are built, concrete states in
// and out, what a territory holds.
#include "solver/scythe/board.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace rulecheck::solver::scythe {

namespace {

using sy::Unit;
constexpr int kCharacter = 0, kMech = 1, kWorker = 2;

}  // namespace

// ---------------------------------------------------------------- folding constants as we build

bool Fold::num(const z3::expr& e, int& v) { return e.is_numeral() && e.is_numeral_i(v); }

z3::expr Fold::add(const z3::expr& a, const z3::expr& b) {
  int x, y;
  const bool nx = num(a, x), ny = num(b, y);
  if (nx && ny) return a.ctx().int_val(x + y);
  if (nx && x == 0) return b;
  if (ny && y == 0) return a;
  return a + b;
}

z3::expr Fold::sub(const z3::expr& a, const z3::expr& b) {
  int x, y;
  const bool nx = num(a, x), ny = num(b, y);
  if (nx && ny) return a.ctx().int_val(x - y);
  if (ny && y == 0) return a;
  return a - b;
}

z3::expr Fold::mul(int k, const z3::expr& a) {
  int x;
  if (num(a, x)) return a.ctx().int_val(k * x);
  if (k == 0) return a.ctx().int_val(0);
  if (k == 1) return a;
  return a.ctx().int_val(k) * a;
}

z3::expr Fold::max(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().int_val(std::max(x, y));
  return z3::ite(a >= b, a, b);
}

z3::expr Fold::ite(const z3::expr& c, const z3::expr& a, const z3::expr& b) {
  if (c.is_true()) return a;
  if (c.is_false()) return b;
  if (z3::eq(a, b)) return a;
  return z3::ite(c, a, b);
}

z3::expr Fold::eq(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x == y);
  if (a.is_bool() && (a.is_true() || a.is_false()) && (b.is_true() || b.is_false()))
    return a.ctx().bool_val(a.is_true() == b.is_true());
  if (z3::eq(a, b)) return a.ctx().bool_val(true);
  return a == b;
}

z3::expr Fold::ge(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x >= y);
  return a >= b;
}

z3::expr Fold::gt(const z3::expr& a, const z3::expr& b) {
  int x, y;
  if (num(a, x) && num(b, y)) return a.ctx().bool_val(x > y);
  return a > b;
}

z3::expr Fold::land(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_false()) return a.ctx().bool_val(false);
  if (a.is_true()) return b;
  if (b.is_true()) return a;
  return a && b;
}

z3::expr Fold::lor(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_true()) return a.ctx().bool_val(true);
  if (a.is_false()) return b;
  if (b.is_false()) return a;
  return a || b;
}

z3::expr Fold::lnot(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  return !a;
}

// ---------------------------------------------------------------- concrete states in and out

Board board_of(const sy::State& s) {
  Board b;
  for (const auto& [id, f] : s.factions) {
    b.faction_index[id] = b.n_factions();
    b.factions.push_back(id);
  }
  for (const auto& [id, t] : s.territories) {
    b.territory_index[id] = b.n_territories();
    b.territories.push_back(id);
  }
  const int n = b.n_territories();
  b.adjacent.assign(n, std::vector<bool>(n, false));
  for (const auto& [id, t] : s.territories) {
    const int i = b.territory_index.at(id);
    for (const auto& a : t.adjacent)
      if (auto it = b.territory_index.find(a); it != b.territory_index.end()) b.adjacent[i][it->second] = true;
    auto faction_or_nobody = [&](const std::optional<sy::FactionId>& f) {
      if (!f) return kNobody;
      auto it = b.faction_index.find(*f);
      return it == b.faction_index.end() ? kNobody : it->second;
    };
    b.home_of.push_back(faction_or_nobody(t.home_base));
    b.encounter.push_back(t.encounter);
    b.structure_owner.push_back(t.structure ? faction_or_nobody(t.structure->owner) : kNobody);
    b.mill.push_back(t.structure && t.structure->kind == "mill");
  }
  for (const auto& [id, f] : s.factions) {
    auto it = b.territory_index.find(f.home_base);
    b.home_base.push_back(it == b.territory_index.end() ? 0 : it->second);
  }
  return b;
}

Position position_of(z3::context& ctx, const Board& b, const sy::State& s) {
  Position p;
  const z3::expr zero = ctx.int_val(0);
  for (const auto& id : b.territories) {
    const sy::Territory& t = s.territories.at(id);
    std::vector<std::array<z3::expr, 3>> row;
    for (const auto& f : b.factions) {
      auto it = t.units.find(f);
      if (it == t.units.end()) {
        row.push_back({zero, zero, zero});
      } else {
        const sy::UnitCounts& u = it->second;
        row.push_back({ctx.int_val(u[Unit::character]), ctx.int_val(u[Unit::mech]), ctx.int_val(u[Unit::worker])});
      }
    }
    p.units.push_back(std::move(row));
    p.held_by.push_back(ctx.int_val(
        t.held_by ? b.faction_index.count(*t.held_by) ? b.faction_index.at(*t.held_by) : kNobody : kNobody));
    auto listed = [&](const std::vector<sy::TerritoryId>& l) {
      return ctx.bool_val(std::find(l.begin(), l.end(), id) != l.end());
    };
    p.combat_pending.push_back(listed(s.pending_combats));
    p.encounter_pending.push_back(listed(s.pending_encounters));
  }
  for (const auto& f : b.factions) p.popularity.push_back(ctx.int_val(s.factions.at(f).popularity));
  return p;
}

Constraints frame(z3::context& ctx, const sy::State& before, const sy::State& after, bool& same_shape) {
  Constraints out;
  auto keep = [&](const char* clause, bool same) {
    if (!same) out.push_back({clause, ctx.bool_val(false)});
  };
  std::set<sy::FactionId> fb, fa;
  for (const auto& [id, f] : before.factions) fb.insert(id);
  for (const auto& [id, f] : after.factions) fa.insert(id);
  std::set<sy::TerritoryId> tb, ta;
  for (const auto& [id, t] : before.territories) tb.insert(id);
  for (const auto& [id, t] : after.territories) ta.insert(id);
  same_shape = fb == fa && tb == ta;
  for (const auto& [id, t] : after.territories)
    for (const auto& [owner, u] : t.units)
      if (!fb.count(owner) && u.total() > 0) same_shape = false;
  // A move only relocates units: the map it runs on is the same afterwards (scythe.move.path).
  keep("scythe.move.path", same_shape);
  if (!same_shape) return out;
  for (const auto& [id, f] : before.factions) keep("scythe.move.path", after.factions.at(id).home_base == f.home_base);
  for (const auto& [id, t] : before.territories) {
    const sy::Territory& a = after.territories.at(id);
    std::set<sy::TerritoryId> adj_b(t.adjacent.begin(), t.adjacent.end()), adj_a(a.adjacent.begin(), a.adjacent.end());
    keep("scythe.move.path", adj_b == adj_a && t.home_base == a.home_base && t.terrain == a.terrain);
    // scythe.move.structure-capture: entering changes who controls a structure, not the structure.
    const bool same_structure =
        t.structure.has_value() == a.structure.has_value() &&
        (!t.structure || (t.structure->owner == a.structure->owner && t.structure->kind == a.structure->kind));
    keep("scythe.move.structure-capture", same_structure);
    // scythe.move.encounter-pending: the token waits for the encounter, which is not movement
    // (discarding it belongs to scythe.move.encounter-resolve, out of scope).
    keep("scythe.move.encounter-pending", t.encounter == a.encounter);
    // scythe.move.resources-stay: resources never travel with units, forced out or not.
    keep("scythe.move.resources-stay", t.resources == a.resources);
  }
  return out;
}

std::optional<std::vector<UnitStep>> steps_of(z3::context& ctx, const Board& b, const sy::Move& m) {
  std::vector<UnitStep> out;
  for (const auto& um : m.moves) {
    auto from = b.territory_index.find(um.from);
    if (from == b.territory_index.end()) return std::nullopt;
    UnitStep s{um.unit, from->second, {}, ctx.int_val(um.carried_workers)};
    for (const auto& p : um.path) {
      auto it = b.territory_index.find(p);
      if (it == b.territory_index.end()) return std::nullopt;
      s.path.push_back(it->second);
    }
    out.push_back(std::move(s));
  }
  return out;
}

// ---------------------------------------------------------------- what a territory holds

z3::expr present(const Position& p, int t, int f) {
  const auto& u = p.units[t][f];
  return Fold::gt(Fold::add(Fold::add(u[kCharacter], u[kMech]), u[kWorker]), u[0].ctx().int_val(0));
}

z3::expr combat_units(const Position& p, int t, int f) {
  return Fold::add(p.units[t][f][kCharacter], p.units[t][f][kMech]);
}

z3::expr factions_present(z3::context& ctx, const Board& b, const Position& p, int t) {
  z3::expr n = ctx.int_val(0);
  for (int f = 0; f < b.n_factions(); ++f)
    n = Fold::add(n, Fold::ite(present(p, t, f), ctx.int_val(1), ctx.int_val(0)));
  return n;
}

// Whether faction index `who` (an expression) is one of the factions present on t.
z3::expr names_present(z3::context& ctx, const Board& b, const Position& p, int t, const z3::expr& who) {
  z3::expr any = ctx.bool_val(false);
  for (int f = 0; f < b.n_factions(); ++f)
    any = Fold::lor(any, Fold::land(Fold::eq(who, ctx.int_val(f)), present(p, t, f)));
  return any;
}

// ---------------------------------------------------------------- who controls a territory

// convention scythe.convention.control-by-units: a faction with units on a territory controls it when no
// other faction has units there, or, while several share it, when it holds it
// (scythe.move.combat-temporary-control: the opponent keeps control of the shared territory).
z3::expr controls_by_units(const std::vector<z3::expr>& others_there, const z3::expr& held, int who) {
  z3::expr alone = held.ctx().bool_val(true);
  for (const z3::expr& there : others_there) alone = Fold::land(alone, Fold::lnot(there));
  return Fold::lor(alone, Fold::eq(held, held.ctx().int_val(who)));
}

// convention scythe.convention.control-by-units: the one faction with units on the territory; while several
// share it, its holder (scythe.move.combat-temporary-control), whoever that is (within an action a holder
// that has left keeps the hold until the action's end settles it: scythe.convention.holder-leaves-shared);
// with no units, the owner of its structure (scythe.move.structure-capture: where no unit stands, a structure
// gives its owner control); without a structure, nobody. Where the holder is one of the factions there (a state's held_by always
// is), a faction there controls it exactly when controls_by_units says so.
z3::expr controller(const std::vector<z3::expr>& there, const z3::expr& held, int structure_owner) {
  z3::context& ctx = held.ctx();
  z3::expr count = ctx.int_val(0), single = ctx.int_val(0);
  for (int f = 0; f < static_cast<int>(there.size()); ++f) {
    count = Fold::add(count, Fold::ite(there[f], ctx.int_val(1), ctx.int_val(0)));
    single = Fold::add(single, Fold::ite(there[f], ctx.int_val(f), ctx.int_val(0)));
  }
  return Fold::ite(Fold::ge(count, ctx.int_val(2)), held,
                   Fold::ite(Fold::eq(count, ctx.int_val(1)), single, ctx.int_val(structure_owner)));
}

z3::expr controller(const Board& b, const Position& p, int t) {
  std::vector<z3::expr> there;
  for (int f = 0; f < b.n_factions(); ++f) there.push_back(present(p, t, f));
  return controller(there, p.held_by[t], b.structure_owner[t]);
}

Position free_position(z3::context& ctx, const Board& b, const std::string& tag) {
  Position p;
  for (int t = 0; t < b.n_territories(); ++t) {
    std::vector<std::array<z3::expr, 3>> row;
    for (int f = 0; f < b.n_factions(); ++f) {
      auto c = [&](const char* u) {
        return ctx.int_const(fmt::format("{}_{}_{}_{}", tag, b.territories[t], b.factions[f], u).c_str());
      };
      row.push_back({c("character"), c("mech"), c("worker")});
    }
    p.units.push_back(std::move(row));
    p.held_by.push_back(ctx.int_const(fmt::format("{}_held_{}", tag, b.territories[t]).c_str()));
    p.combat_pending.push_back(ctx.bool_const(fmt::format("{}_combat_{}", tag, b.territories[t]).c_str()));
    p.encounter_pending.push_back(ctx.bool_const(fmt::format("{}_enc_{}", tag, b.territories[t]).c_str()));
  }
  for (int f = 0; f < b.n_factions(); ++f)
    p.popularity.push_back(ctx.int_const(fmt::format("{}_pop_{}", tag, b.factions[f]).c_str()));
  return p;
}

std::vector<z3::expr> valid_position(z3::context& ctx, const sy::Rules& rules, const Board& b, const Position& p) {
  std::vector<z3::expr> out;
  for (int f = 0; f < b.n_factions(); ++f) {
    z3::expr characters = ctx.int_val(0);
    for (int t = 0; t < b.n_territories(); ++t) {
      for (int u = 0; u < 3; ++u) out.push_back(p.units[t][f][u] >= 0);
      characters = characters + p.units[t][f][kCharacter];
    }
    out.push_back(characters <= 1);
    out.push_back(p.popularity[f] >= rules.numbers.popularity_min && p.popularity[f] <= rules.numbers.popularity_max);
  }
  for (int t = 0; t < b.n_territories(); ++t) {
    const z3::expr sharing = factions_present(ctx, b, p, t) >= 2;
    out.push_back(z3::ite(sharing, names_present(ctx, b, p, t, p.held_by[t]), p.held_by[t] == kNobody));
  }
  return out;
}

sy::State state_in(const z3::model& m, const Board& b, const Position& p, const sy::State& shape) {
  sy::State s = shape;
  s.pending_combats.clear();
  s.pending_encounters.clear();
  for (int t = 0; t < b.n_territories(); ++t) {
    sy::Territory& terr = s.territories.at(b.territories[t]);
    terr.units.clear();
    std::vector<int> there;
    for (int f = 0; f < b.n_factions(); ++f) {
      sy::UnitCounts c;
      for (int u = 0; u < 3; ++u) c.count[u] = int_value(m, p.units[t][f][u]);
      if (c.total() > 0) {
        terr.units[b.factions[f]] = c;
        there.push_back(f);
      }
    }
    terr.held_by.reset();
    if (there.size() >= 2) {
      // The holder if still there; else (the text is silent) the first faction present.
      const int h = int_value(m, p.held_by[t]);
      terr.held_by = b.factions[std::find(there.begin(), there.end(), h) != there.end() ? h : there.front()];
    }
    if (bool_value(m, p.combat_pending[t])) s.pending_combats.push_back(b.territories[t]);
    if (bool_value(m, p.encounter_pending[t])) s.pending_encounters.push_back(b.territories[t]);
  }
  auto sort_unique = [](std::vector<sy::TerritoryId>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  sort_unique(s.pending_combats);
  sort_unique(s.pending_encounters);
  for (int f = 0; f < b.n_factions(); ++f) s.factions.at(b.factions[f]).popularity = int_value(m, p.popularity[f]);
  return s;
}

}  // namespace rulecheck::solver::scythe

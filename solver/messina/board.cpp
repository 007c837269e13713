#include "solver/messina/board.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace rulecheck::solver::messina {

namespace {

constexpr std::array<ms::Activity, kActivities> kAllActivities = {
    ms::Activity::muster, ms::Activity::build, ms::Activity::workers, ms::Activity::civilians, ms::Activity::military};

int phase_index(ms::Phase p) { return static_cast<int>(p); }
constexpr int kPhaseCount = static_cast<int>(ms::Phase::rearm) + 1;

Kinds kinds_of(z3::context& ctx, const ms::UnitCounts& counts) {
  return {ctx.int_val(counts[ms::Piece::civilian]), ctx.int_val(counts[ms::Piece::infantry]),
          ctx.int_val(counts[ms::Piece::bomber]), ctx.int_val(counts[ms::Piece::fighter]),
          ctx.int_val(counts[ms::Piece::mech])};
}

Kinds fresh_kinds(z3::context& ctx, const std::string& name) {
  auto k = [&](ms::Piece p) { return ctx.int_const(fmt::format("{}/{}", name, ms::piece_name(p)).c_str()); };
  return {k(ms::Piece::civilian), k(ms::Piece::infantry), k(ms::Piece::bomber), k(ms::Piece::fighter),
          k(ms::Piece::mech)};
}

ms::UnitCounts read_kinds(const z3::model& m, const Kinds& k) {
  ms::UnitCounts c;
  for (std::size_t i = 0; i < kKinds; ++i) c.count[i] = int_value(m, k[i]);
  return c;
}

}  // namespace

int SymBoard::faction_index(const ms::FactionId& id) const {
  for (std::size_t i = 0; i < factions.size(); ++i)
    if (factions[i].id == id) return static_cast<int>(i);
  return -1;
}

int SymBoard::space_index(const ms::SpaceId& id) const {
  for (std::size_t i = 0; i < spaces.size(); ++i)
    if (spaces[i].id == id) return static_cast<int>(i);
  return -1;
}

std::optional<std::string> unrepresentable(const ms::State& state) {
  for (const auto& [id, space] : state.spaces) {
    std::set<ms::FactionId> owners;
    for (const auto& u : space.utilities)
      if (!owners.insert(u.owner).second)
        return fmt::format("space {} has two Utilities of {}: the solver's board holds one per owner and space", id,
                           u.owner);
  }
  return std::nullopt;
}

SymBoard pinned_board(z3::context& ctx, const ms::State& state) {
  SymBoard b{ctx.int_val(state.round), ctx.int_val(phase_index(state.phase)), ctx.int_val(-1), {}, {}};
  std::map<ms::FactionId, int> fi;
  std::map<ms::SpaceId, int> si;
  for (const auto& [id, f] : state.factions) fi[id] = static_cast<int>(fi.size());
  for (const auto& [id, s] : state.spaces) si[id] = static_cast<int>(si.size());
  if (state.battle) b.battle = ctx.int_val(si.at(*state.battle));
  const std::size_t nf = fi.size(), ns = si.size();
  for (const auto& [id, f] : state.factions) {
    SymFaction sf{id,
                  f.kind,
                  ctx.int_val(f.population.disaffected),
                  ctx.int_val(f.population.spare),
                  ctx.int_val(f.population.located),
                  ctx.int_val(f.dead),
                  ctx.int_val(f.resources.food),
                  ctx.int_val(f.resources.water),
                  ctx.int_val(f.resources.energy),
                  {},
                  {}};
    for (const auto& [sid, s] : state.spaces)
      sf.home.push_back(ctx.bool_val(std::find(f.home.begin(), f.home.end(), sid) != f.home.end()));
    for (const auto& [other, o] : state.factions) {
      const auto it = f.consents.find(other);
      std::array<z3::expr, kActivities> acts = {ctx.bool_val(false), ctx.bool_val(false), ctx.bool_val(false),
                                                ctx.bool_val(false), ctx.bool_val(false)};
      if (it != f.consents.end())
        for (std::size_t a = 0; a < kActivities; ++a) acts[a] = ctx.bool_val(it->second.count(kAllActivities[a]) > 0);
      sf.consents.push_back(acts);
    }
    b.factions.push_back(std::move(sf));
  }
  for (const auto& [id, s] : state.spaces) {
    const auto card = state.cards.find(id);
    const bool held = card != state.cards.end();
    SymSpace sp{id,
                {},
                {},
                {},
                {},
                {},
                {},
                ctx.int_val(held ? fi.at(card->second.holder) : -1),
                ctx.bool_val(held && card->second.exposed),
                kinds_of(ctx, held ? card->second.units : ms::UnitCounts{})};
    for (const auto& [other, o] : state.spaces)
      sp.adjacent.push_back(ctx.bool_val(std::find(s.adjacent.begin(), s.adjacent.end(), other) != s.adjacent.end()));
    for (const auto& [fid, f] : state.factions) {
      const auto u = s.units.find(fid);
      sp.units.push_back(kinds_of(ctx, u == s.units.end() ? ms::UnitCounts{} : u->second));
      const auto util =
          std::find_if(s.utilities.begin(), s.utilities.end(), [&, &fid = fid](const ms::Utility& x) { return x.owner == fid; });
      const bool owns = util != s.utilities.end();
      sp.utility.push_back(ctx.bool_val(owns));
      sp.workers.push_back(ctx.int_val(owns ? util->workers : 0));
      std::vector<z3::expr> guests;
      for (const auto& [gid, g] : state.factions) {
        int n = 0;
        if (owns)
          if (const auto it = util->guests.find(gid); it != util->guests.end()) n = it->second;
        guests.push_back(ctx.int_val(n));
      }
      sp.guests.push_back(guests);
      const auto sh =
          std::find_if(s.shields.begin(), s.shields.end(), [&, &fid = fid](const ms::Shield& x) { return x.owner == fid; });
      sp.shield.push_back(ctx.int_val(sh == s.shields.end() ? 0 : sh->level));
    }
    b.spaces.push_back(std::move(sp));
  }
  (void)nf;
  (void)ns;
  return b;
}

SymBoard free_board(z3::context& ctx, const Shape& shape, const std::string& prefix) {
  auto i = [&](const std::string& key) { return ctx.int_const((prefix + key).c_str()); };
  auto bo = [&](const std::string& key) { return ctx.bool_const((prefix + key).c_str()); };
  SymBoard b{i("/round"), i("/phase"), i("/battle"), {}, {}};
  for (const auto& [id, kind] : shape.factions) {
    const std::string f = "/factions/" + id;
    SymFaction sf{id,
                  kind,
                  i(f + "/population/disaffected"),
                  i(f + "/population/spare"),
                  i(f + "/population/located"),
                  i(f + "/dead"),
                  i(f + "/resources/food"),
                  i(f + "/resources/water"),
                  i(f + "/resources/energy"),
                  {},
                  {}};
    for (const auto& s : shape.spaces) sf.home.push_back(bo(f + "/home/" + s));
    for (const auto& [other, k] : shape.factions) {
      std::array<z3::expr, kActivities> acts = {
          bo(f + "/consents/" + other + "/muster"), bo(f + "/consents/" + other + "/build"),
          bo(f + "/consents/" + other + "/workers"), bo(f + "/consents/" + other + "/civilians"),
          bo(f + "/consents/" + other + "/military")};
      sf.consents.push_back(acts);
    }
    b.factions.push_back(std::move(sf));
  }
  for (const auto& id : shape.spaces) {
    const std::string s = "/spaces/" + id;
    SymSpace sp{id,
                {},
                {},
                {},
                {},
                {},
                {},
                i("/cards/" + id + "/holder"),
                bo("/cards/" + id + "/exposed"),
                fresh_kinds(ctx, prefix + "/cards/" + id + "/units")};
    for (const auto& other : shape.spaces) sp.adjacent.push_back(bo(s + "/adjacent/" + other));
    for (const auto& [fid, k] : shape.factions) {
      sp.units.push_back(fresh_kinds(ctx, prefix + s + "/units/" + fid));
      sp.utility.push_back(bo(s + "/utilities/" + fid));
      sp.workers.push_back(i(s + "/utilities/" + fid + "/workers"));
      std::vector<z3::expr> guests;
      for (const auto& [gid, g] : shape.factions) guests.push_back(i(s + "/utilities/" + fid + "/guests/" + gid));
      sp.guests.push_back(guests);
      sp.shield.push_back(i(s + "/shields/" + fid + "/level"));
    }
    b.spaces.push_back(std::move(sp));
  }
  return b;
}

Constraints readable(const SymBoard& b) {
  const int nf = static_cast<int>(b.factions.size()), ns = static_cast<int>(b.spaces.size());
  Constraints c;
  auto add = [&](const z3::expr& e) { c.push_back({"format", e}); };
  add(b.phase >= 0 && b.phase < kPhaseCount);
  add(b.battle >= -1 && b.battle < ns);
  for (const SymSpace& sp : b.spaces) add(sp.card_holder >= -1 && sp.card_holder < nf);
  return c;
}

Constraints well_formed(const SymBoard& b, const ms::Ruleset& numbers) {
  z3::context& ctx = b.ctx();
  const int nf = static_cast<int>(b.factions.size()), ns = static_cast<int>(b.spaces.size());
  Constraints c;
  auto add = [&](const z3::expr& e) { c.push_back({"format", e}); };
  add(b.round >= 1);
  add(b.phase >= 0 && b.phase < kPhaseCount);
  add(b.battle >= -1 && b.battle < ns);
  for (int f = 0; f < nf; ++f) {
    const SymFaction& sf = b.factions[f];
    for (const auto& e : {sf.disaffected, sf.spare, sf.located, sf.dead, sf.food, sf.water, sf.energy}) add(e >= 0);
    z3::expr_vector homes(ctx);
    for (const auto& h : sf.home) homes.push_back(h);
    add(z3::mk_or(homes));
    for (std::size_t a = 0; a < kActivities; ++a) add(!sf.consents[f][a]);  // no consent to itself
    add(sf.located == backed_tokens(b, f, numbers));
  }
  for (int s = 0; s < ns; ++s) {
    const SymSpace& sp = b.spaces[s];
    add(!sp.adjacent[s]);
    for (int t = 0; t < ns; ++t) add(sp.adjacent[t] == b.spaces[t].adjacent[s]);
    for (int f = 0; f < nf; ++f) {
      for (const auto& u : sp.units[f]) add(u >= 0);
      add(sp.workers[f] >= 0);
      add(sp.shield[f] >= 0);
      for (int g = 0; g < nf; ++g) add(sp.guests[f][g] >= 0 && (g != f || sp.guests[f][g] == 0));
      // Workers live in a Utility: none without one.
      add(sp.utility[f] || sp.workers[f] == 0);
      for (int g = 0; g < nf; ++g) add(sp.utility[f] || sp.guests[f][g] == 0);
    }
    add(sp.card_holder >= -1 && sp.card_holder < nf);
    z3::expr total = ctx.int_val(0);
    for (const auto& u : sp.card_units) {
      add(u >= 0);
      total = total + u;
    }
    add(total <= numbers.stacking_card);
    add(sp.card_holder >= 0 || (total == 0 && !sp.card_exposed));
  }
  return c;
}

ms::State read_board(const z3::model& m, const SymBoard& b) {
  ms::State s;
  s.round = int_value(m, b.round);
  s.phase = static_cast<ms::Phase>(int_value(m, b.phase));
  if (const int battle = int_value(m, b.battle); battle >= 0) s.battle = b.spaces[battle].id;
  for (std::size_t f = 0; f < b.factions.size(); ++f) {
    const SymFaction& sf = b.factions[f];
    ms::Faction out;
    out.kind = sf.kind;
    out.population = {int_value(m, sf.disaffected), int_value(m, sf.spare), int_value(m, sf.located)};
    out.dead = int_value(m, sf.dead);
    out.resources = {int_value(m, sf.food), int_value(m, sf.water), int_value(m, sf.energy)};
    for (std::size_t s2 = 0; s2 < b.spaces.size(); ++s2)
      if (bool_value(m, sf.home[s2])) out.home.push_back(b.spaces[s2].id);
    for (std::size_t g = 0; g < b.factions.size(); ++g)
      for (std::size_t a = 0; a < kActivities; ++a)
        if (bool_value(m, sf.consents[g][a])) out.consents[b.factions[g].id].insert(kAllActivities[a]);
    s.factions[sf.id] = out;
  }
  for (std::size_t i = 0; i < b.spaces.size(); ++i) {
    const SymSpace& sp = b.spaces[i];
    ms::Space out;
    for (std::size_t t = 0; t < b.spaces.size(); ++t)
      if (bool_value(m, sp.adjacent[t])) out.adjacent.push_back(b.spaces[t].id);
    for (std::size_t f = 0; f < b.factions.size(); ++f) {
      const ms::UnitCounts u = read_kinds(m, sp.units[f]);
      if (!u.empty()) out.units[b.factions[f].id] = u;
      if (bool_value(m, sp.utility[f])) {
        ms::Utility util{b.factions[f].id, int_value(m, sp.workers[f])};
        for (std::size_t g = 0; g < b.factions.size(); ++g)
          if (const int n = int_value(m, sp.guests[f][g]); n > 0) util.guests[b.factions[g].id] = n;
        out.utilities.push_back(util);
      }
      if (const int level = int_value(m, sp.shield[f]); level > 0) out.shields.push_back({b.factions[f].id, level});
    }
    // The state's canonical order: Shields by owner (the board's factions need not be in id order).
    std::sort(out.shields.begin(), out.shields.end(),
              [](const ms::Shield& x, const ms::Shield& y) { return x.owner < y.owner; });
    s.spaces[sp.id] = out;
    if (const int holder = int_value(m, sp.card_holder); holder >= 0)
      s.cards[sp.id] =
          ms::LocationCard{b.factions[holder].id, bool_value(m, sp.card_exposed), read_kinds(m, sp.card_units)};
  }
  return s;
}

std::vector<Component> components(const SymBoard& b) {
  std::vector<Component> out;
  auto put = [&](std::string key, const z3::expr& e) { out.push_back({std::move(key), e}); };
  put("/round", b.round);
  put("/phase", b.phase);
  put("/battle", b.battle);
  for (const auto& f : b.factions) {
    const std::string p = "/factions/" + f.id;
    put(p + "/population/disaffected", f.disaffected);
    put(p + "/population/spare", f.spare);
    put(p + "/population/located", f.located);
    put(p + "/dead", f.dead);
    put(p + "/resources/food", f.food);
    put(p + "/resources/water", f.water);
    put(p + "/resources/energy", f.energy);
    for (std::size_t s = 0; s < b.spaces.size(); ++s) put(p + "/home/" + b.spaces[s].id, f.home[s]);
    for (std::size_t g = 0; g < b.factions.size(); ++g)
      for (std::size_t a = 0; a < kActivities; ++a)
        put(fmt::format("{}/consents/{}/{}", p, b.factions[g].id, ms::activity_name(kAllActivities[a])),
            f.consents[g][a]);
  }
  for (const auto& sp : b.spaces) {
    const std::string p = "/spaces/" + sp.id;
    for (std::size_t t = 0; t < b.spaces.size(); ++t) put(p + "/adjacent/" + b.spaces[t].id, sp.adjacent[t]);
    for (std::size_t f = 0; f < b.factions.size(); ++f) {
      const std::string& fid = b.factions[f].id;
      for (std::size_t k = 0; k < kKinds; ++k)
        put(fmt::format("{}/units/{}/{}", p, fid, ms::piece_name(ms::kUnitKinds[k])), sp.units[f][k]);
      put(p + "/utilities/" + fid, sp.utility[f]);
      put(p + "/utilities/" + fid + "/workers", sp.workers[f]);
      for (std::size_t g = 0; g < b.factions.size(); ++g)
        put(p + "/utilities/" + fid + "/guests/" + b.factions[g].id, sp.guests[f][g]);
      put(p + "/shields/" + fid + "/level", sp.shield[f]);
    }
    put("/cards/" + sp.id + "/holder", sp.card_holder);
    put("/cards/" + sp.id + "/exposed", sp.card_exposed);
    for (std::size_t k = 0; k < kKinds; ++k)
      put(fmt::format("/cards/{}/units/{}", sp.id, ms::piece_name(ms::kUnitKinds[k])), sp.card_units[k]);
  }
  return out;
}

Constraints effect(const SymBoard& after, const SymBoard& next,
                   const std::vector<std::pair<std::string, std::string>>& changed, const std::string& frame_clause,
                   const std::vector<std::string>& skip) {
  const std::map<std::string, std::string> clause_of(changed.begin(), changed.end());
  const std::set<std::string> skipped(skip.begin(), skip.end());
  const auto a = components(after), n = components(next);
  Constraints out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (skipped.count(a[i].key)) continue;
    const auto it = clause_of.find(a[i].key);
    out.push_back({it == clause_of.end() ? frame_clause : it->second, a[i].value == n[i].value});
  }
  return out;
}

z3::expr same_state(const SymBoard& x, const SymBoard& y) {
  const auto a = components(x), b = components(y);
  z3::expr_vector eq(x.ctx());
  for (std::size_t i = 0; i < a.size(); ++i) eq.push_back(a[i].value == b[i].value);
  return z3::mk_and(eq);
}

z3::expr min_of(const z3::expr& a, const z3::expr& b) { return z3::ite(a <= b, a, b); }
z3::expr max_of(const z3::expr& a, const z3::expr& b) { return z3::ite(a >= b, a, b); }

z3::expr ceil_div(const z3::expr& a, int b) {
  // (a + b - 1) div b for a >= 0: Z3's integer division by a constant is linear.
  return (a + (b - 1)) / b;
}

z3::expr sum(z3::context& ctx, const std::vector<z3::expr>& terms) {
  z3::expr s = ctx.int_val(0);
  for (const auto& t : terms) s = s + t;
  return s;
}

int tokens_per_unit(const ms::Ruleset& numbers, ms::FactionKind faction_kind, ms::Piece kind) {
  // messina.population.backing: human factions back every human unit; the AI only the kinds the
  // ruleset lists (its Civilians). messina.population.tokens: one token makes one Worker, and a
  // unit takes the population the unit table gives it (a Mech: none). A token mans one unit, so a
  // unit the AI backs takes at least one even where the table gives its kind none.
  if (kind == ms::Piece::worker) return 1;
  if (faction_kind == ms::FactionKind::ai) {
    if (!numbers.ai_backed_units.count(kind)) return 0;
    return std::max(1, numbers.unit(kind).population);
  }
  return numbers.unit(kind).population;
}

std::array<int, kKinds> tokens_per_unit_kind(const ms::Ruleset& numbers, ms::FactionKind faction_kind) {
  std::array<int, kKinds> per{};
  for (std::size_t k = 0; k < kKinds; ++k) per[k] = tokens_per_unit(numbers, faction_kind, ms::kUnitKinds[k]);
  return per;
}

z3::expr backed_tokens(const SymBoard& b, int f, const ms::Ruleset& numbers) {
  z3::context& ctx = b.ctx();
  const ms::FactionKind kind = b.factions[f].kind;
  z3::expr total = ctx.int_val(0);
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    const SymSpace& sp = b.spaces[s];
    for (std::size_t k = 0; k < kKinds; ++k) {
      const int per = tokens_per_unit(numbers, kind, ms::kUnitKinds[k]);
      if (per == 0) continue;
      total = total + per * sp.units[f][k] + per * z3::ite(sp.card_holder == f, sp.card_units[k], ctx.int_val(0));
    }
    total = total + sp.workers[f];
    for (std::size_t owner = 0; owner < b.factions.size(); ++owner) total = total + sp.guests[owner][f];
  }
  return total;
}

}  // namespace rulecheck::solver::messina

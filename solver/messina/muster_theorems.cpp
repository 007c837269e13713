// The Muster and Re-arm theorems of supplies (Energy, Population tokens), over the relation of
// muster_relation.cpp built for any board (section_theorems.hpp): the same relation the membership
// checks ask over one board (muster.cpp). Each claim reads only the state before and after: the
// builder's Energy, its Population Mat and its pieces at every space. Each is asked for a faction of
// either kind, of a Muster and of a Re-arm. Stacking's theorems over the same relation are in
// stacking_theorems.cpp.
#include <fmt/format.h>

#include "solver/messina/muster_relation.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

// One question's board over any board: the builder's state before and after (functions of the space),
// the board around (open), the action's counts (functions of the space, none negative).
struct OpenMuster {
  z3::context& c;
  z3::sort space;
  MusterState before, after;
  Ground ground;
  MusterChoice choice;

  explicit OpenMuster(z3::context& ctx)
      : c(ctx),
        space(ctx.uninterpreted_sort("Space")),
        before(state("")),
        after(state("_after")),
        ground{bool_at("friendly"), bool_at("shield_friendly"), bool_at("high_tech_site"), bool_at("holds"),
               int_at("counted"),   int_at("card_units"),       bool_at("shield_blocks"),  before.shield},
        choice{per_kind("built_map"),       per_kind("built_card"),      per_kind("disbanded_map"),
               per_kind("disbanded_card"),  int_at("built_workers"),     int_at("disbanded_workers"),
               int_at("disbanded_card_workers"), int_at("equipped_map"), int_at("equipped_card"),
               int_at("shield_builds"),     int_at("shield_upgrades"),   int_at("card_shield_ops")} {}

  AtWhere int_at(const std::string& name) const {
    const z3::func_decl f = c.function(name.c_str(), space, c.int_sort());
    return [f](const Where& w) { return f(w.term); };
  }
  AtWhere bool_at(const std::string& name) const {
    const z3::func_decl f = c.function(name.c_str(), space, c.bool_sort());
    return [f](const Where& w) { return f(w.term); };
  }
  std::function<z3::expr(const Where&, std::size_t)> per_kind(const std::string& name) const {
    std::vector<z3::func_decl> fs;
    for (ms::Piece p : ms::kUnitKinds)
      fs.push_back(c.function((name + "_" + std::string(ms::piece_name(p))).c_str(), space, c.int_sort()));
    return [fs](const Where& w, std::size_t k) { return fs[k](w.term); };
  }
  MusterState state(const std::string& at) const {
    auto i = [&](const char* n) { return c.int_const((n + at).c_str()); };
    return {{i("round"), i("phase"), i("energy"), i("spare"), i("located"), i("disaffected")},
            Army{per_kind("map" + at), per_kind("card" + at), int_at("workers" + at)},
            int_at("shield" + at)};
  }

  Where somewhere(const char* name) const { return {c.constant(name, space), -1}; }

  // The action's counts, none negative.
  z3::expr choice_domain(Spaces& spaces) const {
    const MusterChoice& x = choice;
    return spaces.each([x](const Where& w) {
      z3::expr ok = x.built_workers(w) >= 0 && x.disbanded_workers(w) >= 0 && x.disbanded_card_workers(w) >= 0 &&
                    x.equipped_map(w) >= 0 && x.equipped_card(w) >= 0 && x.shield_builds(w) >= 0 &&
                    x.shield_upgrades(w) >= 0 && x.card_shield_ops(w) >= 0;
      for (std::size_t k = 0; k < kKinds; ++k)
        ok = ok && x.built_map(w, k) >= 0 && x.built_card(w, k) >= 0 && x.disbanded_map(w, k) >= 0 &&
             x.disbanded_card(w, k) >= 0;
      return ok;
    });
  }

  // Vacuity (a): the state before as play can reach it: every count, token and supply not negative, a
  // card within its limit.
  z3::expr reachable(Spaces& spaces, int card_limit) const {
    const Army a = before.army;
    const Ground g = ground;
    const Purse& p = before.purse;
    return p.energy >= 0 && p.spare >= 0 && p.located >= 0 && p.disaffected >= 0 &&
           spaces.each([a, g, card_limit](const Where& w) {
             z3::expr ok = a.workers(w) >= 0 && g.card_units(w) <= card_limit;
             for (std::size_t k = 0; k < kKinds; ++k) ok = ok && a.map(w, k) >= 0 && a.card(w, k) >= 0;
             return ok;
           });
  }
};

struct Case {
  ms::FactionKind kind;
  MusterKind what;
  std::string words() const {
    return fmt::format("a{} faction's {}", kind == ms::FactionKind::human ? " human" : "n AI",
                       what == MusterKind::muster ? "Muster" : "Re-arm");
  }
};

// Each faction kind's Muster, and its Re-arm with `rearm` (a Re-arm moves no token: a token claim is not
// asked of it, its question could not be exercised).
std::vector<Case> cases(bool rearm) {
  std::vector<Case> out;
  for (auto kind : {ms::FactionKind::human, ms::FactionKind::ai}) {
    out.push_back({kind, MusterKind::muster});
    if (rearm) out.push_back({kind, MusterKind::rearm});
  }
  return out;
}

// What a question asks of one case: its claim and what the action does that the claim is about, from
// the board, the relation and the spaces.
using Claim = std::function<z3::expr(const OpenMuster&, const ms::Rules&, ms::FactionKind)>;

std::vector<Ask> asks_of(z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit, const Claim& claim,
                         const Claim& exercised, bool rearm) {
  std::vector<Ask> out;
  for (const Case& x : cases(rearm)) {
    const OpenMuster m(ctx);
    Spaces spaces = Spaces::open(ctx);
    const MusterRelation r = muster_relation(spaces, x.what, x.kind, m.before, m.ground, m.choice, m.after,
                                             relation_rules(edit, rules), "");
    out.push_back({x.words(), m.choice_domain(spaces), r.all(), claim(m, rules, x.kind), exercised(m, rules, x.kind)});
    out.back().reachable = m.reachable(spaces, rules.numbers.stacking_card);
  }
  return out;
}

// Somewhere the builds take tokens or the disbands free some.
z3::expr tokens_move(const OpenMuster& m, const ms::Rules& rules, ms::FactionKind kind) {
  const Where y = m.somewhere("somewhere");
  return built_tokens_at(m.choice, y, rules.numbers, kind) > 0 || disbanded_tokens_at(m.choice, y, rules.numbers, kind) > 0;
}

// The tokens the builder's pieces at `w` stand for (messina.population.backing).
AtWhere backed_at(const Army& a, const ms::Rules& rules, ms::FactionKind kind) {
  const std::array<int, kKinds> per = tokens_per_unit_kind(rules.numbers, kind);
  return [a, per](const Where& w) { return army_tokens(a, w, per); };
}

MessinaTheorem energy_theorem() {
  MessinaTheorem t;
  t.id = "messina.muster.energy-never-negative";
  t.claim = "no legal Muster or Re-arm leaves the builder with negative Energy";
  t.covers =
      "boards of any size (spaces an uninterpreted sort, any counts): a Muster with any builds (map and cards), "
      "equips, disbands and Shield ops at any spaces, and a Re-arm's Shield ops, by a faction of either kind, under "
      "the ruleset's readings (the claim reads none)";
  t.clauses = {"messina.muster.energy", "messina.muster.unit-table", "messina.muster.equip",
               "messina.muster.shield.build-upgrade", "messina.muster.shield.rearm"};
  t.exercised_words = "the action builds, equips or does a Shield op somewhere";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return asks_of(
        ctx, rules, edit, [](const OpenMuster& m, const ms::Rules&, ms::FactionKind) { return m.after.purse.energy >= 0; },
        [](const OpenMuster& m, const ms::Rules&, ms::FactionKind) {
          const Where x = m.somewhere("somewhere");
          const MusterChoice& c = m.choice;
          z3::expr any = c.equipped_map(x) + c.equipped_card(x) + c.shield_builds(x) + c.shield_upgrades(x);
          for (std::size_t k = 0; k < kKinds; ++k) any = any + c.built_map(x, k) + c.built_card(x, k);
          return any > 0;
        },
        true);
  };
  return t;
}

MessinaTheorem tokens_theorem() {
  MessinaTheorem t;
  t.id = "messina.muster.tokens-conserved";
  t.claim = "a legal Muster leaves the builder's Spare + Located + Disaffected unchanged";
  t.covers =
      "boards of any size: a Muster with any builds, equips, disbands (Workers too) and Shield ops, by a faction of "
      "either kind, under the ruleset's readings (the claim reads none; the Death Zone is not the relation's: over "
      "one board the frame keeps it)";
  t.clauses = {"messina.muster.population", "messina.population.disband-on-shortfall", "messina.population.tokens"};
  t.exercised_words = "the builds take tokens somewhere or the disbands free some";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    return asks_of(
        ctx, rules, edit,
        [](const OpenMuster& m, const ms::Rules&, ms::FactionKind) {
          const Purse &p = m.before.purse, &q = m.after.purse;
          return q.spare + q.located + q.disaffected == p.spare + p.located + p.disaffected;
        },
        &tokens_move, false);
  };
  return t;
}

// The totals of the located-backed question: the tokens the pieces stand for before and after, and
// the net the action takes (its builds' tokens less its disbands'), with the facts of finite sums they
// rest on: a total of the differences is the difference of the totals, and totals of functions that
// differ by a third at every space differ by its total.
struct Backed {
  z3::expr before, after, net;
  z3::expr facts;
};

// `rules`: the text's (what the claim counts as backing); `relation`: those the relation was built from
// (the net is the relation's own total's terms).
Backed backed_totals(const OpenMuster& m, const MusterRelation& r, Spaces& spaces, const ms::Rules& rules,
                     const ms::Rules& relation, ms::FactionKind kind) {
  const AtWhere was = backed_at(m.before.army, rules, kind), now = backed_at(m.after.army, rules, kind);
  const MusterChoice c = m.choice;
  const ms::Ruleset n = relation.numbers;
  const AtWhere net = [c, n, kind](const Where& w) {
    return built_tokens_at(c, w, n, kind) - disbanded_tokens_at(c, w, n, kind);
  };
  Backed b{spaces.total("backed", was), spaces.total("backed_after", now), spaces.total("net_tokens", net),
           m.c.bool_val(true)};
  const z3::expr s = m.c.constant("at", m.space);
  const Where w{s, -1};
  b.facts = b.net == r.built_tokens - r.disbanded_tokens &&
            z3::implies(z3::forall(s, now(w) == was(w) + net(w)), b.after == b.before + b.net);
  return b;
}

MessinaTheorem located_theorem() {
  MessinaTheorem t;
  t.id = "messina.muster.located-backed";
  t.claim =
      "after a legal Muster the builder's Located tokens still equal the tokens its units (map and cards) "
      "and Workers everywhere stand for, when they did before";
  t.covers =
      "boards of any size: a Muster with any builds (map and cards), equips, disbands (Workers too) and Shield ops, "
      "by a faction of either kind, under the ruleset's readings (the claim reads none); totals over the board with "
      "the facts of finite sums";
  t.clauses = {"messina.muster.population", "messina.population.located", "messina.population.backing",
               "messina.muster.equip", "messina.muster.equip.ai", "messina.population.disband-on-shortfall"};
  t.exercised_words = "the builds take tokens somewhere or the disbands free some";
  t.asks = [](z3::context& ctx, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out;
    for (const Case& x : cases(false)) {
      const OpenMuster m(ctx);
      Spaces spaces = Spaces::open(ctx);
      const ms::Rules relation = relation_rules(edit, rules);
      const MusterRelation r =
          muster_relation(spaces, x.what, x.kind, m.before, m.ground, m.choice, m.after, relation, "");
      const Backed b = backed_totals(m, r, spaces, rules, relation, x.kind);
      out.push_back({x.words(), m.choice_domain(spaces) && b.facts && m.before.purse.located == b.before, r.all(),
                     m.after.purse.located == b.after, tokens_move(m, rules, x.kind)});
      out.back().reachable = m.reachable(spaces, rules.numbers.stacking_card);
    }
    return out;
  };
  return t;
}

}  // namespace

std::vector<MessinaTheorem> muster_theorems() { return {energy_theorem(), tokens_theorem(), located_theorem()}; }

}  // namespace rulecheck::solver::messina

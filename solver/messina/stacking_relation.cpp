// Stacking as one relation over boards of any size (stacking_relation.hpp), clause by clause. Its Muster
// is the Muster and Re-arm relation (muster_relation.cpp), its transfers and end of an Exploration the
// Location Card relation (cards_relation.cpp): the relations that judge engines. The oracle's reading of
// each clause is in oracle/messina/muster.cpp (builds), population.cpp (Civilians and Workers placed,
// interconversion) and location_cards.cpp (transfers, discards).
#include "solver/messina/stacking_relation.hpp"

#include <functional>

#include "solver/messina/cards_relation.hpp"
#include "solver/messina/muster_relation.hpp"

namespace rulecheck::solver::messina::stacking {

namespace {

using R = ms::Readings;
constexpr std::size_t kCivilian = 0, kInfantry = 1;  // ms::kUnitKinds' order

std::vector<z3::func_decl> per_kind(z3::context& c, const std::string& name, const z3::sort& domain) {
  std::vector<z3::func_decl> out;
  for (std::size_t k = 0; k < kKinds; ++k)
    out.push_back(c.function((name + "_" + std::string(ms::piece_name(ms::kUnitKinds[k]))).c_str(), domain,
                             c.int_sort()));
  return out;
}

std::vector<z3::func_decl> per_kind(z3::context& c, const std::string& name, const z3::sort& d1, const z3::sort& d2) {
  std::vector<z3::func_decl> out;
  for (std::size_t k = 0; k < kKinds; ++k)
    out.push_back(c.function((name + "_" + std::string(ms::piece_name(ms::kUnitKinds[k]))).c_str(), d1, d2,
                             c.int_sort()));
  return out;
}

z3::expr sum_at(const std::vector<z3::func_decl>& fs, const z3::expr& s) {
  z3::expr t = fs[0](s);
  for (std::size_t k = 1; k < fs.size(); ++k) t = t + fs[k](s);
  return t;
}

// What an action does to the actor's pieces at each space: `delta(k, s)` units of kind k on the map,
// `workers(s)` Workers (null: none change).
using Delta = std::function<z3::expr(std::size_t kind, const z3::expr& s)>;
using WorkerDelta = std::function<z3::expr(const z3::expr& s)>;

struct Builder {
  const StackVars& v;
  const ms::Rules& rules;
  Constraints out;

  void add(ActionKind k, const std::string& clause, const z3::expr& body) {
    out.push_back({clause, z3::implies(v.kind(k), body)});
  }
  z3::expr zero() const { return v.c.int_val(0); }

  // The actor's units and Workers after: before plus the deltas, at every space.
  z3::expr actor_pieces(const Delta& delta, const WorkerDelta& workers) const {
    const z3::expr& s = v.s;
    z3::expr e = v.after.workers(v.actor, s) == v.before.workers(v.actor, s) + (workers ? workers(s) : zero());
    for (std::size_t k = 0; k < kKinds; ++k)
      e = e && v.after.map[k](v.actor, s) == v.before.map[k](v.actor, s) + (delta ? delta(k, s) : zero());
    return z3::forall(s, e);
  }
  // Every other faction's units and Workers stay.
  z3::expr others_stay() const {
    const z3::expr &s = v.s, &g = v.g;
    z3::expr same = v.after.workers(g, s) == v.before.workers(g, s);
    for (std::size_t k = 0; k < kKinds; ++k) same = same && v.after.map[k](g, s) == v.before.map[k](g, s);
    return z3::forall(g, s, z3::implies(g != v.actor, same));
  }
  // Each card's units after: before plus `delta(k, s)`; who holds it and its facing stay (`held`
  // false: whether it is held is left to another constraint).
  z3::expr cards(const Delta& delta, bool held = true) const {
    const z3::expr& s = v.s;
    z3::expr e = v.after.holder(s) == v.before.holder(s) && v.after.exposed(s) == v.before.exposed(s);
    if (held) e = e && v.after.held(s) == v.before.held(s);
    for (std::size_t k = 0; k < kKinds; ++k)
      e = e && v.after.card[k](s) == v.before.card[k](s) + (delta ? delta(k, s) : zero());
    return z3::forall(s, e);
  }
  z3::expr actor_holds(const z3::expr& s) const { return v.before.held(s) && v.before.holder(s) == v.actor; }
  int map_limit() const { return rules.numbers.stacking_map; }
  int card_limit() const { return rules.numbers.stacking_card; }
};

// convention messina.convention.shield-not-stacked: Shields are not among the units counted
// messina.muster.stacking.workers with messina.stacking-scope: the units the limit reads at a space
// are the military units on the map (Workers in Utilities left out), every faction's (all-factions)
// or the actor's (per-faction).
void stacking_count(Builder& b) {
  const StackVars& v = b.v;
  const z3::expr& s = v.s;
  const bool all = b.rules.readings.stacking_scope == R::StackingScope::all_factions;
  b.out.push_back({"messina.muster.stacking.workers",
                   z3::forall(s, v.counted(s) == (all ? v.before.board_units(s) : v.before.units(v.actor, s)))});
}

// The Muster's builds, disbands and equips: the Muster and Re-arm relation (muster_relation.cpp), the
// one the membership checks ask over one board, here over any board, for the actor (a human faction:
// its Muster may do all an AI's may, and equip besides; stacking reads no faction kind), with what the
// board around says (Friendly Area, high-tech sites, Shields) left open. Its frame here: every other
// faction's pieces stay, and every card's holder, facing and (unless the actor holds it) units
// (messina.muster.builds-only).
void muster(Builder& b) {
  const StackVars& v = b.v;
  const ActionKind K = ActionKind::muster;
  z3::context& c = v.c;
  Spaces spaces = Spaces::open(c);
  auto open_bool = [&](const char* name) {
    const z3::func_decl f = c.function(name, v.space, c.bool_sort());
    return [f](const Where& w) { return f(w.term); };
  };
  auto open_int = [&](const char* name) {
    const z3::func_decl f = c.function(name, v.space, c.int_sort());
    return [f](const Where& w) { return f(w.term); };
  };
  const AtWhere none = [&c](const Where&) { return c.int_val(0); };
  auto per_kind = [](const std::vector<z3::func_decl>& fs) {
    return [fs](const Where& w, std::size_t k) { return fs[k](w.term); };
  };
  auto at = [](const z3::func_decl& f) { return [f](const Where& w) { return f(w.term); }; };
  const StackState &before = v.before, &after = v.after;
  const Ground ground{open_bool("muster_friendly"),
                      open_bool("muster_shield_friendly"),
                      open_bool("muster_high_tech_site"),
                      [&b](const Where& w) { return b.actor_holds(w.term); },
                      at(v.counted),
                      [&before](const Where& w) { return before.card_units(w.term); },
                      open_bool("muster_shield_blocks"),
                      open_int("muster_own_shield")};
  const MusterChoice choice{per_kind(v.built_map),     per_kind(v.built_card),     per_kind(v.disbanded_map),
                            per_kind(v.disbanded_card), none,                     at(v.disbanded_workers),
                            none,                       at(v.equipped_map),        at(v.equipped_card),
                            open_int("muster_shield_builds"), open_int("muster_shield_upgrades"), none};
  auto army_of = [&v](const StackState& x) {
    const z3::expr actor = v.actor;
    return Army{[&x, actor](const Where& w, std::size_t k) { return x.map[k](actor, w.term); },
                [&x, actor](const Where& w, std::size_t k) {
                  return z3::ite(x.held(w.term) && x.holder(w.term) == actor, x.card[k](w.term),
                                 w.term.ctx().int_val(0));
                },
                [&x, actor](const Where& w) { return x.workers(actor, w.term); }};
  };
  auto purse = [&c](const std::string& s) {
    auto i = [&](const char* n) { return c.int_const(("muster_" + std::string(n) + s).c_str()); };
    return Purse{i("round"), i("phase"), i("energy"), i("spare"), i("located"), i("disaffected")};
  };
  const MusterState was{purse(""), army_of(before), open_int("muster_shield")};
  const MusterState now{purse("_after"), army_of(after), open_int("muster_shield_after")};
  const MusterRelation r = muster_relation(spaces, MusterKind::muster, ms::FactionKind::human, was, ground, choice,
                                           now, b.rules, "muster_");
  for (const auto& n : r.all()) b.add(K, n.clause, n.formula);
  const z3::expr& s = v.s;
  b.add(K, "messina.muster.builds-only", b.others_stay());
  z3::expr cards = after.holder(s) == before.holder(s) && after.exposed(s) == before.exposed(s) &&
                   after.held(s) == before.held(s);
  for (std::size_t k = 0; k < kKinds; ++k)
    cards = cards && z3::implies(!b.actor_holds(s), after.card[k](s) == before.card[k](s));
  b.add(K, "messina.muster.builds-only", z3::forall(s, cards));
}

// convention messina.convention.home-defence-map-only: home-defence Civilians never go onto a card
// Civilians placed before orders or a Bonus Military Action (`home`: in home defence, at the attacked
// space only), on the map or (not in home defence) onto a held card.
void civilians(Builder& b, bool home) {
  const StackVars& v = b.v;
  const z3::expr& s = v.s;
  const ActionKind K = home ? ActionKind::home_defence : ActionKind::civilians;
  const std::string clause = home ? "messina.population.home-defence" : "messina.population.placement.civilians";
  b.add(K, clause,
        b.actor_pieces([&](std::size_t k, const z3::expr& x) { return k == kCivilian ? v.placed_map(x) : b.zero(); },
                       nullptr));
  b.add(K, clause, b.others_stay());
  b.add(K, clause, b.cards([&](std::size_t k, const z3::expr& x) {
    return k == kCivilian ? v.placed_card(x) : b.zero();
  }));
  if (home)
    b.add(K, clause, z3::forall(s, (s == v.battle || v.placed_map(s) == 0) && v.placed_card(s) == 0));
  else
    b.add(K, "messina.population.placement.cards", z3::forall(s, z3::implies(v.placed_card(s) > 0, b.actor_holds(s))));
  // interpretation messina.civilian-stacking: under applies the map limit binds these Civilians.
  if (b.rules.readings.civilian_stacking == R::CivilianStacking::applies)
    b.add(K, "messina.muster.stacking",
          z3::forall(s, z3::implies(v.placed_map(s) > 0, v.counted(s) + v.placed_map(s) <= b.map_limit())));
  // convention messina.convention.card-capacity-binds-civilians: under every reading of messina.civilian-stacking
  // messina.cards.capacity: a card holds at most its limit (messina.population.placement.cards: the
  // conditions of the map).
  if (!home)
    b.add(K, "messina.cards.capacity",
          z3::forall(s, z3::implies(v.placed_card(s) > 0, v.before.card_units(s) + v.placed_card(s) <= b.card_limit())));
}

// convention messina.convention.utility-capacity-unbounded: no bound on a Utility's Workers
// messina.population.placement.workers: Workers come into Utilities; no unit on the map changes.
void workers_placed(Builder& b) {
  const StackVars& v = b.v;
  const ActionKind K = ActionKind::workers_placed;
  const char* clause = "messina.population.placement.workers";
  b.add(K, clause, b.actor_pieces(nullptr, [&](const z3::expr& x) { return v.workers_placed(x); }));
  b.add(K, clause, b.others_stay());
  b.add(K, clause, b.cards(nullptr));
}

// messina.population.interconversion: within a space a Civilian steps onto a Utility (a Worker), a
// Worker steps off it (a Civilian: the text's own way past the limit, with no stacking condition),
// an Infantry becomes a Worker.
void interconversion(Builder& b) {
  const StackVars& v = b.v;
  const z3::expr& s = v.s;
  const ActionKind K = ActionKind::interconversion;
  const char* clause = "messina.population.interconversion";
  b.add(K, clause,
        b.actor_pieces(
            [&](std::size_t k, const z3::expr& x) {
              if (k == kCivilian) return v.from_worker(x) - v.to_worker(x);
              if (k == kInfantry) return -v.infantry_to_worker(x);
              return b.zero();
            },
            [&](const z3::expr& x) { return v.to_worker(x) + v.infantry_to_worker(x) - v.from_worker(x); }));
  b.add(K, clause, b.others_stay());
  b.add(K, clause, b.cards(nullptr));
  b.add(K, clause,
        z3::forall(s, v.to_worker(s) <= v.before.map[kCivilian](v.actor, s) &&
                          v.infantry_to_worker(s) <= v.before.map[kInfantry](v.actor, s) &&
                          v.from_worker(s) <= v.before.workers(v.actor, s)));
}

// messina.cards.transfer, messina.cards.holding, messina.cards.discard-empty, messina.cards.hand-limit:
// a transfer and the end of an Exploration are the Location Card relation (cards_relation.cpp), the one
// the membership checks of `transfer` and `end-exploration` ask over one board, here over any board, for
// the actor: a card the actor holds is where its units are counted (`holds`), a card nobody holds is one
// not held, a card is named when units leave it. The moment, the Located tokens and the counts of cards
// the hand limit reads are left open (stacking reads none of them). Its frame here: every other
// faction's pieces stay, and every card's holder (the relation says whether the actor holds it).
void card_action(Builder& b, bool exploration) {
  const StackVars& v = b.v;
  z3::context& c = v.c;
  const ActionKind K = exploration ? ActionKind::end_exploration : ActionKind::transfer;
  const CardAction what = exploration ? CardAction::end_exploration : CardAction::transfer;
  const z3::expr actor = v.actor;
  auto state_of = [&c, actor](const StackState& x, const std::string& suffix) {
    return CardsState{c.int_const(("cards_phase" + suffix).c_str()),
                      c.int_const(("cards_located" + suffix).c_str()),
                      [x, actor](const Where& w) { return x.held(w.term) && x.holder(w.term) == actor; },
                      [x](const Where& w) { return !x.held(w.term); },
                      [x](const Where& w) { return x.exposed(w.term); },
                      [x](const Where& w, std::size_t k) { return x.card[k](w.term); },
                      [x, actor](const Where& w, std::size_t k) { return x.map[k](actor, w.term); },
                      [x, actor](const Where& w) { return x.workers(actor, w.term); }};
  };
  const std::vector<z3::func_decl> moved = v.transferred;
  const z3::func_decl discarded = v.discarded, counted = v.counted;
  const CardsChoice choice{[moved](const Where& w) { return sum_at(moved, w.term) > 0; },
                           [moved](const Where& w, std::size_t k) { return moved[k](w.term); },
                           [discarded](const Where& w) { return discarded(w.term); }};
  const CardsGround ground{[counted](const Where& w) { return counted(w.term); }};
  Spaces spaces = Spaces::open(c);
  const CardsRelation r = cards_relation(spaces, what, state_of(v.before, ""), ground, choice,
                                         state_of(v.after, "_after"), b.rules);
  for (const auto& n : r.all()) b.add(K, n.clause, n.formula);
  const z3::expr& s = v.s;
  b.add(K, "messina.cards.transfer", b.others_stay());
  b.add(K, "messina.cards.transfer", z3::forall(s, v.after.holder(s) == v.before.holder(s)));
}

}  // namespace

const char* action_words(ActionKind k) {
  switch (k) {
    case ActionKind::muster: return "a Muster's builds onto the map and cards, with disbands and equips";
    case ActionKind::civilians: return "Civilians placed before orders or a Bonus Military Action (map and cards)";
    case ActionKind::home_defence: return "Civilians placed in home defence";
    case ActionKind::workers_placed: return "Workers placed into Utilities";
    case ActionKind::interconversion: return "interconversion (Workers leaving or entering a Utility)";
    case ActionKind::transfer: return "transfers from face-up cards";
    case ActionKind::end_exploration: return "the end of an Exploration (transfers, discarded cards emptied)";
  }
  return "?";
}

StackState::StackState(z3::context& c, const z3::sort& space, const z3::sort& faction, const std::string& suffix)
    : map(per_kind(c, "map" + suffix, faction, space)),
      workers(c.function(("workers" + suffix).c_str(), faction, space, c.int_sort())),
      card(per_kind(c, "card" + suffix, space)),
      held(c.function(("held" + suffix).c_str(), space, c.bool_sort())),
      holder(c.function(("holder" + suffix).c_str(), space, faction)),
      exposed(c.function(("exposed" + suffix).c_str(), space, c.bool_sort())),
      board_units(c.function(("board_units" + suffix).c_str(), space, c.int_sort())),
      board_workers(c.function(("board_workers" + suffix).c_str(), space, c.int_sort())) {}

z3::expr StackState::units(const z3::expr& g, const z3::expr& s) const {
  z3::expr t = map[0](g, s);
  for (std::size_t k = 1; k < map.size(); ++k) t = t + map[k](g, s);
  return t;
}

z3::expr StackState::card_units(const z3::expr& s) const { return sum_at(card, s); }

StackVars::StackVars(z3::context& ctx)
    : c(ctx),
      space(ctx.uninterpreted_sort("Space")),
      faction(ctx.uninterpreted_sort("Faction")),
      before(ctx, space, faction, ""),
      after(ctx, space, faction, "_after"),
      actor(ctx.constant("actor", faction)),
      battle(ctx.constant("battle", space)),
      built_map(per_kind(ctx, "built_map", space)),
      built_card(per_kind(ctx, "built_card", space)),
      disbanded_map(per_kind(ctx, "disbanded_map", space)),
      disbanded_card(per_kind(ctx, "disbanded_card", space)),
      disbanded_workers(ctx.function("disbanded_workers", space, ctx.int_sort())),
      equipped_map(ctx.function("equipped_map", space, ctx.int_sort())),
      equipped_card(ctx.function("equipped_card", space, ctx.int_sort())),
      placed_map(ctx.function("placed_map", space, ctx.int_sort())),
      placed_card(ctx.function("placed_card", space, ctx.int_sort())),
      workers_placed(ctx.function("workers_placed", space, ctx.int_sort())),
      to_worker(ctx.function("civilian_to_worker", space, ctx.int_sort())),
      from_worker(ctx.function("worker_to_civilian", space, ctx.int_sort())),
      infantry_to_worker(ctx.function("infantry_to_worker", space, ctx.int_sort())),
      transferred(per_kind(ctx, "transferred", space)),
      discarded(ctx.function("discarded", space, ctx.bool_sort())),
      counted(ctx.function("stacking_count", space, ctx.int_sort())),
      s(ctx.constant("s", space)),
      g(ctx.constant("g", faction)) {
  for (ActionKind k : kActionKinds)
    is.push_back(ctx.bool_const((std::string("action_is_") + std::to_string(static_cast<int>(k))).c_str()));
}

z3::expr StackVars::only(ActionKind k) const {
  z3::expr e = c.bool_val(true);
  for (ActionKind o : kActionKinds) e = e && (o == k ? kind(o) : !kind(o));
  return e;
}

z3::expr StackVars::premises(ActionKind k, int card_limit) const {
  // The action's parameters: none negative, and those of other kinds nothing.
  z3::expr params = c.bool_val(true);
  auto none_negative = [&](const std::vector<z3::func_decl>& fs) {
    for (const auto& f : fs) params = params && f(s) >= 0;
  };
  none_negative(built_map), none_negative(built_card), none_negative(disbanded_map), none_negative(disbanded_card);
  none_negative(transferred);
  none_negative({disbanded_workers, equipped_map, equipped_card, placed_map, placed_card, workers_placed, to_worker,
                 from_worker, infantry_to_worker});
  if (k != ActionKind::end_exploration) params = params && !discarded(s);
  // The state before: counts not negative, units only on held cards, a card within its limit.
  z3::expr board = before.workers(g, s) >= 0;
  for (std::size_t i = 0; i < kKinds; ++i)
    board = board && before.map[i](g, s) >= 0 && before.card[i](s) >= 0 &&
            z3::implies(!before.held(s), before.card[i](s) == 0);
  board = board && before.card_units(s) <= card_limit;
  return only(k) && z3::forall(s, params) && z3::forall(g, s, board) && sum_facts();
}

z3::expr StackVars::sum_facts() const {
  const z3::expr h = c.constant("other", faction);
  z3::expr same_units = after.units(h, s) == before.units(h, s);
  const z3::expr units_fact = z3::implies(z3::forall(h, z3::implies(h != actor, same_units)),
                                          after.board_units(s) - before.board_units(s) ==
                                              after.units(actor, s) - before.units(actor, s));
  const z3::expr workers_fact =
      z3::implies(z3::forall(h, z3::implies(h != actor, after.workers(h, s) == before.workers(h, s))),
                  after.board_workers(s) - before.board_workers(s) == after.workers(actor, s) - before.workers(actor, s));
  return z3::forall(s, units_fact && workers_fact);
}

Constraints stacking_relation(const StackVars& v, const ms::Rules& rules) {
  Builder b{v, rules, {}};
  stacking_count(b);
  muster(b);
  civilians(b, false);
  civilians(b, true);
  workers_placed(b);
  interconversion(b);
  card_action(b, false);
  card_action(b, true);
  return std::move(b.out);
}

}  // namespace rulecheck::solver::messina::stacking

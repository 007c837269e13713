// Stacking as one relation over boards of any size (stacking_relation.hpp), clause by clause. Its Muster
// is the Muster and Re-arm relation (muster_relation.cpp), its placings the placings relation
// (population_relation.cpp), its transfers and end of an Exploration the Location Card relation
// (cards_relation.cpp): the relations that judge engines. The oracle's reading of
// each clause is in oracle/messina/muster.cpp (builds), population.cpp (Civilians and Workers placed,
// interconversion) and location_cards.cpp (transfers, discards). Its Civilians, Workers and interconversion
// are the placings relation (population_relation.cpp).
#include "solver/messina/stacking_relation.hpp"

#include <functional>

#include "solver/messina/cards_relation.hpp"
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/population_relation.hpp"

namespace rulecheck::solver::messina::stacking {

namespace {

using R = ms::Readings;

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

struct Builder {
  const StackVars& v;
  const ms::Rules& rules;
  Constraints out;

  void add(ActionKind k, const std::string& clause, const z3::expr& body) {
    out.push_back({clause, z3::implies(v.kind(k), body)});
  }
  // Every other faction's units and Workers stay.
  z3::expr others_stay() const {
    const z3::expr &s = v.s, &g = v.g;
    z3::expr same = v.after.workers(g, s) == v.before.workers(g, s);
    for (std::size_t k = 0; k < kKinds; ++k) same = same && v.after.map[k](g, s) == v.before.map[k](g, s);
    return z3::forall(g, s, z3::implies(g != v.actor, same));
  }
  // Every card's holder and facing stay, whether it is held, and its units unless the actor holds it
  // (the frame of the actions that add units for the actor: a Muster, the placings).
  z3::expr cards_kept() const {
    const z3::expr& s = v.s;
    z3::expr cards = v.after.holder(s) == v.before.holder(s) && v.after.exposed(s) == v.before.exposed(s) &&
                     v.after.held(s) == v.before.held(s);
    for (std::size_t k = 0; k < kKinds; ++k)
      cards = cards && z3::implies(!actor_holds(s), v.after.card[k](s) == v.before.card[k](s));
    return z3::forall(s, cards);
  }
  // The actor's pieces in state `x`, as the relations read them (consumption_relation.hpp's Army): units
  // on the map, on the card named after the space when it holds that card, Workers.
  Army army_of(const StackState& x) const {
    const z3::expr actor = v.actor;
    return Army{[x, actor](const Where& w, std::size_t k) { return x.map[k](actor, w.term); },
                [x, actor](const Where& w, std::size_t k) {
                  return z3::ite(x.held(w.term) && x.holder(w.term) == actor, x.card[k](w.term),
                                 w.term.ctx().int_val(0));
                },
                [x, actor](const Where& w) { return x.workers(actor, w.term); }};
  }
  z3::expr actor_holds(const z3::expr& s) const { return v.before.held(s) && v.before.holder(s) == v.actor; }
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
  auto purse = [&c](const std::string& s) {
    auto i = [&](const char* n) { return c.int_const(("muster_" + std::string(n) + s).c_str()); };
    return Purse{i("round"), i("phase"), i("energy"), i("spare"), i("located"), i("disaffected")};
  };
  const MusterState was{purse(""), b.army_of(before), open_int("muster_shield")};
  const MusterState now{purse("_after"), b.army_of(after), open_int("muster_shield_after")};
  const MusterRelation r = muster_relation(spaces, MusterKind::muster, ms::FactionKind::human, was, ground, choice,
                                           now, b.rules, "muster_");
  for (const auto& n : r.all()) b.add(K, n.clause, n.formula);
  b.add(K, "messina.muster.builds-only", b.others_stay());
  b.add(K, "messina.muster.builds-only", b.cards_kept());
}

// Civilians placed before orders or a Bonus Military Action and in home defence, Workers placed into
// Utilities, interconversion (Workers leaving and entering a Utility): the placings relation
// (population_relation.cpp), the one the membership checks of `place` and `convert` ask over one board,
// here over any board, for the actor (a human faction: stacking reads no faction kind), with its Mat and
// what the board around says (Home Spaces, Utilities and their owners' consent) left open; the battle is
// the stacking state's, the stacking count and the card's units the stacking relation's. Its frame here:
// every other faction's pieces stay, and every card's holder, facing and (unless the actor holds it)
// units.
void placing(Builder& b, ActionKind k) {
  const StackVars& v = b.v;
  z3::context& c = v.c;
  const PlacingKind what = k == ActionKind::civilians      ? PlacingKind::civilians
                           : k == ActionKind::home_defence ? PlacingKind::home_defence
                           : k == ActionKind::workers_placed ? PlacingKind::workers
                                                           : PlacingKind::conversion;
  const std::string name = "placing_" + std::to_string(static_cast<int>(k)) + "_";
  auto mat = [&](const std::string& suffix) {
    auto i = [&](const char* f) { return c.int_const((name + f + suffix).c_str()); };
    return Mat{i("round"), i("phase"), i("disaffected"), i("spare"), i("located"), i("dead"), i("food"), i("water")};
  };
  auto open_bool = [&](const char* f) {
    const z3::func_decl d = c.function((name + f).c_str(), v.space, c.bool_sort());
    return [d](const Where& w) { return d(w.term); };
  };
  auto at = [](const z3::func_decl& f) -> AtWhere { return [f](const Where& w) { return f(w.term); }; };
  const AtWhere none = [&c](const Where&) { return c.int_val(0); };
  const StackState& before = v.before;
  const z3::expr battle = v.battle;
  const PlacingGround ground{[&b](const Where& w) { return b.actor_holds(w.term); },
                             open_bool("home"),
                             [battle](const Where& w) { return w.term == battle; },
                             open_bool("own_utility"),
                             open_bool("hosts_welcome"),
                             at(v.counted),
                             [&before](const Where& w) { return before.card_units(w.term); }};
  const bool civilians = what == PlacingKind::civilians || what == PlacingKind::home_defence;
  const bool workers = what == PlacingKind::workers, converts = what == PlacingKind::conversion;
  const Placings act{workers ? at(v.workers_placed) : none,
                     civilians ? at(v.placed_map) : none,
                     civilians ? at(v.placed_card) : none,
                     what == PlacingKind::home_defence ? at(v.placed_disaffected) : none,
                     converts ? at(v.to_worker) : none,
                     converts ? at(v.from_worker) : none,
                     converts ? at(v.infantry_to_worker) : none,
                     workers || converts ? at(v.guest_workers) : none,
                     none,
                     none};
  Spaces spaces = Spaces::open(c);
  const PopulationRelation r = population_relation(spaces, what, ms::FactionKind::human, mat(""), b.army_of(v.before),
                                                   ground, act, mat("_after"), b.army_of(v.after), b.rules, name);
  for (const auto& n : r.all()) b.add(k, n.clause, n.formula);
  b.add(k, placing_clause(what), b.others_stay());
  b.add(k, placing_clause(what), b.cards_kept());
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
      placed_disaffected(ctx.function("placed_disaffected", space, ctx.int_sort())),
      workers_placed(ctx.function("workers_placed", space, ctx.int_sort())),
      to_worker(ctx.function("civilian_to_worker", space, ctx.int_sort())),
      from_worker(ctx.function("worker_to_civilian", space, ctx.int_sort())),
      infantry_to_worker(ctx.function("infantry_to_worker", space, ctx.int_sort())),
      guest_workers(ctx.function("workers_as_guests", space, ctx.int_sort())),
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
  none_negative({disbanded_workers, equipped_map, equipped_card, placed_map, placed_card, placed_disaffected,
                 workers_placed, to_worker, from_worker, infantry_to_worker, guest_workers});
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
  for (ActionKind k : {ActionKind::civilians, ActionKind::home_defence, ActionKind::workers_placed,
                       ActionKind::interconversion})
    placing(b, k);
  card_action(b, false);
  card_action(b, true);
  return std::move(b.out);
}

}  // namespace rulecheck::solver::messina::stacking

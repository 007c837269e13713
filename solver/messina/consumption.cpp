// The Consumption Phase (rules text: messina-consumption-phase), encoded from the text: the bill,
// the shortfall, its payment in three steps, the waived excess and the recovery after full feeding.
// The Population page ties step 3 to disbanding (messina.population.disband-on-shortfall).
#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "solver/messina/board_army.hpp"
#include "solver/messina/consumption_relation.hpp"
#include "solver/messina/discovery_step.hpp"
#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"

namespace rulecheck::solver::messina {

namespace {

// Step 3's choice, per space: the faction's units taken off the map, Workers taken out of Utilities
// and units taken off its card there. Concrete for a consume action; free variables in proofs.
// `card_workers`: Workers the choice names on a card, which never holds any (a Worker stands in a
// Utility on the map, messina.population.placement.workers): a choice naming one names what is not there.
struct Removal {
  std::vector<Kinds> map;              // per space, per unit kind
  std::vector<z3::expr> workers;       // per space
  std::vector<Kinds> card;             // per space, per unit kind
  std::vector<z3::expr> card_workers;  // per space
};

Removal removal_of(const SymBoard& b, int f, const ms::Consume& a) {
  z3::context& ctx = b.ctx();
  const z3::expr zero = ctx.int_val(0);
  Removal r{std::vector<Kinds>(b.spaces.size(), Kinds{zero, zero, zero, zero, zero}),
            std::vector<z3::expr>(b.spaces.size(), zero),
            std::vector<Kinds>(b.spaces.size(), Kinds{zero, zero, zero, zero, zero}),
            std::vector<z3::expr>(b.spaces.size(), zero)};
  std::vector<std::map<int, int>> map(b.spaces.size()), card(b.spaces.size());
  std::vector<int> workers(b.spaces.size(), 0), card_workers(b.spaces.size(), 0);
  for (const auto& pc : a.disband) {
    const int s = b.space_index(pc.where.space);
    if (pc.piece == ms::Piece::worker)
      (pc.where.on_card ? card_workers : workers)[s] += pc.count;
    else
      (pc.where.on_card ? card : map)[s][static_cast<int>(pc.piece)] += pc.count;
  }
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    for (const auto& [k, n] : map[s]) r.map[s][k] = ctx.int_val(n);
    for (const auto& [k, n] : card[s]) r.card[s][k] = ctx.int_val(n);
    r.workers[s] = ctx.int_val(workers[s]);
    r.card_workers[s] = ctx.int_val(card_workers[s]);
  }
  (void)f;
  return r;
}

Army named_in(const Removal& r) {
  return {[&r](const Where& w, std::size_t k) { return r.map[w.index][k]; },
          [&r](const Where& w, std::size_t k) { return r.card[w.index][k]; },
          [&r](const Where& w) { return r.workers[w.index]; }};
}

// The faction's pieces after its Consumption, on the cards it held before: a Consumption hands no card
// over (with the frame the holders after are the holders before anyway; without it, in the discovery
// search, who holds a card is then no quantity the relation speaks of).
Army army_after(const SymBoard& before, const SymBoard& after, int f) {
  Army a = army_on(after, f);
  const SymBoard *b = &before, *x = &after;
  a.card = [b, x, f](const Where& w, std::size_t k) {
    return z3::ite(b->spaces[w.index].card_holder == f, x->spaces[w.index].card_units[k], b->ctx().int_val(0));
  };
  return a;
}

std::string key(const SymBoard& b, int f, const char* what) { return "/factions/" + b.factions[f].id + what; }

// convention messina.convention.step3-player-chooses-units: the removal is the action's parameter
// The Consumption relation over this board (consumption_relation.cpp), and what only a board of named
// spaces has to say: a Worker named on a card names nothing (a Worker stands in a Utility on the map,
// messina.population.placement.workers); which Utility a Worker step 3 takes leaves
// (messina.convention.step3-workers-own-utility-first); the cards of other holders and every other
// component stay (the frame).
// `prefix` names the relation's chosen quantities (none with ""); without `frame`, no constraint for the
// components the action does not name (the discovery search states its own inertia instead).
Encoded encode_consumption(const SymBoard& before, int f, const Removal& removal, const SymBoard& after,
                           const ms::Rules& rules, const std::string& prefix = "", bool frame = true) {
  Spaces spaces = Spaces::finite(before.ctx(), static_cast<int>(before.spaces.size()));
  const ConsumptionRelation r =
      consumption_relation(spaces, before.factions[f].kind, mat_on(before, f), army_on(before, f), named_in(removal),
                           mat_on(after, f), army_after(before, after, f), rules, prefix);
  Encoded e{r.guard, r.effect};
  const SymFaction& sf = before.factions[f];
  std::vector<std::string> skip = {key(before, f, "/population/disaffected"), key(before, f, "/population/spare"),
                                   key(before, f, "/population/located"),    key(before, f, "/dead"),
                                   key(before, f, "/resources/food"),        key(before, f, "/resources/water")};
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    const SymSpace &sp = before.spaces[s], &ap = after.spaces[s];
    e.legal.push_back({"messina.consumption.shortfall.step3", removal.card_workers[s] == 0});
    for (std::size_t k = 0; k < kKinds; ++k) {
      const std::string kind(ms::piece_name(ms::kUnitKinds[k]));
      skip.push_back("/spaces/" + sp.id + "/units/" + sf.id + "/" + kind);
      skip.push_back("/cards/" + sp.id + "/units/" + kind);
      e.effect.push_back({"messina.consumption.shortfall.payment",
                          z3::implies(sp.card_holder != f, ap.card_units[k] == sp.card_units[k])});
    }
    // The Workers step 3 takes at this space leave the faction's own Utility first, then the Utilities
    // it is a guest in, owners in id order.
    z3::expr rest = removal.workers[s];
    const z3::expr own = min_of(rest, sp.workers[f]);
    e.effect.push_back({"messina.convention.step3-workers-own-utility-first", ap.workers[f] == sp.workers[f] - own});
    rest = rest - own;
    skip.push_back("/spaces/" + sp.id + "/utilities/" + sf.id + "/workers");
    for (std::size_t owner = 0; owner < before.factions.size(); ++owner) {
      const z3::expr here = min_of(rest, sp.guests[owner][f]);
      e.effect.push_back({"messina.convention.step3-workers-own-utility-first",
                          ap.guests[owner][f] == sp.guests[owner][f] - here});
      rest = rest - here;
      skip.push_back("/spaces/" + sp.id + "/utilities/" + before.factions[owner].id + "/guests/" + sf.id);
    }
  }
  if (frame)
    for (auto& c : effect(after, before, {}, "messina.consumption.shortfall.payment", skip)) e.effect.push_back(std::move(c));
  return e;
}

}  // namespace

std::optional<Encoded> encode_consume(const SymBoard& before, const ms::Consume& a, const SymBoard& after,
                                      const ms::Rules& rules) {
  const int f = before.faction_index(a.faction);
  if (f < 0) return std::nullopt;
  for (const auto& pc : a.disband)
    if (before.space_index(pc.where.space) < 0) return std::nullopt;
  return encode_consumption(before, f, removal_of(before, f, a), after, rules);
}

// ---------------------------------------------------------------- proofs

namespace {

// A free step-3 choice for faction `f` on `board`: every count a variable, not negative.
Removal free_removal(const SymBoard& b, int f, Constraints& facts) {
  z3::context& ctx = b.ctx();
  Removal r;
  for (const auto& sp : b.spaces) {
    Kinds map = {
        ctx.int_const(("take/" + sp.id + "/civilian").c_str()), ctx.int_const(("take/" + sp.id + "/infantry").c_str()),
        ctx.int_const(("take/" + sp.id + "/bomber").c_str()), ctx.int_const(("take/" + sp.id + "/fighter").c_str()),
        ctx.int_const(("take/" + sp.id + "/mech").c_str())};
    Kinds card = {ctx.int_const(("take-card/" + sp.id + "/civilian").c_str()),
                  ctx.int_const(("take-card/" + sp.id + "/infantry").c_str()),
                  ctx.int_const(("take-card/" + sp.id + "/bomber").c_str()),
                  ctx.int_const(("take-card/" + sp.id + "/fighter").c_str()),
                  ctx.int_const(("take-card/" + sp.id + "/mech").c_str())};
    for (std::size_t k = 0; k < kKinds; ++k) {
      facts.push_back({"choice", map[k] >= 0});
      facts.push_back({"choice", card[k] >= 0});
    }
    z3::expr w = ctx.int_const(("take/" + sp.id + "/worker").c_str());
    z3::expr card_w = ctx.int_const(("take-card/" + sp.id + "/worker").c_str());
    facts.push_back({"choice", w >= 0});
    facts.push_back({"choice", card_w >= 0});
    r.map.push_back(map);
    r.card.push_back(card);
    r.workers.push_back(w);
    r.card_workers.push_back(card_w);
  }
  (void)f;
  return r;
}

ms::Consume consume_from_model(const z3::model& m, const SymBoard& b, int f, const Removal& r) {
  ms::Consume c{b.factions[f].id, {}};
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    for (std::size_t k = 0; k < kKinds; ++k) {
      if (int n = int_value(m, r.map[s][k]); n > 0)
        c.disband.push_back({{b.spaces[s].id, false}, ms::kUnitKinds[k], n});
      if (int n = int_value(m, r.card[s][k]); n > 0)
        c.disband.push_back({{b.spaces[s].id, true}, ms::kUnitKinds[k], n});
    }
    if (int n = int_value(m, r.workers[s]); n > 0) c.disband.push_back({{b.spaces[s].id, false}, ms::Piece::worker, n});
    if (int n = int_value(m, r.card_workers[s]); n > 0)
      c.disband.push_back({{b.spaces[s].id, true}, ms::Piece::worker, n});
  }
  return c;
}

z3::expr mat_total(const SymFaction& f) { return f.disaffected + f.spare + f.located + f.dead; }

}  // namespace

// Red's Consumption with every step-3 choice: the units it names are free (not negative), the
// same for every outcome of the step.
ProofStep every_consumption(const ms::Rules& rules) {
  return [&rules](const SymBoard& before) {
    Constraints choices;
    const Removal removal = free_removal(before, 0, choices);
    return StepOnBoard{std::move(choices),
                       [removal, &rules](const SymBoard& b, const SymBoard& after) {
                         return std::optional<Encoded>(encode_consumption(b, 0, removal, after, rules));
                       },
                       [removal, before](const z3::model& m) { return Step{consume_from_model(m, before, 0, removal)}; }};
  };
}

DiscoveryStep consumption_discovery_step(const SymBoard& before) {
  DiscoveryStep d;
  const Removal removal = free_removal(before, 0, d.choices);
  d.encode = [removal, &before](const SymBoard& after, const ms::Rules& rules, const std::string& prefix) {
    return encode_consumption(before, 0, removal, after, rules, prefix, false);
  };
  d.action = [removal, &before](const z3::model& m) { return ms::Action{consume_from_model(m, before, 0, removal)}; };
  return d;
}

std::vector<MessinaWitness> discover_consumption(const ms::Rules& defaults, const SourceIndex& index,
                                                 const Budget& budget) {
  const DiscoveryTarget target{"consume", "Consumption", "Red's Consumption, step 3's units free",
                               {small_shape(1, false), small_shape(2, true)}, consumption_discovery_step};
  return discover_from_words(target, defaults, index, budget);
}

std::vector<MessinaProof> consumption_proofs(const ms::Rules& rules, const Budget& budget) {
  const std::string shape = " (every board of 2 spaces, a human and an AI faction, all counts unbounded)";
  const Shape board = small_shape(2, true, ms::FactionKind::ai);
  const std::vector<ProofStep> every = {every_consumption(rules)};
  auto holds = [&](ProofClaim claim, const StepInvariant& invariant, const std::vector<std::string>& without = {}) {
    return prove_over_steps(std::move(claim), board, every, invariant, rules, budget, without);
  };
  std::vector<MessinaProof> out;
  out.push_back(holds(
      {"messina.consumption.tokens-conserved",
       "A legal Consumption neither creates nor loses tokens: Disaffected + Spare + Located + dead is unchanged" +
           shape,
       {"messina.consumption.shortfall.payment", "messina.consumption.shortfall.step1",
        "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3", "messina.consumption.recovery"}},
      [](const SymBoard& b, const SymBoard& a) { return mat_total(a.factions[0]) == mat_total(b.factions[0]); },
      {"messina.consumption.shortfall.payment", "messina.consumption.shortfall"}));
  // Never well fed to dead: proved for boards of any size, either faction kind and every step-3
  // choice, with the misreadings that break it, in unbounded_consumption.cpp.
  out.push_back(holds(
      {"messina.consumption.counts-never-negative",
       "After a legal Consumption no count is negative: mat, dead, Food, Water, units on the map and on cards, "
       "Workers" +
           shape,
       {"messina.consumption.cost", "messina.consumption.plentiful-spent", "messina.consumption.shortfall.step1",
        "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3"}},
      [](const SymBoard&, const SymBoard& a) {
        z3::expr_vector ok(a.ctx());
        const SymFaction& f = a.factions[0];
        for (const auto& e : {f.disaffected, f.spare, f.located, f.dead, f.food, f.water}) ok.push_back(e >= 0);
        for (const auto& sp : a.spaces) {
          for (std::size_t g = 0; g < a.factions.size(); ++g) {
            for (const auto& u : sp.units[g]) ok.push_back(u >= 0);
            ok.push_back(sp.workers[g] >= 0);
            for (const auto& x : sp.guests[g]) ok.push_back(x >= 0);
          }
          for (const auto& u : sp.card_units) ok.push_back(u >= 0);
        }
        return z3::mk_and(ok);
      }));
  out.push_back(holds(
      {"messina.consumption.located-backs-units",
       "After a legal Consumption the Located tokens still equal the units and Workers that need backing" + shape,
       {"messina.consumption.shortfall.step3", "messina.population.backing", "messina.population.located"}},
      [&rules](const SymBoard&, const SymBoard& a) {
        return a.factions[0].located == backed_tokens(a, 0, rules.numbers);
      }));
  out.push_back(prove_decided(
      {"messina.consumption.decided",
       "Once step 3's units are named, the text leaves nothing open: two outcomes of one legal Consumption are "
       "the same state" +
           shape,
       {"messina.consumption.cost", "messina.consumption.shortfall", "messina.consumption.shortfall.step1",
        "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3", "messina.consumption.recovery"}},
      board, every, rules, budget));
  out.push_back(holds(
      {"messina.consumption.full-feeding-changes-only-supplies",
       "A faction that pays the whole bill and has no Disaffected token changes nothing but its Food and Water, "
       "each down by the cost" +
           shape,
       {"messina.consumption.cost", "messina.consumption.recovery"}},
      [&rules](const SymBoard& b, const SymBoard& a) {
        const SymFaction &f = b.factions[0], &g = a.factions[0];
        const int per = rules.numbers.tokens_per_food_and_water;
        const z3::expr cost = ceil_div(f.disaffected + f.spare + f.located, per);
        const z3::expr fully_fed = f.food >= cost && f.water >= cost && f.disaffected == 0;
        return z3::implies(fully_fed, g.spare == f.spare && g.located == f.located && g.disaffected == 0 &&
                                          g.dead == f.dead && g.food == f.food - cost && g.water == f.water - cost);
      }));
  return out;
}

// ---------------------------------------------------------------- ambiguity witnesses

std::vector<MessinaWitness> consumption_witnesses(const ms::Rules& rules, const Budget& budget) {
  using R = ms::Readings;
  std::vector<WitnessSpec> specs;
  specs.push_back(WitnessSpec{
      "messina.consumption-bill",
      {"messina.consumption.cost", "messina.consumption.shortfall.step1", "messina.consumption.recovery"},
      "Whether Disaffected tokens are on the Consumption bill decides between a death and a recovery",
      "With Disaffected tokens on the bill they must be fed like the rest, so a faction without Food and Water has a "
      "shortfall and step 1 kills them; left off the bill, the same faction owes nothing, has fed everyone it must "
      "and so recovers a Disaffected token to Spare.",
      {reading_of(rules, "all-tokens", [](R& r) { r.consumption_bill = R::ConsumptionBill::all_tokens; }),
       reading_of(rules, "excluding-disaffected",
                  [](R& r) { r.consumption_bill = R::ConsumptionBill::excluding_disaffected; })},
      {small_shape(1, false)},
      [](const Shape& s) {
        return Step{ms::Action{ms::Consume{s.factions[0].first, {}}}};
      },
      nullptr});
  specs.push_back(WitnessSpec{
      "messina.step3-card-units",
      {"messina.consumption.shortfall.step3", "messina.population.disband-on-shortfall"},
      "Whether step 3 may disband a unit standing on a Location Card",
      "A shortfall left after steps 1 and 2 is paid in step 3 by Located tokens; when the only Located token backs a "
      "unit on the faction's card, one reading lets step 3 take it (the consumption is legal, the unit goes and its "
      "token turns Disaffected) and the other keeps cards out of step 3's reach (naming it is illegal).",
      {reading_of(rules, "map-and-cards", [](R& r) { r.step3_card_units = R::Step3CardUnits::map_and_cards; }),
       reading_of(rules, "map-only", [](R& r) { r.step3_card_units = R::Step3CardUnits::map_only; })},
      {small_shape(1, false)},
      [](const Shape& s) {
        return Step{ms::Action{ms::Consume{s.factions[0].first, {{{s.spaces[0], true}, ms::Piece::civilian, 1}}}}};
      },
      nullptr});
  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina

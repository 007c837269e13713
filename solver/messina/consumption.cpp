// The Consumption Phase (rules text: messina-consumption-phase), encoded from the text: the bill,
// the shortfall, its payment in three steps, the waived excess and the recovery after full feeding.
// The Population page ties step 3 to disbanding (messina.population.disband-on-shortfall).
#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

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

// The quantities the text names, for one faction's Consumption.
struct Bill {
  z3::expr billed;     // P: the tokens fed (messina.consumption.cost; reading messina.consumption-bill)
  z3::expr cost;       // C: Food and Water each, one per tokens_per_food_and_water tokens, rounded up
  z3::expr shortfall;  // tokens the scarcer resource leaves unsupplied
  z3::expr food_paid, water_paid;
  z3::expr died;               // step 1: Disaffected to the Death Zone
  z3::expr spare_paid;         // step 2: Spare to Disaffected
  z3::expr located_paid;       // step 3: Located to Disaffected
  z3::expr recovered;          // a Disaffected back to Spare after full feeding
  z3::expr reachable_located;  // the Located tokens step 3 may move (reading messina.step3-card-units)
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

// The Located tokens backing the faction's pieces on the map (units and Workers), or also on its cards.
z3::expr located_within_reach(const SymBoard& b, int f, const ms::Rules& rules) {
  const bool cards_too = rules.readings.step3_card_units == ms::Readings::Step3CardUnits::map_and_cards;
  if (cards_too) return b.factions[f].located;
  z3::context& ctx = b.ctx();
  std::vector<z3::expr> terms;
  for (std::size_t s = 0; s < b.spaces.size(); ++s) {
    const SymSpace& sp = b.spaces[s];
    for (std::size_t k = 0; k < kKinds; ++k)
      if (int per = tokens_per_unit(rules.numbers, b.factions[f].kind, ms::kUnitKinds[k]); per > 0)
        terms.push_back(per * sp.units[f][k]);
    terms.push_back(sp.workers[f]);
    for (std::size_t owner = 0; owner < b.factions.size(); ++owner) terms.push_back(sp.guests[owner][f]);
  }
  return sum(ctx, terms);
}

Bill bill_of(const SymBoard& b, int f, const ms::Rules& rules) {
  const SymFaction& sf = b.factions[f];
  const ms::Ruleset& n = rules.numbers;
  const int per = n.tokens_per_food_and_water;
  const bool all_tokens = rules.readings.consumption_bill == ms::Readings::ConsumptionBill::all_tokens;
  const z3::expr billed = all_tokens ? sf.disaffected + sf.spare + sf.located : sf.spare + sf.located;
  const z3::expr cost = ceil_div(billed, per);
  // The scarcer resource decides how many tokens are supplied: each unit of it supplies `per`.
  const z3::expr supplied = min_of(min_of(per * sf.food, per * sf.water), billed);
  const z3::expr shortfall = billed - supplied;
  // Steps 1 to 3 in order, each as far as it goes; what is left is waived.
  const z3::expr died = min_of(shortfall, sf.disaffected);
  const z3::expr spare_paid = min_of(shortfall - died, sf.spare);
  const z3::expr reachable = located_within_reach(b, f, rules);
  const z3::expr located_paid = min_of(shortfall - died - spare_paid, reachable);
  const z3::expr recovered =
      z3::ite(shortfall == 0, min_of(sf.disaffected, b.ctx().int_val(n.disaffected_recovered_after_full_feeding)),
              b.ctx().int_val(0));
  return Bill{billed,       cost,      shortfall, min_of(sf.food, cost), min_of(sf.water, cost), died, spare_paid,
              located_paid, recovered, reachable};
}

// A Worker taken away in step 3 leaves the faction's own Utility in that space first, then the
// Utilities it is a guest in, owners in id order (docs/formats.md).
void take_workers(SymBoard& next, int s, int f, z3::expr count) {
  SymSpace& sp = next.spaces[s];
  const z3::expr own = min_of(count, sp.workers[f]);
  sp.workers[f] = sp.workers[f] - own;
  z3::expr rest = count - own;
  for (std::size_t owner = 0; owner < next.factions.size(); ++owner) {
    const z3::expr here = min_of(rest, sp.guests[owner][f]);
    sp.guests[owner][f] = sp.guests[owner][f] - here;
    rest = rest - here;
  }
}

std::string key(const SymBoard& b, int f, const char* what) { return "/factions/" + b.factions[f].id + what; }

Encoded encode_consumption(const SymBoard& before, int f, const Removal& removal, const SymBoard& after,
                           const ms::Rules& rules) {
  z3::context& ctx = before.ctx();
  const ms::Ruleset& n = rules.numbers;
  const SymFaction& sf = before.factions[f];
  const Bill bill = bill_of(before, f, rules);
  Encoded e;

  // messina.consumption.when: the end of an even-numbered round (the ruleset's parity); a state
  // naming another moment of the round is not that moment.
  e.legal.push_back({"messina.consumption.when", before.round % 2 == n.round_parity_consumption &&
                                                     (before.phase == static_cast<int>(ms::Phase::unspecified) ||
                                                      before.phase == static_cast<int>(ms::Phase::consumption))});

  // messina.consumption.shortfall.step3: the chosen pieces are there, are backed (each removes one
  // token per unit of population it takes), and add up to the tokens step 3 moves.
  std::vector<z3::expr> tokens;
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    const SymSpace& sp = before.spaces[s];
    z3::expr guests = ctx.int_val(0);
    for (std::size_t owner = 0; owner < before.factions.size(); ++owner) guests = guests + sp.guests[owner][f];
    e.legal.push_back({"messina.consumption.shortfall.step3", removal.workers[s] <= sp.workers[f] + guests});
    e.legal.push_back({"messina.consumption.shortfall.step3", removal.card_workers[s] == 0});
    tokens.push_back(removal.workers[s]);
    for (std::size_t k = 0; k < kKinds; ++k) {
      const int per = tokens_per_unit(n, sf.kind, ms::kUnitKinds[k]);
      const z3::expr on_card = removal.card[s][k];
      e.legal.push_back({"messina.consumption.shortfall.step3", removal.map[s][k] <= sp.units[f][k]});
      e.legal.push_back({"messina.consumption.shortfall.step3",
                         on_card == 0 || (sp.card_holder == f && on_card <= sp.card_units[k])});
      if (per == 0) e.legal.push_back({"messina.consumption.shortfall.step3", removal.map[s][k] + on_card == 0});
      if (rules.readings.step3_card_units == ms::Readings::Step3CardUnits::map_only)
        e.legal.push_back({"messina.consumption.shortfall.step3", on_card == 0});
      tokens.push_back(per * (removal.map[s][k] + on_card));
    }
  }
  e.legal.push_back({"messina.consumption.shortfall.step3", sum(ctx, tokens) == bill.located_paid});

  // The effect. The mat is constrained below, one clause per part of the text; the units step 3
  // removes and the food and water through effect().
  SymBoard next = before;
  std::vector<std::pair<std::string, std::string>> changed;
  for (std::size_t s = 0; s < before.spaces.size(); ++s) {
    SymSpace& sp = next.spaces[s];
    const std::string at = "/spaces/" + sp.id + "/units/" + sf.id + "/";
    const std::string card = "/cards/" + sp.id + "/units/";
    for (std::size_t k = 0; k < kKinds; ++k) {
      sp.units[f][k] = sp.units[f][k] - removal.map[s][k];
      changed.push_back({at + std::string(ms::piece_name(ms::kUnitKinds[k])), "messina.consumption.shortfall.step3"});
      sp.card_units[k] = z3::ite(sp.card_holder == f, sp.card_units[k] - removal.card[s][k], sp.card_units[k]);
      changed.push_back({card + std::string(ms::piece_name(ms::kUnitKinds[k])), "messina.consumption.shortfall.step3"});
    }
    take_workers(next, static_cast<int>(s), f, removal.workers[s]);
    changed.push_back({"/spaces/" + sp.id + "/utilities/" + sf.id + "/workers", "messina.consumption.shortfall.step3"});
    for (const auto& owner : before.factions)
      changed.push_back(
          {"/spaces/" + sp.id + "/utilities/" + owner.id + "/guests/" + sf.id, "messina.consumption.shortfall.step3"});
  }
  // Food and Water: the bill when both cover it; otherwise each is paid until it runs out or
  // meets the bill.
  SymFaction& nf = next.factions[f];
  const z3::expr fed = bill.shortfall == 0;
  nf.food = sf.food - bill.food_paid;
  nf.water = sf.water - bill.water_paid;
  const char* resources_clause = "messina.consumption.plentiful-spent";
  e.effect = effect(after, next, changed, "messina.consumption.shortfall.payment",
                    {key(before, f, "/population/disaffected"), key(before, f, "/population/spare"),
                     key(before, f, "/population/located"), key(before, f, "/dead"), key(before, f, "/resources/food"),
                     key(before, f, "/resources/water")});
  const SymFaction& af = after.factions[f];
  auto add = [&](const char* clause, const z3::expr& formula) { e.effect.push_back({clause, formula}); };
  add("messina.consumption.cost", z3::implies(fed, af.food == sf.food - bill.cost && af.water == sf.water - bill.cost));
  add(resources_clause, z3::implies(!fed, af.food == nf.food && af.water == nf.water));
  // Step 1: Disaffected die, as many as the shortfall asks and no more than there were.
  add("messina.consumption.shortfall.step1", af.dead == sf.dead + bill.died);
  // No token goes from fed to dead in one phase: only tokens Disaffected at the start may die.
  add("messina.consumption.shortfall.excess", af.dead <= sf.dead + sf.disaffected);
  // Step 2 and the recovery both move Spare tokens: too few Spare left is step 2's count (or,
  // after full feeding, a recovery missed); too many is a recovery that should not have happened.
  add("messina.consumption.recovery", af.spare <= sf.spare - bill.spare_paid + bill.recovered);
  add("messina.consumption.shortfall.step2", z3::implies(!fed, af.spare >= sf.spare - bill.spare_paid));
  add("messina.consumption.recovery", z3::implies(fed, af.spare >= sf.spare + bill.recovered));
  // Step 3: Located tokens become Disaffected, one per unit of shortfall still unpaid.
  add("messina.consumption.shortfall.step3", af.located == sf.located - bill.located_paid);
  // The Disaffected region: loses step 1's dead and the recovered token, gains the tokens steps 2
  // and 3 turn Disaffected (the population page: units disbanded for want of Food or Water become
  // Disaffected).
  add("messina.population.disband-on-shortfall",
      af.disaffected == sf.disaffected - bill.died + bill.spare_paid + bill.located_paid - bill.recovered);
  // The shortfall itself: tokens leave the fed regions (Spare, Located) or die, as many as the
  // steps can pay (the rest waived), less any recovery.
  add("messina.consumption.shortfall", (af.dead - sf.dead) + (sf.spare + sf.located - af.spare - af.located) ==
                                           bill.died + bill.spare_paid + bill.located_paid - bill.recovered);
  // Each token moved pays one unit and none is created or lost: the mat and the Death Zone keep
  // their total.
  add("messina.consumption.shortfall.payment",
      af.disaffected + af.spare + af.located + af.dead == sf.disaffected + sf.spare + sf.located + sf.dead);
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

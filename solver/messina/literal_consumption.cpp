// The literal encoding of the Consumption Phase (rules/messina consumption page; the population page's
// disbanding on a shortfall): the bill, the shortfall and its three steps, the waived rest and the
// recovery, each as loosely as its words allow (literal_frame.hpp; the search over it is literal.cpp).
// Where the words leave open which tokens are billed (messina.consumption-bill) and whether step 3
// reaches units on Location Cards (messina.step3-card-units), the reading is free.
#include <array>
#include <map>
#include <utility>

#include "solver/messina/literal_frame.hpp"

namespace rulecheck::solver::messina::literal {

namespace {

inline constexpr const char* kConsumptionWhen = "messina.consumption.when";
inline constexpr const char* kCost = "messina.consumption.cost";
inline constexpr const char* kStep3 = "messina.consumption.shortfall.step3";

// The Located tokens backing the faction's pieces on the map: its units there and its Workers, own
// and as guests (the tokens step 3 reaches when it speaks only of the map).
z3::expr located_on_map(const SymBoard& b, int f, const ms::Ruleset& numbers) {
  const auto fu = static_cast<std::size_t>(f);
  z3::expr t = b.ctx().int_val(0);
  for (const auto& sp : b.spaces) {
    for (std::size_t k = 0; k < kKinds; ++k)
      if (const int per = tokens_per_unit(numbers, b.factions[fu].kind, ms::kUnitKinds[k]); per > 0)
        t = t + per * sp.units[fu][k];
    t = t + sp.workers[fu];
    for (std::size_t owner = 0; owner < b.factions.size(); ++owner) t = t + sp.guests[owner][fu];
  }
  return t;
}

// Workers step 3 takes at a space: from the faction's own Utility first, then the Utilities it is a
// guest in, owners in order (docs/formats.md's order; the words name no order, and the count is all
// the tokens ask).
void take_workers(SymSpace& sp, std::size_t f, std::size_t owners, int count) {
  z3::expr rest = sp.workers[f].ctx().int_val(count);
  const z3::expr own = min_of(rest, sp.workers[f]);
  sp.workers[f] = sp.workers[f] - own;
  rest = rest - own;
  for (std::size_t owner = 0; owner < owners; ++owner) {
    const z3::expr here = min_of(rest, sp.guests[owner][f]);
    sp.guests[owner][f] = sp.guests[owner][f] - here;
    rest = rest - here;
  }
}

}  // namespace

void consume_op(const SymBoard& pre, int f, const ms::Consume& a, Freedoms& v, const ms::Rules& rules,
                LiteralStep& step) {
  z3::context& ctx = pre.ctx();
  const ms::Ruleset& n = rules.numbers;
  const auto fu = static_cast<std::size_t>(f);
  const SymFaction& sf = pre.factions[fu];
  Constraints& c = step.conditions;
  // messina.consumption.when: at the end of a round of the Consumption parity.
  c.push_back({kConsumptionWhen, z3::mod(pre.round, 2) == n.round_parity_consumption &&
                                     (pre.phase == static_cast<int>(ms::Phase::unspecified) ||
                                      pre.phase == static_cast<int>(ms::Phase::consumption))});
  // messina.consumption.cost: one Food and one Water per tokens_per_food_and_water Population tokens,
  // rounded up. Which tokens are the Population fed is messina.consumption-bill's question.
  const z3::expr bill_reading = v.reading("messina.consumption-bill", kCost);
  const z3::expr billed = z3::ite(bill_reading == 0, sf.disaffected + sf.spare + sf.located, sf.spare + sf.located);
  const int per = n.tokens_per_food_and_water;
  const z3::expr cost = ceil_div(billed, per);
  // messina.consumption.shortfall: the tokens the scarcer resource leaves unsupplied.
  const z3::expr shortfall = billed - min_of(min_of(per * sf.food, per * sf.water), billed);
  // Steps 1 to 3, each paying what is left as far as it can; the rest is waived.
  const z3::expr died = min_of(shortfall, sf.disaffected);                       // step 1
  const z3::expr spare_paid = min_of(shortfall - died, sf.spare);                // step 2
  const z3::expr step3_reading = v.reading("messina.step3-card-units", kStep3);  // whether cards are in reach
  const z3::expr reach = z3::ite(step3_reading == 0, sf.located, located_on_map(pre, f, n));
  const z3::expr located_paid = min_of(shortfall - died - spare_paid, reach);  // step 3
  // messina.consumption.recovery: paid in full, with a Disaffected token at the start.
  const z3::expr recovered = z3::ite(
      shortfall == 0, min_of(sf.disaffected, ctx.int_val(n.disaffected_recovered_after_full_feeding)), ctx.int_val(0));

  // Step 3's choice: what the action names is there, is the faction's, and backs exactly the tokens
  // step 3 moves; a unit on a card only under the reading that lets step 3 reach cards.
  std::map<std::pair<int, bool>, std::array<int, kKinds>> units;
  std::map<int, int> workers;
  bool worker_on_card = false;
  for (const auto& pc : a.disband) {
    const int s = pre.space_index(pc.where.space);
    if (pc.piece == ms::Piece::worker) {
      worker_on_card = worker_on_card || pc.where.on_card;
      workers[s] += pc.count;
    } else {
      units[{s, pc.where.on_card}][static_cast<std::size_t>(pc.piece)] += pc.count;
    }
  }
  // messina.population.placement.workers: a Worker stands in a Utility on the map, never on a card.
  c.push_back({kWorkersPlaced, ctx.bool_val(!worker_on_card)});
  int tokens = 0;
  for (const auto& [at, counts] : units) {
    const auto su = static_cast<std::size_t>(at.first);
    SymSpace& sp = step.post.spaces[su];
    for (std::size_t k = 0; k < kKinds; ++k) {
      if (counts[k] == 0) continue;
      const int t = tokens_per_unit(n, sf.kind, ms::kUnitKinds[k]);
      // step 3 turns Located tokens Disaffected: a unit backed by none is no payment
      c.push_back({kStep3, ctx.bool_val(t > 0)});
      tokens += t * counts[k];
      if (at.second) {
        c.push_back({kStep3, step3_reading == 0});
        c.push_back({kHolding, pre.spaces[su].card_holder == f});
        c.push_back({kStep3, pre.spaces[su].card_units[k] >= counts[k]});
        sp.card_units[k] = sp.card_units[k] - counts[k];
      } else {
        c.push_back({kStep3, pre.spaces[su].units[fu][k] >= counts[k]});
        sp.units[fu][k] = sp.units[fu][k] - counts[k];
      }
    }
  }
  for (const auto& [s, count] : workers) {
    const auto su = static_cast<std::size_t>(s);
    z3::expr there = pre.spaces[su].workers[fu];
    for (std::size_t owner = 0; owner < pre.factions.size(); ++owner) there = there + pre.spaces[su].guests[owner][fu];
    c.push_back({kStep3, there >= count});
    take_workers(step.post.spaces[su], fu, pre.factions.size(), count);
    tokens += count;
  }
  c.push_back({kStep3, located_paid == tokens});

  // The mat, Food and Water after it. Fed in full, each resource pays the cost; short, each pays
  // until it runs out (messina.consumption.plentiful-spent).
  SymFaction& af = step.post.factions[fu];
  af.food = sf.food - min_of(sf.food, cost);
  af.water = sf.water - min_of(sf.water, cost);
  af.dead = sf.dead + died;
  af.spare = sf.spare - spare_paid + recovered;
  af.located = sf.located - located_paid;
  af.disaffected = sf.disaffected - died + spare_paid + located_paid - recovered;
}

}  // namespace rulecheck::solver::messina::literal

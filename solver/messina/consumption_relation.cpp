// The Consumption Phase as one relation (consumption_relation.hpp), clause by clause.
#include "solver/messina/consumption_relation.hpp"

#include <algorithm>

#include "solver/messina/board.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

z3::expr smaller(const z3::expr& a, const z3::expr& b) { return z3::ite(a <= b, a, b); }

// ceil(a / b) for a constant b > 0 and a >= 0.
z3::expr rounded_up(const z3::expr& a, int b) { return (a + (b - 1)) / b; }

}  // namespace

z3::expr army_tokens(const Army& army, const Where& w, const std::array<int, 5>& per, bool map_only) {
  z3::expr t = army.workers(w);
  for (std::size_t k = 0; k < per.size(); ++k) {
    if (per[k] == 0) continue;
    t = t + per[k] * (map_only ? army.map(w, k) : army.map(w, k) + army.card(w, k));
  }
  return t;
}

ConsumptionRelation consumption_relation(Spaces& spaces, ms::FactionKind kind, const Mat& m, const Army& army,
                                         const Army& named, const Mat& a, const Army& army_after,
                                         const ms::Rules& rules, const std::string& prefix) {
  z3::context& c = spaces.ctx();
  const ms::Ruleset& n = rules.numbers;
  const int each = n.tokens_per_food_and_water;
  const std::array<int, 5> per = tokens_per_unit_kind(n, kind);
  const bool map_only = rules.readings.step3_card_units == R::Step3CardUnits::map_only;
  Constraints guard, effect;
  auto def = [&](const char* clause, const char* name, const z3::expr& value) {
    return spaces.define(guard, clause, prefix + name, value);
  };
  // A quantity whose value is a reading's or a convention's choice, not the words': its own definition
  // tagged with that point or convention, so that the discovery search (discovery.hpp) can leave it out.
  // Over one board with no prefix (the membership checks) the value itself, as def() gives it.
  const bool named_choices = spaces.is_open() || !prefix.empty();
  auto chosen = [&](const char* source, const char* name, const z3::expr& value) {
    if (!named_choices) return value;
    const z3::expr v = value.is_bool() ? c.bool_const((prefix + name).c_str()) : c.int_const((prefix + name).c_str());
    guard.push_back({source, v == value});
    return v;
  };

  // A convention step 3 makes, tagged by its id for the discovery search and the theorems; over one board
  // (the membership checks) by the clause whose sentence it settles, messina.consumption.shortfall.step3,
  // which is the rule the oracle names for a step 3 it refuses so (an engine naming that clause is right).
  auto decided_within = [&](const char* convention) -> std::string {
    return named_choices ? convention : "messina.consumption.shortfall.step3";
  };

  // messina.consumption.when: the end of a round of the ruleset's parity, the state at no other moment.
  guard.push_back({"messina.consumption.when",
                   z3::mod(m.round, 2) == n.round_parity_consumption &&
                       (m.phase == static_cast<int>(ms::Phase::unspecified) ||
                        m.phase == static_cast<int>(ms::Phase::consumption))});

  // The bill (messina.consumption.cost; interpretation messina.consumption-bill): one Food and one Water
  // per `each` tokens, rounded up.
  // Which tokens are billed is the point's reading, the rounding up the clause's.
  const z3::expr billed =
      chosen("messina.consumption-bill", "billed",
             rules.readings.consumption_bill == R::ConsumptionBill::all_tokens ? m.disaffected + m.spare + m.located
                                                                              : m.spare + m.located);
  const z3::expr cost = def("messina.consumption.cost", "cost", rounded_up(billed, each));
  // messina.consumption.shortfall: the tokens the scarcer resource leaves unsupplied.
  const z3::expr shortfall = def("messina.consumption.shortfall", "shortfall",
                                 billed - smaller(smaller(each * m.food, each * m.water), billed));
  const z3::expr fed = spaces.define_bool(guard, "messina.consumption.shortfall", prefix + "fed", shortfall == 0);
  // Steps 1 to 3, each paying what is left as far as it goes (messina.consumption.shortfall.payment: a
  // token moved pays one).
  const z3::expr died = def("messina.consumption.shortfall.step1", "died", smaller(shortfall, m.disaffected));
  const z3::expr left1 = def("messina.consumption.shortfall.payment", "left_after_step1", shortfall - died);
  const z3::expr spare_paid = def("messina.consumption.shortfall.step2", "spare_paid", smaller(left1, m.spare));
  const z3::expr left2 = def("messina.consumption.shortfall.payment", "left_after_step2", left1 - spare_paid);
  // The Located tokens step 3 can move (interpretation messina.step3-card-units): all of them, or those
  // backing the pieces on the map.
  const z3::expr reach = chosen(
      "messina.step3-card-units", "reach",
      map_only ? spaces.total(prefix + "map_tokens", [army, per](const Where& w) { return army_tokens(army, w, per, true); })
               : m.located);
  const z3::expr located_paid = def("messina.consumption.shortfall.step3", "located_paid", smaller(left2, reach));
  const z3::expr recovered =
      def("messina.consumption.recovery", "recovered",
          z3::ite(fed, smaller(m.disaffected, c.int_val(n.disaffected_recovered_after_full_feeding)), c.int_val(0)));
  const z3::expr food_paid = def("messina.consumption.plentiful-spent", "food_paid", smaller(m.food, cost));
  const z3::expr water_paid = def("messina.consumption.plentiful-spent", "water_paid", smaller(m.water, cost));

  // messina.consumption.shortfall.step3: the pieces named are there; a unit backed by no token is never
  // named (convention messina.convention.step3-backed-units-only: the words do not say whether one that
  // frees nothing may go); on a card only under map-and-cards (point messina.step3-card-units); and they
  // stand for the tokens step 3 moves: within one unit's tokens by the clause, exactly by convention
  // messina.convention.step3-exact-tokens (the same under the texts' numbers, one token a unit).
  guard.push_back({"messina.consumption.shortfall.step3", spaces.each([&](const Where& w) {
                     z3::expr ok = named.workers(w) <= army.workers(w);
                     for (std::size_t k = 0; k < per.size(); ++k)
                       ok = ok && named.map(w, k) <= army.map(w, k) && named.card(w, k) <= army.card(w, k);
                     return ok;
                   })});
  guard.push_back({decided_within("messina.convention.step3-backed-units-only"), spaces.each([&](const Where& w) {
                     z3::expr ok = c.bool_val(true);
                     for (std::size_t k = 0; k < per.size(); ++k)
                       if (per[k] == 0) ok = ok && named.map(w, k) + named.card(w, k) == 0;
                     return ok.simplify();
                   })});
  // Whether step 3 reaches the units on the faction's cards is the point's reading; that a unit out of
  // its reach is not named, the clause's.
  const z3::expr cards_in_reach = chosen("messina.step3-card-units", "cards_in_reach", c.bool_val(!map_only));
  if (named_choices || map_only)
    guard.push_back({"messina.consumption.shortfall.step3", spaces.each([&](const Where& w) {
                       z3::expr none = c.bool_val(true);
                       for (std::size_t k = 0; k < per.size(); ++k) none = none && named.card(w, k) == 0;
                       return (cards_in_reach || none).simplify();
                     })});
  const z3::expr named_tokens =
      spaces.total(prefix + "named_tokens", [named, per](const Where& w) { return army_tokens(named, w, per); });
  const int most = std::max(1, *std::max_element(per.begin(), per.end()));  // the most tokens one unit takes
  guard.push_back({"messina.consumption.shortfall.step3",
                   named_tokens > located_paid - most && named_tokens < located_paid + most});
  guard.push_back({decided_within("messina.convention.step3-exact-tokens"), named_tokens == located_paid});

  // The effect on the mat and supplies.
  effect.push_back({"messina.consumption.cost",
                    z3::implies(fed, a.food == m.food - cost && a.water == m.water - cost)});
  effect.push_back({"messina.consumption.plentiful-spent",
                    z3::implies(!fed, a.food == m.food - food_paid && a.water == m.water - water_paid)});
  // Step 1 sends as many Disaffected tokens to the Death Zone as it pays; nothing else does: what steps 1
  // to 3 leave unpaid is waived (messina.consumption.shortfall.excess), never paid with the tokens steps
  // 2 and 3 just turned. Too few dead is step 1's count, too many the excess paid by killing.
  effect.push_back({"messina.consumption.shortfall.step1", a.dead >= m.dead + died});
  effect.push_back({"messina.consumption.shortfall.excess", a.dead <= m.dead + died});
  // Step 2 and the recovery both move Spare tokens: too few left is step 2's count (or a recovery
  // missed after full feeding), too many a recovery that should not have happened.
  effect.push_back({"messina.consumption.recovery", a.spare <= m.spare - spare_paid + recovered});
  effect.push_back({"messina.consumption.shortfall.step2", z3::implies(!fed, a.spare >= m.spare - spare_paid)});
  effect.push_back({"messina.consumption.recovery", z3::implies(fed, a.spare >= m.spare + recovered)});
  effect.push_back({"messina.consumption.shortfall.step3", a.located == m.located - located_paid});
  // The Disaffected region loses the dead and the recovered, gains what steps 2 and 3 turn
  // (messina.population.disband-on-shortfall: units disbanded for want of supplies turn Disaffected).
  effect.push_back({"messina.population.disband-on-shortfall",
                    a.disaffected == m.disaffected - died + spare_paid + located_paid - recovered});
  // Step 3 takes the pieces named off the board.
  effect.push_back({"messina.consumption.shortfall.step3", spaces.each([&](const Where& w) {
                      z3::expr ok = army_after.workers(w) == army.workers(w) - named.workers(w);
                      for (std::size_t k = 0; k < per.size(); ++k)
                        ok = ok && army_after.map(w, k) == army.map(w, k) - named.map(w, k) &&
                             army_after.card(w, k) == army.card(w, k) - named.card(w, k);
                      return ok;
                    })});
  return {guard, effect, shortfall, died, located_paid, recovered};
}

}  // namespace rulecheck::solver::messina

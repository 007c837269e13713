// Consumption for boards of any size (unbounded.hpp): no token goes from well fed to dead in one
// Consumption, for either faction kind, every step-3 choice and either reading of the bill.
//
// A Consumption reads and writes one faction's Population Mat; the board enters only through step 3,
// which removes units whose tokens move from Located to Disaffected. Those tokens are a symbolic
// count between 0 and the faction's Located tokens (messina.population.backing: Located tokens are
// exactly the units they back), which covers every choice of units on any board, for the human
// factions (Civilians, Infantry, Bombers, Fighters and Workers) and the AI (Civilians and Workers)
// alike: the kinds differ only in which units stand behind the tokens.
#include <fmt/format.h>

#include "solver/messina/unbounded.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

z3::expr min2(const z3::expr& a, const z3::expr& b) { return z3::ite(a <= b, a, b); }

constexpr const char* kStep2First = "step 2 paid before step 1 (Spare tokens moved to Disaffected, then the Disaffected die)";
constexpr const char* kLeftoverStarves = "the shortfall left after step 3 paid by the recently Disaffected";
constexpr const char* kStep3First = "step 3 paid before step 1 (Located tokens moved to Disaffected, then the Disaffected die)";

// One faction's Consumption, as steps 1 to 3 (messina.consumption.shortfall.step1..3) pay the shortfall
// of a mat of any counts; `misreading` reorders or extends the steps. The claim: the dead added are at
// most the Disaffected tokens the faction started with (messina.consumption.shortfall.excess).
Question consumption_question(z3::context& c, const ms::Rules& rules, R::ConsumptionBill bill, const char* kind,
                              const std::string& misreading) {
  const z3::expr d = c.int_const("disaffected"), sp = c.int_const("spare"), l = c.int_const("located");
  const z3::expr food = c.int_const("food"), water = c.int_const("water");
  const z3::expr chosen = c.int_const("step3_tokens");  // the tokens of the units step 3 removes
  const int per = rules.numbers.tokens_per_food_and_water;
  const z3::expr mat = d >= 0 && sp >= 0 && l >= 0 && food >= 0 && water >= 0 && chosen >= 0 && chosen <= l;
  // messina.consumption.cost / interpretation messina.consumption-bill
  const z3::expr billed = bill == R::ConsumptionBill::all_tokens ? d + sp + l : sp + l;
  // messina.consumption.shortfall: the scarcer resource decides the tokens supplied
  const z3::expr shortfall = billed - min2(min2(per * food, per * water), billed);
  z3::expr died = c.int_val(0);
  if (misreading == kStep2First) {
    const z3::expr moved = min2(shortfall, sp);
    died = min2(shortfall - moved, d + moved);
  } else if (misreading == kStep3First) {
    const z3::expr moved = min2(shortfall, chosen);
    died = min2(shortfall - moved, d + moved);
  } else {
    died = min2(shortfall, d);  // step 1: the Disaffected die first
    if (misreading == kLeftoverStarves) {
      const z3::expr step2 = min2(shortfall - died, sp);
      const z3::expr step3 = min2(shortfall - died - step2, chosen);
      const z3::expr left = shortfall - died - step2 - step3;
      died = died + min2(left, d - min2(shortfall, d) + step2 + step3);
    }
  }
  return Question{fmt::format("a {} faction's Consumption, bill {}", kind,
                              bill == R::ConsumptionBill::all_tokens ? "all-tokens" : "excluding-disaffected"),
                  mat, died <= d, shortfall > d};
}

}  // namespace

std::vector<UnboundedProof> unbounded_consumption(const ms::Rules& rules) {
  UnboundedProof p;
  p.id = "messina.consumption.never-well-fed-to-dead.any-board";
  p.claim =
      "in one Consumption of any faction, human or the AI, the tokens that die are at most the Disaffected tokens it "
      "started with: no Spare or Located token goes from well fed to dead, whatever units step 3 removes";
  p.covers =
      "boards of any size: any counts on the faction's Population Mat, any Food and Water, every step-3 choice (the "
      "tokens of the units removed: any number from 0 to the Located tokens), both faction kinds, under both readings "
      "of messina.consumption-bill";
  p.clauses = {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.step2",
               "messina.consumption.shortfall.step3", "messina.consumption.shortfall.excess"};
  p.misreadings = {kStep2First, kStep3First, kLeftoverStarves};
  p.ask = [&rules](z3::context& c, const std::string& misreading) {
    std::vector<Question> qs;
    for (const char* kind : {"human", "AI"})
      for (auto bill : {R::ConsumptionBill::all_tokens, R::ConsumptionBill::excluding_disaffected})
        qs.push_back(consumption_question(c, rules, bill, kind, misreading));
    return qs;
  };
  return {p};
}

}  // namespace rulecheck::solver::messina

// The Consumption Phase's theorems, over the relation of consumption_relation.cpp built for any
// board (section_theorems.hpp). Each claim reads only the state before and after: the faction's
// Population Mat (Disaffected, Spare, Located, the Death Zone), its Food and Water, and its pieces at
// every space. Each is asked for either faction kind under every reading of messina.consumption-bill and
// messina.step3-card-units, and every step-3 choice (the pieces named: functions over the spaces).
#include <fmt/format.h>

#include "solver/messina/board.hpp"
#include "solver/messina/consumption_relation.hpp"
#include "solver/messina/open_army.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

z3::expr same_pieces(const Army& a, const Army& b, const Where& w) {
  z3::expr ok = a.workers(w) == b.workers(w);
  for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) ok = ok && a.map(w, k) == b.map(w, k) && a.card(w, k) == b.card(w, k);
  return ok;
}
z3::expr mat_not_negative(const Mat& m) {
  return m.disaffected >= 0 && m.spare >= 0 && m.located >= 0 && m.dead >= 0 && m.food >= 0 && m.water >= 0;
}
z3::expr tokens(const Mat& m) { return m.disaffected + m.spare + m.located + m.dead; }
z3::expr same_mat(const Mat& a, const Mat& b) {
  return a.disaffected == b.disaffected && a.spare == b.spare && a.located == b.located && a.dead == b.dead &&
         a.food == b.food && a.water == b.water;
}

// One question's board: the state before, step 3's choice, the state after (and a second state
// after, for the claim that the outcome is decided), and the relation between them.
struct Board {
  Spaces spaces;
  ms::Rules rules;  // the case's: its readings set
  ms::FactionKind kind;
  std::array<int, 5> per;
  Mat before, after, other;
  OpenArmy army, named, army_after, army_other;
  ConsumptionRelation relation, twin;
  z3::expr backed_before, backed_after;

  Board(z3::context& c, const ms::Rules& case_rules, const ms::Rules& relation_rules, ms::FactionKind k)
      : spaces(Spaces::open(c)),
        rules(case_rules),
        kind(k),
        per(tokens_per_unit_kind(case_rules.numbers, k)),
        before(mat_named(c, "")),
        after(mat_named(c, "_after")),
        other(mat_named(c, "_other")),
        army(c, spaces.sort(), "units"),
        named(c, spaces.sort(), "step3"),
        army_after(c, spaces.sort(), "units_after"),
        army_other(c, spaces.sort(), "units_other"),
        relation(consumption_relation(spaces, k, before, army.view(), named.view(), after, army_after.view(),
                                      relation_rules, "")),
        twin(consumption_relation(spaces, k, before, army.view(), named.view(), other, army_other.view(),
                                  relation_rules, "")),
        backed_before(spaces.total("backed", [this](const Where& w) { return army_tokens(army.view(), w, per); })),
        backed_after(
            spaces.total("backed_after", [this](const Where& w) { return army_tokens(army_after.view(), w, per); })) {}

  // What the state format says of the state before (counts not negative, Located tokens backing the
  // pieces: messina.population.located), step 3's choice not negative, and the facts of finite sums.
  z3::expr premises() const {
    return mat_not_negative(before) &&
           spaces.each([&](const Where& w) { return not_negative(army.view(), w) && not_negative(named.view(), w); }) &&
           before.located == backed_before && spaces.sum_facts();
  }

  // Vacuity (a): the state before as play can reach it (section_theorems.cpp lists what is stated):
  // messina.reachable.alternating-phase (at the Muster or Consumption Phase the round has that phase's
  // parity), the round at least 1, the mat and every count not negative, each card within its limit.
  z3::expr reachable() const {
    const auto& n = rules.numbers;
    const auto phase = [&](ms::Phase p) { return before.phase == static_cast<int>(p); };
    const z3::expr alternating =
        z3::implies(phase(ms::Phase::muster), z3::mod(before.round, 2) == n.round_parity_muster) &&
        z3::implies(phase(ms::Phase::consumption), z3::mod(before.round, 2) == n.round_parity_consumption);
    return before.round >= 1 && alternating && mat_not_negative(before) && spaces.each([&](const Where& w) {
             z3::expr on_card = w.term.ctx().int_val(0);
             for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) on_card = on_card + army.view().card(w, k);
             return not_negative(army.view(), w) && on_card <= n.stacking_card;
           });
  }
};

std::string case_words(ms::FactionKind k, const ms::Readings& r) {
  return fmt::format("a {} faction's Consumption, bill {}, step 3 {}", k == ms::FactionKind::human ? "human" : "AI",
                     r.consumption_bill == R::ConsumptionBill::all_tokens ? "all-tokens" : "excluding-disaffected",
                     r.step3_card_units == R::Step3CardUnits::map_and_cards ? "map-and-cards" : "map-only");
}

using Claim = std::function<z3::expr(const Board&)>;

// Every case's question: either faction kind, every reading of the two points that govern Consumption.
std::function<std::vector<Ask>(z3::context&, const ms::Rules&, const RuleEdit<ms::Rules>&)> ask_every_case(
    Claim claim, Claim exercised, bool decided = false) {
  return [claim, exercised, decided](z3::context& c, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out;
    for (auto kind : {ms::FactionKind::human, ms::FactionKind::ai})
      for (auto bill : {R::ConsumptionBill::all_tokens, R::ConsumptionBill::excluding_disaffected})
        for (auto step3 : {R::Step3CardUnits::map_and_cards, R::Step3CardUnits::map_only}) {
          ms::Rules case_rules = rules;
          case_rules.readings.consumption_bill = bill;
          case_rules.readings.step3_card_units = step3;
          const Board b(c, case_rules, relation_rules(edit, case_rules), kind);
          Ask a{case_words(kind, case_rules.readings), b.premises(), b.relation.all(), claim(b), exercised(b)};
          a.reachable = b.reachable();
          if (decided) a.twin = b.twin.all();
          out.push_back(std::move(a));
        }
    return out;
  };
}

constexpr const char* kCovers =
    "boards of any size (spaces an uninterpreted sort), any counts on the faction's mat, its Food and Water, its "
    "units on the map and on its cards and its Workers at every space; every step-3 choice; a human faction and the "
    "AI; every reading of messina.consumption-bill and messina.step3-card-units (8 questions); totals over the "
    "spaces with the facts of finite sums";

MessinaTheorem theorem(std::string id, std::string claim, std::vector<std::string> clauses, std::string exercised_words,
                       Claim holds, Claim exercised, bool decided = false) {
  MessinaTheorem t;
  t.id = std::move(id);
  t.claim = std::move(claim);
  t.covers = kCovers;
  t.clauses = std::move(clauses);
  t.exercised_words = std::move(exercised_words);
  t.asks = ask_every_case(std::move(holds), std::move(exercised), decided);
  return t;
}

z3::expr step3_reached(const Board& b) { return b.after.located < b.before.located; }

}  // namespace

std::vector<MessinaTheorem> consumption_theorems() {
  std::vector<MessinaTheorem> out;
  out.push_back(theorem(
      "messina.consumption.never-well-fed-to-dead",
      "no token goes from well fed to dead in one Consumption: the Death Zone grows by at most the Disaffected "
      "tokens the faction had when it began",
      {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.step2",
       "messina.consumption.shortfall.step3", "messina.consumption.shortfall.excess"},
      "step 3 takes units off the board",
      [](const Board& b) { return b.after.dead <= b.before.dead + b.before.disaffected; }, &step3_reached));
  out.push_back(theorem(
      "messina.consumption.tokens-conserved",
      "a Consumption neither creates nor loses tokens: Disaffected + Spare + Located + the Death Zone is unchanged",
      {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.step2",
       "messina.consumption.shortfall.step3", "messina.consumption.recovery", "messina.population.disband-on-shortfall"},
      "step 3 takes units off the board, or a token recovers",
      [](const Board& b) { return tokens(b.after) == tokens(b.before); },
      [](const Board& b) { return step3_reached(b) || b.after.spare > b.before.spare; }));
  out.push_back(theorem(
      "messina.consumption.counts-never-negative",
      "after a Consumption no count of the faction is negative: its mat, the Death Zone, Food, Water, and its units "
      "and Workers at every space",
      {"messina.consumption.cost", "messina.consumption.plentiful-spent", "messina.consumption.shortfall.step1",
       "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3"},
      "step 3 takes units off the board",
      [](const Board& b) {
        return mat_not_negative(b.after) &&
               b.spaces.each([&](const Where& w) { return not_negative(b.army_after.view(), w); });
      },
      &step3_reached));
  out.push_back(theorem(
      "messina.consumption.located-backs-units",
      "after a Consumption the faction's Located tokens still equal the tokens its units (map and cards) and Workers "
      "everywhere stand for (messina.population.located holds after it when it held before)",
      {"messina.consumption.shortfall.step3", "messina.population.backing", "messina.population.located"},
      "step 3 takes units off the board",
      [](const Board& b) { return b.after.located == b.backed_after; }, &step3_reached));
  out.push_back(theorem(
      "messina.consumption.decided",
      "once step 3's pieces are named the text leaves nothing open: two states after one Consumption have the same "
      "mat, Death Zone, Food and Water, and the same pieces at every space",
      {"messina.consumption.cost", "messina.consumption.plentiful-spent", "messina.consumption.shortfall.step1",
       "messina.consumption.shortfall.step2", "messina.consumption.shortfall.step3", "messina.consumption.recovery"},
      "the faction is short or recovers a token",
      [](const Board& b) {
        return same_mat(b.after, b.other) && b.spaces.each([&](const Where& w) {
                 return same_pieces(b.army_after.view(), b.army_other.view(), w);
               });
      },
      [](const Board& b) { return b.after.located < b.before.located || b.after.spare > b.before.spare; },
      /*decided=*/true));
  out.push_back(theorem(
      "messina.consumption.full-feeding-changes-only-supplies",
      "a faction with no Disaffected token and Food and Water enough for its bill changes nothing but its Food and "
      "Water, each down by its tokens / tokens_per_food_and_water rounded up: its mat, Death Zone and pieces stay",
      {"messina.consumption.cost", "messina.consumption.recovery", "messina.consumption.shortfall"},
      "the faction is fully fed and has tokens to feed",
      [](const Board& b) {
        const int each = b.rules.numbers.tokens_per_food_and_water;
        const Mat& m = b.before;
        const z3::expr cost = (m.spare + m.located + (each - 1)) / each;  // no Disaffected: either bill
        const z3::expr full = m.disaffected == 0 && m.food >= cost && m.water >= cost;
        return z3::implies(full, b.after.spare == m.spare && b.after.located == m.located &&
                                     b.after.disaffected == 0 && b.after.dead == m.dead &&
                                     b.after.food == m.food - cost && b.after.water == m.water - cost &&
                                     b.spaces.each([&](const Where& w) {
                                       return same_pieces(b.army_after.view(), b.army.view(), w);
                                     }));
      },
      [](const Board& b) {
        const int each = b.rules.numbers.tokens_per_food_and_water;
        const Mat& m = b.before;
        const z3::expr cost = (m.spare + m.located + (each - 1)) / each;
        return m.disaffected == 0 && m.food >= cost && m.water >= cost && m.spare + m.located > 0;
      }));
  return out;
}

}  // namespace rulecheck::solver::messina

// Location Cards' ambiguity witnesses: each asks the card actions and queries through their membership
// encoding (cards.cpp), so over the Location Card relation (cards_relation.cpp) built over the witness's
// board. (The bounded proofs that were here are theorems of the relation now, cards_theorems.cpp and
// stacking_theorems.cpp; their check of cards.cpp over one free board is a test,
// tests/test_solver_cards_bounded.cpp.)
#include <fmt/format.h>

#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kHide = "messina.cards.hide";
constexpr const char* kTransfer = "messina.cards.transfer";
constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";

ms::UnitCounts units_of(ms::Piece p, int n) {
  ms::UnitCounts u;
  u[p] = n;
  return u;
}

}  // namespace

std::vector<MessinaWitness> cards_witnesses(const ms::Rules& rules, const Budget& budget) {
  using R = ms::Readings;
  std::vector<WitnessSpec> specs;
  specs.push_back(WitnessSpec{
      "messina.hand-limit-discard",
      {kHandLimit},
      "Discarding a card at the end of an Exploration while not over the hand limit",
      "Red holds one card, far under the limit, and discards it: only any-number allows a discard when there is no "
      "excess (excess 0, 1 discard).",
      {reading_of(rules, "exactly-excess", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::exactly_excess; }),
       reading_of(rules, "more-when-over", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::more_when_over; }),
       reading_of(rules, "any-number", [](R& r) { r.hand_limit_discard = R::HandLimitDiscard::any_number; })},
      {small_shape(1, false), small_shape(2, false)},
      [](const Shape&) {
        return Step{ms::Action{ms::EndExploration{"Red", {}, {"A"}}}};
      },
      {}});
  const int over = rules.numbers.hand_limit + 1;
  specs.push_back(WitnessSpec{
      "messina.discard-emptying",
      {kDiscardEmpty, kTransfer, kHandLimit},
      "Emptying a discarded card onto a full map space at the end of an Exploration",
      fmt::format("Red holds {} cards, one over the limit of {}; card A carries a unit and its map space is already "
                  "at the limit of {}: only overrides-stacking lets the unit go down so that A can be discarded.",
                  over, rules.numbers.hand_limit, rules.numbers.stacking_map),
      {reading_of(rules, "stacking-binds", [](R& r) { r.discard_emptying = R::DiscardEmptying::stacking_binds; }),
       reading_of(rules, "overrides-stacking",
                  [](R& r) { r.discard_emptying = R::DiscardEmptying::overrides_stacking; })},
      {small_shape(over, false), small_shape(over, true)},
      [](const Shape&) {
        return Step{
            ms::Action{ms::EndExploration{"Red", {ms::Transfer{"Red", "A", units_of(ms::Piece::mech, 1)}}, {"A"}}}};
      },
      {}});
  Shape three = small_shape(3, true);  // a space for each faction's own Home Space (messina.reachable.own-home-spaces)
  three.factions.push_back({"Green", ms::FactionKind::human});
  specs.push_back(WitnessSpec{
      "messina.tie-break-ally",
      {"messina.cards.exposed.tie-break", "messina.friendly.consent"},
      "A tie at a location whose card a third faction holds, consenting military to one side",
      "Red and Blue tie at A; the card is held by a faction that is not a side and gives military consent to "
      "exactly one of them: holder-only gives the tie to nobody, military-ally to that side.",
      {reading_of(rules, "holder-only", [](R& r) { r.tie_break_ally = R::TieBreakAlly::holder_only; }),
       reading_of(rules, "military-ally", [](R& r) { r.tie_break_ally = R::TieBreakAlly::military_ally; })},
      {three},
      [](const Shape&) {
        return Step{ms::Query{ms::TieBreakQuery{"A", {"Red", "Blue"}}}};
      },
      {}});
  specs.push_back(WitnessSpec{
      "messina.action-moments",
      {kHide, "messina.population.placement.workers", kHandLimit},
      "Turning an empty card face-down during an Action (Industry or the end of an Exploration)",
      "Red holds an empty face-up card and turns it face-down during an Action: allowed when Actions fall between "
      "Mil Ops Phases (outside-mil-ops), not when they are unplaced.",
      {reading_of(rules, "outside-mil-ops", [](R& r) { r.action_moments = R::ActionMoments::outside_mil_ops; }),
       reading_of(rules, "unplaced", [](R& r) { r.action_moments = R::ActionMoments::unplaced; })},
      {small_shape(1, false)},
      [](const Shape&) {
        return Step{ms::Action{ms::Hide{"Red", "A"}}};
      },
      // The card the note turns face-down is face-up (turning a face-down card face-down is no step).
      [](const SymBoard& b) {
        return Constraints{{kHide, b.spaces[static_cast<std::size_t>(b.space_index("A"))].card_exposed}};
      }});
  std::vector<MessinaWitness> out;
  for (const auto& spec : specs)
    if (auto w = find_witness(rules, spec, budget)) out.push_back(std::move(*w));
  return out;
}

}  // namespace rulecheck::solver::messina

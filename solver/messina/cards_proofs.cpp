// Location Cards' bounded proofs (prove_bounded: the cross-check over one free board of a small shape)
// and ambiguity witnesses. Both ask the card actions through their membership encoding (cards.cpp), so
// over the Location Card relation (cards_relation.cpp) built over that board.
#include <fmt/format.h>

#include "solver/messina/proof_runner.hpp"
#include "solver/messina/search.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

namespace {

constexpr const char* kExpose = "messina.cards.expose-any-time";
constexpr const char* kHide = "messina.cards.hide";
constexpr const char* kTransfer = "messina.cards.transfer";
constexpr const char* kHandLimit = "messina.cards.hand-limit";
constexpr const char* kDiscardEmpty = "messina.cards.discard-empty";

z3::expr card_total(const SymSpace& sp) {
  z3::expr t = sp.card_units[0].ctx().int_val(0);
  for (const auto& u : sp.card_units) t = t + u;
  return t;
}

}  // namespace

namespace {

using Invariant = std::function<z3::expr(const SymBoard& before, const SymBoard& after, const ms::Rules& rules)>;

// Over a free board of `shape`, every one of `steps`, legal, keeps `invariant`.
MessinaProof prove_over(std::string id, std::string claim, std::vector<std::string> clauses, const Shape& shape,
                        const std::vector<ms::Action>& steps, const Invariant& invariant, const ms::Rules& rules,
                        const Budget& budget) {
  return prove_over_steps(
      {std::move(id), std::move(claim), std::move(clauses)}, shape, fixed_actions(steps, rules),
      [&](const SymBoard& before, const SymBoard& after) { return invariant(before, after, rules); }, rules, budget);
}

ms::UnitCounts units_of(ms::Piece p, int n) {
  ms::UnitCounts u;
  u[p] = n;
  return u;
}

z3::expr held_by(const SymBoard& b, int f) {
  std::vector<z3::expr> held;
  for (const auto& sp : b.spaces) held.push_back(z3::ite(sp.card_holder == f, b.ctx().int_val(1), b.ctx().int_val(0)));
  return sum(b.ctx(), held);
}

z3::expr own_map(const SymBoard& b, int space, int f) {
  return sum(b.ctx(), {b.spaces[space].units[f].begin(), b.spaces[space].units[f].end()});
}

}  // namespace

std::vector<MessinaProof> cards_proofs(const ms::Rules& rules, const Budget& budget) {
  std::vector<MessinaProof> out;
  const Shape two = small_shape(2, true);
  const Shape hand = small_shape(rules.numbers.hand_limit + 2, false);
  const ms::UnitCounts one_inf = units_of(ms::Piece::infantry, 1);

  out.push_back(prove_over(
      "messina.cards.capacity-kept",
      "Over 2 spaces and 2 factions: after a legal expose, hide, transfer or end of Exploration every card holds at "
      "most the card stacking limit.",
      {"messina.cards.capacity", kExpose, kHide, kTransfer, kHandLimit}, two,
      {ms::Expose{"Red", "A"}, ms::Hide{"Red", "A"}, ms::Transfer{"Red", "A", one_inf},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (const auto& sp : after.spaces) ok.push_back(card_total(sp) <= r.numbers.stacking_card);
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hand-limit-kept",
      "Over hand_limit + 2 spaces and 1 faction: after a legal end of Exploration discarding one or two cards, the "
      "holder holds at most the hand limit.",
      {kHandLimit}, hand,
      {ms::EndExploration{"Red", {}, {"A"}}, ms::EndExploration{"Red", {}, {"A", "B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return held_by(after, 0) <= r.numbers.hand_limit;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.hidden-empty",
      "Over 2 spaces and 2 factions: after a legal hide the card is face-down with no units on it.", {kHide}, two,
      {ms::Hide{"Red", "A"}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules&) {
        return !after.spaces[0].card_exposed && card_total(after.spaces[0]) == 0;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-conserves",
      "Over 2 spaces and 2 factions: a legal transfer keeps, kind by kind, the holder's units on the card plus on "
      "its map space, and Located still equals the units it backs.",
      {kTransfer, "messina.population.backing"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::mech, 2)}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        z3::expr_vector ok(after.ctx());
        for (std::size_t k = 0; k < kKinds; ++k)
          ok.push_back(after.spaces[0].card_units[k] + after.spaces[0].units[0][k] ==
                       before.spaces[0].card_units[k] + before.spaces[0].units[0][k]);
        ok.push_back(after.factions[0].located == backed_tokens(after, 0, r.numbers));
        return z3::mk_and(ok);
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.transfer-stacking",
      "Over 2 spaces and 2 factions: after a legal transfer the holder has at most the map limit of units on the "
      "map space, and at most map limit + card limit at the location.",
      {kTransfer, "messina.cards.seven-per-location"}, two,
      {ms::Transfer{"Red", "A", one_inf}, ms::Transfer{"Red", "A", units_of(ms::Piece::civilian, 2)}},
      [](const SymBoard&, const SymBoard& after, const ms::Rules& r) {
        return own_map(after, 0, 0) <= r.numbers.stacking_map &&
               own_map(after, 0, 0) + card_total(after.spaces[0]) <= r.numbers.stacking_map + r.numbers.stacking_card;
      },
      rules, budget));

  out.push_back(prove_over(
      "messina.cards.discard-transfer-stacking",
      "Over hand_limit + 2 spaces and 1 faction: a legal end of Exploration leaves a map space a transfer fed within "
      "the map limit, except (messina.discard-emptying = overrides-stacking) for a card discarded in it, which adds "
      "at most the card limit.",
      {kTransfer, kDiscardEmpty, kHandLimit}, hand,
      {ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"B"}},
       ms::EndExploration{"Red", {ms::Transfer{"Red", "A", one_inf}}, {"A"}}},
      [](const SymBoard& before, const SymBoard& after, const ms::Rules& r) {
        const bool overrides = r.readings.discard_emptying == ms::Readings::DiscardEmptying::overrides_stacking;
        const z3::expr within = own_map(after, 0, 0) <= r.numbers.stacking_map;
        if (!overrides) return within;
        // Only card A's discard may waive the limit: B's was discarded while A was kept.
        return within || (after.spaces[0].card_holder == -1 &&
                          own_map(after, 0, 0) <= own_map(before, 0, 0) + r.numbers.stacking_card);
      },
      rules, budget));
  return out;
}

// ---- witnesses ----

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

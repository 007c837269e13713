// Inside solver/: encoding a whole step (any action or query) and the search for the smallest state
// where the readings of an interpretation point disagree (the designer's ambiguity witnesses).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

// The step's encoding through its section (nullopt: not encoded).
std::optional<Encoded> encode_action(const SymBoard& before, const ms::Action& action, const SymBoard& after,
                                     const ms::Rules& rules);
std::optional<SymAnswer> encode_query(const SymBoard& board, const ms::Query& query, const ms::Rules& rules);

// Whether a symbolic answer is the typed one; the typed answer a model gives.
z3::expr answer_is(const SymBoard& board, const SymAnswer& answer, const ms::QueryAnswer& claimed);
ms::QueryAnswer read_answer(const z3::model& model, const SymBoard& board, const SymAnswer& answer);

// What the search minimises: tokens, resources, units, Workers, Shield levels, cards' units,
// adjacencies and rounds past the first.
z3::expr board_size(const SymBoard& board);

// One reading of a point, as the whole Readings struct it selects.
struct ReadingChoice {
  std::string name;  // exactly as in rules/messina/interpretations.json
  ms::Readings readings;
};
// `base` with one field changed: reading_of(rules, "held", [](auto& r) { r.card_hostility = ...; }).
ReadingChoice reading_of(const ms::Rules& base, std::string name, const std::function<void(ms::Readings&)>& set);

struct WitnessSpec {
  std::string point;  // the interpretation point id
  std::vector<std::string> clauses;
  std::string title;  // one line: what the readings disagree on
  std::string note;   // why, in our words, with the numbers
  std::vector<ReadingChoice> readings;
  std::vector<Shape> shapes;                           // tried in order: the first with a witness wins
  std::function<Step(const Shape&)> step;              // the step tried on a shape
  std::function<Constraints(const SymBoard&)> assume;  // optional facts about the state
};

// The smallest state (by board_size, on the first shape that has one) where two of the readings
// give different outcomes of the step; nullopt when no shape has one within the budget.
std::optional<MessinaWitness> find_witness(const ms::Rules& rules, const WitnessSpec& spec, const Budget& budget);

// Small shapes: `spaces` spaces named A, B, C, ...; factions "Red" (human) and, when `two`,
// "Blue" (of kind `second`).
Shape small_shape(int spaces, bool two_factions, ms::FactionKind second = ms::FactionKind::human);

}  // namespace rulecheck::solver::messina

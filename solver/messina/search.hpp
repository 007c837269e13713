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

// One side of a comparison, as the whole Rules it stands for (numbers and readings): one reading of
// an interpretation point (the ambiguity witnesses), or the base or edited rules of an edit.
struct RulesChoice {
  std::string name;  // a reading exactly as in rules/messina/interpretations.json, or "base"/"edited"
  ms::Rules rules;
};
// `base` with one reading changed: reading_of(rules, "held", [](auto& r) { r.card_hostility = ...; }).
RulesChoice reading_of(const ms::Rules& base, std::string name, const std::function<void(ms::Readings&)>& set);

struct WitnessSpec {
  std::string point;  // the interpretation point id, or the probe's name
  std::vector<std::string> clauses;
  std::string title;  // one line: what the choices disagree on
  std::string note;   // why, in our words, with the numbers
  std::vector<RulesChoice> choices;
  std::vector<Shape> shapes;                           // tried in order: the first with a witness wins
  std::function<Step(const Shape&)> step;              // the step tried on a shape
  std::function<Constraints(const SymBoard&)> assume;  // optional facts about the state
  // Ask each shape first with a plain solver whether the choices can differ there at all (an
  // unsat answer skips the costlier optimisation; the edit probes, which mostly find nothing).
  bool precheck = false;
  // Only boards play can reach (rules/messina/invariants.json, under every choice's rules): the
  // ambiguity witnesses (find_witness sets it).
  bool reachable = false;
  // Readings of other points that every choice sets alike and the step needs (e.g. a pairing only
  // one reading of messina.build-disband allows): written into the witness's scenarios.
  std::vector<std::pair<std::string, std::string>> other_readings = {};
};

// How a search ended: a witness on some shape; none on any shape (each shape's question unsat); or
// none found with the budget exhausted on some shape.
enum class SearchStatus { found, none, unknown };
struct WitnessSearch {
  SearchStatus status = SearchStatus::none;
  std::optional<MessinaWitness> witness;  // found
  std::string reason;                     // unknown: why ("interrupted", a shape too large, ...); may be empty
};

// The smallest state (by board_size, on the first shape that has one) where two of the choices
// give different outcomes of the step. The state is well formed under every choice's numbers.
WitnessSearch search_witness(const WitnessSpec& spec, const Budget& budget);
// Why a search ended unknown when its step has no encoding.
inline constexpr const char* kNotEncoded = "the solver does not encode this step";

// The shapes in words: "1 space with Red (human); 2 spaces with Red (human) and Blue (the AI)".
std::string shapes_in_words(const std::vector<Shape>& shapes);

// The ambiguity searches' form: always a record (never nullopt; the optional stays for the callers'
// form): the witness, or, with no outcomes, a record of kind "none" (no board of the shapes has
// one), "unknown" or "interrupted" (why as its note). Every record's `scope` names the boards
// searched. Each choice carries its whole Rules; the first argument (the defaults the readings
// were chosen from) is not needed beyond that.
std::optional<MessinaWitness> find_witness(const ms::Rules& defaults, const WitnessSpec& spec, const Budget& budget);

// Small shapes: `spaces` spaces named A, B, C, ...; factions "Red" (human) and, when `two`,
// "Blue" (of kind `second`).
// At least a space per faction (each faction its own Home Space: messina.reachable.own-home-spaces).
Shape small_shape(int spaces, bool two_factions, ms::FactionKind second = ms::FactionKind::human);
// `shapes` without repeats (small_shape(1, true) is small_shape(2, true)), in their order.
std::vector<Shape> distinct_shapes(const std::vector<Shape>& shapes);

}  // namespace rulecheck::solver::messina

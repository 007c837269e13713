// Inside solver/scythe/ only (it includes Z3): the literal relation of one Move, shared by the
// discovery search (literal.cpp) and the contradiction probe (literal_contradictions.cpp).
//
// literal(pre, move, ok, post) is the union over what the words leave open, each open choice a free
// Bool per copy of the move:
//   - per declared point of rules/scythe/interpretations.json, which of its two readings holds;
//   - per silence of the movement text outside the declared points (silences() below), the choice
//     the decided encoding makes (false) or the other one the words also allow (true).
// Under each combination of the points it is the relation's clause-tagged constraints over one board
// (move_action.cpp, the unit moves of unit_move.cpp) with the silences' Bools left in them
// (move_action.hpp, Silences).
#pragma once

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "solver/scythe/move_action.hpp"

namespace rulecheck::solver::scythe {

// A declared point: its id, the clauses it governs (as interpretations.json lists them), its two
// readings' names and how each is set.
struct LiteralPoint {
  const char* id;
  std::vector<std::string> clauses;
  std::array<const char*, 2> names;
  void (*set)(sy::Readings&, bool second);
};
const std::vector<LiteralPoint>& literal_points();

// A silence of the words: its id, the clause whose words leave it open, the choice in words, and the
// names of its two values (false: the decided encoding's).
struct LiteralSilence {
  const char* id;
  const char* clause;
  const char* choice;
  std::array<const char*, 2> names;
};
const std::vector<LiteralSilence>& literal_silences();

// One step kind: red's move on a line map; `range_two` asks it under a range of 2 for every unit (a
// path can only go on past a stop with a range above 1).
struct LiteralStepKind {
  std::string name;
  std::string title;
  sy::State map;
  sy::Move move;
  bool range_two = false;
};
std::vector<LiteralStepKind> literal_kinds();
extern const char* const kLiteralRangeTwo;  // the ruleset override of a range_two kind
sy::Rules literal_rules_for(const sy::Rules& defaults, const LiteralStepKind& k);

// One copy of the move under free readings and silences: its switches, whether it is legal, each
// clause's constraints (conjoined, under the copy's readings), the workers it sends home, and the
// position after it.
struct LiteralCopy {
  std::vector<z3::expr> second;  // [point]: the point read its second way
  std::vector<z3::expr> silent;  // [silence]: the silence's other value (true) taken
  z3::expr ok;
  std::map<std::string, z3::expr> by_clause;
  z3::expr retreated;
  std::vector<z3::expr> choices;  // the domains of what the move leaves to choose (which workers ride)
  Position next;
};
// `fixed` holds silences to one value (by id): a seeded relation for the probe's tests.
LiteralCopy literal_copy(z3::context& ctx, const sy::Rules& base, const Board& b, const Position& before, int mover,
                         const std::vector<UnitStep>& steps, const std::string& tag,
                         const std::map<std::string, bool>& fixed = {});

}  // namespace rulecheck::solver::scythe

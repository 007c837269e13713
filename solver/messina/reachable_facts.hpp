// Inside solver/messina/ only (it includes Z3): what the vacuity check of Messina's proofs over any
// board (solver/vacuity.hpp, part (a)) states of a board play can reach, over the symbols each
// section's questions use for the state before. Each fact is a state-format fact or an invariant of
// rules/messina/invariants.json, or one a proof of `prove` shows kept (named in its words).
#pragma once

#include <string>
#include <vector>

#include <z3++.h>


namespace rulecheck::solver::messina {

inline constexpr const char* kFormatCounts = "format: every count, token and supply not negative";
inline constexpr const char* kCardCapacity =
    "messina.cards.capacity: a Location Card holds at most stacking_card units (kept: messina.stacking.card-limit)";

// Every one of `xs` not negative (a mat's tokens, Energy, Food, a hand's size).
inline z3::expr none_negative(const std::vector<z3::expr>& xs) {
  z3::expr all = xs.front().ctx().bool_val(true);
  for (const z3::expr& x : xs) all = all && x >= 0;
  return all;
}

}  // namespace rulecheck::solver::messina

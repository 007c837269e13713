// Inside solver/messina/ only (it includes Z3): a faction's pieces and Mat on one board (board.hpp's SymBoard)
// as the relations read them (consumption_relation.hpp's Army), shared by the sections that build
// their relation over the board asked about (consumption.cpp, muster.cpp, population.cpp).
#pragma once

#include <cstddef>

#include <z3++.h>

#include "solver/messina/board.hpp"
#include "solver/messina/consumption_relation.hpp"

namespace rulecheck::solver::messina {

// The faction's units on the map, its units on the card named after the space when it holds that
// card, and its Workers: in its own Utility and as a guest in other factions' (a faction is never a
// guest in its own: well_formed).
inline Army army_on(const SymBoard& b, int f) {
  const SymBoard* board = &b;
  return {[board, f](const Where& w, std::size_t k) { return board->spaces[w.index].units[f][k]; },
          [board, f](const Where& w, std::size_t k) {
            const SymSpace& sp = board->spaces[w.index];
            return z3::ite(sp.card_holder == f, sp.card_units[k], board->ctx().int_val(0));
          },
          [board, f](const Where& w) {
            const SymSpace& sp = board->spaces[w.index];
            z3::expr all = sp.workers[f];
            for (std::size_t owner = 0; owner < board->factions.size(); ++owner)
              if (static_cast<int>(owner) != f) all = all + sp.guests[owner][f];
            return all;
          }};
}

// The faction's Population Mat, round and phase on the board.
inline Mat mat_on(const SymBoard& b, int f) {
  const SymFaction& sf = b.factions[f];
  return {b.round, b.phase, sf.disaffected, sf.spare, sf.located, sf.dead, sf.food, sf.water};
}

}  // namespace rulecheck::solver::messina

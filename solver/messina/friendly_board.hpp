// Inside solver/messina/ only (it includes Z3): the Friendly Area page's relation over one board
// (friendly_board.cpp), for the sections that ask it on a SymBoard (population.cpp, muster.cpp through
// sections.hpp's friendly_area()).
#pragma once

#include <vector>

#include "solver/messina/board.hpp"
#include "solver/messina/friendly_relation.hpp"

namespace rulecheck::solver::messina {

// The board's spaces and factions, as known indices.
PageSorts sorts_of(const SymBoard& b);
// The page's fields of `b` (docs/formats.md), for faction `f`. `b` must outlive them.
PageFields fields_of(const SymBoard& b, int f);
// The page over `b` for faction `f`: hostility and the Friendly Area of each purpose in `purposes`.
// `b` must outlive what it gives.
FriendlyPage page_of(const SymBoard& b, int f, const std::vector<Purpose>& purposes, const ms::Rules& rules);

}  // namespace rulecheck::solver::messina

// What a failure shows first, and what tells two failures of one clause apart: small named tables,
// one per game (harness/failure_order.cpp; docs/known-deviations.md, "Signatures").
//
// A failing step's differences are shown in the state's causal order: the pieces and where they are
// (units, workers, cards, structures, tokens) before what follows from them (control, pending combats,
// popularity, population counts, resources), so that the field shown first, and named in the
// signature, is the cause rather than a symptom: an engine that never sends a worker home shows the
// worker's place before the popularity it failed to lose.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/compare.hpp"

namespace rulecheck {

// The rank of a folded state path (fold_pointer) in `game`'s causal order: the index of the first
// entry of the game's table it falls under; a path under no entry (and any path of a game without a
// table) ranks after every entry.
std::size_t causal_rank(std::string_view game, std::string_view folded_path);

// `differences` reordered by causal rank, document order kept within a rank; `names` are the names
// the state defines (state_names), folded as the signature folds them.
void order_by_cause(std::vector<Difference>& differences, std::string_view game, const std::set<std::string>& names);

// What the oracle's words tell apart within one clause, as the signature carries it ("" when the
// clause has one facet): Scythe's worker-blocked-by-combat-units forbids a worker moving by itself
// both into and out of a territory an opponent's character or mech holds, and the oracle's reason
// says which ("into ...", "out of ..."): "entering" or "leaving".
std::string_view clause_facet(std::string_view game, std::string_view clause, std::string_view reason);

}  // namespace rulecheck

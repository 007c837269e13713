// Inside solver/scythe/ only: the discovery search for Scythe's Move (issue 23), as Messina's
// (solver/messina/literal.hpp). The literal relation of a Move leaves free what the words leave
// open: today, the reading of every declared interpretation point of rules/scythe/interpretations.json
// (each a free Bool per copy of the move, every combination allowed), over the clause-tagged
// constraints of the decided encoding (encoding.cpp). The search asks, for each step kind, whether
// two copies of one move on one board play can reach may end differently (legal vs refused, or two
// positions); each finding is classified on the oracle: a declared point whose two readings give
// those outcomes is re-found (`refinds`), any other finding is new.
#pragma once

#include <string>
#include <vector>

#include "solver/scythe/solver.hpp"

namespace rulecheck::solver::scythe {

// The step kinds searched: red's moves on line maps between the two home bases (name, in words).
std::vector<std::pair<std::string, std::string>> literal_step_kinds();

// Every step kind searched (fewest units first; each point a finding re-finds is then held to one
// reading in both copies, so the next search must part them some other way), up to `cap` findings per
// kind: the findings (kind "undecided", found_by_search, signature, refinds when a declared point's
// readings separate them in the oracle), then one record per kind whose last search found nothing:
// "none" (unsat), "unknown" or "interrupted" (why in the note).
std::vector<ScytheWitness> discover(const sy::Rules& defaults, const Budget& budget, int cap = 5);

}  // namespace rulecheck::solver::scythe

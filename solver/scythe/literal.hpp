// Inside solver/scythe/ only: the discovery search for Scythe's Move (issue 23), as Messina's
// (solver/messina/literal.hpp). The literal relation of a Move leaves free what the words leave
// open: today, the reading of every declared interpretation point of rules/scythe/interpretations.json
// (each a free Bool per copy of the move, every combination allowed), over the clause-tagged
// constraints of the relation over one board (move_action.cpp). The search asks, for each step kind, whether
// two copies of one move on one board play can reach may end differently (legal vs refused, or two
// positions); each finding is classified on the oracle: a declared point whose two readings give
// those outcomes is re-found (`refinds`), any other finding is new.
#pragma once

#include <map>
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

// ---- the contradiction probe over the literal relation (literal_contradictions.cpp) ----

// Clauses whose literal constraints cannot all hold on any board play can reach where the probe's
// case holds: a minimal set (leaving any one out, the rest can hold on some board).
struct ScytheContradiction {
  std::string probe;  // a step kind of literal_step_kinds(), or a case of its own ("forced-retreat")
  std::string title;
  std::vector<std::string> clauses;
  std::string note;
};
struct ScytheContradictionSearch {
  std::string status = "none";  // "none", "found", "unknown" or "interrupted" (why in `why`)
  std::string scope;
  std::string why;
  int probes = 0;
  std::vector<ScytheContradiction> found;
};

// Every literal step kind (its clause-tagged conditions, the points' readings and the silences free:
// can they all hold on some board play can reach?) and the case of a forced retreat (a character
// entering land an opponent's workers hold alone, at least one worker sent home). `fixed` holds
// silences of literal_relation.hpp to one value by id (a seeded relation, for the tests).
ScytheContradictionSearch contradictions(const sy::Rules& rules, const Budget& budget,
                                         const std::map<std::string, bool>& fixed = {});

}  // namespace rulecheck::solver::scythe

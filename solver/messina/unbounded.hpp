// Inside solver/messina/: the proofs that hold for boards of any size (unbounded.cpp lists them, the
// runner is solver/unbounded.hpp's; the per-action files below state them). Spaces
// and factions are uninterpreted sorts (any number of each, any adjacency), counts unbounded
// integers, and each action kind has symbolic parameters (a Muster's builds are a function from
// spaces to counts: any number of builds anywhere). A proof is one-step: a board before, the
// conditions the text puts on the action, its effect, and the negation of the claim after it is
// unsatisfiable. Only the conditions the claim needs are stated, so the actions covered are a
// superset of the legal ones (the proof covers every legal action, and more), and each proof is
// asked under every reading of the interpretation points that govern it.
//
// Each proof also carries its catalogue of misreadings: plausible wrong readings of the clauses it
// rests on (a limit off by one, a step order swapped, hostility from Utilities, ...). Under
// `prove --strength` each is asked in turn; a proof no misreading breaks would be hollow.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/solver.hpp"
#include "solver/unbounded.hpp"

namespace rulecheck::solver::messina {

// The per-action invariants of states play reaches (unbounded_reachable.cpp; Muster's are theorems of
// its relation, muster_theorems.cpp, the population's of theirs, population_theorems.cpp, the Location
// Cards' of theirs, cards_theorems.cpp).
std::vector<UnboundedProof> unbounded_reachable(const ms::Rules& rules);

// Every unbounded proof, proved (or refuted, or unknown) as the text reads.
std::vector<MessinaProof> unbounded_proofs(const ms::Rules& rules, const Budget& budget);
// `prove --strength`: each proved unbounded proof in `proofs` asked under each misreading of its
// catalogue (they are marked strength-checked, so the generic misreadings leave them alone).
void unbounded_strength(std::vector<MessinaProof>& proofs, const ms::Rules& rules, const Budget& budget);

}  // namespace rulecheck::solver::messina

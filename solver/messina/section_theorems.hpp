// Inside solver/messina/ only (it includes Z3): the theorems of each section's relation, for
// `rulecheck prove` and `prove --strength` (solver/theorems.hpp). Each section keeps its relation in one
// file and its theorems in another; this header lists what each gives. A section not yet written as one
// relation still proves through unbounded.hpp's catalogue (unbounded_catalogue_rest).
#pragma once

#include <vector>

#include "solver/messina/solver.hpp"
#include "solver/theorems.hpp"

namespace rulecheck::solver::messina {

using MessinaTheorem = Theorem<ms::Rules>;

// The Consumption Phase (consumption_relation.cpp, consumption_theorems.cpp).
std::vector<MessinaTheorem> consumption_theorems();
// Stacking over every action that adds units (stacking_theorems.cpp).
std::vector<MessinaTheorem> stacking_theorems();
// Muster's and Re-arm's Energy and tokens (muster_relation.cpp, muster_theorems.cpp).
std::vector<MessinaTheorem> muster_theorems();
// Friendly and hostile spaces, the Friendly Area (friendly_theorems.cpp).
std::vector<MessinaTheorem> friendly_theorems();
// The placings of new units and their conversions (population_relation.cpp, population_theorems.cpp).
std::vector<MessinaTheorem> population_theorems();

// The Location Card actions (cards_relation.cpp, cards_theorems.cpp); the hand limit's claim says the
// ruleset's number.
std::vector<MessinaTheorem> cards_theorems(const ms::Rules& rules);

// Every theorem of every section written as one relation (`rules`: the numbers their claims say).
std::vector<MessinaTheorem> section_theorems(const ms::Rules& rules);

// Each ruleset number one higher and one lower, and each reading swapped for each other reading
// (rule_mutants.cpp): the rule mutants `prove --strength` asks every section under.
std::vector<RuleMutant<ms::Rules>> rule_mutants(const ms::Rules& rules);

}  // namespace rulecheck::solver::messina

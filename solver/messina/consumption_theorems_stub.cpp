// TEMPORARY (branch i32-stacking): consumption_theorems() is the lead's (consumption_theorems.cpp),
// not on main when this branch was made; this empty list lets section_theorems.cpp link. The lead
// drops this file at merge.
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

std::vector<MessinaTheorem> consumption_theorems() { return {}; }

}  // namespace rulecheck::solver::messina

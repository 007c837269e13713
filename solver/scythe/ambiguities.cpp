#include "solver/scythe/solver.hpp"
namespace rulecheck::solver::scythe {
std::vector<ScytheWitness> ambiguities(const sy::Rules&, const Budget&) { return {}; }
}  // namespace rulecheck::solver::scythe

// Every Messina section written as one relation, and its theorems (section_theorems.hpp).
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

std::vector<MessinaTheorem> section_theorems() {
  std::vector<MessinaTheorem> all;
  for (auto section : {&consumption_theorems, &stacking_theorems, &friendly_theorems})
    for (auto& t : section()) all.push_back(std::move(t));
  return all;
}

}  // namespace rulecheck::solver::messina

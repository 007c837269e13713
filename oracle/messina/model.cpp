#include "oracle/messina/model.hpp"

#include <stdexcept>

namespace rulecheck::messina {

int UnitCounts::total() const {
  int sum = 0;
  for (int n : count) sum += n;
  return sum;
}

const UnitSpec& Ruleset::unit(Piece p) const {
  auto it = units.find(p);
  if (it == units.end()) throw std::logic_error("ruleset has no entry for a unit kind");
  return it->second;
}

}  // namespace rulecheck::messina

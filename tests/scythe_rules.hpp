// For the solver's Scythe tests: the base game's numbers (rules/scythe/ruleset.json), written here
// apart from the loader.
#pragma once

#include "oracle/scythe/model.hpp"

namespace rulecheck::testing {

inline rulecheck::scythe::Rules scythe_base_rules() {
  namespace sy = rulecheck::scythe;
  sy::Rules rules;
  rules.numbers = sy::Ruleset{0, 18, 1, {{sy::Unit::character, 1}, {sy::Unit::mech, 1}, {sy::Unit::worker, 1}}, 2};
  return rules;
}

}  // namespace rulecheck::testing

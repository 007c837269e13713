// Inside solver/messina/ only (it includes Z3): one step as the discovery search (discovery.hpp) asks
// it: its free parameters over a board before, and its relation to a board after without a frame,
// built under any Rules (a point's readings) with its chosen quantities named by `prefix`.
#pragma once

#include <functional>
#include <string>

#include <z3++.h>

#include "solver/messina/board.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

struct DiscoveryStep {
  Constraints choices;  // the action's parameters not negative
  std::function<Encoded(const SymBoard& after, const ms::Rules& rules, const std::string& prefix)> encode;
  std::function<ms::Action(const z3::model&)> action;
};

// Red's Consumption on `before` (which must outlive the step), the units step 3 names free
// (consumption.cpp).
DiscoveryStep consumption_discovery_step(const SymBoard& before);

}  // namespace rulecheck::solver::messina

// Inside solver/messina/ only (it includes Z3): one step as the discovery search (discovery.hpp) asks
// it: its free parameters over a board before, and its relation to a board after without a frame,
// built under any Rules (a point's readings) with its chosen quantities named by `prefix`.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/messina/board.hpp"
#include "solver/messina/discovery.hpp"
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

struct DiscoveryStep {
  Constraints choices;  // the action's parameters not negative
  std::function<Encoded(const SymBoard& after, const ms::Rules& rules, const std::string& prefix)> encode;
  std::function<ms::Action(const z3::model&)> action;
};

// One discovery search's subject: its step built on a board before, the shapes searched (smallest first)
// and how its records read.
struct DiscoveryTarget {
  std::string key;    // "consume": the records' points messina.discovery.<key>[.open], signatures "<key>|..."
  std::string title;  // "Consumption": what each record's title begins with
  std::string step;   // the step in words, for the scope: "Red's Consumption, step 3's units free"
  std::vector<Shape> shapes;
  std::function<DiscoveryStep(const SymBoard& before)> make;  // `before` outlives the step
};

// The search of discovery.hpp over one target (discovery.cpp): the records discover_consumption() lists.
std::vector<MessinaWitness> discover_from_words(const DiscoveryTarget& target, const ms::Rules& defaults,
                                                const SourceIndex& index, const Budget& budget);

// Red's Consumption on `before` (which must outlive the step), the units step 3 names free
// (consumption.cpp).
DiscoveryStep consumption_discovery_step(const SymBoard& before);

// Red's Muster or Re-arm on `before` (which must outlive the step), its counts free (muster.cpp): a
// Muster's builds, disbands, equips and Shield ops; a Re-arm's Shield ops.
DiscoveryStep muster_discovery_step(const SymBoard& before, MusterKind what);

}  // namespace rulecheck::solver::messina

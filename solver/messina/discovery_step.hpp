// Inside solver/messina/ only (it includes Z3): Messina's side of the discovery search
// (solver/discovery_search.hpp): its boards (MessinaDiscovery, the search's policy) and its steps, each
// with its free parameters over a board before and its relation to a board after without a frame, built
// under any Rules (a point's readings) with its chosen quantities named by `prefix`.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "solver/discovery_search.hpp"
#include "solver/messina/board.hpp"
#include "solver/messina/discovery.hpp"
#include "solver/messina/muster_relation.hpp"
#include "solver/messina/sections.hpp"

namespace rulecheck::solver::messina {

// What the discovery search asks of Messina's boards (solver/discovery_search.hpp's head; discovery.cpp).
struct MessinaDiscovery {
  using Rules = ms::Rules;
  using Board = SymBoard;
  using Shape = messina::Shape;
  using State = ms::State;
  using Action = ms::Action;
  using Step = messina::Step;
  using Answer = ms::QueryAnswer;
  using Encoded = messina::Encoded;
  using Witness = MessinaWitness;
  static constexpr const char* kName = "messina";
  static constexpr const char* kInertia = "messina.convention.inertia";
  static Board before(z3::context& ctx, const Shape& shape);
  static Board after(const Board& pre, const std::string& prefix);
  static std::vector<z3::expr> facts(const Board& pre, const Rules& rules);
  static std::vector<z3::expr> order(const Board& pre);
  static Constraints format(const Board& post, const Rules& rules);
  static Constraints readable(const Board& post);
  static z3::expr same(const Board& a, const Board& b);
  static std::vector<z3::expr> components(const Board& b);
  static State read(const z3::model& m, const Board& b);
  static std::string oracle_today(const Rules& rules, Witness& w);
  static std::vector<Shape> distinct(const std::vector<Shape>& shapes);
  static std::string in_words(const std::vector<Shape>& shapes);
};

using DiscoveryStep = solver::DiscoveryStep<MessinaDiscovery>;
using DiscoveryTarget = solver::DiscoveryTarget<MessinaDiscovery>;

// The search of solver/discovery_search.hpp over one target of Messina's (discovery.cpp): the records
// discover_consumption() lists.
std::vector<MessinaWitness> discover_from_words(const DiscoveryTarget& target, const ms::Rules& defaults,
                                                const SourceIndex& index, const Budget& budget);

// Red's Consumption on `before` (which must outlive the step), the units step 3 names free
// (consumption.cpp).
DiscoveryStep consumption_discovery_step(const SymBoard& before);

// Red's Muster or Re-arm on `before` (which must outlive the step), its counts free (muster.cpp): a
// Muster's builds, disbands, equips and Shield ops; a Re-arm's Shield ops.
DiscoveryStep muster_discovery_step(const SymBoard& before, MusterKind what);

}  // namespace rulecheck::solver::messina

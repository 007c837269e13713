// Inside solver/: a Messina board whose numbers are Z3 expressions. The same board is pinned to a
// concrete state (every value a constant: membership checks) or free over a small shape (every
// value a variable: proofs and the ambiguity search). The map's structure (which factions, which
// spaces, each faction's kind) is always concrete; adjacency, homes, consents and all counts are
// expressions.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

#include "oracle/messina/actions.hpp"
#include "oracle/messina/model.hpp"
#include "solver/z3_core.hpp"

namespace rulecheck::solver::messina {

namespace ms = rulecheck::messina;

inline constexpr std::size_t kKinds = ms::kUnitKinds.size();  // civilian, infantry, bomber, fighter, mech
inline constexpr std::size_t kActivities = 5;                 // ms::Activity, in declaration order
using Kinds = std::array<z3::expr, kKinds>;

struct SymFaction {
  ms::FactionId id;
  ms::FactionKind kind = ms::FactionKind::human;
  z3::expr disaffected, spare, located, dead;
  z3::expr food, water, energy;
  std::vector<z3::expr> home;  // per space: Bool, this space is one of the faction's Home Spaces
  // per receiving faction, per activity: Bool, this faction consents to that one counting its presence
  std::vector<std::array<z3::expr, kActivities>> consents;
};

struct SymSpace {
  ms::SpaceId id;
  std::vector<z3::expr> adjacent;  // per space: Bool
  std::vector<Kinds> units;        // per faction: its units here
  std::vector<z3::expr> utility;   // per faction: Bool, it owns a Utility here
  std::vector<z3::expr> workers;   // per faction: its Workers in its own Utility here
  // per owner, per guest faction: the guest's Workers in the owner's Utility (messina.worker-utility)
  std::vector<std::vector<z3::expr>> guests;
  std::vector<z3::expr> shield;  // per faction: its Shield's level here (0: none)
  // The Location Card named after this space.
  z3::expr card_holder;   // Int: the holder's faction index, -1 when no faction holds it
  z3::expr card_exposed;  // Bool
  Kinds card_units;       // the holder's units on it
};

struct SymBoard {
  z3::expr round;
  z3::expr phase;   // Int: the index of ms::Phase
  z3::expr battle;  // Int: the space of the battle being fought, -1 for none
  std::vector<SymFaction> factions;
  std::vector<SymSpace> spaces;

  z3::context& ctx() const { return round.ctx(); }
  int faction_index(const ms::FactionId& id) const;  // -1 when absent
  int space_index(const ms::SpaceId& id) const;      // -1 when absent
};

// The concrete skeleton of a free board.
struct Shape {
  std::vector<std::pair<ms::FactionId, ms::FactionKind>> factions;
  std::vector<ms::SpaceId> spaces;
  // Non-empty: the shape asked for is beyond the bound (solver/budget.hpp kMaxSpaces), why; it has
  // no spaces, and a question on it is reported unknown with this, never built.
  std::string too_large;
};

// Why `state` is beyond what a SymBoard represents (nullopt: it is representable). A board holds
// one Utility per owner and space.
std::optional<std::string> unrepresentable(const ms::State& state);

// Every value a constant. Precondition: !unrepresentable(state).
SymBoard pinned_board(z3::context& ctx, const ms::State& state);
// Every value a fresh variable named `prefix` + its key.
SymBoard free_board(z3::context& ctx, const Shape& shape, const std::string& prefix);
// What any state of the format satisfies (docs/formats.md and the validator's checks): counts
// not negative, adjacency symmetric and irreflexive, a home per faction, a card's units within its
// capacity and only on a held card, Located tokens equal to the units that need backing.
Constraints well_formed(const SymBoard& board, const ms::Ruleset& numbers);
// Only what read_board() needs to name a model's values (a phase, a battle space, a card holder that
// exist): for outcomes left free by a misreading (prove --strength), which keep no other rule.
Constraints readable(const SymBoard& board);
// The concrete state a model gives the board.
ms::State read_board(const z3::model& model, const SymBoard& board);

// Every component with its key, a path in the state's JSON ("/factions/Red/population/spare",
// "/spaces/A/units/Red/civilian", "/cards/A/exposed", ...), in a fixed order for boards of one shape.
struct Component {
  std::string key;
  z3::expr value;
};
std::vector<Component> components(const SymBoard& board);

// The effect of an action, as constraints on `after`: each component equals `next`'s, tagged by
// the clause `changed` gives for its key, or `frame_clause` for a component the action leaves
// alone; components whose key is in `skip` are left to the caller's own constraints. `after` and
// `next` have one shape.
Constraints effect(const SymBoard& after, const SymBoard& next,
                   const std::vector<std::pair<std::string, std::string>>& changed, const std::string& frame_clause,
                   const std::vector<std::string>& skip = {});
// Whether two boards of one shape are the same state.
z3::expr same_state(const SymBoard& a, const SymBoard& b);

// ---- small arithmetic, as the rules need it ----
z3::expr min_of(const z3::expr& a, const z3::expr& b);
z3::expr max_of(const z3::expr& a, const z3::expr& b);
// ceil(a / b) for a >= 0 and a constant b > 0, without division: the least c with b*c >= a.
z3::expr ceil_div(const z3::expr& a, int b);
z3::expr sum(z3::context& ctx, const std::vector<z3::expr>& terms);

// messina.population.backing / messina.population.tokens: the tokens a faction's units on the map
// and on its cards, and its Workers (own and as guests), stand for.
z3::expr backed_tokens(const SymBoard& board, int faction, const ms::Ruleset& numbers);
// The tokens one unit of `kind` takes for a faction of `faction_kind` (0 when it needs none).
int tokens_per_unit(const ms::Ruleset& numbers, ms::FactionKind faction_kind, ms::Piece kind);
// tokens_per_unit for each unit kind, in ms::kUnitKinds' order.
std::array<int, kKinds> tokens_per_unit_kind(const ms::Ruleset& numbers, ms::FactionKind faction_kind);

}  // namespace rulecheck::solver::messina
